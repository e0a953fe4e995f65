import { CsvError, parse } from 'csv-parse/sync';
import type { ReadOutcome, ReaderContext } from '../types.ts';
import { decodeText, looksBinary, reject } from './common.ts';
import { limitsOf, tooManyRows } from './limits.ts';
import { readStatementTable } from './table.ts';

/**
 * CSV (and TSV, semicolon- or pipe-separated) statement exports. The text encoding, the delimiter
 * and the quoting are found here; everything about the table itself (header row after a preamble,
 * columns, date order, decimal separator, sign convention, row order, balances) in ./table.ts, which
 * the xlsx reader shares.
 */
export async function readCsvStatement(bytes: Buffer, context: ReaderContext): Promise<ReadOutcome> {
  if (looksBinary(bytes)) return reject('document_unreadable', 'The CSV file is binary data, not text.');
  const text = decodeText(bytes);
  if (text.trim() === '') return reject('no_transactions', 'The CSV file is empty.');
  const delimiter = detectDelimiter(detectionSample(text));
  if (delimiter === 'unparseable')
    return reject(
      'document_unreadable',
      'The CSV file could not be read: its quoting is broken under every delimiter (an unclosed quote?).',
    );
  if (delimiter === null)
    return reject(
      'not_a_bank_statement',
      'The file is not a table: no delimiter (comma, semicolon, tab or |) separates its lines into columns.',
    );
  const { maxRows } = limitsOf(context);
  let rows: string[][];
  const compact = compactRecords();
  try {
    // Parsing stops one row past what the limit allows, so an oversized file costs no more than that.
    rows = parse(text, {
      on_record: compact,
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      max_record_size: MAX_ROW_CHARACTERS,
      to: maxRows + FRAME_ROWS + 1,
    });
  } catch (error) {
    if (error instanceof CsvError && error.code === 'CSV_MAX_RECORD_SIZE')
      return reject(
        'document_unreadable',
        `The CSV file has a row longer than ${MAX_ROW_CHARACTERS.toLocaleString('en-US')} characters, the limit per row: it is not a statement table (or its quoting is broken).`,
      );
    if (error instanceof CsvError)
      return reject('document_unreadable', `The CSV file could not be read: ${error.message}`);
    throw error;
  }
  if (rows.length > maxRows + FRAME_ROWS) return tooManyRows(maxRows);
  return readStatementTable(rows, context, 'csv', 'CSV file');
}

const DELIMITERS = [',', ';', '\t', '|'];

/** Cells this short are shared between rows: dates, amounts, codes, types (what repeats in a statement). */
const SHARED_CELL_CHARACTERS = 24;
/** Distinct short cells shared at most; past it a cell is kept as its own copy. */
const SHARED_CELLS = 50_000;

/**
 * The records a parse keeps, made small: csv-parse grows each record's array with spare room (a
 * three-cell row holds seventeen slots), and a statement repeats the same dates and amounts on
 * thousands of rows. Each record is copied to an array of its exact length, with short cells shared,
 * which makes a million-row table about a third of the parser's own (see docs/statements.md, "Limits").
 */
function compactRecords(): (record: string[]) => string[] {
  const shared = new Map<string, string>();
  return (record) =>
    record.map((cell) => {
      if (cell.length > SHARED_CELL_CHARACTERS) return cell;
      const known = shared.get(cell);
      if (known !== undefined) return known;
      if (shared.size < SHARED_CELLS) shared.set(cell, cell);
      return cell;
    });
}

/** Characters one row may hold: a statement row is a few hundred; a longer "row" is not a table. */
const MAX_ROW_CHARACTERS = 64 * 1024;
/** Rows around the transactions (preamble, header, footer) that the line limit does not count. */
const FRAME_ROWS = 100;
/** How much of the file the delimiter is chosen from: its first 200 lines, at most 64 KB of them. */
const DETECTION_LINES = 200;
const DETECTION_CHARACTERS = 64 * 1024;

/**
 * The start of the file that delimiter detection reads: whole lines where there are line breaks, so
 * the time it takes does not grow with the file (a 20 MB file of one line is judged by 64 KB of it).
 */
function detectionSample(text: string): string {
  let end = 0;
  for (let line = 0; line < DETECTION_LINES; line++) {
    const lineBreak = text.indexOf('\n', end);
    if (lineBreak < 0 && text.length <= DETECTION_CHARACTERS) return text;
    if (lineBreak < 0 || lineBreak >= DETECTION_CHARACTERS) break;
    end = lineBreak + 1;
  }
  return end > 0 ? text.slice(0, end) : text.slice(0, DETECTION_CHARACTERS);
}

/**
 * The delimiter under which the file is a table: parsed strictly (a quote in the middle of a field
 * means the delimiter is wrong — `"1 234,56"` split at its comma), the one whose most common row
 * width, weighted by that width, covers the most cells. Only if no delimiter parses strictly are the
 * quoting rules relaxed.
 */
function detectDelimiter(text: string): string | null | 'unparseable' {
  let unclosedQuote = false;
  for (const relaxQuotes of [false, true]) {
    let best: { delimiter: string; score: number } | null = null;
    for (const delimiter of DELIMITERS) {
      let rows: string[][];
      try {
        rows = parse(text, { delimiter, relax_column_count: true, relax_quotes: relaxQuotes, skip_empty_lines: true });
      } catch (error) {
        if (error instanceof CsvError && error.code === 'CSV_QUOTE_NOT_CLOSED') unclosedQuote = true;
        continue;
      }
      const counts = new Map<number, number>();
      for (const row of rows) if (row.length >= 2) counts.set(row.length, (counts.get(row.length) ?? 0) + 1);
      for (const [width, count] of counts) {
        if (!best || count * width > best.score) best = { delimiter, score: count * width };
      }
    }
    if (best) return best.delimiter;
  }
  // Lines that no delimiter splits: a broken quote swallowed them, or the file is not a table at all.
  return unclosedQuote ? 'unparseable' : null;
}
