import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readPdfStatement } from './readers/pdf.ts';
import {
  damagedStatement,
  judge,
  renderDamagedPdf,
  scanOfPdf,
  tellsWhichWayMoneyMoved,
} from '../../../test/fixtures/statements/damage.ts';

/**
 * The promise, in CI: generated statements in randomized layouts, randomly damaged (a page dropped,
 * repeated or moved, a line deleted, a digit changed, a balance edited, or nothing), rendered as text
 * PDFs and read by the PDF reader and the gate ingestion runs: each is ingested exactly or rejected,
 * never ingested wrong; and an undamaged one is never rejected, unless it is a card statement that prints nothing telling
 * which way its money moved. A fixed run of seeds and a random
 * one (its first seed printed, to replay a failure with DAMAGE_SEED). The bench runs thousands.
 */
const FIXED_FIRST_SEED = 1;
const FIXED_COUNT = 40;
const RANDOM_COUNT = 20;

async function run(firstSeed: number, count: number): Promise<void> {
  const outcomes: Record<string, number> = {};
  for (let seed = firstSeed; seed < firstSeed + count; seed += 1) {
    const statement = damagedStatement(seed, { maxLines: 40 });
    const outcome = await readPdfStatement(await renderDamagedPdf(statement), {
      filename: 'statement.pdf',
      mediaType: 'application/pdf',
      hints: {},
    });
    const verdict = judge(statement.truth, outcome);
    const replay = `seed ${seed}, damage ${JSON.stringify(statement.damage)}, layout ${JSON.stringify(statement.layout)}`;
    assert.notEqual(
      verdict.outcome,
      'wrong',
      `ingested wrong: ${verdict.outcome === 'wrong' ? verdict.difference : ''} (${replay})`,
    );
    // An undamaged card statement that prints nothing telling which way its money moved may be undecided (card-signs.test.ts).
    const undecidedCard =
      verdict.outcome === 'rejected' &&
      /does not show which way its money moved/.test(verdict.message) &&
      !tellsWhichWayMoneyMoved(statement);
    if (statement.damage.kind === 'none' && !undecidedCard)
      assert.equal(
        verdict.outcome,
        'exact',
        `an undamaged statement was rejected: ${verdict.outcome === 'rejected' ? verdict.message : ''} (${replay})`,
      );
    const key = `${statement.damage.kind}:${verdict.outcome === 'rejected' ? verdict.reason : verdict.outcome}`;
    outcomes[key] = (outcomes[key] ?? 0) + 1;
  }
  // Damage is caught by the gate itself, not only by readers failing: some rejections say incomplete.
  assert.ok(
    Object.keys(outcomes).some((key) => key.endsWith(':incomplete')),
    JSON.stringify(outcomes),
  );
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

/**
 * Scans (pdftoppm at 200 dpi into an image-only PDF, read by OCR): a few, as OCR takes seconds a page
 * (tens of seconds on a loaded machine), and within a time budget (at least one is always read). The
 * first few seeds from a random start whose statements fit on one page, undamaged or damaged as drawn:
 * never ingested wrong. And one undamaged scan (a fixed seed, another each run would make OCR's rare
 * misreads a flaky failure) must be read exactly: a scan of a whole statement is read, not rejected.
 */
const SCAN_COUNT = 3;
const SCAN_BUDGET_MS = 150_000;

test(`damaged scans (up to ${SCAN_COUNT}, from a random seed): ingested exactly or rejected, never wrong`, async (t) => {
  const first = Number(process.env.DAMAGE_SCAN_SEED ?? 2_000_000 + Math.floor(Math.random() * 1_000_000));
  const started = Date.now();
  const outcomes: string[] = [];
  for (
    let seed = first;
    outcomes.length < SCAN_COUNT && (outcomes.length === 0 || Date.now() - started < SCAN_BUDGET_MS);
    seed += 1
  ) {
    const statement = damagedStatement(seed, { maxLines: 12 });
    if (statement.pages.length > 1) continue;
    const verdict = judge(
      statement.truth,
      await readPdfStatement(await scanOfPdf(await renderDamagedPdf(statement)), {
        filename: 'scan.pdf',
        mediaType: 'application/pdf',
        hints: {},
      }),
    );
    assert.notEqual(
      verdict.outcome,
      'wrong',
      `scan ingested wrong: ${verdict.outcome === 'wrong' ? verdict.difference : ''} (seed ${seed}, damage ${JSON.stringify(statement.damage)}; replay with DAMAGE_SCAN_SEED=${first})`,
    );
    outcomes.push(
      `${seed} ${statement.damage.kind}: ${verdict.outcome === 'rejected' ? verdict.reason : verdict.outcome}`,
    );
  }
  t.diagnostic(outcomes.join('; '));
});

test('an undamaged scan is read exactly', async () => {
  let seed = 3_000_000;
  while (damagedStatement(seed, { maxLines: 12 }).damage.kind !== 'none') seed += 1;
  const statement = damagedStatement(seed, { maxLines: 12 });
  const verdict = judge(
    statement.truth,
    await readPdfStatement(await scanOfPdf(await renderDamagedPdf(statement)), {
      filename: 'scan.pdf',
      mediaType: 'application/pdf',
      hints: {},
    }),
  );
  assert.equal(
    verdict.outcome,
    'exact',
    `seed ${seed}: ${JSON.stringify(verdict)}; layout ${JSON.stringify(statement.layout)}`,
  );
});
