import { isKnownCurrency } from '../../money/currency.ts';
import { toMajorUnits } from '../../money/minor-units.ts';
import { DATE_RANGE_TEXT, isAcceptedDate, isValidDate } from '../../shared/dates.ts';
import type { EventLoopPacer } from '../../shared/event-loop.ts';
import { replaceControlCharacters } from '../../shared/text.ts';
import { checkCompleteness, provenanceProblem, type GateLine } from './gate.ts';
import { decimalToMinor, expectedClosingMinor, inferKind, reconciles } from './reconcile.ts';
import type { ParsedStatement, RejectionReason, StatementAccountKind, StatementEvidence } from './types.ts';

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

/** A digit the gate corrected in an OCR reading, in the statement's currency (major units). */
export interface StatementCorrection {
  line: number;
  field: 'amount' | 'balance';
  read: number;
  corrected: number;
  /** In a document holding several accounts, the 1-based account section the line belongs to. */
  section?: number;
}

/** A statement that passed every check before the database: exact amounts, a known currency and kind, complete, and it reconciles. */
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
  corrections: StatementCorrection[];
}

export type Prepared = { ok: true; statement: PreparedStatement } | { ok: false; rejection: StatementRejection };

const reject = (reason: RejectionReason, message: string, extra: Partial<StatementRejection> = {}): Prepared => ({
  ok: false,
  rejection: { reason, message, ...extra },
});

/**
 * The checks a read statement passes before anything is written: its currency is known (from the
 * page, else from the account it was attached to; never assumed), its dates and amounts are exact,
 * it has lines, its period and both balances are stated (by the document, or the balances by the
 * upload), everything else it prints agrees with the lines (the completeness gate, ./gate.ts), and
 * the lines roll the opening balance to the closing one exactly. Pure, so every rule is
 * testable alone.
 */
export function prepareStatement(
  parsed: ParsedStatement,
  evidence: StatementEvidence,
  known: KnownAccount | undefined,
  hints: UploadHints,
): Prepared {
  const steps = preparing(parsed, evidence, known, hints);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same checks for ingest, which runs them on the main thread: a million lines take seconds, so
 * the event loop gets a turn whenever the pacer's slice is used up.
 */
export async function prepareStatementPaced(
  parsed: ParsedStatement,
  evidence: StatementEvidence,
  known: KnownAccount | undefined,
  hints: UploadHints,
  pacer: EventLoopPacer,
): Promise<Prepared> {
  const steps = preparing(parsed, evidence, known, hints);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (pacer.due()) await pacer.yield();
  }
}

/** The checks as steps: it pauses (yields) every few hundred lines so a caller may let others run. */
function* preparing(
  parsed: ParsedStatement,
  evidence: StatementEvidence,
  known: KnownAccount | undefined,
  hints: UploadHints,
): Generator<void, Prepared> {
  const currency = parsed.currency?.trim().toUpperCase() || known?.currency;
  if (!currency) {
    return reject(
      'document_unreadable',
      'the statement does not say its currency; upload it again with bankAccountId of the account it belongs to',
    );
  }
  if (!isKnownCurrency(currency))
    return reject('document_unreadable', `the statement's currency "${currency}" is not an ISO 4217 code`);
  if (known && currency !== known.currency) {
    return reject(
      'document_unreadable',
      `the statement is in ${currency} but bank account ${known.id} is in ${known.currency}`,
    );
  }
  if (!isValidDate(parsed.periodStart) || !isValidDate(parsed.periodEnd) || parsed.periodStart > parsed.periodEnd) {
    return reject(
      'document_unreadable',
      `the statement period could not be read (got ${parsed.periodStart} to ${parsed.periodEnd})`,
    );
  }
  if (!isAcceptedDate(parsed.periodStart) || !isAcceptedDate(parsed.periodEnd)) {
    return reject(
      'document_unreadable',
      `the statement period ${parsed.periodStart} to ${parsed.periodEnd} lies outside the dates the service takes (${DATE_RANGE_TEXT})`,
    );
  }
  if (parsed.lines.length === 0) return reject('no_transactions', 'the statement lists no transactions');

  const minor = (text: string) => {
    try {
      return decimalToMinor(text, currency);
    } catch (error) {
      return (error as Error).message;
    }
  };
  const read: Array<GateLine & { date: string; description: string }> = [];
  for (const [index, line] of parsed.lines.entries()) {
    if (index % 256 === 255) yield;
    if (!isValidDate(line.date))
      return reject('document_unreadable', `line ${index + 1}: the date "${line.date}" could not be read`);
    if (!isAcceptedDate(line.date))
      return reject(
        'document_unreadable',
        `line ${index + 1}: the date ${line.date} lies outside the dates the service takes (${DATE_RANGE_TEXT})`,
      );
    // Document text is kept as the bank wrote it, but control characters (a NUL no database column
    // holds, stray form feeds) become spaces: a document cannot be asked to fix itself.
    const description = cleanText(line.description);
    if (!description) return reject('document_unreadable', `line ${index + 1}: no description`);
    const amountMinor = minor(line.amount);
    if (typeof amountMinor === 'string') return reject('document_unreadable', `line ${index + 1}: ${amountMinor}`);
    const balanceMinor = line.balance === null ? null : minor(line.balance);
    if (typeof balanceMinor === 'string')
      return reject('document_unreadable', `line ${index + 1}: its balance: ${balanceMinor}`);
    read.push({ date: line.date, description, amountMinor, balanceMinor, page: evidence.linePages[index] ?? null });
  }
  // A zero line (an interest line of 0.00) moves no money and cannot be booked; it does not change the arithmetic either.
  if (read.every((line) => line.amountMinor === 0))
    return reject('no_transactions', 'the statement lists no transactions that move money');

  const hinted = {
    openingBalance: hints.openingBalance !== undefined,
    closingBalance: hints.closingBalance !== undefined,
  };
  const provenance = provenanceProblem(evidence.sources, hinted, evidence.wholeList);
  if (provenance) return reject('incomplete', provenance);
  // The document wins where it states a balance; a balance it does not state comes from the upload,
  // else (only where the gate allowed it: an OFX opening) from the reader.
  const balance = (fact: 'openingBalance' | 'closingBalance'): number | string => {
    const printed = evidence.sources[fact] === 'stated' ? parsed[fact] : null;
    const text = printed ?? hints[fact] ?? parsed[fact];
    if (text === null)
      return `the document carries no ${fact === 'openingBalance' ? 'opening' : 'closing'} balance; upload it again with the form field ${fact}`;
    const value = minor(text);
    return typeof value === 'number' ? value : `${printed !== null ? 'the printed' : 'the supplied'} ${fact}: ${value}`;
  };
  const opening = balance('openingBalance');
  const closing = balance('closingBalance');
  if (typeof opening === 'string') return reject('did_not_reconcile', opening, { expected: null, stated: null });
  if (typeof closing === 'string') return reject('did_not_reconcile', closing, { expected: null, stated: null });

  const kind =
    known?.kind ??
    parsed.accountKind ??
    hints.kind ??
    inferKind(
      opening,
      closing,
      read.map((line) => line.amountMinor),
    );
  const inMinor = evidence.totals.moneyIn === null ? null : minor(evidence.totals.moneyIn);
  const outMinor = evidence.totals.moneyOut === null ? null : minor(evidence.totals.moneyOut);
  if (typeof inMinor === 'string' || typeof outMinor === 'string')
    return reject('document_unreadable', `a printed total: ${typeof inMinor === 'string' ? inMinor : outMinor}`);
  const checkpoints = [];
  for (const checkpoint of evidence.checkpoints) {
    const balanceMinor = minor(checkpoint.balance);
    if (typeof balanceMinor === 'string')
      return reject('document_unreadable', `the balance printed on page ${checkpoint.page}: ${balanceMinor}`);
    checkpoints.push({ afterLines: checkpoint.afterLines, balanceMinor, page: checkpoint.page });
  }
  const gate = checkCompleteness({
    kind,
    openingMinor: opening,
    closingMinor: closing,
    lines: read,
    totals: { inMinor, outMinor, countIn: evidence.totals.countIn, countOut: evidence.totals.countOut },
    pageMarkers: evidence.pageMarkers,
    checkpoints,
    recognised: evidence.recognised,
  });
  if (!gate.ok) return reject('incomplete', gate.message);

  const amounts = gate.lines.map((line) => line.amountMinor);
  if (!reconciles(kind, opening, closing, amounts)) {
    const expected = toMajorUnits(expectedClosingMinor(kind, opening, amounts), currency);
    const stated = toMajorUnits(closing, currency);
    const formula = kind === 'credit_card' ? 'opening + (out − in)' : 'opening − (out − in)';
    return reject(
      'did_not_reconcile',
      `the lines do not roll the opening balance to the closing balance: ${formula} = ${expected} ${currency}, the statement states ${stated} ${currency}`,
      { expected, stated },
    );
  }

  return {
    ok: true,
    statement: {
      institutionName: (parsed.institutionName && cleanText(parsed.institutionName)) || null,
      accountLast4: lastFourDigits(parsed.accountLast4),
      kind,
      currency,
      periodStart: parsed.periodStart,
      periodEnd: parsed.periodEnd,
      openingMinor: opening,
      closingMinor: closing,
      lines: read.flatMap((line, index) =>
        amounts[index] === 0 ? [] : [{ date: line.date, description: line.description, amountMinor: amounts[index] }],
      ),
      corrections: gate.corrections.map((correction) => ({
        line: correction.line,
        field: correction.field,
        read: toMajorUnits(correction.readMinor, currency),
        corrected: toMajorUnits(correction.correctedMinor, currency),
      })),
    },
  };
}

function cleanText(text: string): string {
  return replaceControlCharacters(text).trim().replace(/\s+/g, ' ');
}

/** "****1234", "XXXX-XXXX-1234", "1234" → "1234"; fewer than four digits is no account number. */
export function lastFourDigits(text: string | null): string | null {
  const digits = text?.replace(/\D/g, '') ?? '';
  return digits.length >= 4 ? digits.slice(-4) : null;
}
