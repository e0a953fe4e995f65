import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, test } from 'node:test';
import { createAccount, createHarness, push, type Harness, type TestTenant } from '../../test/support/harness.ts';
import { processStatements, upload } from '../../test/support/statements.ts';

/**
 * One input domain for both databases (issue 16): what SQLite would store and PostgreSQL refuse
 * (a NUL, year 0000) is refused before any query, the same way on both, with `{error, reason}`.
 */
let harness: Harness;
let tenant: TestTenant;
let rowId: string;
let bankAccountId: string;

before(async () => {
  harness = await createHarness();
  tenant = await harness.newTenant();
  bankAccountId = (await createAccount(tenant, 'chk-1')).id;
  await push(tenant, [
    { accountExternalId: 'chk-1', id: 'seed', date: '2026-03-02', amount: 10, description: 'Seed row' },
  ]);
  rowId = (await tenant.call('GET', '/v1/transactions?from=2026-03-01&to=2026-03-31')).json().data[0].id;
});
after(() => harness.close());

type Response = { statusCode: number; headers: Record<string, unknown>; body: string };

function assertError(response: Response, status: number, error: string, reason: RegExp, what = '') {
  assert.equal(response.statusCode, status, `${what}: ${response.body}`);
  assert.match(String(response.headers['content-type']), /^application\/json/, what);
  const body = JSON.parse(response.body);
  assert.deepEqual(Object.keys(body).sort(), ['error', 'reason'], what);
  assert.equal(body.error, error, what);
  assert.match(body.reason, reason, what);
}

const RANGE = /from 1900-01-01 to 2199-12-31/;
const row = (extra: Record<string, unknown>) => ({
  accountExternalId: 'chk-1',
  date: '2026-03-05',
  amount: 12.5,
  description: 'Row',
  ...extra,
});
const rowCount = async () =>
  (await tenant.call('GET', '/v1/transactions?from=1900-01-01&to=2199-12-31&limit=200')).json().data.length;

test('dates outside 1900-01-01..2199-12-31 are 400 with the range, wherever they enter; the bounds themselves are taken', async () => {
  const before = await rowCount();
  for (const date of ['0000-01-01', '0001-01-01', '1899-12-31', '2200-01-01', '9999-12-31']) {
    assertError(
      await push(tenant, [row({ date })]),
      400,
      'invalid_request',
      /^transactions\[0\]\.date: .*from 1900-01-01 to 2199-12-31/,
      date,
    );
    assertError(
      await push(tenant, [row({ authorizedDate: date })]),
      400,
      'invalid_request',
      /^transactions\[0\]\.authorizedDate: /,
      date,
    );
    assertError(
      await tenant.call('POST', '/v1/bank-accounts', {
        institutionName: 'Test Bank',
        accounts: [{ externalId: 'x', name: 'X', currency: 'USD', openingBalance: 1, openingBalanceDate: date }],
      }),
      400,
      'invalid_request',
      /^accounts\[0\]\.openingBalanceDate: .*from 1900-01-01/,
      date,
    );
    for (const url of [
      `/v1/transactions?from=${date}`,
      `/v1/transactions?to=${date}`,
      `/v1/journal-entries?from=${date}&to=2026-12-31`,
      `/v1/reports/trial-balance?asOf=${date}`,
      `/v1/reports/balance-sheet?asOf=${date}`,
      `/v1/reports/profit-and-loss?from=2026-01-01&to=${date}`,
      `/v1/reports/cash-flow?from=${date}&to=2026-12-31`,
      `/v1/reports/general-ledger?from=${date}&to=2026-12-31`,
      `/v1/obligations?from=${date}`,
    ])
      assertError(await tenant.call('GET', url), 400, 'invalid_request', RANGE, url);
  }
  assert.equal(await rowCount(), before, 'nothing was imported');
  assert.equal(
    (await push(tenant, [row({ id: 'first-day', date: '1900-01-01' }), row({ id: 'last-day', date: '2199-12-31' })]))
      .statusCode,
    200,
  );
  assert.equal(
    (await tenant.call('GET', '/v1/reports/profit-and-loss?from=1900-01-01&to=2199-12-31&compareTo=previous_year'))
      .statusCode,
    200,
  );
  // A window the service derives stays inside the domain: 30 days before the first day is the first day.
  for (const to of ['1900-01-01', '1900-01-20']) {
    const response = await tenant.call('GET', `/v1/transactions?to=${to}`);
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json().meta.window, { from: '1900-01-01', to, defaulted: true });
    assert.deepEqual(
      response.json().data.map((listed: { date: string }) => listed.date),
      ['1900-01-01'],
    );
  }
  const contract = (await harness.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
  const from = contract.paths['/transactions'].get.parameters.find(
    (parameter: { name: string }) => parameter.name === 'from',
  );
  assert.equal(from.schema.format, 'date');
  assert.ok(
    new RegExp(from.schema.pattern).test('2199-12-31') && !new RegExp(from.schema.pattern).test('2200-01-01'),
    'the contract carries the range',
  );
});

test('control characters are 400 naming the field in every path, query and body text; tab and line breaks pass in body text', async () => {
  const before = await rowCount();
  const cases: Array<[string, string, unknown, RegExp]> = [
    ['GET', '/v1/transactions/%00', undefined, /^id: must not contain control characters/],
    ['GET', `/v1/transactions/${rowId}%00`, undefined, /^id: /],
    ['DELETE', '/v1/rules/%01', undefined, /^id: /],
    ['GET', '/v1/bank-statements/%7f', undefined, /^documentId: /],
    ['GET', '/v1/transactions?search=a%00b', undefined, /^search: must not contain control characters/],
    ['GET', '/v1/transactions?search=tab%09tab', undefined, /^search: /],
    ['GET', '/v1/transactions?category=62%0000', undefined, /^category: /],
    ['GET', '/v1/reports/trial-balance?currency=US%00', undefined, /^currency: /],
    ['GET', '/v1/journal-entries?from=2026-01-01&to=2026-12-31&accountNumber=%1b', undefined, /^accountNumber: /],
    ['GET', '/v1/obligations?status=filed%00', undefined, /^status: /],
    ['GET', '/v1/transactions?unknown%00=1', undefined, /^unknown\\u0000: /],
    [
      'POST',
      '/v1/transactions',
      { institutionName: 'Test\u0000Bank', transactions: [row({})] },
      /^institutionName: must not contain control characters/,
    ],
    [
      'POST',
      '/v1/transactions',
      { institutionName: 'Test Bank', transactions: [row({}), row({ description: 'Coffee\u0000' })] },
      /^transactions\[1\]\.description: /,
    ],
    [
      'POST',
      '/v1/transactions',
      { institutionName: 'Test Bank', transactions: [row({ merchant: '\u007fShop' })] },
      /^transactions\[0\]\.merchant: /,
    ],
    [
      'POST',
      '/v1/transactions',
      { institutionName: 'Test Bank', transactions: [row({ id: 'a\u0001' })] },
      /^transactions\[0\]\.id: /,
    ],
    [
      'POST',
      '/v1/transactions',
      { institutionName: 'Test Bank', transactions: [row({ accountExternalId: 'chk-1\u0000' })] },
      /^transactions\[0\]\.accountExternalId: /,
    ],
    [
      'POST',
      '/v1/transactions',
      { institutionName: 'Test Bank', transactions: [row({ 'extra\u0000': 1 })] },
      /^transactions\[0\]\.extra\\u0000: /,
    ],
    [
      'POST',
      '/v1/bank-accounts',
      { institutionName: 'Test Bank', accounts: [{ externalId: 'x\u0000', name: 'X', currency: 'USD' }] },
      /^accounts\[0\]\.externalId: /,
    ],
    ['POST', '/v1/rules', { pattern: 'COFFEE\u0000', category: '6200' }, /^pattern: /],
    ['POST', '/v1/rules', { pattern: 'COFFEE', category: '6200\u0000' }, /^category: /],
    ['PATCH', `/v1/transactions/${rowId}`, { category: '6200', reason: 'bell\u0007' }, /^reason: /],
  ];
  for (const [method, url, body, reason] of cases)
    assertError(
      await tenant.call(method, url, body),
      400,
      'invalid_request',
      reason,
      `${method} ${url} ${JSON.stringify(body)}`,
    );
  assert.equal(await rowCount(), before, 'nothing was imported');
  assert.equal((await tenant.call('GET', '/v1/rules')).json().data.length, 0, 'no rule was made');

  const multiLine = await push(tenant, [row({ id: 'tabbed', description: 'CARD\tPURCHASE\r\nCOFFEE' })]);
  assert.equal(multiLine.statusCode, 200, multiLine.body);
  assert.equal(
    (await tenant.call('PATCH', `/v1/transactions/${rowId}`, { category: '6200', reason: 'first line\nsecond line' }))
      .statusCode,
    200,
  );
});

test('ids are judged by their shape before any query: malformed is 400, well-formed but unknown is 404', async () => {
  const unknown = '00000000-0000-4000-8000-000000000000';
  for (const [method, template, body] of [
    ['GET', '/v1/transactions/{id}', undefined],
    ['PATCH', '/v1/transactions/{id}', { category: '6200' }],
    ['GET', '/v1/journal-entries/{id}', undefined],
    ['GET', '/v1/entities/{id}', undefined],
    ['GET', '/v1/bank-statements/{id}', undefined],
    ['DELETE', '/v1/rules/{id}', undefined],
  ] as const) {
    for (const malformed of ['not-an-id', '123', `${unknown}0`, 'x'.repeat(500), '%E2%82%AC', "1'%20or%20'1'='1"]) {
      assertError(
        await tenant.call(method, template.replace('{id}', malformed), body),
        400,
        'invalid_request',
        /: must be a UUID$/,
        `${method} ${malformed}`,
      );
    }
    assertError(
      await tenant.call(method, template.replace('{id}', unknown), body),
      404,
      'not_found',
      /not found/,
      `${method} ${template}`,
    );
  }
  assertError(
    await tenant.call('GET', '/v1/accounts?entityId=nope'),
    400,
    'invalid_request',
    /^entityId: must be a UUID/,
  );
});

test('framework errors are {error, reason} too', async () => {
  assertError(
    await tenant.call('GET', '/v1/rules/%ff'),
    400,
    'invalid_request',
    /^path: the URL is not valid percent-encoded UTF-8/,
    'FST_ERR_BAD_URL',
  );
  assertError(await tenant.call('DELETE', '/v1/rules/%e2%82'), 400, 'invalid_request', /^path: /, 'truncated UTF-8');
  assertError(
    await tenant.call('GET', `/v1/transactions?search=${'x'.repeat(9000)}`),
    414,
    'uri_too_long',
    /at most 8192/,
    '414',
  );
  assertError(
    await tenant.call('GET', `/v1/transactions/${'a'.repeat(9000)}`),
    414,
    'uri_too_long',
    /at most 8192 characters/,
    '414 in the path',
  );
  assertError(
    await tenant.call('POST', '/v1/rules', '{"pattern": "X', { 'content-type': 'application/json' }),
    400,
    'invalid_request',
    /^body: malformed JSON/,
    'malformed JSON',
  );
  assertError(
    await tenant.call('POST', '/v1/rules', '{"__proto__": {"x": 1}}', { 'content-type': 'application/json' }),
    400,
    'invalid_request',
    /./,
    'prototype poisoning',
  );
  assertError(
    await tenant.call('POST', '/v1/rules', 'pattern=X', { 'content-type': 'application/x-www-form-urlencoded' }),
    415,
    'unsupported_media_type',
    /application\/json/,
    'wrong content type',
  );
  assertError(
    await tenant.call('POST', '/v1/rules', 'x', { 'content-type': 'a/b/c;;;' }),
    415,
    'unsupported_media_type',
    /application\/json/,
    'garbage content type',
  );
  assertError(
    await tenant.call('POST', '/v1/rules', '', { 'content-type': 'application/json' }),
    400,
    'invalid_request',
    /^body: a JSON body is required/,
    'empty body',
  );
  assertError(
    await tenant.call('POST', '/v1/rules', JSON.stringify({ pattern: 'X'.repeat(6 * 1024 * 1024) }), {
      'content-type': 'application/json',
    }),
    413,
    'payload_too_large',
    /5 MB/,
    'body too large',
  );
  assertError(
    await tenant.call('GET', '/v1/nowhere'),
    404,
    'not_found',
    /^no route GET \/v1\/nowhere/,
    'unknown route',
  );
  assertError(
    await tenant.call('DELETE', '/v1/transactions'),
    404,
    'not_found',
    /^no route DELETE \/v1\/transactions/,
    'wrong method',
  );
  assertError(
    await tenant.call('PUT', `/v1/rules/${rowId}`),
    404,
    'not_found',
    /^no route PUT/,
    'wrong method with an id',
  );

  // 431 and a malformed request line come from Node's HTTP parser, before Fastify: only a real socket shows them.
  await harness.app.listen({ host: '127.0.0.1', port: 0 });
  {
    const port = (harness.app.server.address() as { port: number }).port;
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.end(request));
        let answer = '';
        socket.on('data', (chunk) => {
          answer += chunk;
        });
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
      });
    const parse = (answer: string): Response => {
      const [head, body] = answer.split('\r\n\r\n');
      const headers = Object.fromEntries(
        head
          .split('\r\n')
          .slice(1)
          .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      return { statusCode: Number(head.split(' ')[1]), headers, body };
    };
    assertError(
      parse(await raw(`GET /v1/rules HTTP/1.1\r\nHost: x\r\nX-Padding: ${'p'.repeat(20_000)}\r\n\r\n`)),
      431,
      'headers_too_large',
      /16 KB/,
      '431',
    );
    assertError(
      parse(await raw('GET /v1/rules HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n')),
      400,
      'invalid_request',
      /malformed HTTP request/,
      'malformed header line',
    );
  }
});

test('uploads: control characters in a file name become spaces; a statement line outside the date range rejects the document with the range', async () => {
  const csv = (rows: string[]) =>
    Buffer.from(
      ['Date,Description,Amount,Currency,Balance', '2026-02-01,Opening deposit,2000.00,USD,2000.00', ...rows].join(
        '\n',
      ),
    );
  const named = await upload(
    harness,
    tenant.key,
    {
      bytes: csv(['2026-02-02,Office rent,-1200.00,USD,800.00']),
      filename: 'feb\u0000ruary\u0007.csv',
      contentType: 'text/csv',
    },
    { openingBalance: '0', closingBalance: '800', bankAccountId },
  );
  assert.equal(named.statusCode, 202, named.body);
  await processStatements(harness);
  const status = (await tenant.call('GET', `/v1/bank-statements/${named.json().data.documentId}`)).json().data;
  assert.equal(status.filename, 'feb ruary .csv');
  assert.equal(status.status, 'ingested', JSON.stringify(status.rejection));

  const late = await upload(
    harness,
    tenant.key,
    { bytes: csv(['9999-12-31,Rent,-1200.00,USD,800.00']), filename: 'late.csv', contentType: 'text/csv' },
    { openingBalance: '0', closingBalance: '800', bankAccountId },
  );
  assert.equal(late.statusCode, 202, late.body);
  await processStatements(harness);
  const rejected = (await tenant.call('GET', `/v1/bank-statements/${late.json().data.documentId}`)).json().data;
  assert.equal(rejected.status, 'rejected');
  assert.match(rejected.rejection.message, /9999-12-31 .*from 1900-01-01 to 2199-12-31/);
});

test('float noise around a whole cent is that cent; a real sub-cent digit is still refused', async () => {
  const noisy = await push(tenant, [row({ id: 'noisy', date: '2026-04-01', amount: 1 + 14 / 100 })]);
  assert.equal(noisy.statusCode, 200, noisy.body);
  const stored = (await tenant.call('GET', '/v1/transactions?from=2026-04-01&to=2026-04-01')).json().data;
  assert.deepEqual(
    stored.map((transaction: { amount: number }) => transaction.amount),
    [1.14],
  );
  assertError(
    await push(tenant, [row({ id: 'sub-cent', amount: 1.145 })]),
    400,
    'invalid_request',
    /^transactions\[0\]\.amount: has 3 decimals but USD has 2/,
  );
});
