import { ACCOUNT } from '../chart/us-chart.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { withTenantTransaction, type Executor } from '../db/transaction.ts';
import { assertInvariant, invalid, notFound } from '../errors.ts';
import { findBankAccountsByIds } from '../bank-rows/bank-accounts-store.ts';
import { toTransactionView, type TransactionView } from '../bank-rows/transaction-view.ts';
import type { RecordChange } from '../shared/audit-change.ts';
import type { BankRow } from '../bank-rows/bank-row.ts';
import {
  deleteTransaction,
  findTransaction,
  findTransactionForUpdate,
  lockRowsAwaitingReviewOfMerchant,
  updateCategorization,
} from '../bank-rows/transactions-store.ts';
import { post, reverse } from '../ledger/journal.ts';
import { systemClock, type Clock } from '../shared/clock.ts';
import { findTenant } from '../tenancy/tenancy-store.ts';
import { describe } from './categorize/engine.ts';
import { categorizeStoredRows, type TierRuntime } from './categorize/run.ts';
import { serviceTiers } from './categorize/tiers.ts';
import { TRANSFER } from './categorize/types.ts';
import { rememberDecision } from './memory-store.ts';
import { refile } from './rebook.ts';
import { loadEntityChart, rowEntry, type EntityChart } from '../ledger/row-entry.ts';

export const MAX_REASON_LENGTH = 500;
/** Rows of the corrected merchant re-decided at once; more wait for their own review. */
export const MAX_WAITING_RECATEGORIZED = 1000;

export interface CorrectionSettings {
  reviewThreshold: number;
  /** The time corrections are booked at; default: the wall clock. */
  clock?: Clock;
  tiers?: TierRuntime;
}

/**
 * A human files a row under an account (or marks it a transfer). The row's current entry is reversed
 * and a new one booked, in one transaction; the choice is remembered for the row's merchant, and the
 * merchant's other rows still waiting for review are decided again at once with the new memory.
 * Rows a human already decided are never touched. Confirming the category a row already has books
 * nothing new and only strengthens the memory.
 */
export async function recategorize(
  handle: DatabaseHandle,
  tenantId: string,
  transactionId: string,
  input: { category: string; reason?: string },
  settings: CorrectionSettings,
  recordChange?: RecordChange,
): Promise<TransactionView> {
  const reason = input.reason?.trim() || null;
  if (reason && reason.length > MAX_REASON_LENGTH) throw invalid(`reason: at most ${MAX_REASON_LENGTH} characters`);
  await withTenantTransaction(handle, tenantId, async (trx) => {
    const row = await findTransactionForUpdate(trx, tenantId, transactionId, handle.dialect === 'postgres');
    if (!row) throw notFound(`transaction ${transactionId}`);
    const chart = await loadEntityChart(trx, tenantId, row.entityId);
    const [bankAccount] = await findBankAccountsByIds(trx, tenantId, [row.bankAccountId]);
    assertInvariant(bankAccount, `row ${row.id} has its bank account`);
    const target = input.category;
    if (target !== TRANSFER) {
      if (!chart.byNumber.has(target))
        throw invalid(
          `category: "${target}" is not an account number of this entity's chart (see GET /accounts) nor "transfer"`,
        );
      if (target === bankAccount.ledger_account_number)
        throw invalid(`category: ${target} is this row's own bank account`);
    }
    const now = (settings.clock ?? systemClock)().toISOString();
    const categorization = describe(target, 1, 'user_override', {
      accountCategories: chart.categories,
      reviewThreshold: 1,
    });
    let journalEntryId = row.journalEntryId;
    const unchanged = row.categoryTarget === target && row.journalEntryId !== null;
    if (!row.pending && !unchanged) {
      const draft = rowEntry(tenantId, row, bankAccount, chart, target);
      if (reason) for (const line of draft.lines) line.memo = `Correction: ${reason}`;
      [journalEntryId] = await post(trx, tenantId, [draft], row.journalEntryId ? [row.journalEntryId] : [], now);
    }
    await updateCategorization(
      trx,
      tenantId,
      row.id,
      {
        categoryTarget: target,
        categoryConfidence: 1,
        categorySource: 'user_override',
        transactionType: categorization.transactionType,
        needsReview: categorization.needsReview,
        // A pending row goes back to the sweep once settled; until then there is nothing to book. A row
        // the sweep parked is filed by the human's choice, so it leaves the failed state (and its error).
        sweepState: !row.pending || row.sweepState === 'failed' ? 'done' : row.sweepState,
        journalEntryId,
        updatedAt: now,
      },
      row.journalEntryId,
    );
    // Parking a row on a catch-all is not a preference worth learning.
    if (target !== ACCOUNT.uncategorizedExpense && target !== ACCOUNT.uncategorizedIncome) {
      await rememberDecision(trx, tenantId, row.entityId, row.merchantKey, target, now);
      await redecideWaitingRows(trx, tenantId, row, chart, settings, now, handle.dialect === 'postgres');
    }
    if (recordChange) {
      const corrected = await findTransaction(trx, tenantId, row.id);
      assertInvariant(corrected, 'a corrected row is still there');
      await recordChange(trx, {
        action: 'transaction.recategorize',
        targetType: 'transaction',
        targetId: row.id,
        before: filing(row),
        after: reason ? { ...filing(corrected), reason } : filing(corrected),
      });
    }
  });
  const updated = await findTransaction(handle.db, tenantId, transactionId);
  assertInvariant(updated, 'a corrected row is still there');
  return toTransactionView(updated);
}

/** How a row is filed, as the audit log shows it. */
function filing(row: BankRow) {
  return {
    category: row.categoryTarget,
    source: row.categorySource,
    needsReview: row.needsReview,
    journalEntryId: row.journalEntryId,
  };
}

export interface Removal {
  id: string;
  /** The entry that cancels the row's booking; null when the row was not booked. */
  reversalEntryId: string | null;
}

/**
 * Removes a row that should not be in the books (a duplicate, a row the bank never made, one the
 * sweep parked that the owner does not want). The journal is append-only: a booked row's entry is
 * reversed, in the same transaction as the row is deleted; the entry and its reversal stay, naming
 * the row as their source. The other leg of a transfer it was paired with is unlinked and waits for
 * review. Whatever sends the row again (a re-push with the same id, a statement re-uploaded) brings
 * it back as a new row.
 */
export async function removeTransaction(
  handle: DatabaseHandle,
  tenantId: string,
  transactionId: string,
  clock: Clock = systemClock,
  recordChange?: RecordChange,
): Promise<Removal> {
  return withTenantTransaction(handle, tenantId, async (trx) => {
    const row = await findTransactionForUpdate(trx, tenantId, transactionId, handle.dialect === 'postgres');
    if (!row) throw notFound(`transaction ${transactionId}`);
    const now = clock().toISOString();
    const reversalEntryId = row.journalEntryId ? await reverse(trx, tenantId, row.journalEntryId, now) : null;
    await deleteTransaction(trx, tenantId, row, now);
    if (recordChange) {
      const view = toTransactionView({ ...row, categoryAccountName: null });
      await recordChange(trx, {
        action: 'transaction.delete',
        targetType: 'transaction',
        targetId: row.id,
        before: {
          date: view.date,
          amount: view.amount,
          currency: view.currency,
          description: view.description,
          category: row.categoryTarget,
          journalEntryId: view.journalEntryId,
        },
        after: { reversalEntryId },
      });
    }
    return { id: row.id, reversalEntryId };
  });
}

/** The merchant's other rows still waiting for review, decided again by the full engine with the new memory. */
async function redecideWaitingRows(
  trx: Executor,
  tenantId: string,
  corrected: BankRow,
  chart: EntityChart,
  settings: CorrectionSettings,
  now: string,
  lockRows: boolean,
): Promise<void> {
  const waiting = await lockRowsAwaitingReviewOfMerchant(trx, tenantId, corrected, MAX_WAITING_RECATEGORIZED, lockRows);
  if (waiting.length === 0) return;
  const tenant = await findTenant(trx, tenantId);
  assertInvariant(tenant, `tenant ${tenantId} exists`);
  const bankAccounts = new Map(
    (await findBankAccountsByIds(trx, tenantId, [...new Set(waiting.map((row) => row.bankAccountId))])).map(
      (account) => [account.id, account],
    ),
  );
  const { categorizations } = await categorizeStoredRows(trx, {
    tenantId,
    rows: waiting,
    bankAccounts,
    charts: new Map([[corrected.entityId, chart]]),
    reviewThreshold: tenant.review_threshold ?? settings.reviewThreshold,
    runtime: settings.tiers ?? serviceTiers(),
    detectTransfers: false,
  });
  for (const row of waiting) {
    await refile(trx, tenantId, row, bankAccounts.get(row.bankAccountId)!, chart, categorizations.get(row.id)!, now);
  }
}
