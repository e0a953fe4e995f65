import type { Executor } from '../db/transaction.ts';
import { toBankRow, toBankRowPart, type BankRow } from './bank-row.ts';
import { tenantScope } from './transactions-store.ts';
const CHUNK = 500;
// Key lookups name the tenant through `tenantScope` (see transactions-store.ts), so SQLite plans them on the key's index.

/**
 * The transactions-table queries of rows that change after they arrive (a pending row settling with
 * other values, a feed's modified row). Beside transactions-store.ts in the module that owns the table.
 */
export async function findRowsByExternalIds(
  db: Executor,
  tenantId: string,
  bankAccountIds: readonly string[],
  externalIds: readonly string[],
  lockRows: boolean,
): Promise<BankRow[]> {
  if (externalIds.length === 0 || bankAccountIds.length === 0) return [];
  const found: BankRow[] = [];
  for (let index = 0; index < externalIds.length; index += CHUNK) {
    let select = db
      .selectFrom('transactions')
      .selectAll()
      .where(tenantScope, '=', tenantId)
      .where('bank_account_id', 'in', [...bankAccountIds])
      .where('external_id', 'in', externalIds.slice(index, index + CHUNK));
    if (lockRows) select = select.forUpdate();
    found.push(...(await select.execute()).map(toBankRow));
  }
  return found;
}

export async function findRowsByIds(
  db: Executor,
  tenantId: string,
  ids: readonly string[],
  lockRows: boolean,
): Promise<BankRow[]> {
  if (ids.length === 0) return [];
  const found: BankRow[] = [];
  for (let index = 0; index < ids.length; index += CHUNK) {
    let select = db
      .selectFrom('transactions')
      .selectAll()
      .where(tenantScope, '=', tenantId)
      .where('id', 'in', ids.slice(index, index + CHUNK));
    if (lockRows) select = select.forUpdate();
    found.push(...(await select.execute()).map(toBankRow));
  }
  return found;
}

/** Rows of an account with one of the given content keys, oldest first: what an arriving feed row may be the same as. */
export async function findRowsByContentKeys(
  db: Executor,
  tenantId: string,
  bankAccountId: string,
  contentKeys: readonly string[],
): Promise<Array<Pick<BankRow, 'id' | 'contentKey'>>> {
  const found: Array<Pick<BankRow, 'id' | 'contentKey'>> = [];
  for (let index = 0; index < contentKeys.length; index += CHUNK) {
    found.push(
      ...(
        await db
          .selectFrom('transactions')
          .select(['id', 'content_key'])
          .where('tenant_id', '=', tenantId)
          .where('bank_account_id', '=', bankAccountId)
          .where('content_key', 'in', contentKeys.slice(index, index + CHUNK))
          .orderBy('seq')
          .execute()
      ).map(toBankRowPart),
    );
  }
  return found;
}

export interface RowValues {
  date: string;
  authorized_date: string | null;
  amount_minor: number;
  description: string;
  merchant: string | null;
  merchant_key: string;
  content_key: string;
  pending: number;
  sweep_state: string;
  journal_entry_id: string | null;
  updated_at: string;
}

/**
 * Writes a row's new values over the entry it was read with (`readEntryId`): a booking made meanwhile
 * by another transaction would otherwise be left live beside the new one. Returns whether it was written.
 */
export async function updateRowValues(
  db: Executor,
  tenantId: string,
  id: string,
  values: RowValues,
  readEntryId: string | null,
): Promise<boolean> {
  let query = db.updateTable('transactions').set(values).where('tenant_id', '=', tenantId).where('id', '=', id);
  query =
    readEntryId === null
      ? query.where('journal_entry_id', 'is', null)
      : query.where('journal_entry_id', '=', readEntryId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
