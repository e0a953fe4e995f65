import { newId } from '../shared/ids.ts';
import { merchantKeyFor } from './merchant-key.ts';
import type { BankRow } from './bank-row.ts';
import type { NewTransactionRow } from './transactions-store.ts';

/** A row as a source hands it over: the stored row's own fields, before the service adds its own. */
export type ArrivingRow = Pick<
  BankRow,
  | 'tenantId'
  | 'entityId'
  | 'bankAccountId'
  | 'externalId'
  | 'contentKey'
  | 'source'
  | 'date'
  | 'authorizedDate'
  | 'amountMinor'
  | 'currency'
  | 'description'
  | 'merchant'
  | 'pending'
> & {
  /** ISO 18245 merchant category code, when the feed carried one (migration 0019). */
  merchantCategoryCode?: string | null;
};

/**
 * A row as it arrives, whatever brought it: uncategorized, needing review, and waiting for the sweep
 * (the row itself is the sweep's unit of work).
 */
export function newUncategorizedRow(row: ArrivingRow, now: string): NewTransactionRow {
  return {
    id: newId(),
    tenant_id: row.tenantId,
    entity_id: row.entityId,
    bank_account_id: row.bankAccountId,
    external_id: row.externalId,
    content_key: row.contentKey,
    source: row.source,
    date: row.date,
    authorized_date: row.authorizedDate,
    amount_minor: row.amountMinor,
    currency: row.currency,
    description: row.description,
    merchant: row.merchant,
    merchant_key: merchantKeyFor(row.description, row.merchant),
    merchant_category_code: row.merchantCategoryCode ?? null,
    pending: row.pending ? 1 : 0,
    category_target: null,
    category_confidence: null,
    category_source: null,
    transaction_type: null,
    needs_review: 1,
    sweep_state: 'pending',
    journal_entry_id: null,
    created_at: now,
    updated_at: now,
  };
}
