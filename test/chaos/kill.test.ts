import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { camt, month } from '../fixtures/statements/pipeline.ts';
import { seededRandom } from '../fixtures/statements/models.ts';
import { contentKey } from '../../src/intake/identity.ts';
import { DEFAULT_STATEMENT_PROCESSING } from '../../src/intake/statements/process.ts';
import { createApiKey } from '../../src/tenancy/api-keys.ts';
import { createTenant } from '../../src/tenancy/tenants.ts';
import { openTestDatabase } from '../support/harness.ts';
import { recomputationViolations } from '../support/recomputation.ts';
import { multipartBody } from '../support/statements.ts';

/**
 * kill -9 as a test: the real service (bin/bookkeeping.js serve, the sweep and the statement worker
 * in its process) on a temporary SQLite file or a PostgreSQL schema of its own, driven by concurrent
 * pushes, settlements, corrections and statement uploads, killed with SIGKILL at a random moment,
 * restarted, killed again… Once the last start has drained, the books must be whole: the journal
 * equals a recomputation from the rows (every entry balanced, no row booked twice, the trial balance
 * what the rows say), every acknowledged push is there exactly once and an unacknowledged one wholly
 * or not at all, every statement wholly ingested or not at all, every settled row booked.
 *
 * CHAOS_KILLS sets the number of kills (CI: 4); CHAOS_SEED the moments and the data.
 */
const KILLS = Number(process.env.CHAOS_KILLS ?? 4);
const SEED = Number(process.env.CHAOS_SEED ?? 42);
const BIN = fileURLToPath(new URL('../../bin/bookkeeping.js', import.meta.url));
const INSTITUTION = 'Chaos Bank';
const ACCOUNT = 'chk-1';
const ROWS_PER_PUSH = 250;
const LINES_PER_STATEMENT = 200;
const CATEGORIES = ['6200', '6210', '4000', '6999', '5000', 'transfer'];
const DESCRIPTIONS = [
  'OFFICE DEPOT 221',
  'STRIPE PAYOUT',
  'MONTHLY SERVICE FEE',
  'Coffee',
  'Client payment',
  'GUSTO PAYROLL',
  'FIGMA MONTHLY',
  'Shell Oil 5723',
];
const AS_OF = '2026-12-31';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let tenantId: string;
let key: string;

before(async () => {
  database = await openTestDatabase();
  ({ tenantId } = await createTenant(database.handle, { legalName: 'Chaos LLC', stateCode: 'DE' }));
  ({ key } = await createApiKey(database.handle, tenantId, ['read', 'write'], 'chaos'));
});
after(() => database.dispose());

interface Service {
  child: ChildProcess;
  base: string;
  exited: Promise<void>;
  output: string[];
}

async function startService(): Promise<Service> {
  const child = spawn(process.execPath, [BIN, 'serve'], {
    env: {
      ...process.env,
      DATABASE_URL: database.databaseUrl,
      ...(database.schema ? { DATABASE_SCHEMA: database.schema } : {}),
      HOST: '127.0.0.1',
      PORT: '0',
      SMTP_PORT: '0',
      LOG_LEVEL: 'warn',
      // Small sweep batches: a backlog takes many transactions, so a kill lands inside one.
      SWEEP_BATCH_SIZE: '40',
      SWEEP_INTERVAL_MS: '100',
      // A killed worker's claim on a document lapses quickly, so the next start reads it again.
      STATEMENT_LEASE_MS: '1000',
      RATE_LIMIT_READ_BURST: '1000000',
      RATE_LIMIT_READ_PER_SECOND: '1000000',
      RATE_LIMIT_WRITE_BURST: '1000000',
      RATE_LIMIT_WRITE_PER_SECOND: '1000000',
      RATE_LIMIT_REPORT_BURST: '1000000',
      RATE_LIMIT_REPORT_PER_SECOND: '1000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const keep = (line: string) => {
    output.push(line);
    if (output.length > 50) output.shift();
  };
  createInterface({ input: child.stderr! }).on('line', keep);
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the service did not start: ${output.join('\n')}`)), 60_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      keep(line);
      if (!line.includes('"listening"')) return;
      clearTimeout(timer);
      resolve(JSON.parse(line).listening);
    });
    child.once('exit', (code) =>
      reject(new Error(`the service exited (${code}) before listening: ${output.join('\n')}`)),
    );
  });
  return { child, base, exited, output };
}

async function kill(service: Service): Promise<void> {
  service.child.kill('SIGKILL');
  await service.exited;
}

type Call = (method: string, path: string, body?: unknown) => Promise<{ status: number; json: () => Promise<any> }>;
const callerOf =
  (base: string): Call =>
  async (method, path, body) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, json: () => response.json() };
  };

interface PushBatch {
  rows: Array<{ id: string; date: string; amountMinor: number; description: string; pending: boolean }>;
  acknowledged: boolean;
}
interface Upload {
  last4: string;
  lines: Array<{ date: string; description: string; amountMinor: number }>;
  acknowledged: boolean;
}

test(`kill -9 the service ${KILLS} times during pushes, statement ingest and the sweep: the books stay whole`, {
  timeout: 15 * 60_000,
}, async (t) => {
  const random = seededRandom(SEED);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const date = () => `2026-0${3 + Math.floor(random() * 3)}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
  const amount = () => (random() < 0.25 ? -1 : 1) * (1 + Math.floor(random() * 300_000));
  const batches: PushBatch[] = [];
  const uploads: Upload[] = [];
  /** Per row id: corrections acknowledged (the last counts) and attempted after it (any may have committed). */
  const corrections = new Map<string, { acknowledged: string | null; attempted: string[] }>();
  const settled = new Set<string>();
  /** Per document: attempts counted when last seen, and how many kills hit it while it was being read. */
  const attemptsSeen = new Map<string, number>();
  const diedReading = new Map<string, number>();
  let rowNumber = 0;
  let uploadNumber = 0;

  let service = await startService();
  const created = await callerOf(service.base)('POST', '/bank-accounts', {
    institutionName: INSTITUTION,
    accounts: [
      {
        externalId: ACCOUNT,
        name: 'Operating',
        kind: 'checking',
        currency: 'USD',
        openingBalance: 5000,
        openingBalanceDate: '2026-01-01',
      },
    ],
  });
  assert.equal(created.status, 200);

  for (let round = 0; round <= KILLS; round += 1) {
    if (round > 0) service = await startService();
    if (round === KILLS) break;
    const call = callerOf(service.base);
    let alive = true;
    let answered = 0;

    const pusher = async () => {
      while (alive) {
        const batch: PushBatch = { acknowledged: false, rows: [] };
        for (let index = 0; index < ROWS_PER_PUSH; index += 1)
          batch.rows.push({
            id: `r${rowNumber++}`,
            date: date(),
            amountMinor: amount(),
            description: pick(DESCRIPTIONS),
            pending: random() < 0.1,
          });
        batches.push(batch);
        const response = await call('POST', '/transactions', {
          institutionName: INSTITUTION,
          transactions: batch.rows.map((row) => ({
            accountExternalId: ACCOUNT,
            id: row.id,
            date: row.date,
            amount: row.amountMinor / 100,
            description: row.description,
            pending: row.pending,
          })),
        });
        assert.equal(response.status, 200);
        batch.acknowledged = true;
        answered += 1;
        // A re-send settles what was pending (and counts as deduplicated for the rest).
        const pending = batch.rows.filter((row) => row.pending);
        if (pending.length === 0) continue;
        const settle = await call('POST', '/transactions', {
          institutionName: INSTITUTION,
          transactions: pending.map((row) => ({
            accountExternalId: ACCOUNT,
            id: row.id,
            date: row.date,
            amount: row.amountMinor / 100,
            description: row.description,
          })),
        });
        assert.equal(settle.status, 200);
        for (const row of pending) settled.add(row.id);
      }
    };
    const uploader = async () => {
      while (alive) {
        const number = uploadNumber++;
        const last4 = String(1000 + number);
        const start = `2026-0${3 + (number % 3)}-01`;
        const lines = Array.from({ length: LINES_PER_STATEMENT }, () => ({
          date: `${start.slice(0, 8)}${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`,
          description: pick(DESCRIPTIONS),
          amountMinor: amount(),
        }));
        const upload: Upload = { last4, lines, acknowledged: false };
        uploads.push(upload);
        const statement = month({
          accountNumber: `770000${last4}`,
          periodStart: start,
          periodEnd: `${start.slice(0, 8)}28`,
          openingMinor: 1_000_000,
          lines,
        });
        const { payload, contentType } = multipartBody({}, [
          { bytes: camt(statement), filename: `statement-${last4}.xml`, contentType: 'application/xml' },
        ]);
        const response = await fetch(`${service.base}/bank-statements`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': contentType },
          body: new Uint8Array(payload),
        });
        assert.equal(response.status, 202);
        upload.acknowledged = true;
        answered += 1;
        await new Promise((resolve) => setTimeout(resolve, 100 + random() * 300));
      }
    };
    const corrector = async () => {
      while (alive) {
        const listed = await call(
          'GET',
          `/transactions?from=2026-03-01&to=2026-05-31&limit=50&offset=${Math.floor(random() * 200)}`,
        );
        assert.equal(listed.status, 200);
        const rows: Array<{ id: string }> = (await listed.json()).data;
        if (rows.length === 0) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          continue;
        }
        const row = pick(rows);
        const category = pick(CATEGORIES);
        const record = corrections.get(row.id) ?? { acknowledged: null, attempted: [] };
        corrections.set(row.id, record);
        record.attempted.push(category);
        const response = await call('PATCH', `/transactions/${row.id}`, { category, reason: 'chaos' });
        assert.equal(response.status, 200);
        record.acknowledged = category;
        answered += 1;
        record.attempted = [];
      }
    };
    // Each loop ends at the kill with a refused or reset connection; any other failure fails the test.
    const lostConnection = (error: unknown) => {
      if (alive) throw error;
    };
    const load = [pusher(), uploader(), corrector()].map((loop) => loop.catch(lostConnection));
    // The moment: once the service has answered a few requests (a loaded machine may take seconds to
    // answer the first), then at random: rows arriving, a statement being read, a backlog being swept.
    const answersWanted = 1 + Math.floor(random() * 4);
    const giveUpAt = Date.now() + 30_000;
    while (answered < answersWanted && Date.now() < giveUpAt) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, random() * 1_500));
    const waiting = await rowsWaiting();
    alive = false;
    await kill(service);
    await Promise.all(load);
    // Documents whose reading had started (an attempt counted) and not finished died with the process.
    let beingRead = 0;
    for (const document of await database.handle.db
      .selectFrom('statement_documents')
      .select(['id', 'attempts'])
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'processing')
      .execute()) {
      if (document.attempts > (attemptsSeen.get(document.id) ?? 0)) {
        diedReading.set(document.id, (diedReading.get(document.id) ?? 0) + 1);
        beingRead += 1;
      }
      attemptsSeen.set(document.id, document.attempts);
    }
    const pushInFlight = batches.at(-1)?.acknowledged === false;
    t.diagnostic(
      `kill ${round + 1}: ${answered} requests answered in this life; at the kill ${pushInFlight ? 'a push in flight, ' : ''}${beingRead} statement(s) being read, ${waiting} rows waiting for the sweep`,
    );
  }

  // The last start drains the queues: every document read, every settled row booked.
  const drainedBy = Date.now() + 5 * 60_000;
  while ((await rowsWaiting()) > 0 || (await documentsProcessing()) > 0) {
    assert.ok(Date.now() < drainedBy, `the service did not drain: ${service.output.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  service.child.kill('SIGTERM');
  await service.exited;

  const db = database.handle.db;
  assert.deepEqual(await recomputationViolations(database.handle, tenantId, { asOf: AS_OF }), []);

  const [account] = await db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('external_id', '=', ACCOUNT)
    .execute();
  const pushedRows = await db
    .selectFrom('transactions')
    .select(['external_id', 'pending', 'category_target', 'category_source', 'id'])
    .where('tenant_id', '=', tenantId)
    .where('bank_account_id', '=', account.id)
    .execute();
  const byExternalId = new Map(pushedRows.map((row) => [row.external_id, row]));
  assert.equal(byExternalId.size, pushedRows.length, 'no pushed row is there twice');
  for (const batch of batches) {
    const present = batch.rows.filter((row) => byExternalId.has(`id:${row.id}`)).length;
    if (batch.acknowledged) assert.equal(present, batch.rows.length, 'an acknowledged push is there whole');
    else
      assert.ok(
        present === 0 || present === batch.rows.length,
        `an unacknowledged push is there whole or not at all (${present} of ${batch.rows.length})`,
      );
  }
  for (const id of settled)
    assert.equal(byExternalId.get(`id:${id}`)?.pending, 0, `row ${id}, acknowledged settled, is settled`);
  const rowById = new Map(pushedRows.map((row) => [row.id, row]));
  for (const [rowId, record] of corrections) {
    const row = rowById.get(rowId);
    if (!row || record.acknowledged === null) continue;
    assert.ok(
      [record.acknowledged, ...record.attempted].includes(row.category_target!),
      `row ${rowId} keeps its acknowledged correction`,
    );
  }

  // A document is ingested, unless the service died reading it as often as a poison document would
  // make it die (DEFAULT_STATEMENT_PROCESSING.maxAttempts times): then it is rejected for that.
  const documents = await db
    .selectFrom('statement_documents')
    .select(['id', 'status', 'filename', 'rejection_message'])
    .where('tenant_id', '=', tenantId)
    .execute();
  const exhausted = documents.filter(
    (document) =>
      document.status === 'rejected' && (diedReading.get(document.id) ?? 0) >= DEFAULT_STATEMENT_PROCESSING.maxAttempts,
  );
  for (const document of exhausted) assert.match(document.rejection_message!, /could not be processed in \d+ attempts/);
  assert.deepEqual(
    documents.filter((document) => document.status !== 'ingested' && !exhausted.includes(document)),
    [],
    'every other document stored is ingested',
  );
  const statementAccounts = await db
    .selectFrom('bank_accounts')
    .select(['id', 'external_id'])
    .where('tenant_id', '=', tenantId)
    .where('source', '=', 'statement')
    .execute();
  for (const upload of uploads) {
    const statementAccount = statementAccounts.find((candidate) => candidate.external_id === `****${upload.last4}`);
    const stored = documents.find((document) => document.filename === `statement-${upload.last4}.xml`);
    if (stored && exhausted.includes(stored)) {
      assert.equal(statementAccount, undefined, `statement ${upload.last4}, rejected, left nothing`);
      continue;
    }
    if (upload.acknowledged)
      assert.ok(stored && statementAccount, `acknowledged statement ${upload.last4} is ingested`);
    if (!statementAccount) {
      assert.ok(!stored, `statement ${upload.last4}: stored but its account is missing`);
      continue;
    }
    const rows = await db
      .selectFrom('transactions')
      .select('content_key')
      .where('tenant_id', '=', tenantId)
      .where('bank_account_id', '=', statementAccount.id)
      .execute();
    assert.deepEqual(
      rows.map((row) => row.content_key).sort(),
      upload.lines.map((line) => contentKey(line.date, line.amountMinor, line.description)).sort(),
      `statement ${upload.last4} is ingested whole`,
    );
  }
  t.diagnostic(
    `${KILLS} kills; ${batches.length} pushes (${batches.filter((batch) => batch.acknowledged).length} acknowledged), ${pushedRows.length} pushed rows; ${uploads.length} uploads (${documents.length} stored, ${exhausted.length} rejected after dying with the service ${DEFAULT_STATEMENT_PROCESSING.maxAttempts} times); ${corrections.size} rows corrected`,
  );
});

async function rowsWaiting(): Promise<number> {
  const { count } = await database.handle.db
    .selectFrom('transactions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('tenant_id', '=', tenantId)
    .where('sweep_state', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(count);
}

async function documentsProcessing(): Promise<number> {
  const { count } = await database.handle.db
    .selectFrom('statement_documents')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'processing')
    .executeTakeFirstOrThrow();
  return Number(count);
}
