/**
 * Pure read time of the structured-format statement readers (bytes in, ParsedStatement out, no
 * database): a 10,000-row CSV export and a 10,000-entry OFX file. The readers touch no database, so
 * the figures are measured once, in the SQLite run. Peak memory is the process's resident set,
 * sampled during the read and taken from the kernel's high-water mark.
 */
import assert from 'node:assert/strict';
import type { Bench } from './run.ts';
import { readCsvStatement } from '../src/intake/statements/readers/csv.ts';
import { readOfxStatement } from '../src/intake/statements/readers/ofx.ts';
import type { ReadOutcome } from '../src/intake/statements/types.ts';
import { makeStatement } from '../test/fixtures/statements/formats/model.ts';
import { renderCsv } from '../test/fixtures/statements/formats/tables.ts';
import { OFX_LAYOUTS, renderOfx } from '../test/fixtures/statements/formats/ofx.ts';

async function measure(
  read: () => Promise<ReadOutcome>,
): Promise<{ seconds: number; cpuSeconds: number; peakMb: number; outcome: ReadOutcome }> {
  let peak = process.memoryUsage.rss();
  const cpuBefore = process.cpuUsage();
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  const started = process.hrtime.bigint();
  const outcome = await read();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuBefore);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss(), process.resourceUsage().maxRSS * 1024);
  return { seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, peakMb: peak / 2 ** 20, outcome };
}

const ROWS = 10_000;

const bench: Bench = async (context) => {
  if (context.dialect !== 'sqlite') return;
  // A year of a busy account: running balances, newest first, so every detection step runs.
  const model = makeStatement(20_260_301, {
    kind: 'checking',
    currency: 'USD',
    periodStart: '2025-04-01',
    days: 365,
    lineCount: ROWS,
  });

  const csv = renderCsv(model, 'bank-export-details-indicator-balance');
  const csvContext = { filename: 'export.csv', mediaType: 'text/csv', hints: { kind: 'checking' as const } };
  const csvRead = await measure(() => readCsvStatement(csv, csvContext));
  assert.ok(
    csvRead.outcome.ok && csvRead.outcome.statement.lines.length === ROWS,
    JSON.stringify(csvRead.outcome).slice(0, 300),
  );
  context.report(
    `CSV ${ROWS.toLocaleString('en')} rows (${(csv.length / 2 ** 20).toFixed(1)} MB), read`,
    csvRead.seconds,
    's',
    '≤ 2 s',
  );
  context.report(`CSV ${ROWS.toLocaleString('en')} rows, CPU time of the read`, csvRead.cpuSeconds, 's', '≤ 2 s');
  context.report(`CSV ${ROWS.toLocaleString('en')} rows, peak RSS`, csvRead.peakMb, 'MB');

  const ofx = renderOfx(model, OFX_LAYOUTS['qfx-crlf-datetimes']);
  const ofxContext = { filename: 'statement.qfx', mediaType: 'application/x-ofx', hints: {} };
  const ofxRead = await measure(() => readOfxStatement(ofx, ofxContext));
  assert.ok(ofxRead.outcome.ok && ofxRead.outcome.statement.lines.length === ROWS);
  context.report(
    `OFX ${ROWS.toLocaleString('en')} entries (${(ofx.length / 2 ** 20).toFixed(1)} MB), read`,
    ofxRead.seconds,
    's',
    '≤ 2 s',
  );
  context.report(`OFX ${ROWS.toLocaleString('en')} entries, CPU time of the read`, ofxRead.cpuSeconds, 's', '≤ 2 s');
  context.report(`OFX ${ROWS.toLocaleString('en')} entries, peak RSS`, ofxRead.peakMb, 'MB');
};

export default bench;
