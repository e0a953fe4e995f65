import { listAccounts, type LedgerAccount } from '../chart/accounts-store.ts';
import type { AccountCategory } from '../chart/us-chart.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import type { EntitiesTable } from '../db/schema.ts';
import { assertInvariant, invalid } from '../errors.ts';
import { listBankAccounts } from '../bank-rows/bank-accounts-store.ts';
import { cumulativeTotals } from '../ledger/journal-store.ts';
import { isKnownCurrency } from '../money/currency.ts';
import { exactMajorUnits, type MajorAmount } from '../money/minor-units.ts';
import { addDays } from '../shared/dates.ts';
import { resolveEntity } from '../tenancy/tenants.ts';
import { assertPeriod, comparisonPeriod, fiscalYearStart, type Comparison } from './period.ts';
import { linesOfEntries, netDebitByAccount, periodTotals } from './totals-store.ts';

/** One line of a statement. `accountNumber` is null on computed lines (current-year earnings). */
export interface StatementRow {
  accountNumber: string | null;
  name: string;
  amount: MajorAmount;
}

interface ReportScope {
  entity: EntitiesTable;
  currency: string;
  accounts: LedgerAccount[];
}

export interface ReportQuery {
  entityId?: string;
  currency?: string;
}

async function scopeOf(handle: DatabaseHandle, tenantId: string, query: ReportQuery): Promise<ReportScope> {
  const entity = await resolveEntity(handle, tenantId, query.entityId);
  const currency = query.currency ?? entity.base_currency;
  if (!isKnownCurrency(currency)) throw invalid(`currency: "${currency}" is not an ISO 4217 currency code`);
  return { entity, currency, accounts: await listAccounts(handle.readDb, tenantId, entity.id) };
}

/** Minor units in the account's natural direction: debits for assets and expenses, credits otherwise. */
function natural(category: AccountCategory, netDebitMinor: bigint): bigint {
  return category === 'asset' || category === 'expense' ? netDebitMinor : -netDebitMinor;
}

/** Sums are bigints throughout: many rows near the per-row cap pass 2^53 minor units. */
function sum(values: Iterable<bigint>): bigint {
  let total = 0n;
  for (const value of values) total += value;
  return total;
}

// ---------------------------------------------------------------------------------------------
// Profit and loss

export interface ProfitAndLossFigures {
  from: string;
  to: string;
  revenue: StatementRow[];
  expenses: StatementRow[];
  totalRevenue: MajorAmount;
  totalExpenses: MajorAmount;
  netIncome: MajorAmount;
}

export interface ProfitAndLoss extends ProfitAndLossFigures {
  entityId: string;
  currency: string;
  comparison?: ProfitAndLossFigures & {
    compareTo: Comparison;
    change: { totalRevenue: MajorAmount; totalExpenses: MajorAmount; netIncome: MajorAmount };
  };
}

function profitAndLossFigures(
  scope: ReportScope,
  net: Map<string, bigint>,
  from: string,
  to: string,
  shown: Set<string>,
): ProfitAndLossFigures & { netIncomeMinor: bigint; totalRevenueMinor: bigint; totalExpensesMinor: bigint } {
  const rowsOf = (category: 'revenue' | 'expense') =>
    scope.accounts
      .filter((account) => account.category === category && shown.has(account.id))
      .map((account) => ({ account, minor: natural(category, net.get(account.id) ?? 0n) }));
  const revenue = rowsOf('revenue');
  const expenses = rowsOf('expense');
  const totalRevenueMinor = sum(revenue.map((row) => row.minor));
  const totalExpensesMinor = sum(expenses.map((row) => row.minor));
  const money = (minor: bigint) => exactMajorUnits(minor, scope.currency);
  const toRow = ({ account, minor }: { account: LedgerAccount; minor: bigint }): StatementRow => ({
    accountNumber: account.accountNumber,
    name: account.name,
    amount: money(minor),
  });
  return {
    from,
    to,
    revenue: revenue.map(toRow),
    expenses: expenses.map(toRow),
    totalRevenue: money(totalRevenueMinor),
    totalExpenses: money(totalExpensesMinor),
    netIncome: money(totalRevenueMinor - totalExpensesMinor),
    netIncomeMinor: totalRevenueMinor - totalExpensesMinor,
    totalRevenueMinor,
    totalExpensesMinor,
  };
}

/**
 * Revenue and expense accounts over [from, to] with totals and net income. Accounts with no net
 * movement in the period (nor in the comparison period, when one is asked) are left out; with a
 * comparison both lists hold the same accounts in the same order, so they line up.
 */
export async function profitAndLoss(
  handle: DatabaseHandle,
  tenantId: string,
  query: ReportQuery & { from: string; to: string; compareTo?: Comparison },
): Promise<ProfitAndLoss> {
  assertPeriod(query.from, query.to);
  const scope = await scopeOf(handle, tenantId, query);
  const previous = query.compareTo ? comparisonPeriod(query.from, query.to, query.compareTo) : undefined;
  const [current, prior] = await Promise.all([
    periodTotals(handle.readDb, tenantId, scope.entity.id, query.from, query.to),
    previous ? periodTotals(handle.readDb, tenantId, scope.entity.id, previous.from, previous.to) : Promise.resolve([]),
  ]);
  const currentNet = netDebitByAccount(current, scope.currency);
  const priorNet = netDebitByAccount(prior, scope.currency);
  const shown = new Set(
    [...currentNet, ...priorNet].filter(([, minor]) => minor !== 0n).map(([accountId]) => accountId),
  );
  const { netIncomeMinor, totalRevenueMinor, totalExpensesMinor, ...figures } = profitAndLossFigures(
    scope,
    currentNet,
    query.from,
    query.to,
    shown,
  );
  const report: ProfitAndLoss = { ...figures, entityId: scope.entity.id, currency: scope.currency };
  if (previous && query.compareTo) {
    const {
      netIncomeMinor: priorNetIncome,
      totalRevenueMinor: priorRevenue,
      totalExpensesMinor: priorExpenses,
      ...priorFigures
    } = profitAndLossFigures(scope, priorNet, previous.from, previous.to, shown);
    const money = (minor: bigint) => exactMajorUnits(minor, scope.currency);
    report.comparison = {
      compareTo: query.compareTo,
      ...priorFigures,
      change: {
        totalRevenue: money(totalRevenueMinor - priorRevenue),
        totalExpenses: money(totalExpensesMinor - priorExpenses),
        netIncome: money(netIncomeMinor - priorNetIncome),
      },
    };
  }
  return report;
}

// ---------------------------------------------------------------------------------------------
// Balance sheet

export interface BalanceSheet {
  asOf: string;
  entityId: string;
  currency: string;
  fiscalYearStart: string;
  assets: StatementRow[];
  liabilities: StatementRow[];
  equity: StatementRow[];
  totalAssets: MajorAmount;
  totalLiabilities: MajorAmount;
  totalEquity: MajorAmount;
  currentYearEarnings: MajorAmount;
  priorYearsNetIncome: MajorAmount;
}

export const CURRENT_YEAR_EARNINGS = 'Current-year earnings';
const RETAINED_EARNINGS_NUMBER = '3900';

/**
 * Assets, liabilities and equity through `asOf` (inclusive). Revenue and expense accounts are never
 * closed in the journal, so the statement closes them on the fly: net income of earlier fiscal years
 * is added to Retained Earnings (3900), net income of the fiscal year containing `asOf` is shown as
 * its own equity line. Assets = liabilities + equity always (asserted).
 */
export async function balanceSheet(
  handle: DatabaseHandle,
  tenantId: string,
  query: ReportQuery & { asOf: string },
): Promise<BalanceSheet> {
  const scope = await scopeOf(handle, tenantId, query);
  const yearStart = fiscalYearStart(query.asOf, scope.entity.fiscal_year_end_month);
  const [cumulative, currentYear] = await Promise.all([
    cumulativeTotals(handle.readDb, tenantId, scope.entity.id, query.asOf),
    periodTotals(handle.readDb, tenantId, scope.entity.id, yearStart, query.asOf),
  ]);
  const balanceNet = netDebitByAccount(cumulative, scope.currency);
  const yearNet = netDebitByAccount(currentYear, scope.currency);

  const netIncome = (net: Map<string, bigint>) =>
    sum(
      scope.accounts
        .filter((account) => account.category === 'revenue' || account.category === 'expense')
        .map((account) => -(net.get(account.id) ?? 0n)),
    );
  const allTimeNetIncomeMinor = netIncome(balanceNet);
  const currentYearEarningsMinor = netIncome(yearNet);
  const priorYearsNetIncomeMinor = allTimeNetIncomeMinor - currentYearEarningsMinor;

  const money = (minor: bigint) => exactMajorUnits(minor, scope.currency);
  const section = (category: 'asset' | 'liability' | 'equity') => {
    const rows: Array<{ row: StatementRow; minor: bigint }> = [];
    for (const account of scope.accounts) {
      if (account.category !== category) continue;
      let minor = natural(category, balanceNet.get(account.id) ?? 0n);
      if (account.accountNumber === RETAINED_EARNINGS_NUMBER) minor += priorYearsNetIncomeMinor;
      if (minor !== 0n)
        rows.push({ row: { accountNumber: account.accountNumber, name: account.name, amount: money(minor) }, minor });
    }
    return rows;
  };
  const assets = section('asset');
  const liabilities = section('liability');
  const equity = section('equity');
  const retainedInChart = scope.accounts.some(
    (account) => account.accountNumber === RETAINED_EARNINGS_NUMBER && account.category === 'equity',
  );
  assertInvariant(
    retainedInChart || priorYearsNetIncomeMinor === 0n,
    `entity ${scope.entity.id} has a retained earnings account ${RETAINED_EARNINGS_NUMBER} to roll prior years' net income into`,
  );
  equity.push({
    row: { accountNumber: null, name: CURRENT_YEAR_EARNINGS, amount: money(currentYearEarningsMinor) },
    minor: currentYearEarningsMinor,
  });

  const totalAssetsMinor = sum(assets.map((entry) => entry.minor));
  const totalLiabilitiesMinor = sum(liabilities.map((entry) => entry.minor));
  const totalEquityMinor = sum(equity.map((entry) => entry.minor));
  assertInvariant(
    totalAssetsMinor === totalLiabilitiesMinor + totalEquityMinor,
    `balance sheet of entity ${scope.entity.id} as of ${query.asOf}: assets ${totalAssetsMinor} ≠ liabilities ${totalLiabilitiesMinor} + equity ${totalEquityMinor}`,
  );
  return {
    asOf: query.asOf,
    entityId: scope.entity.id,
    currency: scope.currency,
    fiscalYearStart: yearStart,
    assets: assets.map((entry) => entry.row),
    liabilities: liabilities.map((entry) => entry.row),
    equity: equity.map((entry) => entry.row),
    totalAssets: money(totalAssetsMinor),
    totalLiabilities: money(totalLiabilitiesMinor),
    totalEquity: money(totalEquityMinor),
    currentYearEarnings: money(currentYearEarningsMinor),
    priorYearsNetIncome: money(priorYearsNetIncomeMinor),
  };
}

// ---------------------------------------------------------------------------------------------
// Cash flow

export type CashFlowSection = 'cash' | 'operating' | 'investing' | 'financing';

const ACCUMULATED_DEPRECIATION = 1510;

/**
 * Where an account's movements land in the cash-flow statement, by its category and its place in
 * the chart: cash is cash on hand, checking and savings (1000-1099); fixed assets (1500-1899) are
 * investing, except accumulated depreciation, whose movement is the non-cash depreciation expense
 * and cancels it inside operating; loans (2400-2599) and equity are financing; everything else
 * (revenue, expenses, receivables, payables, card balances, taxes, transfers in transit) is operating.
 */
export function cashFlowSection(accountNumber: string, category: AccountCategory): CashFlowSection {
  const number = Number(accountNumber);
  if (category === 'asset') {
    if (number >= 1000 && number <= 1099) return 'cash';
    if (number === ACCUMULATED_DEPRECIATION) return 'operating';
    if (number >= 1500 && number <= 1899) return 'investing';
    return 'operating';
  }
  if (category === 'liability') return number >= 2400 && number <= 2599 ? 'financing' : 'operating';
  if (category === 'equity') return 'financing';
  return 'operating';
}

export interface CashFlow {
  from: string;
  to: string;
  entityId: string;
  currency: string;
  openingCash: MajorAmount;
  operating: MajorAmount;
  investing: MajorAmount;
  financing: MajorAmount;
  declaredOpeningBalances: MajorAmount;
  netChange: MajorAmount;
  closingCash: MajorAmount;
  lines: { operating: StatementRow[]; investing: StatementRow[]; financing: StatementRow[] };
  cashAccounts: Array<{
    accountNumber: string;
    name: string;
    openingBalance: MajorAmount;
    closingBalance: MajorAmount;
  }>;
}

/**
 * Cash receipts and payments over [from, to] by what they were for. Every entry balances, so the
 * change in cash equals minus the change of all other accounts; each non-cash account's change
 * (from the per-day totals) is its line, in the section of that account: a bank row booked against
 * Software shows as money paid for software. Entries that touch no cash (a card charge, the
 * depreciation pair) offset inside their section. Declared opening balances of bank and card accounts
 * dated inside the period are not flows: they are reported apart (`declaredOpeningBalances`), so
 * openingCash + netChange = closingCash, with netChange = operating + investing + financing +
 * declaredOpeningBalances (asserted).
 */
export async function cashFlow(
  handle: DatabaseHandle,
  tenantId: string,
  query: ReportQuery & { from: string; to: string },
): Promise<CashFlow> {
  assertPeriod(query.from, query.to);
  const scope = await scopeOf(handle, tenantId, query);
  const [before, during, bankAccounts] = await Promise.all([
    cumulativeTotals(handle.readDb, tenantId, scope.entity.id, addDays(query.from, -1)),
    periodTotals(handle.readDb, tenantId, scope.entity.id, query.from, query.to),
    listBankAccounts(handle.readDb, tenantId, scope.entity.id),
  ]);
  const openingNet = netDebitByAccount(before, scope.currency);
  const periodNet = netDebitByAccount(during, scope.currency);

  // The current opening-balance entry of each bank and card account; superseded ones are cancelled
  // by their reversals on the same date, so they need no handling.
  const openingEntryIds = bankAccounts
    .map((account) => account.opening_entry_id)
    .filter((id): id is string => id !== null);
  const declaredNet = new Map<string, bigint>();
  for (const line of await linesOfEntries(handle.readDb, tenantId, openingEntryIds)) {
    if (
      line.entityId !== scope.entity.id ||
      line.entryDate < query.from ||
      line.entryDate > query.to ||
      line.currency !== scope.currency
    )
      continue;
    declaredNet.set(
      line.accountId,
      (declaredNet.get(line.accountId) ?? 0n) + BigInt(line.debitMinor - line.creditMinor),
    );
  }

  const money = (minor: bigint) => exactMajorUnits(minor, scope.currency);
  const flows: Record<'operating' | 'investing' | 'financing', Array<{ row: StatementRow; minor: bigint }>> = {
    operating: [],
    investing: [],
    financing: [],
  };
  const cashAccounts: CashFlow['cashAccounts'] = [];
  let openingCashMinor = 0n;
  let closingCashMinor = 0n;
  let declaredMinor = 0n;
  let flowMinor = 0n;
  for (const account of scope.accounts) {
    const section = cashFlowSection(account.accountNumber, account.category);
    const change = periodNet.get(account.id) ?? 0n;
    const declared = declaredNet.get(account.id) ?? 0n;
    if (section === 'cash') {
      const opening = openingNet.get(account.id) ?? 0n;
      openingCashMinor += opening;
      closingCashMinor += opening + change;
      declaredMinor += declared;
      if (opening !== 0n || change !== 0n)
        cashAccounts.push({
          accountNumber: account.accountNumber,
          name: account.name,
          openingBalance: money(opening),
          closingBalance: money(opening + change),
        });
      continue;
    }
    // Money in is a credit to the counter account: the flow is minus its net debit, declarations aside.
    const flow = -(change - declared);
    flowMinor += flow;
    if (flow !== 0n)
      flows[section].push({
        row: { accountNumber: account.accountNumber, name: account.name, amount: money(flow) },
        minor: flow,
      });
  }
  const operatingMinor = sum(flows.operating.map((entry) => entry.minor));
  const investingMinor = sum(flows.investing.map((entry) => entry.minor));
  const financingMinor = sum(flows.financing.map((entry) => entry.minor));
  const netChangeMinor = closingCashMinor - openingCashMinor;
  assertInvariant(flowMinor === operatingMinor + investingMinor + financingMinor, 'every flow is in one section');
  assertInvariant(
    netChangeMinor === flowMinor + declaredMinor,
    `cash flow of entity ${scope.entity.id} ${query.from}..${query.to}: cash moved ${netChangeMinor} but flows and declarations sum to ${flowMinor + declaredMinor}`,
  );
  return {
    from: query.from,
    to: query.to,
    entityId: scope.entity.id,
    currency: scope.currency,
    openingCash: money(openingCashMinor),
    operating: money(operatingMinor),
    investing: money(investingMinor),
    financing: money(financingMinor),
    declaredOpeningBalances: money(declaredMinor),
    netChange: money(netChangeMinor),
    closingCash: money(closingCashMinor),
    lines: {
      operating: flows.operating.map((entry) => entry.row),
      investing: flows.investing.map((entry) => entry.row),
      financing: flows.financing.map((entry) => entry.row),
    },
    cashAccounts,
  };
}
