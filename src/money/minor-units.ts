import { currencyExponent } from './currency.ts';
import { Decimal } from './decimal.ts';

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
  return decimalToMinorUnits(Decimal.fromNumber(amount), currency, exponent);
}

/**
 * An exact decimal to integer minor units of the currency. Digits beyond the currency's exponent are
 * accepted only when they are zeros ("12.500" in USD): anything else would need rounding.
 */
export function decimalToMinorUnits(value: Decimal, currency: string, exponent = currencyExponent(currency)): number {
  if (exponent === undefined) throw new AmountError(`unknown currency ${currency}`);
  const minor = value.toUnitsAt(exponent);
  if (minor === null) throw new AmountError(`has ${value.withScale(0).scale} decimals but ${currency} has ${exponent}`);
  if (minor > BigInt(MAX_AMOUNT_MINOR) || -minor > BigInt(MAX_AMOUNT_MINOR)) {
    throw new AmountError(`is too large (at most ${MAX_AMOUNT_MINOR / 10 ** exponent})`);
  }
  return Number(minor);
}

/** Minor units back to a JSON number in major units; exact because the division result is the shortest decimal. */
export function toMajorUnits(minor: number, currency: string): number {
  return Decimal.of(BigInt(minor), currencyExponent(currency) ?? 2).toNumber();
}
