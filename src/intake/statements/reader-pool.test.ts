import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { makeStatement } from '../../../test/fixtures/statements/formats/model.ts';
import { CAMT_LAYOUTS, renderCamt053 } from '../../../test/fixtures/statements/formats/camt053.ts';
import { MT940_LAYOUTS, renderMt940 } from '../../../test/fixtures/statements/formats/mt940.ts';
import { OFX_LAYOUTS, renderOfx } from '../../../test/fixtures/statements/formats/ofx.ts';
import { renderCsv } from '../../../test/fixtures/statements/formats/tables.ts';
import { renderXlsx } from '../../../test/fixtures/statements/formats/xlsx.ts';
import { largeFixture, scanSource } from '../../../test/fixtures/statements/models.ts';
import { renderStatementPdf } from '../../../test/fixtures/statements/render-pdf.ts';
import { scanPdf } from '../../../test/fixtures/statements/render-scan.ts';
import { createHarness, type Harness, type TestTenant } from '../../../test/support/harness.ts';
import { MEMORY_HOG_FILENAME } from '../../../test/support/memory-hog-reader.ts';
import { processStatements, upload } from '../../../test/support/statements.ts';
import { DEFAULT_READER_POOL, ReaderPool } from './reader-pool.ts';
import { readerFor, sniffFormat } from './readers/index.ts';
import type { ReadLimits, ReaderContext } from './types.ts';

let harness: Harness;
let acme: TestTenant;
let globex: TestTenant;
const pools: ReaderPool[] = [];

before(async () => {
  harness = await createHarness();
  acme = await harness.newTenant('Acme LLC');
  globex = await harness.newTenant('Globex Inc');
});
after(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
  await harness.close();
});

function poolWith(
  settings: Partial<typeof DEFAULT_READER_POOL> & { limits?: Partial<ReadLimits> },
  readModule?: URL,
): ReaderPool {
  const pool = new ReaderPool(
    { ...DEFAULT_READER_POOL, ...settings, limits: { ...DEFAULT_READER_POOL.limits, ...settings.limits } },
    readModule,
  );
  pools.push(pool);
  return pool;
}

const context = (filename: string): ReaderContext => ({ filename, mediaType: null, hints: {} });

/** A CSV export of `rows` transactions (money in is positive). */
function csvOf(rows: number): Buffer {
  const lines = ['Date,Description,Amount'];
  for (let index = 0; index < rows; index++) {
    lines.push(
      `2026-03-${String(1 + (index % 28)).padStart(2, '0')},SUPPLIER ${index % 50},${index % 3 === 0 ? '' : '-'}${(1 + (index % 900) / 100).toFixed(2)}`,
    );
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

test('every format reads the same through the pool as in this thread', async () => {
  const pool = poolWith({});
  const model = makeStatement(4100, { kind: 'checking', currency: 'USD' });
  const documents: Array<[string, Buffer]> = [
    ['export.csv', renderCsv(model, 'us-summary-running-balance')],
    ['export.xlsx', await renderXlsx(model, 'us-summary-running-balance')],
    ['statement.ofx', renderOfx(model, Object.values(OFX_LAYOUTS)[0])],
    ['statement.xml', renderCamt053(model, Object.values(CAMT_LAYOUTS)[0])],
    ['statement.sta', renderMt940(model, Object.values(MT940_LAYOUTS)[0])],
    ['statement.pdf', await renderStatementPdf(largeFixture(), { fontSize: 7 })],
    // OCR (tesseract.js starts threads of its own) inside a pool worker.
    [
      'scan.png',
      await scanPdf(await renderStatementPdf(scanSource), {
        dpi: 200,
        quarterTurns: 0,
        skewDegrees: 0,
        speckle: 0,
        format: 'png',
        seed: 5,
      }),
    ],
  ];
  for (const [filename, bytes] of documents) {
    const sniffed = sniffFormat(bytes, filename, null);
    assert.ok(sniffed.ok, filename);
    const inThread = await readerFor(sniffed.format)!(bytes, context(filename));
    const pooled = await pool.read(sniffed.format, bytes, context(filename));
    assert.ok(pooled.ok, `${filename}: ${JSON.stringify(pooled)}`);
    assert.deepEqual(pooled, inThread, filename);
  }
});

test('a CSV that overruns the time budget is rejected naming the limit, and the API answers meanwhile', async () => {
  const pool = poolWith({ timeoutMs: 1_000 });
  // 400,000 rows take several seconds to read on any machine: far past the budget.
  const response = await upload(harness, acme.key, {
    bytes: csvOf(400_000),
    filename: 'years.csv',
    contentType: 'text/csv',
  });
  assert.equal(response.statusCode, 202, response.body);
  let reading = true;
  const processed = processStatements(harness, { readerPool: pool }).finally(() => {
    reading = false;
  });
  let answeredWhileReading = 0;
  while (reading) {
    const answer = await globex.call('GET', '/v1/transactions');
    assert.equal(answer.statusCode, 200);
    if (reading) answeredWhileReading++;
    await sleep(10);
  }
  assert.equal(await processed, 1);
  const status = (await acme.call('GET', `/v1/bank-statements/${response.json().data.documentId}`)).json().data;
  assert.equal(status.status, 'rejected');
  assert.equal(status.rejection.reason, 'document_unreadable');
  assert.match(status.rejection.message, /longer than the 1 s limit/);
  assert.ok(
    answeredWhileReading >= 3,
    `the API answered ${answeredWhileReading} requests while the statement was read`,
  );

  // The stopped worker is replaced: the next document reads normally.
  const small = await pool.read('csv', csvOf(20), context('small.csv'));
  assert.ok(small.ok && small.statement.lines.length === 20, JSON.stringify(small));
});

test('bytes handed over move to the worker without a copy; bytes lent stay intact', async () => {
  const pool = poolWith({});
  const lent = Buffer.from(new Uint8Array(csvOf(20)).buffer);
  const lentRead = await pool.read('csv', lent, context('lent.csv'));
  assert.ok(lentRead.ok && lentRead.statement.lines.length === 20, JSON.stringify(lentRead));
  assert.ok(lent.equals(csvOf(20)), 'without transfer the caller keeps its bytes');

  const given = Buffer.from(new Uint8Array(csvOf(20)).buffer);
  const givenRead = await pool.read('csv', given, context('given.csv'), { transfer: true });
  assert.ok(givenRead.ok && givenRead.statement.lines.length === 20, JSON.stringify(givenRead));
  assert.equal(given.buffer.byteLength, 0, 'the buffer was moved (detached), not copied');

  // A view into a larger buffer (a pooled Buffer) is copied even when handed over: the rest is not the pool's.
  const pooled = Buffer.concat([Buffer.from('x'), csvOf(20)]).subarray(1);
  const pooledRead = await pool.read('csv', pooled, context('pooled.csv'), { transfer: true });
  assert.ok(pooledRead.ok && pooledRead.statement.lines.length === 20, JSON.stringify(pooledRead));
  assert.ok(pooled.equals(csvOf(20)));
});

test('a reader that outgrows the heap ceiling is stopped, the document rejected naming the limit, and the pool reads on', async () => {
  const pool = poolWith({ memoryMb: 96 }, new URL('../../../test/support/memory-hog-reader.ts', import.meta.url));
  const hog = await pool.read('csv', csvOf(20), context(MEMORY_HOG_FILENAME));
  assert.deepEqual(hog, {
    ok: false,
    reason: 'document_unreadable',
    message: 'Reading the document needed more than the 96 MB memory limit; it was stopped.',
  });
  const next = await pool.read('csv', csvOf(20), context('next.csv'));
  assert.ok(next.ok && next.statement.lines.length === 20, JSON.stringify(next));
});

test('limits on lines per statement, cells per sheet and pages per PDF reject with the limit named', async () => {
  const pool = poolWith({ limits: { maxRows: 50, maxSheetCells: 120, maxPdfPages: 5 } });
  assert.ok((await pool.read('csv', csvOf(50), context('fifty.csv'))).ok, 'a statement at the limit is read');
  assert.deepEqual(await pool.read('csv', csvOf(51), context('many.csv')), {
    ok: false,
    reason: 'document_unreadable',
    message: 'The statement has more than 50 lines, the limit per statement; split it into shorter periods.',
  });
  // A CSV far over the limit: parsing stops a little past it.
  assert.match(JSON.stringify(await pool.read('csv', csvOf(100_000), context('huge.csv'))), /more than 50 lines/);
  // Every format is held to the line limit (here CAMT.053).
  const long = makeStatement(4200, { kind: 'checking', currency: 'EUR', lineCount: 51 });
  assert.match(
    JSON.stringify(
      await pool.read('camt053', renderCamt053(long, Object.values(CAMT_LAYOUTS)[0]), context('long.xml')),
    ),
    /more than 50 lines/,
  );

  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Cover').addRow(['Account statement']);
  const sheet = workbook.addWorksheet('Transactions');
  sheet.addRow(['Date', 'Description', 'Amount']);
  for (let index = 0; index < 40; index++)
    sheet.addRow([`2026-03-${String(1 + (index % 28)).padStart(2, '0')}`, `SUPPLIER ${index}`, -(index + 1)]);
  const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
  assert.deepEqual(await pool.read('xlsx', xlsx, context('wide.xlsx')), {
    ok: false,
    reason: 'document_unreadable',
    message:
      'Worksheet 2 of the workbook has more than 120 cells, the limit per sheet; export the transactions alone, or as CSV.',
  });

  const pdf = await renderStatementPdf(largeFixture(), { fontSize: 7 });
  assert.deepEqual(await pool.read('pdf', pdf, context('year.pdf')), {
    ok: false,
    reason: 'document_unreadable',
    message: 'The PDF has 20 pages, more than the limit of 5 per document; upload it in parts.',
  });
});

test('a 20 MB CSV of one line is judged by its first 64 KB and rejected at its first long row', async () => {
  // Before, detection alone parsed the whole line under four delimiters (about 75 s): a read that
  // slow would end in the budget's message instead of this one.
  const pool = poolWith({ timeoutMs: 30_000 });
  const oneLine = Buffer.from('abcdefghi,'.repeat(2 * 1024 * 1024));
  assert.deepEqual(await pool.read('csv', oneLine, context('one-line.csv')), {
    ok: false,
    reason: 'document_unreadable',
    message:
      'The CSV file has a row longer than 65,536 characters, the limit per row: it is not a statement table (or its quoting is broken).',
  });
});
