/**
 * Reading a statement out of a table of cells — the common half of the CSV and xlsx readers. The
 * table may start with preamble rows (account number, period, balances as "key, value" pairs), then a
 * header row, then one row per transaction, then footer rows. Everything about the layout is
 * detected, never configured: which row is the header, which column is which (by its header name in
 * English, German, French, Spanish, Dutch or Italian, confirmed by its contents), how dates are
 * written (day or month first), the decimal separator, the sign convention and the row order.
 */
import { type DayMonthOrder, detectDayMonthOrder, parseDate } from '../text/dates.ts';
import { type DecimalSeparator, detectDecimalSeparator, parseAmount } from '../text/amounts.ts';
import { detectCurrency } from '../text/currency.ts';
import { currencyExponent } from '../../../money/currency.ts';
import type { FactSource, ParsedStatementLine, ReadOutcome, ReaderContext, StatementAccountKind } from '../types.ts';
import { accepted, plainEvidence, accountLast4, collapseSpaces, currencyCode, reject, resolveKind } from './common.ts';
import { type ExactDecimal, ZERO, addDecimals, compareDecimals, formatDecimal, negateDecimal, parsePlainDecimal, subtractDecimals } from './exact-decimal.ts';

/**
 * A cell as the file gives it: text (CSV, text cells), a real date, or a number with the decimals its
 * format displays and the currency symbol or code that format prints, if any.
 */
export type TableCell = string | { date: string } | { number: number; displayedDecimals: number | null; currencyText?: string | null };

type Role = 'date' | 'valueDate' | 'description' | 'memo' | 'amount' | 'debit' | 'credit' | 'indicator' | 'balance' | 'currency' | 'account' | 'card';

interface Columns {
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

// Header names, normalised (lower case, no accents, punctuation as spaces). Order matters: the first
// role whose pattern matches wins, so "value date" is a date before "value" could be an amount.
const HEADER_ROLES: Array<[Role, RegExp]> = [
  ['indicator', /^(dr ?cr|cr ?dr|debit ?credit|credit ?debit|s ?h|soll ?haben|af ?bij|d ?c|c ?d|credit debit indicator|debit credit indicator|cd indicator|sign)$/],
  ['valueDate', /^(value ?date|valuta ?datum|valutadatum|wertstellung|date de valeur|date valeur|fecha valor|rentedatum|data valuta)$/],
  ['date', /\b(date|datum|fecha|data|buchungstag|tag|posted|posting)\b/],
  ['balance', /\b(balance|bal|saldo|solde|kontostand|balans)\b/],
  ['card', /\b(card ?member|card ?no|card ?number|cardholder|card)\b/],
  ['account', /\b(account|acct|iban|kontonummer|konto|rekening|compte|cuenta)\b/],
  ['debit', /\b(debit|debits|withdrawal|withdrawals|withdrawn|money out|paid out|outflow|soll|debito|cargo|cargos|uscite|af|ausgang|ausgaben|lastschrift)\b/],
  ['credit', /\b(credit|credits|deposit|deposits|money in|paid in|inflow|haben|credito|abono|abonos|entrate|bij|eingang|einnahmen|gutschrift)\b/],
  ['amount', /\b(amount|amt|betrag|montant|importe|bedrag|importo|umsatz|value|sum)\b/],
  ['currency', /^(currency|ccy|curr|wahrung|waehrung|devise|moneda|valuta|munt|divisa)$/],
  ['memo', /\b(memo|verwendungszweck|purpose|reference|notes?|remarks?|mededelingen|communication|motif|causale|message|details|additional information|remittance)\b/],
  ['description', /\b(description|payee|merchant|name|beneficiary|counterparty|narrative|particulars|transaction|empfanger|empfaenger|auftraggeber|beguenstigter|zahlungspflichtiger|libelle|concepto|omschrijving|naam|tegenpartij|descrizione|beschreibung|buchungstext|text|descripcion|beneficiario)\b/],
];
// Columns that look like descriptions by name but would make descriptions unstable or wrong.
const IGNORED_HEADER = /\b(category|categorie|kategorie|status|check|cheque|slip|id|fitid|reference number|ref no|type|mcc)\b/;

const INDICATOR_VALUES: Record<string, 'in' | 'out'> = {
  cr: 'in', c: 'in', credit: 'in', h: 'in', haben: 'in', bij: 'in', '+': 'in', crdt: 'in', gutschrift: 'in', deposit: 'in',
  dr: 'out', d: 'out', debit: 'out', s: 'out', soll: 'out', af: 'out', '-': 'out', dbit: 'out', lastschrift: 'out', withdrawal: 'out',
};

// Card rows that are money in whatever the export's sign convention: payments, returns and refunds.
const PAYMENT_TEXT = /\b(payments?|autopay|auto pay|pymt|paiement|zahlung|pago|returns?|refunds?|remboursement|erstattung|reembolso)\b/i;

interface KeyValue {
  key: string;
  value: string;
  /** A number cell among the values (xlsx), read as the number it is rather than as its text. */
  number: TableCell | null;
}

interface Row {
  cells: TableCell[];
  index: number;
}

function normaliseHeader(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9+#]+/g, ' ').trim();
}

export function cellText(cell: TableCell | undefined): string {
  if (cell === undefined || cell === null) return '';
  if (typeof cell === 'string') return cell.trim();
  if ('date' in cell) return cell.date;
  return String(cell.number);
}

/** A money cell's text for currency detection: a typed number adds the symbol its format prints. */
function moneyEvidence(cell: TableCell | undefined): string {
  if (cell !== undefined && typeof cell === 'object' && 'number' in cell && cell.currencyText) return `${cell.currencyText}${cellText(cell)}`;
  return cellText(cell);
}

function isBlank(row: TableCell[]): boolean {
  return row.every((cell) => cellText(cell) === '');
}

function roleOf(header: string): Role | null {
  const name = normaliseHeader(header);
  if (!name) return null;
  for (const [role, pattern] of HEADER_ROLES) {
    if (pattern.test(name)) {
      // "Transaction date" is a date, "Transaction" alone a description, "Category" is ignored.
      if ((role === 'description' || role === 'memo') && IGNORED_HEADER.test(name)) return null;
      return role;
    }
  }
  return null;
}

/** The statement's conventions, detected once from the whole table. */
interface Conventions {
  order: DayMonthOrder;
  separator: DecimalSeparator;
  /** False when every numeric date reads both ways; the currency then decides (see readStatementTable). */
  orderProven: boolean;
}

// Detection reads every date and amount cell several times, and exports repeat the same few hundred
// dates; parses are memoised per text (and per convention), bounded so a huge file cannot grow it.
const parseCache = new Map<string, unknown>();
const PARSE_CACHE_LIMIT = 100_000;

function memoised<T>(key: string, compute: () => T): T {
  if (parseCache.has(key)) return parseCache.get(key) as T;
  const value = compute();
  if (parseCache.size >= PARSE_CACHE_LIMIT) parseCache.clear();
  parseCache.set(key, value);
  return value;
}

function readDate(cell: TableCell | undefined, conventions: Conventions, period: { start: string; end: string } | null): string | null {
  if (cell !== undefined && typeof cell === 'object' && 'date' in cell) return cell.date;
  const raw = cellText(cell);
  if (!raw) return null;
  return memoised(`d|${conventions.order}|${period?.start ?? ''}|${period?.end ?? ''}|${raw}`, () => {
    // Exports often add a time ("2026-03-14 10:22:31", "03/14/2026 10:22 AM"); the date is what counts.
    const text = raw.replace(/[ T]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?\s*(am|pm|z|[+-]\d{2}:?\d{2})?$/i, '').trim();
    return text ? parseDate(text, { order: conventions.order, period }) : null;
  });
}

interface Money { value: ExactDecimal; indicator: 'CR' | 'DR' | null; currency: string | null }

/** Decimal string of a number cell, rounded half away from zero to `decimals` on the digits themselves. */
function numberCellDecimal(value: number, decimals: number): ExactDecimal | null {
  if (!Number.isFinite(value)) return null;
  // The shortest text that reads back to the double is what the spreadsheet wrote, float noise aside.
  const exact = parsePlainDecimal(expandExponent(String(value)));
  if (!exact || exact.scale <= decimals) return exact;
  const drop = 10n ** BigInt(exact.scale - decimals);
  const negative = exact.units < 0n;
  const magnitude = negative ? -exact.units : exact.units;
  const rounded = (magnitude + drop / 2n) / drop;
  return { units: negative ? -rounded : rounded, scale: decimals };
}

function expandExponent(text: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/i.exec(text);
  if (!match) return text;
  const [, sign, whole, fraction = '', exponentText] = match;
  const exponent = Number(exponentText);
  const digits = whole + fraction;
  const pointAt = whole.length + exponent;
  if (pointAt <= 0) return `${sign}0.${'0'.repeat(-pointAt)}${digits}`;
  if (pointAt >= digits.length) return sign + digits + '0'.repeat(pointAt - digits.length);
  return `${sign}${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
}

function readMoney(cell: TableCell | undefined, conventions: Conventions, currency: string | null): Money | null | 'invalid' {
  if (cell !== undefined && typeof cell === 'object' && 'number' in cell) {
    const minorDigits = (currency ? currencyExponent(currency) : undefined) ?? 2;
    const value = numberCellDecimal(cell.number, Math.max(cell.displayedDecimals ?? 0, minorDigits));
    return value ? { value, indicator: null, currency: null } : 'invalid';
  }
  const text = cellText(cell);
  if (!text || /^[-–—]$/.test(text)) return null;
  return memoised(`m|${conventions.separator}|${text}`, (): Money | 'invalid' => {
    const parsed = parseAmount(text, conventions.separator);
    const value = parsed ? parsePlainDecimal(parsed.value) : null;
    return parsed && value ? { value, indicator: parsed.indicator, currency: parsed.currency } : 'invalid';
  });
}

function abs(value: ExactDecimal): ExactDecimal {
  return value.units < 0n ? negateDecimal(value) : value;
}

/** Key/value pairs from preamble or footer rows: "Account number, 1234" or "Currency: EUR". */
function keyValues(rows: TableCell[][]): KeyValue[] {
  const pairs: KeyValue[] = [];
  for (const row of rows) {
    const cells = row.filter((cell) => cellText(cell) !== '');
    const texts = cells.map(cellText);
    if (texts.length === 0) continue;
    if (texts.length === 1) {
      const colon = texts[0].indexOf(':');
      if (colon > 0) pairs.push({ key: texts[0].slice(0, colon).trim(), value: texts[0].slice(colon + 1).trim(), number: null });
      else pairs.push({ key: texts[0], value: '', number: null });
      continue;
    }
    const number = cells.slice(1).find((cell) => typeof cell === 'object' && 'number' in cell) ?? null;
    pairs.push({ key: texts[0].replace(/:\s*$/, ''), value: texts.slice(1).join(' '), number });
  }
  return pairs;
}

const KEY_PATTERNS = {
  opening: /\b(opening|beginning|starting|start|previous|old|initial|brought forward|anfangs\w*|alter kontostand|anfangssaldo|solde (initial|precedent|de debut)|saldo (inicial|iniziale|anterior)|beginsaldo)\b/,
  closing: /\b(closing|ending|end balance|new balance|current balance|final|carried forward|endsaldo|schlusssaldo|neuer kontostand|solde (final|nouveau)|saldo (final|finale)|eindsaldo)\b/,
  balanceWord: /(balance|saldo|solde|kontostand)/,
  account: /^(account|account number|account no|acct|account #|iban|kontonummer|konto|konto nr|rekening|rekeningnummer|numero de compte|compte|cuenta|numero de cuenta|conto)$/,
  card: /(card number|card no|card ending|kartennummer|numero de carte)/,
  currency: /^(currency|account currency|wahrung|waehrung|devise|moneda|valuta|divisa)$/,
  bank: /^(bank|bank name|institution|financial institution|kreditinstitut|banque|banco|banca)$/,
  type: /^(account type|type|kontoart|kontotyp|type de compte|tipo de cuenta|product|produkt|account name|account description)$/,
  period: /(statement period|period|zeitraum|date range|periode|periodo|from to|von bis)/,
  from: /^(from|start date|from date|von|du|desde|dal|van|period start|statement start)$/,
  to: /^(to|end date|to date|bis|au|hasta|al|tot|period end|statement end)$/,
};

function kindFromText(text: string): StatementAccountKind | null {
  const normal = normaliseHeader(text);
  if (/credit ?card|kreditkarte|carte de credit|tarjeta de credito|carta di credito|creditcard|visa|mastercard|amex/.test(normal)) return 'credit_card';
  if (/saving|sparkonto|spar|tagesgeld|epargne|ahorro|risparmio|spaarrekening|livret|money market/.test(normal)) return 'savings';
  if (/checking|chequing|current|girokonto|giro|compte courant|cuenta corriente|conto corrente|betaalrekening|business account/.test(normal)) return 'checking';
  return null;
}

/** Two dates in one value ("01.03.2026 - 31.03.2026", "March 1, 2026 to March 31, 2026"). */
function periodFromText(text: string, conventions: Conventions): { start: string; end: string } | null {
  const parts = text.split(/\s+(?:-|–|to|bis|au|al|a|tot|through|thru)\s+|\s*[–]\s*/i);
  if (parts.length !== 2) return null;
  const start = readDate(parts[0].trim(), conventions, null);
  const end = readDate(parts[1].trim(), conventions, null);
  return start && end && start <= end ? { start, end } : null;
}

interface Preamble {
  institution: string | null;
  accountLast4: string | null;
  kind: StatementAccountKind | null;
  currency: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  opening: Money | null;
  closing: Money | null;
}

function readKeyValues(pairs: KeyValue[], conventions: Conventions, currency: string | null = null): Preamble {
  const found: Preamble = { institution: null, accountLast4: null, kind: null, currency: null, periodStart: null, periodEnd: null, opening: null, closing: null };
  const firstDate = (text: string) => {
    for (const match of text.matchAll(/\d{4}-\d{2}-\d{2}|\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{1,2}\.? [A-Za-zäé]{3,9}\.? \d{4}|[A-Za-z]{3,9}\.? \d{1,2},? \d{4}/g)) {
      const date = readDate(match[0], conventions, null);
      if (date) return date;
    }
    return null;
  };
  const moneyOf = ({ value: text, number }: KeyValue) => {
    if (number) {
      const money = readMoney(number, conventions, currency);
      if (money && money !== 'invalid') return money;
    }
    const candidates = text.split(/\s{2,}|\s(?=[-+(]?[$€£]?\d)/).map((part) => part.trim()).filter(Boolean).reverse();
    for (const candidate of [text.trim(), ...candidates]) {
      const money = readMoney(candidate, conventions, null);
      if (money && money !== 'invalid') return money;
    }
    return null;
  };
  for (const pair of pairs) {
    const { key, value } = pair;
    const name = normaliseHeader(key);
    if (!name) continue;
    const isBalance = KEY_PATTERNS.balanceWord.test(name) || /saldo|kontostand/.test(name);
    if (isBalance && KEY_PATTERNS.opening.test(name)) {
      found.opening ??= moneyOf(pair);
      found.periodStart ??= firstDate(key);
    } else if (isBalance && KEY_PATTERNS.closing.test(name)) {
      found.closing ??= moneyOf(pair);
      found.periodEnd ??= firstDate(key);
    } else if (KEY_PATTERNS.card.test(name)) {
      found.accountLast4 ??= accountLast4(value);
      found.kind ??= 'credit_card';
    } else if (KEY_PATTERNS.account.test(name)) {
      found.accountLast4 ??= accountLast4(value);
    } else if (KEY_PATTERNS.currency.test(name)) {
      found.currency ??= currencyCode(value);
    } else if (KEY_PATTERNS.bank.test(name)) {
      found.institution ??= collapseSpaces(value) || null;
    } else if (KEY_PATTERNS.type.test(name)) {
      found.kind ??= kindFromText(value);
    } else if (KEY_PATTERNS.from.test(name)) {
      found.periodStart ??= readDate(value, conventions, null);
    } else if (KEY_PATTERNS.to.test(name)) {
      found.periodEnd ??= readDate(value, conventions, null);
    } else if (KEY_PATTERNS.period.test(name)) {
      const period = periodFromText(value, conventions);
      if (period) {
        found.periodStart ??= period.start;
        found.periodEnd ??= period.end;
      }
    }
  }
  return found;
}

/** Header candidates: rows naming a date column and an amount (or debit/credit) column, first first. */
function headerCandidates(rows: TableCell[][]): Array<{ index: number; roles: Array<Role | null> }> {
  const candidates: Array<{ index: number; roles: Array<Role | null> }> = [];
  for (let index = 0; index < Math.min(rows.length, 60); index += 1) {
    const roles = rows[index].map((cell) => (typeof cell === 'string' ? roleOf(cell) : null));
    const hasDate = roles.includes('date') || roles.includes('valueDate') || roles.includes('currency');
    const hasMoney = roles.includes('amount') || roles.includes('debit') || roles.includes('credit');
    if (hasDate && hasMoney) candidates.push({ index, roles });
  }
  return candidates;
}

/**
 * Day/month order proven by the dates themselves (a first number above 12 means day first), or null
 * when every date reads both ways. Dotted (14.03.2026) and ISO dates carry their own order.
 */
function provenDayMonthOrder(text: string): DayMonthOrder | null {
  let dayFirst = 0;
  let monthFirst = 0;
  for (const match of text.matchAll(/(?<![\d/.-])(\d{1,2})[/-](\d{1,2})(?:[/-](\d{2}|\d{4}))?(?![\d/-])/g)) {
    const first = Number(match[1]);
    const second = Number(match[2]);
    if (first > 12 && second <= 12) dayFirst += 1;
    if (second > 12 && first <= 12) monthFirst += 1;
  }
  if (dayFirst === monthFirst) return null;
  return dayFirst > monthFirst ? 'day_first' : 'month_first';
}

function detectConventions(rows: TableCell[][], dateColumns: number[], moneyColumns: number[], otherText: string): Conventions {
  const moneyText = rows.flatMap((row) => moneyColumns.map((column) => cellText(row[column]))).join(' ');
  const separator = detectDecimalSeparator(moneyText);
  const dateText = rows.flatMap((row) => dateColumns.map((column) => cellText(row[column]))).join(' ');
  const proven = provenDayMonthOrder(`${dateText} ${otherText}`);
  return { separator, order: proven ?? detectDayMonthOrder(dateText, { commaDecimals: separator === 'comma' }), orderProven: proven !== null };
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
  return share(rows, column, (cell) => normaliseHeader(cellText(cell)) in INDICATOR_VALUES || cellText(cell) === '+' || cellText(cell) === '-') >= 0.95;
}

/**
 * Assigns columns from the header's roles, confirmed by what the columns hold: the date column on
 * the rows below the header (of which footer rows may be a fair share), every other column on the
 * rows that have a date.
 */
function mapColumns(roles: Array<Role | null>, header: TableCell[], body: TableCell[][], conventions: Conventions): Columns | null {
  const columns: Columns = { date: -1, description: [], amount: null, debit: null, credit: null, indicator: null, balance: null, currency: null, account: null, card: null };
  const isDate = (cell: TableCell) => readDate(cell, conventions, null) !== null || /^\d{1,2}[./-]\d{1,2}$/.test(cellText(cell));
  const isMoney = (cell: TableCell) => { const money = readMoney(cell, conventions, null); return money !== null && money !== 'invalid'; };
  const isCurrency = (cell: TableCell) => currencyCode(cellText(cell)) !== null;

  // Of several date columns, the posting/booking date is the statement's; then a transaction date;
  // a value date only when there is nothing else.
  const preference = (column: number) => {
    const name = normaliseHeader(cellText(header[column]));
    if (roles[column] !== 'date') return 2;
    return /post|book|buchung|comptab|contable|boek/.test(name) ? 0 : 1;
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
    if ((role === 'indicator' || role === 'description' || role === 'memo') && columns.indicator === null && isIndicatorColumn(dated, column)) {
      columns.indicator = column;
      return;
    }
    switch (role) {
      case 'valueDate': case 'currency':
        if (share(dated, column, isCurrency) >= 0.9) columns.currency ??= column;
        break;
      case 'amount': case 'debit': case 'credit': case 'balance':
        if (share(dated, column, isMoney) >= 0.5 && columns[role] === null) columns[role] = column;
        break;
      case 'description': payees.push(column); break;
      case 'memo': memos.push(column); break;
      case 'account': columns.account ??= column; break;
      case 'card': columns.card ??= column; break;
      case 'date': case 'indicator': break;
    }
  });
  columns.description = [...payees, ...memos];
  const hasMoney = columns.amount !== null || columns.debit !== null || columns.credit !== null;
  return hasMoney ? columns : null;
}

/** Without a header: a date column, money columns (decimals in most cells), the longest text column. */
function inferColumns(rows: TableCell[][], conventions: Conventions): Columns | null {
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
    if (date < 0 && share(rows, column, isDate) >= 0.95) { date = column; continue; }
    if (share(rows, column, isDecimalMoney) >= 0.95) { money.push(column); continue; }
    const lengths = rows.map((row) => cellText(row[column]).length);
    const average = lengths.reduce((sum, length) => sum + length, 0) / rows.length;
    if (average >= 3 && share(rows, column, (cell) => /[A-Za-z]/.test(cellText(cell))) >= 0.9) text.push({ column, length: average });
  }
  if (date < 0 || money.length === 0 || money.length > 2 || text.length === 0) return null;
  text.sort((left, right) => right.length - left.length);
  return {
    date, description: [text[0].column], amount: money[0], debit: null, credit: null, indicator: null,
    balance: money[1] ?? null, currency: null, account: null, card: null,
  };
}

interface RowMoney {
  row: number;
  date: string;
  description: string;
  /** Holder's view before sign detection: positive = money in (the usual bank export convention). */
  raw: ExactDecimal;
  /** True when the file itself says the direction (debit/credit columns, CR/DR indicator). */
  explicit: boolean;
  balance: ExactDecimal | null;
  currency: string | null;
}

/**
 * Reads the statement out of the rows. `format` names the source ('csv', 'xlsx') in the outcome, and
 * `sourceName` is used in messages.
 */
export function readStatementTable(allRows: TableCell[][], context: ReaderContext, format: string, sourceName: string): ReadOutcome {
  const rows = allRows.filter((row) => !isBlank(row));
  if (rows.length === 0) return reject('no_transactions', `The ${sourceName} is empty.`);

  let header: { index: number; roles: Array<Role | null> } | null = null;
  let body: TableCell[][] = rows;
  let preambleRows: TableCell[][] = [];
  let columns: Columns | null = null;
  let conventions: Conventions = { order: 'month_first', separator: 'dot', orderProven: false };
  const candidates = headerCandidates(rows);
  if (candidates.length > 0 && candidates[0].index === rows.length - 1) {
    return reject('no_transactions', `The ${sourceName} has a transaction table header but no rows under it.`);
  }
  for (const candidate of candidates) {
    const candidateBody = rows.slice(candidate.index + 1);
    const dateLike = candidate.roles.flatMap((role, column) => (role === 'date' || role === 'valueDate' ? [column] : []));
    const moneyLike = candidate.roles.flatMap((role, column) => (role === 'amount' || role === 'debit' || role === 'credit' || role === 'balance' ? [column] : []));
    const candidateConventions = detectConventions(candidateBody, dateLike, moneyLike, rows.slice(0, candidate.index).map((row) => row.map(cellText).join(' ')).join(' '));
    const candidateColumns = mapColumns(candidate.roles, rows[candidate.index], candidateBody, candidateConventions);
    if (candidateColumns) {
      header = candidate;
      body = candidateBody;
      preambleRows = rows.slice(0, candidate.index);
      columns = candidateColumns;
      conventions = candidateConventions;
      break;
    }
  }
  if (!header) {
    const width = Math.max(...rows.map((row) => row.length));
    const everyColumn = Array.from({ length: width }, (_, column) => column);
    conventions = detectConventions(body, everyColumn, everyColumn, '');
    columns = inferColumns(body, conventions);
  }
  if (!columns) {
    return reject('not_a_bank_statement', `The ${sourceName} has no transaction table: no column of dates with a column of amounts (or debit and credit columns) beside it.`);
  }

  // Data rows have a date; rows without one after the last data row are the footer.
  const preambleEarly = readKeyValues(keyValues(preambleRows), conventions);
  const period = preambleEarly.periodStart && preambleEarly.periodEnd ? { start: preambleEarly.periodStart, end: preambleEarly.periodEnd } : null;
  const dataRows: Row[] = [];
  let lastDataIndex = -1;
  body.forEach((cells, index) => {
    if (readDate(cells[columns!.date], conventions, period)) {
      dataRows.push({ cells, index });
      lastDataIndex = index;
    }
  });
  const footerRows = body.slice(lastDataIndex + 1);
  if (dataRows.length === 0) return reject('no_transactions', `The ${sourceName} has a transaction table but no transaction rows.`);

  // Currency: a currency column, else the preamble's label, else the amounts' own symbols or codes.
  const columnCurrencies = columns.currency === null ? [] : [...new Set(dataRows.map((row) => currencyCode(cellText(row.cells[columns!.currency!]))).filter(Boolean))];
  if (columnCurrencies.length > 1) return reject('document_unreadable', `The ${sourceName} mixes rows in ${columnCurrencies.join(', ')}; one statement is in one currency.`);
  const moneyColumns = [columns.amount, columns.debit, columns.credit, columns.balance].filter((column): column is number => column !== null);
  const headerText = header ? rows[header.index].map(cellText).filter((text) => /\b[A-Z]{3}\b|[$€£]/.test(text)).join(' ') : '';
  const evidenceText = [
    preambleRows.map((row) => row.map(cellText).join(' ')).join('\n'),
    footerRows.map((row) => row.map(cellText).join(' ')).join('\n'),
    headerText,
    dataRows.map((row) => moneyColumns.map((column) => moneyEvidence(row.cells[column])).join(' ')).join('\n'),
  ].join('\n');
  const statedCurrency = readKeyValues(keyValues([...preambleRows, ...footerRows]), conventions).currency;
  const currency = columnCurrencies[0] ?? statedCurrency ?? currencyCode(detectCurrency(evidenceText, context.hints.currency ?? null));
  // Dates that read both ways (every day ≤ 12) are month-first only in US-dollar exports; elsewhere
  // banks write the day first (a comma decimal separator already said so).
  if (!conventions.orderProven && conventions.separator === 'dot' && currency !== null && currency !== 'USD') {
    conventions = { ...conventions, order: 'day_first' };
  }
  const preamble = readKeyValues([...keyValues(preambleRows), ...keyValues(footerRows)], conventions, currency);

  const headerNames = header ? rows[header.index].map((cell) => normaliseHeader(cellText(cell))).join(' ') : '';
  const documentKind = preamble.kind ?? (columns.card !== null || /\bcard ?member\b|\bcard ?no\b|\bcard ?number\b/.test(headerNames) ? 'credit_card' : null);
  const kind = resolveKind(documentKind, context.hints.kind);

  const moneyRows: RowMoney[] = [];
  const balanceOnlyRows: Array<{ position: number; balance: ExactDecimal }> = [];
  for (const { cells, index } of dataRows) {
    const money = (column: number | null) => (column === null ? null : readMoney(cells[column], conventions, currency));
    const amount = money(columns.amount);
    const debit = money(columns.debit);
    const credit = money(columns.credit);
    const balance = money(columns.balance);
    const invalid = [amount, debit, credit, balance].some((value) => value === 'invalid');
    if (invalid) return reject('document_unreadable', `Row ${index + 1} of the ${sourceName}'s table has an amount that cannot be read.`);
    const date = readDate(cells[columns.date], conventions, period)!;
    const description = collapseSpaces([...new Set(columns.description.map((column) => collapseSpaces(cellText(cells[column]))).filter(Boolean))].join(' '));
    const balanceValue = balance && balance !== 'invalid' ? balance : null;

    let raw: ExactDecimal;
    let explicit = false;
    if (debit || credit) {
      const out = debit && debit !== 'invalid' ? abs(debit.value) : ZERO;
      const inflow = credit && credit !== 'invalid' ? abs(credit.value) : ZERO;
      raw = subtractDecimals(inflow, out);
      explicit = true;
    } else if (amount && amount !== 'invalid') {
      const indicatorCell = columns.indicator === null ? '' : normaliseHeader(cellText(cells[columns.indicator]));
      const direction = INDICATOR_VALUES[indicatorCell] ?? (cellText(cells[columns.indicator ?? -1]) === '+' ? 'in' : cellText(cells[columns.indicator ?? -1]) === '-' ? 'out' : null)
        ?? (amount.indicator === 'CR' ? 'in' : amount.indicator === 'DR' ? 'out' : null);
      if (direction) {
        raw = direction === 'in' ? abs(amount.value) : negateDecimal(abs(amount.value));
        explicit = true;
      } else raw = amount.value;
    } else {
      // A dated row with a balance but no amount ("Beginning balance as of 03/01/2026") is not a line.
      if (balanceValue) balanceOnlyRows.push({ position: moneyRows.length, balance: applyBalanceIndicator(balanceValue, kind) });
      continue;
    }
    moneyRows.push({
      row: index, date, description, raw, explicit,
      balance: balanceValue ? applyBalanceIndicator(balanceValue, kind) : null,
      currency: columns.currency === null ? null : currencyCode(cellText(cells[columns.currency])),
    });
  }
  if (moneyRows.length === 0) return reject('no_transactions', `The ${sourceName} lists no transaction with an amount.`);

  const statedOpening = preamble.opening ? applyBalanceIndicator(preamble.opening, kind) : null;
  const statedClosing = preamble.closing ? applyBalanceIndicator(preamble.closing, kind) : null;
  const analysis = analyseSignsAndOrder(moneyRows, kind, { statedOpening, statedClosing, balanceOnlyRows });
  const chronological = analysis.newestFirst ? [...moneyRows].reverse() : moneyRows;
  const toOut = (row: RowMoney) => outflow(row, analysis.flip);
  const orientBalance = (balance: ExactDecimal) => (analysis.negateBalances ? negateDecimal(balance) : balance);

  const lines: ParsedStatementLine[] = chronological.map((row) => ({
    date: row.date,
    description: row.description,
    amount: formatDecimal(toOut(row), currency),
    balance: row.balance ? formatDecimal(orientBalance(row.balance), currency) : null,
  }));

  // Balances: the preamble's stated ones first; else from the balance column (the first row's balance
  // rolled back over its own amount, and the last row's); else from balance-only rows around the lines.
  const owed = kind === 'credit_card';
  const first = chronological[0];
  const last = chronological[chronological.length - 1];
  let opening: ExactDecimal | null = null;
  let closing: ExactDecimal | null = null;
  // Only a balance the file states (a preamble pair, a balance-only row) proves where the lines start and end.
  let openingSource: FactSource = 'lines';
  let closingSource: FactSource = 'lines';
  if (first.balance && last.balance) {
    const firstBalance = orientBalance(first.balance);
    const firstOut = toOut(first);
    opening = owed ? subtractDecimals(firstBalance, firstOut) : subtractDecimals(firstBalance, negateDecimal(firstOut));
    closing = orientBalance(last.balance);
  } else if (balanceOnlyRows.length > 0) {
    const before = balanceOnlyRows.filter((entry) => (analysis.newestFirst ? entry.position === moneyRows.length : entry.position === 0));
    const after = balanceOnlyRows.filter((entry) => (analysis.newestFirst ? entry.position === 0 : entry.position === moneyRows.length));
    opening = before.length > 0 ? orientBalance(before[0].balance) : null;
    closing = after.length > 0 ? orientBalance(after[after.length - 1].balance) : null;
    if (opening !== null) openingSource = 'stated';
    if (closing !== null) closingSource = 'stated';
  }
  if (statedOpening) {
    opening = orientBalance(statedOpening);
    openingSource = 'stated';
  }
  if (statedClosing) {
    closing = orientBalance(statedClosing);
    closingSource = 'stated';
  }

  let periodStart = preamble.periodStart ?? lines[0].date;
  let periodEnd = preamble.periodEnd ?? lines[0].date;
  for (const line of lines) {
    if (line.date < periodStart) periodStart = line.date;
    if (line.date > periodEnd) periodEnd = line.date;
  }

  const accountFromColumn = (column: number | null) => {
    if (column === null) return null;
    const values = [...new Set(dataRows.map((row) => accountLast4(cellText(row.cells[column]))).filter(Boolean))];
    return values.length === 1 ? values[0] : null;
  };
  return accepted({
    institutionName: preamble.institution,
    accountLast4: preamble.accountLast4 ?? accountFromColumn(columns.card) ?? accountFromColumn(columns.account),
    accountKind: kind,
    currency,
    periodStart,
    periodEnd,
    openingBalance: opening === null ? null : formatDecimal(opening, currency),
    closingBalance: closing === null ? null : formatDecimal(closing, currency),
    lines,
  }, format, plainEvidence({ period: preamble.periodStart && preamble.periodEnd ? 'stated' : 'lines', openingBalance: openingSource, closingBalance: closingSource }, false));
}

/** A balance printed "1,234.56 CR" / "DR": for a bank account DR means overdrawn, for a card CR means in credit. */
function applyBalanceIndicator(money: Money, kind: StatementAccountKind | null): ExactDecimal {
  const magnitude = money.indicator ? abs(money.value) : money.value;
  if (money.indicator === null) return magnitude;
  const negative = kind === 'credit_card' ? money.indicator === 'CR' : money.indicator === 'DR';
  return negative ? negateDecimal(magnitude) : magnitude;
}

interface SignAnalysis {
  /** For rows without an explicit direction: 1 when a positive amount is money in, −1 when it is money out. */
  flip: 1 | -1;
  newestFirst: boolean;
  /** A card's balances printed from the holder's side (owed negative) are turned to owed-positive. */
  negateBalances: boolean;
}

function outflow(row: RowMoney, flip: 1 | -1): ExactDecimal {
  return row.explicit || flip === 1 ? negateDecimal(row.raw) : row.raw;
}

interface Anchors {
  statedOpening: ExactDecimal | null;
  statedClosing: ExactDecimal | null;
  balanceOnlyRows: Array<{ position: number; balance: ExactDecimal }>;
}

/**
 * Sign convention, balance orientation and row order, decided together by arithmetic where the file
 * gives any: every hypothesis (rows oldest or newest first; a positive amount is money in or out; a
 * card balance printed as owed or from the holder's side) is scored by how many of the file's own
 * balance equations it satisfies — each running balance following from the previous one (or from the
 * stated opening) by the row's amount, and the stated closing following from the stated opening by
 * all of them. The best score wins; ties go to the conventions that hold without evidence: rows in
 * the order their dates run, a bank export's negative amount is money out, a card's payments are
 * money in (else purchases are the majority), and a card balance is owed-positive unless the
 * balances shown are mostly negative.
 */
function analyseSignsAndOrder(rows: RowMoney[], kind: StatementAccountKind | null, anchors: Anchors): SignAnalysis {
  const card = kind === 'credit_card';
  const datesDescending = rows[0].date > rows[rows.length - 1].date;
  const allExplicit = rows.every((row) => row.explicit);
  const withBalances = rows.every((row) => row.balance !== null);

  const shownBalances = [...rows.map((row) => row.balance), anchors.statedOpening, anchors.statedClosing, ...anchors.balanceOnlyRows.map((entry) => entry.balance)]
    .filter((balance): balance is ExactDecimal => balance !== null);
  const negativeBalances = shownBalances.filter((balance) => balance.units < 0n).length;
  const orientationPrior: 1 | -1 = card && negativeBalances * 2 > shownBalances.length ? -1 : 1;
  const flipPrior: 1 | -1 = card && !allExplicit ? cardFlip(rows) : 1;

  let best: { score: number; penalty: number; newestFirst: boolean; flip: 1 | -1; owedOriented: 1 | -1 } | null = null;
  for (const newestFirst of withBalances ? [datesDescending, !datesDescending] : [datesDescending]) {
    const ordered = newestFirst ? [...rows].reverse() : rows;
    const openingRow = anchors.balanceOnlyRows.find((entry) => entry.position === (newestFirst ? rows.length : 0));
    for (const flip of allExplicit ? [1 as const] : [1 as const, -1 as const]) {
      const outs = ordered.map((row) => outflow(row, flip));
      // +1: the balance grows with money out (a card's amount owed); −1: it falls (money held).
      for (const direction of card ? [1 as const, -1 as const] : [-1 as const]) {
        const moved = (out: ExactDecimal) => (direction === 1 ? out : negateDecimal(out));
        let score = 0;
        if (withBalances) {
          let previous = anchors.statedOpening ?? openingRow?.balance ?? null;
          ordered.forEach((row, index) => {
            if (previous !== null && compareDecimals(subtractDecimals(row.balance!, previous), moved(outs[index])) === 0) score += 1;
            previous = row.balance;
          });
        }
        if (anchors.statedOpening && anchors.statedClosing) {
          const total = outs.reduce((sum, out) => addDecimals(sum, out), ZERO);
          if (compareDecimals(subtractDecimals(anchors.statedClosing, anchors.statedOpening), moved(total)) === 0) score += 1;
        }
        const owedOriented: 1 | -1 = card ? direction : 1;
        const penalty = Number(newestFirst !== datesDescending) + Number(flip !== flipPrior) + Number(card && owedOriented !== orientationPrior);
        if (!best || score > best.score || (score === best.score && penalty < best.penalty)) best = { score, penalty, newestFirst, flip, owedOriented };
      }
    }
  }
  return { flip: best!.flip, newestFirst: best!.newestFirst, negateBalances: card && best!.owedOriented === -1 };
}

function cardFlip(rows: RowMoney[]): 1 | -1 {
  let paymentsPositive = 0;
  let paymentsNegative = 0;
  let positive = 0;
  let negative = 0;
  for (const row of rows) {
    if (row.explicit) continue;
    const sign = row.raw.units > 0n ? 1 : row.raw.units < 0n ? -1 : 0;
    if (sign > 0) positive += 1; else if (sign < 0) negative += 1;
    if (PAYMENT_TEXT.test(row.description)) {
      if (sign > 0) paymentsPositive += 1; else if (sign < 0) paymentsNegative += 1;
    }
  }
  // Payments and refunds are money in: positive ones mean the export's positive is money in.
  if (paymentsPositive !== paymentsNegative) return paymentsPositive > paymentsNegative ? 1 : -1;
  return positive > negative ? -1 : 1;
}
