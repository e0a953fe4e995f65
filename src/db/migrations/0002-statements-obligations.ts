import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Uploaded statement documents (kept whole, so nothing a user sent is lost), the statement periods
 * they became, and the obligation calendar. Amounts are integer minor units.
 */
export function statementsAndObligationsMigration(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const money = pg ? 'bigint' : 'integer';
  const date = pg ? 'date' : 'text';
  const timestamp = pg ? 'timestamptz' : 'text';
  const bytes = pg ? 'bytea' : 'blob';
  const statements = [
    `create table statement_documents (
       id text primary key,
       tenant_id text not null references tenants(id),
       entity_id text not null references entities(id),
       bank_account_id text references bank_accounts(id),
       source text not null,
       filename text,
       media_type text not null,
       size_bytes integer not null,
       sha256 text not null,
       content ${bytes} not null,
       hints text,
       status text not null,
       format text,
       rejection_reason text,
       rejection_message text,
       rejection_detail text,
       conflicts text,
       statement_period_id text,
       created_at ${timestamp} not null,
       updated_at ${timestamp} not null)`,
    `create index statement_documents_tenant on statement_documents (tenant_id, created_at)`,
    `create index statement_documents_processing on statement_documents (status, created_at) where status = 'processing'`,
    `create table statement_periods (
       id text primary key,
       tenant_id text not null references tenants(id),
       entity_id text not null references entities(id),
       bank_account_id text not null references bank_accounts(id),
       document_id text not null references statement_documents(id),
       period_start ${date} not null,
       period_end ${date} not null,
       currency text not null,
       opening_balance_minor ${money} not null,
       closing_balance_minor ${money} not null,
       transaction_count integer not null,
       continuity_ok integer not null,
       created_at ${timestamp} not null,
       updated_at ${timestamp} not null,
       unique (bank_account_id, period_start, period_end))`,
    `create index statement_periods_tenant on statement_periods (tenant_id, period_end)`,
    `create table obligations (
       id text primary key,
       tenant_id text not null references tenants(id),
       entity_id text not null references entities(id),
       rule_id text not null,
       country text not null,
       type text not null,
       period text not null,
       frequency text not null,
       deadline ${date} not null,
       status text not null,
       amount_due_minor ${money} not null,
       amount_note text,
       currency text not null,
       jurisdiction_level text not null,
       state_code text,
       authority text not null,
       form_reference text,
       confirmed_at ${timestamp},
       filed_at ${timestamp},
       created_at ${timestamp} not null,
       updated_at ${timestamp} not null,
       unique (entity_id, rule_id, period))`,
    `create index obligations_tenant_deadline on obligations (tenant_id, deadline)`,
  ];
  return {
    async up(db: Kysely<any>) {
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
    async down(db: Kysely<any>) {
      for (const table of ['obligations', 'statement_periods', 'statement_documents'])
        await sql.raw(`drop table if exists ${table}`).execute(db);
    },
  };
}
