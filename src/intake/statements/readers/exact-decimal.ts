import { currencyExponent } from '../../../money/currency.ts';

/**
 * Exact decimal arithmetic for the structured-format readers: a value is an integer count of
 * 10^-scale units held in a BigInt, so nothing a file says ever passes through floating point.
 */
export interface ExactDecimal {
  units: bigint;
  scale: number;
}

export const ZERO: ExactDecimal = { units: 0n, scale: 0 };

const PLAIN_DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** Reads a plain decimal with '.' as the separator ("-1234.5", "+.50", "12."); null if it is not one. */
export function parsePlainDecimal(text: string): ExactDecimal | null {
  const match = PLAIN_DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const units = BigInt((whole || '0') + fraction);
  return { units: sign === '-' ? -units : units, scale: fraction.length };
}

function rescale(value: ExactDecimal, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

export function addDecimals(left: ExactDecimal, right: ExactDecimal): ExactDecimal {
  const scale = Math.max(left.scale, right.scale);
  return { units: rescale(left, scale) + rescale(right, scale), scale };
}

export function subtractDecimals(left: ExactDecimal, right: ExactDecimal): ExactDecimal {
  return addDecimals(left, negateDecimal(right));
}

export function negateDecimal(value: ExactDecimal): ExactDecimal {
  return { units: -value.units, scale: value.scale };
}

export function sumDecimals(values: Iterable<ExactDecimal>): ExactDecimal {
  let total = ZERO;
  for (const value of values) total = addDecimals(total, value);
  return total;
}

export function compareDecimals(left: ExactDecimal, right: ExactDecimal): number {
  const scale = Math.max(left.scale, right.scale);
  const difference = rescale(left, scale) - rescale(right, scale);
  return difference === 0n ? 0 : difference < 0n ? -1 : 1;
}

/**
 * Formats with the currency's minor-unit count of decimals (two when the currency is unknown).
 * Digits beyond that are dropped only when they are zeros ("12.3400" USD → "12.34"); a value with
 * more significant decimals than its currency keeps them, so the reconciliation gate sees it as written.
 */
export function formatDecimal(value: ExactDecimal, currency: string | null): string {
  const targetScale = (currency ? currencyExponent(currency) : undefined) ?? 2;
  let { units, scale } = value;
  while (scale > targetScale && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  if (scale < targetScale) {
    units *= 10n ** BigInt(targetScale - scale);
    scale = targetScale;
  }
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const body = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${body}` : body;
}
