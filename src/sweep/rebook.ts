import type { AccountCategory } from '../chart/us-chart.ts';
import type { BankAccountsTable } from '../db/schema.ts';
import type { Executor } from '../db/transaction.ts';
import { assertInvariant } from '../errors.ts';
import { updateCategorization, type SweepRow, type TransactionRow } from '../intake/transactions-store.ts';
import { post } from '../ledger/journal.ts';
import { bankRowEntry, type EntryDraft } from '../ledger/posting.ts';
import { bookingAccountNumber, type Categorization } from './categorize/engine.ts';

export interface EntityChart {
  byNumber: Map<string, { id: string; category: AccountCategory }>;
  categories: Map<string, AccountCategory>;
}

/** The journal entry that books a settled bank row against its category. */
export function rowEntry(tenantId: string, row: Pick<SweepRow, 'entity_id' | 'id' | 'source' | 'date' | 'description' | 'amount_minor' | 'currency'>, bankAccount: BankAccountsTable, chart: EntityChart, target: string): EntryDraft {
  const accountNumber = bookingAccountNumber(target);
  const account = chart.byNumber.get(accountNumber);
  assertInvariant(account, `account ${accountNumber} exists in entity ${row.entity_id}`);
  return bankRowEntry({
    tenantId,
    entityId: row.entity_id,
    transactionId: row.id,
    sourceType: row.source === 'statement' ? 'bank_statement' : 'bank_feed',
    date: row.date,
    description: row.description,
    amountMinor: row.amount_minor,
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
export async function refile(trx: Executor, tenantId: string, row: TransactionRow, bankAccount: BankAccountsTable, chart: EntityChart, categorization: Categorization, now: string, extra: { transferPairId?: string } = {}): Promise<void> {
  let journalEntryId = row.journal_entry_id;
  if (row.pending === 0 && (row.category_target !== categorization.target || journalEntryId === null)) {
    [journalEntryId] = await post(trx, tenantId, [rowEntry(tenantId, row, bankAccount, chart, categorization.target)], row.journal_entry_id ? [row.journal_entry_id] : [], now);
  }
  await updateCategorization(trx, tenantId, row.id, {
    category_target: categorization.target,
    category_confidence: categorization.confidence,
    category_source: categorization.source,
    transaction_type: categorization.transactionType,
    needs_review: categorization.needsReview ? 1 : 0,
    sweep_state: row.pending === 0 ? 'done' : row.sweep_state,
    journal_entry_id: journalEntryId,
    updated_at: now,
  }, row.journal_entry_id);
  if (extra.transferPairId) await trx.updateTable('transactions').set({ transfer_pair_id: extra.transferPairId }).where('tenant_id', '=', tenantId).where('id', '=', row.id).execute();
}
