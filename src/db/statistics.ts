/**
 * PostgreSQL plans every query from its tables' statistics, and only ANALYZE refreshes them. Where
 * autovacuum is off (it is off on this project's development and CI machines, and some managed or
 * embedded setups turn it off), a table that grew from nothing to a million rows is still planned as
 * empty: after a 1M-line statement, the sweep's "lowest uncategorized row" read every pending row
 * (978 ms a batch, 37 rows/s booked) instead of the first of its partial index.
 *
 * The service therefore analyzes, on its own, the tables of its schema that changed by more than
 * autovacuum's own default threshold (50 rows + 10% of the table) since their last analyze, whoever's
 * that was. With autovacuum on, this rarely finds anything left to do. SQLite plans without them.
 */
import { sql } from 'kysely';
import type { DatabaseHandle } from './connection.ts';

/** autovacuum_analyze_threshold and autovacuum_analyze_scale_factor, PostgreSQL's defaults. */
const ANALYZE_THRESHOLD_ROWS = 50;
const ANALYZE_SCALE_FACTOR = 0.1;

/** Analyzes the schema's tables whose statistics are stale; returns their names. */
export async function analyzeStaleTables(handle: DatabaseHandle): Promise<string[]> {
  if (handle.dialect !== 'postgres') return [];
  const { rows } = await sql<{ table: string }>`
    select relname as "table" from pg_stat_user_tables
    where schemaname = current_schema()
      and n_mod_since_analyze > ${ANALYZE_THRESHOLD_ROWS}::float8 + ${ANALYZE_SCALE_FACTOR}::float8 * greatest(n_live_tup, 0)
    order by n_mod_since_analyze desc`.execute(handle.db);
  for (const { table } of rows) await sql`analyze ${sql.table(table)}`.execute(handle.db);
  return rows.map((row) => row.table);
}
