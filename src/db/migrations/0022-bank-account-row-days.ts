import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { wallTenantTable } from './0017-row-level-security.ts';

/** Tenant tables created by this migration, walled as 0017 walls the others (row-level-security.test.ts checks them). */
export const ROW_DAY_TABLES: ReadonlyArray<readonly [table: string, tenantColumn: string]> = [
  ['bank_account_row_days', 'tenant_id'],
];

/**
 * The health score's questions of a bank account's rows, without an index every arriving row pays for
 * (issue 15).
 *
 * `transactions_account_review` (tenant, account, needs_review, date) answered them, but every arriving
 * row wrote an entry on the page of its own date, and a 1,000-row request dated over two years touched
 * a different page for nearly every row: 30% of ingest time on SQLite. Instead:
 * - `bank_account_row_days` counts each account's rows per date, kept by triggers on `transactions`, so
 *   no write path can forget it: how many rows an account has and its newest date read from one
 *   account's days. An arriving batch adds to one small row per (account, date).
 * - `transactions_review_backlog` holds only rows the sweep has filed that wait for a person: the
 *   review backlog counts them past a date. Rows the sweep has not reached yet are the sweep's backlog,
 *   not a reviewer's, and arriving rows no longer write it.
 *
 * SQLite runs the triggers per row; PostgreSQL per statement over the transition table, in key order
 * so that two transactions adding to the same days take their locks in the same order.
 */
export function bankAccountRowDaysMigration(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  return {
    async up(db: Kysely<any>) {
      await sql
        .raw(
          `create table bank_account_row_days (
             bank_account_id text not null references bank_accounts(id),
             date ${pg ? 'date' : 'text'} not null,
             tenant_id text not null references tenants(id),
             row_count integer not null,
             primary key (bank_account_id, date))${pg ? '' : ' without rowid'}`,
        )
        .execute(db);
      await sql
        .raw(
          `insert into bank_account_row_days (bank_account_id, date, tenant_id, row_count)
           select bank_account_id, date, min(tenant_id), count(*) from transactions group by bank_account_id, date`,
        )
        .execute(db);
      for (const statement of pg ? POSTGRES_TRIGGERS : SQLITE_TRIGGERS) await sql.raw(statement).execute(db);
      await sql.raw('drop index if exists transactions_account_review').execute(db);
      await sql
        .raw(
          `create index transactions_review_backlog on transactions (tenant_id, bank_account_id, date)
           where needs_review = 1 and sweep_state <> 'pending'`,
        )
        .execute(db);
      if (pg) for (const [table, column] of ROW_DAY_TABLES) await wallTenantTable(db, table, column);
    },
    async down(db: Kysely<any>) {
      await sql.raw('drop index if exists transactions_review_backlog').execute(db);
      await sql
        .raw(
          'create index transactions_account_review on transactions (tenant_id, bank_account_id, needs_review, date)',
        )
        .execute(db);
      for (const trigger of ['insert', 'delete', 'move']) {
        await sql
          .raw(`drop trigger if exists transactions_row_days_${trigger}${pg ? ' on transactions' : ''}`)
          .execute(db);
        if (pg) await sql.raw(`drop function if exists transactions_row_days_${trigger}()`).execute(db);
      }
      await sql.raw('drop table bank_account_row_days').execute(db);
    },
  };
}

// SQLite, per row: the new row's day gains one; the old row's day loses one, and goes when it had one.
const SQLITE_ADD_NEW = `insert into bank_account_row_days (bank_account_id, date, tenant_id, row_count)
     values (new.bank_account_id, new.date, new.tenant_id, 1)
     on conflict (bank_account_id, date) do update set row_count = row_count + 1;`;
const SQLITE_REMOVE_OLD = `delete from bank_account_row_days
     where bank_account_id = old.bank_account_id and date = old.date and row_count = 1;
     update bank_account_row_days set row_count = row_count - 1
     where bank_account_id = old.bank_account_id and date = old.date;`;

const SQLITE_TRIGGERS = [
  `create trigger transactions_row_days_insert after insert on transactions begin ${SQLITE_ADD_NEW} end`,
  `create trigger transactions_row_days_delete after delete on transactions begin ${SQLITE_REMOVE_OLD} end`,
  `create trigger transactions_row_days_move after update of date, bank_account_id on transactions
   when old.date <> new.date or old.bank_account_id <> new.bank_account_id begin
     ${SQLITE_REMOVE_OLD}
     ${SQLITE_ADD_NEW}
   end`,
];

const POSTGRES_TRIGGERS = [
  `create function transactions_row_days_insert() returns trigger language plpgsql as $$
   begin
     insert into bank_account_row_days as day (bank_account_id, date, tenant_id, row_count)
       select bank_account_id, date, min(tenant_id), count(*) from new_rows
       group by bank_account_id, date order by bank_account_id, date
       on conflict (bank_account_id, date) do update set row_count = day.row_count + excluded.row_count;
     return null;
   end $$`,
  `create trigger transactions_row_days_insert after insert on transactions
   referencing new table as new_rows for each statement execute function transactions_row_days_insert()`,
  `create function transactions_row_days_delete() returns trigger language plpgsql as $$
   begin
     update bank_account_row_days day set row_count = day.row_count - gone.row_count
       from (select bank_account_id, date, count(*) as row_count from old_rows group by bank_account_id, date) gone
       where day.bank_account_id = gone.bank_account_id and day.date = gone.date;
     delete from bank_account_row_days day using old_rows
       where day.bank_account_id = old_rows.bank_account_id and day.date = old_rows.date and day.row_count <= 0;
     return null;
   end $$`,
  `create trigger transactions_row_days_delete after delete on transactions
   referencing old table as old_rows for each statement execute function transactions_row_days_delete()`,
  `create function transactions_row_days_move() returns trigger language plpgsql as $$
   begin
     update bank_account_row_days set row_count = row_count - 1 where bank_account_id = old.bank_account_id and date = old.date;
     delete from bank_account_row_days where bank_account_id = old.bank_account_id and date = old.date and row_count <= 0;
     insert into bank_account_row_days as day (bank_account_id, date, tenant_id, row_count)
       values (new.bank_account_id, new.date, new.tenant_id, 1)
       on conflict (bank_account_id, date) do update set row_count = day.row_count + 1;
     return null;
   end $$`,
  `create trigger transactions_row_days_move after update of date, bank_account_id on transactions for each row
   when (old.date is distinct from new.date or old.bank_account_id is distinct from new.bank_account_id)
   execute function transactions_row_days_move()`,
];
