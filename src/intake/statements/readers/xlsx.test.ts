import assert from 'node:assert/strict';
import { test } from 'node:test';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import JSZip from 'jszip';
import { readXlsxStatement } from './xlsx.ts';
import type { ReadOutcome, ReaderContext } from '../types.ts';
import { makeStatement } from '../../../../test/fixtures/statements/formats/model.ts';
import { TABLE_LAYOUTS } from '../../../../test/fixtures/statements/formats/tables.ts';
import { renderXlsx } from '../../../../test/fixtures/statements/formats/xlsx.ts';

const context: ReaderContext = {
  filename: 'export.xlsx',
  mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  hints: {},
};

function statementOf(outcome: ReadOutcome) {
  assert.ok(outcome.ok, `expected a statement, got ${JSON.stringify(outcome)}`);
  return outcome.statement;
}

test('xlsx: every table layout with real date and number cells, read field by field', async () => {
  let seed = 2100;
  for (const [name, layout] of Object.entries(TABLE_LAYOUTS)) {
    for (const kind of layout.kinds) {
      const currency = layout.currencies[seed % layout.currencies.length];
      const model = makeStatement(seed++, { kind, currency });
      const outcome = await readXlsxStatement(await renderXlsx(model, name), {
        ...context,
        hints: layout.needsKindHint ? { kind } : {},
      });
      assert.deepEqual(statementOf(outcome), layout.expected(model), `${name} ${kind} ${currency}`);
      assert.equal(outcome.ok && outcome.format, 'xlsx');
    }
  }
});

test('xlsx: text-only cells, floating-point noise in amounts and a cover sheet change nothing', async () => {
  let seed = 2300;
  for (const name of [
    'german-semicolon-preamble',
    'uk-tab-money-in-out',
    'pipe-indicator-column-footer-balance',
    'us-summary-running-balance',
  ]) {
    const layout = TABLE_LAYOUTS[name];
    for (const options of [{ textOnly: true }, { floatNoise: true }, { coverSheet: true, floatNoise: true }]) {
      const kind = layout.kinds[seed % layout.kinds.length];
      const model = makeStatement(seed++, { kind, currency: layout.currencies[0] });
      const outcome = await readXlsxStatement(await renderXlsx(model, name, options), {
        ...context,
        hints: layout.needsKindHint ? { kind } : {},
      });
      assert.deepEqual(statementOf(outcome), layout.expected(model), `${name} ${JSON.stringify(options)}`);
    }
  }
});

test('xlsx: numbers are rounded on their digits to the displayed decimals, never past the currency minor unit', async () => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  sheet.addRow(['Currency', 'EUR']);
  sheet.addRow(['Date', 'Description', 'Amount']);
  const rows: Array<[number, string]> = [
    [0.1 + 0.2, '0.00'],
    [-1234.5650000000001, '#,##0.00'],
    [12.3456, '0.0000'],
    [-7, '0'],
    [2.675, 'General'],
  ];
  rows.forEach(([value, format], index) => {
    const row = sheet.addRow([new Date(Date.UTC(2026, 2, index + 1)), `row ${index}`, value]);
    row.getCell(3).numFmt = format;
  });
  const read = statementOf(
    await readXlsxStatement(Buffer.from(await workbook.xlsx.writeBuffer()), {
      ...context,
      hints: { kind: 'checking' },
    }),
  );
  // Signed amounts of a bank export: negative is money out.
  assert.deepEqual(
    read.lines.map((line) => line.amount),
    ['-0.30', '1234.57', '-12.3456', '7.00', '-2.68'],
  );
  assert.equal(read.currency, 'EUR');
  assert.deepEqual(
    read.lines.map((line) => line.date),
    ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'],
  );
});

test('xlsx: damaged, foreign and empty workbooks are rejected with the right reason', async () => {
  const model = makeStatement(7, { kind: 'checking', currency: 'EUR' });
  const good = await renderXlsx(model, 'german-semicolon-preamble');
  const contacts = new ExcelJS.Workbook();
  const sheet = contacts.addWorksheet('Contacts');
  sheet.addRows([
    ['Name', 'Email', 'Phone'],
    ['Ada Lovelace', 'ada@example.com', '555-0100'],
    ['Alan Turing', 'alan@example.com', '555-0199'],
  ]);
  const empty = new ExcelJS.Workbook();
  empty.addWorksheet('Sheet1');
  const cases: Array<[string, Buffer, string]> = [
    ['cut short', good.subarray(0, Math.floor(good.length / 2)), 'document_unreadable'],
    ['not a zip at all', Buffer.from('this is a text file, not a workbook'), 'document_unreadable'],
    ['a contact list', Buffer.from(await contacts.xlsx.writeBuffer()), 'not_a_bank_statement'],
    ['an empty workbook', Buffer.from(await empty.xlsx.writeBuffer()), 'no_transactions'],
  ];
  for (const [name, bytes, reason] of cases) {
    const outcome = await readXlsxStatement(bytes, context);
    assert.equal(!outcome.ok && outcome.reason, reason, `${name}: ${JSON.stringify(outcome).slice(0, 300)}`);
  }
});

/** The same package with its entries stored in another order (zip and OPC leave the order free). */
async function repacked(bytes: Buffer, order: (names: string[]) => string[]): Promise<Buffer> {
  const source = await JSZip.loadAsync(bytes);
  const names = Object.keys(source.files).filter((name) => !source.files[name].dir);
  const target = new JSZip();
  for (const name of order(names)) target.file(name, await source.files[name].async('uint8array'));
  return target.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

test('xlsx: the order a producer stores the package entries in changes nothing (workbook.xml after the sheets, shared strings first, any shuffle)', async () => {
  const layoutNames = Object.keys(TABLE_LAYOUTS);
  await fc.assert(
    fc.asyncProperty(
      fc.nat({ max: layoutNames.length - 1 }),
      fc.integer({ min: 1, max: 10_000 }),
      fc.boolean(),
      fc.func(fc.integer()),
      async (layoutIndex, seed, coverSheet, rank) => {
        const name = layoutNames[layoutIndex];
        const layout = TABLE_LAYOUTS[name];
        const kind = layout.kinds[seed % layout.kinds.length];
        const model = makeStatement(seed, { kind, currency: layout.currencies[seed % layout.currencies.length] });
        const bytes = await renderXlsx(model, name, { coverSheet });
        // Shared strings and rels first, the workbook last: the order that broke a one-pass reader.
        const stringsFirst = await repacked(bytes, (names) =>
          [...names].sort((a, b) => weight(a) - weight(b) || a.localeCompare(b)),
        );
        const shuffled = await repacked(bytes, (names) =>
          [...names].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)),
        );
        for (const variant of [stringsFirst, shuffled]) {
          const outcome = await readXlsxStatement(variant, {
            ...context,
            hints: layout.needsKindHint ? { kind } : {},
          });
          assert.deepEqual(statementOf(outcome), layout.expected(model), name);
        }
      },
    ),
    { numRuns: 25 },
  );
});

function weight(entryName: string): number {
  if (entryName.endsWith('.rels')) return 0;
  if (entryName === 'xl/sharedStrings.xml' || entryName === 'xl/styles.xml') return 1;
  if (entryName === 'xl/workbook.xml') return 3;
  return 2;
}
