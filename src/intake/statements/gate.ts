/**
 * The completeness gate: proves that what was read is the whole statement, not only that the lines
 * read add up. Reconciliation (opening − (out − in) = closing) holds for any reading whose opening
 * was taken from the first line it kept; so besides it the gate requires the period and both
 * balances to be stated by the document (or the upload), and checks every other fact the document
 * prints against the lines: running balances line by line and across pages, brought/carried-forward
 * balances, summary totals and counts, and "Page n of m" markers. What a document does not print is
 * not required (summary totals, page markers and running balances are optional on real statements);
 * what it prints must agree. Pure functions over minor units, so every rule is tested alone.
 */
import type { FactSource, PageMarker, StatementAccountKind } from './types.ts';

export interface GateLine {
  amountMinor: number; // positive = money out
  balanceMinor: number | null;
  page: number | null;
}

export interface GateStatement {
  kind: StatementAccountKind;
  openingMinor: number;
  closingMinor: number;
  lines: GateLine[];
  totals: { inMinor: number | null; outMinor: number | null; countIn: number | null; countOut: number | null };
  pageMarkers: PageMarker[];
  checkpoints: Array<{ afterLines: number; balanceMinor: number; page: number }>;
  /** OCR reading: a single misread digit that the printed balances pin may be corrected. */
  recognised: boolean;
}

export interface Correction {
  /** 1-based line of the statement as read. */
  line: number;
  field: 'amount' | 'balance';
  readMinor: number;
  correctedMinor: number;
}

export type GateOutcome = { ok: true; lines: GateLine[]; corrections: Correction[] } | { ok: false; message: string };

/** The balance after a line: a deposit account falls with money out, a card's debt rises with it. */
export function balanceAfter(kind: StatementAccountKind, balanceMinor: number, amountMinor: number): number {
  return kind === 'credit_card' ? balanceMinor + amountMinor : balanceMinor - amountMinor;
}

const where = (line: number, page: number | null) => `line ${line}${page !== null ? ` (page ${page})` : ''}`;

/**
 * "Page n of m" markers, when printed, must number the pages 1..m once each, in order. A page
 * without a marker (a notice, a blank back side) is allowed; a missing, repeated or moved marked
 * page is not.
 */
export function pageProblems(markers: readonly PageMarker[]): string[] {
  if (markers.length === 0) return [];
  const totals = [...new Set(markers.map((marker) => marker.of))];
  if (totals.length > 1) return [`the page markers disagree on the number of pages (${totals.join(', ')})`];
  const of = totals[0];
  const problems: string[] = [];
  const seen = new Set<number>();
  let previous = 0;
  for (const marker of markers) {
    if (marker.number < 1 || marker.number > of)
      problems.push(`page ${marker.page} is marked page ${marker.number} of ${of}`);
    else if (seen.has(marker.number)) problems.push(`page ${marker.number} of ${of} appears twice`);
    else if (marker.number < previous) problems.push(`page ${marker.number} of ${of} comes after page ${previous}`);
    seen.add(marker.number);
    previous = Math.max(previous, marker.number);
  }
  for (let number = 1; number <= of; number += 1) {
    if (!seen.has(number)) problems.push(`page ${number} of ${of} is missing`);
  }
  return problems;
}

/**
 * Everything printed that the lines contradict, by place: each running balance against the one
 * before it moved by the line's amount (a break re-anchors the chain, so one bad line is one
 * problem and a misread balance is two), each brought/carried-forward balance, the closing balance
 * at the end of the chain, and the printed totals and counts.
 */
export function consistencyProblems(statement: GateStatement, lines: readonly GateLine[] = statement.lines): string[] {
  const problems: string[] = [];
  const { kind } = statement;
  const checkpoints = [...statement.checkpoints].sort((a, b) => a.afterLines - b.afterLines);
  let next = 0;
  let running = statement.openingMinor;
  let chained = false; // whether any printed balance joins the lines to the closing one
  const checkpointsAt = (count: number) => {
    while (next < checkpoints.length && checkpoints[next].afterLines === count) {
      const checkpoint = checkpoints[next++];
      chained = true;
      if (checkpoint.balanceMinor !== running) {
        problems.push(
          `the balance printed on page ${checkpoint.page} after line ${count} does not follow from the lines before it (a line is missing or misread before it)`,
        );
        running = checkpoint.balanceMinor;
      }
    }
  };
  checkpointsAt(0);
  lines.forEach((line, index) => {
    running = balanceAfter(kind, running, line.amountMinor);
    if (line.balanceMinor !== null) {
      chained = true;
      if (line.balanceMinor !== running) {
        problems.push(
          `${where(index + 1, line.page)}: the printed balance does not follow from the one before it (a line is missing or misread there)`,
        );
        running = line.balanceMinor;
      }
    }
    checkpointsAt(index + 1);
  });
  if (chained && running !== statement.closingMinor) {
    problems.push(
      'the last printed running balance is not the closing balance (lines are missing or misread at the end)',
    );
  }

  let inMinor = 0;
  let outMinor = 0;
  let countIn = 0;
  let countOut = 0;
  for (const line of lines) {
    if (line.amountMinor < 0) {
      inMinor -= line.amountMinor;
      countIn += 1;
    } else if (line.amountMinor > 0) {
      outMinor += line.amountMinor;
      countOut += 1;
    }
  }
  const { totals } = statement;
  if (totals.inMinor !== null && totals.inMinor !== inMinor)
    problems.push('the printed total of money in is not the sum of the lines read');
  if (totals.outMinor !== null && totals.outMinor !== outMinor)
    problems.push('the printed total of money out is not the sum of the lines read');
  if (totals.countIn !== null && totals.countIn !== countIn)
    problems.push(`the statement counts ${totals.countIn} lines of money in, ${countIn} were read`);
  if (totals.countOut !== null && totals.countOut !== countOut)
    problems.push(`the statement counts ${totals.countOut} lines of money out, ${countOut} were read`);
  return problems;
}

/** Every value one digit away from `value` (same sign, same number of digits). */
export function singleDigitVariants(value: number): number[] {
  const digits = String(Math.abs(value));
  const sign = value < 0 ? -1 : 1;
  const variants: number[] = [];
  for (let position = 0; position < digits.length; position += 1) {
    for (let digit = 0; digit <= 9; digit += 1) {
      if (String(digit) === digits[position] || (position === 0 && digit === 0 && digits.length > 1)) continue;
      variants.push(sign * Number(digits.slice(0, position) + digit + digits.slice(position + 1)));
    }
  }
  return variants;
}

/**
 * The one-digit corrections that make everything printed agree. Only what two printed facts pin
 * is tried: a running balance (pinned from both sides, by the balance before it and by the next
 * balance or the closing one: a misread one breaks both its links, which no missing line imitates), and a line's amount only when the statement prints how many lines it
 * has and that many were read (otherwise a deleted line whose amount is absorbed by its neighbour
 * reads exactly like a misread digit). Opening and closing balances are never corrected.
 */
function correctionCandidates(statement: GateStatement): Array<{ lines: GateLine[]; correction: Correction }> {
  const { lines, totals } = statement;
  const countsPrinted = totals.countIn !== null || totals.countOut !== null;
  const fields: Array<{ index: number; field: 'amount' | 'balance' }> = [];
  lines.forEach((line, index) => {
    if (line.balanceMinor !== null) fields.push({ index, field: 'balance' });
    if (countsPrinted) fields.push({ index, field: 'amount' });
  });
  const found: Array<{ lines: GateLine[]; correction: Correction }> = [];
  for (const { index, field } of fields) {
    const read = field === 'amount' ? lines[index].amountMinor : lines[index].balanceMinor!;
    for (const corrected of singleDigitVariants(read)) {
      const changed = lines.slice();
      changed[index] =
        field === 'amount' ? { ...lines[index], amountMinor: corrected } : { ...lines[index], balanceMinor: corrected };
      if (consistencyProblems(statement, changed).length === 0) {
        found.push({
          lines: changed,
          correction: { line: index + 1, field, readMinor: read, correctedMinor: corrected },
        });
        if (found.length > 1) return found;
      }
    }
  }
  return found;
}

/**
 * The gate's verdict on what a statement prints. Page markers first (a missing page is named as
 * such), then the printed balances and totals; an OCR reading whose only fault is one misread digit
 * that exactly one correction explains passes with that correction recorded. The final sum check
 * (reconciliation) is the caller's, after this.
 */
export function checkCompleteness(statement: GateStatement): GateOutcome {
  const pages = pageProblems(statement.pageMarkers);
  if (pages.length > 0) return { ok: false, message: `the document is incomplete: ${pages.join('; ')}` };
  const problems = consistencyProblems(statement);
  if (problems.length === 0) return { ok: true, lines: statement.lines, corrections: [] };
  // One misread digit breaks at most two links; more problems are more than one misread.
  if (statement.recognised && problems.length <= 2) {
    const candidates = correctionCandidates(statement);
    if (candidates.length === 1)
      return { ok: true, lines: candidates[0].lines, corrections: [candidates[0].correction] };
  }
  return { ok: false, message: `the reading cannot show it is complete: ${problems.join('; ')}` };
}

/**
 * Where the period and balances came from. Each must be stated by the document, or (balances) given
 * with the upload. A period worked out from the line dates is accepted only when the upload gives
 * both balances (the uploader vouches for what the export covers), and a balance worked out from the
 * lines only in a data file that states the period and the other balance and cannot lose lines (an
 * OFX file states its closing balance and period but never its opening one).
 */
export function provenanceProblem(
  sources: Record<'period' | 'openingBalance' | 'closingBalance', FactSource>,
  hinted: { openingBalance: boolean; closingBalance: boolean },
  wholeList: boolean,
): string | null {
  const missing: string[] = [];
  const stated = (fact: 'openingBalance' | 'closingBalance') => sources[fact] === 'stated' || hinted[fact];
  for (const fact of ['openingBalance', 'closingBalance'] as const) {
    const other = fact === 'openingBalance' ? 'closingBalance' : 'openingBalance';
    if (!stated(fact) && !(wholeList && sources.period === 'stated' && sources[other] === 'stated')) {
      missing.push(
        `its ${fact === 'openingBalance' ? 'opening' : 'closing'} balance (upload it again with the form field ${fact})`,
      );
    }
  }
  if (sources.period !== 'stated' && !(hinted.openingBalance && hinted.closingBalance)) {
    missing.push('its period (or upload it with both openingBalance and closingBalance)');
  }
  return missing.length === 0
    ? null
    : `the statement does not print ${missing.join(', nor ')}; a value worked out from the lines read cannot show that no line is missing`;
}
