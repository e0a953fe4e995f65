import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { openDatabase } from '../../db/connection.ts';
import { listTransactions } from '../../bank-rows/transactions-store.ts';
import { toTransactionView } from '../../bank-rows/transaction-view.ts';
import { createAccount, createHarness, push, type Harness, type TestTenant } from '../../../test/support/harness.ts';

/**
 * GET /transactions keeps pages between changes (answer-cache.ts). Whatever changes the books (a push, the sweep, a
 * correction, a removal, another process writing the same database file), the next answer is what the store reads now.
 */
let harness: Harness;
let acme: TestTenant;

before(async () => {
  harness = await createHarness();
  acme = await harness.newTenant('Acme LLC');
  await createAccount(acme, 'chk');
});
after(() => harness.close());

const QUERIES = [
  'from=2026-01-01&to=2026-12-31',
  'from=2026-01-01&to=2026-12-31&limit=3&offset=2',
  'from=2026-01-01&to=2026-12-31&search=coffee',
  'from=2026-01-01&to=2026-12-31&needsReview=true',
];

async function assertFresh(): Promise<void> {
  for (const query of QUERIES) {
    for (let asked = 0; asked < 2; asked += 1) {
      const response = await acme.call('GET', `/v1/transactions?${query}`);
      assert.equal(response.statusCode, 200);
      const parameters = new URLSearchParams(query);
      const limit = Number(parameters.get('limit') ?? 50);
      const stored = await listTransactions(harness.handle.readDb, {
        tenantId: acme.tenantId,
        from: parameters.get('from')!,
        to: parameters.get('to')!,
        search: parameters.get('search') ?? undefined,
        needsReview: parameters.has('needsReview') ? parameters.get('needsReview') === 'true' : undefined,
        limit,
        offset: Number(parameters.get('offset') ?? 0),
      });
      assert.deepEqual(
        response.json().data,
        JSON.parse(JSON.stringify(stored.slice(0, limit).map(toTransactionView))),
        `${query}, asked ${asked === 0 ? 'first' : 'again'}`,
      );
    }
  }
}

const step = fc.oneof(
  fc.record({
    kind: fc.constant('push' as const),
    day: fc.integer({ min: 1, max: 28 }),
    amount: fc.integer({ min: -5_000, max: 5_000 }).filter((amount) => amount !== 0),
    word: fc.constantFrom('COFFEE BEAN', 'SHELL OIL', 'ZXQ UNKNOWN', 'STRIPE PAYOUT'),
  }),
  fc.constant({ kind: 'sweep' as const }),
  fc.record({ kind: fc.constant('recategorize' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('other-process' as const), pick: fc.nat() }),
);

test('property: after any change, a page asked again is what the store reads now, never a kept stale one', async () => {
  // Another connection to the same file, as a worker process or the background thread has.
  const otherProcess = await openDatabase(harness.databaseUrl, { schema: harness.schema, poolSize: 1 });
  let pushed = 0;
  try {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        await assertFresh();
        for (const change of steps) {
          const rows = (await acme.call('GET', '/v1/transactions?from=2026-01-01&to=2026-12-31&limit=200')).json()
            .data as Array<{ id: string; journalEntryId: string | null }>;
          const picked = (pick: number) => rows[pick % Math.max(1, rows.length)];
          if (change.kind === 'push') {
            pushed += 1;
            const day = String(change.day).padStart(2, '0');
            await push(acme, [
              {
                accountExternalId: 'chk',
                id: `p${pushed}`,
                date: `2026-03-${day}`,
                amount: change.amount / 100,
                description: `${change.word} ${pushed}`,
              },
            ]);
          } else if (change.kind === 'sweep') {
            await harness.sweep();
          } else if (change.kind === 'recategorize' && picked(change.pick)?.journalEntryId) {
            const response = await acme.call('PATCH', `/v1/transactions/${picked(change.pick).id}`, {
              category: change.pick % 2 === 0 ? '6090' : '6130',
            });
            assert.ok(response.statusCode < 500, response.body);
          } else if (change.kind === 'remove' && picked(change.pick)) {
            await acme.call('DELETE', `/v1/transactions/${picked(change.pick).id}`);
          } else if (change.kind === 'other-process' && picked(change.pick)) {
            await otherProcess.db
              .updateTable('transactions')
              .set({ description: `CHANGED ELSEWHERE ${change.pick}` })
              .where('id', '=', picked(change.pick).id)
              .execute();
          }
          await assertFresh();
        }
      }),
      { numRuns: 15, verbose: 2 },
    );
  } finally {
    await otherProcess.close();
  }
});
