import type { AccountsTable } from '../db/schema.ts';
import { newId } from '../shared/ids.ts';
import { CHARTS_BY_COUNTRY, type AccountCategory } from './us-chart.ts';
import type { Executor } from '../db/transaction.ts';

export interface LedgerAccount {
  id: string;
  entityId: string;
  accountNumber: string;
  name: string;
  category: AccountCategory;
  country: string;
  isActive: boolean;
  parentNumber: string | null;
}

function toLedgerAccount(row: AccountsTable): LedgerAccount {
  return {
    id: row.id,
    entityId: row.entity_id,
    accountNumber: row.account_number,
    name: row.name,
    category: row.category as AccountCategory,
    country: row.country,
    isActive: row.is_active === 1,
    parentNumber: row.parent_number,
  };
}

/** Copies the country's chart into a new entity. */
export async function seedChart(
  db: Executor,
  tenantId: string,
  entityId: string,
  country: string,
  now: string,
): Promise<void> {
  const chart = CHARTS_BY_COUNTRY[country];
  if (!chart) throw new Error(`no chart of accounts for country ${country}`);
  await db
    .insertInto('accounts')
    .values(
      chart.map((account) => ({
        id: newId(),
        tenant_id: tenantId,
        entity_id: entityId,
        account_number: account.accountNumber,
        name: account.name,
        category: account.category,
        country,
        is_active: 1,
        parent_number: null,
        created_at: now,
      })),
    )
    .execute();
}

export async function listAccounts(db: Executor, tenantId: string, entityId: string): Promise<LedgerAccount[]> {
  const rows = await db
    .selectFrom('accounts')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('entity_id', '=', entityId)
    .orderBy('account_number')
    .execute();
  return rows.map(toLedgerAccount);
}

export async function findAccountByNumber(
  db: Executor,
  tenantId: string,
  entityId: string,
  accountNumber: string,
): Promise<LedgerAccount | undefined> {
  const row = await db
    .selectFrom('accounts')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('entity_id', '=', entityId)
    .where('account_number', '=', accountNumber)
    .executeTakeFirst();
  return row && toLedgerAccount(row);
}

/** Whether any entity of the tenant has this account number (filters span the tenant's entities). */
export async function tenantHasAccountNumber(db: Executor, tenantId: string, accountNumber: string): Promise<boolean> {
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('account_number', '=', accountNumber)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function accountNumbersInRange(
  db: Executor,
  tenantId: string,
  entityId: string,
  from: string,
  to: string,
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('accounts')
    .select('account_number')
    .where('tenant_id', '=', tenantId)
    .where('entity_id', '=', entityId)
    .where('account_number', '>=', from)
    .where('account_number', '<=', to)
    .execute();
  return new Set(rows.map((row) => row.account_number));
}

export async function insertAccount(
  db: Executor,
  account: Omit<LedgerAccount, 'id'> & { tenantId: string },
  now: string,
): Promise<LedgerAccount> {
  const id = newId();
  await db
    .insertInto('accounts')
    .values({
      id,
      tenant_id: account.tenantId,
      entity_id: account.entityId,
      account_number: account.accountNumber,
      name: account.name,
      category: account.category,
      country: account.country,
      is_active: account.isActive ? 1 : 0,
      parent_number: account.parentNumber,
      created_at: now,
    })
    .execute();
  return { id, ...account };
}

export async function renameAccount(db: Executor, tenantId: string, accountId: string, name: string): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ name })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', accountId)
    .execute();
}
