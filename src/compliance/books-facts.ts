import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { BooksFacts } from './generate.ts';

type Executor = Kysely<Database>;

/** Chart accounts (src/chart/charts/us-small-business.csv) whose activity tells the rules about the business. */
export const WAGES_ACCOUNT = '6180';
export const PAYROLL_LIABILITIES_ACCOUNT = '2200';
export const CONTRACT_LABOR_ACCOUNT = '6030';
export const SALES_TAX_PAYABLE_ACCOUNT = '2300';

interface DayTotal {
  day: string;
  debitMinor: number;
  creditMinor: number;
}

/**
 * Reads what the rules need from the per-day account totals that posting maintains (never the journal
 * lines), in the entity's base currency: a handful of accounts over their whole history, and revenue
 * and expense per day only when estimated tax is asked for.
 */
export async function loadBooksFacts(db: Executor, tenantId: string, entityId: string, currency: string, options: { netIncomeFrom: string | null }): Promise<BooksFacts> {
  const watched = [WAGES_ACCOUNT, PAYROLL_LIABILITIES_ACCOUNT, CONTRACT_LABOR_ACCOUNT, SALES_TAX_PAYABLE_ACCOUNT];
  const rows = await db.selectFrom('account_daily_totals as totals')
    .innerJoin('accounts', 'accounts.id', 'totals.account_id')
    .select(['accounts.account_number as accountNumber', 'totals.day as day'])
    .select((eb) => [eb.fn.sum<number>('totals.debit_minor').as('debit'), eb.fn.sum<number>('totals.credit_minor').as('credit')])
    .where('totals.tenant_id', '=', tenantId).where('totals.entity_id', '=', entityId).where('totals.currency', '=', currency)
    .where('accounts.tenant_id', '=', tenantId).where('accounts.account_number', 'in', watched)
    .groupBy(['accounts.account_number', 'totals.day'])
    .orderBy('totals.day')
    .execute();
  const byAccount = new Map<string, DayTotal[]>();
  for (const row of rows) {
    const list = byAccount.get(row.accountNumber) ?? [];
    list.push({ day: String(row.day), debitMinor: Number(row.debit), creditMinor: Number(row.credit) });
    byAccount.set(row.accountNumber, list);
  }
  const yearsWith = (accountNumber: string, side: 'debit' | 'credit') => new Set((byAccount.get(accountNumber) ?? [])
    .filter((total) => (side === 'debit' ? total.debitMinor : total.creditMinor) > 0)
    .map((total) => Number(total.day.slice(0, 4))));
  const yearsWithEmployees = new Set([...yearsWith(WAGES_ACCOUNT, 'debit'), ...yearsWith(PAYROLL_LIABILITIES_ACCOUNT, 'credit')]);
  const yearsWithContractors = yearsWith(CONTRACT_LABOR_ACCOUNT, 'debit');

  const netByDay: Array<{ day: string; netMinor: number }> = [];
  if (options.netIncomeFrom) {
    const incomeRows = await db.selectFrom('account_daily_totals as totals')
      .innerJoin('accounts', 'accounts.id', 'totals.account_id')
      .select(['accounts.category as category', 'totals.day as day'])
      .select((eb) => [eb.fn.sum<number>('totals.debit_minor').as('debit'), eb.fn.sum<number>('totals.credit_minor').as('credit')])
      .where('totals.tenant_id', '=', tenantId).where('totals.entity_id', '=', entityId).where('totals.currency', '=', currency)
      .where('totals.day', '>=', options.netIncomeFrom)
      .where('accounts.tenant_id', '=', tenantId).where('accounts.category', 'in', ['revenue', 'expense'])
      .groupBy(['accounts.category', 'totals.day'])
      .execute();
    // Revenue is credit-normal, expenses debit-normal: net income is credits − debits over both.
    for (const row of incomeRows) netByDay.push({ day: String(row.day), netMinor: Number(row.credit) - Number(row.debit) });
  }

  return {
    yearsWithEmployees,
    yearsWithContractors,
    liabilityBalanceMinor(accountNumber, asOf) {
      let balance = 0;
      for (const total of byAccount.get(accountNumber) ?? []) if (total.day <= asOf) balance += total.creditMinor - total.debitMinor;
      return balance;
    },
    netIncomeMinor(from, to) {
      let net = 0;
      for (const total of netByDay) if (total.day >= from && total.day <= to) net += total.netMinor;
      return net;
    },
  };
}
