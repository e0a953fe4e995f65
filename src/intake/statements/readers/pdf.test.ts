import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readPdfStatement } from './pdf.ts';
import { expectedStatement, textFixtures } from '../../../../test/fixtures/statements/models.ts';
import { renderStatementPdf } from '../../../../test/fixtures/statements/render-pdf.ts';

const context = { filename: 'statement.pdf', mediaType: 'application/pdf', hints: {} };

for (const fixture of textFixtures) {
  test(`text PDF ${fixture.name}: every field read exactly`, async () => {
    const outcome = await readPdfStatement(await renderStatementPdf(fixture), context);
    assert.ok(outcome.ok, outcome.ok ? '' : `${outcome.reason}: ${outcome.message}`);
    const expected = expectedStatement(fixture);
    const { lines, ...facts } = outcome.statement;
    const { lines: expectedLines, ...expectedFacts } = expected;
    assert.deepEqual(facts, expectedFacts);
    assert.equal(lines.length, expectedLines.length);
    lines.forEach((line, index) => assert.deepEqual(line, expectedLines[index], `line ${index}`));
    assert.equal(outcome.format, 'pdf');
  });
}
