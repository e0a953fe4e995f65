/**
 * Every query the service runs on `transactions`, with its plan: a workload through the API (pushes,
 * re-sends, settling, the sweep with transfer pairing, lists of every filter, a correction, a rule
 * applied to booked rows, a removal, the health score, bank-account balances, a statement upload and a
 * second copy of it) records each distinct SQL text that reads or changes the table; each is then
 * explained on the database the run targets. Every one must reach its rows through an index: on
 * SQLite no `SCAN transactions`, on PostgreSQL no `Seq Scan on transactions` once sequential scans are
 * priced out (the test's table is small, so the planner would otherwise scan it whatever the indexes).
 * `TRANSACTION_PLANS=1` prints the list (query, index), which docs/performance.md reports per index.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import SQLite from 'better-sqlite3';
import { CompiledQuery } from 'kysely';
import pg from 'pg';
import { camt, month } from '../../test/fixtures/statements/pipeline.ts';
import {
  createAccount,
  createHarness,
  ON_POSTGRES,
  push,
  type Harness,
  type TestTenant,
} from '../../test/support/harness.ts';
import { processStatements, upload } from '../../test/support/statements.ts';

const seen = new Map<string, unknown[]>();
const restore: Array<() => void> = [];

/** Records the SQL texts that name the table, with the parameters of their first run. */
function record(text: unknown, parameters: unknown) {
  if (
    typeof text !== 'string' ||
    !/\btransactions\b/i.test(text) ||
    /^\s*(insert|explain|set|create|drop|alter)\b/i.test(text)
  )
    return;
  if (!seen.has(text)) seen.set(text, Array.isArray(parameters) ? [...parameters] : []);
}

function startRecording() {
  if (ON_POSTGRES) {
    const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
    pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
      record(args[0], args[1]);
      return original.apply(this, args);
    } as typeof pg.Client.prototype.query;
    restore.push(() => {
      pg.Client.prototype.query = original as typeof pg.Client.prototype.query;
    });
    return;
  }
  const statement = Object.getPrototypeOf(new SQLite(':memory:').prepare('select 1'));
  for (const name of ['all', 'get', 'run', 'iterate']) {
    const original = statement[name];
    statement[name] = function (this: { source: string }, ...args: unknown[]) {
      record(this.source, Array.isArray(args[0]) ? args[0] : args);
      return original.apply(this, args);
    };
    restore.push(() => {
      statement[name] = original;
    });
  }
}

let harness: Harness;
let tenant: TestTenant;

before(async () => {
  harness = await createHarness();
  tenant = await harness.newTenant('Plans LLC');
});
after(async () => {
  for (const undo of restore) undo();
  await harness.close();
});

async function workload() {
  const checking = await createAccount(tenant, 'chk-1');
  await createAccount(tenant, 'sav-1', { kind: 'savings' });
  const rows = Array.from({ length: 60 }, (_, index) => ({
    accountExternalId: 'chk-1',
    id: `r${index}`,
    date: `2026-03-${String(1 + (index % 28)).padStart(2, '0')}`,
    amount: index % 5 === 0 ? -(100 + index) : 10 + index,
    description: index % 3 === 0 ? `STARBUCKS #${index}` : `ACME SUPPLY ${index}`,
    ...(index % 7 === 0 ? { pending: true } : {}),
  }));
  // A transfer's two legs, so pairing looks for counterparts.
  rows.push({
    accountExternalId: 'chk-1',
    id: 'xfer-out',
    date: '2026-03-10',
    amount: 500,
    description: 'TRANSFER TO SAVINGS',
  });
  await push(tenant, rows);
  await harness.sweep();
  await push(tenant, [
    {
      accountExternalId: 'sav-1',
      id: 'xfer-in',
      date: '2026-03-11',
      amount: -500,
      description: 'TRANSFER FROM CHECKING',
    },
  ]);
  // Re-sent settled: the pending ones settle.
  await push(
    tenant,
    rows.filter((row) => 'pending' in row).map(({ pending: _pending, ...row }) => row),
  );
  await harness.sweep();
  for (const query of [
    '',
    '?from=2026-03-01&to=2026-03-31',
    '?search=starbucks&from=2026-03-01&to=2026-03-31',
    '?category=6000&from=2026-03-01&to=2026-03-31',
    '?sweepState=failed',
    '?sweepState=queued',
    '?sweepState=done&limit=5',
    '?from=2026-03-01&to=2026-03-31&limit=10&offset=10',
  ]) {
    assert.equal((await tenant.call('GET', `/v1/transactions${query}`)).statusCode, 200, query);
  }
  const list = (await tenant.call('GET', '/v1/transactions?from=2026-03-01&to=2026-03-31&limit=200')).json()
    .data as Array<{ id: string; description: string }>;
  const starbucks = list.filter((row) => row.description.startsWith('STARBUCKS'));
  assert.equal((await tenant.call('GET', `/v1/transactions/${starbucks[0].id}`)).statusCode, 200);
  assert.equal(
    (await tenant.call('PATCH', `/v1/transactions/${starbucks[0].id}`, { category: '6100' })).statusCode,
    200,
  );
  assert.equal(
    (await tenant.call('POST', '/v1/rules', { pattern: 'ACME SUPPLY', category: '6000', applyTo: 'all' })).statusCode,
    201,
  );
  assert.equal((await tenant.call('DELETE', `/v1/transactions/${starbucks[1].id}`)).statusCode, 200);
  assert.equal((await tenant.call('GET', '/v1/health-score')).statusCode, 200);
  assert.equal((await tenant.call('GET', '/v1/bank-accounts')).statusCode, 200);
  // A statement of the account, then a second copy of the same period without one of its lines.
  const lines = [
    { date: '2026-04-02', description: 'MONTHLY SERVICE FEE', amountMinor: 1_500 },
    { date: '2026-04-20', description: 'CUSTOMER PAYMENT', amountMinor: -9_000 },
  ];
  const statement = (kept: typeof lines) =>
    camt(
      month({
        accountNumber: '000011112222',
        periodStart: '2026-04-01',
        periodEnd: '2026-04-30',
        openingMinor: 50_000,
        lines: kept,
      }),
    );
  for (const kept of [lines, lines.slice(0, 1)]) {
    assert.equal(
      (await upload(harness, tenant.key, { bytes: statement(kept) }, { bankAccountId: checking.id })).statusCode,
      202,
    );
    await processStatements(harness);
  }
  await harness.sweep();
}

async function planOf(text: string, parameters: unknown[]): Promise<string> {
  return harness.handle.db.connection().execute(async (connection) => {
    if (!ON_POSTGRES) {
      const result = await connection.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${text}`, parameters),
      );
      return result.rows.map((row) => row.detail).join('; ');
    }
    await connection.executeQuery(CompiledQuery.raw('set enable_seqscan = off'));
    try {
      const result = await connection.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${text}`, parameters),
      );
      return result.rows.map((row) => row['QUERY PLAN'].trim()).join('; ');
    } finally {
      await connection.executeQuery(CompiledQuery.raw('set enable_seqscan = on'));
    }
  });
}

test('every query on transactions reaches its rows through an index', async () => {
  startRecording();
  await workload();
  for (const undo of restore.splice(0)) undo();
  assert.ok(seen.size >= 20, `the workload ran the service's queries on transactions (${seen.size} seen)`);
  const scans: string[] = [];
  const listing: string[] = [];
  for (const [text, parameters] of seen) {
    const plan = await planOf(text, parameters);
    const scanned = ON_POSTGRES ? /Seq Scan on transactions\b/.test(plan) : /\bSCAN transactions\b/.test(plan);
    if (scanned) scans.push(`${text.replace(/\s+/g, ' ')}\n    ${plan}`);
    // A query that names its rows by key looks each key up (SQLite: the unique indexes on id and on
    // (bank_account_id, external_id)) instead of walking a tenant's rows through a tenant-first index.
    if (
      !ON_POSTGRES &&
      /"(id|external_id)" (=|in)/.test(text) &&
      !/"transactions"\.\*/.test(text) &&
      /transactions_(tenant|account)_/.test(plan)
    ) {
      scans.push(`${text.replace(/\s+/g, ' ')}\n    (not by its key) ${plan}`);
    }
    const indexes = [
      ...new Set(
        plan.match(
          /transactions_[a-z_]+|sqlite_autoindex_transactions_\d|transactions_pkey|PRIMARY KEY|INTEGER PRIMARY KEY/g,
        ) ?? [],
      ),
    ];
    listing.push(`${indexes.join(', ') || '(none)'}\t${text.replace(/\s+/g, ' ').slice(0, 220)}`);
  }
  if (process.env.TRANSACTION_PLANS) process.stdout.write(`${listing.sort().join('\n')}\n`);
  assert.deepEqual(scans, [], `queries that scan transactions:\n${scans.join('\n')}`);
});
