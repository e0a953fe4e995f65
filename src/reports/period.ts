import { invalid } from '../errors.ts';
import { addDays } from '../shared/dates.ts';

/** Date arithmetic of reporting periods; dates are 'YYYY-MM-DD' strings in UTC, as everywhere. */

function parts(date: string): [number, number, number] {
  const [year, month, day] = date.split('-').map(Number);
  return [year, month, day];
}

function format(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * First day of the fiscal year that contains `date`, for a fiscal year ending on the last day of
 * `fiscalYearEndMonth` (12 = calendar year).
 */
export function fiscalYearStart(date: string, fiscalYearEndMonth: number): string {
  const [year, month] = parts(date);
  const startMonth = (fiscalYearEndMonth % 12) + 1;
  return format(month >= startMonth ? year : year - 1, startMonth, 1);
}

export function daysBetween(from: string, to: string): number {
  const [fy, fm, fd] = parts(from);
  const [ty, tm, td] = parts(to);
  return Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(fy, fm - 1, fd)) / 86_400_000);
}

/** The same calendar date a year earlier; 29 February becomes 28 February. */
export function sameDateYearBefore(date: string): string {
  const [year, month, day] = parts(date);
  return format(year - 1, month, Math.min(day, daysInMonth(year - 1, month)));
}

export type Comparison = 'previous_period' | 'previous_year';

/**
 * The period a report is compared with. The previous period is the one of the same length that ends
 * the day before `from`, except that a period of whole calendar months compares with the same number
 * of whole months before it (March → February, Q2 → Q1), which is what an owner means.
 */
export function comparisonPeriod(from: string, to: string, compareTo: Comparison): { from: string; to: string } {
  if (compareTo === 'previous_year') return { from: sameDateYearBefore(from), to: sameDateYearBefore(to) };
  const [fromYear, fromMonth, fromDay] = parts(from);
  const [toYear, toMonth, toDay] = parts(to);
  if (fromDay === 1 && toDay === daysInMonth(toYear, toMonth)) {
    const months = (toYear - fromYear) * 12 + (toMonth - fromMonth) + 1;
    const startIndex = fromYear * 12 + (fromMonth - 1) - months;
    const startYear = Math.floor(startIndex / 12);
    const startMonth = (startIndex % 12) + 1;
    return { from: format(startYear, startMonth, 1), to: addDays(from, -1) };
  }
  const length = daysBetween(from, to) + 1;
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

/** Every calendar month ('YYYY-MM') touched by the period. */
export function monthsTouched(from: string, to: string): string[] {
  const [fromYear, fromMonth] = parts(from);
  const [toYear, toMonth] = parts(to);
  const months: string[] = [];
  for (let index = fromYear * 12 + fromMonth - 1; index <= toYear * 12 + toMonth - 1; index++) {
    months.push(`${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`);
  }
  return months;
}

export function assertPeriod(from: string, to: string): void {
  if (from > to) throw invalid('from: must be on or before to');
}
