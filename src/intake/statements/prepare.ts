import { isKnownCurrency } from '../../money/currency.ts';
import { toMajorUnits } from '../../money/minor-units.ts';
import { isValidDate } from '../../shared/dates.ts';
import { EventLoopPacer } from '../../shared/event-loop.ts';
import { decimalToMinor, expectedClosingMinor, inferKind, reconciles, toleranceMinor } from './reconcile.ts';
import type { ParsedStatement, RejectionReason, StatementAccountKind } from './types.ts';

export interface StatementRejection {
  reason: RejectionReason;
  message: string;
  /** did_not_reconcile: the closing balance the lines imply, and the one the statement states. */
  expected?: number | null;
  stated?: number | null;
}

/** What the upload itself said besides the file. The document wins wherever it speaks. */
export interface UploadHints {
  kind?: StatementAccountKind;
  openingBalance?: string;
  closingBalance?: string;
}

export interface KnownAccount {
  id: string;
  kind: StatementAccountKind;
  currency: string;
}

export interface PreparedLine {
  date: string;
  description: string;
  amountMinor: number;
}

/** A statement that passed every check before the database: exact amounts, a known currency and kind, and it reconciles. */
export interface PreparedStatement {
  institutionName: string | null;
  accountLast4: string | null;
  kind: StatementAccountKind;
  currency: string;
  periodStart: string;
  periodEnd: string;
  openingMinor: number;
  closingMinor: number;
  lines: PreparedLine[];
}

export type Prepared = { ok: true; statement: PreparedStatement } | { ok: false; rejection: StatementRejection };

const reject = (reason: RejectionReason, message: string, extra: Partial<StatementRejection> = {}): Prepared => ({ ok: false, rejection: { reason, message, ...extra } });

/**
 * The checks a read statement passes before anything is written: its currency is known (from the
 * page, else from the account it was attached to; never assumed), its dates and amounts are exact,
 * it has lines, it has both balances (from the page, else from the upload), and the lines roll the
 * opening balance to the closing one within the tolerance. Pure, so every rule is testable alone;
 * asynchronous only to give the event loop turns while it checks a long statement.
 */
export async function prepareStatement(parsed: ParsedStatement, known: KnownAccount | undefined, hints: UploadHints, pacer = new EventLoopPacer()): Promise<Prepared> {
  const currency = parsed.currency?.trim().toUpperCase() || known?.currency;
  if (!currency) {
    return reject('document_unreadable', 'the statement does not say its currency; upload it again with bankAccountId of the account it belongs to');
  }
  if (!isKnownCurrency(currency)) return reject('document_unreadable', `the statement's currency "${currency}" is not an ISO 4217 code`);
  if (known && currency !== known.currency) {
    return reject('document_unreadable', `the statement is in ${currency} but bank account ${known.id} is in ${known.currency}`);
  }
  if (!isValidDate(parsed.periodStart) || !isValidDate(parsed.periodEnd) || parsed.periodStart > parsed.periodEnd) {
    return reject('document_unreadable', `the statement period could not be read (got ${parsed.periodStart} to ${parsed.periodEnd})`);
  }
  if (parsed.lines.length === 0) return reject('no_transactions', 'the statement lists no transactions');

  const lines: PreparedLine[] = [];
  for (const [index, line] of parsed.lines.entries()) {
    if (pacer.due()) await pacer.yield();
    if (!isValidDate(line.date)) return reject('document_unreadable', `line ${index + 1}: the date "${line.date}" could not be read`);
    const description = line.description.trim().replace(/\s+/g, ' ');
    if (!description) return reject('document_unreadable', `line ${index + 1}: no description`);
    let amountMinor: number;
    try {
      amountMinor = decimalToMinor(line.amount, currency);
    } catch (error) {
      return reject('document_unreadable', `line ${index + 1}: ${(error as Error).message}`);
    }
    // A zero line (an interest line of 0.00) moves no money and cannot be booked; it does not change the arithmetic either.
    if (amountMinor !== 0) lines.push({ date: line.date, description, amountMinor });
  }
  if (lines.length === 0) return reject('no_transactions', 'the statement lists no transactions that move money');

  const balance = (printed: string | null, supplied: string | undefined, name: 'openingBalance' | 'closingBalance'): number | string => {
    const text = printed ?? supplied;
    if (text === undefined) return `the document carries no ${name === 'openingBalance' ? 'opening' : 'closing'} balance; upload it again with the form field ${name}`;
    try {
      return decimalToMinor(text, currency);
    } catch (error) {
      return `${printed !== null ? 'the printed' : 'the supplied'} ${name}: ${(error as Error).message}`;
    }
  };
  const opening = balance(parsed.openingBalance, hints.openingBalance, 'openingBalance');
  const closing = balance(parsed.closingBalance, hints.closingBalance, 'closingBalance');
  if (typeof opening === 'string') return reject('did_not_reconcile', opening, { expected: null, stated: null });
  if (typeof closing === 'string') return reject('did_not_reconcile', closing, { expected: null, stated: null });

  const amounts = lines.map((line) => line.amountMinor);
  const tolerance = toleranceMinor(currency);
  const kind = known?.kind ?? parsed.accountKind ?? hints.kind ?? inferKind(opening, closing, amounts, tolerance);
  if (!reconciles(kind, opening, closing, amounts, tolerance)) {
    const expected = toMajorUnits(expectedClosingMinor(kind, opening, amounts), currency);
    const stated = toMajorUnits(closing, currency);
    const formula = kind === 'credit_card' ? 'opening + (out − in)' : 'opening − (out − in)';
    return reject('did_not_reconcile', `the lines do not roll the opening balance to the closing balance: ${formula} = ${expected} ${currency}, the statement states ${stated} ${currency}`, { expected, stated });
  }

  return {
    ok: true,
    statement: {
      institutionName: parsed.institutionName?.trim().replace(/\s+/g, ' ') || null,
      accountLast4: lastFourDigits(parsed.accountLast4),
      kind,
      currency,
      periodStart: parsed.periodStart,
      periodEnd: parsed.periodEnd,
      openingMinor: opening,
      closingMinor: closing,
      lines,
    },
  };
}

/** "****1234", "XXXX-XXXX-1234", "1234" → "1234"; fewer than four digits is no account number. */
export function lastFourDigits(text: string | null): string | null {
  const digits = text?.replace(/\D/g, '') ?? '';
  return digits.length >= 4 ? digits.slice(-4) : null;
}
