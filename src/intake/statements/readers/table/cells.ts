/**
 * Table cells as the CSV and xlsx readers give them, and how one is read as a date or an amount
 * under the table's conventions. Reads are memoised: detection reads every cell several times.
 */
import { currencyExponent } from '../../../../money/currency.ts';
import { Decimal } from '../../../../money/decimal.ts';
import type { Conventions } from '../../interpret/conventions.ts';
import type { Money } from '../../interpret/signs.ts';
import { parseAmount } from '../../text/amounts.ts';
import { parseDate } from '../../text/dates.ts';

/**
 * A cell as the file gives it: text (CSV, text cells), a real date, or a number with the decimals its
 * format displays and the currency symbol or code that format prints, if any.
 */
export type TableCell =
  | string
  | { date: string }
  | { number: number; displayedDecimals: number | null; currencyText?: string | null };

export function cellText(cell: TableCell | undefined): string {
  if (cell === undefined || cell === null) return '';
  if (typeof cell === 'string') return cell.trim();
  if ('date' in cell) return cell.date;
  return String(cell.number);
}

/** A money cell's text for currency detection: a typed number adds the symbol its format prints. */
export function moneyEvidence(cell: TableCell | undefined): string {
  if (cell !== undefined && typeof cell === 'object' && 'number' in cell && cell.currencyText)
    return `${cell.currencyText}${cellText(cell)}`;
  return cellText(cell);
}

export function isBlank(row: TableCell[]): boolean {
  return row.every((cell) => cellText(cell) === '');
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

export function readDate(
  cell: TableCell | undefined,
  conventions: Conventions,
  period: { start: string; end: string } | null,
): string | null {
  if (cell !== undefined && typeof cell === 'object' && 'date' in cell) return cell.date;
  const raw = cellText(cell);
  if (!raw) return null;
  return memoised(`d|${conventions.order}|${period?.start ?? ''}|${period?.end ?? ''}|${raw}`, () => {
    // Exports often add a time ("2026-03-14 10:22:31", "03/14/2026 10:22 AM"); the date is what counts.
    const text = raw.replace(/[ T]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?\s*(am|pm|z|[+-]\d{2}:?\d{2})?$/i, '').trim();
    return text ? parseDate(text, { order: conventions.order, period }) : null;
  });
}

/** A number cell's decimal, rounded half away from zero to `decimals` on its digits (what the sheet displays). */
function numberCellDecimal(value: number, decimals: number): Decimal | null {
  // The shortest text that reads back to the double is what the spreadsheet wrote, float noise aside.
  return Number.isFinite(value) ? Decimal.fromNumber(value).roundTo(decimals) : null;
}

export function readMoney(
  cell: TableCell | undefined,
  conventions: Conventions,
  currency: string | null,
): Money | null | 'invalid' {
  if (cell !== undefined && typeof cell === 'object' && 'number' in cell) {
    const minorDigits = (currency ? currencyExponent(currency) : undefined) ?? 2;
    const value = numberCellDecimal(cell.number, Math.max(cell.displayedDecimals ?? 0, minorDigits));
    return value ? { value, indicator: null, currency: null } : 'invalid';
  }
  const text = cellText(cell);
  if (!text || /^[-–—]$/.test(text)) return null;
  return memoised(`m|${conventions.separator}|${text}`, (): Money | 'invalid' => {
    const parsed = parseAmount(text, conventions.separator);
    return parsed ?? 'invalid';
  });
}
