import { stringify } from 'csv-stringify/sync';
import { isLosslessNumber } from 'lossless-json';
import type { MajorAmount } from '../money/minor-units.ts';
import type { BalanceSheet, CashFlow, ProfitAndLoss, StatementRow } from './financial-statements.ts';
import type { GeneralLedgerPage } from './general-ledger.ts';
import type { TrialBalance } from './trial-balance.ts';
import type { JournalEntryView } from '../ledger/journal-view.ts';
import type { TransactionView } from '../bank-rows/transaction-view.ts';

/**
 * The reports as CSV, for spreadsheets: one header row, then one row per statement line, with the
 * section in the first column and totals as rows of their own (accountNumber empty). Amounts are
 * written exactly as in the JSON (major units, a dot for decimals).
 */
// A text cell starting with = + - @ would be run as a formula by a spreadsheet: a bank descriptor is
// not trusted text, so such cells are prefixed with an apostrophe (numbers stay numbers, a total past
// what a double holds exactly with all its digits).
type Cell = string | MajorAmount | boolean | null;
const safeCell = (cell: Cell) =>
  isLosslessNumber(cell)
    ? cell.toString()
    : typeof cell === 'boolean'
      ? String(cell)
      : typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell)
        ? `'${cell}`
        : (cell ?? '');
const toCsv = (header: string[], rows: Array<Array<Cell>>) =>
  stringify([header, ...rows.map((row) => row.map(safeCell))]);
/** Rows of a CSV written in pages: the header only with the first. */
const pageCsv = (header: string[], rows: Array<Array<Cell>>, withHeader: boolean) =>
  withHeader ? toCsv(header, rows) : rows.length === 0 ? '' : stringify(rows.map((row) => row.map(safeCell)));

const statementRows = (section: string, rows: StatementRow[]) =>
  rows.map((row) => [section, row.accountNumber, row.name, row.amount]);

export function profitAndLossCsv(report: ProfitAndLoss): string {
  if (!report.comparison) {
    return toCsv(
      ['section', 'accountNumber', 'name', 'amount'],
      [
        ...statementRows('revenue', report.revenue),
        ['revenue', null, 'Total revenue', report.totalRevenue],
        ...statementRows('expenses', report.expenses),
        ['expenses', null, 'Total expenses', report.totalExpenses],
        ['net income', null, 'Net income', report.netIncome],
      ],
    );
  }
  const comparison = report.comparison;
  const paired = (section: string, rows: StatementRow[], previous: StatementRow[]) =>
    rows.map((row, index) => [section, row.accountNumber, row.name, row.amount, previous[index].amount]);
  return toCsv(
    [
      'section',
      'accountNumber',
      'name',
      `amount ${report.from}..${report.to}`,
      `amount ${comparison.from}..${comparison.to}`,
    ],
    [
      ...paired('revenue', report.revenue, comparison.revenue),
      ['revenue', null, 'Total revenue', report.totalRevenue, comparison.totalRevenue],
      ...paired('expenses', report.expenses, comparison.expenses),
      ['expenses', null, 'Total expenses', report.totalExpenses, comparison.totalExpenses],
      ['net income', null, 'Net income', report.netIncome, comparison.netIncome],
    ],
  );
}

export function balanceSheetCsv(report: BalanceSheet): string {
  return toCsv(
    ['section', 'accountNumber', 'name', 'amount'],
    [
      ...statementRows('assets', report.assets),
      ['assets', null, 'Total assets', report.totalAssets],
      ...statementRows('liabilities', report.liabilities),
      ['liabilities', null, 'Total liabilities', report.totalLiabilities],
      ...statementRows('equity', report.equity),
      ['equity', null, 'Total equity', report.totalEquity],
    ],
  );
}

export function cashFlowCsv(report: CashFlow): string {
  return toCsv(
    ['section', 'accountNumber', 'name', 'amount'],
    [
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
    ],
  );
}

export function trialBalanceCsv(report: TrialBalance): string {
  return toCsv(
    ['accountNumber', 'name', 'category', 'debit', 'credit', 'balance'],
    [
      ...report.accounts.map((row) => [row.accountNumber, row.name, row.category, row.debit, row.credit, row.balance]),
      [null, 'Totals', null, report.totals.debit, report.totals.credit, null],
    ],
  );
}

export const GENERAL_LEDGER_CSV_COLUMNS = [
  'accountNumber',
  'accountName',
  'entryDate',
  'entryId',
  'description',
  'memo',
  'debit',
  'credit',
  'runningBalance',
];

export function generalLedgerCsv(page: GeneralLedgerPage, withHeader = true): string {
  return pageCsv(
    GENERAL_LEDGER_CSV_COLUMNS,
    page.data.lines.map((line) => [
      line.accountNumber,
      line.accountName,
      line.entryDate,
      line.entryId,
      line.description,
      line.memo,
      line.debit,
      line.credit,
      line.runningBalance,
    ]),
    withHeader,
  );
}

export const JOURNAL_CSV_COLUMNS = [
  'entryId',
  'entryDate',
  'description',
  'sourceType',
  'sourceId',
  'reversesEntryId',
  'postedAt',
  'accountNumber',
  'debit',
  'credit',
  'currency',
  'memo',
];

/** One row per journal line, the entry's fields repeated on each. */
export function journalCsv(entries: JournalEntryView[], withHeader = true): string {
  return pageCsv(
    JOURNAL_CSV_COLUMNS,
    entries.flatMap((entry) =>
      entry.lines.map((line) => [
        entry.id,
        entry.entryDate,
        entry.description,
        entry.sourceType,
        entry.sourceId,
        entry.reversesEntryId,
        entry.postedAt,
        line.accountNumber,
        line.debit,
        line.credit,
        line.currency,
        line.memo,
      ]),
    ),
    withHeader,
  );
}

export const TRANSACTIONS_CSV_COLUMNS = [
  'id',
  'date',
  'bankAccountId',
  'amount',
  'currency',
  'direction',
  'description',
  'merchant',
  'pending',
  'categoryAccountNumber',
  'categoryAccountName',
  'categoryConfidence',
  'categorySource',
  'transactionType',
  'needsReview',
  'journalEntryId',
  'sweepState',
];

export function transactionsCsv(rows: TransactionView[], withHeader = true): string {
  return pageCsv(
    TRANSACTIONS_CSV_COLUMNS,
    rows.map((row) => [
      row.id,
      row.date,
      row.bankAccountId,
      row.amount,
      row.currency,
      row.direction,
      row.description,
      row.merchant,
      row.pending,
      row.category?.accountNumber ?? null,
      row.category?.accountName ?? null,
      row.category?.confidence ?? null,
      row.category?.source ?? null,
      row.transactionType,
      row.needsReview,
      row.journalEntryId,
      row.sweepState,
    ]),
    withHeader,
  );
}
