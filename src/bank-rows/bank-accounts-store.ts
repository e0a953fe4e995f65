import { exactSum, toBigInt } from '../db/exact-sum.ts';
import { unindexedTenant } from '../db/unindexed-tenant.ts';
import type { BankAccountsTable } from '../db/schema.ts';
import type { Executor } from '../db/transaction.ts';

export async function findBankAccountByExternalId(
  db: Executor,
  tenantId: string,
  institutionName: string,
  externalId: string,
): Promise<BankAccountsTable | undefined> {
  return db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('institution_name', '=', institutionName)
    .where('external_id', '=', externalId)
    .executeTakeFirst();
}

export async function findBankAccountsByExternalIds(
  db: Executor,
  tenantId: string,
  institutionName: string,
  externalIds: string[],
): Promise<BankAccountsTable[]> {
  if (externalIds.length === 0) return [];
  return db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('institution_name', '=', institutionName)
    .where('external_id', 'in', externalIds)
    .execute();
}

export async function findBankAccountsByIds(
  db: Executor,
  tenantId: string,
  ids: string[],
): Promise<BankAccountsTable[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('bank_accounts').selectAll().where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
}

/** Every bank account of the tenant, in no particular order. */
export async function listTenantBankAccounts(db: Executor, tenantId: string): Promise<BankAccountsTable[]> {
  return db.selectFrom('bank_accounts').selectAll().where('tenant_id', '=', tenantId).execute();
}

export async function listBankAccounts(db: Executor, tenantId: string, entityId: string): Promise<BankAccountsTable[]> {
  return db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('entity_id', '=', entityId)
    .orderBy('institution_name')
    .orderBy('ledger_account_number')
    .execute();
}

export async function insertBankAccount(db: Executor, row: BankAccountsTable): Promise<void> {
  await db.insertInto('bank_accounts').values(row).execute();
}

export async function updateBankAccount(
  db: Executor,
  tenantId: string,
  id: string,
  changes: Partial<
    Pick<
      BankAccountsTable,
      | 'name'
      | 'current_balance_minor'
      | 'opening_balance_minor'
      | 'opening_balance_date'
      | 'opening_entry_id'
      | 'updated_at'
    >
  >,
): Promise<void> {
  await db.updateTable('bank_accounts').set(changes).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/** Sum of settled rows per bank account (positive = net money out), for derivedBalance. */
export async function settledNetByAccount(
  db: Executor,
  tenantId: string,
  bankAccountIds: string[],
): Promise<Map<string, bigint>> {
  if (bankAccountIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('transactions')
    .select('bank_account_id')
    .select(exactSum('amount_minor').as('net'))
    // The scope as a term no index serves: SQLite then reads the sums from the (bank account, pending,
    // amount) index alone instead of each row through a tenant-first index.
    .where(unindexedTenant(), '=', tenantId)
    .where('bank_account_id', 'in', bankAccountIds)
    .where('pending', '=', 0)
    .groupBy('bank_account_id')
    .execute();
  return new Map(rows.map((row) => [row.bank_account_id, toBigInt(row.net)]));
}

/** The currencies a tenant's bank accounts hold: what an amount bound has to be read in. */
export async function tenantCurrencies(db: Executor, tenantId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('bank_accounts')
    .select('currency')
    .distinct()
    .where('tenant_id', '=', tenantId)
    .execute();
  return rows.map((row) => row.currency);
}

/** Whether the bank account is this tenant's. */
export async function tenantHasBankAccount(db: Executor, tenantId: string, bankAccountId: string): Promise<boolean> {
  return Boolean(
    await db
      .selectFrom('bank_accounts')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', bankAccountId)
      .executeTakeFirst(),
  );
}
