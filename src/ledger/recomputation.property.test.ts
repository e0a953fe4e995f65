import { sql } from 'kysely';
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { createHarness, ON_POSTGRES, type Harness } from '../../test/support/harness.ts';
import { CHECK_AS_OF, runSequence, sequenceArbitrary, type Operation } from '../../test/support/operation-sequences.ts';
import { recomputationViolations } from '../../test/support/recomputation.ts';
import { appendEntries, findEntries } from './journal-store.ts';

/**
 * Property: whatever sequence of pushes, re-sends, settlements, corrections, transfers, statement
 * uploads and re-uploads, removals and partial sweeps happens, once the workers have drained the
 * journal equals a recomputation from the rows (test/support/recomputation.ts) and no acknowledged
 * push or ingested statement line is lost. CHAOS_SEQUENCES sets how many sequences run (CI: a bounded
 * number; `npm run bench -- recomputation` runs 10,000 and counts violations); CHAOS_SEED replays one.
 */
// PostgreSQL answers each step several times slower than SQLite: fewer sequences keep both runs near a minute.
const SEQUENCES = Number(process.env.CHAOS_SEQUENCES ?? (ON_POSTGRES ? 25 : 100));
const SEED = process.env.CHAOS_SEED === undefined ? undefined : Number(process.env.CHAOS_SEED);

let harness: Harness;
let runNumber = 0;

before(async () => {
  harness = await createHarness();
});
after(() => harness.close());

test(`property: after ${SEQUENCES} random operation sequences the journal equals a recomputation from the rows`, {
  timeout: 30 * 60_000,
}, async () => {
  await fc.assert(
    fc.asyncProperty(sequenceArbitrary(25), async (operations) => {
      const tenant = await harness.newTenant(`Chaos ${++runNumber}`);
      const violations = await runSequence(harness, tenant, operations);
      assert.deepEqual(violations, []);
    }),
    { numRuns: SEQUENCES, seed: SEED },
  );
});

test('the recomputation notices a row booked twice, a row whose amount drifted from its entry, per-day totals that drifted from the lines, and row days that drifted from the rows', async () => {
  const operations: Operation[] = [
    {
      kind: 'push',
      account: 0,
      withId: true,
      line: { date: '2026-04-03', description: 'OFFICE DEPOT 221', amountMinor: 4_599 },
      pending: false,
    },
    {
      kind: 'push',
      account: 1,
      withId: false,
      line: { date: '2026-04-05', description: 'Client payment', amountMinor: -250_000 },
      pending: false,
    },
  ];
  const corruptions: Array<(tenantId: string) => Promise<unknown>> = [
    async (tenantId) => {
      const row = await harness.handle.db
        .selectFrom('transactions')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .orderBy('seq')
        .executeTakeFirstOrThrow();
      const [entry] = await findEntries(harness.handle.db, tenantId, [row.journal_entry_id!]);
      return appendEntries(harness.handle.db, [{ ...entry, reversesEntryId: null }], new Date().toISOString());
    },
    (tenantId) =>
      harness.handle.db
        .updateTable('transactions')
        .set({ amount_minor: 4_600 })
        .where('tenant_id', '=', tenantId)
        .where('amount_minor', '=', 4_599)
        .execute(),
    (tenantId) =>
      harness.handle.db
        .updateTable('account_daily_totals')
        .set({ debit_minor: 1n })
        .where('tenant_id', '=', tenantId)
        .where(sql`debit_minor`, '>', 0)
        .execute(),
    (tenantId) =>
      sql`update bank_account_row_days set row_count = row_count + 1 where tenant_id = ${tenantId}`.execute(
        harness.handle.db,
      ),
  ];
  for (const corrupt of corruptions) {
    const tenant = await harness.newTenant(`Corrupted ${++runNumber}`);
    assert.deepEqual(await runSequence(harness, tenant, operations), []);
    await corrupt(tenant.tenantId);
    const violations = await recomputationViolations(harness.handle, tenant.tenantId, { asOf: CHECK_AS_OF });
    assert.ok(violations.length > 0, 'the corruption is noticed');
  }
});
