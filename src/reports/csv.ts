import { stringify } from 'csv-stringify/sync';
import { isLosslessNumber } from 'lossless-json';
import type { MajorAmount } from '../money/minor-units.ts';
import type { BalanceSheet, CashFlow, ProfitAndLoss, StatementRow } from './financial-statements.ts';
import type { GeneralLedgerPage } from './general-ledger.ts';

/**
 * The reports as CSV, for spreadsheets: one header row, then one row per statement line, with the
 * section in the first column and totals as rows of their own (accountNumber empty). Amounts are
 * written exactly as in the JSON (major units, a dot for decimals).
 */
// A text cell starting with = + - @ would be run as a formula by a spreadsheet: a bank descriptor is
// not trusted text, so such cells are prefixed with an apostrophe (numbers stay numbers, a total past
// what a double holds exactly with all its digits).
type Cell = string | MajorAmount | null;
const safeCell = (cell: Cell) => (isLosslessNumber(cell) ? cell.toString() : typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell ?? '');
const toCsv = (header: string[], rows: Array<Array<Cell>>) => stringify([header, ...rows.map((row) => row.map(safeCell))]);

const statementRows = (section: string, rows: StatementRow[]) => rows.map((row) => [section, row.accountNumber, row.name, row.amount]);

export function profitAndLossCsv(report: ProfitAndLoss): string {
  if (!report.comparison) {
    return toCsv(['section', 'accountNumber', 'name', 'amount'], [
      ...statementRows('revenue', report.revenue),
      ['revenue', null, 'Total revenue', report.totalRevenue],
      ...statementRows('expenses', report.expenses),
      ['expenses', null, 'Total expenses', report.totalExpenses],
      ['net income', null, 'Net income', report.netIncome],
    ]);
  }
  const comparison = report.comparison;
  const paired = (section: string, rows: StatementRow[], previous: StatementRow[]) => rows.map((row, index) => [section, row.accountNumber, row.name, row.amount, previous[index].amount]);
  return toCsv(['section', 'accountNumber', 'name', `amount ${report.from}..${report.to}`, `amount ${comparison.from}..${comparison.to}`], [
    ...paired('revenue', report.revenue, comparison.revenue),
    ['revenue', null, 'Total revenue', report.totalRevenue, comparison.totalRevenue],
    ...paired('expenses', report.expenses, comparison.expenses),
    ['expenses', null, 'Total expenses', report.totalExpenses, comparison.totalExpenses],
    ['net income', null, 'Net income', report.netIncome, comparison.netIncome],
  ]);
}

export function balanceSheetCsv(report: BalanceSheet): string {
  return toCsv(['section', 'accountNumber', 'name', 'amount'], [
    ...statementRows('assets', report.assets),
    ['assets', null, 'Total assets', report.totalAssets],
    ...statementRows('liabilities', report.liabilities),
    ['liabilities', null, 'Total liabilities', report.totalLiabilities],
    ...statementRows('equity', report.equity),
    ['equity', null, 'Total equity', report.totalEquity],
  ]);
}

export function cashFlowCsv(report: CashFlow): string {
  return toCsv(['section', 'accountNumber', 'name', 'amount'], [
    ['cash', null, 'Opening cash', report.openingCash],
    ...statementRows('operating', report.lines.operating),
    ['operating', null, 'Net cash from operating activities', report.operating],
    ...statementRows('investing', report.lines.investing),
    ['investing', null, 'Net cash from investing activities', report.investing],
    ...statementRows('financing', report.lines.financing),
    ['financing', null, 'Net cash from financing activities', report.financing],
    ['cash', null, 'Declared opening balances', report.declaredOpeningBalances],
    ['cash', null, 'Net change in cash', report.netChange],
    ['cash', null, 'Closing cash', report.closingCash],
  ]);
}

export function generalLedgerCsv(page: GeneralLedgerPage): string {
  return toCsv(['accountNumber', 'accountName', 'entryDate', 'entryId', 'description', 'memo', 'debit', 'credit', 'runningBalance'],
    page.data.lines.map((line) => [line.accountNumber, line.accountName, line.entryDate, line.entryId, line.description, line.memo, line.debit, line.credit, line.runningBalance]));
}
