import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readPdfStatement } from './pdf.ts';
import {
  expectedStatement,
  largeFixture,
  noLinesFixture,
  textFixtures,
} from '../../../../test/fixtures/statements/models.ts';
import {
  renderInvoicePdf,
  renderLetterPdf,
  renderStatementPdf,
} from '../../../../test/fixtures/statements/render-pdf.ts';

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

test('a tampered copy (one amount changed) is read as printed, so the reconciliation gate sees it', async () => {
  const fixture = textFixtures[0];
  const outcome = await readPdfStatement(
    await renderStatementPdf(fixture, { tamper: { lineIndex: 3, amount: '999.99' } }),
    context,
  );
  assert.ok(outcome.ok);
  assert.equal(outcome.statement.lines[3].amount, '999.99');
  const { openingBalance, closingBalance, lines } = outcome.statement;
  const cents = (value: string) => BigInt(value.replace('.', ''));
  const computed = cents(openingBalance!) - lines.reduce((sum, line) => sum + cents(line.amount), 0n);
  assert.notEqual(computed, cents(closingBalance!));
  assert.deepEqual(
    lines.filter((_, index) => index !== 3),
    expectedStatement(fixture).lines.filter((_, index) => index !== 3),
  );
});

test('a statement with no lines is no_transactions', async () => {
  const outcome = await readPdfStatement(await renderStatementPdf(noLinesFixture), context);
  assert.deepEqual(outcome.ok ? 'ok' : outcome.reason, 'no_transactions');
});

test('an invoice and a bank letter are not_a_bank_statement', async () => {
  for (const pdf of [await renderInvoicePdf(), await renderLetterPdf()]) {
    const outcome = await readPdfStatement(pdf, context);
    assert.deepEqual(outcome.ok ? 'ok' : outcome.reason, 'not_a_bank_statement');
  }
});

test('an encrypted, a truncated and a non-PDF file are document_unreadable, with a message saying which', async () => {
  const encrypted = await readPdfStatement(
    await renderStatementPdf(textFixtures[1], { userPassword: 'secret' }),
    context,
  );
  assert.ok(!encrypted.ok);
  assert.equal(encrypted.reason, 'document_unreadable');
  assert.match(encrypted.message, /password/);
  const whole = await renderStatementPdf(textFixtures[1]);
  for (const bytes of [
    whole.subarray(0, 400),
    Buffer.from('%PDF-1.7\n this is not really a PDF'),
    Buffer.from('PK\u0003\u0004 a zip file'),
  ]) {
    const outcome = await readPdfStatement(bytes, context);
    assert.deepEqual(outcome.ok ? 'ok' : outcome.reason, 'document_unreadable');
  }
});

test('a plain $ is USD unless the hint names another dollar currency; a hint fills a kind the page does not state', async () => {
  const pdf = await renderStatementPdf(textFixtures[0]);
  const canadian = await readPdfStatement(pdf, { ...context, hints: { currency: 'CAD' } });
  assert.equal(canadian.ok && canadian.statement.currency, 'CAD');
  const euro = await readPdfStatement(await renderStatementPdf(textFixtures[3]), {
    ...context,
    hints: { currency: 'USD', kind: 'savings' },
  });
  assert.equal(euro.ok && euro.statement.currency, 'EUR', 'the page says EUR; the hint does not override it');
  assert.equal(euro.ok && euro.statement.accountKind, 'checking', 'the page says current account');
});

test('20 pages, 1,000 lines: every line read, in order, exactly', async () => {
  const fixture = largeFixture();
  const pdf = await renderStatementPdf(fixture, { fontSize: 7 });
  assert.equal(pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length, 20);
  const outcome = await readPdfStatement(pdf, context);
  assert.ok(outcome.ok, outcome.ok ? '' : outcome.message);
  assert.deepEqual(outcome.statement, expectedStatement(fixture));
});
