import { currencyExponent } from '../../money/currency.ts';
import { Decimal } from '../../money/decimal.ts';
import { AmountError, decimalToMinorUnits } from '../../money/minor-units.ts';
import type { StatementAccountKind } from './types.ts';

/**
 * A reader's exact decimal string ("1234.5", "-0.07") to integer minor units of the currency, without
 * floating point; digits the currency cannot hold are refused unless they are zeros ("12.500" USD).
 */
export function decimalToMinor(text: string, currency: string): number {
  if (currencyExponent(currency) === undefined) throw new AmountError(`unknown currency ${currency}`);
  const value = Decimal.parse(text, { strict: true });
  if (!value) throw new AmountError(`"${text}" is not a decimal number`);
  try {
    return decimalToMinorUnits(value, currency);
  } catch (error) {
    throw new AmountError(`"${text}" ${(error as Error).message}`);
  }
}

/**
 * The closing balance the lines imply. Amounts are positive when money goes out: out − in is their
 * sum. A deposit account falls by it (opening − (out − in)); a card's debt grows by it
 * (opening + (out − in)).
 */
export function expectedClosingMinor(
  kind: StatementAccountKind,
  openingMinor: number,
  lineAmountsMinor: readonly number[],
): number {
  let outMinusIn = 0;
  for (const amount of lineAmountsMinor) outMinusIn += amount;
  return kind === 'credit_card' ? openingMinor + outMinusIn : openingMinor - outMinusIn;
}

/**
 * Exactly, to the minor unit: a statement is printed exactly, and a one-cent gap is a one-cent line
 * missing or a digit misread (the contract's "about a cent or two" is tightened to nothing).
 */
export function reconciles(
  kind: StatementAccountKind,
  openingMinor: number,
  closingMinor: number,
  lineAmountsMinor: readonly number[],
): boolean {
  return expectedClosingMinor(kind, openingMinor, lineAmountsMinor) === closingMinor;
}

/**
 * When neither the document, the known account nor a hint says what kind of account this is, the
 * arithmetic does: the formula under which the statement reconciles names it. Deposit accounts come
 * first because they are the common case (and both agree when nothing moved).
 */
export function inferKind(
  openingMinor: number,
  closingMinor: number,
  lineAmountsMinor: readonly number[],
): StatementAccountKind {
  if (reconciles('checking', openingMinor, closingMinor, lineAmountsMinor)) return 'checking';
  if (reconciles('credit_card', openingMinor, closingMinor, lineAmountsMinor)) return 'credit_card';
  return 'checking';
}
