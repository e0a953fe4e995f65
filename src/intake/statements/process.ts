import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../../db/connection.ts';
import { withWriteTransaction } from '../../db/transaction.ts';
import { visibleControlCharacters } from '../../shared/text.ts';
import { yieldToEventLoop } from '../../shared/event-loop.ts';
import { findBankAccountsByIds } from '../../bank-rows/bank-accounts-store.ts';
import { ingestStatements, StatementSectionRejected, type IngestCheckpoint } from './ingest.ts';
import type { StatementRejection, UploadHints } from './prepare.ts';
import { runReader } from './read-statement.ts';
import { defaultReaderPool, type ReaderPool } from './reader-pool.ts';
import { sniffFormat, type StatementFormat } from './readers/index.ts';
import * as store from './statements-store.ts';
import type { ReadOutcome, ReaderContext, StatementReader } from './types.ts';

export interface StatementProcessingSettings {
  /** How long a claimed document is left to its worker before another may take it up (a crashed worker's claim lapses). */
  leaseMs: number;
  /** Claims after which a document that keeps failing is rejected instead of retried forever. */
  maxAttempts: number;
  /** Documents read per pass (each claimed on its own, just before it is read). */
  batchSize: number;
}

export const DEFAULT_STATEMENT_PROCESSING: StatementProcessingSettings = {
  leaseMs: 5 * 60_000,
  maxAttempts: 3,
  batchSize: 4,
};

export interface StatementProcessingOptions {
  /** Called after a pass that ingested rows, so the sweep can categorize and book them at once. */
  onIngested?: () => void;
  logger?: { error(object: object, message: string): void };
  /** Where documents are read: a pool of worker threads with a time budget and a heap ceiling (the process's default pool unless given). */
  readerPool?: ReaderPool;
  /** Test seam: readers by format, run in this thread instead of the pool. */
  readerFor?: (format: StatementFormat) => StatementReader | undefined;
  /** Test seam: called at named points of the write, to prove a failure there leaves nothing. */
  checkpoint?: IngestCheckpoint;
}

/**
 * One pass over uploaded documents waiting in status `processing`. The document row is the unit of
 * work: it is claimed for a lease (several workers on PostgreSQL never take the same one), read
 * outside any transaction (reading a scanned page takes seconds), then its outcome and everything
 * it writes commit together, only while the claim still holds. A worker that dies mid-way leaves the
 * document processing; once the lease lapses another worker reads it again. Returns how many
 * documents reached an outcome.
 */
export async function processStatementsOnce(
  handle: DatabaseHandle,
  settings: StatementProcessingSettings,
  options: StatementProcessingOptions = {},
): Promise<number> {
  const token = randomUUID();
  let finished = 0;
  let ingested = 0;
  // One document claimed at a time, just before it is read, and its attempt counted as reading starts:
  // only the document being read when a worker crashes or hangs uses one up, never those beside it.
  // A document is tried once a pass, even when its claim lapses at once.
  const tried: string[] = [];
  while (tried.length < settings.batchSize) {
    const now = new Date();
    const [document] = await withWriteTransaction(handle, (trx) =>
      store.claimDocuments(
        trx,
        1,
        now.toISOString(),
        new Date(now.getTime() + settings.leaseMs).toISOString(),
        token,
        handle.dialect === 'postgres',
        tried,
      ),
    );
    if (!document) break;
    tried.push(document.id);
    try {
      const result = await processDocument(handle, document, settings, options);
      if (result !== 'claim_lost') finished++;
      if (result === 'ingested') ingested++;
    } catch (error) {
      // Left in processing under a claim that will lapse: the document is read again later, and the
      // attempt counter ends a document that can never be processed.
      options.logger?.error(
        { err: error, documentId: document.id, attempt: document.attempts },
        'statement processing failed; it will be retried',
      );
    }
  }
  if (ingested > 0) options.onIngested?.();
  return finished;
}

async function processDocument(
  handle: DatabaseHandle,
  document: store.DocumentSummary,
  settings: StatementProcessingSettings,
  options: StatementProcessingOptions,
): Promise<'ingested' | 'rejected' | 'claim_lost'> {
  const lockRows = handle.dialect === 'postgres';
  const hints = parseHints(document.hints);
  const attempts = await store.startAttempt(handle.db, document.tenant_id, document.id, document.claim_token!);
  if (attempts === undefined) return 'claim_lost';
  document.attempts = attempts; // for the log line, should this attempt fail
  let outcome: ReadOutcome & { sniffed?: StatementFormat };
  if (attempts > settings.maxAttempts) {
    outcome = {
      ok: false,
      reason: 'document_unreadable',
      message: `the document could not be processed in ${settings.maxAttempts} attempts`,
    };
  } else {
    const bytes = await store.documentContent(handle.db, document.tenant_id, document.id, yieldToEventLoop);
    if (!bytes) return 'claim_lost';
    let knownCurrency: string | undefined;
    if (document.bank_account_id) {
      const [account] = await findBankAccountsByIds(handle.db, document.tenant_id, [document.bank_account_id]);
      knownCurrency = account?.currency;
    }
    outcome = await readDocument(
      bytes,
      {
        filename: document.filename,
        mediaType: document.media_type,
        hints: { kind: hints.kind, currency: knownCurrency },
      },
      { pool: options.readerPool, readerFor: options.readerFor, transferBytes: true },
    );
  }

  const format = outcome.ok ? outcome.format : (outcome.sniffed ?? null);
  const finishRejected = (rejection: StatementRejection) =>
    withWriteTransaction(handle, async (trx) => {
      if (!(await store.holdClaim(trx, document.tenant_id, document.id, document.claim_token!, lockRows)))
        return 'claim_lost' as const;
      await store.finishDocument(
        trx,
        document.tenant_id,
        document.id,
        rejectedOutcome(rejection, format, document.bank_account_id, new Date().toISOString()),
      );
      return 'rejected' as const;
    });
  if (!outcome.ok) return finishRejected({ reason: outcome.reason, message: outcome.message });
  const sections = outcome.statements
    ? outcome.statements.map((statement, index) => ({
        statement,
        evidence: outcome.evidences?.[index] ?? outcome.evidence,
      }))
    : [{ statement: outcome.statement, evidence: outcome.evidence }];
  try {
    return await withWriteTransaction(handle, async (trx) => {
      if (!(await store.holdClaim(trx, document.tenant_id, document.id, document.claim_token!, lockRows)))
        return 'claim_lost';
      const result = await ingestStatements(
        trx,
        handle.dialect,
        {
          tenantId: document.tenant_id,
          entityId: document.entity_id,
          documentId: document.id,
          bankAccountId: document.bank_account_id,
          hints,
        },
        sections,
        options.checkpoint,
      );
      await store.finishDocument(trx, document.tenant_id, document.id, {
        status: 'ingested',
        format,
        rejection_reason: null,
        rejection_message: null,
        rejection_detail: null,
        conflicts: JSON.stringify(result.conflicts),
        corrections: result.corrections.length > 0 ? JSON.stringify(result.corrections) : null,
        statement_period_id: result.statementPeriodIds[0],
        statement_period_ids: JSON.stringify(result.statementPeriodIds),
        bank_account_id: result.bankAccountId,
        updated_at: new Date().toISOString(),
      });
      return 'ingested';
    });
  } catch (error) {
    // A rejected statement rolled back the whole document; its rejection is recorded on its own.
    if (error instanceof StatementSectionRejected) return finishRejected(error.rejection);
    throw error;
  }
}

export function rejectedOutcome(
  rejection: StatementRejection,
  format: string | null,
  bankAccountId: string | null,
  now: string,
): store.DocumentOutcome {
  const detail =
    rejection.expected !== undefined || rejection.stated !== undefined
      ? { expected: rejection.expected ?? null, stated: rejection.stated ?? null }
      : null;
  return {
    status: 'rejected',
    format,
    rejection_reason: rejection.reason,
    // Messages may quote the document; a control character in them could not be stored.
    rejection_message: visibleControlCharacters(rejection.message),
    rejection_detail: detail && JSON.stringify(detail),
    conflicts: null,
    corrections: null,
    statement_period_id: null,
    statement_period_ids: null,
    bank_account_id: bankAccountId,
    updated_at: now,
  };
}

/**
 * Reads a document: its format from its first bytes, then its reader in a worker of the pool, which
 * answers with a statement or a rejection whatever the document does (a reader that throws, runs out
 * of time or memory, or meets a limit: see ./reader-pool.ts).
 */
export async function readDocument(
  bytes: Buffer,
  context: ReaderContext,
  readers: {
    pool?: ReaderPool;
    readerFor?: (format: StatementFormat) => StatementReader | undefined;
    /** The caller gives the bytes up: a reader thread gets them without a copy, and `bytes` is left empty. */
    transferBytes?: boolean;
  } = {},
): Promise<ReadOutcome & { sniffed?: StatementFormat }> {
  const sniffed = sniffFormat(bytes, context.filename, context.mediaType);
  if (!sniffed.ok) return { ok: false, reason: 'document_unreadable', message: `the file is ${sniffed.reason}` };
  let outcome: ReadOutcome;
  if (readers.readerFor) {
    const reader = readers.readerFor(sniffed.format);
    outcome = reader
      ? await runReader(reader, sniffed.format, bytes, context)
      : { ok: false, reason: 'document_unreadable', message: `no reader for ${sniffed.format} documents is installed` };
  } else {
    outcome = await (readers.pool ?? defaultReaderPool()).read(sniffed.format, bytes, context, {
      transfer: readers.transferBytes ?? false,
    });
  }
  return outcome.ok ? outcome : { ...outcome, sniffed: sniffed.format };
}

export function parseHints(text: string | null): UploadHints {
  if (!text) return {};
  const parsed = JSON.parse(text) as UploadHints;
  return { kind: parsed.kind, openingBalance: parsed.openingBalance, closingBalance: parsed.closingBalance };
}
