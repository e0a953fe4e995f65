import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';

export type AccountCategory = 'asset' | 'liability' | 'equity' | 'revenue' | 'expense';

export interface ChartAccount {
  accountNumber: string;
  name: string;
  category: AccountCategory;
  scheduleCLine: string | null;
  use: string;
}

const CATEGORIES = new Set<AccountCategory>(['asset', 'liability', 'equity', 'revenue', 'expense']);

function loadChart(file: URL): ChartAccount[] {
  const records = parse(readFileSync(file), { columns: true, skip_empty_lines: true, trim: true }) as Record<string, string>[];
  return records.map((record) => {
    if (!CATEGORIES.has(record.category as AccountCategory)) {
      throw new Error(`chart ${file.pathname}: account ${record.accountNumber} has unknown category ${record.category}`);
    }
    return {
      accountNumber: record.accountNumber,
      name: record.name,
      category: record.category as AccountCategory,
      scheduleCLine: record.scheduleCLine || null,
      use: record.use,
    };
  });
}

/** The default US small-business chart, shipped with the service. */
export const US_CHART: readonly ChartAccount[] = loadChart(new URL('./charts/us-small-business.csv', import.meta.url));

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
