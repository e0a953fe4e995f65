/**
 * Finding the transaction table's header and mapping its columns: by header name (see the shared
 * vocabulary), confirmed by what each column holds; without a header, by contents alone.
 */
import { currencyCode } from '../common.ts';
import {
  type ColumnRole,
  headerRole,
  INDICATOR_VALUES,
  isPostingDateHeader,
  normaliseWords,
} from '../../interpret/vocabulary.ts';
import { cellText, readDate, readMoney, type TableCell } from './cells.ts';
import type { Conventions } from '../../interpret/conventions.ts';

export interface Columns {
  date: number;
  description: number[];
  amount: number | null;
  debit: number | null;
  credit: number | null;
  indicator: number | null;
  balance: number | null;
  currency: number | null;
  account: number | null;
  card: number | null;
}

/** Header candidates: rows naming a date column and an amount (or debit/credit) column, first first. */
export function headerCandidates(rows: TableCell[][]): Array<{ index: number; roles: Array<ColumnRole | null> }> {
  const candidates: Array<{ index: number; roles: Array<ColumnRole | null> }> = [];
  for (let index = 0; index < Math.min(rows.length, 60); index += 1) {
    const roles = rows[index].map((cell) => (typeof cell === 'string' ? headerRole(cell, { anchored: false }) : null));
    const hasDate = roles.includes('date') || roles.includes('valueDate') || roles.includes('currency');
    const hasMoney = roles.includes('amount') || roles.includes('debit') || roles.includes('credit');
    if (hasDate && hasMoney) candidates.push({ index, roles });
  }
  return candidates;
}

/** Fraction of the non-blank cells of a column that satisfy `test`. */
function share(rows: TableCell[][], column: number, test: (cell: TableCell) => boolean): number {
  let filled = 0;
  let passing = 0;
  for (const row of rows) {
    const cell = row[column];
    if (cellText(cell) === '') continue;
    filled += 1;
    if (test(cell)) passing += 1;
  }
  return filled === 0 ? 0 : passing / filled;
}

function isIndicatorColumn(rows: TableCell[][], column: number): boolean {
  return (
    share(
      rows,
      column,
      (cell) => normaliseWords(cellText(cell)) in INDICATOR_VALUES || cellText(cell) === '+' || cellText(cell) === '-',
    ) >= 0.95
  );
}

/**
 * Assigns columns from the header's roles, confirmed by what the columns hold: the date column on
 * the rows below the header (of which footer rows may be a fair share), every other column on the
 * rows that have a date.
 */
export function mapColumns(
  roles: Array<ColumnRole | null>,
  header: TableCell[],
  body: TableCell[][],
  conventions: Conventions,
): Columns | null {
  const columns: Columns = {
    date: -1,
    description: [],
    amount: null,
    debit: null,
    credit: null,
    indicator: null,
    balance: null,
    currency: null,
    account: null,
    card: null,
  };
  const isDate = (cell: TableCell) =>
    readDate(cell, conventions, null) !== null || /^\d{1,2}[./-]\d{1,2}$/.test(cellText(cell));
  const isMoney = (cell: TableCell) => {
    const money = readMoney(cell, conventions, null);
    return money !== null && money !== 'invalid';
  };
  const isCurrency = (cell: TableCell) => currencyCode(cellText(cell)) !== null;

  // Of several date columns, the posting/booking date is the statement's; then a transaction date;
  // a value date only when there is nothing else.
  const preference = (column: number) => {
    if (roles[column] !== 'date') return 2;
    return isPostingDateHeader(cellText(header[column])) ? 0 : 1;
  };
  const dateColumn = roles
    .flatMap((role, column) => (role === 'date' || role === 'valueDate' || role === 'currency' ? [column] : []))
    .filter((column) => share(body, column, isDate) >= 0.5)
    .sort((left, right) => preference(left) - preference(right) || left - right)[0];
  if (dateColumn === undefined) return null;
  columns.date = dateColumn;
  const dated = body.filter((row) => isDate(row[dateColumn]));
  if (dated.length === 0) return null;

  const payees: number[] = [];
  const memos: number[] = [];
  roles.forEach((role, column) => {
    if (role === null || column === dateColumn) return;
    if (
      (role === 'indicator' || role === 'description' || role === 'memo') &&
      columns.indicator === null &&
      isIndicatorColumn(dated, column)
    ) {
      columns.indicator = column;
      return;
    }
    switch (role) {
      case 'valueDate':
      case 'currency':
        if (share(dated, column, isCurrency) >= 0.9) columns.currency ??= column;
        break;
      case 'amount':
      case 'debit':
      case 'credit':
      case 'balance':
        if (share(dated, column, isMoney) >= 0.5 && columns[role] === null) columns[role] = column;
        break;
      case 'description':
        payees.push(column);
        break;
      case 'memo':
        memos.push(column);
        break;
      case 'account':
        columns.account ??= column;
        break;
      case 'card':
        columns.card ??= column;
        break;
      case 'date':
      case 'indicator':
        break;
    }
  });
  columns.description = [...payees, ...memos];
  const hasMoney = columns.amount !== null || columns.debit !== null || columns.credit !== null;
  return hasMoney ? columns : null;
}

/** Without a header: a date column, money columns (decimals in most cells), the longest text column. */
export function inferColumns(rows: TableCell[][], conventions: Conventions): Columns | null {
  const width = Math.max(...rows.map((row) => row.length));
  const isDate = (cell: TableCell) => readDate(cell, conventions, null) !== null;
  const isDecimalMoney = (cell: TableCell) => {
    if (typeof cell === 'object' && 'number' in cell) return true;
    const text = cellText(cell);
    const money = readMoney(cell, conventions, null);
    return money !== null && money !== 'invalid' && /[.,]\d{2}\b/.test(text);
  };
  let date = -1;
  const money: number[] = [];
  const text: Array<{ column: number; length: number }> = [];
  for (let column = 0; column < width; column += 1) {
    if (date < 0 && share(rows, column, isDate) >= 0.95) {
      date = column;
      continue;
    }
    if (share(rows, column, isDecimalMoney) >= 0.95) {
      money.push(column);
      continue;
    }
    const lengths = rows.map((row) => cellText(row[column]).length);
    const average = lengths.reduce((sum, length) => sum + length, 0) / rows.length;
    if (average >= 3 && share(rows, column, (cell) => /[A-Za-z]/.test(cellText(cell))) >= 0.9)
      text.push({ column, length: average });
  }
  if (date < 0 || money.length === 0 || money.length > 2 || text.length === 0) return null;
  text.sort((left, right) => right.length - left.length);
  return {
    date,
    description: [text[0].column],
    amount: money[0],
    debit: null,
    credit: null,
    indicator: null,
    balance: money[1] ?? null,
    currency: null,
    account: null,
    card: null,
  };
}
