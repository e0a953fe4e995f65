import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createAccount, createHarness, push, type Harness, type TestTenant } from '../../../test/support/harness.ts';

let harness: Harness;
let acme: TestTenant;
let globex: TestTenant;

before(async () => {
  harness = await createHarness();
  acme = await harness.newTenant('Acme LLC');
  globex = await harness.newTenant('Globex Inc');
  for (const tenant of [acme, globex]) await createAccount(tenant, 'chk');
});
after(() => harness.close());

const rowOn = async (tenant: TestTenant, date: string) =>
  (await tenant.call('GET', `/v1/transactions?from=${date}&to=${date}`)).json().data;

test('rules CRUD: create with defaults, list best first, delete; amounts are JSON numbers', async () => {
  const low = await acme.call('POST', '/v1/rules', { pattern: 'acme*supplies', category: '6130' });
  assert.equal(low.statusCode, 201);
  assert.deepEqual(
    { ...low.json().data, id: undefined, createdAt: undefined },
    {
      id: undefined,
      createdAt: undefined,
      pattern: 'acme*supplies',
      direction: null,
      minAmount: null,
      maxAmount: null,
      currency: null,
      category: '6130',
      priority: 100,
    },
  );
  const high = (
    await acme.call('POST', '/v1/rules', {
      pattern: 'WEWORK',
      direction: 'out',
      minAmount: 100.5,
      maxAmount: 5000,
      category: '6110',
      priority: 500,
    })
  ).json().data;
  assert.equal(high.minAmount, 100.5);
  assert.equal(high.currency, 'USD');
  const listed = (await acme.call('GET', '/v1/rules')).json().data;
  assert.deepEqual(
    listed.map((rule: { id: string }) => rule.id),
    [high.id, low.json().data.id],
  );
  assert.equal((await acme.call('DELETE', `/v1/rules/${high.id}`)).statusCode, 200);
  assert.equal((await acme.call('DELETE', `/v1/rules/${high.id}`)).statusCode, 404);
  assert.deepEqual(
    (await acme.call('GET', '/v1/rules')).json().data.map((rule: { id: string }) => rule.id),
    [low.json().data.id],
  );
  await acme.call('DELETE', `/v1/rules/${low.json().data.id}`);
});

test('invalid rules are refused with the field named, and nothing is stored', async () => {
  const cases: Array<[Record<string, unknown>, RegExp]> = [
    [{ category: '6130' }, /^pattern: is required/],
    [{ pattern: '*', category: '6130' }, /^pattern: needs at least 2/],
    [{ pattern: 'x'.repeat(101), category: '6130' }, /^pattern: at most 100/],
    [{ pattern: 'ok pattern', category: '9999' }, /^category: "9999" is not an account/],
    [{ pattern: 'ok pattern', category: '1011' }, /^category: 1011 is a bank or card account/],
    [{ pattern: 'ok pattern', category: '6130', direction: 'sideways' }, /^direction:/],
    [{ pattern: 'ok pattern', category: '6130', minAmount: -1 }, /^minAmount:/],
    [{ pattern: 'ok pattern', category: '6130', minAmount: 10, maxAmount: 5 }, /^maxAmount: must be >= minAmount/],
    [{ pattern: 'ok pattern', category: '6130', minAmount: 1.234 }, /^minAmount: has 3 decimals/],
    [{ pattern: 'ok pattern', category: '6130', minAmount: 1, currency: 'XXQ' }, /^currency:/],
    [{ pattern: 'ok pattern', category: '6130', currency: 'USD' }, /^currency: only meaningful/],
    [{ pattern: 'ok pattern', category: '6130', priority: 1001 }, /^priority:/],
    [{ pattern: 'ok pattern', category: '6130', minAmount: '5' }, /^minAmount:/],
  ];
  for (const [body, reason] of cases) {
    const response = await acme.call('POST', '/v1/rules', body);
    assert.equal(response.statusCode, 400, JSON.stringify(body));
    assert.match(response.json().reason, reason, JSON.stringify(body));
  }
  assert.deepEqual((await acme.call('GET', '/v1/rules')).json().data, []);
});

test("scopes and tenancy: a read key cannot write; another tenant's rule is 404 and invisible", async () => {
  const readOnly = await acme.keyWith(['read']);
  const refused = await acme.call(
    'POST',
    '/v1/rules',
    { pattern: 'some shop', category: '6130' },
    { authorization: `Bearer ${readOnly}` },
  );
  assert.equal(refused.statusCode, 403);
  assert.equal(
    (await acme.call('GET', '/v1/rules', undefined, { authorization: `Bearer ${readOnly}` })).statusCode,
    200,
  );
  const rule = (await globex.call('POST', '/v1/rules', { pattern: 'globex only', category: '6130' })).json().data;
  assert.equal((await acme.call('DELETE', `/v1/rules/${rule.id}`)).statusCode, 404);
  assert.deepEqual((await acme.call('GET', '/v1/rules')).json().data, []);
  assert.equal((await globex.call('GET', '/v1/rules')).json().data.length, 1);
  assert.equal((await globex.call('DELETE', `/v1/rules/${rule.id}`)).statusCode, 200);
});

test('a tenant rule outranks the built-in rules and the memory; bounds and direction limit it; other tenants are unaffected', async () => {
  // Without a rule the built-in set files a monthly service fee under bank fees.
  await acme.call('POST', '/v1/rules', {
    pattern: 'monthly service fee',
    direction: 'out',
    maxAmount: 20,
    category: '6240',
    priority: 10,
  });
  await acme.call('POST', '/v1/rules', { pattern: 'zqx*widget', category: 'transfer' });
  for (const tenant of [acme, globex]) {
    await push(tenant, [
      { accountExternalId: 'chk', id: 'small-fee', date: '2026-03-01', amount: 15, description: 'MONTHLY SERVICE FEE' },
      { accountExternalId: 'chk', id: 'big-fee', date: '2026-03-02', amount: 25, description: 'MONTHLY SERVICE FEE' },
      {
        accountExternalId: 'chk',
        id: 'widget',
        date: '2026-03-03',
        amount: 199,
        description: 'POS ZQX WIDGET CO 1234',
      },
    ]);
  }
  await harness.sweep();
  const [small] = await rowOn(acme, '2026-03-01');
  assert.deepEqual([small.category.accountNumber, small.category.source], ['6240', 'regex']);
  assert.equal(small.needsReview, false);
  const [big] = await rowOn(acme, '2026-03-02');
  assert.equal(big.category.accountNumber, '6210', 'above maxAmount the built-in rule decides');
  const [widget] = await rowOn(acme, '2026-03-03');
  assert.equal(widget.transactionType, 'transfer');
  assert.equal(widget.category, null);
  assert.equal((await rowOn(globex, '2026-03-01'))[0].category.accountNumber, '6210');
  assert.equal((await rowOn(globex, '2026-03-03'))[0].category.accountNumber, '6999');
});

test('applyTo files booked rows again by reversal and rebooking; a dry run lists them and changes nothing; a human decision stays', async () => {
  const tenant = await harness.newTenant('Initech LLC');
  await createAccount(tenant, 'chk');
  await push(tenant, [
    { accountExternalId: 'chk', id: 'w1', date: '2026-07-01', amount: 140, description: 'POS ZQXV WIDGETRY 1234' },
    { accountExternalId: 'chk', id: 'w2', date: '2026-07-02', amount: 141, description: 'POS ZQXV WIDGETRY 5678' },
    {
      accountExternalId: 'chk',
      id: 'w3',
      date: '2026-07-03',
      amount: 142,
      description: 'POS ZQXV WIDGETRY OUTLET 9012',
    },
    { accountExternalId: 'chk', id: 'fee', date: '2026-07-04', amount: 15, description: 'MONTHLY SERVICE FEE' },
  ]);
  await harness.sweep();
  const [decided] = await rowOn(tenant, '2026-07-03');
  await tenant.call('PATCH', `/v1/transactions/${decided.id}`, { category: '6090' });
  const [first] = await rowOn(tenant, '2026-07-01');
  assert.deepEqual([first.category.accountNumber, first.needsReview], ['6999', true]);
  const journalBefore = (await tenant.call('GET', '/v1/journal-entries?from=2026-07-01&to=2026-07-04')).json().data
    .length;

  const dry = await tenant.call('POST', '/v1/rules', {
    pattern: 'zqxv widgetry',
    category: '6130',
    applyTo: 'uncategorized',
    dryRun: true,
  });
  assert.equal(dry.statusCode, 200);
  assert.equal(dry.json().applied.dryRun, true);
  assert.deepEqual(
    dry
      .json()
      .applied.changes.map((change: { date: string; from: string; to: string; amount: number }) => [
        change.date,
        change.from,
        change.to,
        change.amount,
      ]),
    [
      ['2026-07-01', '6999', '6130', 140],
      ['2026-07-02', '6999', '6130', 141],
    ],
    "the row a human filed is not the rule's to change",
  );
  assert.deepEqual((await tenant.call('GET', '/v1/rules')).json().data, [], 'a dry run stores no rule');
  assert.equal((await rowOn(tenant, '2026-07-01'))[0].category.accountNumber, '6999');
  assert.equal(
    (await tenant.call('GET', '/v1/journal-entries?from=2026-07-01&to=2026-07-04')).json().data.length,
    journalBefore,
  );

  const applied = await tenant.call('POST', '/v1/rules', {
    pattern: 'zqxv widgetry',
    category: '6130',
    applyTo: 'all',
  });
  assert.equal(applied.statusCode, 201);
  assert.equal(applied.json().applied.changes.length, 2);
  const [rebooked] = await rowOn(tenant, '2026-07-01');
  assert.deepEqual(
    [rebooked.category.accountNumber, rebooked.category.source, rebooked.needsReview],
    ['6130', 'regex', false],
  );
  const journal = (await tenant.call('GET', '/v1/journal-entries?from=2026-07-01&to=2026-07-01')).json().data;
  assert.equal(journal.length, 3, 'original, reversal, rebooking: nothing edited or deleted');
  assert.equal(journal[2].id, rebooked.journalEntryId);
  assert.equal((await rowOn(tenant, '2026-07-03'))[0].category.accountNumber, '6090', 'a human decision stays');
  assert.equal(
    (await rowOn(tenant, '2026-07-04'))[0].category.accountNumber,
    '6210',
    'rows the pattern does not match stay',
  );
  assert.equal((await tenant.call('GET', '/v1/rules')).json().data.length, 1);

  // Applying the same category again changes nothing; a bad scope or a dry run without a scope is refused, storing nothing.
  assert.deepEqual(
    (await tenant.call('POST', '/v1/rules', { pattern: 'zqxv', category: '6130', applyTo: 'needsReview' })).json()
      .applied.changes,
    [],
  );
  for (const body of [
    { pattern: 'zqxv', category: '6130', applyTo: 'everything' },
    { pattern: 'zqxv', category: '6130', dryRun: true },
    { pattern: 'zqxv', category: '9999', applyTo: 'all' },
  ]) {
    const refused = await tenant.call('POST', '/v1/rules', body);
    assert.equal(refused.statusCode, 400, JSON.stringify(body));
  }
  assert.equal((await tenant.call('GET', '/v1/rules')).json().data.length, 2);
});
