import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Indexes the rag tier's refresh reads through while the sweep runs:
 * - categorized rows of an entity in seq order, holding only categorized rows: the refresh reads
 *   from below the lowest row still waiting, and through (tenant_id, entity_id, seq) it visited every
 *   waiting row of the backlog to find them uncategorized, at every batch;
 * - rows a human filed, now also holding what such a row teaches (target, review flag), so the
 *   refresh can tell which ones in its overlap window changed without reading them.
 * Both replace the indexes of 0007 they extend; no other query used those.
 */
export function sweepIndexesMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await sql
        .raw(
          `create index transactions_entity_categorized on transactions (tenant_id, entity_id, seq) where category_target is not null`,
        )
        .execute(db);
      await sql.raw('drop index transactions_entity_seq').execute(db);
      await sql
        .raw(
          `create index transactions_user_override_versions on transactions (tenant_id, entity_id, updated_at, category_target, needs_review) where category_source = 'user_override'`,
        )
        .execute(db);
      await sql.raw('drop index transactions_user_override').execute(db);
    },
    async down(db: Kysely<any>) {
      await sql
        .raw(
          `create index transactions_user_override on transactions (tenant_id, entity_id, updated_at) where category_source = 'user_override'`,
        )
        .execute(db);
      await sql.raw('drop index if exists transactions_user_override_versions').execute(db);
      await sql.raw('create index transactions_entity_seq on transactions (tenant_id, entity_id, seq)').execute(db);
      await sql.raw('drop index if exists transactions_entity_categorized').execute(db);
    },
  };
}
