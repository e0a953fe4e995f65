import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { revokeApiKey } from '../tenancy/api-keys.ts';
import { createAccount, createHarness, push, type Harness, type TestTenant } from '../../test/support/harness.ts';

let harness: Harness;
let acme: TestTenant;
let globex: TestTenant;

before(async () => {
  harness = await createHarness();
  acme = await harness.newTenant('Acme LLC');
  globex = await harness.newTenant('Globex Inc');
});
after(() => harness.close());

const READ_ENDPOINTS = [
  '/v1/accounts',
  '/v1/bank-accounts',
  '/v1/transactions',
  '/v1/journal-entries?from=2026-01-01&to=2026-12-31',
  '/v1/reports/trial-balance',
  '/v1/entities',
];

test('missing, malformed, unknown and revoked keys get 401 unauthorized on every endpoint', async () => {
  for (const url of READ_ENDPOINTS) {
    const missing = await harness.app.inject({ method: 'GET', url });
    assert.equal(missing.statusCode, 401, url);
    assert.equal(missing.json().error, 'unauthorized');
    assert.ok(missing.json().reason);
    const unknown = await harness.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer bk_AAAAAAAAAAAA_${'a'.repeat(43)}` },
    });
    assert.equal(unknown.statusCode, 401);
    const malformed = await harness.app.inject({ method: 'GET', url, headers: { authorization: 'Basic abc' } });
    assert.equal(malformed.statusCode, 401);
  }
  const wrongSecret = acme.key.slice(0, -4) + 'AAAA';
  assert.equal(
    (
      await harness.app.inject({
        method: 'GET',
        url: '/v1/entities',
        headers: { authorization: `Bearer ${wrongSecret}` },
      })
    ).statusCode,
    401,
  );
  const doomed = await acme.keyWith(['read']);
  assert.equal(
    (await harness.app.inject({ method: 'GET', url: '/v1/entities', headers: { authorization: `Bearer ${doomed}` } }))
      .statusCode,
    200,
  );
  await revokeApiKey(harness.handle, doomed.slice(3, 15));
  const revoked = await harness.app.inject({
    method: 'GET',
    url: '/v1/entities',
    headers: { authorization: `Bearer ${doomed}` },
  });
  assert.equal(revoked.statusCode, 401);
  assert.equal(revoked.json().error, 'unauthorized');
});

test('a key without the needed scope gets 403 insufficient_scope', async () => {
  const readOnly = await acme.keyWith(['read']);
  const writeOnly = await acme.keyWith(['write']);
  const asKey = (key: string, method: string, url: string, body?: unknown) =>
    harness.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
  for (const [method, url, body] of [
    ['POST', '/v1/transactions', { institutionName: 'x', transactions: [] }],
    ['POST', '/v1/bank-accounts', { institutionName: 'x', accounts: [] }],
    ['PATCH', '/v1/transactions/whatever', { category: '6200' }],
  ] as const) {
    const response = await asKey(readOnly, method, url, body);
    assert.equal(response.statusCode, 403, `${method} ${url}`);
    assert.equal(response.json().error, 'insufficient_scope');
  }
  for (const url of READ_ENDPOINTS) {
    const response = await asKey(writeOnly, 'GET', url);
    assert.equal(response.statusCode, 403, url);
    assert.equal(response.json().error, 'insufficient_scope');
  }
});

test("another tenant's ids are answered exactly like ids that do not exist", async () => {
  await createAccount(acme, 'acme-1');
  await push(acme, [{ accountExternalId: 'acme-1', date: '2026-03-02', amount: 10, description: 'Coffee' }]);
  await harness.sweep();
  const [row] = (await acme.call('GET', '/v1/transactions?from=2026-03-01&to=2026-03-31')).json().data;
  const entryId = row.journalEntryId;
  const acmeEntity = acme.entityId;

  const pairs: Array<[string, string, unknown?]> = [
    ['GET', `/v1/transactions/${row.id}`],
    ['PATCH', `/v1/transactions/${row.id}`, { category: '6200' }],
    ['GET', `/v1/journal-entries/${entryId}`],
    ['GET', `/v1/entities/${acmeEntity}`],
    ['GET', `/v1/bank-accounts?entityId=${acmeEntity}`],
    ['GET', `/v1/accounts?entityId=${acmeEntity}`],
    ['GET', `/v1/reports/trial-balance?entityId=${acmeEntity}`],
    ['GET', `/v1/journal-entries?from=2026-01-01&to=2026-12-31&entityId=${acmeEntity}`],
  ];
  for (const [method, url, body] of pairs) {
    const foreign = await globex.call(method, url, body);
    const missing = await globex.call(
      method,
      url.replace(
        /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/,
        '00000000-0000-4000-8000-000000000000',
      ),
      body,
    );
    assert.equal(foreign.statusCode, 404, `${method} ${url}`);
    assert.equal(foreign.json().error, 'not_found');
    assert.equal(missing.statusCode, 404);
    assert.deepEqual(Object.keys(foreign.json()), Object.keys(missing.json()));
    // And the owner still sees it.
    assert.equal((await acme.call(method, url, body)).statusCode, 200, `owner ${method} ${url}`);
  }
  // Lists never leak: Globex sees none of Acme's rows or accounts.
  assert.equal((await globex.call('GET', '/v1/transactions?from=2026-03-01&to=2026-03-31')).json().data.length, 0);
  assert.equal((await globex.call('GET', '/v1/bank-accounts')).json().data.length, 0);
  assert.deepEqual(
    (await globex.call('GET', '/v1/entities')).json().data.map((entity: { id: string }) => entity.id),
    [globex.entityId],
  );
});

test('the OpenAPI contract is public', async () => {
  const response = await harness.app.inject({ method: 'GET', url: '/v1/openapi.json' });
  assert.equal(response.statusCode, 200);
  assert.equal(response.json().openapi, '3.1.0');
});

test('the OpenAPI contract lists every route with its parameters, responses and error codes', async () => {
  const contract = (await harness.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
  const documented = new Set(
    Object.entries(contract.paths as Record<string, Record<string, unknown>>).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    ),
  );
  // Every route the app serves (but the contract itself) is in the contract, and nothing else is.
  const served = new Set(harness.app.servedRoutes.filter((route) => route !== 'GET /openapi.json'));
  for (const route of served) assert.ok(documented.has(route), `${route} is in the contract`);
  assert.equal(documented.size, served.size, `contract paths: ${[...documented].join(', ')}`);

  const listTransactions = contract.paths['/transactions'].get;
  assert.deepEqual(listTransactions.parameters.map((parameter: { name: string }) => parameter.name).sort(), [
    'amountMax',
    'amountMin',
    'bankAccountId',
    'category',
    'from',
    'limit',
    'needsReview',
    'offset',
    'search',
    'sweepState',
    'to',
  ]);
  for (const status of ['200', '400', '401', '429'])
    assert.ok(listTransactions.responses[status], `GET /transactions documents ${status}`);
  assert.ok(contract.paths['/transactions'].post.responses['413']);
  const errorCodes = contract.components.schemas.Error.properties.error.enum;
  for (const code of [
    'unauthorized',
    'insufficient_scope',
    'invalid_request',
    'not_found',
    'payload_too_large',
    'rate_limited',
    'conflict',
    'internal_error',
  ]) {
    assert.ok(errorCodes.includes(code), code);
  }
  assert.ok(contract.components.securitySchemes.bearer);
});

test('a key sent without "Bearer " is told the header form is wrong, not that the key is unknown', async () => {
  const bare = await harness.app.inject({ method: 'GET', url: '/v1/entities', headers: { authorization: acme.key } });
  assert.equal(bare.statusCode, 401);
  assert.equal(bare.json().error, 'unauthorized');
  assert.match(bare.json().reason, /malformed: send "Authorization: Bearer <key>"/);
  assert.doesNotMatch(bare.json().reason, /unknown/);
  const basic = await harness.app.inject({
    method: 'GET',
    url: '/v1/entities',
    headers: { authorization: `Basic ${acme.key}` },
  });
  assert.match(basic.json().reason, /malformed/);
  // The scheme is case-insensitive, as HTTP says; a well-formed header with a made-up key is unknown.
  assert.equal(
    (await harness.app.inject({ method: 'GET', url: '/v1/entities', headers: { authorization: `bearer ${acme.key}` } }))
      .statusCode,
    200,
  );
  const unknown = await harness.app.inject({
    method: 'GET',
    url: '/v1/entities',
    headers: { authorization: `Bearer bk_AAAAAAAAAAAA_${'a'.repeat(43)}` },
  });
  assert.match(unknown.json().reason, /unknown or revoked/);
});
