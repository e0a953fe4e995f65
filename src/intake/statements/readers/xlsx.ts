import ExcelJS from 'exceljs';
import type { ReadOutcome, ReaderContext } from '../types.ts';
import { reject } from './common.ts';
import { type TableCell, readStatementTable } from './table.ts';

/**
 * Excel (.xlsx) statement exports: the first worksheet that holds a table is read with the same
 * detection as CSV (./table.ts). Real date cells arrive as dates; numeric cells keep the number the
 * sheet holds, with the decimals its number format displays, so that ./table.ts rounds away binary
 * floating-point noise (1234.5600000000002 shown as "1,234.56") on the digits, never by arithmetic.
 */
export async function readXlsxStatement(bytes: Buffer, context: ReaderContext): Promise<ReadOutcome> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs declares its own Buffer type (an ArrayBuffer); hand it exactly the bytes of this file.
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ExcelJS.Buffer);
  } catch (error) {
    // exceljs (through its zip reader) throws on anything that is not a readable xlsx package:
    // damaged zips, password-protected (encrypted) workbooks, other files.
    return reject('document_unreadable', `The spreadsheet could not be opened: ${error instanceof Error ? error.message : String(error)}. Encrypted workbooks must be saved without a password.`);
  }
  const sheets = workbook.worksheets.map(sheetRows).filter((rows) => rows.filter((row) => row.some((cell) => cell !== '')).length >= 2);
  if (sheets.length === 0) return reject('no_transactions', 'The spreadsheet has no worksheet with a table in it.');
  let firstOutcome: ReadOutcome | null = null;
  for (const rows of sheets) {
    const outcome = readStatementTable(rows, context, 'xlsx', 'spreadsheet');
    // A cover sheet (a title, an address) comes before the sheet with the transactions.
    if (outcome.ok || outcome.reason !== 'not_a_bank_statement') return outcome;
    firstOutcome ??= outcome;
  }
  return firstOutcome!;
}

function sheetRows(sheet: ExcelJS.Worksheet): TableCell[][] {
  const rows: TableCell[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: TableCell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, columnNumber) => {
      cells[columnNumber - 1] = tableCell(cell);
    });
    rows[rowNumber - 1] = Array.from(cells, (cell) => cell ?? '');
  });
  return Array.from(rows, (row) => row ?? []);
}

function tableCell(cell: ExcelJS.Cell): TableCell {
  let value: ExcelJS.CellValue = cell.value;
  // A formula cell counts as the result the workbook saved with it.
  if (value !== null && typeof value === 'object' && !(value instanceof Date) && 'result' in value) value = (value.result ?? null) as ExcelJS.CellValue;
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    // exceljs reads Excel's serial day numbers as UTC instants; the calendar date is the UTC one.
    return Number.isNaN(value.getTime()) ? '' : { date: value.toISOString().slice(0, 10) };
  }
  if (typeof value === 'number') return { number: value, displayedDecimals: displayedDecimals(cell.numFmt), currencyText: currencyInFormat(cell.numFmt) };
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
