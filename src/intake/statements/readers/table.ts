/**
 * Reading a statement out of a table of cells — the common half of the CSV and xlsx readers. The
 * table may start with preamble rows (account number, period, balances as "key, value" pairs), then a
 * header row, then one row per transaction, then footer rows. Everything about the layout is
 * detected, never configured, in phases: find the header and map its columns (./table/columns.ts),
 * detect the conventions (day or month first, decimal separator), read the preamble (./table/
 * preamble.ts) and the rows, then resolve signs and build the statement in the interpretation layer
 * every reader shares (../interpret/).
 */
import { detectConventions, settleDayMonthOrder, type Conventions } from '../interpret/conventions.ts';
import {
  balanceWithIndicator,
  fromDebitCredit,
  fromDirection,
  indicatorDirection,
  resolveSigns,
  type SignedRow,
} from '../interpret/signs.ts';
import { buildStatement } from '../interpret/statement.ts';
import { type ColumnRole, INDICATOR_VALUES, normaliseWords } from '../interpret/vocabulary.ts';
import type { Decimal } from '../../../money/decimal.ts';
import { detectCurrency } from '../text/currency.ts';
import type { FactSource, ReadOutcome, ReaderContext } from '../types.ts';
import { accepted, plainEvidence, accountLast4, collapseSpaces, currencyCode, reject, resolveKind } from './common.ts';
import { cellText, isBlank, moneyEvidence, readDate, readMoney, type TableCell } from './table/cells.ts';
import { type Columns, headerCandidates, inferColumns, mapColumns } from './table/columns.ts';
import { keyValues, readKeyValues } from './table/preamble.ts';

export { cellText, type TableCell } from './table/cells.ts';

interface Row {
  cells: TableCell[];
  index: number;
}

interface TableLayout {
  header: { index: number; roles: Array<ColumnRole | null> } | null;
  preambleRows: TableCell[][];
  body: TableCell[][];
  columns: Columns | null;
  conventions: Conventions;
}

function conventionsOf(
  rows: TableCell[][],
  dateColumns: number[],
  moneyColumns: number[],
  otherText: string,
): Conventions {
  const texts = (columns: number[]) => rows.flatMap((row) => columns.map((column) => cellText(row[column]))).join(' ');
  return detectConventions(texts(moneyColumns), texts(dateColumns), otherText);
}

/** Phase 1: the first header candidate whose columns hold what they name; else columns by contents alone. */
function findLayout(rows: TableCell[][]): TableLayout {
  for (const candidate of headerCandidates(rows)) {
    const body = rows.slice(candidate.index + 1);
    const preambleRows = rows.slice(0, candidate.index);
    const dateLike = candidate.roles.flatMap((role, column) =>
      role === 'date' || role === 'valueDate' ? [column] : [],
    );
    const moneyLike = candidate.roles.flatMap((role, column) =>
      role === 'amount' || role === 'debit' || role === 'credit' || role === 'balance' ? [column] : [],
    );
    const conventions = conventionsOf(
      body,
      dateLike,
      moneyLike,
      preambleRows.map((row) => row.map(cellText).join(' ')).join(' '),
    );
    const columns = mapColumns(candidate.roles, rows[candidate.index], body, conventions);
    if (columns) return { header: candidate, preambleRows, body, columns, conventions };
  }
  const width = Math.max(...rows.map((row) => row.length));
  const everyColumn = Array.from({ length: width }, (_, column) => column);
  const conventions = conventionsOf(rows, everyColumn, everyColumn, '');
  return { header: null, preambleRows: [], body: rows, columns: inferColumns(rows, conventions), conventions };
}

/** What phases 1 to 4 take out of the table: every row's money and the statement's own facts. */
interface TableReading {
  signedRows: SignedRow[];
  balanceOnlyRows: Array<{ position: number; balance: Decimal }>;
  balancesIndicated: boolean;
  preamble: ReturnType<typeof readKeyValues>;
  kind: ReturnType<typeof resolveKind>;
  currency: string | null;
  accountLast4: string | null;
}

/**
 * Reads the statement out of the rows. `format` names the source ('csv', 'xlsx') in the outcome, and
 * `sourceName` is used in messages.
 *
 * The table is consumed: once every row's money is read, `allRows` is emptied, so that a table of a
 * million rows is let go before its lines are resolved and built rather than held beside them (the
 * reader's peak memory is the table or the lines, not both).
 */
export function readStatementTable(
  allRows: TableCell[][],
  context: ReaderContext,
  format: string,
  sourceName: string,
): ReadOutcome {
  const reading = readTableRows(allRows, context, sourceName);
  allRows.length = 0;
  if ('ok' in reading) return reading;
  const { preamble, kind, currency } = reading;
  // Only a balance the file states (a preamble pair, a balance-only row) proves where the lines start
  // and end; one rolled back from the running balances agrees with the lines whatever was lost.
  const first = reading.signedRows[0];
  const last = reading.signedRows[reading.signedRows.length - 1];
  const runningBalances = first.balance !== null && last.balance !== null;

  // Phases 5 and 6: signs and order from the table's own arithmetic, then the statement.
  const resolved = resolveSigns(reading.signedRows, kind, {
    statedOpening: preamble.opening ? balanceWithIndicator(preamble.opening, kind) : null,
    statedClosing: preamble.closing ? balanceWithIndicator(preamble.closing, kind) : null,
    balanceOnlyRows: reading.balanceOnlyRows,
    balancesIndicated: reading.balancesIndicated,
  });
  reading.signedRows = []; // resolved holds the lines now
  if (resolved.undecided) return reject('document_unreadable', resolved.undecided);
  const statedSource = (preambleValue: unknown, resolvedValue: unknown): FactSource =>
    preambleValue || (!runningBalances && resolvedValue !== null) ? 'stated' : 'lines';
  return accepted(
    buildStatement(
      {
        institutionName: preamble.institution,
        accountLast4: reading.accountLast4,
        accountKind: kind,
        currency,
        periodStart: preamble.periodStart,
        periodEnd: preamble.periodEnd,
      },
      resolved,
      { widenToLines: true },
    ),
    format,
    plainEvidence(
      {
        period: preamble.periodStart && preamble.periodEnd ? 'stated' : 'lines',
        openingBalance: statedSource(preamble.opening, resolved.opening),
        closingBalance: statedSource(preamble.closing, resolved.closing),
      },
      false,
    ),
  );
}

/** Phases 1 to 4, or the rejection (a `ReadOutcome`) that ends the reading. */
function readTableRows(allRows: TableCell[][], context: ReaderContext, sourceName: string): TableReading | ReadOutcome {
  const rows = allRows.filter((row) => !isBlank(row));
  if (rows.length === 0) return reject('no_transactions', `The ${sourceName} is empty.`);
  const candidates = headerCandidates(rows);
  if (candidates.length > 0 && candidates[0].index === rows.length - 1) {
    return reject('no_transactions', `The ${sourceName} has a transaction table header but no rows under it.`);
  }
  const layout = findLayout(rows);
  const { header, preambleRows, body, columns } = layout;
  let conventions = layout.conventions;
  if (!columns) {
    return reject(
      'not_a_bank_statement',
      `The ${sourceName} has no transaction table: no column of dates with a column of amounts (or debit and credit columns) beside it.`,
    );
  }

  // Phase 2: data rows have a date; rows without one after the last data row are the footer.
  const preambleEarly = readKeyValues(keyValues(preambleRows), conventions);
  const period =
    preambleEarly.periodStart && preambleEarly.periodEnd
      ? { start: preambleEarly.periodStart, end: preambleEarly.periodEnd }
      : null;
  const dataRows: Row[] = [];
  let lastDataIndex = -1;
  body.forEach((cells, index) => {
    if (readDate(cells[columns.date], conventions, period)) {
      dataRows.push({ cells, index });
      lastDataIndex = index;
    }
  });
  const footerRows = body.slice(lastDataIndex + 1);
  if (dataRows.length === 0)
    return reject('no_transactions', `The ${sourceName} has a transaction table but no transaction rows.`);

  // Phase 3, the statement's facts. Currency: a currency column, else the preamble's label, else the
  // amounts' own symbols or codes.
  const columnCurrencies =
    columns.currency === null
      ? []
      : [...new Set(dataRows.map((row) => currencyCode(cellText(row.cells[columns.currency!]))).filter(Boolean))];
  if (columnCurrencies.length > 1)
    return reject(
      'document_unreadable',
      `The ${sourceName} mixes rows in ${columnCurrencies.join(', ')}; one statement is in one currency.`,
    );
  const moneyColumns = [columns.amount, columns.debit, columns.credit, columns.balance].filter(
    (column): column is number => column !== null,
  );
  const headerText = header
    ? rows[header.index]
        .map(cellText)
        .filter((text) => /\b[A-Z]{3}\b|[$€£]/.test(text))
        .join(' ')
    : '';
  const evidenceText = [
    preambleRows.map((row) => row.map(cellText).join(' ')).join('\n'),
    footerRows.map((row) => row.map(cellText).join(' ')).join('\n'),
    headerText,
    dataRows.map((row) => moneyColumns.map((column) => moneyEvidence(row.cells[column])).join(' ')).join('\n'),
  ].join('\n');
  const statedCurrency = readKeyValues(keyValues([...preambleRows, ...footerRows]), conventions).currency;
  const currency =
    columnCurrencies[0] ?? statedCurrency ?? currencyCode(detectCurrency(evidenceText, context.hints.currency ?? null));
  conventions = settleDayMonthOrder(conventions, currency);
  const preamble = readKeyValues([...keyValues(preambleRows), ...keyValues(footerRows)], conventions, currency);

  const headerNames = header ? rows[header.index].map((cell) => normaliseWords(cellText(cell))).join(' ') : '';
  const documentKind =
    preamble.kind ??
    (columns.card !== null || /\bcard ?member\b|\bcard ?no\b|\bcard ?number\b/.test(headerNames)
      ? 'credit_card'
      : null);
  const kind = resolveKind(documentKind, context.hints.kind);

  // Phase 4: each row's money, with the direction the table states where it states one.
  const signedRows: SignedRow[] = [];
  const balanceOnlyRows: Array<{ position: number; balance: Decimal }> = [];
  let balancesIndicated = Boolean(preamble.opening?.indicator || preamble.closing?.indicator);
  for (const { cells, index } of dataRows) {
    const money = (column: number | null) => (column === null ? null : readMoney(cells[column], conventions, currency));
    const amount = money(columns.amount);
    const debit = money(columns.debit);
    const credit = money(columns.credit);
    const balance = money(columns.balance);
    if (amount === 'invalid' || debit === 'invalid' || credit === 'invalid' || balance === 'invalid') {
      return reject(
        'document_unreadable',
        `Row ${index + 1} of the ${sourceName}'s table has an amount that cannot be read.`,
      );
    }
    const date = readDate(cells[columns.date], conventions, period)!;
    const description = collapseSpaces(
      [...new Set(columns.description.map((column) => collapseSpaces(cellText(cells[column]))).filter(Boolean))].join(
        ' ',
      ),
    );
    const shownBalance = balance ? balanceWithIndicator(balance, kind) : null;
    if (balance?.indicator) balancesIndicated = true;

    let raw: Decimal;
    let explicit = false;
    if (debit || credit) {
      raw = fromDebitCredit(debit?.value ?? null, credit?.value ?? null);
      explicit = true;
    } else if (amount) {
      const indicatorText = columns.indicator === null ? '' : cellText(cells[columns.indicator]);
      const direction =
        INDICATOR_VALUES[normaliseWords(indicatorText)] ??
        INDICATOR_VALUES[indicatorText] ??
        indicatorDirection(amount.indicator);
      explicit = direction !== undefined && direction !== null;
      raw = direction ? fromDirection(amount.value, direction) : amount.value;
    } else {
      // A dated row with a balance but no amount ("Beginning balance as of 03/01/2026") is not a line.
      if (shownBalance) balanceOnlyRows.push({ position: signedRows.length, balance: shownBalance });
      continue;
    }
    signedRows.push({ date, description, raw, explicit, balance: shownBalance });
  }
  if (signedRows.length === 0)
    return reject('no_transactions', `The ${sourceName} lists no transaction with an amount.`);
  const accountFromColumn = (column: number | null) => {
    if (column === null) return null;
    const values = [...new Set(dataRows.map((row) => accountLast4(cellText(row.cells[column]))).filter(Boolean))];
    return values.length === 1 ? values[0] : null;
  };
  return {
    signedRows,
    balanceOnlyRows,
    balancesIndicated,
    preamble,
    kind,
    currency,
    accountLast4: preamble.accountLast4 ?? accountFromColumn(columns.card) ?? accountFromColumn(columns.account),
  };
}
