import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { createAccount, createHarness, push, type Harness, type TestTenant } from '../../../test/support/harness.ts';
import { addDays, todayUtc } from '../../shared/dates.ts';

/**
 * GET /transactions filters and its stated window, and the CSV exports of transactions, the journal
 * and the general ledger: complete past any page size.
 */
let harness: Harness;
let acme: TestTenant;
let globex: TestTenant;
let checking: { id: string };
let savings: { id: string };

// More rows than one CSV page (1000), so an export has to go on past its first page.
const BULK_ROWS = 1100;

before(async () => {
  harness = await createHarness();
  acme = await harness.newTenant('Acme LLC');
  globex = await harness.newTenant('Globex Inc');
  checking = await createAccount(acme, 'chk');
  savings = await createAccount(acme, 'sav', { kind: 'savings' });
  await createAccount(globex, 'chk');
  const bulk = Array.from({ length: BULK_ROWS }, (_, index) => ({
    accountExternalId: 'chk',
    id: `b${index}`,
    date: addDays('2025-01-01', index % 300),
    amount: index % 2 === 0 ? 15 + (index % 7) : -(100 + index),
    description: index % 2 === 0 ? 'MONTHLY SERVICE FEE' : `ZXQ DEPOSIT ${index}`,
  }));
  for (let start = 0; start < bulk.length; start += 1000)
    assert.equal((await push(acme, bulk.slice(start, start + 1000))).statusCode, 200);
  await push(acme, [
    { accountExternalId: 'sav', id: 's1', date: '2026-02-10', amount: 250.5, description: 'ZXQ WIDGETS 1' },
    { accountExternalId: 'sav', id: 's2', date: '2026-02-11', amount: 499.99, description: 'ZXQ WIDGETS 2' },
    { accountExternalId: 'sav', id: 's3', date: '2026-02-12', amount: 500, description: 'MONTHLY SERVICE FEE' },
    { accountExternalId: 'sav', id: 's4', date: '2026-02-13', amount: -2000, description: 'ZXQ DEPOSIT BIG' },
  ]);
  await push(globex, [
    { accountExternalId: 'chk', id: 'g1', date: '2026-02-10', amount: 300, description: 'ZXQ WIDGETS 1' },
  ]);
  await harness.sweep();
});
after(() => harness.close());

const list = async (tenant: TestTenant, query: string) => {
  const response = await tenant.call('GET', `/v1/transactions?${query}`);
  assert.equal(response.statusCode, 200, response.body);
  return response.json();
};
const ids = (page: { data: Array<{ id: string; amount: number }> }) =>
  page.data.map((row) => row.amount).sort((a, b) => a - b);

test('GET /transactions says which dates it covered: the default window is in meta', async () => {
  const defaulted = await list(acme, '');
  assert.deepEqual(defaulted.meta.window, { from: addDays(todayUtc(), -30), to: todayUtc(), defaulted: true });
  const given = await list(acme, 'from=2026-02-01&to=2026-02-28');
  assert.deepEqual(given.meta.window, { from: '2026-02-01', to: '2026-02-28', defaulted: false });
  const halfGiven = await list(acme, 'to=2026-02-28');
  assert.deepEqual(halfGiven.meta.window, { from: '2026-01-29', to: '2026-02-28', defaulted: true });
  const failed = await list(acme, 'sweepState=failed');
  assert.deepEqual(failed.meta.window, { from: null, to: null, defaulted: true }, 'a sweep state looks at every date');
  const contract = (await harness.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
  const operation = contract.paths['/transactions'].get;
  assert.match(operation.description, /last 30 days/);
  assert.ok(operation.responses['200'].content['application/json'].schema.properties.meta.properties.window);
});

test('GET /transactions filters by needsReview, bank account and amount range, and they combine', async () => {
  const february = 'from=2026-02-01&to=2026-02-28';
  assert.deepEqual(ids(await list(acme, `${february}&bankAccountId=${savings.id}`)), [-2000, 250.5, 499.99, 500]);
  assert.deepEqual(ids(await list(acme, `${february}&bankAccountId=${checking.id}`)), []);
  assert.deepEqual(
    ids(await list(acme, `${february}&amountMin=250.5&amountMax=500`)),
    [250.5, 499.99, 500],
    'bounds are inclusive',
  );
  assert.deepEqual(ids(await list(acme, `${february}&amountMin=250.51`)), [499.99, 500]);
  assert.deepEqual(ids(await list(acme, `${february}&amountMax=-1000`)), [-2000], 'money in of 1000 or more');
  const review = await list(acme, `${february}&needsReview=true`);
  assert.ok(review.data.length > 0 && review.data.every((row: { needsReview: boolean }) => row.needsReview));
  assert.ok(
    review.data.some((row: { description: string }) => row.description.startsWith('ZXQ')),
    'unknown merchants wait for review',
  );
  const settled = await list(acme, `${february}&needsReview=false`);
  assert.ok(settled.data.length > 0 && settled.data.every((row: { needsReview: boolean }) => !row.needsReview));
  assert.equal(review.data.length + settled.data.length, 4);
  assert.deepEqual(
    ids(await list(acme, `${february}&needsReview=false&amountMin=400&bankAccountId=${savings.id}`)),
    [500],
    'filters combine',
  );
  // Bad filters are 400 (or 404 for another tenant's account), naming the parameter.
  const cases: Array<[string, number, RegExp]> = [
    ['needsReview=maybe', 400, /^needsReview:/],
    ['bankAccountId=nope', 400, /^bankAccountId:/],
    ['amountMin=ten', 400, /^amountMin:/],
    ['amountMin=5&amountMax=1', 400, /^amountMin: must be at most amountMax/],
  ];
  for (const [query, status, reason] of cases) {
    const response = await acme.call('GET', `/v1/transactions?${query}`);
    assert.equal(response.statusCode, status, query);
    assert.match(response.json().reason, reason, query);
  }
  const globexAccount = (await globex.call('GET', '/v1/bank-accounts')).json().data[0].id;
  assert.equal((await acme.call('GET', `/v1/transactions?bankAccountId=${globexAccount}`)).statusCode, 404);
  assert.deepEqual(
    ids(await list(globex, `${february}&amountMin=250&amountMax=500`)),
    [300],
    'each tenant sees its own',
  );
});

const csvOf = async (tenant: TestTenant, url: string) => {
  const response = await tenant.call('GET', url, undefined, { accept: 'text/csv' });
  assert.equal(response.statusCode, 200, response.body);
  assert.match(String(response.headers['content-type']), /^text\/csv/);
  return parse(response.body, { columns: true }) as Array<Record<string, string>>;
};

test('CSV of transactions: every matching row, past any page size, with the filters applied', async () => {
  const rows = await csvOf(acme, '/v1/transactions?from=2025-01-01&to=2025-12-31');
  assert.equal(rows.length, BULK_ROWS, 'all rows, not one page');
  assert.equal(new Set(rows.map((row) => row.id)).size, BULK_ROWS);
  assert.deepEqual(Object.keys(rows[0]).slice(0, 4), ['id', 'date', 'bankAccountId', 'amount']);
  const json = (await list(acme, 'from=2025-01-01&to=2025-12-31&limit=200')).data;
  assert.deepEqual(
    rows.slice(0, 200).map((row) => [row.id, Number(row.amount), row.needsReview === 'true']),
    json.map((row: { id: string; amount: number; needsReview: boolean }) => [row.id, row.amount, row.needsReview]),
    'same order and values as the JSON',
  );
  const filtered = await csvOf(
    acme,
    `/v1/transactions?from=2026-02-01&to=2026-02-28&bankAccountId=${savings.id}&amountMin=0`,
  );
  assert.deepEqual(
    filtered.map((row) => Number(row.amount)).sort((a, b) => a - b),
    [250.5, 499.99, 500],
  );
  assert.ok(
    filtered.every((row) => !row.amount.startsWith("'")),
    'amounts stay numbers',
  );
  assert.equal((await csvOf(globex, '/v1/transactions?from=2025-01-01&to=2025-12-31')).length, 0);
});

test('CSV of the journal and the general ledger: every line of the period, not the first 100', async () => {
  const journal = await csvOf(acme, '/v1/journal-entries?from=2025-01-01&to=2025-12-31');
  const entries = new Set(journal.map((row) => row.entryId));
  assert.equal(entries.size, BULK_ROWS, 'one entry per booked row');
  assert.equal(journal.length, BULK_ROWS * 2, 'one CSV row per journal line');
  const debits = journal.reduce((total, row) => total + Math.round(Number(row.debit || 0) * 100), 0);
  const credits = journal.reduce((total, row) => total + Math.round(Number(row.credit || 0) * 100), 0);
  assert.equal(debits, credits, 'the exported journal balances');

  const ledger = await csvOf(acme, '/v1/reports/general-ledger?from=2025-01-01&to=2025-12-31');
  assert.equal(ledger.length, BULK_ROWS * 2, 'every line, though JSON pages hold 100');
  const json = (await acme.call('GET', '/v1/reports/general-ledger?from=2025-01-01&to=2025-12-31')).json();
  assert.equal(json.data.lines.length, 100);
  assert.equal(json.meta.pagination.nextOffset, 100, 'the JSON says another page follows');
  // Running balances continue across the CSV's internal pages: each account's last line is its closing balance.
  const lastByAccount = new Map(ledger.map((row) => [row.accountNumber, Number(row.runningBalance)]));
  const trial = (await acme.call('GET', '/v1/reports/trial-balance?asOf=2025-12-31')).json().data.accounts as Array<{
    accountNumber: string;
    balance: number;
  }>;
  for (const [accountNumber, closing] of lastByAccount) {
    assert.equal(closing, trial.find((row) => row.accountNumber === accountNumber)!.balance, accountNumber);
  }
  const trialCsv = await csvOf(acme, '/v1/reports/trial-balance?asOf=2025-12-31');
  assert.equal(trialCsv.at(-1)!.name, 'Totals');
  assert.equal(trialCsv.at(-1)!.debit, trialCsv.at(-1)!.credit);
});
