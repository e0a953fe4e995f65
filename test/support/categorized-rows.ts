import type { Executor } from '../../src/db/transaction.ts';
import { insertNewTransactions, type NewTransactionRow } from '../../src/bank-rows/transactions-store.ts';
import { merchantKeyFor } from '../../src/bank-rows/merchant-key.ts';
import { newId } from '../../src/shared/ids.ts';

export interface CategorizedFixtureRow {
  description: string;
  amountMinor: number;
  target: string | null;
  source?: string | null;
  needsReview?: boolean;
  date?: string;
}

export interface RowOwner {
  tenantId: string;
  entityId: string;
  bankAccountId: string;
}

/**
 * Writes rows that are already categorized straight through the transactions store, as the sweep
 * and corrections leave them, so tiers that learn from history can be given one of any size.
 */
export async function insertCategorizedRows(
  db: Executor,
  owner: RowOwner,
  rows: CategorizedFixtureRow[],
): Promise<void> {
  const now = new Date().toISOString();
  const prepared: NewTransactionRow[] = rows.map((row) => {
    const id = newId();
    return {
      id,
      tenant_id: owner.tenantId,
      entity_id: owner.entityId,
      bank_account_id: owner.bankAccountId,
      external_id: `id:${id}`,
      content_key: id,
      source: 'api',
      date: row.date ?? '2026-01-15',
      authorized_date: null,
      amount_minor: row.amountMinor,
      currency: 'USD',
      description: row.description,
      merchant: null,
      merchant_key: merchantKeyFor(row.description, null),
      pending: 0,
      category_target: row.target,
      category_confidence: row.target === null ? null : row.source === 'user_override' ? 1 : 0.9,
      category_source: row.target === null ? null : (row.source ?? 'regex'),
      transaction_type: null,
      needs_review: row.needsReview ? 1 : 0,
      sweep_state: row.target === null ? 'pending' : 'done',
      journal_entry_id: null,
      created_at: now,
      updated_at: now,
    };
  });
  await insertNewTransactions(db, prepared);
}
