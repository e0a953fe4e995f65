import { yieldToEventLoop } from '../../shared/event-loop.ts';
import { createHash } from 'node:crypto';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { StatementPeriodsTable } from '../../db/schema.ts';
import { withWriteTransaction } from '../../db/transaction.ts';
import { conflict, DomainError, invalid, notFound } from '../../errors.ts';
import { toMajorUnits } from '../../money/minor-units.ts';
import { newId } from '../../shared/ids.ts';
import { replaceControlCharacters } from '../../shared/text.ts';
import { findPrimaryEntity } from '../../tenancy/tenancy-store.ts';
import { findBankAccountsByIds } from '../../bank-rows/bank-accounts-store.ts';
import type { StatementConflict } from './ingest.ts';
import type { StatementCorrection, UploadHints } from './prepare.ts';
import { rejectedOutcome } from './process.ts';
import { ACCEPTED_FORMATS_TEXT, isAcceptedFormat, MAX_STATEMENT_BYTES, sniffFormat } from './readers/index.ts';
import * as store from './statements-store.ts';
import type { RejectionReason, StatementAccountKind } from './types.ts';

export interface IncomingStatement {
  bytes: Buffer;
  /** The bytes' sha-256 (hex) when the caller hashed them as they arrived; computed here otherwise. */
  sha256?: string;
  filename: string | null;
  mediaType: string | null;
  /** 'api' refuses a file it cannot take (413, 415); 'email' keeps it, rejected, so the sender can see what became of it. */
  source: 'api' | 'email';
  bankAccountId?: string;
  hints?: UploadHints;
}

export const MAX_STATEMENT_MEGABYTES = MAX_STATEMENT_BYTES / 1024 / 1024;
/** The kinds a document's own reading can give; a trust account is made through POST /bank-accounts and its statements attached to it. */
const STATEMENT_KINDS: readonly StatementAccountKind[] = ['checking', 'savings', 'credit_card'];
const BALANCE_PATTERN = /^-?\d{1,13}(\.\d{1,4})?$/;

export function validateHints(hints: UploadHints): UploadHints {
  if (hints.kind !== undefined && !STATEMENT_KINDS.includes(hints.kind))
    throw invalid(`kind: must be one of ${STATEMENT_KINDS.join(', ')}`);
  for (const field of ['openingBalance', 'closingBalance'] as const) {
    const value = hints[field];
    if (value !== undefined && !BALANCE_PATTERN.test(value))
      throw invalid(
        `${field}: must be a plain decimal number such as 1234.56 or -12.5 (no thousands separators or currency sign)`,
      );
  }
  return Object.fromEntries(Object.entries(hints).filter(([, value]) => value !== undefined)) as UploadHints;
}

/** Why a file cannot be taken, or undefined when it can: the size limit first, then the kind of file. */
function refusalOf(
  incoming: IncomingStatement,
): { code: 'payload_too_large' | 'unsupported_media_type'; reason: string } | undefined {
  if (incoming.bytes.length > MAX_STATEMENT_BYTES) {
    return {
      code: 'payload_too_large',
      reason: `file: a statement file may be at most ${MAX_STATEMENT_MEGABYTES} MB (got ${(incoming.bytes.length / 1024 / 1024).toFixed(1)} MB); accepted: ${ACCEPTED_FORMATS_TEXT}`,
    };
  }
  const sniffed = sniffFormat(incoming.bytes, incoming.filename, incoming.mediaType);
  if (!sniffed.ok)
    return {
      code: 'unsupported_media_type',
      reason: `file: ${sniffed.reason}; accepted: ${ACCEPTED_FORMATS_TEXT}, at most ${MAX_STATEMENT_MEGABYTES} MB`,
    };
  if (!isAcceptedFormat(sniffed.format))
    return {
      code: 'unsupported_media_type',
      reason: `file: ${sniffed.format} statements cannot be read by this installation; accepted: ${ACCEPTED_FORMATS_TEXT}`,
    };
  return undefined;
}

/**
 * A document's identity within its tenant: the sha-256 of its bytes and of what steers their reading
 * (the bank account it is attached to, the hints). An e-mail with a document the tenant already has,
 * whatever became of it, is a resent message: nothing is stored. An upload is answered with an earlier
 * document only while that one waits to be read (a retry after a lost answer, a double submit); once it
 * has been read, uploading the same file again asks for it to be read again (restoring that version of
 * a period another copy replaced), so it is stored and read. Other hints or another account (say, the
 * closing balance a rejected CSV lacked) make another reading in any case.
 */
function contentKey(bytesSha256: string, bankAccountId: string | null, hints: UploadHints): string {
  const steering = JSON.stringify([bankAccountId, Object.entries(hints).sort(([a], [b]) => (a < b ? -1 : 1))]);
  return createHash('sha256').update(`${bytesSha256}\n${steering}`).digest('hex');
}

export type DocumentStatus = 'processing' | 'ingested' | 'rejected';

/**
 * A statement file arrives (upload or e-mail attachment). The bytes are kept whole with the hints,
 * in status processing: the worker reads and ingests it later. Returns the new document's id; for a
 * document that counts as already received (contentKey), nothing is stored and the answer is that
 * document, with its current status and `duplicate: true`.
 */
export async function receiveStatement(
  handle: DatabaseHandle,
  tenantId: string,
  received: IncomingStatement,
): Promise<{ documentId: string; status: DocumentStatus; duplicate: boolean }> {
  // A file's name and type are whatever the sender's system gave it: control characters in them
  // become spaces (documented) rather than refusing the statement.
  const incoming = { ...received, filename: labelText(received.filename), mediaType: labelText(received.mediaType) };
  if (incoming.bytes.length === 0 && incoming.source === 'api') throw invalid('file: is empty');
  const refusal =
    incoming.bytes.length === 0
      ? { code: 'unsupported_media_type' as const, reason: 'file: is empty' }
      : refusalOf(incoming);
  if (refusal && incoming.source === 'api') throw new DomainError(refusal.code, refusal.reason);
  const hints = validateHints(incoming.hints ?? {});

  let entityId: string;
  let bankAccountId: string | null = null;
  if (incoming.bankAccountId) {
    const [account] = await findBankAccountsByIds(handle.readDb, tenantId, [incoming.bankAccountId]);
    if (!account)
      throw invalid(`bankAccountId: no bank account ${incoming.bankAccountId} (GET /bank-accounts lists them)`);
    entityId = account.entity_id;
    bankAccountId = account.id;
  } else {
    const entity = await findPrimaryEntity(handle.readDb, tenantId);
    if (!entity) throw notFound('primary entity');
    entityId = entity.id;
  }

  const now = new Date().toISOString();
  const documentId = newId();
  // WebCrypto hashes on libuv's thread pool: 20 MB hashed inline held the event loop about 50 ms.
  const sha256 =
    incoming.sha256 ??
    Buffer.from(await crypto.subtle.digest('SHA-256', incoming.bytes as Uint8Array<ArrayBuffer>)).toString('hex');
  const rejected = refusal
    ? rejectedOutcome(
        { reason: 'document_unreadable', message: refusal.reason.replace(/^file: /, 'the attachment is ') },
        null,
        bankAccountId,
        now,
      )
    : undefined;
  const key = contentKey(sha256, bankAccountId, hints);
  const anyStatus = incoming.source === 'email';
  const duplicateOf = async (id: string) => {
    const existing = await store.findDocument(handle.db, tenantId, id);
    return { documentId: id, status: existing!.status as DocumentStatus, duplicate: true };
  };
  const earlier = await store.findEarlierDocument(handle.db, tenantId, key, anyStatus);
  if (earlier) return duplicateOf(earlier.id);
  // The bytes first, a chunk at a time with the event loop turning between; the row that makes them a document last.
  await store.writeDocumentContent(handle.db, tenantId, documentId, incoming.bytes, now, yieldToEventLoop);
  let storedId: string;
  try {
    storedId = await withWriteTransaction(handle, (trx) =>
      store.insertDocumentOnce(
        trx,
        {
          id: documentId,
          tenant_id: tenantId,
          entity_id: entityId,
          bank_account_id: bankAccountId,
          source: incoming.source,
          filename: incoming.filename,
          media_type: incoming.mediaType || 'application/octet-stream',
          size_bytes: incoming.bytes.length,
          sha256,
          content_key: key,
          hints: Object.keys(hints).length > 0 ? JSON.stringify(hints) : null,
          status: 'processing',
          format: null,
          rejection_reason: null,
          rejection_message: null,
          rejection_detail: null,
          conflicts: null,
          corrections: null,
          statement_period_id: null,
          statement_period_ids: null,
          created_at: now,
          updated_at: now,
          claim_token: null,
          claimed_until: null,
          attempts: 0,
          ...rejected,
        },
        anyStatus,
      ),
    );
  } catch (error) {
    await store.deleteDocumentContent(handle.db, tenantId, documentId);
    throw error;
  }
  if (storedId === documentId) return { documentId, status: rejected ? 'rejected' : 'processing', duplicate: false };
  // A delivery of the same document won the race meanwhile: its bytes are the ones kept.
  await store.deleteDocumentContent(handle.db, tenantId, documentId);
  return duplicateOf(storedId);
}

/** How old the bytes of an upload that never became a document must be before they are removed. */
const ABANDONED_UPLOAD_AGE_MS = 60 * 60_000;

/**
 * Removes the bytes of uploads that crashed between storing them and writing their document (see
 * receiveStatement), once they are an hour old: an upload still under way, in this process or
 * another API process, is never that slow.
 */
export async function removeAbandonedUploads(handle: DatabaseHandle, now: Date = new Date()): Promise<number> {
  return store.deleteOrphanContent(handle.db, new Date(now.getTime() - ABANDONED_UPLOAD_AGE_MS).toISOString());
}

function labelText(text: string | null): string | null {
  return text === null ? null : replaceControlCharacters(text).trim() || null;
}

export interface StatementPeriodView {
  id: string;
  documentId: string;
  bankAccountId: string;
  periodStart: string;
  periodEnd: string;
  currency: string;
  openingBalance: number;
  closingBalance: number;
  transactionCount: number;
  continuityOk: boolean;
  createdAt: string;
}

export function toStatementPeriodView(row: StatementPeriodsTable): StatementPeriodView {
  return {
    id: row.id,
    documentId: row.document_id,
    bankAccountId: row.bank_account_id,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    currency: row.currency,
    openingBalance: toMajorUnits(row.opening_balance_minor, row.currency),
    closingBalance: toMajorUnits(row.closing_balance_minor, row.currency),
    transactionCount: row.transaction_count,
    continuityOk: row.continuity_ok === 1,
    createdAt: row.created_at,
  };
}

export interface UploadStatusView {
  documentId: string;
  status: 'processing' | 'ingested' | 'rejected';
  source: string;
  filename: string | null;
  mediaType: string;
  sizeBytes: number;
  format: string | null;
  bankAccountId: string | null;
  createdAt: string;
  statement?: StatementPeriodView;
  statements?: StatementPeriodView[];
  rejection?: { reason: RejectionReason; message: string; expected?: number | null; stated?: number | null };
  conflicts: StatementConflict[];
  corrections: StatementCorrection[];
}

function toUploadStatus(document: store.DocumentSummary, periods: StatementPeriodsTable[]): UploadStatusView {
  const view: UploadStatusView = {
    documentId: document.id,
    status: document.status as UploadStatusView['status'],
    source: document.source,
    filename: document.filename,
    mediaType: document.media_type,
    sizeBytes: document.size_bytes,
    format: document.format,
    bankAccountId: document.bank_account_id,
    createdAt: document.created_at,
    conflicts: document.conflicts ? (JSON.parse(document.conflicts) as StatementConflict[]) : [],
    corrections: document.corrections ? (JSON.parse(document.corrections) as StatementCorrection[]) : [],
  };
  if (periods.length > 0) {
    view.statement = toStatementPeriodView(periods[0]);
    view.statements = periods.map(toStatementPeriodView);
  }
  if (document.status === 'rejected') {
    view.rejection = {
      reason: document.rejection_reason as RejectionReason,
      message: document.rejection_message ?? '',
      ...(document.rejection_detail
        ? (JSON.parse(document.rejection_detail) as { expected: number | null; stated: number | null })
        : {}),
    };
  }
  return view;
}

/**
 * Runs a rejected document through the current readers and gate again (a reader was fixed, or the
 * account it needed now exists): it goes back to processing with its bytes and hints as uploaded.
 * A document still processing, or ingested, is not retried (409): an ingested statement is replaced
 * by uploading a new copy, which replaces its period.
 */
export async function retryStatement(
  handle: DatabaseHandle,
  tenantId: string,
  documentId: string,
): Promise<{ documentId: string; status: 'processing' }> {
  await withWriteTransaction(handle, async (trx) => {
    const document = await store.findDocument(trx, tenantId, documentId);
    if (!document) throw notFound(`statement upload ${documentId}`);
    if (document.status === 'processing')
      throw conflict(`statement upload ${documentId} is still processing; only a rejected upload is retried`);
    if (document.status === 'ingested')
      throw conflict(`statement upload ${documentId} is already ingested; upload a new copy to replace its period`);
    const requeued = await store.requeueRejectedDocument(trx, tenantId, documentId, new Date().toISOString());
    if (!requeued) throw conflict(`statement upload ${documentId} is no longer rejected`);
  });
  return { documentId, status: 'processing' };
}

/** The periods a document's ingest wrote, in its order (documents from before migration 0014 list their one period). */
async function periodsOf(
  handle: DatabaseHandle,
  tenantId: string,
  document: store.DocumentSummary,
): Promise<StatementPeriodsTable[]> {
  const ids = document.statement_period_ids
    ? (JSON.parse(document.statement_period_ids) as string[])
    : document.statement_period_id
      ? [document.statement_period_id]
      : [];
  const periods: StatementPeriodsTable[] = [];
  for (const id of ids) {
    const period = await store.findPeriod(handle.readDb, tenantId, id);
    if (period) periods.push(period);
  }
  return periods;
}

export async function getUploadStatus(
  handle: DatabaseHandle,
  tenantId: string,
  documentId: string,
): Promise<UploadStatusView> {
  const document = await store.findDocument(handle.readDb, tenantId, documentId);
  if (!document) throw notFound(`statement upload ${documentId}`);
  return toUploadStatus(document, await periodsOf(handle, tenantId, document));
}

/** Every upload of the tenant, newest first (the CLI's `uploads`). */
export async function listUploads(handle: DatabaseHandle, tenantId: string, limit = 200): Promise<UploadStatusView[]> {
  const documents = await store.listDocuments(handle.readDb, tenantId, limit);
  const views: UploadStatusView[] = [];
  for (const document of documents) {
    views.push(toUploadStatus(document, await periodsOf(handle, tenantId, document)));
  }
  return views;
}

export async function listStatementPeriods(
  handle: DatabaseHandle,
  tenantId: string,
  query: { bankAccountId?: string; limit: number; offset: number },
): Promise<{ periods: StatementPeriodView[]; nextOffset: number | null; booksCurrentThrough: string | null }> {
  const rows = await store.listPeriods(handle.readDb, { tenantId, ...query });
  const hasMore = rows.length > query.limit;
  return {
    periods: rows.slice(0, query.limit).map(toStatementPeriodView),
    nextOffset: hasMore ? query.offset + query.limit : null,
    booksCurrentThrough: await store.latestPeriodEnd(handle.readDb, tenantId, query.bankAccountId),
  };
}
