/**
 * Layouts in the wild, generated: for every layout class, documents drawn from seeds (layout, wording,
 * order, sign style and date style all vary) are read, and each must be read exactly or rejected —
 * a statement that reads but differs from what was printed must fail the reconciliation gate. Each
 * class must also read exactly in most draws: a reader that rejects everything is not a reader.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isDeepStrictEqual } from 'node:util';
import { readPdfStatement } from './pdf.ts';
import { prepareStatement } from '../prepare.ts';
import type { ReadOutcome } from '../types.ts';
import {
  expectedWild,
  renderWildPdf,
  wildDocument,
  type WildClass,
} from '../../../../test/fixtures/statements/wild-layouts.ts';

const context = { filename: 'statement.pdf', mediaType: 'application/pdf', hints: {} };
const DRAWS = 12;

/** True when the gate lets every statement through: a wrong reading that passes would be ingested. */
function passesGate(outcome: Extract<ReadOutcome, { ok: true }>): boolean {
  const statements = outcome.statements ?? [outcome.statement];
  return statements.every(
    (statement, index) => prepareStatement(statement, outcome.evidences?.[index] ?? outcome.evidence, undefined, {}).ok,
  );
}

const classes: Array<{ name: string; classes: WildClass[] }> = [
  { name: 'a checking and a savings section in one PDF', classes: ['two_accounts'] },
  { name: 'table headers on two lines', classes: ['two_line_header'] },
  {
    name: 'one amount column: CR/DR suffixes, parentheses, trailing minus, leading minus',
    classes: ['single_column_signs'],
  },
  { name: 'Balance forward / Previous balance rows opening the table', classes: ['balance_forward'] },
  { name: 'card statements: transaction and posting dates, payments as credits', classes: ['card'] },
  { name: 'any layout', classes: [] },
];

for (const layoutClass of classes) {
  test(`wild layouts, ${layoutClass.name}: read exactly or rejected, and read exactly in at least ${DRAWS - 1} of ${DRAWS} draws`, async () => {
    let exact = 0;
    for (let seed = 1; seed <= DRAWS; seed += 1) {
      const document = wildDocument(seed, layoutClass.classes);
      const outcome = await readPdfStatement(await renderWildPdf(document), context);
      if (!outcome.ok) continue;
      const read = outcome.statements ?? [outcome.statement];
      assert.deepEqual(outcome.statement, read[0], 'statement is the first of statements');
      if (isDeepStrictEqual(read, expectedWild(document))) exact += 1;
      else assert.ok(!passesGate(outcome), `seed ${seed}: a wrong reading must not pass the gate`);
    }
    assert.ok(exact >= DRAWS - 1, `${exact} of ${DRAWS} read exactly`);
  });
}

test('a two-account PDF gives one statement per section, each with its own number, kind, balances and lines', async () => {
  const document = wildDocument(3, ['two_accounts']);
  const outcome = await readPdfStatement(await renderWildPdf(document), context);
  assert.ok(outcome.ok, outcome.ok ? '' : outcome.message);
  assert.equal(outcome.statements?.length, 2);
  assert.deepEqual(
    outcome.statements!.map((statement) => statement.accountKind),
    ['checking', 'savings'],
  );
  assert.deepEqual(outcome.statements, expectedWild(document));
});

test('a card statement whose payments carry a CR suffix reads with payments as money in', async () => {
  for (let seed = 1; seed <= 40; seed += 1) {
    const document = wildDocument(seed, ['card']);
    if (document.sections[0].amounts !== 'cr_dr') continue;
    const outcome = await readPdfStatement(await renderWildPdf(document), context);
    assert.ok(outcome.ok, outcome.ok ? '' : outcome.message);
    assert.deepEqual(outcome.statement, expectedWild(document)[0]);
    const payments = outcome.statement.lines.filter((line) => line.amount.startsWith('-'));
    assert.ok(
      payments.every((line) => /PAYMENT|RETURN/.test(line.description)),
      'every money-in line is a payment or a return',
    );
    return;
  }
  assert.fail('no draw printed CR suffixes');
});
