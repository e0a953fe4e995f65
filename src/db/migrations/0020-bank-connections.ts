import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Connected bank feeds. A connection is one login at a provider (a SimpleFIN access URL, a Plaid
 * item) with its encrypted secret, its sync state (status, cursor, schedule, the lease a worker takes
 * while syncing it) and the bank accounts it feeds. A feed row links the provider's row id to the
 * transaction it became, so a row the provider modifies, removes or settles under a new id is found
 * again even when it was matched to a row that a push or a statement brought first.
 */
export function bankConnectionsMigration(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  const statements = [
    `create table bank_connections (
       id text primary key,
       tenant_id text not null references tenants(id),
       entity_id text not null references entities(id),
       provider text not null,
       institution_name text not null,
       provider_item_id text,
       secret_ciphertext text not null,
       sync_cursor text,
       status text not null,
       status_reason text,
       last_synced_at ${timestamp},
       next_sync_at ${timestamp} not null,
       consecutive_failures integer not null default 0,
       lease_token text,
       leased_until ${timestamp},
       progress text,
       syncs integer not null default 0,
       created_at ${timestamp} not null,
       updated_at ${timestamp} not null)`,
    `create index bank_connections_tenant on bank_connections (tenant_id, created_at)`,
    `create index bank_connections_due on bank_connections (next_sync_at)`,
    `create index bank_connections_item on bank_connections (provider, provider_item_id)`,
    `create table bank_connection_accounts (
       connection_id text not null references bank_connections(id) on delete cascade,
       tenant_id text not null references tenants(id),
       provider_account_id text not null,
       bank_account_id text not null references bank_accounts(id),
       mask text,
       primary key (connection_id, provider_account_id))`,
    `create table bank_feed_rows (
       tenant_id text not null references tenants(id),
       bank_account_id text not null references bank_accounts(id),
       provider_row_id text not null,
       transaction_id text not null,
       primary key (bank_account_id, provider_row_id))`,
    `create index bank_feed_rows_transaction on bank_feed_rows (transaction_id)`,
  ];
  return {
    async up(db: Kysely<any>) {
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
    async down(db: Kysely<any>) {
      await sql.raw('drop table if exists bank_feed_rows').execute(db);
      await sql.raw('drop table if exists bank_connection_accounts').execute(db);
      await sql.raw('drop table if exists bank_connections').execute(db);
    },
  };
}
