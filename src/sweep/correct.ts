import { ACCOUNT } from '../chart/us-chart.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { withWriteTransaction } from '../db/transaction.ts';
import { assertInvariant, invalid, notFound } from '../errors.ts';
import { findBankAccountsByIds } from '../intake/bank-accounts-store.ts';
import { toTransactionView, type TransactionView } from '../intake/transaction-view.ts';
import { findTransaction, findTransactionForUpdate, updateCategorization } from '../intake/transactions-store.ts';
import { post } from '../ledger/journal.ts';
import { bankRowEntry } from '../ledger/posting.ts';
import { TRANSFER } from './categorize/types.ts';
import { bookingAccountNumber, describe } from './categorizer.ts';
import { rememberDecision } from './memory-store.ts';
import { loadChart } from './sweep.ts';

export const MAX_REASON_LENGTH = 500;

/**
 * A human files a row under an account (or marks it a transfer). The row's current entry is reversed
 * and a new one booked, in one transaction; the choice is remembered for the row's merchant.
 * Confirming the category a row already has books nothing new and only strengthens the memory.
 */
export async function recategorize(handle: DatabaseHandle, tenantId: string, transactionId: string, input: { category: string; reason?: string }): Promise<TransactionView> {
  const reason = input.reason?.trim() || null;
  if (reason && reason.length > MAX_REASON_LENGTH) throw invalid(`reason: at most ${MAX_REASON_LENGTH} characters`);
  await withWriteTransaction(handle, async (trx) => {
    const row = await findTransactionForUpdate(trx, tenantId, transactionId, handle.dialect === 'postgres');
    if (!row) throw notFound(`transaction ${transactionId}`);
    const chart = await loadChart(trx, tenantId, row.entity_id);
    const [bankAccount] = await findBankAccountsByIds(trx, tenantId, [row.bank_account_id]);
    assertInvariant(bankAccount, `row ${row.id} has its bank account`);
    const target = input.category;
    if (target !== TRANSFER) {
      if (!chart.byNumber.has(target)) throw invalid(`category: "${target}" is not an account number of this entity's chart (see GET /accounts) nor "transfer"`);
      if (target === bankAccount.ledger_account_number) throw invalid(`category: ${target} is this row's own bank account`);
    }
    const now = new Date().toISOString();
    const categorization = describe(target, 1, 'user_override', { accountCategories: chart.categories, reviewThreshold: 1 });
    let journalEntryId = row.journal_entry_id;
    const unchanged = row.category_target === target && row.journal_entry_id !== null;
    if (row.pending === 0 && !unchanged) {
      const account = chart.byNumber.get(bookingAccountNumber(target))!;
      const draft = bankRowEntry({
        tenantId,
        entityId: row.entity_id,
        transactionId: row.id,
        sourceType: row.source === 'statement' ? 'bank_statement' : 'bank_feed',
        date: row.date,
        description: row.description,
        amountMinor: row.amount_minor,
        currency: row.currency,
        bankLedger: { id: bankAccount.ledger_account_id, accountNumber: bankAccount.ledger_account_number },
        category: { id: account.id, accountNumber: bookingAccountNumber(target) },
      });
      if (reason) for (const line of draft.lines) line.memo = `Correction: ${reason}`;
      [journalEntryId] = await post(trx, tenantId, [draft], row.journal_entry_id ? [row.journal_entry_id] : [], now);
    }
    await updateCategorization(trx, tenantId, row.id, {
      category_target: target,
      category_confidence: 1,
      category_source: 'user_override',
      transaction_type: categorization.transactionType,
      needs_review: 0,
      // A pending row goes back to the sweep once settled; until then there is nothing to book.
      sweep_state: row.pending === 0 ? 'done' : row.sweep_state,
      journal_entry_id: journalEntryId,
      updated_at: now,
    });
    // Parking a row on a catch-all is not a preference worth learning.
    if (target !== ACCOUNT.uncategorizedExpense && target !== ACCOUNT.uncategorizedIncome) {
      await rememberDecision(trx, tenantId, row.entity_id, row.merchant_key, target, now);
    }
  });
  const updated = await findTransaction(handle.db, tenantId, transactionId);
  assertInvariant(updated, 'a corrected row is still there');
  return toTransactionView(updated);
}
