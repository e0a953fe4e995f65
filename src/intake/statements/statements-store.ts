import { sql } from 'kysely';
import type { StatementDocumentsTable, StatementPeriodsTable } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';

export type DocumentSummary = Omit<StatementDocumentsTable, 'content_key'>;

const SUMMARY_COLUMNS = [
  'id',
  'tenant_id',
  'entity_id',
  'bank_account_id',
  'source',
  'filename',
  'media_type',
  'size_bytes',
  'sha256',
  'hints',
  'status',
  'format',
  'rejection_reason',
  'rejection_message',
  'rejection_detail',
  'conflicts',
  'corrections',
  'statement_period_id',
  'statement_period_ids',
  'created_at',
  'updated_at',
  'claim_token',
  'claimed_until',
  'attempts',
] as const;

/**
 * Stores a document unless the tenant has one with the same content key: of any status when
 * `anyStatus`, else one still waiting to be read (status processing). Returns the id of the document
 * that holds those bytes: the new one, or the earlier one.
 */
export async function insertDocumentOnce(
  db: Executor,
  row: StatementDocumentsTable & { content_key: string },
  anyStatus: boolean,
): Promise<string> {
  const earlier = () => findEarlierDocument(db, row.tenant_id, row.content_key, anyStatus);
  const found = await earlier();
  if (found) return found.id;
  // A delivery racing this one may have stored the same waiting document since: the partial unique index decides.
  await db
    .insertInto('statement_documents')
    .values(row)
    // The predicate as a literal: SQLite matches a partial index only by its written condition.
    .onConflict((conflict) =>
      conflict.columns(['tenant_id', 'content_key']).where(sql<boolean>`status = 'processing'`).doNothing(),
    )
    .execute();
  return (await earlier())!.id;
}

/** The tenant's first document with this content key: of any status when `anyStatus`, else one still waiting to be read. */
export async function findEarlierDocument(
  db: Executor,
  tenantId: string,
  contentKey: string,
  anyStatus: boolean,
): Promise<{ id: string } | undefined> {
  let query = db
    .selectFrom('statement_documents')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('content_key', '=', contentKey);
  if (!anyStatus) query = query.where('status', '=', 'processing');
  return query.orderBy('created_at').limit(1).executeTakeFirst();
}

export async function findDocument(db: Executor, tenantId: string, id: string): Promise<DocumentSummary | undefined> {
  return db
    .selectFrom('statement_documents')
    .select(SUMMARY_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function listDocuments(db: Executor, tenantId: string, limit: number): Promise<DocumentSummary[]> {
  return db
    .selectFrom('statement_documents')
    .select(SUMMARY_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Claims documents waiting to be read: status processing and no live claim (never claimed, or the
 * claimant's lease ran out because it crashed), but not `exceptIds`. The attempt is counted by
 * startAttempt as reading begins.
 * PostgreSQL skips rows another worker is claiming at this instant; on SQLite the caller holds the
 * write lock.
 */
export async function claimDocuments(
  db: Executor,
  limit: number,
  now: string,
  claimedUntil: string,
  token: string,
  lockRows: boolean,
  exceptIds: readonly string[] = [],
): Promise<DocumentSummary[]> {
  let select = db
    .selectFrom('statement_documents')
    .select(SUMMARY_COLUMNS)
    .where('status', '=', 'processing')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit);
  if (exceptIds.length > 0) select = select.where('id', 'not in', exceptIds);
  if (lockRows) select = select.forUpdate().skipLocked();
  const rows = await select.execute();
  if (rows.length === 0) return [];
  await db
    .updateTable('statement_documents')
    .set({ claim_token: token, claimed_until: claimedUntil })
    .where(
      'id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
  return rows.map((row) => ({ ...row, claim_token: token, claimed_until: claimedUntil }));
}

/**
 * Counts an attempt at one claimed document, just before it is read, and returns the count (or
 * undefined when the claim was lost meanwhile). Counted per document as it starts, not per claim: a
 * worker that dies reading one document has not tried the others it had claimed with it, and they
 * must not run out of attempts for it.
 */
export async function startAttempt(
  db: Executor,
  tenantId: string,
  id: string,
  token: string,
): Promise<number | undefined> {
  const row = await db
    .updateTable('statement_documents')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .where('claim_token', '=', token)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
}

/**
 * A chunk of a document's bytes: one statement writes this much at most (see writeDocumentContent).
 * PostgreSQL returns a chunk as hex text, twice its size: at 48 KiB that text stays below V8's
 * large-object size (128 KiB) and dies young, in a cheap scavenge. With 256 KiB chunks, reading a
 * 20 MB document allocated 40 MB of large strings in the old generation and set off a full
 * collection about every 100 ms on the API's event loop, 10–40 ms each.
 */
export const CONTENT_CHUNK_BYTES = 48 * 1024;

/**
 * Stores a document's bytes, a chunk a statement, before the document's row: a 20 MB upload written
 * as one statement held the event loop (SQLite) for most of a second. `between` runs after each chunk
 * (the upload gives the event loop a turn there). Chunks whose document row never came (a crash in
 * between) are removed by deleteOrphanContent.
 */
export async function writeDocumentContent(
  db: Executor,
  tenantId: string,
  documentId: string,
  bytes: Uint8Array,
  now: string,
  between: () => Promise<void>,
): Promise<void> {
  for (let seq = 0, offset = 0; offset < bytes.length || seq === 0; seq++, offset += CONTENT_CHUNK_BYTES) {
    await db
      .insertInto('statement_document_chunks')
      .values({
        document_id: documentId,
        seq,
        tenant_id: tenantId,
        bytes: Buffer.from(
          bytes.buffer,
          bytes.byteOffset + offset,
          Math.min(CONTENT_CHUNK_BYTES, bytes.length - offset),
        ),
        created_at: now,
      })
      .execute();
    await between();
  }
}

export async function deleteDocumentContent(db: Executor, tenantId: string, documentId: string): Promise<void> {
  await db
    .deleteFrom('statement_document_chunks')
    .where('tenant_id', '=', tenantId)
    .where('document_id', '=', documentId)
    .execute();
}

/** Chunks older than `before` whose document row was never written: an upload that crashed between the two. */
export async function deleteOrphanContent(db: Executor, before: string): Promise<number> {
  const result = await db
    .deleteFrom('statement_document_chunks')
    .where('created_at', '<', before)
    .where('document_id', 'not in', db.selectFrom('statement_documents').select('id'))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * A document's bytes, read a chunk a query and joined a chunk at a time, `between` running after each
 * step (the statement worker gives the event loop a turn there). Read in one query and joined by
 * Buffer.concat, a 20 MB document held the event loop (PostgreSQL, inline) for about 190 ms: most of
 * it the first touch of 20 MB of fresh memory. The result owns its whole ArrayBuffer, so it can be
 * handed to a reader thread without another copy.
 */
export async function documentContent(
  db: Executor,
  tenantId: string,
  id: string,
  between: () => Promise<void> = async () => {},
): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  for (let seq = 0; ; seq++) {
    const chunk = await db
      .selectFrom('statement_document_chunks')
      .select('bytes')
      .where('tenant_id', '=', tenantId)
      .where('document_id', '=', id)
      .where('seq', '=', seq)
      .executeTakeFirst();
    if (!chunk) break;
    chunks.push(chunk.bytes);
    await between();
  }
  if (chunks.length === 0) return undefined;
  const joined = Buffer.from(new ArrayBuffer(chunks.reduce((total, chunk) => total + chunk.length, 0)));
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.length;
    await between();
  }
  return joined;
}

/** True when the document is still processing under this claim (locked until commit where the database can). */
export async function holdClaim(
  db: Executor,
  tenantId: string,
  id: string,
  token: string,
  lockRows: boolean,
): Promise<boolean> {
  let select = db
    .selectFrom('statement_documents')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .where('claim_token', '=', token);
  if (lockRows) select = select.forUpdate();
  return (await select.executeTakeFirst()) !== undefined;
}

export type DocumentOutcome = Pick<
  StatementDocumentsTable,
  | 'status'
  | 'format'
  | 'rejection_reason'
  | 'rejection_message'
  | 'rejection_detail'
  | 'conflicts'
  | 'corrections'
  | 'statement_period_id'
  | 'statement_period_ids'
  | 'bank_account_id'
  | 'updated_at'
>;

export async function finishDocument(
  db: Executor,
  tenantId: string,
  id: string,
  outcome: DocumentOutcome,
): Promise<void> {
  await db
    .updateTable('statement_documents')
    .set({ ...outcome, claim_token: null, claimed_until: null })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/**
 * Puts a rejected document back in line for the worker: status processing, its outcome cleared, its
 * attempts counted afresh. Its bytes were kept; nothing else about it changes. False when it is not
 * (or no longer) rejected.
 */
export async function requeueRejectedDocument(
  db: Executor,
  tenantId: string,
  id: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('statement_documents')
    .set({
      status: 'processing',
      format: null,
      rejection_reason: null,
      rejection_message: null,
      rejection_detail: null,
      claim_token: null,
      claimed_until: null,
      attempts: 0,
      updated_at: now,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', '=', 'rejected')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findPeriod(
  db: Executor,
  tenantId: string,
  id: string,
): Promise<StatementPeriodsTable | undefined> {
  return db
    .selectFrom('statement_periods')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findPeriodByIdentity(
  db: Executor,
  tenantId: string,
  bankAccountId: string,
  periodStart: string,
  periodEnd: string,
): Promise<StatementPeriodsTable | undefined> {
  return db
    .selectFrom('statement_periods')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('bank_account_id', '=', bankAccountId)
    .where('period_start', '=', periodStart)
    .where('period_end', '=', periodEnd)
    .executeTakeFirst();
}

export async function periodsOfAccount(
  db: Executor,
  tenantId: string,
  bankAccountId: string,
): Promise<StatementPeriodsTable[]> {
  return db
    .selectFrom('statement_periods')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('bank_account_id', '=', bankAccountId)
    .orderBy('period_start')
    .orderBy('period_end')
    .execute();
}

export async function insertPeriod(db: Executor, row: StatementPeriodsTable): Promise<void> {
  await db.insertInto('statement_periods').values(row).execute();
}

export async function updatePeriod(
  db: Executor,
  tenantId: string,
  id: string,
  changes: Partial<
    Pick<
      StatementPeriodsTable,
      | 'document_id'
      | 'currency'
      | 'opening_balance_minor'
      | 'closing_balance_minor'
      | 'transaction_count'
      | 'continuity_ok'
      | 'updated_at'
    >
  >,
): Promise<void> {
  await db
    .updateTable('statement_periods')
    .set(changes)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Newest period first; `limit + 1` rows so the caller knows whether another page follows. */
export async function listPeriods(
  db: Executor,
  query: { tenantId: string; bankAccountId?: string; limit: number; offset: number },
): Promise<StatementPeriodsTable[]> {
  let select = db.selectFrom('statement_periods').selectAll().where('tenant_id', '=', query.tenantId);
  if (query.bankAccountId) select = select.where('bank_account_id', '=', query.bankAccountId);
  return select
    .orderBy('period_end', 'desc')
    .orderBy('period_start', 'desc')
    .orderBy('id')
    .limit(query.limit + 1)
    .offset(query.offset)
    .execute();
}

export async function latestPeriodEnd(db: Executor, tenantId: string, bankAccountId?: string): Promise<string | null> {
  let select = db
    .selectFrom('statement_periods')
    .select((eb) => eb.fn.max('period_end').as('latest'))
    .where('tenant_id', '=', tenantId);
  if (bankAccountId) select = select.where('bank_account_id', '=', bankAccountId);
  const row = await select.executeTakeFirst();
  return (row?.latest as string | null | undefined) ?? null;
}

export async function findInboxByTenant(db: Executor, tenantId: string) {
  return db.selectFrom('statement_inboxes').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
}

export async function findInboxByLocalPart(db: Executor, localPart: string) {
  return db.selectFrom('statement_inboxes').selectAll().where('local_part', '=', localPart).executeTakeFirst();
}

export async function insertInbox(
  db: Executor,
  row: { tenant_id: string; local_part: string; created_at: string },
): Promise<void> {
  await db
    .insertInto('statement_inboxes')
    .values(row)
    .onConflict((conflict) => conflict.column('tenant_id').doNothing())
    .execute();
}

/** Serializes statement writes of one entity on PostgreSQL (account creation, continuity); SQLite already has one writer. */
export async function lockEntity(db: Executor, entityId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${entityId}))`.execute(db);
}
