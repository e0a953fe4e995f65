import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readPdfStatement } from './readers/pdf.ts';
import { damagedStatement, judge, renderDamagedPdf } from '../../../test/fixtures/statements/damage.ts';

/**
 * The promise, in CI: generated statements in randomized layouts, randomly damaged (a page dropped,
 * repeated or moved, a line deleted, a digit changed, a balance edited, or nothing), rendered as text
 * PDFs and read by the PDF reader and the gate ingestion runs: each is ingested exactly or rejected,
 * never ingested wrong; and an undamaged one is never rejected. A fixed run of seeds and a random
 * one (its first seed printed, to replay a failure with DAMAGE_SEED). The bench runs thousands.
 */
const FIXED_FIRST_SEED = 1;
const FIXED_COUNT = 40;
const RANDOM_COUNT = 20;

async function run(firstSeed: number, count: number): Promise<void> {
  const outcomes: Record<string, number> = {};
  for (let seed = firstSeed; seed < firstSeed + count; seed += 1) {
    const statement = damagedStatement(seed, { maxLines: 40 });
    const outcome = await readPdfStatement(await renderDamagedPdf(statement), { filename: 'statement.pdf', mediaType: 'application/pdf', hints: {} });
    const verdict = judge(statement.truth, outcome);
    const replay = `seed ${seed}, damage ${JSON.stringify(statement.damage)}, layout ${JSON.stringify(statement.layout)}`;
    assert.notEqual(verdict.outcome, 'wrong', `ingested wrong: ${verdict.outcome === 'wrong' ? verdict.difference : ''} (${replay})`);
    if (statement.damage.kind === 'none') assert.equal(verdict.outcome, 'exact', `an undamaged statement was rejected: ${verdict.outcome === 'rejected' ? verdict.message : ''} (${replay})`);
    const key = `${statement.damage.kind}:${verdict.outcome === 'rejected' ? verdict.reason : verdict.outcome}`;
    outcomes[key] = (outcomes[key] ?? 0) + 1;
  }
  // Damage is caught by the gate itself, not only by readers failing: some rejections say incomplete.
  assert.ok(Object.keys(outcomes).some((key) => key.endsWith(':incomplete')), JSON.stringify(outcomes));
}

test(`damaged text PDFs (seeds ${FIXED_FIRST_SEED}–${FIXED_FIRST_SEED + FIXED_COUNT - 1}): ingested exactly or rejected, never wrong`, async () => {
  await run(FIXED_FIRST_SEED, FIXED_COUNT);
});

test('damaged text PDFs from a random seed: ingested exactly or rejected, never wrong', async () => {
  const first = Number(process.env.DAMAGE_SEED ?? 1_000 + Math.floor(Math.random() * 1_000_000));
  try {
    await run(first, RANDOM_COUNT);
  } catch (error) {
    console.error(`damaged statements failed from seed ${first}; replay with DAMAGE_SEED=${first}`);
    throw error;
  }
});
