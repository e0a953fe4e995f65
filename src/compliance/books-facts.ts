import { exactInteger, exactSum, toBigInt } from '../db/exact-sum.ts';
import type { BooksFacts } from './generate.ts';
import type { Executor } from '../db/transaction.ts';

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
export async function loadBooksFacts(
  db: Executor,
  tenantId: string,
  entityId: string,
  currency: string,
  options: { netIncomeFrom: string | null },
): Promise<BooksFacts> {
  const watched = [WAGES_ACCOUNT, PAYROLL_LIABILITIES_ACCOUNT, CONTRACT_LABOR_ACCOUNT, SALES_TAX_PAYABLE_ACCOUNT];
  // Account ids first, so the totals are read through their primary key (account_id, currency, day).
  const watchedAccounts = await db
    .selectFrom('accounts')
    .select(['id', 'account_number'])
    .where('tenant_id', '=', tenantId)
    .where('entity_id', '=', entityId)
    .where('account_number', 'in', watched)
    .execute();
  const numberOf = new Map(watchedAccounts.map((account) => [account.id, account.account_number]));
  const totals =
    watchedAccounts.length === 0
      ? []
      : await db
          .selectFrom('account_daily_totals')
          .select([
            'account_id',
            'day',
            exactInteger('debit_minor').as('debit_minor'),
            exactInteger('credit_minor').as('credit_minor'),
          ])
          .where('tenant_id', '=', tenantId)
          .where('account_id', 'in', [...numberOf.keys()])
          .where('currency', '=', currency)
          .orderBy('day')
          .execute();
  const rows = totals.map((total) => ({
    accountNumber: numberOf.get(total.account_id)!,
    day: total.day,
    debit: total.debit_minor,
    credit: total.credit_minor,
  }));
  const byAccount = new Map<string, DayTotal[]>();
  for (const row of rows) {
    const list = byAccount.get(row.accountNumber) ?? [];
    // Exact reads (a day may pass 2^53); obligation amounts are figured in doubles from here, which
    // round only past 2^53 minor units, and no obligation of a small business comes near that.
    list.push({
      day: String(row.day),
      debitMinor: Number(toBigInt(row.debit)),
      creditMinor: Number(toBigInt(row.credit)),
    });
    byAccount.set(row.accountNumber, list);
  }
  const yearsWith = (accountNumber: string, side: 'debit' | 'credit') =>
    new Set(
      (byAccount.get(accountNumber) ?? [])
        .filter((total) => (side === 'debit' ? total.debitMinor : total.creditMinor) > 0)
        .map((total) => Number(total.day.slice(0, 4))),
    );
  const yearsWithEmployees = new Set([
    ...yearsWith(WAGES_ACCOUNT, 'debit'),
    ...yearsWith(PAYROLL_LIABILITIES_ACCOUNT, 'credit'),
  ]);
  const yearsWithContractors = yearsWith(CONTRACT_LABOR_ACCOUNT, 'debit');

  const netByDay: Array<{ day: string; netMinor: number }> = [];
  if (options.netIncomeFrom) {
    const incomeRows = await db
      .selectFrom('account_daily_totals as totals')
      .innerJoin('accounts', 'accounts.id', 'totals.account_id')
      .select(['accounts.category as category', 'totals.day as day'])
      .select([exactSum('totals.debit_minor').as('debit'), exactSum('totals.credit_minor').as('credit')])
      .where('totals.tenant_id', '=', tenantId)
      .where('totals.entity_id', '=', entityId)
      .where('totals.currency', '=', currency)
      .where('totals.day', '>=', options.netIncomeFrom)
      .where('accounts.tenant_id', '=', tenantId)
      .where('accounts.category', 'in', ['revenue', 'expense'])
      .groupBy(['accounts.category', 'totals.day'])
      .execute();
    // Revenue is credit-normal, expenses debit-normal: net income is credits − debits over both.
    for (const row of incomeRows)
      netByDay.push({ day: String(row.day), netMinor: Number(toBigInt(row.credit) - toBigInt(row.debit)) });
  }

  const balances = new Map(
    [...byAccount].map(([accountNumber, totals]) => [
      accountNumber,
      runningSums(totals.map((total) => ({ day: total.day, amountMinor: total.creditMinor - total.debitMinor }))),
    ]),
  );
  const netIncome = runningSums(
    netByDay
      .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0))
      .map((total) => ({ day: total.day, amountMinor: total.netMinor })),
  );
  return {
    yearsWithEmployees,
    yearsWithContractors,
    liabilityBalanceMinor: (accountNumber, asOf) => sumThrough(balances.get(accountNumber), asOf),
    netIncomeMinor: (from, to) => sumThrough(netIncome, to) - sumThrough(netIncome, dayBefore(from)),
  };
}

interface RunningSums {
  days: string[];
  /** sums[i] = total of the amounts of days[0..i]. */
  sums: number[];
}

/** Cumulative sums by day (input in day order), so any "through this day" total is one binary search. */
function runningSums(totals: Array<{ day: string; amountMinor: number }>): RunningSums {
  const days: string[] = [];
  const sums: number[] = [];
  let running = 0;
  for (const total of totals) {
    running += total.amountMinor;
    if (days.length > 0 && days[days.length - 1] === total.day) sums[sums.length - 1] = running;
    else {
      days.push(total.day);
      sums.push(running);
    }
  }
  return { days, sums };
}

function sumThrough(series: RunningSums | undefined, day: string): number {
  if (!series) return 0;
  let low = 0;
  let high = series.days.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (series.days[middle] <= day) low = middle + 1;
    else high = middle;
  }
  return low === 0 ? 0 : series.sums[low - 1];
}

function dayBefore(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date - 1)).toISOString().slice(0, 10);
}
