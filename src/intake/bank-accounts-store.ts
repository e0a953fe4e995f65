import type { Kysely } from 'kysely';
import { exactSum, toBigInt } from '../db/exact-sum.ts';
import type { BankAccountsTable, Database } from '../db/schema.ts';

type Executor = Kysely<Database>;

export async function findBankAccountByExternalId(db: Executor, tenantId: string, institutionName: string, externalId: string): Promise<BankAccountsTable | undefined> {
  return db.selectFrom('bank_accounts').selectAll()
    .where('tenant_id', '=', tenantId).where('institution_name', '=', institutionName).where('external_id', '=', externalId)
    .executeTakeFirst();
}

export async function findBankAccountsByExternalIds(db: Executor, tenantId: string, institutionName: string, externalIds: string[]): Promise<BankAccountsTable[]> {
  if (externalIds.length === 0) return [];
  return db.selectFrom('bank_accounts').selectAll()
    .where('tenant_id', '=', tenantId).where('institution_name', '=', institutionName).where('external_id', 'in', externalIds)
    .execute();
}

export async function findBankAccountsByIds(db: Executor, tenantId: string, ids: string[]): Promise<BankAccountsTable[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('bank_accounts').selectAll().where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
}

export async function listBankAccounts(db: Executor, tenantId: string, entityId: string): Promise<BankAccountsTable[]> {
  return db.selectFrom('bank_accounts').selectAll()
    .where('tenant_id', '=', tenantId).where('entity_id', '=', entityId)
    .orderBy('institution_name').orderBy('ledger_account_number').execute();
}

export async function insertBankAccount(db: Executor, row: BankAccountsTable): Promise<void> {
  await db.insertInto('bank_accounts').values(row).execute();
}

export async function updateBankAccount(db: Executor, tenantId: string, id: string, changes: Partial<Pick<BankAccountsTable, 'name' | 'current_balance_minor' | 'opening_balance_minor' | 'opening_balance_date' | 'opening_entry_id' | 'updated_at'>>): Promise<void> {
  await db.updateTable('bank_accounts').set(changes).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/** Sum of settled rows per bank account (positive = net money out), for derivedBalance. */
export async function settledNetByAccount(db: Executor, tenantId: string, bankAccountIds: string[]): Promise<Map<string, bigint>> {
  if (bankAccountIds.length === 0) return new Map();
  const rows = await db.selectFrom('transactions')
    .select('bank_account_id')
    .select(exactSum('amount_minor').as('net'))
    .where('tenant_id', '=', tenantId).where('bank_account_id', 'in', bankAccountIds).where('pending', '=', 0)
    .groupBy('bank_account_id').execute();
  return new Map(rows.map((row) => [row.bank_account_id, toBigInt(row.net)]));
}
