/**
 * A statement's writing conventions, detected once from the whole document: the decimal separator
 * and the order of day and month in numeric dates. Every reader asks here, so a CSV export and the
 * PDF of the same statement are read the same way.
 */
import { detectDecimalSeparator, type DecimalSeparator } from '../text/amounts.ts';
import { provenDayMonthOrder, type DayMonthOrder } from '../text/dates.ts';

export interface Conventions {
  order: DayMonthOrder;
  separator: DecimalSeparator;
  /** False when every numeric date reads both ways; the currency then decides (see settleDayMonthOrder). */
  orderProven: boolean;
}

/**
 * `moneyText` holds the amounts (their separator is counted), `dateText` the dates, `otherText` any
 * other text whose dates may prove the order (a preamble's period).
 */
export function detectConventions(moneyText: string, dateText: string, otherText = ''): Conventions {
  const separator = detectDecimalSeparator(moneyText);
  const proven = provenDayMonthOrder(`${dateText} ${otherText}`);
  return {
    separator,
    order: proven ?? (separator === 'comma' ? 'day_first' : 'month_first'),
    orderProven: proven !== null,
  };
}

/**
 * Dates that read both ways (every day ≤ 12) are month-first only in US-dollar documents; elsewhere
 * banks write the day first (a comma decimal separator already said so).
 */
export function settleDayMonthOrder(conventions: Conventions, currency: string | null): Conventions {
  if (!conventions.orderProven && conventions.separator === 'dot' && currency !== null && currency !== 'USD') {
    return { ...conventions, order: 'day_first' };
  }
  return conventions;
}
