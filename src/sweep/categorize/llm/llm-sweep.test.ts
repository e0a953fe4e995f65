import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { answer, FakeLlmServer, rowsIn } from '../../../../test/support/fake-llm-server.ts';
import { createAccount, createHarness, push, type Harness, type TestTenant } from '../../../../test/support/harness.ts';
import { loadConfig } from '../../../config/config.ts';
import { setReviewThreshold } from '../../../tenancy/tenant-settings.ts';
import { LLM_CONFIDENCE_CAP } from './llm-batch-tier.ts';

/** The llm tier as the running sweep uses it: through the API, against a server speaking the protocol. */
const server = new FakeLlmServer();
let harness: Harness;
let tenant: TestTenant;
let bankLedger: string;

before(async () => {
  const baseUrl = await server.start();
  const llm = loadConfig({
    LLM_BASE_URL: baseUrl,
    LLM_MODEL: 'test-model',
    LLM_TIMEOUT_MS: '2000',
    LLM_MAX_RETRIES: '1',
    LLM_RETRY_BASE_MS: '10',
    LLM_DAILY_BUDGET_ROWS: '1000',
  }).llm;
  harness = await createHarness({ config: (config) => ({ ...config, llm }) });
});
beforeEach(async () => {
  server.received.length = 0;
  server.replies = [];
  tenant = await harness.newTenant();
  bankLedger = (await createAccount(tenant, 'chk')).ledgerAccountNumber;
});
after(async () => {
  await harness.close();
  await server.stop();
});

async function rowDescribed(description: string) {
  const listed = (await tenant.call('GET', '/v1/transactions?from=2026-01-01&to=2026-12-31&limit=200')).json().data;
  const row = listed.find((candidate: { description: string }) => candidate.description === description);
  assert.ok(row, `row ${description} is listed`);
  return row;
}

const MEALS = '6160';

const LOCAL = 'POS PURCHASE QUORVANE 0442 AUSTIN TX';

test('only rows no other tier is sure of are sent; the answer files the row for review and books it', async () => {
  server.replies = [
    (request, response) => answer(response, request.body, () => ({ account: MEALS, confidence: 0.93 })),
  ];
  assert.equal(
    (
      await push(tenant, [
        { accountExternalId: 'chk', id: 'local', date: '2026-03-02', amount: 41.5, description: LOCAL },
        { accountExternalId: 'chk', id: 'known', date: '2026-03-02', amount: 20, description: 'GITHUB INC' },
      ])
    ).statusCode,
    200,
  );
  await harness.sweep();

  assert.equal(server.received.length, 1);
  const sent = rowsIn(server.received[0].body);
  assert.deepEqual(
    sent.map((row) => row.descriptor),
    ['POS PURCHASE QUORVANE 0442 AUSTIN TX'],
    'the directory decided GitHub',
  );
  const allowed: string[] =
    server.received[0].body.response_format.json_schema.schema.properties.results.items.properties.account.enum;
  assert.ok(allowed.includes(MEALS) && allowed.includes('transfer'));
  assert.ok(!allowed.includes(bankLedger), "the bank account's own ledger account is never an answer");

  const local = await rowDescribed(LOCAL);
  assert.equal(local.category.accountNumber, MEALS);
  assert.equal(local.category.source, 'llm');
  assert.equal(
    local.category.confidence,
    LLM_CONFIDENCE_CAP,
    "the model's own certainty is capped: it is not calibrated",
  );
  assert.equal(local.needsReview, true);
  const entry = (await tenant.call('GET', `/v1/journal-entries/${local.journalEntryId}`)).json().data;
  assert.deepEqual(
    entry.lines.map((line: { accountNumber: string }) => line.accountNumber).sort(),
    [bankLedger, MEALS].sort(),
    'booked to the account the model named',
  );
  assert.equal((await rowDescribed('GITHUB INC')).category.source, 'directory');
});

test('a tenant threshold below the cap lets an llm answer through without review', async () => {
  await setReviewThreshold(harness.handle, tenant.tenantId, 0.7);
  server.replies = [(request, response) => answer(response, request.body, () => ({ account: MEALS, confidence: 0.9 }))];
  await push(tenant, [
    {
      accountExternalId: 'chk',
      id: 'local',
      date: '2026-03-03',
      amount: 18,
      description: 'CHECKCARD 0303 EL FAROLITO SF CA',
    },
  ]);
  await harness.sweep();
  const row = await rowDescribed('CHECKCARD 0303 EL FAROLITO SF CA');
  assert.equal(row.category.source, 'llm');
  assert.equal(row.needsReview, false);
});

test('the model is asked outside the write transaction: rows can be pushed while it thinks', async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.replies = [
    (request, response) => {
      void held.then(() => answer(response, request.body, () => ({ account: MEALS, confidence: 0.5 })));
    },
  ];
  await push(tenant, [
    { accountExternalId: 'chk', id: 'first', date: '2026-03-04', amount: 12, description: 'SQ *QUILVEN ZORBAT' },
  ]);
  let swept = false;
  const sweeping = harness.sweep().then(() => {
    swept = true;
  });
  // The row must reach the model (no other tier knows the name); waited for a minute at most.
  for (const started = Date.now(); server.received.length === 0; ) {
    assert.ok(Date.now() - started < 60_000, 'the model was asked about the row no other tier is sure of');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }

  const pushed = await push(tenant, [
    { accountExternalId: 'chk', id: 'second', date: '2026-03-04', amount: 9, description: 'SQ *QUILVEN ZORBAT #2' },
  ]);
  assert.equal(pushed.statusCode, 200, 'the push did not wait for the model');
  assert.equal(swept, false, 'the model had not answered yet');
  release();
  await sweeping;
  assert.equal((await rowDescribed('SQ *QUILVEN ZORBAT')).category.source, 'llm');
  assert.equal(
    (await rowDescribed('SQ *QUILVEN ZORBAT #2')).needsReview,
    true,
    'a row the model was not asked about is still swept, for review',
  );
});

test('a model that keeps failing leaves rows on the catch-all for review; the sweep goes on', async () => {
  server.replies = [
    (_request, response) => {
      response.writeHead(500);
      response.end();
    },
    (_request, response) => {
      response.writeHead(503);
      response.end();
    },
  ];
  await push(tenant, [
    {
      accountExternalId: 'chk',
      id: 'local',
      date: '2026-03-05',
      amount: 130.37,
      description: 'POS DEBIT VELNORA 2231',
    },
  ]);
  assert.equal(await harness.sweep(), 1);
  assert.equal(server.received.length, 2, 'one retry');
  const row = await rowDescribed('POS DEBIT VELNORA 2231');
  assert.equal(row.category.accountNumber, '6999');
  assert.equal(row.category.source, null);
  assert.equal(row.needsReview, true);
});

test('without LLM_BASE_URL and LLM_MODEL nothing is sent', async () => {
  const plain = await createHarness();
  try {
    const other = await plain.newTenant();
    await createAccount(other, 'chk');
    await push(other, [
      {
        accountExternalId: 'chk',
        id: 'local',
        date: '2026-03-05',
        amount: 130.37,
        description: 'POS DEBIT VELNORA 2231',
      },
    ]);
    assert.equal(await plain.sweep(), 1);
    assert.equal(server.received.length, 0);
  } finally {
    await plain.close();
  }
});
