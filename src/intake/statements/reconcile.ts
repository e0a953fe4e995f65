import { currencyExponent } from '../../money/currency.ts';
import { AmountError, MAX_AMOUNT_MINOR } from '../../money/minor-units.ts';
import type { StatementAccountKind } from './types.ts';

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A reader's exact decimal string ("1234.5", "-0.07") to integer minor units of the currency, without
 * floating point. Digits beyond the currency's exponent are accepted only when they are zeros
 * ("12.500" in USD): anything else would need rounding, which a statement never does.
 */
export function decimalToMinor(text: string, currency: string): number {
  const exponent = currencyExponent(currency);
  if (exponent === undefined) throw new AmountError(`unknown currency ${currency}`);
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new AmountError(`"${text}" is not a decimal number`);
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > exponent && /[^0]/.test(fraction.slice(exponent))) {
    throw new AmountError(`"${text}" has more decimals than ${currency} allows (${exponent})`);
  }
  const minor = Number(whole + fraction.slice(0, exponent).padEnd(exponent, '0'));
  if (minor > MAX_AMOUNT_MINOR) throw new AmountError(`"${text}" is too large`);
  return sign === '-' && minor !== 0 ? -minor : minor;
}

/**
 * The closing balance the lines imply. Amounts are positive when money goes out: out − in is their
 * sum. A deposit account falls by it (opening − (out − in)); a card's debt grows by it
 * (opening + (out − in)).
 */
export function expectedClosingMinor(kind: StatementAccountKind, openingMinor: number, lineAmountsMinor: readonly number[]): number {
  let outMinusIn = 0;
  for (const amount of lineAmountsMinor) outMinusIn += amount;
  return kind === 'credit_card' ? openingMinor + outMinusIn : openingMinor - outMinusIn;
}

/**
 * Exactly, to the minor unit: a statement is printed exactly, and a one-cent gap is a one-cent line
 * missing or a digit misread (the contract's "about a cent or two" is tightened to nothing).
 */
export function reconciles(kind: StatementAccountKind, openingMinor: number, closingMinor: number, lineAmountsMinor: readonly number[]): boolean {
  return expectedClosingMinor(kind, openingMinor, lineAmountsMinor) === closingMinor;
}

/**
 * When neither the document, the known account nor a hint says what kind of account this is, the
 * arithmetic does: the formula under which the statement reconciles names it. Deposit accounts come
 * first because they are the common case (and both agree when nothing moved).
 */
export function inferKind(openingMinor: number, closingMinor: number, lineAmountsMinor: readonly number[]): StatementAccountKind {
  if (reconciles('checking', openingMinor, closingMinor, lineAmountsMinor)) return 'checking';
  if (reconciles('credit_card', openingMinor, closingMinor, lineAmountsMinor)) return 'credit_card';
  return 'checking';
}
