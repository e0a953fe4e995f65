import { toMajorUnits } from '../money/minor-units.ts';
import type { StoredSweepState, TransactionWithAccountName } from './transactions-store.ts';

export interface TransactionView {
  id: string;
  bankAccountId: string;
  entityId: string;
  date: string;
  authorizedDate: string | null;
  amount: number;
  currency: string;
  direction: 'in' | 'out';
  description: string;
  merchant: string | null;
  merchantCategoryCode: string | null;
  pending: boolean;
  transactionType: string | null;
  category: { accountNumber: string; accountName: string | null; confidence: number | null; source: string | null } | null;
  needsReview: boolean;
  journalEntryId: string | null;
  sweepState: SweepState;
  sweepError: string | null;
  sweepFailedAt: string | null;
}

/** The sweep states the API shows; `queued` is stored as 'pending' (see transactions-store). */
export const SWEEP_STATES = ['queued', 'done', 'failed'] as const;
export type SweepState = (typeof SWEEP_STATES)[number];

export function storedSweepState(state: SweepState): StoredSweepState {
  return state === 'queued' ? 'pending' : state;
}

export function toTransactionView(row: TransactionWithAccountName): TransactionView {
  const isTransfer = row.category_target === 'transfer';
  return {
    id: row.id,
    bankAccountId: row.bank_account_id,
    entityId: row.entity_id,
    date: row.date,
    authorizedDate: row.authorized_date,
    amount: toMajorUnits(row.amount_minor, row.currency),
    currency: row.currency,
    direction: row.amount_minor > 0 ? 'out' : 'in',
    description: row.description,
    merchant: row.merchant,
    merchantCategoryCode: row.merchant_category_code ?? null,
    pending: row.pending === 1,
    transactionType: row.transaction_type,
    // The contract shows a transfer with a null category; its type says what it is.
    category: row.category_target === null || isTransfer ? null : {
      accountNumber: row.category_target,
      accountName: row.category_account_name,
      confidence: row.category_confidence,
      source: row.category_source,
    },
    needsReview: row.needs_review === 1,
    journalEntryId: row.journal_entry_id,
    sweepState: row.sweep_state === 'pending' ? 'queued' : row.sweep_state as SweepState,
    sweepError: row.sweep_error ?? null,
    sweepFailedAt: row.sweep_failed_at ?? null,
  };
}
