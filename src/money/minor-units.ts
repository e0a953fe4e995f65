import { currencyExponent } from './currency.ts';

/**
 * Money is held as integer minor units of its currency. The largest magnitude accepted for one
 * amount keeps sums of millions of rows far inside Number.MAX_SAFE_INTEGER (2^53 ≈ 9.0e15).
 */
export const MAX_AMOUNT_MINOR = 1e12;

export class AmountError extends Error {}

/**
 * Converts a JSON number in major units to exact integer minor units. JavaScript prints a number
 * with the fewest digits that read back to it, so "12.34" is exact where 12.34 * 100 is not.
 */
export function toMinorUnits(amount: number, currency: string): number {
  const exponent = currencyExponent(currency);
  if (exponent === undefined) throw new AmountError(`unknown currency ${currency}`);
  if (!Number.isFinite(amount)) throw new AmountError('must be a finite number');
  const text = decimalString(Math.abs(amount));
  const [whole, fraction = ''] = text.split('.');
  if (fraction.length > exponent) {
    throw new AmountError(`has ${fraction.length} decimals but ${currency} has ${exponent}`);
  }
  const minor = Number(whole + fraction.padEnd(exponent, '0'));
  if (minor > MAX_AMOUNT_MINOR) throw new AmountError(`is too large (at most ${MAX_AMOUNT_MINOR / 10 ** exponent})`);
  return amount < 0 ? -minor : minor;
}

/** Minor units back to a JSON number in major units; exact because the division result is the shortest decimal. */
export function toMajorUnits(minor: number, currency: string): number {
  const exponent = currencyExponent(currency) ?? 2;
  if (exponent === 0) return minor;
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  return Number(`${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`);
}

function decimalString(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  // Exponent notation (1e-7, 1e+21): expand without going through floating-point arithmetic.
  const [mantissa, exponentText] = text.toLowerCase().split('e');
  const exponent = Number(exponentText);
  const [intPart, fracPart = ''] = mantissa.split('.');
  const digits = intPart + fracPart;
  const pointAt = intPart.length + exponent;
  if (pointAt <= 0) return `0.${'0'.repeat(-pointAt)}${digits}`;
  if (pointAt >= digits.length) return digits + '0'.repeat(pointAt - digits.length);
  return `${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
}
