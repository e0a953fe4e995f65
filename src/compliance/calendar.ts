/**
 * Business-day arithmetic for filing deadlines. Dates are 'YYYY-MM-DD' strings in UTC, never local time.
 *
 * Federal rule (26 U.S.C. § 7503, Treas. Reg. § 301.7503-1): an act due on a Saturday, Sunday or legal
 * holiday is timely on the next day that is none of these. "Legal holiday" means a legal holiday in the
 * District of Columbia (so DC Emancipation Day counts) and the federal holidays of 5 U.S.C. § 6103(a),
 * including the Friday/Monday on which a holiday falling on a Saturday/Sunday is observed
 * (Executive Order 11582). That is why the 2022 filing deadline moved from Friday April 15 (the observed
 * Emancipation Day) to Monday April 18.
 */
export type HolidayCalendar = 'federal' | 'state';

const WEEKDAY_SUNDAY = 0;
const WEEKDAY_SATURDAY = 6;

function toDate(year: number, monthIndex: number, day: number): string {
  return new Date(Date.UTC(year, monthIndex, day)).toISOString().slice(0, 10);
}

function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The `nth` (1-based) given weekday of a month; nth = -1 for the last one. */
function nthWeekday(year: number, monthIndex: number, targetWeekday: number, nth: number): string {
  if (nth > 0) {
    const firstWeekday = new Date(Date.UTC(year, monthIndex, 1)).getUTCDay();
    const day = 1 + ((targetWeekday - firstWeekday + 7) % 7) + (nth - 1) * 7;
    return toDate(year, monthIndex, day);
  }
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0));
  const back = (lastDay.getUTCDay() - targetWeekday + 7) % 7;
  return toDate(year, monthIndex, lastDay.getUTCDate() - back);
}

/** A fixed-date holiday moves to Friday when it falls on a Saturday and to Monday when on a Sunday. */
function observed(date: string): string {
  const day = weekday(date);
  if (day === WEEKDAY_SATURDAY) return addCalendarDays(date, -1);
  if (day === WEEKDAY_SUNDAY) return addCalendarDays(date, 1);
  return date;
}

export function addCalendarDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return toDate(year, month - 1, day + days);
}

/** Federal legal holidays of 5 U.S.C. § 6103(a) as observed, for one calendar year. */
export function federalHolidays(year: number): string[] {
  const MONDAY = 1;
  const THURSDAY = 4;
  return [
    observed(toDate(year, 0, 1)), // New Year's Day
    nthWeekday(year, 0, MONDAY, 3), // Birthday of Martin Luther King, Jr.
    nthWeekday(year, 1, MONDAY, 3), // Washington's Birthday
    nthWeekday(year, 4, MONDAY, -1), // Memorial Day
    observed(toDate(year, 5, 19)), // Juneteenth National Independence Day
    observed(toDate(year, 6, 4)), // Independence Day
    nthWeekday(year, 8, MONDAY, 1), // Labor Day
    nthWeekday(year, 9, MONDAY, 2), // Columbus Day
    observed(toDate(year, 10, 11)), // Veterans Day
    nthWeekday(year, 10, THURSDAY, 4), // Thanksgiving Day
    observed(toDate(year, 11, 25)), // Christmas Day
  ];
}

/** DC Code § 1-612.02: April 16, observed on the Friday before / Monday after when it falls on a weekend. */
export function dcEmancipationDay(year: number): string {
  return observed(toDate(year, 3, 16));
}

const holidayCache = new Map<string, Set<string>>();

export function holidaysOf(calendar: HolidayCalendar, year: number): Set<string> {
  const key = `${calendar}:${year}`;
  let holidays = holidayCache.get(key);
  if (!holidays) {
    // New Year's Day of the next year can be observed on December 31 of this one.
    const all = [...federalHolidays(year), ...federalHolidays(year + 1)];
    if (calendar === 'federal') all.push(dcEmancipationDay(year));
    holidays = new Set(all.filter((date) => date.startsWith(`${year}-`)));
    holidayCache.set(key, holidays);
  }
  return holidays;
}

export function isBusinessDay(date: string, calendar: HolidayCalendar): boolean {
  const day = weekday(date);
  if (day === WEEKDAY_SATURDAY || day === WEEKDAY_SUNDAY) return false;
  return !holidaysOf(calendar, Number(date.slice(0, 4))).has(date);
}

/** The date itself when it is a business day, else the next business day. */
export function nextBusinessDay(date: string, calendar: HolidayCalendar): string {
  let current = date;
  while (!isBusinessDay(current, calendar)) current = addCalendarDays(current, 1);
  return current;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const MS_PER_DAY = 86_400_000;
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / MS_PER_DAY);
}
