import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  sql,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { openDatabase } from '../db/connection.ts';
import { SweepWorker } from './worker.ts';
import { loadServiceKnowledge } from './categorize/tiers.ts';
import {
  createAccount,
  createHarness,
  ON_POSTGRES,
  push,
  type Harness,
  type TestTenant,
} from '../../test/support/harness.ts';

let harness: Harness;
let acme: TestTenant;
const quietLogger = { info() {}, error() {} };

class FailOnInsertInto implements KyselyPlugin {
  constructor(private readonly table: string) {}
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === this.table)
      throw new Error('injected failure');
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

before(async () => {
  harness = await createHarness();
  acme = await harness.newTenant('Acme LLC');
  await createAccount(acme, 'chk');
});
after(() => harness.close());

async function waitFor<T>(
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<{ value: T; elapsedMs: number }> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return { value, elapsedMs: Date.now() - started };
    if (Date.now() - started > timeoutMs) throw new Error(`not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

test('with default settings a pushed row is categorized and booked within 5 seconds', async () => {
  // The default interval, without the API's nudge: the worst case of an idle server (which loaded its
  // knowledge at start, as createWorker does).
  loadServiceKnowledge();
  const worker = new SweepWorker(
    harness.handle,
    { batchSize: harness.config.sweepBatchSize, reviewThreshold: harness.config.reviewThreshold, intervalMs: 500 },
    quietLogger,
  );
  worker.start();
  try {
    await push(acme, [
      { accountExternalId: 'chk', id: 'w1', date: '2026-05-01', amount: 12.5, description: 'OVERDRAFT FEE' },
    ]);
    const { value: row, elapsedMs } = await waitFor(async () => {
      const [found] = (await acme.call('GET', '/v1/transactions?from=2026-05-01&to=2026-05-01')).json().data;
      return found?.journalEntryId ? found : undefined;
    }, 5000);
    assert.equal(row.category.accountNumber, '6210');
    assert.equal(row.category.source, 'regex');
    assert.ok(elapsedMs < 5000);
  } finally {
    await worker.stop();
  }
});

test('a crash before commit loses nothing: the rows are still waiting and the next pass books them', async () => {
  await push(acme, [{ accountExternalId: 'chk', id: 'c1', date: '2026-05-02', amount: 7, description: 'Coffee' }]);
  // A worker that dies mid-pass: the journal's last insert (the per-day totals) fails after the rows
  // were claimed and categorized and their entries and lines written in the transaction. (Entries and
  // lines are inserted as prepared SQL text, which a plugin cannot rewrite.)
  const failing = { ...harness.handle, db: harness.handle.db.withPlugin(new FailOnInsertInto('account_daily_totals')) };
  const { sweepOnce } = await import('./sweep.ts');
  const errors: object[] = [];
  // Every row fails there, so the fault is taken for the tenant's, not the row's: nothing is parked on a first failure.
  assert.equal(
    await sweepOnce(failing, {
      batchSize: 10,
      reviewThreshold: 0.8,
      logger: { error: (object) => errors.push(object) },
    }),
    0,
  );
  assert.match(String((errors[0] as { err: Error }).err), /injected failure/);
  const [waiting] = (await acme.call('GET', '/v1/transactions?from=2026-05-02&to=2026-05-02')).json().data;
  assert.equal(waiting.category, null);
  assert.equal(waiting.needsReview, true);
  assert.equal(waiting.sweepState, 'queued');
  assert.equal(await harness.sweep(), 1);
  const [booked] = (await acme.call('GET', '/v1/transactions?from=2026-05-02&to=2026-05-02')).json().data;
  assert.ok(booked.journalEntryId);
});

// Several workers on one PostgreSQL database (SQLite runs one writer process at a time).
if (ON_POSTGRES)
  test('several workers on PostgreSQL never process a row twice', async () => {
    const rows = Array.from({ length: 600 }, (_, index) => ({
      accountExternalId: 'chk',
      id: `m${index}`,
      date: '2026-06-01',
      amount: index + 1,
      description: `Row ${index}`,
    }));
    await push(acme, rows);
    const { sweepOnce } = await import('./sweep.ts');
    const settings = { batchSize: 50, reviewThreshold: 0.8 };
    const handles = await Promise.all(
      [1, 2, 3].map(() => openDatabase(harness.databaseUrl, { schema: harness.schema, poolSize: 2 })),
    );
    try {
      const counts = await Promise.all(
        handles.map(async (handle) => {
          let processed = 0;
          for (let pass = sweepOnce(handle, settings); ; pass = sweepOnce(handle, settings)) {
            const count = await pass;
            if (count === 0) return processed;
            processed += count;
          }
        }),
      );
      assert.equal(
        counts.reduce((sum, count) => sum + count, 0),
        600,
        `each row processed once (per worker: ${counts.join(', ')})`,
      );
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
    const entries = (await acme.call('GET', '/v1/journal-entries?from=2026-06-01&to=2026-06-01&limit=200')).json();
    let total = entries.data.length;
    for (let offset = entries.meta.pagination.nextOffset; offset !== null; ) {
      const page = (
        await acme.call('GET', `/v1/journal-entries?from=2026-06-01&to=2026-06-01&limit=200&offset=${offset}`)
      ).json();
      total += page.data.length;
      offset = page.meta.pagination.nextOffset;
    }
    assert.equal(total, 600, 'one journal entry per row');
  });

/** Holds a transaction open after its first write (the sweep's entries, not yet committed) until released. */
class PauseAfterFirstWrite implements KyselyPlugin {
  private paused = false;
  readonly reached: Promise<void>;
  private reachedNow!: () => void;
  private releaseNow!: () => void;
  private readonly released = new Promise<void>((resolve) => {
    this.releaseNow = resolve;
  });
  constructor() {
    this.reached = new Promise<void>((resolve) => {
      this.reachedNow = resolve;
    });
  }
  release(): void {
    this.releaseNow();
  }
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (!this.paused && (result.numAffectedRows ?? 0n) > 0n) {
      this.paused = true;
      this.reachedNow();
      await this.released;
    }
    return result;
  }
}

// The kill -9 chaos run found it: a correction re-decided the merchant's other rows from a read taken
// while the sweep was booking one of them, and booked that row a second time.
if (ON_POSTGRES)
  test('a correction while the sweep books a row of the same merchant leaves that row booked once (PostgreSQL)', async () => {
    const shop = await harness.newTenant('Race LLC');
    await createAccount(shop, 'chk');
    const row = { accountExternalId: 'chk', description: 'ZORBLAX QUARTERLY 8812' };
    await push(shop, [
      { ...row, id: 'corrected', date: '2026-07-01', amount: 42.17 },
      { ...row, id: 'settling', date: '2026-07-02', amount: 13.5, pending: true },
    ]);
    await harness.sweep();
    // The pending row settles: categorized already, it waits for the sweep to book it.
    await push(shop, [{ ...row, id: 'settling', date: '2026-07-02', amount: 13.5 }]);
    const listed = (await shop.call('GET', '/v1/transactions?from=2026-07-01&to=2026-07-02')).json().data;
    const corrected = listed.find((found: { date: string }) => found.date === '2026-07-01');
    const settling = listed.find((found: { date: string }) => found.date === '2026-07-02');
    assert.equal(
      settling.needsReview,
      true,
      'the settling row waits for review, so a correction of its merchant decides it again',
    );
    assert.equal(settling.sweepState, 'queued');

    const { sweepOnce } = await import('./sweep.ts');
    const { recomputationViolations } = await import('../../test/support/recomputation.ts');
    const sweepHandle = await openDatabase(harness.databaseUrl, { schema: harness.schema, poolSize: 2 });
    const pause = new PauseAfterFirstWrite();
    try {
      const sweeping = sweepOnce(
        { ...sweepHandle, db: sweepHandle.db.withPlugin(pause) },
        { batchSize: 50, reviewThreshold: 0.8 },
      );
      await pause.reached;
      const correcting = shop.call('PATCH', `/v1/transactions/${corrected.id}`, { category: '6210' });
      // Until the correction has answered or waits for a lock the sweep holds: then the sweep commits.
      await Promise.race([
        correcting,
        waitFor(async () => {
          const { rows } = await sql<{
            waiting: string;
          }>`select count(*) as waiting from pg_locks where not granted`.execute(sweepHandle.db);
          return Number(rows[0].waiting) > 0 ? true : undefined;
        }, 30_000),
      ]);
      pause.release();
      await sweeping;
      assert.equal((await correcting).statusCode, 200);
    } finally {
      pause.release();
      await sweepHandle.close();
    }
    await harness.sweep();
    assert.deepEqual(await recomputationViolations(harness.handle, shop.tenantId, { asOf: '2026-12-31' }), []);
  });
