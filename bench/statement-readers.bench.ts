/**
 * Pure read time of the PDF and OCR statement readers (bytes in, ParsedStatement out, no database):
 * a 20-page, 1,000-line text PDF and one scanned page. The readers touch no database, so the figures
 * are measured once, in the SQLite run. Peak memory is the process's resident set, sampled during the
 * read and taken from the kernel's high-water mark.
 */
import assert from 'node:assert/strict';
import type { Bench } from './run.ts';
import { readPdfStatement } from '../src/intake/statements/readers/pdf.ts';
import { readImageStatement } from '../src/intake/statements/readers/image.ts';
import { largeFixture, scanSource } from '../test/fixtures/statements/models.ts';
import { renderStatementPdf } from '../test/fixtures/statements/render-pdf.ts';
import { scanPdf } from '../test/fixtures/statements/render-scan.ts';
import type { ReadOutcome } from '../src/intake/statements/types.ts';

/** Wall time, and CPU time of every thread of the process (OCR and PDF parsing run in worker threads): on a shared, loaded machine the CPU figure is the one that says what the read costs. */
async function measure(
  read: () => Promise<ReadOutcome>,
): Promise<{ seconds: number; cpuSeconds: number; peakMb: number; outcome: ReadOutcome }> {
  const cpuBefore = process.cpuUsage();
  let peak = process.memoryUsage.rss();
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

const bench: Bench = async (context) => {
  if (context.dialect !== 'sqlite') return;
  const pdfContext = { filename: 'statement.pdf', mediaType: 'application/pdf', hints: {} };

  const large = await renderStatementPdf(largeFixture(), { fontSize: 7 });
  // The first PDF pays for loading pdfjs-dist once per process; measured apart from the steady state.
  const cold = await measure(() => readPdfStatement(large, pdfContext));
  assert.ok(cold.outcome.ok && cold.outcome.statement.lines.length === 1000);
  context.report('text PDF 20 pages 1,000 lines, first read (cold)', cold.seconds, 's', '≤ 3 s');
  const warm = await measure(() => readPdfStatement(large, pdfContext));
  assert.ok(warm.outcome.ok && warm.outcome.statement.lines.length === 1000);
  context.report('text PDF 20 pages 1,000 lines, warm read', warm.seconds, 's', '≤ 3 s');
  context.report('text PDF 20 pages 1,000 lines, warm read CPU', warm.cpuSeconds, 's');
  context.report('text PDF 20 pages 1,000 lines, peak RSS', warm.peakMb, 'MB');

  const scan = await scanPdf(await renderStatementPdf(scanSource), {
    dpi: 200,
    quarterTurns: 0,
    skewDegrees: 1,
    speckle: 0.001,
    format: 'png',
    seed: 9,
  });
  const ocr = await measure(() =>
    readImageStatement(scan, { filename: 'scan.png', mediaType: 'image/png', hints: {} }),
  );
  assert.ok(ocr.outcome.ok && ocr.outcome.statement.lines.length === scanSource.model.lines.length);
  context.report('scanned page (PNG, 200 dpi) OCR read, upright', ocr.seconds, 's', '≤ 15 s');
  context.report('scanned page OCR read, upright, CPU', ocr.cpuSeconds, 's');
  context.report('scanned page OCR read, peak RSS', ocr.peakMb, 'MB');
  const flipped = await scanPdf(await renderStatementPdf(scanSource), {
    dpi: 200,
    quarterTurns: 2,
    skewDegrees: 0,
    speckle: 0.001,
    format: 'png',
    seed: 9,
  });
  const upsideDown = await measure(() =>
    readImageStatement(flipped, { filename: 'scan.png', mediaType: 'image/png', hints: {} }),
  );
  assert.ok(upsideDown.outcome.ok);
  context.report('scanned page OCR read, upside down (two passes)', upsideDown.seconds, 's', '≤ 15 s');
  context.report('scanned page OCR read, upside down, CPU', upsideDown.cpuSeconds, 's');
};

export default bench;
