import { sql } from 'kysely';
import type { Executor } from '../../../db/transaction.ts';
import { tenantQueueTerm } from '../../../bank-rows/sweep-queue.ts';

/** Seqs per `in (…)` list: well inside both databases' bound-parameter limits. */
const SEQ_CHUNK = 500;

/** What the rag tier learns from one categorized row. */
export interface CategorizedRow {
  seq: number;
  description: string;
  amountMinor: number;
  target: string | null;
  source: string | null;
  needsReview: boolean;
  /** When the row last changed, when read from the database. */
  updatedAt?: string;
}

function categorizedRows(db: Executor, tenantId: string, entityId: string) {
  return db
    .selectFrom('transactions')
    .select(['seq', 'description', 'amount_minor', 'category_target', 'category_source', 'needs_review', 'updated_at'])
    .where('tenant_id', '=', tenantId)
    .where('entity_id', '=', entityId)
    .where('category_target', 'is not', null);
}

function toCategorizedRow(row: {
  seq: number;
  description: string;
  amount_minor: number;
  category_target: string | null;
  category_source: string | null;
  needs_review: number;
  updated_at: string;
}): CategorizedRow {
  return {
    seq: Number(row.seq),
    description: row.description,
    amountMinor: Number(row.amount_minor),
    target: row.category_target,
    source: row.category_source,
    needsReview: row.needs_review === 1,
    updatedAt: String(row.updated_at),
  };
}

/** Categorized rows of one entity with seq > `afterSeq`, in seq order, at most `limit` (keyset pages). */
export async function categorizedRowsAfter(
  db: Executor,
  tenantId: string,
  entityId: string,
  afterSeq: number,
  limit: number,
): Promise<CategorizedRow[]> {
  const rows = await categorizedRows(db, tenantId, entityId)
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map(toCategorizedRow);
}

/** What a categorized row files under, without its description and amount (which never change). */
export interface CategorizedVersion {
  seq: number;
  target: string | null;
  source: string | null;
  needsReview: boolean;
}

/**
 * The versions of categorized rows of one entity with `afterSeq` < seq <= `throughSeq`, in seq
 * order: what the refresh re-reads in its overlap below the highest seq it has seen, to find the
 * few rows that need reading whole (most of them it has applied already, unchanged).
 */
export async function categorizedVersionsBetween(
  db: Executor,
  tenantId: string,
  entityId: string,
  afterSeq: number,
  throughSeq: number,
): Promise<CategorizedVersion[]> {
  const rows = await db
    .selectFrom('transactions')
    .select(['seq', 'category_target', 'category_source', 'needs_review'])
    .where('tenant_id', '=', tenantId)
    .where('entity_id', '=', entityId)
    .where('category_target', 'is not', null)
    .where('seq', '>', afterSeq)
    .where('seq', '<=', throughSeq)
    .orderBy('seq')
    .execute();
  return rows.map((row) => ({
    seq: Number(row.seq),
    target: row.category_target,
    source: row.category_source,
    needsReview: row.needs_review === 1,
  }));
}

/** The categorized rows of one entity among `seqs`, in seq order. */
export async function categorizedRowsBySeq(
  db: Executor,
  tenantId: string,
  entityId: string,
  seqs: readonly number[],
): Promise<CategorizedRow[]> {
  return categorizedRowsAmong(db, tenantId, entityId, seqs, { userOverridesOnly: false });
}

/** Read SEQ_CHUNK seqs at a time, in seq order. */
async function categorizedRowsAmong(
  db: Executor,
  tenantId: string,
  entityId: string,
  seqs: readonly number[],
  { userOverridesOnly }: { userOverridesOnly: boolean },
): Promise<CategorizedRow[]> {
  const found: CategorizedRow[] = [];
  const sorted = [...seqs].sort((a, b) => a - b);
  for (let index = 0; index < sorted.length; index += SEQ_CHUNK) {
    let query = categorizedRows(db, tenantId, entityId);
    if (userOverridesOnly) query = query.where(sql<boolean>`category_source = 'user_override'`);
    const rows = await query
      .where('seq', 'in', sorted.slice(index, index + SEQ_CHUNK))
      .orderBy('seq')
      .execute();
    for (const row of rows) found.push(toCategorizedRow(row));
  }
  return found;
}

/** What a human-filed row teaches beyond its description and amount, which never change. */
export interface OverrideVersion {
  seq: number;
  target: string | null;
  needsReview: boolean;
}

/**
 * The versions of rows a human filed (user_override) updated at or after `since`, through the
 * partial index that holds only such rows (the predicate is a literal so SQLite can match it to that
 * index) and carries every column read, so no row is read. They come back as one string, entries
 * `seq:review:length:target` (length `-` for no target), which both databases aggregate with
 * string_agg: the window re-read at every sweep batch can hold tens of thousands of rows, and one
 * result row per version cost several times more than the index scan.
 */
export async function userOverrideVersionsSince(
  db: Executor,
  tenantId: string,
  entityId: string,
  since: string,
): Promise<OverrideVersion[]> {
  return parseOverrideVersions(await encodedOverrideVersionsSince(db, tenantId, entityId, since));
}

/** The same versions, still encoded (the refresh walks them with `changedOverrideSeqs`). */
export async function encodedOverrideVersionsSince(
  db: Executor,
  tenantId: string,
  entityId: string,
  since: string,
): Promise<string> {
  const row = await db
    .selectFrom('transactions')
    .select(
      sql<
        string | null
      >`string_agg(cast(seq as text) || ':' || cast(needs_review as text) || ':' || coalesce(cast(length(category_target) as text), '-') || ':' || coalesce(category_target, ''), '')`.as(
        'versions',
      ),
    )
    .where('tenant_id', '=', tenantId)
    .where('entity_id', '=', entityId)
    .where(sql<boolean>`category_source = 'user_override'`)
    .where('updated_at', '>=', since)
    .executeTakeFirst();
  return row?.versions ?? '';
}

function parseOverrideVersions(encoded: string): OverrideVersion[] {
  const versions: OverrideVersion[] = [];
  let at = 0;
  const field = () => {
    const end = encoded.indexOf(':', at);
    if (end < 0) throw new Error('override versions: truncated entry');
    const value = encoded.slice(at, end);
    at = end + 1;
    return value;
  };
  while (at < encoded.length) {
    const seq = Number(field());
    const needsReview = field() === '1';
    const length = field();
    let target: string | null = null;
    if (length !== '-') {
      // SQL counts characters (code points); a string index counts UTF-16 units.
      const start = at;
      for (let left = Number(length); left > 0; left--) at += encoded.codePointAt(at)! > 0xffff ? 2 : 1;
      target = encoded.slice(start, at);
    }
    versions.push({ seq, target, needsReview });
  }
  return versions;
}

/** A version as it is encoded after its seq: `review:length:target` (length `-` for no target). */
export function overrideVersionToken(target: string | null, needsReview: boolean): string {
  if (target === null) return `${needsReview ? 1 : 0}:-:`;
  let characters = 0;
  for (const _ of target) characters++;
  return `${needsReview ? 1 : 0}:${characters}:${target}`;
}

const DIGIT_0 = 48;
const COLON = 58;

/**
 * The seqs among `encoded` versions whose version is not `known(seq)` (a token as
 * `overrideVersionToken` writes it; undefined for a row never seen). A known, unchanged entry is
 * matched in place and skipped without allocating: the window re-read at every sweep batch holds
 * tens of thousands of them, nearly all unchanged.
 */
export function changedOverrideSeqs(
  encoded: string,
  known: (seq: number) => string | undefined,
  layout?: OverrideVersionsLayout,
): number[] {
  const changed: number[] = [];
  let at = 0;
  while (at < encoded.length) {
    layout?.starts.push(at);
    let seq = 0;
    for (let code = encoded.charCodeAt(at); code !== COLON; code = encoded.charCodeAt(at)) {
      if (!(code >= DIGIT_0 && code <= DIGIT_0 + 9)) throw new Error('override versions: malformed seq');
      seq = seq * 10 + (code - DIGIT_0);
      at++;
    }
    at++;
    if (layout && seq > layout.maxSeq) layout.maxSeq = seq;
    const token = known(seq);
    if (token !== undefined && encoded.startsWith(token, at)) {
      // The token carries its target's length, so a match of the whole token is the whole entry.
      at += token.length;
      continue;
    }
    changed.push(seq);
    at = skipVersion(encoded, at);
  }
  return changed;
}

/** Where each entry of an encoded string starts, and the highest seq in it (filled by `changedOverrideSeqs`). */
export interface OverrideVersionsLayout {
  starts: number[];
  maxSeq: number;
}

/**
 * Whether `encoded` holds exactly the entries of `earlier` from one of them on (the rows at the front
 * left the window, none came or changed); `layout` is earlier's.
 */
export function isTailOfVersions(earlier: string, layout: OverrideVersionsLayout, encoded: string): boolean {
  if (encoded.length === 0) return true;
  const offset = earlier.length - encoded.length;
  if (offset < 0 || !earlier.endsWith(encoded)) return false;
  // An entry must start there: a tail cut inside an entry could read as other entries.
  let low = 0;
  let high = layout.starts.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const start = layout.starts[middle];
    if (start === offset) return true;
    if (start < offset) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

/** The position after the `review:length:target` entry starting at `at`. */
function skipVersion(encoded: string, at: number): number {
  const reviewEnd = encoded.indexOf(':', at);
  const lengthEnd = encoded.indexOf(':', reviewEnd + 1);
  if (reviewEnd < 0 || lengthEnd < 0) throw new Error('override versions: truncated entry');
  const length = encoded.slice(reviewEnd + 1, lengthEnd);
  let next = lengthEnd + 1;
  if (length !== '-')
    for (let left = Number(length); left > 0; left--) next += encoded.codePointAt(next)! > 0xffff ? 2 : 1;
  return next;
}

/** The rows among `seqs` that a human filed with a category, in seq order. */
export async function userOverridesBySeq(
  db: Executor,
  tenantId: string,
  entityId: string,
  seqs: readonly number[],
): Promise<CategorizedRow[]> {
  return categorizedRowsAmong(db, tenantId, entityId, seqs, { userOverridesOnly: true });
}

/**
 * The lowest seq of the tenant still waiting for its first category, if any: rows below it are
 * settled. Read through the sweep's partial index (literal predicate, as above).
 */
export async function lowestUncategorizedSeq(db: Executor, tenantId: string): Promise<number | null> {
  // The first such row in the queue's order (see tenantQueueTerm: min(seq) was planned on the primary key).
  const row = await db
    .selectFrom('transactions')
    .select('seq')
    .where(tenantQueueTerm(db, tenantId))
    .where(sql<boolean>`sweep_state = 'pending'`)
    .where('category_target', 'is', null)
    .orderBy('tenant_id')
    .orderBy('seq')
    .limit(1)
    .executeTakeFirst();
  return row === undefined ? null : Number(row.seq);
}
