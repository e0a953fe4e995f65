import type { DatabaseHandle } from '../db/connection.ts';
import { withWriteTransaction } from '../db/transaction.ts';
import { invalid } from '../errors.ts';
import { AmountError, toMinorUnits } from '../money/minor-units.ts';
import { findBankAccountsByExternalIds } from '../bank-rows/bank-accounts-store.ts';
import { contentKey, externalIdFor } from './identity.ts';
import { newUncategorizedRow } from '../bank-rows/arriving-row.ts';
import { BookingContext, reviseRow } from './row-changes.ts';
import { findRowsByExternalIds } from '../bank-rows/row-changes-store.ts';
import { arrivalKey, insertArrivingRows, type NewTransactionRow } from '../bank-rows/transactions-store.ts';

export const MAX_ROWS_PER_REQUEST = 1000;

export interface PushedRow {
  accountExternalId: string;
  id?: string;
  date: string;
  authorizedDate?: string;
  amount: number;
  currency?: string;
  description: string;
  merchant?: string | null;
  /** ISO 18245 merchant category code; `mcc` is the same field under the name some feeds use. */
  merchantCategoryCode?: string | null;
  mcc?: string | null;
  pending?: boolean;
}

export interface PushResult {
  received: number;
  imported: number;
  deduplicated: number;
}

/**
 * Rows arrive: every row is checked before anything is written, so one bad row rejects the whole
 * request and nothing from it is imported. New rows wait, uncategorized, for the sweep; rows already
 * known (same account and id, or same date, amount and description when no id is given) are counted
 * as deduplicated and left as they are, except a row still pending: its re-send carries what the
 * bank now says (a card row settling with a tip added and a later date), which replaces the pending
 * values in place and, once settled, is what gets booked (row-changes.ts).
 */
export async function pushTransactions(
  handle: DatabaseHandle,
  tenantId: string,
  input: { institutionName: string; transactions: PushedRow[] },
): Promise<PushResult> {
  const { institutionName, transactions } = input;
  if (transactions.length > MAX_ROWS_PER_REQUEST)
    throw invalid(`transactions: at most ${MAX_ROWS_PER_REQUEST} rows per request (got ${transactions.length})`);
  const accountIds = [...new Set(transactions.map((row) => row.accountExternalId))];
  const accounts = await findBankAccountsByExternalIds(handle.readDb, tenantId, institutionName, accountIds);
  const accountByExternalId = new Map(accounts.map((account) => [account.external_id, account]));
  const now = new Date().toISOString();

  const prepared: NewTransactionRow[] = [];
  transactions.forEach((row, index) => {
    const field = (name: string) => `transactions[${index}].${name}`;
    const account = accountByExternalId.get(row.accountExternalId);
    if (!account)
      throw invalid(
        `${field('accountExternalId')}: no bank account "${row.accountExternalId}" at institution "${institutionName}" (create it with POST /bank-accounts)`,
      );
    if (row.currency !== undefined && row.currency !== account.currency) {
      throw invalid(`${field('currency')}: the account is in ${account.currency}, the row says ${row.currency}`);
    }
    let amountMinor: number;
    try {
      amountMinor = toMinorUnits(row.amount, account.currency);
    } catch (error) {
      if (error instanceof AmountError) throw invalid(`${field('amount')}: ${error.message}`);
      throw error;
    }
    if (amountMinor === 0)
      throw invalid(`${field('amount')}: must not be zero (a zero row moves no money and cannot be booked)`);
    const description = row.description.trim();
    if (!description) throw invalid(`${field('description')}: must not be empty`);
    const merchant = row.merchant?.trim() || null;
    const merchantCategoryCode = row.merchantCategoryCode ?? row.mcc ?? null;
    if (row.merchantCategoryCode && row.mcc && row.merchantCategoryCode !== row.mcc) {
      throw invalid(
        `${field('mcc')}: differs from merchantCategoryCode (${row.mcc} and ${row.merchantCategoryCode}); send one`,
      );
    }
    if (merchantCategoryCode !== null && !/^\d{4}$/.test(merchantCategoryCode))
      throw invalid(`${field('merchantCategoryCode')}: four digits (ISO 18245)`);
    const key = contentKey(row.date, amountMinor, description);
    prepared.push(
      newUncategorizedRow(
        {
          tenantId,
          entityId: account.entity_id,
          bankAccountId: account.id,
          externalId: externalIdFor(row.id, key),
          contentKey: key,
          source: 'api',
          date: row.date,
          authorizedDate: row.authorizedDate ?? null,
          amountMinor,
          currency: account.currency,
          description,
          merchant,
          merchantCategoryCode,
          pending: Boolean(row.pending),
        },
        now,
      ),
    );
  });

  // Within one request the first copy of a row wins; later copies count as deduplicated.
  const seen = new Set<string>();
  const unique = prepared.filter((row) => {
    const key = arrivalKey(row.bank_account_id, row.external_id);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });

  const imported = await withWriteTransaction(handle, async (trx) => {
    // New rows are inserted first and the rest looked up after: most pushes are all new, and then the
    // lookup is skipped (on PostgreSQL it was a fifth of the ingest's time). A row another push inserted
    // meanwhile is not inserted twice (the insert skips its key) and is looked up as known.
    const inserted = await insertArrivingRows(trx, unique);
    const known = unique.filter((row) => !inserted.has(arrivalKey(row.bank_account_id, row.external_id)));
    const existing = await findRowsByExternalIds(
      trx,
      tenantId,
      [...new Set(known.map((row) => row.bank_account_id))],
      known.map((row) => row.external_id),
      handle.dialect === 'postgres',
    );
    const existingByKey = new Map(existing.map((row) => [arrivalKey(row.bankAccountId, row.externalId), row]));
    const context = new BookingContext(trx, tenantId);
    for (const row of known) {
      const stored = existingByKey.get(arrivalKey(row.bank_account_id, row.external_id));
      // A settled row is final: re-sending it is a no-op (the contract's idempotency).
      if (!stored?.pending) continue;
      await reviseRow(
        trx,
        tenantId,
        stored,
        {
          date: row.date,
          authorizedDate: row.authorized_date,
          amountMinor: row.amount_minor,
          description: row.description,
          merchant: row.merchant,
          pending: row.pending === 1,
        },
        context,
        now,
      );
    }
    return inserted.size;
  });
  return { received: transactions.length, imported, deduplicated: transactions.length - imported };
}
