import { findAccountByNumber } from '../../chart/accounts-store.ts';
import { ACCOUNT } from '../../chart/us-chart.ts';
import type { Dialect } from '../../db/dialect.ts';
import type { BankAccountsTable, StatementPeriodsTable } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';
import { assertInvariant } from '../../errors.ts';
import { addDays } from '../../shared/dates.ts';
import { EventLoopPacer } from '../../shared/event-loop.ts';
import { newId } from '../../shared/ids.ts';
import { findEntity } from '../../tenancy/tenancy-store.ts';
import { applyOpeningBalance, createBankAccount, type BankAccountKind } from '../bank-accounts.ts';
import { findBankAccountsByIds, listBankAccounts } from '../../bank-rows/bank-accounts-store.ts';
import { contentKey, externalIdFor } from '../identity.ts';
import { newUncategorizedRow } from '../../bank-rows/arriving-row.ts';
import {
  deleteUntouchedRows,
  insertNewTransactions,
  markSettled,
  rowsOfAccountBetween,
  type NewTransactionRow,
  type RowForStatement,
} from '../../bank-rows/transactions-store.ts';
import {
  prepareStatementPaced,
  type KnownAccount,
  type PreparedStatement,
  type StatementCorrection,
  type StatementRejection,
  type UploadHints,
} from './prepare.ts';
import { lineDateRange } from './readers/common.ts';
import * as store from './statements-store.ts';
import type { ParsedStatement, StatementAccountKind, StatementEvidence } from './types.ts';

export interface StatementConflict {
  transactionId: string;
  /** Why a row the new copy no longer lists was kept: it is already `booked` to the ledger, or `categorized`. */
  reason: 'booked' | 'categorized';
}

export interface IngestRequest {
  tenantId: string;
  entityId: string;
  documentId: string;
  statement: ParsedStatement;
  /** What the document printed besides its lines, for the completeness gate. */
  evidence: StatementEvidence;
  /** The account the upload was attached to (bankAccountId), if any. */
  bankAccountId: string | null;
  hints: UploadHints;
}

export type IngestResult =
  | {
      status: 'ingested';
      statementPeriodId: string;
      bankAccountId: string;
      conflicts: StatementConflict[];
      rowsInserted: number;
      corrections: StatementCorrection[];
    }
  | { status: 'rejected'; rejection: StatementRejection };

/** Named points inside the write, where a test can make it fail to prove nothing of it stays. */
export type IngestStage = 'account' | 'rows' | 'period';
export type IngestCheckpoint = (stage: IngestStage) => void | Promise<void>;

/** Institution name used when a statement names none (its account is then found by last four digits alone). */
export const UNNAMED_INSTITUTION = 'Unnamed bank';

/**
 * Ingests one read statement inside the caller's transaction: the gate first (nothing is written
 * for a statement that fails it), then the account (found by institution and last four digits, or
 * created with its ledger account), its opening balance (anchored to the earliest period seen),
 * the rows (one per line; a row already there by date, amount and description, however it arrived,
 * is that line), the period (replacing a copy for the same account and period) and the continuity
 * of the periods around it. The caller commits or rolls back the whole.
 */
export async function ingestStatement(
  trx: Executor,
  dialect: Dialect,
  request: IngestRequest,
  checkpoint: IngestCheckpoint = () => {},
): Promise<IngestResult> {
  const { tenantId } = request;
  let known: BankAccountsTable | undefined;
  if (request.bankAccountId) {
    [known] = await findBankAccountsByIds(trx, tenantId, [request.bankAccountId]);
    assertInvariant(known, `bank account ${request.bankAccountId} of an upload exists for its tenant`);
  }
  // A trust account's statement reads like a checking account's: a depository, balance up with money in.
  const knownAccount: KnownAccount | undefined = known && {
    id: known.id,
    kind: (known.kind === 'trust' ? 'checking' : known.kind) as StatementAccountKind,
    currency: known.currency,
  };
  // On SQLite the transaction holds the only write connection, and better-sqlite3 runs each statement
  // synchronously: the checks and the writes below give the event loop a turn every slice (no other
  // query can use the connection meanwhile, so the statement still lands as one unit).
  const pacer = new EventLoopPacer();
  const prepared = await prepareStatementPaced(request.statement, request.evidence, knownAccount, request.hints, pacer);
  if (!prepared.ok) return { status: 'rejected', rejection: prepared.rejection };
  const statement = prepared.statement;
  const entityId = known?.entity_id ?? request.entityId;
  if (dialect === 'postgres') await store.lockEntity(trx, entityId);
  const now = new Date().toISOString();

  let account = known ?? (await findStatementAccount(trx, tenantId, entityId, statement));
  if (!account) {
    if (!statement.accountLast4) {
      return {
        status: 'rejected',
        rejection: {
          reason: 'document_unreadable',
          message:
            'the statement shows no account number to find or create its bank account by; upload it again with bankAccountId',
        },
      };
    }
    account = await createStatementAccount(trx, tenantId, entityId, statement, now);
  }
  await checkpoint('account');

  await anchorOpeningBalance(trx, account, statement, now);
  const existingPeriod = await store.findPeriodByIdentity(
    trx,
    tenantId,
    account.id,
    statement.periodStart,
    statement.periodEnd,
  );
  const { conflicts, rowsInserted } = await writeRows(
    trx,
    account,
    statement,
    existingPeriod !== undefined,
    now,
    pacer,
  );
  await checkpoint('rows');

  let periodId: string;
  if (existingPeriod) {
    periodId = existingPeriod.id;
    await store.updatePeriod(trx, tenantId, periodId, {
      document_id: request.documentId,
      currency: statement.currency,
      opening_balance_minor: statement.openingMinor,
      closing_balance_minor: statement.closingMinor,
      transaction_count: statement.lines.length,
      updated_at: now,
    });
  } else {
    periodId = newId();
    await store.insertPeriod(trx, {
      id: periodId,
      tenant_id: tenantId,
      entity_id: account.entity_id,
      bank_account_id: account.id,
      document_id: request.documentId,
      period_start: statement.periodStart,
      period_end: statement.periodEnd,
      currency: statement.currency,
      opening_balance_minor: statement.openingMinor,
      closing_balance_minor: statement.closingMinor,
      transaction_count: statement.lines.length,
      continuity_ok: 1,
      created_at: now,
      updated_at: now,
    });
  }
  await recheckContinuity(trx, tenantId, account.id, now);
  await checkpoint('period');
  return {
    status: 'ingested',
    statementPeriodId: periodId,
    bankAccountId: account.id,
    conflicts,
    rowsInserted,
    corrections: statement.corrections,
  };
}

/** Thrown inside the document's transaction when one of its statements is rejected, so none of them stays. */
export class StatementSectionRejected extends Error {
  constructor(readonly rejection: StatementRejection) {
    super(rejection.message);
  }
}

export interface DocumentIngestResult {
  /** In the document's order; the first is the document's statement. */
  statementPeriodIds: string[];
  bankAccountId: string;
  conflicts: StatementConflict[];
  /** The gate's digit corrections; with several statements, each names its account section. */
  corrections: StatementCorrection[];
}

/**
 * Ingests every statement a document holds (several accounts in one PDF) inside the caller's
 * transaction: all or nothing. A rejected statement throws StatementSectionRejected, which rolls the
 * transaction back, the statements written before it included; the caller records the rejection.
 * The upload's bankAccountId names one account, so it applies only to a document holding one.
 */
export async function ingestStatements(
  trx: Executor,
  dialect: Dialect,
  request: Omit<IngestRequest, 'statement' | 'evidence'>,
  sections: ReadonlyArray<{ statement: ParsedStatement; evidence: StatementEvidence }>,
  checkpoint?: IngestCheckpoint,
): Promise<DocumentIngestResult> {
  assertInvariant(sections.length > 0, 'a document that reads holds at least one statement');
  const statements = sections.map((section) => section.statement);
  const several = statements.length > 1;
  const ingested: Array<Extract<IngestResult, { status: 'ingested' }>> = [];
  for (const [index, { statement, evidence }] of sections.entries()) {
    const result = await ingestStatement(
      trx,
      dialect,
      { ...request, statement, evidence, bankAccountId: several ? null : request.bankAccountId },
      checkpoint,
    );
    if (result.status === 'rejected') {
      const section = `account section ${index + 1} of ${statements.length}${statement.accountLast4 ? ` (****${statement.accountLast4})` : ''}`;
      throw new StatementSectionRejected(
        several ? { ...result.rejection, message: `${section}: ${result.rejection.message}` } : result.rejection,
      );
    }
    ingested.push(result);
  }
  return {
    statementPeriodIds: ingested.map((result) => result.statementPeriodId),
    bankAccountId: ingested[0].bankAccountId,
    conflicts: ingested.flatMap((result) => result.conflicts),
    corrections: ingested.flatMap((result, index) =>
      result.corrections.map((correction) => (several ? { ...correction, section: index + 1 } : correction)),
    ),
  };
}

const normalizedInstitution = (name: string) => name.trim().replace(/\s+/g, ' ').toUpperCase();
const externalIdForLast4 = (last4: string) => `****${last4}`;

/**
 * Institution by name (case and spacing aside), account by the last four digits of its external id,
 * in the statement's currency. A statement that names no institution matches on the digits alone.
 * Of several matches the one of the statement's kind wins, then the oldest.
 */
async function findStatementAccount(
  trx: Executor,
  tenantId: string,
  entityId: string,
  statement: PreparedStatement,
): Promise<BankAccountsTable | undefined> {
  if (!statement.accountLast4) return undefined;
  const institution = statement.institutionName && normalizedInstitution(statement.institutionName);
  const candidates = (await listBankAccounts(trx, tenantId, entityId)).filter(
    (account) =>
      account.currency === statement.currency &&
      account.external_id.replace(/\D/g, '').endsWith(statement.accountLast4!) &&
      (!institution || normalizedInstitution(account.institution_name) === institution),
  );
  candidates.sort(
    (a, b) =>
      Number(b.kind === statement.kind) - Number(a.kind === statement.kind) || a.created_at.localeCompare(b.created_at),
  );
  return candidates[0];
}

const KIND_NAMES: Record<StatementAccountKind, string> = {
  checking: 'Checking',
  savings: 'Savings',
  credit_card: 'Credit card',
};

async function createStatementAccount(
  trx: Executor,
  tenantId: string,
  entityId: string,
  statement: PreparedStatement,
  now: string,
): Promise<BankAccountsTable> {
  const entity = await findEntity(trx, tenantId, entityId);
  assertInvariant(entity, `entity ${entityId} of tenant ${tenantId} exists`);
  const last4 = statement.accountLast4!;
  return createBankAccount(
    trx,
    tenantId,
    entityId,
    entity.country,
    statement.institutionName ?? UNNAMED_INSTITUTION,
    {
      index: 0,
      externalId: externalIdForLast4(last4),
      name: `${KIND_NAMES[statement.kind]} ${externalIdForLast4(last4)}`,
      kind: statement.kind as BankAccountKind,
      currency: statement.currency,
      opening: undefined,
    },
    now,
    'statement',
  );
}

/**
 * The account's opening balance is the opening balance of the earliest period ever seen, dated its
 * first day. A re-upload (same start) or a later period never moves it; an earlier period arriving
 * late does, because the books must start where the oldest statement starts.
 */
async function anchorOpeningBalance(
  trx: Executor,
  account: BankAccountsTable,
  statement: PreparedStatement,
  now: string,
): Promise<void> {
  const anchored = account.opening_balance_date !== null;
  if (anchored && account.opening_balance_date! <= statement.periodStart) return;
  const openingEquity = await findAccountByNumber(
    trx,
    account.tenant_id,
    account.entity_id,
    ACCOUNT.openingBalanceEquity,
  );
  assertInvariant(openingEquity, `entity ${account.entity_id} has account ${ACCOUNT.openingBalanceEquity}`);
  await applyOpeningBalance(
    trx,
    account,
    { minor: statement.openingMinor, date: statement.periodStart },
    openingEquity,
    now,
  );
}

/** New rows per insert (a few milliseconds of SQLite work): a slice is written, then the clock is looked at. */
const ROWS_PER_INSERT_SLICE = 1_000;

/**
 * One row per line. The nth line with a given date, amount and description is the nth row of the
 * account with that identity (oldest first), so a row pushed earlier, or written by an earlier copy
 * of this statement, is updated in place rather than duplicated, and two identical coffees on one
 * day stay two rows. When the statement replaces a copy for the same period, rows of the period it
 * no longer lists are removed if nothing has happened to them, and kept as conflicts otherwise.
 */
async function writeRows(
  trx: Executor,
  account: BankAccountsTable,
  statement: PreparedStatement,
  replacing: boolean,
  now: string,
  pacer: EventLoopPacer,
): Promise<{ conflicts: StatementConflict[]; rowsInserted: number }> {
  const tenantId = account.tenant_id;
  const lineDates = lineDateRange(statement.lines);
  const from = lineDates.first < statement.periodStart ? lineDates.first : statement.periodStart;
  const to = lineDates.last > statement.periodEnd ? lineDates.last : statement.periodEnd;
  const existing = await rowsOfAccountBetween(trx, tenantId, account.id, from, to);
  const existingByKey = new Map<string, RowForStatement[]>();
  for (const row of existing) {
    const rows = existingByKey.get(row.contentKey);
    if (rows) rows.push(row);
    else existingByKey.set(row.contentKey, [row]);
  }

  const matched = new Set<string>();
  const toSettle: string[] = [];
  // New rows are written a slice at a time: a million of them never sit in memory at once.
  const toInsert: NewTransactionRow[] = [];
  let rowsInserted = 0;
  let rowsToInsert = 0;
  const insertSlice = async () => {
    rowsToInsert += toInsert.length;
    rowsInserted += await insertNewTransactions(trx, toInsert.splice(0));
  };
  const occurrences = new Map<string, number>();
  for (const line of statement.lines) {
    if (pacer.due()) await pacer.yield();
    const key = contentKey(line.date, line.amountMinor, line.description);
    const occurrence = (occurrences.get(key) ?? 0) + 1;
    occurrences.set(key, occurrence);
    const row = existingByKey.get(key)?.[occurrence - 1];
    if (row) {
      matched.add(row.id);
      // The statement lists settled money: a pending row it shows is settled now.
      if (row.pending) toSettle.push(row.id);
      continue;
    }
    const derived = externalIdFor(undefined, key);
    toInsert.push(
      newUncategorizedRow(
        {
          tenantId,
          entityId: account.entity_id,
          bankAccountId: account.id,
          externalId: occurrence === 1 ? derived : `${derived}#${occurrence}`,
          contentKey: key,
          source: 'statement',
          date: line.date,
          authorizedDate: null,
          amountMinor: line.amountMinor,
          currency: statement.currency,
          description: line.description,
          merchant: null,
          pending: false,
        },
        now,
      ),
    );
    if (toInsert.length === ROWS_PER_INSERT_SLICE) await insertSlice();
  }
  await insertSlice();
  assertInvariant(
    rowsInserted === rowsToInsert,
    `every unmatched statement line is a new row (${rowsInserted} of ${rowsToInsert} inserted)`,
  );
  await markSettled(trx, tenantId, toSettle, now);

  const conflicts: StatementConflict[] = [];
  if (replacing) {
    const unlisted = existing.filter(
      (row) => !matched.has(row.id) && row.date >= statement.periodStart && row.date <= statement.periodEnd,
    );
    const deleted = new Set(
      await deleteUntouchedRows(
        trx,
        tenantId,
        unlisted.map((row) => row.id),
      ),
    );
    for (const row of unlisted) {
      if (!deleted.has(row.id))
        conflicts.push({ transactionId: row.id, reason: row.journalEntryId !== null ? 'booked' : 'categorized' });
    }
  }
  return { conflicts, rowsInserted };
}

/**
 * A period joins its predecessor when it starts the day after (or the day) the predecessor ends and
 * opens at the predecessor's closing balance. Every period of the account is re-checked, so a late
 * statement that fills a gap clears its neighbours' flags and a corrected one that no longer joins
 * sets them, in whichever order they arrive.
 */
async function recheckContinuity(trx: Executor, tenantId: string, bankAccountId: string, now: string): Promise<void> {
  const periods = await store.periodsOfAccount(trx, tenantId, bankAccountId);
  let previous: StatementPeriodsTable | undefined;
  for (const period of periods) {
    const joins =
      previous === undefined ||
      (previous.closing_balance_minor === period.opening_balance_minor &&
        (period.period_start === previous.period_end || period.period_start === addDays(previous.period_end, 1)));
    const flag = joins ? 1 : 0;
    if (period.continuity_ok !== flag)
      await store.updatePeriod(trx, tenantId, period.id, { continuity_ok: flag, updated_at: now });
    previous = period;
  }
}
