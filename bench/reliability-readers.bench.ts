/**
 * Heavy statements beside a bystander: the service runs as a user runs it, `bookkeeping serve` in a
 * process of its own (the API on a port, the statement worker and the sweep in its background
 * thread, or on the API's event loop with BACKGROUND_WORK=inline), while a bystander tenant asks GET /transactions from a thread of its
 * own every 20 ms, timing each answer. Meanwhile (a) a 1,000,000-row CSV (BENCH_STATEMENT_ROWS) is
 * uploaded and ingested, then booked by the sweep (two phases), and (b) a 20 MB CSV of one line is uploaded and rejected. Reported per phase: the
 * bystander's p50, p99 and max latency, the service process's peak RSS (read from /proc every 50 ms
 * by that thread), and how long the statement took.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Bench } from './run.ts';
import { loadConfig } from '../src/config/config.ts';
import { createApiKey } from '../src/tenancy/api-keys.ts';
import { createTenant } from '../src/tenancy/tenants.ts';
import { generousRateLimits } from '../test/support/harness.ts';
import { multipartBody } from '../test/support/statements.ts';

/** Lines of the big statement: a million unless BENCH_STATEMENT_ROWS says fewer (booking a million takes long on a busy machine). */
const STATEMENT_ROWS = Number(process.env.BENCH_STATEMENT_ROWS ?? 1_000_000);
const ROWS_NAME = STATEMENT_ROWS >= 1_000_000 ? `${STATEMENT_ROWS / 1_000_000}M` : `${STATEMENT_ROWS / 1_000}k`;

/** A million lines fit in under 20 MB: a date, a short name and an amount each; money in is positive in this export. */
function bigCsv(): { csv: Buffer; closing: string } {
  const lines = ['Date,Description,Amount'];
  let balanceCents = 0;
  for (let index = 0; index < STATEMENT_ROWS; index++) {
    const day = new Date(Date.UTC(2025, 0, 1 + Math.floor(index / 3_000))).toISOString().slice(0, 10);
    const cents = ((index * 7919) % 900) + 1;
    const signedCents = index % 4 === 0 ? cents : -cents;
    balanceCents += signedCents;
    lines.push(`${day},V${index % 100},${(signedCents / 100).toFixed(2)}`);
  }
  return { csv: Buffer.from(`${lines.join('\n')}\n`), closing: (balanceCents / 100).toFixed(2) };
}

/** 20 MB of one line of comma-separated words: no line break for detection or parsing to stop at. */
function hostileCsv(): Buffer {
  return Buffer.from('abcdefghi,'.repeat(2 * 1024 * 1024));
}

// Plain JavaScript, run as a worker thread: its event loop is its own, so it times the service's
// answers even while the service's main thread is busy.
const BYSTANDER = `
const { parentPort, workerData } = require('node:worker_threads');
const { setTimeout: sleep } = require('node:timers/promises');
const { readFileSync } = require('node:fs');
const rss = () => Number(/VmRSS:\\s+(\\d+) kB/.exec(readFileSync('/proc/' + workerData.pid + '/status', 'utf8'))[1]) * 1024;
let latencies = [];
let failures = 0;
let peakRss = 0;
let running = true;
let inFlightSince = null;
const sampler = setInterval(() => { peakRss = Math.max(peakRss, rss()); }, 50);
parentPort.on('message', (message) => {
  if (message === 'stop') { running = false; clearInterval(sampler); return; }
  // A request still waiting when a phase ends counts in it with its wait so far, and in the next
  // phase with the rest: a phase the service spent blocked is not a phase without samples.
  const now = performance.now();
  if (inFlightSince !== null) {
    latencies.push(now - inFlightSince);
    inFlightSince = now;
  }
  parentPort.postMessage({ latencies, failures, peakRss });
  latencies = [];
  failures = 0;
  peakRss = rss();
});
(async () => {
  while (running) {
    inFlightSince = performance.now();
    try {
      const response = await fetch(workerData.url, { headers: { authorization: 'Bearer ' + workerData.key } });
      await response.arrayBuffer();
      if (response.status !== 200) failures++;
    } catch {
      failures++; // a connection the service dropped while it was blocked
    }
    latencies.push(performance.now() - inFlightSince);
    inFlightSince = null;
    await sleep(20);
  }
})();
`;

const bench: Bench = async (context) => {
  const { handle, databaseUrl, schema, dispose } = await context.openDatabase();
  const wide = String(1e9);
  const service = spawn(process.execPath, [fileURLToPath(new URL('../bin/bookkeeping.js', import.meta.url)), 'serve'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      ...(schema ? { DATABASE_SCHEMA: schema } : {}),
      PORT: '0',
      SMTP_PORT: '0',
      LOG_LEVEL: 'silent',
      ...Object.fromEntries(
        ['READ', 'WRITE', 'REPORT'].flatMap((kind) => [
          [`RATE_LIMIT_${kind}_BURST`, wide],
          [`RATE_LIMIT_${kind}_PER_SECOND`, wide],
        ]),
      ),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [firstLine] = (await once(service.stdout!, 'data')) as [Buffer];
  const base = (JSON.parse(firstLine.toString()) as { listening: string }).listening;
  // What the service chose (BACKGROUND_WORK, else the default for its database), as serve reads it.
  const { backgroundWork } = loadConfig({ ...process.env, DATABASE_URL: databaseUrl });
  context.report('background work', backgroundWork === 'thread' ? 1 : 0, '1 = thread');

  const heavy = await createTenant(handle, { legalName: 'Heavy LLC', stateCode: 'DE' });
  const heavyKey = (await createApiKey(handle, heavy.tenantId, ['read', 'write'], 'bench')).key;
  const bystander = await createTenant(handle, { legalName: 'Bystander Inc', stateCode: 'DE' });
  const bystanderKey = (await createApiKey(handle, bystander.tenantId, ['read', 'write'], 'bench')).key;
  // The service closes idle keep-alive connections late when its event loop was blocked, and the
  // next request on one fails: such a request is sent again.
  const fetchAgain = async (url: string, init: RequestInit): Promise<Response> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await fetch(url, init);
      } catch (error) {
        if (attempt === 5) throw error;
      }
    }
  };
  const call = async (key: string, method: string, path: string, body?: unknown) => {
    const response = await fetchAgain(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as { data: any } };
  };
  // The bystander has a page of booked rows to list.
  const rows = Array.from({ length: 100 }, (_, index) => ({
    accountExternalId: 'by-1',
    id: `b${index}`,
    date: '2026-03-02',
    amount: 10 + index,
    description: `SUPPLIER ${index}`,
  }));
  await call(bystanderKey, 'POST', '/bank-accounts', {
    institutionName: 'Bystander Bank',
    accounts: [{ externalId: 'by-1', name: 'Operating', currency: 'USD' }],
  });
  assert.equal(
    (await call(bystanderKey, 'POST', '/transactions', { institutionName: 'Bystander Bank', transactions: rows }))
      .status,
    200,
  );
  const heavyAccount = (
    await call(heavyKey, 'POST', '/bank-accounts', {
      institutionName: 'Heavy Bank',
      accounts: [{ externalId: 'heavy-1', name: 'Operating', currency: 'USD' }],
    })
  ).body.data.accounts[0];

  // Whether any row of the tenant still waits for the sweep: one row looked up, not all of them
  // counted (counting a million pending rows twice a second took one of PostgreSQL's two cores).
  const anyPending = async (tenantId: string) =>
    (await handle.readDb
      .selectFrom('transactions')
      .select('seq')
      .where('tenant_id', '=', tenantId)
      .where('sweep_state', '=', 'pending')
      .limit(1)
      .executeTakeFirst()) !== undefined;
  while (await anyPending(bystander.tenantId)) await new Promise((resolve) => setTimeout(resolve, 100));

  const thread = new Worker(BYSTANDER, {
    eval: true,
    workerData: { url: `${base}/transactions?limit=100`, key: bystanderKey, pid: service.pid },
  });
  const collect = () =>
    new Promise<{ latencies: number[]; failures: number; peakRss: number }>((resolve) => {
      thread.once('message', resolve);
      thread.postMessage('report');
    });
  const percentile = (sorted: number[], share: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
  async function phase<T>(name: string, work: () => Promise<T>): Promise<T> {
    process.stderr.write(`# ${new Date().toISOString()} ${name}\n`);
    await collect();
    const result = await work();
    const { latencies, failures, peakRss } = await collect();
    const sorted = latencies.sort((a, b) => a - b);
    context.report(`${name}: bystander requests`, sorted.length, 'requests');
    context.report(`${name}: bystander failures`, failures, 'requests', '0');
    context.report(`${name}: bystander p50`, percentile(sorted, 0.5), 'ms');
    context.report(`${name}: bystander p99`, percentile(sorted, 0.99), 'ms', '≤ 100 ms');
    context.report(`${name}: bystander max`, sorted[sorted.length - 1], 'ms');
    context.report(`${name}: peak RSS`, peakRss / 2 ** 20, 'MB', '≤ 1024 MB');
    return result;
  }
  async function uploadStatement(bytes: Buffer, filename: string, fields: Record<string, string>): Promise<string> {
    const { payload, contentType } = multipartBody(fields, [{ bytes, filename, contentType: 'text/csv' }]);
    const response = await fetchAgain(`${base}/bank-statements`, {
      method: 'POST',
      headers: { authorization: `Bearer ${heavyKey}`, 'content-type': contentType },
      body: new Uint8Array(payload),
    });
    const text = await response.text();
    assert.equal(response.status, 202, text);
    return (JSON.parse(text) as { data: { documentId: string } }).data.documentId;
  }
  async function outcomeOf(documentId: string) {
    for (;;) {
      const { data } = (await call(heavyKey, 'GET', `/bank-statements/${documentId}`)).body;
      if (data.status !== 'processing') return data;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  try {
    await phase('idle', () => new Promise((resolve) => setTimeout(resolve, 3_000)));

    const { csv, closing } = bigCsv();
    // The statement's rows reach the sweep when its ingest commits, so reading and ingesting (this
    // bench's subject) and booking (the sweep's) fall into two phases of their own.
    await phase(`${ROWS_NAME}-row CSV uploaded and ingested`, async () => {
      const started = performance.now();
      const documentId = await uploadStatement(csv, 'big.csv', {
        bankAccountId: heavyAccount.id,
        openingBalance: '0.00',
        closingBalance: closing,
      });
      const outcome = await outcomeOf(documentId);
      assert.equal(outcome.status, 'ingested', JSON.stringify(outcome.rejection));
      context.report(`${ROWS_NAME}-row CSV: upload to ingested`, (performance.now() - started) / 1000, 's');
    });
    await phase(`${ROWS_NAME}-row CSV booked by the sweep`, async () => {
      const started = performance.now();
      while (await anyPending(heavy.tenantId)) await new Promise((resolve) => setTimeout(resolve, 500));
      context.report(`${ROWS_NAME}-row CSV: ingested to booked`, (performance.now() - started) / 1000, 's');
    });

    await phase('20 MB one-line CSV uploaded and rejected', async () => {
      const started = performance.now();
      const outcome = await outcomeOf(
        await uploadStatement(hostileCsv(), 'hostile.csv', { bankAccountId: heavyAccount.id }),
      );
      assert.equal(outcome.status, 'rejected');
      context.report('20 MB one-line CSV: upload to rejected', (performance.now() - started) / 1000, 's');
      process.stderr.write(`# the one-line CSV: ${outcome.rejection.reason}: ${outcome.rejection.message}\n`);
    });
  } finally {
    thread.postMessage('stop');
    await thread.terminate();
    service.kill('SIGTERM');
    await once(service, 'exit');
    await dispose();
  }
};

export default bench;
