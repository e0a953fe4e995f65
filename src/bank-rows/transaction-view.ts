import { toMajorUnits } from '../money/minor-units.ts';
import type { SweepState } from './bank-row.ts';
import type { ListedBankRow } from './transactions-store.ts';

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
  category: {
    accountNumber: string;
    accountName: string | null;
    confidence: number | null;
    source: string | null;
  } | null;
  needsReview: boolean;
  journalEntryId: string | null;
  sweepState: SweepState;
  sweepError: string | null;
  sweepFailedAt: string | null;
}

export function toTransactionView(row: ListedBankRow): TransactionView {
  const isTransfer = row.categoryTarget === 'transfer';
  return {
    id: row.id,
    bankAccountId: row.bankAccountId,
    entityId: row.entityId,
    date: row.date,
    authorizedDate: row.authorizedDate,
    amount: toMajorUnits(row.amountMinor, row.currency),
    currency: row.currency,
    direction: row.amountMinor > 0 ? 'out' : 'in',
    description: row.description,
    merchant: row.merchant,
    merchantCategoryCode: row.merchantCategoryCode ?? null,
    pending: row.pending,
    transactionType: row.transactionType,
    // The contract shows a transfer with a null category; its type says what it is.
    category:
      row.categoryTarget === null || isTransfer
        ? null
        : {
            accountNumber: row.categoryTarget,
            accountName: row.categoryAccountName,
            confidence: row.categoryConfidence,
            source: row.categorySource,
          },
    needsReview: row.needsReview,
    journalEntryId: row.journalEntryId,
    sweepState: row.sweepState,
    sweepError: row.sweepError,
    sweepFailedAt: row.sweepFailedAt,
  };
}
