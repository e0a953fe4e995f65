import type { AccountCategory } from '../chart/us-chart.ts';
import type { BankAccountsTable } from '../db/schema.ts';
import type { Executor } from '../db/transaction.ts';
import { assertInvariant } from '../errors.ts';
import type { BankRow } from '../bank-rows/bank-row.ts';
import { linkTransferPartner, updateCategorization } from '../bank-rows/transactions-store.ts';
import { post } from '../ledger/journal.ts';
import { bankRowEntry, type EntryDraft } from '../ledger/posting.ts';
import { bookingAccountNumber, type Categorization } from './categorize/engine.ts';

export interface EntityChart {
  byNumber: Map<string, { id: string; category: AccountCategory }>;
  categories: Map<string, AccountCategory>;
}

/** The journal entry that books a settled bank row against its category. */
export function rowEntry(
  tenantId: string,
  row: Pick<BankRow, 'entityId' | 'id' | 'source' | 'date' | 'description' | 'amountMinor' | 'currency'>,
  bankAccount: BankAccountsTable,
  chart: EntityChart,
  target: string,
): EntryDraft {
  const accountNumber = bookingAccountNumber(target);
  const account = chart.byNumber.get(accountNumber);
  assertInvariant(account, `account ${accountNumber} exists in entity ${row.entityId}`);
  return bankRowEntry({
    tenantId,
    entityId: row.entityId,
    transactionId: row.id,
    sourceType: row.source === 'statement' ? 'bank_statement' : 'bank_feed',
    date: row.date,
    description: row.description,
    amountMinor: row.amountMinor,
    currency: row.currency,
    bankLedger: { id: bankAccount.ledger_account_id, accountNumber: bankAccount.ledger_account_number },
    category: { id: account.id, accountNumber },
  });
}

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
