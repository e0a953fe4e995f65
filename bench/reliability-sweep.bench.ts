/**
 * Isolation of availability in the sweep (issue 16), over a real loopback socket with the service
 * run as `npm start` runs it (startService: the sweep in the background thread, or in the API's
 * process with BACKGROUND_WORK=inline):
 * - a bystander tenant's GET /transactions latency (p50, p99, max) while the worker drains another
 *   tenant's backlog of uncategorized rows (100,000 on SQLite, 20,000 on PostgreSQL;
 *   RELIABILITY_BENCH_ROWS to change it), beside the same figure with the worker idle. The bystander
 *   runs in a worker thread and sends on a fixed schedule whatever the answers do, so a stalled event
 *   loop shows in its latencies instead of delaying its requests;
 * - how long a third tenant's pushed row waits to be booked while that backlog drains;
 * - how long a tenant's pushed row waits to be booked when the tenant swept just before it pushes a
 *   poison row at the same moment (a categorizer that throws on it), beside the same with a harmless row.
 * The service's own settings apply (SWEEP_BATCH_SIZE, SWEEP_INTERVAL_MS). The backlog is written
 * straight to the database while the service is stopped, and the drain is timed from its restart.
 */
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { Bench } from './run.ts';
import { loadConfig } from '../src/config/config.ts';
import { startService, type RunningService } from '../src/server.ts';
import { createApiKey } from '../src/tenancy/api-keys.ts';
import { createTenant } from '../src/tenancy/tenants.ts';
import { withWriteTransaction } from '../src/db/transaction.ts';
import { insertNewTransactions, type NewTransactionRow } from '../src/bank-rows/transactions-store.ts';
import { merchantKeyFor } from '../src/bank-rows/merchant-key.ts';
import { newId } from '../src/shared/ids.ts';
import { loadEvalDataset } from '../eval/dataset/index.ts';
import { percentile } from './spine.bench.ts';
import { startPauseTrace } from './support/pause-trace.ts';
import { POISON } from './support/poison-tiers.ts';

const BYSTANDER_EVERY_MS = 20;
const IDLE_REFERENCE_MS = 5_000;
const POISON_TRIALS = 7;

/** The bystander: one GET every BYSTANDER_EVERY_MS from its own thread; posts its latencies (ms) when told to stop. */
const BYSTANDER = `
const { parentPort, workerData } = require('node:worker_threads');
const latencies = [];
const inflight = new Set();
let stopping = false;
parentPort.on('message', () => { stopping = true; });
function tick() {
  if (stopping) { Promise.all(inflight).then(() => parentPort.postMessage(latencies)); return; }
  const started = performance.now();
  const request = fetch(workerData.url, { headers: { authorization: 'Bearer ' + workerData.key } })
    .then((response) => { if (response.status !== 200) throw new Error(String(response.status)); return response.text(); })
    .then(() => latencies.push(performance.now() - started), () => latencies.push(-1))
    .finally(() => inflight.delete(request));
  inflight.add(request);
  setTimeout(tick, workerData.everyMs);
}
tick();
`;

function startBystander(url: string, key: string): { stop(): Promise<number[]> } {
  const thread = new Worker(BYSTANDER, { eval: true, workerData: { url, key, everyMs: BYSTANDER_EVERY_MS } });
  const done = new Promise<number[]>((resolve, reject) => {
    thread.once('message', resolve);
    thread.once('error', reject);
  });
  return {
    async stop() {
      thread.postMessage('stop');
      const latencies = await done;
      await thread.terminate();
      return latencies;
    },
  };
}

const bench: Bench = async (context) => {
  const backlogRows = Number(process.env.RELIABILITY_BENCH_ROWS ?? (context.dialect === 'sqlite' ? 100_000 : 20_000));
  const { handle, databaseUrl, schema, dispose } = await context.openDatabase();
  const wide = { burst: 1e9, refillPerSecond: 1e9 };
  const config = {
    ...loadConfig({ ...process.env, DATABASE_URL: databaseUrl }),
    databaseSchema: schema,
    port: 0,
    smtpPort: 0,
    logLevel: 'silent',
    rateLimits: { read: wide, write: wide, report: wide },
  };
  context.report('background work', config.backgroundWork === 'thread' ? 1 : 0, '1 = thread');
  const tiersModule = new URL('./support/poison-tiers.ts', import.meta.url).href;
  let service: RunningService | undefined;
  let base = '';
  const start = async () => {
    service = await startService(config, { withWorker: true, tiersModule });
    base = service.url;
  };
  const stop = async () => {
    await service?.stop();
    service = undefined;
  };
  await start();

  const tenant = async (name: string) => {
    const created = await createTenant(handle, { legalName: name });
    const { key } = await createApiKey(handle, created.tenantId, ['read', 'write'], 'bench');
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
      return JSON.parse(text);
    };
    await call('POST', '/bank-accounts', {
      institutionName: 'Bench Bank',
      accounts: [{ externalId: 'chk', name: 'Operating', currency: 'USD' }],
    });
    return { ...created, key, call };
  };
  type Tenant = Awaited<ReturnType<typeof tenant>>;
  const push = (who: Tenant, rows: Array<{ id: string; description: string; amount: number }>) =>
    who.call('POST', '/transactions', {
      institutionName: 'Bench Bank',
      transactions: rows.map((row) => ({ accountExternalId: 'chk', date: '2026-03-02', ...row })),
    });
  /** From just before the push until the row is booked, polling its tenant's list. */
  const timeToBooked = async (who: Tenant, id: string, pushing: () => Promise<unknown>) => {
    const started = performance.now();
    await pushing();
    for (;;) {
      const rows = (await who.call('GET', '/transactions?from=2026-03-02&to=2026-03-02&limit=200')).data as Array<{
        id: string;
        journalEntryId: string | null;
        description: string;
      }>;
      if (rows.some((row) => row.description.endsWith(id) && row.journalEntryId)) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  };
  const summary = (label: string, latencies: number[], target: string) => {
    const failed = latencies.filter((value) => value < 0).length;
    const sorted = latencies.filter((value) => value >= 0).sort((a, b) => a - b);
    context.report(`${label}: bystander GET /transactions p50`, percentile(sorted, 0.5), 'ms');
    context.report(`${label}: bystander GET /transactions p99`, percentile(sorted, 0.99), 'ms', target);
    context.report(`${label}: bystander GET /transactions max`, sorted.at(-1)!, 'ms');
    context.report(`${label}: bystander requests (failed)`, latencies.length, `(${failed})`);
  };

  try {
    const bystander = await tenant('Bench Bystander LLC');
    const owner = await tenant('Bench Backlog LLC');
    const latecomer = await tenant('Bench Latecomer LLC');
    // The poisoned tenant is swept just before its victim (tenant id order), the worst case for the victim.
    const [poisoned, victim] = [await tenant('Bench Poisoned LLC'), await tenant('Bench Victim LLC')].sort((a, b) =>
      a.tenantId.localeCompare(b.tenantId),
    );
    await push(
      bystander,
      Array.from({ length: 500 }, (_, index) => ({
        id: `by${index}`,
        description: `OFFICE DEPOT ${index}`,
        amount: 10 + index,
      })),
    );
    for (
      let waited = 0;
      (await bystander.call('GET', '/transactions?sweepState=queued&limit=1')).data.length > 0;
      waited++
    )
      await new Promise((resolve) => setTimeout(resolve, 50));
    const bystanderPath = '/transactions?from=2026-03-01&to=2026-03-31&limit=50';

    let probe = startBystander(`${base}${bystanderPath}`, bystander.key);
    await new Promise((resolve) => setTimeout(resolve, IDLE_REFERENCE_MS));
    summary('sweep idle (reference)', await probe.stop(), '');

    // The backlog goes in straight to the database (its loading is not what is measured) with the service stopped.
    await stop();
    const dataset = loadEvalDataset();
    const account = await handle.db
      .selectFrom('bank_accounts')
      .selectAll()
      .where('tenant_id', '=', owner.tenantId)
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    for (let written = 0; written < backlogRows; written += 10_000) {
      const chunk: NewTransactionRow[] = Array.from(
        { length: Math.min(10_000, backlogRows - written) },
        (_, offset) => {
          const source = dataset[(written + offset) % dataset.length];
          const id = newId();
          return {
            id,
            tenant_id: owner.tenantId,
            entity_id: owner.entityId,
            bank_account_id: account.id,
            external_id: `id:${id}`,
            content_key: id,
            source: 'api',
            date: source.date,
            authorized_date: null,
            amount_minor: source.amountMinor,
            currency: 'USD',
            description: source.description,
            merchant: source.merchant,
            merchant_key: merchantKeyFor(source.description, source.merchant),
            pending: 0,
            category_target: null,
            category_confidence: null,
            category_source: null,
            transaction_type: null,
            needs_review: 1,
            sweep_state: 'pending',
            journal_entry_id: null,
            created_at: now,
            updated_at: now,
          };
        },
      );
      await withWriteTransaction(handle, (trx) => insertNewTransactions(trx, chunk));
    }

    await start();
    // The thread's sweep starts as the service returns: the drain is timed from here.
    const drainStarted = performance.now();
    probe = startBystander(`${base}${bystanderPath}`, bystander.key);
    const trace = process.env.BENCH_PAUSE_TRACE ? startPauseTrace() : undefined;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const latecomerWaitMs = await timeToBooked(latecomer, 'late-1', () =>
      push(latecomer, [{ id: 'late-1', description: 'OFFICE DEPOT late-1', amount: 12 }]),
    );
    const waiting = () =>
      handle.db
        .selectFrom('transactions')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('tenant_id', '=', owner.tenantId)
        .where('sweep_state', '=', 'pending')
        .executeTakeFirstOrThrow();
    while (Number((await waiting()).count) > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    const drainSeconds = (performance.now() - drainStarted) / 1000;
    for (const line of trace?.stop() ?? []) process.stderr.write(`#   ${line}\n`);
    summary(`sweep draining ${backlogRows.toLocaleString('en-US')} rows`, await probe.stop(), '≤ 100 ms');
    context.report(
      `backlog drained (batch ≤ ${config.sweepBatchSize}, budget ${config.sweepBatchBudgetMs} ms)`,
      backlogRows / drainSeconds,
      'rows/s',
    );
    context.report(
      "another tenant's row pushed mid-drain: booked after",
      latecomerWaitMs,
      'ms',
      `≤ one batch of the backlog + one interval (${config.sweepIntervalMs} ms)`,
    );

    // A poison row at the same moment as the victim's row, against a harmless row: the victim's wait, median of the trials.
    const waits = { harmless: [] as number[], poison: [] as number[] };
    for (let trial = 0; trial < POISON_TRIALS; trial++) {
      for (const kind of ['harmless', 'poison'] as const) {
        const rows = Array.from({ length: 20 }, (_, index) => ({
          id: `${kind}${trial}-${index}`,
          description: `OFFICE DEPOT ${trial}-${index}`,
          amount: 5 + index,
        }));
        rows.push({
          id: `${kind}${trial}-x`,
          description: kind === 'poison' ? `${POISON} ${trial}` : `OFFICE DEPOT ${trial}-x`,
          amount: 99,
        });
        const id = `${kind}-victim-${trial}`;
        waits[kind].push(
          await timeToBooked(victim, id, async () => {
            await push(poisoned, rows);
            await push(victim, [{ id, description: `OFFICE DEPOT ${id}`, amount: 7 }]);
          }),
        );
      }
    }
    // The last poison row may come in a later batch than its victim's row (batches are sized to the budget).
    for (
      let polls = 0;
      (await poisoned.call('GET', '/transactions?sweepState=failed&limit=200')).data.length < POISON_TRIALS;
      polls++
    ) {
      if (polls > 600) throw new Error(`the ${POISON_TRIALS} poison rows were not all parked`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const median = (values: number[]) =>
      percentile(
        [...values].sort((a, b) => a - b),
        0.5,
      );
    context.report("victim's row booked after, beside a harmless row (median)", median(waits.harmless), 'ms');
    context.report("victim's row booked after, beside a poison row (median)", median(waits.poison), 'ms');
    context.report(
      "victim's row booked after, beside a poison row (max)",
      Math.max(...waits.poison),
      'ms',
      `≤ harmless + one interval (${config.sweepIntervalMs} ms)`,
    );
    context.report(
      'delay a poison row adds to another tenant (median)',
      median(waits.poison) - median(waits.harmless),
      'ms',
      `≤ ${config.sweepIntervalMs} ms`,
    );
  } finally {
    await stop();
    await dispose();
  }
};

export default bench;
