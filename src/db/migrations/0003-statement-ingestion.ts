import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * What statement ingestion needs beyond the tables of 0002: a claim on a document being processed
 * (so a crashed worker's document is taken up again once its lease runs out, and two workers never
 * write one document), each tenant's inbox address, and an index to find an account's rows by date
 * when a statement replaces a period.
 */
export function statementIngestionMigration(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  const statements = [
    `alter table statement_documents add column claim_token text`,
    `alter table statement_documents add column claimed_until ${timestamp}`,
    `alter table statement_documents add column attempts integer not null default 0`,
    `create table statement_inboxes (
       tenant_id text primary key references tenants(id),
       local_part text not null unique,
       created_at ${timestamp} not null)`,
    `create index transactions_account_date on transactions (bank_account_id, date)`,
    `create index statement_periods_account on statement_periods (bank_account_id, period_start)`,
  ];
  return {
    async up(db: Kysely<any>) {
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
    async down(db: Kysely<any>) {
      await sql.raw('drop index if exists statement_periods_account').execute(db);
      await sql.raw('drop index if exists transactions_account_date').execute(db);
      await sql.raw('drop table if exists statement_inboxes').execute(db);
      for (const column of ['attempts', 'claimed_until', 'claim_token'])
        await sql.raw(`alter table statement_documents drop column ${column}`).execute(db);
    },
  };
}
