/**
 * Facts a statement prints for checking what was read, found in its lines of text (PDF text layer
 * or OCR): "Page n of m" markers, summary totals and counts of money in and out, and balances
 * brought or carried forward at page breaks. The layout interpretation calls these after reading
 * the table; the completeness gate (../gate.ts) checks the lines against them.
 */
import type { PageMarker, PrintedTotals } from '../types.ts';

export interface TextLine {
  /** 0-based page the line is on. */
  page: number;
  text: string;
}

const PAGE_MARKER = /\b(?:page|seite|p\.)\s*(\d{1,3})\s*(?:of|von|\/|de|sur)\s*(\d{1,3})\b/i;

/** Each page's "Page n of m" (the first on the page), with the page's 1-based position in the document. */
export function pageMarkers(lines: readonly TextLine[]): PageMarker[] {
  const markers = new Map<number, PageMarker>();
  for (const line of lines) {
    if (markers.has(line.page)) continue;
    const match = PAGE_MARKER.exec(line.text);
    if (match) markers.set(line.page, { page: line.page + 1, number: Number(match[1]), of: Number(match[2]) });
  }
  return [...markers.values()].sort((a, b) => a.page - b.page);
}

/** A balance brought or carried forward across a page break (UK and many European statements). */
export const FORWARD_LABEL =
  /\b(brought|carried)\s+forward\b|\bb\/fwd\b|\bc\/fwd\b|\b[üu]bertrag\b|\breport\s+(?:à|a)\s+(?:nouveau|reporter)\b/i;

const TOTAL_IN =
  /\btotal\s+(?:of\s+)?(?:deposits?|credits?|money\s+in|paid\s+in|payments?(?:\s+and\s+(?:other\s+)?credits)?)\b|\b(?:deposits|credits)\s+and\s+other\s+(?:credits|additions)\b/i;
const TOTAL_OUT =
  /\btotal\s+(?:of\s+)?(?:withdrawals?|debits?|money\s+out|paid\s+out|charges|purchases(?:\s+and\s+(?:other\s+)?(?:charges|debits))?)\b|\bwithdrawals\s+and\s+other\s+(?:debits|subtractions)\b/i;
const COUNT = /\((\d{1,5})\)|\b(\d{1,5})\s+(?:items?|transactions?|entries)\b|\bcount:?\s*(\d{1,5})\b/i;
const COUNT_IN = /\bnumber\s+of\s+(?:deposits|credits)\s*:?\s*(\d{1,5})\b/i;
const COUNT_OUT = /\bnumber\s+of\s+(?:withdrawals|debits)\s*:?\s*(\d{1,5})\b/i;

/**
 * Summary totals: "Total deposits (12)  4,210.00", "Withdrawals and other debits 3 items 980.15",
 * "Number of deposits: 12". `readAmount` reads the last amount of a text (the caller's separator
 * and decimals). Only the first of each is taken: a summary prints each total once.
 */
export function printedTotals(lines: readonly TextLine[], readAmount: (text: string) => string | null): PrintedTotals {
  const totals: PrintedTotals = { moneyIn: null, moneyOut: null, countIn: null, countOut: null };
  for (const line of lines) {
    for (const [direction, label] of [
      ['In', TOTAL_IN],
      ['Out', TOTAL_OUT],
    ] as const) {
      const match = label.exec(line.text);
      if (!match) continue;
      // The text after the label up to the other label, if the line prints both.
      let after = line.text.slice(match.index + match[0].length);
      const other = (direction === 'In' ? TOTAL_OUT : TOTAL_IN).exec(after);
      if (other) after = after.slice(0, other.index);
      const count = COUNT.exec(after);
      const countValue = count ? Number(count[1] ?? count[2] ?? count[3]) : null;
      const amountText = count ? after.slice(0, count.index) + after.slice(count.index + count[0].length) : after;
      const amount = readAmount(amountText);
      const moneyKey = direction === 'In' ? 'moneyIn' : 'moneyOut';
      const countKey = direction === 'In' ? 'countIn' : 'countOut';
      if (amount !== null && totals[moneyKey] === null) totals[moneyKey] = amount.replace(/^-/, '');
      if (countValue !== null && totals[countKey] === null) totals[countKey] = countValue;
    }
    const countIn = COUNT_IN.exec(line.text);
    if (countIn && totals.countIn === null) totals.countIn = Number(countIn[1]);
    const countOut = COUNT_OUT.exec(line.text);
    if (countOut && totals.countOut === null) totals.countOut = Number(countOut[1]);
  }
  return totals;
}
