/**
 * Turns positioned text (glyph runs from a PDF's text layer, or OCR word boxes) into a statement:
 * rows rebuilt from vertical positions, columns from the table header's horizontal positions, then
 * the statement's facts read from labels. One interpretation for text PDFs and scans, so a scan of a
 * statement reads the same as the statement.
 */
import { isKnownCurrency, currencyExponent } from '../../../money/currency.ts';
import { Decimal } from '../../../money/decimal.ts';
import { detectConventions, settleDayMonthOrder } from '../interpret/conventions.ts';
import {
  balanceWithIndicator,
  directionTotals,
  indicatorDirection,
  resolveSigns,
  type SignedRow,
} from '../interpret/signs.ts';
import { amountText, buildStatement } from '../interpret/statement.ts';
import { CLOSING_LABEL, headerRole, kindInText, OPENING_LABEL } from '../interpret/vocabulary.ts';
import type {
  PageMarker,
  ParsedStatement,
  ReadOutcome,
  ReaderContext,
  StatementAccountKind,
  StatementEvidence,
} from '../types.ts';
import { parseAmount, type DecimalSeparator, type ParsedAmount } from './amounts.ts';
import { detectCurrency } from './currency.ts';
import { MONTH_NAME_PATTERN, parseDate, type DateReadingOptions } from './dates.ts';
import { FORWARD_LABEL, pageMarkers, printedTotals } from './printed-facts.ts';

/** One run of text and its box, in page units with y growing downwards (top of the box). */
export interface PositionedText {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LayoutPage {
  width: number;
  height: number;
  items: PositionedText[];
}

/** Text runs on one visual line that sit close together: a table cell, a label, a phrase. */
interface Cell {
  text: string;
  left: number;
  right: number;
}

interface Line {
  page: number;
  top: number;
  bottom: number;
  height: number;
  cells: Cell[];
  text: string;
}

type ColumnRole = 'date' | 'description' | 'out' | 'in' | 'amount' | 'balance';

interface Column {
  role: ColumnRole;
  left: number;
  right: number;
}

/** The header roles a page layout uses: debit/credit columns are money out/in, a memo is description. */
const LAYOUT_ROLES: Partial<Record<NonNullable<ReturnType<typeof headerRole>>, ColumnRole>> = {
  date: 'date',
  valueDate: 'date',
  description: 'description',
  memo: 'description',
  amount: 'amount',
  debit: 'out',
  credit: 'in',
  balance: 'balance',
};

const STATEMENT_WORDS = /\b(statement|account summary|kontoauszug|relev[ée]|extracto|estratto)\b/i;
const INVOICE_WORDS = /\b(invoice|bill to|ship to|unit price|qty|quantity|subtotal|rechnung|facture)\b/gi;
const NOISE_LINE =
  /\bpage\s+\d+(\s+of\s+\d+)?\b|\bseite\s+\d+|\bcontinued\b|^\s*\d+\s*\/\s*\d+\s*$|\btotals?\b|\bsumme\b/i;
const BANK_WORDS =
  /\b(bank|bancorp|banco|banque|credit union|savings and loan|sparkasse|volksbank|trust|financial|caisse|building society)\b/i;

export interface InterpretOptions {
  context: ReaderContext;
  format: string;
}

/** What the whole document says once, shared by every account section in it. */
interface DocumentFacts {
  fullText: string;
  currency: string | null;
  institution: string | null;
  period: { start: string; end: string } | null;
  dateOptions: DateReadingOptions;
  amounts: AmountReader;
  hintedKind: StatementAccountKind | null;
}

/**
 * Reads the statements out of positioned text, or says why it is not one. A document holding several
 * accounts (a checking and a savings section, each with its account number, balances and table)
 * gives one statement per section; if any section cannot be read, none is taken.
 */
export function interpretStatement(pages: LayoutPage[], options: InterpretOptions): ReadOutcome {
  const lines = pages.flatMap((page, index) => buildLines(page, index));
  const fullText = lines.map((line) => line.text).join('\n');
  if (fullText.trim().length === 0) {
    return { ok: false, reason: 'document_unreadable', message: 'No text could be read from the document.' };
  }
  const currency = detectCurrency(fullText, options.context.hints.currency ?? null);
  const { separator, order } = settleDayMonthOrder(detectConventions(fullText, fullText), currency);
  const exponent = currency && isKnownCurrency(currency) ? (currencyExponent(currency) ?? 2) : 2;
  const period = findPeriod(lines, order);
  const fallbackYear = period ? null : mostCommonYear(fullText);
  const dateOptions: DateReadingOptions = { order, period, fallbackYear };
  const facts: DocumentFacts = {
    fullText,
    currency,
    period,
    dateOptions,
    institution: findInstitution(lines, pages),
    amounts: new AmountReader(separator, exponent),
    hintedKind: options.context.hints.kind ?? null,
  };

  // Page markers belong to the document: every section is checked against all of its pages.
  const markers = pageMarkers(lines);
  const sections = splitAccountSections(lines, dateOptions);
  const statements: ParsedStatement[] = [];
  const evidences: StatementEvidence[] = [];
  for (const [index, section] of sections.entries()) {
    const outcome = interpretSection(section, facts, sections.length > 1, markers, options.format.endsWith('-ocr'));
    if (!outcome.ok) {
      if (sections.length === 1) return outcome;
      return {
        ok: false,
        reason: outcome.reason,
        message: `Account section ${index + 1} of ${sections.length}: ${outcome.message}`,
      };
    }
    statements.push(outcome.statement);
    evidences.push(outcome.evidence);
  }
  return {
    ok: true,
    statement: statements[0],
    evidence: evidences[0],
    ...(statements.length > 1 ? { statements, evidences } : {}),
    format: options.format,
  };
}

function interpretSection(
  lines: Line[],
  facts: DocumentFacts,
  oneOfSeveral: boolean,
  markers: PageMarker[],
  recognised: boolean,
): { ok: true; statement: ParsedStatement; evidence: StatementEvidence } | Extract<ReadOutcome, { ok: false }> {
  const text = oneOfSeveral ? lines.map((line) => line.text).join('\n') : facts.fullText;
  const kind = kindInText(text) ?? facts.hintedKind;
  // A balance brought or carried forward is printed at every page break: it is the statement's
  // opening or closing only where no other label says so, and stated only when page markers prove
  // the first and last pages are there (else a lost first or last page would make it look like one).
  const forwardLines = lines.filter((line) => FORWARD_LABEL.test(line.text));
  const plainLabelled = findLabelledBalances(
    lines.filter((line) => !FORWARD_LABEL.test(line.text)),
    facts.amounts,
  );
  const broughtForward = findLabelledBalances(forwardLines, facts.amounts).opening;
  const carriedForward = findLabelledBalances([...forwardLines].reverse(), facts.amounts).closing;
  const labelled: LabelledBalances = {
    opening: plainLabelled.opening ?? broughtForward,
    closing: plainLabelled.closing ?? carriedForward,
  };
  const table = readTable(lines, facts.dateOptions, facts.amounts);
  const looksLikeInvoice =
    (text.match(INVOICE_WORDS)?.length ?? 0) >= 2 && labelled.opening === null && labelled.closing === null;
  const hasStatementEvidence =
    (labelled.opening !== null || labelled.closing !== null || table.hasBalanceColumn) &&
    (STATEMENT_WORDS.test(facts.fullText) || BANK_WORDS.test(facts.fullText) || table.rows.length > 0);
  if (looksLikeInvoice || !hasStatementEvidence) {
    return {
      ok: false,
      reason: 'not_a_bank_statement',
      message: looksLikeInvoice
        ? 'The document reads as an invoice, not a bank statement.'
        : 'The document has no statement balances or transaction table; it does not read as a bank statement.',
    };
  }
  if (table.rows.length === 0) {
    return { ok: false, reason: 'no_transactions', message: 'The statement lists no transactions.' };
  }

  const totals = printedTotals(lines, (line) => facts.amounts.lastIn(line)?.value.toString() ?? null);
  const statedOpening = labelled.opening ?? table.openingFromTable;
  const statedClosing = labelled.closing ?? table.closingFromTable;
  const resolved = resolveSigns(
    table.rows.map((row) => signedRow(row, kind)),
    kind,
    {
      statedOpening: balanceOf(statedOpening, kind),
      statedClosing: balanceOf(statedClosing, kind),
      balanceOnlyRows: [],
      totals: directionTotals(totals),
      balancesIndicated: [statedOpening, statedClosing, ...table.rows.map((row) => row.balance)].some(
        (balance) => balance?.indicator != null,
      ),
    },
  );
  if (resolved.undecided) return { ok: false, reason: 'document_unreadable', message: resolved.undecided };
  const statement = buildStatement(
    {
      institutionName: facts.institution,
      accountLast4: findAccountLast4(text),
      accountKind: kind,
      currency: facts.currency,
      periodStart: facts.period?.start ?? null,
      periodEnd: facts.period?.end ?? null,
    },
    resolved,
    { widenToLines: false },
  );

  const lineIndex = new Map(lines.map((line, index) => [line, index]));
  const rowEnds = table.rows.map((row) => lineIndex.get(row.lastLine)!);
  const linePages = table.rows.map((row) => row.lastLine.page + 1);
  const evidence: StatementEvidence = {
    sources: {
      period: facts.period ? 'stated' : 'lines',
      openingBalance:
        resolved.opening === null
          ? 'lines'
          : plainLabelled.opening !== null ||
              (broughtForward !== null ? markers.length > 0 : table.openingFromTable !== null)
            ? 'stated'
            : 'lines',
      closingBalance:
        resolved.closing === null
          ? 'lines'
          : plainLabelled.closing !== null ||
              (carriedForward !== null ? markers.length > 0 : table.closingFromTable !== null)
            ? 'stated'
            : 'lines',
    },
    totals,
    pageMarkers: markers,
    // Aligned with statement.lines, which run oldest first.
    linePages: resolved.newestFirst ? [...linePages].reverse() : linePages,
    // A forward balance is the balance after the rows above it; on a newest-first statement those are
    // the newest rows, so the checkpoints are left to the running balances there.
    checkpoints: resolved.newestFirst
      ? []
      : forwardLines.flatMap((line) => {
          const amount = balanceOf(facts.amounts.lastIn(line.text.slice(FORWARD_LABEL.exec(line.text)!.index)), kind);
          const position = lineIndex.get(line)!;
          return amount === null
            ? []
            : [
                {
                  afterLines: rowEnds.filter((end) => end < position).length,
                  balance: amountText(resolved.negateBalances ? amount.negate() : amount, facts.currency),
                  page: line.page + 1,
                },
              ];
        }),
    recognised,
    wholeList: false,
  };
  return { ok: true, statement, evidence };
}

// ---------------------------------------------------------------------------------------------
// Account sections

/**
 * Splits a document holding several accounts into one run of lines per account. A section starts
 * where a line that is not a transaction names an account number other than the current one; the
 * title lines just above it (after the previous section's last row or balance) belong to it. The
 * split stands only when every section has a transaction table header of its own, so a description
 * that mentions another account never cuts a statement in two.
 */
function splitAccountSections(lines: Line[], dateOptions: DateReadingOptions): Line[][] {
  const starts: number[] = [];
  let current: string | null = null;
  lines.forEach((line, index) => {
    if (takeDate(line.cells, dateOptions)) return;
    const last4 = findAccountLast4(line.text);
    if (!last4 || last4 === current) return;
    if (current !== null) starts.push(index);
    current = last4;
  });
  if (starts.length === 0) return [lines];
  const ownedByPrevious = (line: Line) =>
    takeDate(line.cells, dateOptions) !== null ||
    headerColumns(line) !== null ||
    OPENING_LABEL.test(line.text) ||
    CLOSING_LABEL.test(line.text) ||
    NOISE_LINE.test(line.text);
  const bounds = [0];
  for (const start of starts) {
    let first = start;
    while (first - 1 > bounds[bounds.length - 1] && !ownedByPrevious(lines[first - 1])) first -= 1;
    bounds.push(first);
  }
  const sections = bounds.map((start, index) => lines.slice(start, bounds[index + 1] ?? lines.length));
  const everyHasTable = sections.every((section) =>
    section.some(
      (line, index) =>
        headerColumns(line) !== null ||
        (index + 1 < section.length && twoLineHeader(line, section[index + 1]) !== null),
    ),
  );
  return everyHasTable ? sections : [lines];
}

// ---------------------------------------------------------------------------------------------
// Lines and cells

function buildLines(page: LayoutPage, pageIndex: number): Line[] {
  const items = page.items
    .filter((item) => item.text.trim().length > 0 && item.height > 0)
    .sort((a, b) => a.y + a.height / 2 - (b.y + b.height / 2));
  const groups: PositionedText[][] = [];
  for (const item of items) {
    const center = item.y + item.height / 2;
    const current = groups[groups.length - 1];
    if (current) {
      const top = Math.min(...current.map((member) => member.y));
      const bottom = Math.max(...current.map((member) => member.y + member.height));
      const lineCenter = (top + bottom) / 2;
      if (Math.abs(center - lineCenter) < 0.5 * Math.min(bottom - top, item.height) + 0.1 * item.height) {
        current.push(item);
        continue;
      }
    }
    groups.push([item]);
  }
  return groups.map((group) => {
    const sorted = group.sort((a, b) => a.x - b.x);
    const height = median(sorted.map((item) => item.height));
    const cells: Cell[] = [];
    for (const item of sorted) {
      const text = item.text.trim();
      const last = cells[cells.length - 1];
      // A gap narrower than the text height is a space between words; wider is a column gap.
      if (last && item.x - last.right < 0.9 * height) {
        last.text = `${last.text} ${text}`;
        last.right = Math.max(last.right, item.x + item.width);
      } else {
        cells.push({ text, left: item.x, right: item.x + item.width });
      }
    }
    return {
      page: pageIndex,
      top: Math.min(...sorted.map((item) => item.y)),
      bottom: Math.max(...sorted.map((item) => item.y + item.height)),
      height,
      cells,
      text: cells.map((cell) => cell.text).join('  '),
    };
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Amounts

class AmountReader {
  constructor(
    readonly separator: DecimalSeparator,
    private readonly exponent: number,
  ) {}

  /** An amount cell: the number must carry the currency's decimals, so "STORE 1234" is not an amount. */
  read(text: string): ParsedAmount | null {
    const parsed = parseAmount(text, this.separator);
    if (!parsed) return null;
    return parsed.value.scale === this.exponent ? parsed : null;
  }

  /** The last amount written in a line of text (labels print the amount after the words). */
  lastIn(text: string): ParsedAmount | null {
    const tokens = text.split(/\s{2,}|(?<=[A-Za-z:])\s+(?=[-($€£\d])/);
    for (let index = tokens.length - 1; index >= 0; index -= 1) {
      const words = tokens[index].trim().split(/\s+/);
      // Try the longest tail first, so "1 234,56 CR" is one amount.
      for (let start = 0; start < words.length; start += 1) {
        const amount = this.read(words.slice(start).join(' '));
        if (amount) return amount;
      }
    }
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Statement facts read from labels

const MONTH = `(?:${MONTH_NAME_PATTERN})(?![A-Za-zÀ-ÿ])`;
const DATE_IN_TEXT = new RegExp(
  [
    String.raw`\d{4}-\d{1,2}-\d{1,2}`,
    String.raw`\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}`,
    String.raw`\d{1,2}(?:st|nd|rd|th)?\s+${MONTH}\.?,?\s+\d{4}`,
    // "January 31. 2026": OCR reads a comma as a full stop.
    String.raw`${MONTH}\.?\s+\d{1,2}(?:st|nd|rd|th)?[,.]?\s+\d{4}`,
    String.raw`${MONTH}\.?\s+\d{1,2}(?:st|nd|rd|th)?`,
    String.raw`\d{1,2}\s+${MONTH}`,
  ].join('|'),
  'gi',
);

/** "Statement period: March 1, 2026 - March 31, 2026", "01.03.2026 – 31.03.2026", "Dec 15 through Jan 14, 2026". */
function findPeriod(lines: Line[], order: DateReadingOptions['order']): { start: string; end: string } | null {
  const candidates = lines.filter((line) =>
    /\b(period|from|through|to|bis|au|zeitraum|p[ée]riode|statement dates?|opening\/closing date)\b|\s[-–—]\s/i.test(
      line.text,
    ),
  );
  for (const line of candidates) {
    const text = repairMonthNames(line.text);
    const found = [...text.matchAll(DATE_IN_TEXT)].map((match) => match[0]);
    if (found.length < 2) continue;
    for (let index = 0; index + 1 < found.length; index += 1) {
      const endText = found[index + 1];
      const end = parseDate(endText, { order });
      if (!end) continue;
      const endYear = Number(end.slice(0, 4));
      // A start without a year takes the end's year, or the year before when its month is later.
      let start = parseDate(found[index], { order });
      if (!start) {
        const provisional = parseDate(found[index], { order, fallbackYear: endYear });
        if (!provisional) continue;
        start = provisional > end ? `${endYear - 1}${provisional.slice(4)}` : provisional;
      }
      if (start <= end) return { start, end };
    }
  }
  return null;
}

const FULL_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** OCR splits or misreads the capital of a month name ("J anuary", "| anuary"); the rest of the word identifies it. */
function repairMonthNames(text: string): string {
  return text.replace(
    /(?<![A-Za-z])(?:[A-Z|!1l]\s?)?(anuary|ebruary|arch|pril|une|uly|ugust|eptember|ctober|ovember|ecember)(?![A-Za-z])/g,
    (whole, tail: string) => {
      const month = FULL_MONTHS.find((name) => name.slice(1) === tail);
      // "June"/"July" tails are too short to stand alone; keep a bare "une" or "uly" as it is.
      if (!month || (whole === tail && tail.length < 4)) return whole;
      return month;
    },
  );
}

function mostCommonYear(text: string): number | null {
  const counts = new Map<number, number>();
  for (const match of text.matchAll(/\b(19[89]\d|20\d\d)\b/g))
    counts.set(Number(match[1]), (counts.get(Number(match[1])) ?? 0) + 1);
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  return ranked[0]?.[0] ?? null;
}

interface LabelledBalances {
  opening: ParsedAmount | null;
  closing: ParsedAmount | null;
}

function findLabelledBalances(lines: Line[], amounts: AmountReader): LabelledBalances {
  const result: LabelledBalances = { opening: null, closing: null };
  for (const line of lines) {
    for (const [key, label] of [
      ['opening', OPENING_LABEL],
      ['closing', CLOSING_LABEL],
    ] as const) {
      if (result[key] !== null) continue;
      const match = label.exec(line.text);
      if (!match) continue;
      // The amount after the label on the same line: a summary box may print two label/amount pairs.
      const after = line.text.slice(match.index + match[0].length);
      const next = after.search(key === 'opening' ? CLOSING_LABEL : OPENING_LABEL);
      const amount = amounts.lastIn(next >= 0 ? after.slice(0, next) : after);
      if (amount) result[key] = amount;
    }
  }
  return result;
}

function findAccountLast4(text: string): string | null {
  const patterns = [
    // The mask may be any marks but letters (X aside): OCR reads asterisks as ¥, #, %, =, quotes.
    /\b(?:account|acct|card|konto)(?:\s*(?:number|no\.?|nr\.?|#|nummer))?\s*(?:ending\s+(?:in\s+)?)?[:#]?\s*([^A-WYZa-wyz\n]{0,24}\d{4})\b/i,
    /\bending\s+(?:in\s+)?[:#]?\s*(\d{4})\b/i,
    /\bIBAN\s*:?\s*([A-Z]{2}\d{2}(?:\s?[A-Z\d]{2,4}){3,8})/,
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (!match) continue;
    const digits = match[1].replace(/\D/g, '');
    if (digits.length >= 4) return digits.slice(-4);
  }
  return null;
}

function findInstitution(lines: Line[], pages: LayoutPage[]): string | null {
  const firstPage = pages[0];
  const top = lines.filter((line) => line.page === 0 && line.top < (firstPage?.height ?? 0) * 0.3);
  const clean = (text: string) =>
    text
      .split(/\s{2,}/)[0]
      .replace(/\s*[-–—|]\s*(account\s+)?statement.*$/i, '')
      .trim();
  const named = top.find((line) => BANK_WORDS.test(line.cells[0]?.text ?? ''));
  if (named) return clean(named.cells[0].text);
  const tallest = [...top]
    .filter((line) => /[A-Za-z]{3}/.test(line.text) && !/\d{3}/.test(line.text))
    .sort((a, b) => b.height - a.height)[0];
  return tallest ? clean(tallest.cells[0].text) : null;
}

// ---------------------------------------------------------------------------------------------
// The transaction table

interface TableRow {
  date: string;
  description: string;
  /** Amount cell and the column it sits in; 'amount' is a signed single column. */
  entries: Array<{ role: 'out' | 'in' | 'amount'; amount: ParsedAmount }>;
  balance: ParsedAmount | null;
  lastLine: Line;
  descriptionLeft: number;
}

interface Table {
  rows: TableRow[];
  hasBalanceColumn: boolean;
  openingFromTable: ParsedAmount | null;
  closingFromTable: ParsedAmount | null;
}

function headerColumns(line: Line): Column[] | null {
  const columns: Column[] = [];
  for (const cell of line.cells) {
    const named = headerRole(cell.text, { anchored: true });
    const role = named === null ? undefined : LAYOUT_ROLES[named];
    if (role) columns.push({ role, left: cell.left, right: cell.right });
  }
  const roles = new Set(columns.map((column) => column.role));
  if (!roles.has('date') || !(roles.has('amount') || roles.has('out') || roles.has('in'))) return null;
  return columns;
}

/**
 * A table header printed on two lines ("Posting" over "Date", "Withdrawals" over "(Debits)"): the
 * cells of the two lines that overlap horizontally are one header cell. Taken when the pair names
 * more columns than the first line alone, so a one-line header followed by a row is never merged.
 */
function twoLineHeader(first: Line, second: Line): Column[] | null {
  if (second.page !== first.page || second.top - first.bottom > 0.8 * Math.max(first.height, second.height))
    return null;
  if (/\d[.,]\d{2}\b/.test(second.text)) return null;
  const cells: Cell[] = first.cells.map((cell) => ({ ...cell }));
  for (const below of second.cells) {
    const above = cells.find((cell) => cell.left <= below.right && below.left <= cell.right);
    if (above) {
      above.text = `${above.text} ${below.text}`;
      above.left = Math.min(above.left, below.left);
      above.right = Math.max(above.right, below.right);
    } else {
      cells.push({ ...below });
    }
  }
  cells.sort((a, b) => a.left - b.left);
  const merged = headerColumns({
    ...first,
    bottom: second.bottom,
    cells,
    text: cells.map((cell) => cell.text).join('  '),
  });
  if (!merged) return null;
  const alone = headerColumns(first);
  return !alone || merged.length > alone.length || merged.some((column, index) => column.role !== alone[index]?.role)
    ? merged
    : null;
}

function readTable(lines: Line[], dateOptions: DateReadingOptions, amounts: AmountReader): Table {
  const table: Table = { rows: [], hasBalanceColumn: false, openingFromTable: null, closingFromTable: null };
  let columns: Column[] | null = null;
  let previous: Line | null = null;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index];
    const twoLines = index + 1 < lines.length ? twoLineHeader(line, lines[index + 1]) : null;
    const header = twoLines ?? headerColumns(line);
    if (twoLines) index += 1;
    if (header) {
      columns = header;
      if (header.some((column) => column.role === 'balance')) table.hasBalanceColumn = true;
      previous = null;
      continue;
    }
    const row = readRow(line, columns, dateOptions, amounts);
    if (row === 'balance-row') {
      previous = null;
      continue;
    }
    if (row) {
      const description = row.description;
      if (OPENING_LABEL.test(description)) {
        table.openingFromTable ??= row.balance ?? row.entries[0]?.amount ?? null;
      } else if (CLOSING_LABEL.test(description)) {
        table.closingFromTable = row.balance ?? row.entries[0]?.amount ?? null;
      } else if (!/^\s*(total|summe|sous-total)\b/i.test(description)) {
        table.rows.push(row);
        if (row.balance) table.hasBalanceColumn = true;
        previous = line;
        continue;
      }
      previous = null;
      continue;
    }
    const last = table.rows[table.rows.length - 1];
    if (previous && last && isContinuation(line, previous, last, columns, amounts)) {
      last.description = `${last.description} ${line.cells.map((cell) => cell.text).join(' ')}`.trim();
      last.lastLine = line;
      previous = line;
    } else {
      previous = null;
    }
  }
  return table;
}

function isContinuation(
  line: Line,
  previous: Line,
  row: TableRow,
  columns: Column[] | null,
  amounts: AmountReader,
): boolean {
  if (line.page !== previous.page) return false;
  if (line.top - previous.bottom > 1.2 * Math.max(line.height, previous.height)) return false;
  if (NOISE_LINE.test(line.text) || OPENING_LABEL.test(line.text) || CLOSING_LABEL.test(line.text)) return false;
  if (line.cells.some((cell) => amounts.read(cell.text))) return false;
  const firstLeft = line.cells[0].left;
  const slack = line.height;
  if (firstLeft < row.descriptionLeft - slack) return false;
  const amountLeft = Math.min(
    ...(columns ?? [])
      .filter((column) => column.role !== 'date' && column.role !== 'description')
      .map((column) => column.left),
  );
  return !(Number.isFinite(amountLeft) && firstLeft >= amountLeft - slack);
}

/** Splits a leading date off the first cell(s): OCR can glue a date to the description. */
function takeDate(cells: Cell[], dateOptions: DateReadingOptions): { date: string; rest: Cell[] } | null {
  const first = cells[0];
  if (!first) return null;
  const words = first.text.split(/\s+/);
  for (let count = Math.min(3, words.length); count >= 1; count -= 1) {
    const date = parseDate(words.slice(0, count).join(' '), dateOptions);
    if (!date) continue;
    const restText = words.slice(count).join(' ');
    const share = ((first.right - first.left) * (words.slice(0, count).join(' ').length + 1)) / (first.text.length + 1);
    const rest = restText
      ? [{ text: restText, left: first.left + share, right: first.right }, ...cells.slice(1)]
      : cells.slice(1);
    return { date, rest };
  }
  return null;
}

function readRow(
  line: Line,
  columns: Column[] | null,
  dateOptions: DateReadingOptions,
  amounts: AmountReader,
): TableRow | 'balance-row' | null {
  const dated = takeDate(line.cells, dateOptions);
  if (!dated) return null;
  let rest = dated.rest;
  // A second date column (posting date beside transaction date) is not part of the description.
  const second = takeDate(rest, dateOptions);
  if (second) rest = second.rest;

  const amountColumns = (columns ?? []).filter(
    (column) => column.role === 'out' || column.role === 'in' || column.role === 'amount' || column.role === 'balance',
  );
  const descriptionParts: Cell[] = [];
  const found: Array<{ cell: Cell; amount: ParsedAmount }> = [];
  for (const cell of rest) {
    const amount = amounts.read(cell.text);
    const inAmountArea =
      amountColumns.length === 0 || cell.right >= Math.min(...amountColumns.map((column) => column.left)) - line.height;
    if (amount && inAmountArea) found.push({ cell, amount });
    else if (found.length === 0) descriptionParts.push(cell);
    else return null; // words after the amounts: not a transaction row
  }
  if (found.length === 0) return null;
  const description = descriptionParts
    .map((cell) => cell.text)
    .join(' ')
    .trim();
  const descriptionLeft = descriptionParts[0]?.left ?? rest[0]?.left ?? line.cells[0].left;

  const entries: TableRow['entries'] = [];
  let balance: ParsedAmount | null = null;
  if (amountColumns.length > 0) {
    for (const { cell, amount } of found) {
      const column = nearestColumn(cell, amountColumns);
      if (column.role === 'balance') balance = amount;
      else entries.push({ role: column.role as 'out' | 'in' | 'amount', amount });
    }
  } else {
    // No header: the last of two or more amounts is the running balance.
    if (found.length >= 2) balance = found[found.length - 1].amount;
    entries.push({ role: 'amount', amount: found[0].amount });
  }
  if (entries.length === 0) {
    return OPENING_LABEL.test(description) || CLOSING_LABEL.test(description)
      ? { date: dated.date, description, entries, balance, lastLine: line, descriptionLeft }
      : 'balance-row';
  }
  return { date: dated.date, description, entries, balance, lastLine: line, descriptionLeft };
}

function nearestColumn(cell: Cell, columns: Column[]): Column {
  const center = (cell.left + cell.right) / 2;
  let best = columns[0];
  let bestScore = Number.POSITIVE_INFINITY;
  for (const column of columns) {
    const gap = Math.max(0, column.left - cell.right, cell.left - column.right);
    const score =
      gap * 4 + Math.abs(center - (column.left + column.right) / 2) + Math.abs(cell.right - column.right) * 0.5;
    if (score < bestScore) {
      bestScore = score;
      best = column;
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// Signs: what the columns and CR/DR say; the rest is decided by the shared sign resolution

function balanceOf(amount: ParsedAmount | null, kind: StatementAccountKind | null): Decimal | null {
  return amount ? balanceWithIndicator(amount, kind) : null;
}

/**
 * A row's money in the holder's view (positive = money in). Debit/credit columns and CR/DR say the
 * direction; a signed single column leaves it to the balances' arithmetic.
 */
function signedRow(row: TableRow, kind: StatementAccountKind | null): SignedRow {
  let raw = Decimal.ZERO;
  let explicit = true;
  for (const { role, amount } of row.entries) {
    const direction = role === 'out' ? 'out' : role === 'in' ? 'in' : indicatorDirection(amount.indicator);
    if (direction === null) explicit = false;
    raw = raw.plus(
      direction === 'in' ? amount.value.abs() : direction === 'out' ? amount.value.abs().negate() : amount.value,
    );
  }
  return {
    date: row.date,
    description: row.description.replace(/\s+/g, ' ').trim(),
    raw,
    explicit,
    balance: balanceOf(row.balance, kind),
  };
}
