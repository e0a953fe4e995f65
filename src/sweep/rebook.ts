import type { BankAccountsTable } from '../db/schema.ts';
import type { Executor } from '../db/transaction.ts';
import type { BankRow } from '../bank-rows/bank-row.ts';
import { linkTransferPartner, updateCategorization } from '../bank-rows/transactions-store.ts';
import { post } from '../ledger/journal.ts';
import { rowEntry, type EntityChart } from '../ledger/row-entry.ts';
import type { Categorization } from './categorize/engine.ts';

/**
 * Files an already-swept row under a new category outside the sweep (a transfer's second leg, a row
 * re-decided after a correction): its entry is reversed and a new one booked, never edited. A row
 * whose target does not change keeps its entry. `row` must have been read under its lock
 * (`lockRowsToRefile`), so its entry is the one it is booked with now.
 */
export async function refile(
  trx: Executor,
  tenantId: string,
  row: BankRow,
  bankAccount: BankAccountsTable,
  chart: EntityChart,
  categorization: Categorization,
  now: string,
  extra: { transferPairId?: string } = {},
): Promise<void> {
  let journalEntryId = row.journalEntryId;
  if (!row.pending && (row.categoryTarget !== categorization.target || journalEntryId === null)) {
    [journalEntryId] = await post(
      trx,
      tenantId,
      [rowEntry(tenantId, row, bankAccount, chart, categorization.target)],
      row.journalEntryId ? [row.journalEntryId] : [],
      now,
    );
  }
  await updateCategorization(
    trx,
    tenantId,
    row.id,
    {
      categoryTarget: categorization.target,
      categoryConfidence: categorization.confidence,
      categorySource: categorization.source,
      transactionType: categorization.transactionType,
      needsReview: categorization.needsReview,
      sweepState: row.pending ? row.sweepState : 'done',
      journalEntryId,
      updatedAt: now,
    },
    row.journalEntryId,
  );
  if (extra.transferPairId) await linkTransferPartner(trx, tenantId, row.id, extra.transferPairId);
}
