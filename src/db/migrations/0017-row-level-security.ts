import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/** Every table that holds one tenant's rows, with the column naming the tenant. */
export const TENANT_TABLES: ReadonlyArray<readonly [table: string, tenantColumn: string]> = [
  ['tenants', 'id'],
  ['entities', 'tenant_id'],
  ['api_keys', 'tenant_id'],
  ['accounts', 'tenant_id'],
  ['bank_accounts', 'tenant_id'],
  ['transactions', 'tenant_id'],
  ['merchant_memory', 'tenant_id'],
  ['journal_entries', 'tenant_id'],
  ['journal_lines', 'tenant_id'],
  ['account_daily_totals', 'tenant_id'],
  ['statement_documents', 'tenant_id'],
  ['statement_periods', 'tenant_id'],
  ['obligations', 'tenant_id'],
  ['categorization_rules', 'tenant_id'],
  ['llm_usage', 'tenant_id'],
  ['statement_inboxes', 'tenant_id'],
];

/** Enables and forces the tenant wall on one table (PostgreSQL only); later migrations wall their new tables with it. */
export async function wallTenantTable(db: Kysely<any>, table: string, column: string): Promise<void> {
  const declared = `nullif(current_setting('app.tenant_id', true), '')`;
  const rule = `${declared} is null or ${column} = ${declared}`;
  await sql.raw(`alter table ${table} enable row level security`).execute(db);
  await sql.raw(`alter table ${table} force row level security`).execute(db);
  await sql.raw(`create policy tenant_wall on ${table} using (${rule}) with check (${rule})`).execute(db);
}

/**
 * PostgreSQL row-level security, a second wall behind the tenant filter every query writes: a
 * transaction that declares its tenant (`set_config('app.tenant_id', …, true)`, which
 * withTenantTransaction does) sees and writes only that tenant's rows, even through a query that
 * forgot its `where tenant_id`. Work that spans tenants (the sweep's queue scan, the API-key lookup,
 * the admin command line, migrations) declares none and sees every row, as before. FORCE makes the
 * table's owner (the service's own role in production) subject to the policies; a superuser still
 * bypasses them, as PostgreSQL has it. SQLite has no such thing: there the filters are the only wall.
 */
export function rowLevelSecurityMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      for (const [table, column] of TENANT_TABLES) await wallTenantTable(db, table, column);
    },
    async down(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      for (const [table] of TENANT_TABLES) {
        await sql.raw(`drop policy if exists tenant_wall on ${table}`).execute(db);
        await sql.raw(`alter table ${table} no force row level security`).execute(db);
        await sql.raw(`alter table ${table} disable row level security`).execute(db);
      }
    },
  };
}
