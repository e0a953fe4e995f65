import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * The categorization engine: the tenant's own rules, how often a remembered merchant decision was
 * overridden (a contradicted memory is trusted less), and the link between the two rows of a
 * detected transfer between the tenant's own accounts.
 */
export function categorizationMigration(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const money = pg ? 'bigint' : 'integer';
  const timestamp = pg ? 'timestamptz' : 'text';
  const statements = [
    `create table categorization_rules (
       id text primary key,
       tenant_id text not null references tenants(id),
       pattern text not null,
       direction text,
       min_amount_minor ${money},
       max_amount_minor ${money},
       currency text,
       target text not null,
       priority integer not null,
       created_at ${timestamp} not null)`,
    `create index categorization_rules_tenant on categorization_rules (tenant_id)`,
    `alter table merchant_memory add column overrides integer not null default 0`,
    `alter table transactions add column transfer_pair_id text`,
    // Transfer matching looks for the opposite amount of a row within a few days.
    `create index transactions_tenant_amount on transactions (tenant_id, amount_minor, date)`,
  ];
  return {
    async up(db: Kysely<any>) {
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
    async down(db: Kysely<any>) {
      await sql.raw('drop index if exists transactions_tenant_amount').execute(db);
      await sql.raw('alter table transactions drop column transfer_pair_id').execute(db);
      await sql.raw('alter table merchant_memory drop column overrides').execute(db);
      await sql.raw('drop table if exists categorization_rules').execute(db);
    },
  };
}
