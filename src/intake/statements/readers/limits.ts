import type { ReadLimits, ReadOutcome, ReaderContext } from '../types.ts';
import { reject } from './common.ts';

/**
 * A million lines is what the 20 MB upload limit can hold at its densest (a date, a short name and an
 * amount per line); two million cells hold such a statement as a sheet with a balance column; 500
 * pages is twenty years of monthly statements.
 */
export const DEFAULT_READ_LIMITS: ReadLimits = { maxRows: 1_000_000, maxSheetCells: 2_000_000, maxPdfPages: 500 };

export function limitsOf(context: ReaderContext): ReadLimits {
  return context.limits ?? DEFAULT_READ_LIMITS;
}

const count = (value: number) => value.toLocaleString('en-US');

export function tooManyRows(maxRows: number): ReadOutcome {
  return reject(
    'document_unreadable',
    `The statement has more than ${count(maxRows)} lines, the limit per statement; split it into shorter periods.`,
  );
}

export function tooManyCells(sheetNumber: number, maxSheetCells: number): ReadOutcome {
  return reject(
    'document_unreadable',
    `Worksheet ${sheetNumber} of the workbook has more than ${count(maxSheetCells)} cells, the limit per sheet; export the transactions alone, or as CSV.`,
  );
}

export function tooManyPages(pages: number, maxPdfPages: number): ReadOutcome {
  return reject(
    'document_unreadable',
    `The PDF has ${count(pages)} pages, more than the limit of ${count(maxPdfPages)} per document; upload it in parts.`,
  );
}

/** Every format's statement is held to the line limit, whatever its reader checked while reading. */
export function withinLineLimit(outcome: ReadOutcome, limits: ReadLimits): ReadOutcome {
  return outcome.ok && outcome.statement.lines.length > limits.maxRows ? tooManyRows(limits.maxRows) : outcome;
}
