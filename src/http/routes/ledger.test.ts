import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createHarness, push, type Harness, type TestTenant } from '../../../test/support/harness.ts';

let harness: Harness;
let acme: TestTenant;
let globex: TestTenant;

before(async () => {
  harness = await createHarness();
  acme = await harness.newTenant('Acme LLC');
  globex = await harness.newTenant('Globex Inc');
});
after(() => harness.close());

interface Line {
  accountNumber: string;
  debit: number | null;
  credit: number | null;
  memo: string | null;
}
interface Entry {
  id: string;
  entryDate: string;
  sourceType: string;
  sourceId: string | null;
  reversesEntryId: string | null;
  lines: Line[];
}

const postAccounts = (tenant: TestTenant, accounts: unknown[], institutionName = 'First Bank') =>
  tenant.call('POST', '/v1/bank-accounts', { institutionName, accounts });
const journal = async (tenant: TestTenant, query: string): Promise<Entry[]> =>
  (await tenant.call('GET', `/v1/journal-entries?${query}`)).json().data;
const trialBalance = async (tenant: TestTenant, query = '') =>
  (await tenant.call('GET', `/v1/reports/trial-balance${query}`)).json().data;
const balanceOf = (report: { accounts: Array<{ accountNumber: string; balance: number }> }, accountNumber: string) =>
  report.accounts.find((row) => row.accountNumber === accountNumber)?.balance;

test('bank accounts get their own ledger accounts by kind, and re-posting updates in place', async () => {
  const response = await postAccounts(acme, [
    {
      externalId: 'chk',
      name: 'Operating',
      kind: 'checking',
      currency: 'USD',
      openingBalance: 1000,
      openingBalanceDate: '2026-01-01',
    },
    { externalId: 'chk2', name: 'Payroll', kind: 'checking', currency: 'USD' },
    {
      externalId: 'sav',
      name: 'Reserve',
      kind: 'savings',
      currency: 'USD',
      openingBalance: 5000.5,
      openingBalanceDate: '2026-01-01',
    },
    {
      externalId: 'card',
      name: 'Visa',
      kind: 'credit_card',
      currency: 'USD',
      openingBalance: 250,
      openingBalanceDate: '2026-01-01',
    },
  ]);
  assert.equal(response.statusCode, 200);
  const { institutionName, accounts } = response.json().data;
  assert.equal(institutionName, 'First Bank');
  assert.deepEqual(
    accounts.map((account: { ledgerAccountNumber: string }) => account.ledgerAccountNumber),
    ['1011', '1012', '1051', '2101'],
  );
  assert.deepEqual(
    accounts.map((account: { type: string }) => account.type),
    ['depository', 'depository', 'depository', 'credit'],
  );
  assert.ok(accounts.every((account: { ledgerMapped: boolean }) => account.ledgerMapped));
  assert.deepEqual(
    accounts.map((account: { derivedBalance: number }) => account.derivedBalance),
    [1000, 0, 5000.5, 250],
  );

  // The ledger accounts appear in the chart, under their parents.
  const chart = (await acme.call('GET', '/v1/accounts')).json().data;
  const card = chart.find((account: { accountNumber: string }) => account.accountNumber === '2101');
  assert.equal(card.category, 'liability');
  assert.equal(card.parentNumber, '2100');
  assert.equal(card.name, 'First Bank Visa');

  // Re-posting the same institution changes nothing and books nothing twice.
  const again = await postAccounts(acme, [
    {
      externalId: 'chk',
      name: 'Operating',
      kind: 'checking',
      currency: 'USD',
      openingBalance: 1000,
      openingBalanceDate: '2026-01-01',
    },
  ]);
  assert.equal(again.json().data.accounts[0].id, accounts[0].id);
  const openings = (await journal(acme, 'from=2026-01-01&to=2026-01-01')).filter(
    (entry) => entry.sourceType === 'opening_balance',
  );
  assert.equal(openings.length, 3, 'one opening entry per account with a non-zero opening balance');
  assert.equal((await acme.call('GET', '/v1/bank-accounts')).json().data.length, 4);

  // Opening balance directions: cash debits the bank account, card debt credits the card.
  const cardOpening = openings.find((entry) => entry.lines.some((line) => line.accountNumber === '2101'))!;
  assert.deepEqual(cardOpening.lines.map((line) => [line.accountNumber, line.debit, line.credit]).sort(), [
    ['2101', null, 250],
    ['3950', 250, null],
  ]);

  // The same externalId at another institution is another account.
  const other = await postAccounts(acme, [{ externalId: 'chk', name: 'Other', currency: 'USD' }], 'Second Bank');
  assert.notEqual(other.json().data.accounts[0].id, accounts[0].id);
  assert.equal(other.json().data.accounts[0].ledgerAccountNumber, '1013');

  // Kind and currency are fixed once created.
  const changed = await postAccounts(acme, [
    { externalId: 'chk', name: 'Operating', kind: 'savings', currency: 'USD' },
  ]);
  assert.equal(changed.statusCode, 409);
  assert.equal(changed.json().error, 'conflict');
});

test('a changed opening balance replaces the old posting by reversal; null removes it', async () => {
  await postAccounts(acme, [
    { externalId: 'chk', name: 'Operating', currency: 'USD', openingBalance: 1200, openingBalanceDate: '2026-01-01' },
  ]);
  let entries = await journal(acme, 'from=2026-01-01&to=2026-01-01&accountNumber=1011');
  assert.equal(entries.length, 3, 'original, its reversal, the new opening');
  const [original, reversal, replacement] = entries;
  assert.equal(reversal.reversesEntryId, original.id);
  assert.equal(replacement.lines.find((line) => line.accountNumber === '1011')!.debit, 1200);
  assert.equal(balanceOf(await trialBalance(acme, '?asOf=2026-01-01'), '1011'), 1200);

  // Moving the date moves the posting.
  await postAccounts(acme, [
    { externalId: 'chk', name: 'Operating', currency: 'USD', openingBalance: 1200, openingBalanceDate: '2025-12-31' },
  ]);
  assert.equal(balanceOf(await trialBalance(acme, '?asOf=2025-12-31'), '1011'), 1200);
  assert.equal(balanceOf(await trialBalance(acme, '?asOf=2026-01-01'), '1011'), 1200);

  await postAccounts(acme, [{ externalId: 'chk', name: 'Operating', currency: 'USD', openingBalance: null }]);
  assert.equal(balanceOf(await trialBalance(acme, '?asOf=2026-12-31'), '1011'), 0);
  const [account] = (await acme.call('GET', '/v1/bank-accounts')).json().data;
  assert.equal(account.openingBalance, null);
  assert.equal(account.derivedBalance, 0);
  entries = await journal(acme, 'from=2025-01-01&to=2026-12-31&accountNumber=1011');
  assert.equal(entries.length, 6, 'nothing was edited or deleted: every change is a new entry');
  await postAccounts(acme, [
    { externalId: 'chk', name: 'Operating', currency: 'USD', openingBalance: 1000, openingBalanceDate: '2026-01-01' },
  ]);
});

test('booked rows, derivedBalance and the trial balance agree, cumulatively through asOf', async () => {
  await push(
    acme,
    [
      { accountExternalId: 'chk', id: 'a1', date: '2026-02-01', amount: 100.1, description: 'MONTHLY SERVICE FEE' },
      { accountExternalId: 'chk', id: 'a2', date: '2026-02-02', amount: -300.2, description: 'Customer payment' },
      { accountExternalId: 'chk', id: 'a3', date: '2026-02-03', amount: 0.3, description: 'Rounding test' },
    ],
    'First Bank',
  );
  await push(
    acme,
    [{ accountExternalId: 'card', id: 'c1', date: '2026-02-04', amount: 45.67, description: 'Lunch with client' }],
    'First Bank',
  );
  await harness.sweep();

  const [checking, , , card] = (await acme.call('GET', '/v1/bank-accounts')).json().data;
  assert.equal(checking.derivedBalance, 1199.8, '1000 - 100.10 + 300.20 - 0.30, exactly');
  assert.equal(card.derivedBalance, 295.67, 'a card charge raises the amount owed');

  const asOfFeb = await trialBalance(acme, '?asOf=2026-02-28');
  assert.equal(asOfFeb.totals.debit, asOfFeb.totals.credit);
  assert.equal(balanceOf(asOfFeb, '1011'), checking.derivedBalance);
  assert.equal(balanceOf(asOfFeb, '2101'), card.derivedBalance);
  assert.equal(balanceOf(asOfFeb, '6210'), 100.1);
  // Money in lands on whatever account the sweep chose for it; that account's balance is the row.
  const [payment] = (await acme.call('GET', '/v1/transactions?from=2026-02-02&to=2026-02-02')).json().data;
  assert.equal(balanceOf(asOfFeb, payment.category.accountNumber), 300.2);
  assert.ok(asOfFeb.accounts.every((row: { isActive: boolean }) => row.isActive));

  // asOf is inclusive, and earlier cutoffs exclude later rows.
  assert.equal(balanceOf(await trialBalance(acme, '?asOf=2026-02-01'), '1011'), 899.9);
  assert.equal(balanceOf(await trialBalance(acme, '?asOf=2026-01-31'), '1011'), 1000);
  // Default asOf is today, which is after every row above.
  assert.equal(balanceOf(await trialBalance(acme), '1011'), checking.derivedBalance);
  // The other tenant's trial balance is untouched.
  const other = await trialBalance(globex, '?asOf=2026-12-31');
  assert.ok(other.accounts.every((row: { debit: number; credit: number }) => row.debit === 0 && row.credit === 0));
  assert.equal(other.entityId, globex.entityId);
});

test('journal entries: window, account filter, oldest first, pagination, one entry by id', async () => {
  const all = await journal(acme, 'from=2026-02-01&to=2026-02-28');
  assert.deepEqual(
    all.map((entry) => entry.entryDate),
    ['2026-02-01', '2026-02-02', '2026-02-03', '2026-02-04'],
  );
  for (const entry of all) {
    const debits = entry.lines.reduce((sum, line) => sum + Math.round((line.debit ?? 0) * 100), 0);
    const credits = entry.lines.reduce((sum, line) => sum + Math.round((line.credit ?? 0) * 100), 0);
    assert.equal(debits, credits);
    assert.ok(entry.lines.every((line) => (line.debit === null) !== (line.credit === null)));
    assert.equal(entry.sourceType, 'bank_feed');
  }
  assert.equal((await journal(acme, 'from=2026-02-01&to=2026-02-28&accountNumber=2101')).length, 1);
  const page = (await acme.call('GET', '/v1/journal-entries?from=2026-02-01&to=2026-02-28&limit=3')).json();
  assert.equal(page.data.length, 3);
  assert.deepEqual(page.meta.pagination, {
    limit: 3,
    offset: 0,
    nextOffset: 3,
    nextAfter: page.meta.pagination.nextAfter,
  });
  assert.equal(typeof page.meta.pagination.nextAfter, 'string');
  const last = (await acme.call('GET', '/v1/journal-entries?from=2026-02-01&to=2026-02-28&limit=3&offset=3')).json();
  assert.deepEqual(last.meta.pagination, { limit: 3, offset: 3, nextOffset: null, nextAfter: null });
  const byCursor = await acme.call(
    'GET',
    `/v1/journal-entries?from=2026-02-01&to=2026-02-28&limit=3&after=${page.meta.pagination.nextAfter}`,
  );
  assert.deepEqual(byCursor.json().data, last.data);

  const one = await acme.call('GET', `/v1/journal-entries/${all[0].id}`);
  assert.equal(one.statusCode, 200);
  assert.deepEqual(one.json().data, all[0]);
  assert.equal((await globex.call('GET', `/v1/journal-entries/${all[0].id}`)).statusCode, 404);
  assert.equal((await acme.call('GET', '/v1/journal-entries/not-a-uuid')).statusCode, 400);

  // from and to are required; to before from is refused.
  for (const query of [
    'to=2026-02-28',
    'from=2026-02-01',
    'from=2026-03-01&to=2026-02-01',
    'from=2026-02-01&to=2026-02-28&limit=201',
    'from=2026-02-01&to=2026-02-28&limit=0',
  ]) {
    const response = await acme.call('GET', `/v1/journal-entries?${query}`);
    assert.equal(response.statusCode, 400, query);
    assert.equal(response.json().error, 'invalid_request');
  }
});

test('entities: list and one, tax id masked to its last four, another tenant answered as missing', async () => {
  const list = (await acme.call('GET', '/v1/entities')).json().data;
  assert.equal(list.length, 1);
  const [entity] = list;
  assert.equal(entity.id, acme.entityId);
  assert.equal(entity.isPrimary, true);
  assert.equal(entity.status, 'active');
  assert.equal(entity.taxIdMasked, '*****6789');
  assert.ok(!JSON.stringify(list).includes('123456789'));
  assert.deepEqual((await acme.call('GET', `/v1/entities/${entity.id}`)).json().data, entity);
  const foreign = await globex.call('GET', `/v1/entities/${entity.id}`);
  assert.equal(foreign.statusCode, 404);
  assert.equal(foreign.json().error, 'not_found');
});

test('a second entity keeps its own chart, bank accounts and trial balance', async () => {
  const { addEntity } = await import('../../tenancy/tenants.ts');
  const { entityId } = await addEntity(harness.handle, acme.tenantId, {
    legalName: 'Acme Holdings Inc',
    entityType: 'c_corp',
  });
  const entities = (await acme.call('GET', '/v1/entities')).json().data;
  assert.deepEqual(
    entities.map((entity: { isPrimary: boolean }) => entity.isPrimary),
    [true, false],
  );
  const created = await acme.call('POST', '/v1/bank-accounts', {
    institutionName: 'Holdings Bank',
    entityId,
    accounts: [
      { externalId: 'h1', name: 'Main', currency: 'USD', openingBalance: 10, openingBalanceDate: '2026-01-01' },
    ],
  });
  assert.equal(created.statusCode, 200, created.body);
  assert.equal(created.json().data.accounts[0].ledgerAccountNumber, '1011', 'numbers are per entity');
  assert.equal((await acme.call('GET', `/v1/bank-accounts?entityId=${entityId}`)).json().data.length, 1);
  assert.equal(
    (await acme.call('GET', '/v1/bank-accounts')).json().data.length,
    5,
    'the default is the primary entity',
  );
  assert.equal(balanceOf(await trialBalance(acme, `?entityId=${entityId}&asOf=2026-12-31`), '1011'), 10);
  assert.ok(
    (await acme.call('GET', `/v1/accounts?entityId=${entityId}`))
      .json()
      .data.every((account: { entityId: string }) => account.entityId === entityId),
  );
});
