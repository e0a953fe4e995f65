/**
 * Dates as statements print them, read into 'YYYY-MM-DD'. Numeric dates need the document's order
 * (03/04 is March 4 in the US and 3 April in most of Europe), and rows often omit the year, which then
 * comes from the statement period, December–January periods included.
 */
import { isValidDate } from '../../../shared/dates.ts';

/** Order of day and month in slash/dash numeric dates. Dotted dates (14.03.2026) are always day first, ISO dates year first. */
export type DayMonthOrder = 'month_first' | 'day_first';

export interface DateReadingOptions {
  order: DayMonthOrder;
  /** Statement period, used to give year-less dates ("03/14", "14 Mar") their year. */
  period?: { start: string; end: string } | null;
  /** Year for year-less dates when no period is known (e.g. the year printed elsewhere on the page). */
  fallbackYear?: number | null;
}

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
  january: 1,
  february: 2,
  march: 3,
  april: 4,
  june: 6,
  july: 7,
  august: 8,
  september: 9,
  october: 10,
  november: 11,
  december: 12,
  // Common European spellings, so EUR statements with month names read too.
  mär: 3,
  mrz: 3,
  mai: 5,
  okt: 10,
  dez: 12,
  janv: 1,
  févr: 2,
  fev: 2,
  avr: 4,
  juin: 6,
  juil: 7,
  août: 8,
  aout: 8,
  déc: 12,
  ene: 1,
  abr: 4,
  ago: 8,
  dic: 12,
  gen: 1,
  mag: 5,
  giu: 6,
  lug: 7,
  set: 9,
  ott: 10,
};
/** Any month name or abbreviation known here, longest first, for finding dates inside running text. */
export const MONTH_NAME_PATTERN = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');
const MONTH_NAME = String.raw`(?<monthName>[A-Za-zÀ-ÿ]{3,9})\.?`;

const PATTERNS: Array<{ pattern: RegExp; kind: 'iso' | 'numeric' | 'dotted' | 'day_name' | 'name_day' }> = [
  { kind: 'iso', pattern: /^(?<year>\d{4})[-/.](?<month>\d{1,2})[-/.](?<day>\d{1,2})$/ },
  { kind: 'dotted', pattern: /^(?<day>\d{1,2})\.(?<month>\d{1,2})\.(?<year>\d{2}|\d{4})?$/ },
  { kind: 'numeric', pattern: /^(?<first>\d{1,2})[/-](?<second>\d{1,2})(?:[/-](?<year>\d{2}|\d{4}))?$/ },
  {
    kind: 'day_name',
    pattern: new RegExp(
      String.raw`^(?<day>\d{1,2})(?:st|nd|rd|th)?[\s-]*${MONTH_NAME}(?:[\s,-]+(?<year>\d{4}|\d{2}))?$`,
    ),
  },
  {
    kind: 'name_day',
    pattern: new RegExp(
      String.raw`^${MONTH_NAME}[\s-]*(?<day>\d{1,2})(?:st|nd|rd|th)?(?:[,.]?[\s-]+(?<year>\d{4}|'?\d{2}))?$`,
    ),
  },
];

/** Reads one date; null when the text is not a date or names an impossible day (02/30). */
export function parseDate(text: string, options: DateReadingOptions): string | null {
  const cleaned = text.trim().replace(/\s+/g, ' ');
  for (const { kind, pattern } of PATTERNS) {
    const groups = pattern.exec(cleaned)?.groups;
    if (!groups) continue;
    let month: number;
    let day: number;
    if (kind === 'numeric') {
      const first = Number(groups.first);
      const second = Number(groups.second);
      [month, day] = options.order === 'month_first' ? [first, second] : [second, first];
    } else {
      day = Number(groups.day);
      month = groups.monthName === undefined ? Number(groups.month) : (MONTHS[groups.monthName.toLowerCase()] ?? 0);
    }
    if (month < 1 || month > 12 || day < 1 || day > 31) return null;
    const year = groups.year === undefined ? yearFor(month, day, options) : fullYear(groups.year.replace("'", ''));
    if (year === null) return null;
    const date = `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
    return isValidDate(date) ? date : null;
  }
  return null;
}

/** True when the text has the shape of a date in any convention (for finding date columns). */
export function looksLikeDate(text: string): boolean {
  return (
    parseDate(text, { order: 'month_first', fallbackYear: 2000 }) !== null ||
    parseDate(text, { order: 'day_first', fallbackYear: 2000 }) !== null
  );
}

/** Two-digit years: 00–69 are 2000–2069, 70–99 are 1970–1999. */
function fullYear(text: string): number {
  const year = Number(text);
  if (text.length === 4) return year;
  return year < 70 ? 2000 + year : 1900 + year;
}

/**
 * The year of a month/day inside (or just around) the statement period: of the candidate years, the
 * one that puts the date closest to the period. A December–January period gives December the start's
 * year and January the end's.
 */
export function yearFor(
  month: number,
  day: number,
  options: Pick<DateReadingOptions, 'period' | 'fallbackYear'>,
): number | null {
  const period = options.period;
  if (!period) return options.fallbackYear ?? null;
  const startYear = Number(period.start.slice(0, 4));
  const endYear = Number(period.end.slice(0, 4));
  let best: { year: number; distance: number } | null = null;
  for (let year = startYear - 1; year <= endYear + 1; year += 1) {
    const candidate = Date.UTC(year, month - 1, Math.min(day, 28));
    const start = Date.parse(`${period.start}T00:00:00Z`);
    const end = Date.parse(`${period.end}T00:00:00Z`);
    const distance = candidate < start ? start - candidate : candidate > end ? candidate - end : 0;
    if (!best || distance < best.distance) best = { year, distance };
  }
  return best?.year ?? null;
}

/**
 * Day/month order proven by the dates themselves (a first number above 12 means day first, a second
 * above 12 month first), or null when every numeric date reads both ways.
 */
export function provenDayMonthOrder(text: string): DayMonthOrder | null {
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

/**
 * The order of a document's numeric dates: proven by the dates where they can; without proof, a
 * comma decimal separator (European documents) tips it to day first; otherwise month first.
 */
export function detectDayMonthOrder(text: string, hint: { commaDecimals?: boolean } = {}): DayMonthOrder {
  return provenDayMonthOrder(text) ?? (hint.commaDecimals ? 'day_first' : 'month_first');
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
