import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';

export type AccountCategory = 'asset' | 'liability' | 'equity' | 'revenue' | 'expense';

export interface ChartAccount {
  accountNumber: string;
  name: string;
  category: AccountCategory;
  scheduleCLine: string | null;
  /** What the account is for, in the words categorization names it by (`meals`, `fuel`, `owner_draw`): one or more, `|`-separated in the CSV. */
  roles: readonly ChartRole[];
  use: string;
}

/**
 * Every role the categorization knows, each booked to exactly one account of a chart. Rules, keywords and the merchant
 * directory name roles, never account numbers, so a chart with other numbers (another country's) only needs its own
 * `role` column. Each chart is checked at load: every role here on exactly one account, no other role.
 */
export const CHART_ROLES = [
  'cash',
  'operating_bank',
  'savings',
  'receivables',
  'inventory',
  'prepaid',
  'equipment',
  'accumulated_depreciation',
  'transfers_in_transit',
  'payables',
  'held_for_others',
  'credit_cards',
  'payroll_liabilities',
  'sales_tax_payable',
  'loans',
  'owner_loans',
  'owner_equity',
  'owner_contribution',
  'owner_draw',
  'retained_earnings',
  'opening_balance',
  'sales',
  'service_revenue',
  'refunds',
  'interest_income',
  'other_income',
  'uncategorized_income',
  'cost_of_goods',
  'advertising',
  'vehicle',
  'fuel',
  'parking',
  'tolls',
  'rideshare',
  'commissions',
  'contract_labor',
  'depreciation',
  'employee_benefits',
  'insurance',
  'interest_expense',
  'professional_services',
  'office',
  'equipment_rent',
  'rent',
  'repairs',
  'supplies',
  'taxes_licenses',
  'travel',
  'lodging',
  'airfare',
  'meals',
  'utilities',
  'wages',
  'software',
  'bank_fees',
  'shipping',
  'education',
  'dues',
  'charity',
  'personal',
  'uncategorized_expense',
] as const;
export type ChartRole = (typeof CHART_ROLES)[number];
const KNOWN_ROLES: ReadonlySet<string> = new Set(CHART_ROLES);

const CATEGORIES = new Set<AccountCategory>(['asset', 'liability', 'equity', 'revenue', 'expense']);

function loadChart(file: URL): ChartAccount[] {
  const records = parse(readFileSync(file), { columns: true, skip_empty_lines: true, trim: true }) as Record<
    string,
    string
  >[];
  return records.map((record) => {
    if (!CATEGORIES.has(record.category as AccountCategory)) {
      throw new Error(
        `chart ${file.pathname}: account ${record.accountNumber} has unknown category ${record.category}`,
      );
    }
    return {
      accountNumber: record.accountNumber,
      name: record.name,
      category: record.category as AccountCategory,
      scheduleCLine: record.scheduleCLine || null,
      roles: (record.role ?? '')
        .split('|')
        .map((role) => role.trim())
        .filter(Boolean)
        .map((role) => {
          if (!KNOWN_ROLES.has(role))
            throw new Error(`chart ${file.pathname}: account ${record.accountNumber} has unknown role ${role}`);
          return role as ChartRole;
        }),
      use: record.use,
    };
  });
}

/** Role → account number of one chart; throws unless every role is on exactly one account. */
export function roleAccounts(chart: readonly ChartAccount[]): ReadonlyMap<ChartRole, string> {
  const accounts = new Map<ChartRole, string>();
  for (const account of chart) {
    for (const role of account.roles) {
      const other = accounts.get(role);
      if (other) throw new Error(`chart: role ${role} is on both ${other} and ${account.accountNumber}`);
      accounts.set(role, account.accountNumber);
    }
  }
  const missing = CHART_ROLES.filter((role) => !accounts.has(role));
  if (missing.length > 0) throw new Error(`chart: no account has the role ${missing.join(', ')}`);
  return accounts;
}

/** The default US small-business chart, shipped with the service. */
export const US_CHART: readonly ChartAccount[] = loadChart(new URL('./charts/us-small-business.csv', import.meta.url));

const US_ROLE_ACCOUNTS = roleAccounts(US_CHART);

/** The US chart's account for a role: what rules, keywords and the directory book to. */
export function accountForRole(role: ChartRole): string {
  return US_ROLE_ACCOUNTS.get(role)!;
}

/** Whether a word is a role of the chart (the directory's CSV names roles). */
export function isChartRole(word: string): word is ChartRole {
  return KNOWN_ROLES.has(word);
}

/** Charts by country; a new country is a new CSV and a line here. */
export const CHARTS_BY_COUNTRY: Readonly<Record<string, readonly ChartAccount[]>> = { US: US_CHART };

/** Well-known accounts of the US chart that the pipeline books against. */
export const ACCOUNT = {
  operatingBankParent: '1010',
  savingsParent: '1050',
  creditCardParent: '2100',
  transfersInTransit: '1900',
  openingBalanceEquity: '3950',
  uncategorizedIncome: '4999',
  uncategorizedExpense: '6999',
} as const;

/** Natural balance side: assets and expenses grow with debits; the rest with credits. */
export function isDebitNormal(category: AccountCategory): boolean {
  return category === 'asset' || category === 'expense';
}
