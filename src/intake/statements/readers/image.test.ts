import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readImageStatement } from './image.ts';
import { readPdfStatement } from './pdf.ts';
import { expectedStatement, scanSource } from '../../../../test/fixtures/statements/models.ts';
import { renderStatementPdf } from '../../../../test/fixtures/statements/render-pdf.ts';
import { imageOnlyPdf, scanPdf, type ScanOptions } from '../../../../test/fixtures/statements/render-scan.ts';
import type { ReadOutcome } from '../types.ts';

// OCR takes seconds per page, so there is one scan per orientation, each a different damage.
const scans: Array<{ name: string; options: ScanOptions; asPdf: boolean }> = [
  {
    name: 'upright PNG, skewed 1.5°, speckled',
    options: { dpi: 200, quarterTurns: 0, skewDegrees: 1.5, speckle: 0.002, format: 'png', seed: 1 },
    asPdf: false,
  },
  {
    name: 'JPEG turned a quarter clockwise',
    options: { dpi: 200, quarterTurns: 1, skewDegrees: 0, speckle: 0.001, format: 'jpeg', seed: 2 },
    asPdf: false,
  },
  {
    name: 'PNG upside down, skewed -1°',
    options: { dpi: 200, quarterTurns: 2, skewDegrees: -1, speckle: 0.001, format: 'png', seed: 3 },
    asPdf: false,
  },
  {
    name: 'image-only PDF turned a quarter counter-clockwise',
    options: { dpi: 200, quarterTurns: 3, skewDegrees: 0, speckle: 0.001, format: 'png', seed: 4 },
    asPdf: true,
  },
];

function assertReadsAsSource(outcome: ReadOutcome): void {
  assert.ok(outcome.ok, outcome.ok ? '' : `${outcome.reason}: ${outcome.message}`);
  const { lines, ...facts } = outcome.statement;
  const { lines: expectedLines, ...expectedFacts } = expectedStatement(scanSource);
  assert.deepEqual(facts, expectedFacts);
  assert.equal(lines.length, expectedLines.length);
  lines.forEach((line, index) => assert.deepEqual(line, expectedLines[index], `line ${index}`));
}

const sourcePdf = renderStatementPdf(scanSource);

for (const scan of scans) {
  test(`scanned statement, ${scan.name}: OCR reads every field exactly`, async () => {
    const image = await scanPdf(await sourcePdf, scan.options);
    if (scan.asPdf) {
      const outcome = await readPdfStatement(await imageOnlyPdf(image), {
        filename: 'scan.pdf',
        mediaType: 'application/pdf',
        hints: {},
      });
      assertReadsAsSource(outcome);
      assert.equal(outcome.ok && outcome.format, 'pdf-ocr');
    } else {
      const outcome = await readImageStatement(image, {
        filename: `scan.${scan.options.format}`,
        mediaType: `image/${scan.options.format}`,
        hints: {},
      });
      assertReadsAsSource(outcome);
      assert.equal(outcome.ok && outcome.format, 'image-ocr');
    }
  });
}

test('a damaged or non-image file is document_unreadable, before any OCR', async () => {
  const png = await scanPdf(await sourcePdf, scans[0].options);
  for (const bytes of [png.subarray(0, 200), Buffer.from('not an image at all')]) {
    const outcome = await readImageStatement(bytes, { filename: 'scan.png', mediaType: 'image/png', hints: {} });
    assert.deepEqual(outcome.ok ? 'ok' : outcome.reason, 'document_unreadable');
  }
});
