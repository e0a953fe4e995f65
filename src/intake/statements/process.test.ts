import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pino from 'pino';
import { camt, month } from '../../../test/fixtures/statements/pipeline.ts';
import { createHarness, type Harness, type TestTenant } from '../../../test/support/harness.ts';
import { processStatements, TEST_PROCESSING, upload } from '../../../test/support/statements.ts';
import { createStatementWorker, createWorker } from '../../background/workers.ts';
import type { SweepWorker } from '../../sweep/worker.ts';
import { processStatementsOnce } from './process.ts';
import { readerFor } from './readers/index.ts';
import type { IngestStage } from './ingest.ts';
import type { StatementReader } from './types.ts';

let harness: Harness;
let acme: TestTenant;
let globex: TestTenant;
let sweepWorker: SweepWorker;
let statementWorker: SweepWorker;

before(async () => {
  harness = await createHarness({ onRowsArrived: () => statementWorker.nudge() });
  acme = await harness.newTenant('Acme LLC');
  globex = await harness.newTenant('Globex Inc');
  const logger = pino({ level: 'silent' });
  sweepWorker = createWorker(harness.handle, harness.config, logger);
  statementWorker = createStatementWorker(harness.handle, { ...harness.config, sweepIntervalMs: 60_000 }, logger, () =>
    sweepWorker.nudge(),
  );
});
after(() => harness.close());

const statement = (accountNumber: string, periodStart = '2026-03-01', periodEnd = '2026-03-31') =>
  month({
    accountNumber,
    periodStart,
    periodEnd,
    openingMinor: 50_000,
    lines: [
      { date: periodStart, description: 'MONTHLY SERVICE FEE', amountMinor: 1_500 },
      { date: periodEnd, description: 'CUSTOMER PAYMENT', amountMinor: -9_000 },
    ],
  });

const uploadId = async (tenant: TestTenant, bytes: Buffer) => {
  const response = await upload(harness, tenant.key, { bytes });
  assert.equal(response.statusCode, 202);
  return response.json().data.documentId as string;
};
const statusOf = async (tenant: TestTenant, documentId: string) =>
  (await tenant.call('GET', `/v1/bank-statements/${documentId}`)).json().data;

/** Everything an ingest writes, counted for a tenant: if a failed write left anything, one of these moves. */
async function footprint(tenantId: string) {
  const count = async (
    table: 'bank_accounts' | 'transactions' | 'statement_periods' | 'journal_entries' | 'accounts',
  ) =>
    Number(
      (
        await harness.handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('tenant_id', '=', tenantId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    bankAccounts: await count('bank_accounts'),
    rows: await count('transactions'),
    periods: await count('statement_periods'),
    journal: await count('journal_entries'),
    ledgerAccounts: await count('accounts'),
  };
}

test('atomicity: a failure injected in the middle of the write leaves nothing, and the document is read again later', async () => {
  for (const stage of ['account', 'rows', 'period'] as IngestStage[]) {
    const before = await footprint(globex.tenantId);
    const documentId = await uploadId(globex, camt(statement(`770000${stage.length}01`)));
    const failAt = (current: IngestStage) => {
      if (current === stage) throw new Error(`injected failure after ${stage}`);
    };
    const errors: unknown[] = [];
    const finished = await processStatementsOnce(
      harness.handle,
      { ...TEST_PROCESSING, leaseMs: 1 },
      { checkpoint: failAt, logger: { error: (object) => errors.push(object) } },
    );
    assert.equal(finished, 0);
    assert.equal(errors.length, 1, 'the failure is logged');
    assert.deepEqual(
      await footprint(globex.tenantId),
      before,
      `nothing of the statement is left after a failure at "${stage}"`,
    );
    assert.equal((await statusOf(globex, documentId)).status, 'processing', 'still waiting, not lost');

    await new Promise((resolve) => setTimeout(resolve, 5));
    assert.equal(await processStatements(harness), 1, 'once the claim lapses the document is taken up again');
    const status = await statusOf(globex, documentId);
    assert.equal(status.status, 'ingested');
    const after = await footprint(globex.tenantId);
    assert.equal(after.bankAccounts, before.bankAccounts + 1);
    assert.equal(after.rows, before.rows + 2);
    assert.equal(after.periods, before.periods + 1);
  }
});

test('a document that keeps failing is rejected after the attempts run out, not retried forever', async () => {
  const documentId = await uploadId(acme, camt(statement('7711000011')));
  const alwaysFail = () => {
    throw new Error('disk on fire');
  };
  const settings = { ...TEST_PROCESSING, leaseMs: 1, maxAttempts: 2 };
  for (let attempt = 0; attempt < 2; attempt++) {
    await processStatementsOnce(harness.handle, settings, { checkpoint: alwaysFail });
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  assert.equal((await statusOf(acme, documentId)).status, 'processing');
  assert.equal(await processStatementsOnce(harness.handle, settings, { checkpoint: alwaysFail }), 1);
  const status = await statusOf(acme, documentId);
  assert.equal(status.status, 'rejected');
  assert.equal(status.rejection.reason, 'document_unreadable');
  assert.match(status.rejection.message, /2 attempts/);
});

test('a worker that dies reading one document costs the documents it had claimed with it no attempt', async () => {
  // Found by the kill -9 chaos test: a healthy statement was rejected as "could not be processed in 3
  // attempts" after the service was killed three times while reading the one claimed beside it.
  const uploadNamed = async (filename: string, accountNumber: string) => {
    const response = await upload(harness, acme.key, {
      bytes: camt(statement(accountNumber, '2026-07-01', '2026-07-31')),
      filename,
    });
    assert.equal(response.statusCode, 202);
    return response.json().data.documentId as string;
  };
  const deadly = await uploadNamed('deadly.xml', '7715000015');
  await new Promise((resolve) => setTimeout(resolve, 5));
  const healthy = await uploadNamed('healthy.xml', '7716000016');
  const camtReader = readerFor('camt053')!;
  // Reading the deadly document never returns, as if the process died there; the pass is abandoned.
  const dyingOnDeadly = (): StatementReader => (bytes, context) =>
    context.filename === 'deadly.xml' ? new Promise(() => {}) : camtReader(bytes, context);
  const settings = { ...TEST_PROCESSING, leaseMs: 1, maxAttempts: 2 };
  for (let death = 0; death < settings.maxAttempts; death++) {
    void processStatementsOnce(harness.handle, settings, { readerFor: dyingOnDeadly });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.equal(await processStatementsOnce(harness.handle, settings, { readerFor: dyingOnDeadly }), 2);
  const deadlyStatus = await statusOf(acme, deadly);
  assert.equal(deadlyStatus.status, 'rejected');
  assert.match(deadlyStatus.rejection.message, /2 attempts/);
  assert.equal(
    (await statusOf(acme, healthy)).status,
    'ingested',
    'its neighbour was never read before, so it had attempts left',
  );
});

test('a reader that throws makes the document unreadable, never a failure of the service', async () => {
  const documentId = await uploadId(acme, camt(statement('7712000012')));
  await processStatements(harness, {
    readerFor: () => async () => {
      throw new TypeError("Cannot read properties of undefined (reading 'Stmt')");
    },
  });
  const status = await statusOf(acme, documentId);
  assert.equal(status.status, 'rejected');
  assert.equal(status.rejection.reason, 'document_unreadable');
  assert.match(status.rejection.message, /camt053 document could not be read/);
});

test('a worker that dies mid-read loses nothing, and its late write is discarded: the document is ingested once', async () => {
  const documentId = await uploadId(acme, camt(statement('7713000013')));
  let releaseStalled!: () => void;
  const stalled = new Promise<void>((resolve) => {
    releaseStalled = resolve;
  });
  let entered!: () => void;
  const claimedByA = new Promise<void>((resolve) => {
    entered = resolve;
  });
  const camtReader = readerFor('camt053')!;
  const leaseMs = 1_000;
  // Worker A claims the document and then stalls inside the reader, as a hung or dead process would.
  const workerA = processStatementsOnce(
    harness.handle,
    { ...TEST_PROCESSING, leaseMs },
    {
      readerFor: () => async (bytes, context) => {
        entered();
        await stalled;
        return camtReader(bytes, context);
      },
    },
  );
  await claimedByA;
  const claimedAt = Date.now();
  assert.equal(
    await processStatementsOnce(harness.handle, TEST_PROCESSING),
    0,
    'while A holds the claim nobody else takes the document',
  );
  assert.ok(Date.now() - claimedAt < leaseMs, 'the check above ran inside the lease');
  await new Promise((resolve) => setTimeout(resolve, leaseMs + 50));
  assert.equal(
    await processStatementsOnce(harness.handle, TEST_PROCESSING),
    1,
    'after the lease lapses worker B ingests it',
  );
  releaseStalled();
  assert.equal(await workerA, 0, 'A finds its claim gone and writes nothing');
  const status = await statusOf(acme, documentId);
  assert.equal(status.status, 'ingested');
  const periods = (await acme.call('GET', `/v1/bank-statements?bankAccountId=${status.statement.bankAccountId}`)).json()
    .data;
  assert.equal(periods.length, 1);
  const rows = (await acme.call('GET', '/v1/transactions?from=2026-03-01&to=2026-03-31&limit=200'))
    .json()
    .data.filter((row: { bankAccountId: string }) => row.bankAccountId === status.statement.bankAccountId);
  assert.equal(rows.length, 2);
});

test('concurrent workers never process one document twice', async () => {
  const ids: string[] = [];
  for (let index = 0; index < 6; index++) ids.push(await uploadId(globex, camt(statement(`78000000${index}2`))));
  const results = await Promise.all(
    Array.from({ length: 3 }, () => processStatementsOnce(harness.handle, { ...TEST_PROCESSING, batchSize: 2 })),
  );
  assert.equal(
    results.reduce((sum, value) => sum + value, 0),
    6,
    'each document reached its outcome exactly once',
  );
  const attempts = await harness.handle.db
    .selectFrom('statement_documents')
    .select(['id', 'attempts', 'status'])
    .where('id', 'in', ids)
    .execute();
  assert.ok(
    attempts.every((row) => row.attempts === 1 && row.status === 'ingested'),
    JSON.stringify(attempts),
  );
});

test('a document that hangs its worker uses up only its own attempts: a good document waiting beside it is ingested', async () => {
  const poison = camt(statement('7714000014'));
  const poisonId = await uploadId(acme, poison);
  const goodId = await uploadId(acme, camt(statement('7715000015')));
  const camtReader = readerFor('camt053')!;
  const hung: Array<() => void> = [];
  // Reading the poison document never ends, as a worker stuck in a reader or killed mid-read leaves it.
  const options = {
    readerFor: () => async (bytes: Buffer, context: Parameters<typeof camtReader>[1]) => {
      if (bytes.equals(poison)) await new Promise<void>((resolve) => hung.push(resolve));
      return camtReader(bytes, context);
    },
  };
  // Long enough that the first worker's claim on the poison document cannot lapse before the second worker
  // asks (it would then take the poison one and hang too): CI under load once took longer than 300 ms there.
  const leaseMs = 1_500;
  const settings = { ...TEST_PROCESSING, leaseMs, maxAttempts: 2 };
  const untilHung = async (count: number) => {
    while (hung.length < count) await new Promise((resolve) => setTimeout(resolve, 5));
  };
  const workers = [processStatementsOnce(harness.handle, settings, options)];
  await untilHung(1);
  assert.equal(
    await processStatementsOnce(harness.handle, settings, options),
    1,
    'another worker takes the good document while the first hangs on the poison one',
  );
  await new Promise((resolve) => setTimeout(resolve, leaseMs + 50));
  workers.push(processStatementsOnce(harness.handle, settings, options));
  await untilHung(2);
  await new Promise((resolve) => setTimeout(resolve, leaseMs + 50));
  assert.equal(
    await processStatementsOnce(harness.handle, settings, options),
    1,
    'the poison document, out of attempts, is rejected',
  );
  for (const release of hung) release();
  assert.deepEqual(await Promise.all(workers), [0, 0], 'the hung workers find their claims gone');

  assert.equal((await statusOf(acme, goodId)).status, 'ingested');
  const rejected = await statusOf(acme, poisonId);
  assert.equal(rejected.status, 'rejected');
  assert.match(rejected.rejection.message, /2 attempts/);
  const attempts = await harness.handle.db
    .selectFrom('statement_documents')
    .select(['id', 'attempts'])
    .where('id', 'in', [poisonId, goodId])
    .execute();
  assert.equal(attempts.find((row) => row.id === goodId)!.attempts, 1, 'the good document was claimed once');
});

test('the background worker ingests an upload when nudged and the sweep then books its rows', async () => {
  sweepWorker.start();
  statementWorker.start();
  try {
    const documentId = await uploadId(acme, camt(statement('7714000014', '2026-06-01', '2026-06-30')));
    const deadline = Date.now() + 10_000;
    let rows: Array<{ journalEntryId: string | null }> = [];
    while (Date.now() < deadline) {
      const status = await statusOf(acme, documentId);
      if (status.status === 'ingested') {
        rows = (await acme.call('GET', '/v1/transactions?from=2026-06-01&to=2026-06-30')).json().data;
        if (rows.length === 2 && rows.every((row) => row.journalEntryId !== null)) break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.equal(rows.length, 2, 'ingested by the nudged worker (its idle interval is a minute)');
    assert.ok(
      rows.every((row) => row.journalEntryId !== null),
      'booked by the sweep it nudged',
    );
  } finally {
    await statementWorker.stop();
    await sweepWorker.stop();
  }
});
