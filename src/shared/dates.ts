/** Calendar dates are 'YYYY-MM-DD' strings in UTC; these helpers never go through local time. */
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The dates the service takes in, wherever they enter (bodies, query strings, CLI flags, statement
 * documents). Both databases must answer the same: PostgreSQL's date type has no year 0 and the
 * sweep adds days to dates, so the domain is bounded well inside what either database and the date
 * arithmetic handle, and wide enough for any real bookkeeping date.
 */
export const EARLIEST_DATE = '1900-01-01';
export const LATEST_DATE = '2199-12-31';
export const DATE_RANGE_TEXT = `from ${EARLIEST_DATE} to ${LATEST_DATE}`;
/** The same domain as a JSON-schema pattern, for the OpenAPI contract (the day-of-month check is the format's). */
export const ACCEPTED_DATE_PATTERN = '^(19|20|21)\\d\\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';

/** A real calendar date in YYYY-MM-DD form, of any four-digit year (how documents are read before the domain is applied). */
export function isValidDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** The one rule for a date entering the service: a real calendar date from EARLIEST_DATE to LATEST_DATE. */
export function isAcceptedDate(value: string): boolean {
  return isValidDate(value) && value >= EARLIEST_DATE && value <= LATEST_DATE;
}

/** `date` moved inside the accepted domain: a window the service derives (30 days before `to`) must stay a date it accepts and answers with. */
export function clampToAcceptedDates(date: string): string {
  if (date < EARLIEST_DATE) return EARLIEST_DATE;
  return date > LATEST_DATE ? LATEST_DATE : date;
}

/** The reason given for a date that is not accepted, after the field's name. */
export const ACCEPTED_DATE_REASON = `must be a real calendar date in YYYY-MM-DD form, ${DATE_RANGE_TEXT}`;

export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

const FIRST_REPRESENTABLE = '0000-01-01';
const LAST_REPRESENTABLE = '9999-12-31';

/**
 * The date `days` later (or earlier). The result is always a YYYY-MM-DD string: a result past year
 * 9999 (or before year 0) is clamped to the last (first) four-digit date, so arithmetic on a stored
 * extreme date (rows from before the date domain existed) never yields a string no database reads
 * as a date.
 */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  const moment = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0-99 as 1900-1999.
  moment.setUTCFullYear(year, month - 1, day + days);
  const resultYear = moment.getUTCFullYear();
  if (resultYear > 9999) return LAST_REPRESENTABLE;
  if (resultYear < 0) return FIRST_REPRESENTABLE;
  return `${String(resultYear).padStart(4, '0')}-${String(moment.getUTCMonth() + 1).padStart(2, '0')}-${String(moment.getUTCDate()).padStart(2, '0')}`;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
