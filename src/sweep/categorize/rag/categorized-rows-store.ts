import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

type Executor = Kysely<Database>;

/** What the rag tier learns from one categorized row. */
export interface CategorizedRow {
  seq: number;
  description: string;
  amountMinor: number;
  target: string | null;
  source: string | null;
  needsReview: boolean;
}

function categorizedRows(db: Executor, tenantId: string, entityId: string) {
  return db.selectFrom('transactions')
    .select(['seq', 'description', 'amount_minor', 'category_target', 'category_source', 'needs_review'])
    .where('tenant_id', '=', tenantId).where('entity_id', '=', entityId)
    .where('category_target', 'is not', null);
}

function toCategorizedRow(row: { seq: number; description: string; amount_minor: number; category_target: string | null; category_source: string | null; needs_review: number }): CategorizedRow {
  return {
    seq: Number(row.seq),
    description: row.description,
    amountMinor: Number(row.amount_minor),
    target: row.category_target,
    source: row.category_source,
    needsReview: row.needs_review === 1,
  };
}

/** Categorized rows of one entity with seq > `afterSeq`, in seq order, at most `limit` (keyset pages). */
export async function categorizedRowsAfter(db: Executor, tenantId: string, entityId: string, afterSeq: number, limit: number): Promise<CategorizedRow[]> {
  const rows = await categorizedRows(db, tenantId, entityId).where('seq', '>', afterSeq).orderBy('seq').limit(limit).execute();
  return rows.map(toCategorizedRow);
}

/**
 * Rows a human filed (user_override) updated at or after `since`, through the partial index that
 * holds only such rows. The predicate is a literal so SQLite can match it to that index.
 */
export async function userOverridesSince(db: Executor, tenantId: string, entityId: string, since: string): Promise<CategorizedRow[]> {
  const rows = await categorizedRows(db, tenantId, entityId)
    .where(sql<boolean>`category_source = 'user_override'`)
    .where('updated_at', '>=', since).orderBy('seq').execute();
  return rows.map(toCategorizedRow);
}

/**
 * The lowest seq of the tenant still waiting for its first category, if any: rows below it are
 * settled. Read through the sweep's partial index (literal predicate, as above).
 */
export async function lowestUncategorizedSeq(db: Executor, tenantId: string): Promise<number | null> {
  const row = await db.selectFrom('transactions').select((eb) => eb.fn.min('seq').as('seq'))
    .where('tenant_id', '=', tenantId).where(sql<boolean>`sweep_state = 'pending'`).where('category_target', 'is', null)
    .executeTakeFirst();
  return row?.seq === null || row?.seq === undefined ? null : Number(row.seq);
}
