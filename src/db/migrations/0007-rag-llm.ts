import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * What the rag and llm categorization tiers need from the database:
 * - two indexes so the rag tier can load an entity's categorized rows in seq order and, after that,
 *   read only what changed: rows past its seq watermark, and human corrections (partial index, so
 *   it holds only user_override rows and costs the sweep nothing);
 * - the llm tier's per-tenant daily usage, so a restart does not reset the daily budget.
 */
export function ragLlmMigration(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const date = pg ? 'date' : 'text';
  const timestamp = pg ? 'timestamptz' : 'text';
  const statements = [
    `create index transactions_entity_seq on transactions (tenant_id, entity_id, seq)`,
    `create index transactions_user_override on transactions (tenant_id, entity_id, updated_at) where category_source = 'user_override'`,
    `create table llm_usage (
       tenant_id text not null references tenants(id),
       day ${date} not null,
       rows_used integer not null,
       requests integer not null,
       prompt_tokens integer not null,
       completion_tokens integer not null,
       updated_at ${timestamp} not null,
       primary key (tenant_id, day))`,
  ];
  return {
    async up(db: Kysely<any>) {
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
    async down(db: Kysely<any>) {
      await sql.raw('drop table if exists llm_usage').execute(db);
      await sql.raw('drop index if exists transactions_user_override').execute(db);
      await sql.raw('drop index if exists transactions_entity_seq').execute(db);
    },
  };
}
