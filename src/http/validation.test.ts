import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createAccount, createHarness, push, type Harness, type TestTenant } from '../../test/support/harness.ts';

let harness: Harness;
let tenant: TestTenant;

before(async () => {
  harness = await createHarness();
  tenant = await harness.newTenant();
  await createAccount(tenant, 'usd-1');
  await tenant.call('POST', '/v1/bank-accounts', {
    institutionName: 'Test Bank',
    accounts: [
      { externalId: 'jpy-1', name: 'Yen', currency: 'JPY' },
      { externalId: 'kwd-1', name: 'Dinar', currency: 'KWD' },
    ],
  });
});
after(() => harness.close());

async function expectClientError(
  response: { statusCode: number; json(): { error: string; reason?: string } },
  status: number,
  error: string,
  reasonMentions: RegExp,
) {
  assert.equal(response.statusCode, status, JSON.stringify(response.json()));
  const body = response.json();
  assert.equal(body.error, error);
  assert.match(body.reason ?? '', reasonMentions);
}

const row = (extra: Record<string, unknown> = {}) => ({
  accountExternalId: 'usd-1',
  date: '2026-03-02',
  amount: 10,
  description: 'Row',
  ...extra,
});

test('query parameters: impossible dates, non-dates, limits and search length name the field', async () => {
  await expectClientError(
    await tenant.call('GET', '/v1/transactions?from=2026-02-30'),
    400,
    'invalid_request',
    /^from: .*calendar date/,
  );
  await expectClientError(await tenant.call('GET', '/v1/transactions?to=yesterday'), 400, 'invalid_request', /^to:/);
  await expectClientError(
    await tenant.call('GET', '/v1/transactions?from=2026-03-10&to=2026-03-01'),
    400,
    'invalid_request',
    /^from:/,
  );
  await expectClientError(await tenant.call('GET', '/v1/transactions?limit=0'), 400, 'invalid_request', /^limit:/);
  await expectClientError(await tenant.call('GET', '/v1/transactions?limit=201'), 400, 'invalid_request', /^limit:/);
  await expectClientError(await tenant.call('GET', '/v1/transactions?limit=abc'), 400, 'invalid_request', /^limit:/);
  await expectClientError(await tenant.call('GET', '/v1/transactions?offset=-1'), 400, 'invalid_request', /^offset:/);
  await expectClientError(
    await tenant.call('GET', `/v1/transactions?search=${'x'.repeat(201)}`),
    400,
    'invalid_request',
    /^search: at most 200/,
  );
  assert.equal((await tenant.call('GET', `/v1/transactions?search=${'x'.repeat(200)}`)).statusCode, 200);
  await expectClientError(
    await tenant.call('GET', '/v1/transactions?category=9999'),
    400,
    'invalid_request',
    /^category: "9999"/,
  );
  await expectClientError(
    await tenant.call('GET', '/v1/journal-entries?to=2026-12-31'),
    400,
    'invalid_request',
    /^from: is required/,
  );
  await expectClientError(
    await tenant.call('GET', '/v1/journal-entries?from=2026-01-01&to=2026-12-31&accountNumber=12345'),
    400,
    'invalid_request',
    /^accountNumber:/,
  );
  await expectClientError(
    await tenant.call('GET', '/v1/journal-entries?from=2026-01-01&to=2026-12-31&limit=500'),
    400,
    'invalid_request',
    /^limit:/,
  );
  await expectClientError(
    await tenant.call('GET', '/v1/reports/trial-balance?asOf=2026-13-01'),
    400,
    'invalid_request',
    /^asOf:/,
  );
  await expectClientError(
    await tenant.call('GET', '/v1/reports/trial-balance?currency=XYZ'),
    400,
    'invalid_request',
    /^currency:/,
  );
  await expectClientError(
    await tenant.call('GET', '/v1/journal-entries/not-a-uuid'),
    400,
    'invalid_request',
    /^id: must be a UUID/,
  );
  await expectClientError(await tenant.call('GET', '/v1/entities/123'), 400, 'invalid_request', /^id:/);
});

test('pushed rows: every bad field is a 400 naming the row index, and nothing is imported', async () => {
  const cases: Array<[Record<string, unknown>, RegExp]> = [
    [row({ date: '2026-02-30' }), /^transactions\[1\]\.date: .*calendar date/],
    [row({ date: '03/02/2026' }), /^transactions\[1\]\.date:/],
    [row({ amount: 10.005 }), /^transactions\[1\]\.amount: has 3 decimals but USD has 2/],
    [row({ amount: '10.00' }), /^transactions\[1\]\.amount: must be number/],
    [row({ amount: 0 }), /^transactions\[1\]\.amount: must not be zero/],
    [row({ accountExternalId: 'nope' }), /^transactions\[1\]\.accountExternalId: no bank account "nope"/],
    [row({ currency: 'EUR' }), /^transactions\[1\]\.currency: the account is in USD/],
    [row({ description: '' }), /^transactions\[1\]\.description:/],
    [{ accountExternalId: 'usd-1', date: '2026-03-02', amount: 5 }, /^transactions\[1\]\.description: is required/],
  ];
  for (const [bad, reason] of cases) {
    const response = await push(tenant, [row({ id: 'good-0' }), bad, row({ id: 'good-2' })]);
    await expectClientError(response, 400, 'invalid_request', reason);
  }
  await expectClientError(
    await push(tenant, [{ accountExternalId: 'jpy-1', date: '2026-03-02', amount: 100.5, description: 'x' }]),
    400,
    'invalid_request',
    /has 1 decimals but JPY has 0/,
  );
  await expectClientError(
    await push(tenant, [{ accountExternalId: 'kwd-1', date: '2026-03-02', amount: 1.2345, description: 'x' }]),
    400,
    'invalid_request',
    /KWD has 3/,
  );
  assert.equal(
    (await push(tenant, [{ accountExternalId: 'kwd-1', date: '2026-03-02', amount: 1.234, description: 'x' }]))
      .statusCode,
    200,
  );
  const listed = await tenant.call('GET', '/v1/transactions?from=2026-03-01&to=2026-03-31');
  assert.deepEqual(
    listed.json().data.map((transaction: { amount: number }) => transaction.amount),
    [1.234],
    'only the one valid request imported anything',
  );
});

test('request-level limits: 1,000 rows, 5 MB, malformed JSON, wrong media type', async () => {
  const tooMany = Array.from({ length: 1001 }, (_, index) => row({ id: `r${index}` }));
  await expectClientError(await push(tenant, tooMany), 400, 'invalid_request', /^transactions: at most 1000 items/);
  const huge = Array.from({ length: 1000 }, (_, index) =>
    row({ id: `big${index}`, description: 'x'.repeat(490), merchant: 'm'.repeat(200) }),
  );
  const hugeBody = JSON.stringify({
    institutionName: 'Test Bank',
    transactions: huge,
    padding: 'p'.repeat(5 * 1024 * 1024),
  });
  await expectClientError(
    await tenant.call('POST', '/v1/transactions', hugeBody, { 'content-type': 'application/json' }),
    413,
    'payload_too_large',
    /5 MB/,
  );
  await expectClientError(
    await tenant.call('POST', '/v1/transactions', '{"institutionName": "Test Bank", "transactions": [', {
      'content-type': 'application/json',
    }),
    400,
    'invalid_request',
    /malformed JSON/,
  );
  await expectClientError(
    await tenant.call('POST', '/v1/transactions', 'institutionName=x', { 'content-type': 'text/plain' }),
    415,
    'unsupported_media_type',
    /application\/json/,
  );
  await expectClientError(
    await tenant.call('POST', '/v1/transactions', { transactions: [] }),
    400,
    'invalid_request',
    /^institutionName: is required/,
  );
  await expectClientError(
    await tenant.call('PATCH', '/v1/transactions/00000000-0000-4000-8000-000000000000', {
      category: 'transfer',
      reason: 'r'.repeat(501),
    }),
    400,
    'invalid_request',
    /^reason: at most 500/,
  );
  await expectClientError(await tenant.call('GET', '/v1/nowhere'), 404, 'not_found', /no route/);
});

test('bank accounts: kinds, currencies, amounts and the 20-account limit are checked', async () => {
  const post = (accounts: unknown[]) =>
    tenant.call('POST', '/v1/bank-accounts', { institutionName: 'Other Bank', accounts });
  await expectClientError(
    await post([{ externalId: 'a', name: 'A', currency: 'USD', kind: 'brokerage' }]),
    400,
    'invalid_request',
    /^accounts\[0\]\.kind:/,
  );
  await expectClientError(
    await post([{ externalId: 'a', name: 'A', currency: 'XYZ' }]),
    400,
    'invalid_request',
    /^accounts\[0\]\.currency: "XYZ" is not an ISO 4217/,
  );
  await expectClientError(
    await post([
      { externalId: 'a', name: 'A', currency: 'USD', openingBalance: 1.001, openingBalanceDate: '2026-01-01' },
    ]),
    400,
    'invalid_request',
    /^accounts\[0\]\.openingBalance: has 3 decimals/,
  );
  await expectClientError(
    await post([{ externalId: 'a', name: 'A', currency: 'USD', openingBalance: 5 }]),
    400,
    'invalid_request',
    /^accounts\[0\]\.openingBalanceDate: required/,
  );
  await expectClientError(
    await post([{ externalId: 'a', name: 'A', currency: 'USD', openingBalance: 5, openingBalanceDate: '2026-02-29' }]),
    400,
    'invalid_request',
    /^accounts\[0\]\.openingBalanceDate:/,
  );
  const many = Array.from({ length: 21 }, (_, index) => ({
    externalId: `x${index}`,
    name: `X${index}`,
    currency: 'USD',
  }));
  await expectClientError(await post(many), 400, 'invalid_request', /^accounts: at most 20/);
  await expectClientError(
    await post([
      { externalId: 'd', name: 'D', currency: 'USD' },
      { externalId: 'd', name: 'D2', currency: 'USD' },
    ]),
    400,
    'invalid_request',
    /appears twice/,
  );
  assert.equal(
    (await tenant.call('GET', '/v1/bank-accounts'))
      .json()
      .data.filter((account: { institutionName: string }) => account.institutionName === 'Other Bank').length,
    0,
  );
});
