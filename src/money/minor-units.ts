import { LosslessNumber } from 'lossless-json';
import { currencyExponent } from './currency.ts';
import { Decimal } from './decimal.ts';

/**
 * Money is held as integer minor units of its currency. One amount is at most 1e12 minor units, so
 * it is always a safe integer; sums are not (10^4 rows at the cap pass 2^53 ≈ 9.0e15), so totals are
 * bigints, exact up to 2^63 ≈ 9.2e18 (10^6 rows at the cap are 1e18), and leave as exactMajorUnits.
 */
export const MAX_AMOUNT_MINOR = 1e12;

export class AmountError extends Error {}

/**
 * How far from a whole minor unit an amount may lie and still be read as that unit: 1e-9 of a
 * minor unit, or 1e-14 of the amount when that is larger. Float noise from a client's arithmetic
 * (1 + 14/100 = 1.1400000000000001) is a few units in the 16th-17th significant digit, far inside;
 * at the MAX_AMOUNT_MINOR cap the tolerance is 0.01 minor unit, so an amount carrying a real digit
 * below the minor unit (1.145 USD) is always refused.
 */
export function floatNoiseToleranceMinor(minor: number): number {
  return 1e-9 * Math.max(1, Math.abs(minor) / 1e5);
}

/**
 * Converts a JSON number in major units to exact integer minor units. JavaScript prints a number
 * with the fewest digits that read back to it, so "12.34" is exact where 12.34 * 100 is not; a
 * number printing more decimals than the currency has is accepted only as float noise around a
 * whole minor unit (floatNoiseToleranceMinor).
 */
export function toMinorUnits(amount: number, currency: string): number {
  const exponent = currencyExponent(currency);
  if (exponent === undefined) throw new AmountError(`unknown currency ${currency}`);
  if (!Number.isFinite(amount)) throw new AmountError('must be a finite number');
  const printed = Decimal.fromNumber(Math.abs(amount));
  const exact = printed.toUnitsAt(exponent);
  let minor: number;
  if (exact !== null) {
    minor = Number(exact);
  } else {
    // The scaling's own rounding error is one unit in the last place, far below the tolerance.
    const scaled = Math.abs(amount) * 10 ** exponent;
    minor = Math.round(scaled);
    if (Math.abs(scaled - minor) > floatNoiseToleranceMinor(minor)) {
      throw new AmountError(`has ${printed.scale} decimals but ${currency} has ${exponent}`);
    }
  }
  if (minor > MAX_AMOUNT_MINOR) throw new AmountError(`is too large (at most ${MAX_AMOUNT_MINOR / 10 ** exponent})`);
  return amount < 0 && minor !== 0 ? -minor : minor;
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
  const exponent = currencyExponent(currency) ?? 2;
  // Both operands are exact doubles and IEEE division rounds correctly, so the quotient is the double
  // nearest the decimal: what parsing its text gives, without the text (a list maps thousands).
  // Zero never carries a minus (-0 prints as 0 but is not 0 to Object.is).
  if (Number.isSafeInteger(minor)) return minor === 0 ? 0 : minor / 10 ** exponent;
  return Decimal.of(BigInt(minor), exponent).toNumber();
}

/**
 * A total in major units for JSON: a number when the double prints back as the exact decimal (every
 * amount with up to 15 significant digits), else the exact digits as a LosslessNumber, which the
 * routes' exact serializer (http/exact-json.ts) writes as a JSON number literal with every digit.
 */
export type MajorAmount = number | LosslessNumber;

export function exactMajorUnits(minor: bigint, currency: string): MajorAmount {
  const exponent = currencyExponent(currency) ?? 2;
  const digits = (minor < 0n ? -minor : minor).toString().padStart(exponent + 1, '0');
  // Trailing zeros of the fraction go, as a double would print them: 12.50 is 12.5.
  const unsigned =
    exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`.replace(/\.?0+$/, '');
  const text = minor < 0n ? `-${unsigned}` : unsigned;
  const asNumber = Number(text);
  return String(asNumber) === text ? asNumber : new LosslessNumber(text);
}
