/**
 * The recomputation property at full size (issue 16): CHAOS_SEQUENCES (default 10,000) random
 * operation sequences through the in-process app, each on a fresh tenant; after each one, with the
 * workers drained, the journal is compared with a recomputation from the rows. Counts the sequences
 * with any violation (target 0) and prints the first few with their seed and index to replay.
 */
import fc from 'fast-check';
import type { Bench } from './run.ts';
import { createHarness } from '../test/support/harness.ts';
import { runSequence, sequenceArbitrary } from '../test/support/operation-sequences.ts';

const SEQUENCES = Number(process.env.CHAOS_SEQUENCES ?? 10_000);
const SEED = Number(process.env.CHAOS_SEED ?? 16);
/** Sequences generated per sample call, so 10,000 are never all held in memory. */
const CHUNK = 500;

const bench: Bench = async (context) => {
  const harness = await createHarness();
  const started = performance.now();
  let failing = 0;
  let operations = 0;
  try {
    for (let first = 0; first < SEQUENCES; first += CHUNK) {
      const sequences = fc.sample(sequenceArbitrary(30), {
        numRuns: Math.min(CHUNK, SEQUENCES - first),
        seed: SEED + first,
      });
      for (const [index, sequence] of sequences.entries()) {
        operations += sequence.length;
        const tenant = await harness.newTenant(`Chaos ${first + index}`);
        const violations = await runSequence(harness, tenant, sequence);
        if (violations.length === 0) continue;
        failing += 1;
        if (failing <= 5)
          process.stderr.write(
            `sequence ${first + index} (sample seed ${SEED + first}, index ${index}): ${violations.slice(0, 5).join(' | ')}\n${JSON.stringify(sequence)}\n`,
          );
      }
    }
  } finally {
    await harness.close();
  }
  const seconds = (performance.now() - started) / 1000;
  context.report('sequences run', SEQUENCES, 'sequences', '10,000');
  context.report('operations run', operations, 'ops');
  context.report('sequences with a violation', failing, 'sequences', '0');
  context.report('time', seconds, 's');
};

export default bench;
