import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { createHarness, type Harness } from '../../test/support/harness.ts';
import { runSequence, sequenceArbitrary } from '../../test/support/operation-sequences.ts';

/**
 * Property: whatever sequence of pushes, re-sends, settlements, corrections, transfers, statement
 * uploads and re-uploads, removals and partial sweeps happens, once the workers have drained the
 * journal equals a recomputation from the rows (test/support/recomputation.ts) and no acknowledged
 * push or ingested statement line is lost. CHAOS_SEQUENCES sets how many sequences run (CI: a bounded
 * number; `npm run bench -- recomputation` runs 10,000 and counts violations); CHAOS_SEED replays one.
 */
const SEQUENCES = Number(process.env.CHAOS_SEQUENCES ?? 120);
const SEED = process.env.CHAOS_SEED === undefined ? undefined : Number(process.env.CHAOS_SEED);

let harness: Harness;
let runNumber = 0;

before(async () => {
  harness = await createHarness();
});
after(() => harness.close());

test(`property: after ${SEQUENCES} random operation sequences the journal equals a recomputation from the rows`, { timeout: 30 * 60_000 }, async () => {
  await fc.assert(fc.asyncProperty(sequenceArbitrary(25), async (operations) => {
    const tenant = await harness.newTenant(`Chaos ${++runNumber}`);
    const violations = await runSequence(harness, tenant, operations);
    assert.deepEqual(violations, []);
  }), { numRuns: SEQUENCES, seed: SEED });
});
