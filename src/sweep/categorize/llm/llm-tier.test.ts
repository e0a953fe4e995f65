import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { loadConfig, type LlmSettings } from '../../../config/config.ts';
import { openTestDatabase } from '../../../../test/support/harness.ts';
import { answer, FakeLlmServer, rowsIn } from '../../../../test/support/fake-llm-server.ts';
import { createTenant } from '../../../tenancy/tenants.ts';
import type { DatabaseHandle } from '../../../db/connection.ts';
import type { CategorizationInput } from '../types.ts';
import { categorizeWithLlm, maskDigits, type LlmRow } from './llm-tier.ts';

const API_KEY = 'sk-test-secret-key-123';
const TAX_ID = '98-7654321';
const ACCOUNTS = [
  { accountNumber: '1010', name: 'Operating Bank Accounts' },
  { accountNumber: '6200', name: 'Software and Subscriptions' },
  { accountNumber: '6160', name: 'Meals' },
  { accountNumber: '6999', name: 'Uncategorized Expense' },
];

function row(tenantId: string, number: number, description = `GITHUB INC ${number}`): LlmRow {
  const input: CategorizationInput = {
    tenantId,
    entityId: 'entity',
    transactionId: `t${number}`,
    date: '2026-03-02',
    description,
    merchant: null,
    amountMinor: 4_000 + number,
    currency: 'USD',
    direction: 'out',
    bankAccountKind: 'checking',
  };
  return {
    input,
    examples: [{ descriptor: 'GITHUB INC', target: '6200', direction: 'out', typicalAmountMinor: 4_000 }],
    ownBankAccountNumber: '1010',
  };
}

describe('llm tier against a chat completions server', () => {
  const server = new FakeLlmServer();
  // Generous: on a loaded machine a shorter timeout fires on answered requests and adds a retry.
  const TIMEOUT_MS = 1500;
  let database: { handle: DatabaseHandle; dispose(): Promise<void> };
  let settings: LlmSettings;
  let tenantId: string;

  before(async () => {
    const baseUrl = await server.start();
    database = await openTestDatabase();
    settings = loadConfig({
      LLM_BASE_URL: baseUrl,
      LLM_API_KEY: API_KEY,
      LLM_MODEL: 'test-model',
      LLM_TIMEOUT_MS: String(TIMEOUT_MS),
      LLM_RETRY_BASE_MS: '10',
      LLM_BATCH_SIZE: '4',
      LLM_DAILY_BUDGET_ROWS: '1000',
    }).llm!;
  });
  beforeEach(async () => {
    server.received.length = 0;
    server.replies = [];
    tenantId = (await createTenant(database.handle, { legalName: 'Acme LLC', stateCode: 'DE', taxId: TAX_ID }))
      .tenantId;
  });
  after(async () => {
    await server.stop();
    await database.dispose();
  });

  it('is off unless an endpoint and a model are configured', () => {
    assert.equal(loadConfig({}).llm, null);
    assert.equal(loadConfig({ LLM_BASE_URL: 'http://localhost:8080/v1' }).llm, null);
  });

  it('sends batches with a schema restricted to the chart and no secrets, and keeps valid answers', async () => {
    const rows = Array.from({ length: 10 }, (_, index) =>
      row(
        tenantId,
        index + 1,
        index === 0 ? `IRS USATAXPYMT ${TAX_ID.replace('-', '')} 270012345678` : `GITHUB INC ${index + 1}`,
      ),
    );
    const decisions = await categorizeWithLlm(database.handle.db, settings, { tenantId, accounts: ACCOUNTS, rows });
    assert.equal(server.received.length, 3, 'ten rows in batches of four');
    assert.deepEqual(
      server.received.map((request) => rowsIn(request.body).length),
      [4, 4, 2],
    );
    for (const request of server.received) {
      assert.equal(request.path, '/v1/chat/completions');
      assert.equal(request.authorization, `Bearer ${API_KEY}`);
      assert.equal(request.body.model, 'test-model');
      assert.equal(request.body.response_format.type, 'json_schema');
      const items = request.body.response_format.json_schema.schema.properties.results.items;
      assert.deepEqual(items.properties.account.enum, ['1010', '6200', '6160', '6999', 'transfer']);
      const text = JSON.stringify(request.body);
      for (const secret of [API_KEY, TAX_ID, TAX_ID.replace('-', ''), tenantId, '270012345678'])
        assert.ok(!text.includes(secret), `prompt leaks ${secret}`);
      assert.ok(text.includes('Software and Subscriptions'));
      assert.ok(text.includes('GITHUB INC'), 'the neighbours are in the prompt');
    }
    assert.equal(decisions.size, 10);
    assert.deepEqual(decisions.get('t3'), { target: '6200', confidence: 0.8, source: 'llm' });
  });

  it("ignores unknown rows and accounts, catch-alls, the row's own bank account and malformed answers", async () => {
    server.replies = [
      (request, response) =>
        answer(
          response,
          request.body,
          (entry) =>
            [
              { account: '6160', confidence: 0.7 },
              { account: '7777', confidence: 0.9 },
              { account: '6999', confidence: 0.9 },
              { account: '1010', confidence: 0.9 },
            ][entry.row - 1],
        ),
      (request, response) =>
        answer(
          response,
          request.body,
          () => ({}),
          '{"results": [{"row": 9, "account": "6200", "confidence": 0.9}, {"row": 1, "account": "6200", "confidence": 7}]}',
        ),
      (request, response) => answer(response, request.body, () => ({}), 'I think it is software'),
    ];
    const rows = Array.from({ length: 12 }, (_, index) => row(tenantId, index + 1));
    const decisions = await categorizeWithLlm(database.handle.db, settings, { tenantId, accounts: ACCOUNTS, rows });
    assert.deepEqual([...decisions.keys()], ['t1']);
    assert.equal(decisions.get('t1')?.target, '6160');
  });

  it('retries after a timeout, a 429 and a 500, and gives up after the configured retries', async () => {
    server.replies = [
      () => {
        /* never answers: the client times out */
      },
      (_request, response) => {
        response.writeHead(429, { 'retry-after': '0' });
        response.end();
      },
      (_request, response) => {
        response.writeHead(500);
        response.end();
      },
    ];
    const started = Date.now();
    const first = await categorizeWithLlm(database.handle.db, settings, {
      tenantId,
      accounts: ACCOUNTS,
      rows: [row(tenantId, 1)],
    });
    assert.equal(first.size, 0, 'three failures with two retries: the row falls through');
    assert.equal(server.received.length, 3);
    assert.ok(Date.now() - started >= TIMEOUT_MS, 'the first attempt waited for its timeout');

    server.received.length = 0;
    server.replies = [
      (_request, response) => {
        response.writeHead(503);
        response.end();
      },
    ];
    const second = await categorizeWithLlm(database.handle.db, settings, {
      tenantId,
      accounts: ACCOUNTS,
      rows: [row(tenantId, 2)],
    });
    assert.equal(second.get('t2')?.target, '6200', 'answered on the retry');
    assert.equal(server.received.length, 2);

    server.received.length = 0;
    server.replies = [
      (_request, response) => {
        response.writeHead(400);
        response.end();
      },
    ];
    assert.equal(
      (
        await categorizeWithLlm(database.handle.db, settings, {
          tenantId,
          accounts: ACCOUNTS,
          rows: [row(tenantId, 3)],
        })
      ).size,
      0,
    );
    assert.equal(server.received.length, 1, 'a 400 is not retried');
  });

  it("stops at the tenant's daily budget, keeps it across restarts, and gives back rows of failed requests", async () => {
    const small = { ...settings, dailyBudgetRows: 6, maxRetries: 0 };
    server.replies = [
      (_request, response) => {
        response.writeHead(500);
        response.end();
      },
    ];
    const failed = await categorizeWithLlm(database.handle.db, small, {
      tenantId,
      accounts: ACCOUNTS,
      rows: [row(tenantId, 1)],
    });
    assert.equal(failed.size, 0);
    const decided = await categorizeWithLlm(database.handle.db, small, {
      tenantId,
      accounts: ACCOUNTS,
      rows: Array.from({ length: 10 }, (_, index) => row(tenantId, index + 1)),
    });
    assert.equal(decided.size, 6, 'the failed row was given back, so six rows fit');
    assert.equal(server.received.length, 3);
    assert.deepEqual(
      server.received.slice(1).map((request) => rowsIn(request.body).length),
      [4, 2],
    );

    // A new process reads the same usage: nothing more today for this tenant, but another tenant has its own.
    server.received.length = 0;
    const later = await categorizeWithLlm(
      database.handle.db,
      { ...small },
      { tenantId, accounts: ACCOUNTS, rows: [row(tenantId, 11)] },
    );
    assert.equal(later.size, 0);
    assert.equal(server.received.length, 0);
    const other = (await createTenant(database.handle, { legalName: 'Other LLC', stateCode: 'DE' })).tenantId;
    assert.equal(
      (
        await categorizeWithLlm(database.handle.db, small, {
          tenantId: other,
          accounts: ACCOUNTS,
          rows: [row(other, 1)],
        })
      ).size,
      1,
    );
  });

  it('masks long digit runs and keeps short numbers', () => {
    assert.equal(maskDigits('IRS USATAXPYMT 270012345678 98-7654321'), 'IRS USATAXPYMT #');
    assert.equal(maskDigits('7-ELEVEN 123 MAIN'), '7-ELEVEN 123 MAIN');
  });
});
