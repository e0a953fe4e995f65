import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/** Column types that differ between the two databases; everything else is written once. */
function columnTypes(dialect: Dialect) {
  const pg = dialect === 'postgres';
  return {
    money: pg ? 'bigint' : 'integer',
    serialKey: pg ? 'bigserial primary key' : 'integer primary key autoincrement',
    date: pg ? 'date' : 'text',
    timestamp: pg ? 'timestamptz' : 'text',
    real: pg ? 'double precision' : 'real',
  };
}

export function initialMigration(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  const statements = [
    `create table tenants (
       id text primary key,
       name text not null,
       review_threshold ${t.real},
       created_at ${t.timestamp} not null)`,
    `create table entities (
       id text primary key,
       tenant_id text not null references tenants(id),
       legal_name text not null,
       country text not null,
       base_currency text not null,
       tax_id text,
       tax_id_type text,
       entity_type text not null,
       regime text,
       state_code text,
       fiscal_year_end_month integer not null,
       status text not null,
       is_primary integer not null,
       created_at ${t.timestamp} not null)`,
    `create index entities_tenant on entities (tenant_id)`,
    `create table api_keys (
       id text primary key,
       tenant_id text not null references tenants(id),
       name text,
       secret_hash text not null,
       scopes text not null,
       created_at ${t.timestamp} not null,
       revoked_at ${t.timestamp})`,
    `create index api_keys_tenant on api_keys (tenant_id)`,
    `create table accounts (
       id text primary key,
       tenant_id text not null references tenants(id),
       entity_id text not null references entities(id),
       account_number text not null,
       name text not null,
       category text not null,
       country text not null,
       is_active integer not null,
       parent_number text,
       created_at ${t.timestamp} not null,
       unique (entity_id, account_number))`,
    `create index accounts_tenant on accounts (tenant_id, entity_id)`,
    `create table bank_accounts (
       id text primary key,
       tenant_id text not null references tenants(id),
       entity_id text not null references entities(id),
       institution_name text not null,
       external_id text not null,
       name text not null,
       kind text not null,
       type text not null,
       currency text not null,
       source text not null,
       opening_balance_minor ${t.money},
       opening_balance_date ${t.date},
       opening_entry_id text,
       current_balance_minor ${t.money},
       ledger_account_id text not null references accounts(id),
       ledger_account_number text not null,
       created_at ${t.timestamp} not null,
       updated_at ${t.timestamp} not null,
       unique (tenant_id, institution_name, external_id))`,
    `create table transactions (
       seq ${t.serialKey},
       id text not null unique,
       tenant_id text not null references tenants(id),
       entity_id text not null references entities(id),
       bank_account_id text not null references bank_accounts(id),
       external_id text not null,
       content_key text not null,
       source text not null,
       date ${t.date} not null,
       authorized_date ${t.date},
       amount_minor ${t.money} not null,
       currency text not null,
       description text not null,
       merchant text,
       merchant_key text not null,
       pending integer not null,
       category_target text,
       category_confidence ${t.real},
       category_source text,
       transaction_type text,
       needs_review integer not null,
       sweep_state text not null,
       journal_entry_id text,
       created_at ${t.timestamp} not null,
       updated_at ${t.timestamp} not null,
       unique (bank_account_id, external_id))`,
    `create index transactions_tenant_date on transactions (tenant_id, date, seq)`,
    `create index transactions_tenant_category on transactions (tenant_id, category_target, date)`,
    `create index transactions_account_content on transactions (bank_account_id, content_key)`,
    `create index transactions_account_balance on transactions (bank_account_id, pending, amount_minor)`,
    `create index transactions_merchant on transactions (tenant_id, entity_id, merchant_key)`,
    // The sweep's work list: uncategorized or not-yet-booked rows. Partial, so it stays tiny.
    `create index transactions_sweep on transactions (tenant_id, seq) where sweep_state = 'pending'`,
    `create table merchant_memory (
       tenant_id text not null references tenants(id),
       entity_id text not null references entities(id),
       merchant_key text not null,
       target text not null,
       approvals integer not null,
       updated_at ${t.timestamp} not null,
       primary key (entity_id, merchant_key))`,
    `create table journal_entries (
       seq ${t.serialKey},
       id text not null unique,
       tenant_id text not null references tenants(id),
       entity_id text not null references entities(id),
       entry_date ${t.date} not null,
       description text not null,
       source_type text not null,
       source_id text,
       reverses_entry_id text,
       posted_at ${t.timestamp} not null)`,
    `create index journal_entries_period on journal_entries (tenant_id, entity_id, entry_date, seq)`,
    `create table journal_lines (
       seq ${t.serialKey},
       entry_id text not null references journal_entries(id),
       tenant_id text not null,
       entity_id text not null,
       account_id text not null references accounts(id),
       account_number text not null,
       entry_date ${t.date} not null,
       debit_minor ${t.money},
       credit_minor ${t.money},
       currency text not null,
       memo text,
       check ((debit_minor is null) <> (credit_minor is null)))`,
    `create index journal_lines_entry on journal_lines (entry_id)`,
    `create index journal_lines_account on journal_lines (tenant_id, entity_id, account_number, entry_date)`,
    `create table account_daily_totals (
       tenant_id text not null,
       entity_id text not null,
       account_id text not null references accounts(id),
       currency text not null,
       day ${t.date} not null,
       debit_minor ${t.money} not null,
       credit_minor ${t.money} not null,
       primary key (account_id, currency, day))`,
    `create index account_daily_totals_entity on account_daily_totals (tenant_id, entity_id, day)`,
    `create table rate_limit_buckets (
       bucket_key text primary key,
       tokens ${t.real} not null,
       refilled_at_ms ${t.money} not null,
       granted integer not null)`,
  ];
  return {
    async up(db: Kysely<any>) {
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
    async down(db: Kysely<any>) {
      for (const table of ['rate_limit_buckets', 'account_daily_totals', 'journal_lines', 'journal_entries', 'merchant_memory',
        'transactions', 'bank_accounts', 'accounts', 'api_keys', 'entities', 'tenants']) {
        await sql.raw(`drop table if exists ${table}`).execute(db);
      }
    },
  };
}
