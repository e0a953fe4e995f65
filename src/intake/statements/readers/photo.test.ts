/**
 * Phone photos of a statement page (JPEG quality 70: turned up to 3°, sheared, narrowed towards the
 * top, a shadow across it, sensor noise, the desk around it), generated from seeds. The promise: a
 * photo reads with every date and amount exact, or it is rejected (by the reader or by the
 * reconciliation gate). And a stated share of these moderate photos reads exactly, every field.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isDeepStrictEqual } from 'node:util';
import { readImageStatement } from './image.ts';
import { prepareStatement } from '../prepare.ts';
import { expectedStatement, scanSource } from '../../../../test/fixtures/statements/models.ts';
import { renderStatementPdf } from '../../../../test/fixtures/statements/render-pdf.ts';
import { moderateDistortion, photographPdf } from '../../../../test/fixtures/statements/render-photo.ts';

// OCR takes seconds per page (more on a loaded machine), so the sample is small.
const SEEDS = [1, 2, 3, 4, 5, 6];
const EXACT_AT_LEAST = 3;

test(`phone photos: money exact or rejected, and at least ${EXACT_AT_LEAST} of ${SEEDS.length} moderate photos read exactly`, async (t) => {
  const pdf = await renderStatementPdf(scanSource);
  const truth = expectedStatement(scanSource);
  const money = (statement: typeof truth) => ({
    period: [statement.periodStart, statement.periodEnd],
    balances: [statement.openingBalance, statement.closingBalance],
    lines: statement.lines.map((line) => [line.date, line.amount, line.balance]),
  });
  let exact = 0;
  const outcomes: string[] = [];
  for (const seed of SEEDS) {
    const photo = await photographPdf(pdf, moderateDistortion(seed));
    const outcome = await readImageStatement(photo, { filename: 'photo.jpg', mediaType: 'image/jpeg', hints: {} });
    if (!outcome.ok) {
      outcomes.push(`${seed}: ${outcome.reason}`);
      continue;
    }
    if (!prepareStatement(outcome.statement, outcome.evidence, undefined, {}).ok) {
      outcomes.push(`${seed}: rejected by the gate`);
      continue;
    }
    assert.deepEqual(money(outcome.statement), money(truth), `photo ${seed} passed the gate, so its dates and amounts must be the printed ones`);
    if (outcome.statement.accountLast4 !== null) assert.equal(outcome.statement.accountLast4, truth.accountLast4);
    if (isDeepStrictEqual(outcome.statement, truth)) exact += 1;
    outcomes.push(`${seed}: ${isDeepStrictEqual(outcome.statement, truth) ? 'exact' : 'money exact'}`);
  }
  t.diagnostic(`photos: ${outcomes.join('; ')}`);
  assert.ok(exact >= EXACT_AT_LEAST, `${exact} exact (${outcomes.join('; ')})`);
});
