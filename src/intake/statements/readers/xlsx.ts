import ExcelJS from 'exceljs';
import type { ReadOutcome, ReaderContext } from '../types.ts';
import { reject } from './common.ts';
import { limitsOf, tooManyCells } from './limits.ts';
import { type TableCell, readStatementTable } from './table.ts';

/**
 * Excel (.xlsx) statement exports: the first worksheet that holds a table is read with the same
 * detection as CSV (./table.ts). Real date cells arrive as dates; numeric cells keep the number the
 * sheet holds, with the decimals its number format displays, so that ./table.ts rounds away binary
 * floating-point noise (1234.5600000000002 shown as "1,234.56") on the digits, never by arithmetic.
 *
 * The workbook is loaded whole from its zip directory, not through exceljs's streaming reader: that
 * reader reads the zip in one pass and, under load, can lose the last entry (xl/workbook.xml, which
 * Excel and exceljs store last), then fails or drops sheets (exceljs issue #3064). Memory stays
 * bounded by the reader pool's per-worker limit; the cell limit below bounds what is read.
 */
export async function readXlsxStatement(bytes: Buffer, context: ReaderContext): Promise<ReadOutcome> {
  const { maxSheetCells } = limitsOf(context);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (error) {
    // exceljs (through its zip reader) throws on anything that is not a readable xlsx package:
    // damaged zips, password-protected (encrypted) workbooks, other files.
    return reject(
      'document_unreadable',
      `The spreadsheet could not be opened: ${error instanceof Error ? error.message : String(error)}. Encrypted workbooks must be saved without a password.`,
    );
  }
  let firstOutcome: ReadOutcome | null = null;
  for (const [index, sheet] of workbook.worksheets.entries()) {
    const rows = sheetRows(sheet, maxSheetCells);
    if (rows === 'too_many_cells') return tooManyCells(index + 1, maxSheetCells);
    if (rows.filter((row) => row.some((cell) => cell !== '')).length < 2) continue;
    const outcome = readStatementTable(rows, context, 'xlsx', 'spreadsheet');
    // A cover sheet (a title, an address) comes before the sheet with the transactions.
    if (outcome.ok || outcome.reason !== 'not_a_bank_statement') return outcome;
    firstOutcome ??= outcome;
  }
  return firstOutcome ?? reject('no_transactions', 'The spreadsheet has no worksheet with a table in it.');
}

/**
 * A sheet's rows as cells, or 'too_many_cells' once they pass the limit: each row counts up to its
 * last filled cell, an empty row (between filled ones) as one.
 */
function sheetRows(sheet: ExcelJS.Worksheet, maxCells: number): TableCell[][] | 'too_many_cells' {
  const rows: TableCell[][] = [];
  let cellCount = 0;
  let overLimit = false;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (overLimit) return;
    const cells: TableCell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, columnNumber) => {
      cells[columnNumber - 1] = tableCell(cell);
    });
    cellCount += Math.max(0, rowNumber - 1 - rows.length) + Math.max(1, cells.length);
    if (cellCount > maxCells) {
      overLimit = true;
      return;
    }
    rows[rowNumber - 1] = Array.from(cells, (cell) => cell ?? '');
  });
  if (overLimit) return 'too_many_cells';
  return Array.from(rows, (row) => row ?? []);
}

function tableCell(cell: ExcelJS.Cell): TableCell {
  let value: ExcelJS.CellValue = cell.value;
  // A formula cell counts as the result the workbook saved with it.
  if (value !== null && typeof value === 'object' && !(value instanceof Date) && 'result' in value)
    value = (value.result ?? null) as ExcelJS.CellValue;
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    // exceljs reads Excel's serial day numbers as UTC instants; the calendar date is the UTC one.
    return Number.isNaN(value.getTime()) ? '' : { date: value.toISOString().slice(0, 10) };
  }
  if (typeof value === 'number')
    return {
      number: value,
      displayedDecimals: displayedDecimals(cell.numFmt),
      currencyText: currencyInFormat(cell.numFmt),
    };
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('error' in value) return '';
  return String(cell.text ?? '');
}

/** Decimals a number format shows ("#,##0.00;[Red]-#,##0.00" → 2); null for General. */
function displayedDecimals(format: string | undefined): number | null {
  if (!format || /^general$/i.test(format)) return null;
  const positive = format.split(';')[0].replace(/"[^"]*"|\[[^\]]*\]/g, '');
  const fraction = /\.([0#?]+)/.exec(positive);
  return fraction ? fraction[1].length : 0;
}

/** The currency a number format prints ("£", "€", "[$USD]", "\"CHF\" #,##0.00"), as text for detection. */
function currencyInFormat(format: string | undefined): string | null {
  if (!format) return null;
  const bracketed = /\[\$([^\]-]*)/.exec(format)?.[1];
  if (bracketed) return bracketed;
  const quoted = /"([^"]+)"/.exec(format)?.[1]?.trim();
  if (quoted && /^([A-Z]{3}|[$€£¥]|US\$|C\$|A\$)$/.test(quoted)) return quoted;
  const symbol = /[€£¥]/.exec(format)?.[0];
  if (symbol) return symbol;
  return /(^|[^\\])\$/.test(format) ? '$' : null;
}
