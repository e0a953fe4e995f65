import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * People who sign in (issue 17): users are global (one e-mail, one password, possibly several
 * businesses), memberships give them a role per tenant. Sessions and one-time tokens store only a
 * SHA-256 of their secret, as API keys do. The login throttle counts failures per subject (an e-mail
 * or an address) in the database, so several API processes share it. The audit log is append-only.
 */
export function peopleMigration(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const timestamp = pg ? 'timestamptz' : 'text';
  const serialKey = pg ? 'bigserial primary key' : 'integer primary key autoincrement';
  const statements = [
    `create table users (
       id text primary key,
       email text not null unique,
       password_hash text,
       created_at ${timestamp} not null,
       updated_at ${timestamp} not null)`,
    `create table memberships (
       tenant_id text not null references tenants(id),
       user_id text not null references users(id),
       role text not null check (role in ('owner', 'bookkeeper', 'viewer')),
       created_at ${timestamp} not null,
       primary key (tenant_id, user_id))`,
    `create index memberships_user on memberships (user_id)`,
    `create table sessions (
       id_hash text primary key,
       user_id text not null references users(id),
       tenant_id text not null references tenants(id),
       csrf_token text not null,
       created_at ${timestamp} not null,
       expires_at ${timestamp} not null)`,
    `create index sessions_user on sessions (user_id, tenant_id)`,
    `create table one_time_tokens (
       token_hash text primary key,
       id text not null unique,
       kind text not null check (kind in ('password_reset', 'invitation')),
       email text not null,
       tenant_id text references tenants(id),
       role text,
       created_by text,
       created_at ${timestamp} not null,
       expires_at ${timestamp} not null,
       used_at ${timestamp})`,
    `create index one_time_tokens_tenant on one_time_tokens (tenant_id, kind)`,
    `create table login_throttle (
       subject text primary key,
       failures integer not null,
       window_started_at_ms bigint not null)`,
    `create table audit_log (
       seq ${serialKey},
       tenant_id text not null references tenants(id),
       occurred_at ${timestamp} not null,
       actor_type text not null,
       actor_id text not null,
       actor_label text,
       action text not null,
       target_type text not null,
       target_id text,
       before_json text,
       after_json text)`,
    `create index audit_log_tenant on audit_log (tenant_id, seq)`,
  ];
  return {
    async up(db: Kysely<any>) {
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
    async down(db: Kysely<any>) {
      for (const table of ['audit_log', 'login_throttle', 'one_time_tokens', 'sessions', 'memberships', 'users']) {
        await sql.raw(`drop table if exists ${table}`).execute(db);
      }
    },
  };
}
