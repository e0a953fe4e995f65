import { CsvError, parse } from 'csv-parse/sync';
import type { ReadOutcome, ReaderContext } from '../types.ts';
import { decodeText, looksBinary, reject } from './common.ts';
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
  const delimiter = detectDelimiter(text);
  if (delimiter === 'unparseable') return reject('document_unreadable', 'The CSV file could not be read: its quoting is broken under every delimiter (an unclosed quote?).');
  if (delimiter === null) return reject('not_a_bank_statement', 'The file is not a table: no delimiter (comma, semicolon, tab or |) separates its lines into columns.');
  let rows: string[][];
  try {
    rows = parse(text, { delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true });
  } catch (error) {
    if (error instanceof CsvError) return reject('document_unreadable', `The CSV file could not be read: ${error.message}`);
    throw error;
  }
  return readStatementTable(rows, context, 'csv', 'CSV file');
}

const DELIMITERS = [',', ';', '\t', '|'];

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
        rows = parse(text, { delimiter, relax_column_count: true, relax_quotes: relaxQuotes, skip_empty_lines: true, to_line: 200 });
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
