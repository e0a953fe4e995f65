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

const list = async (tenant: TestTenant, query = 'from=2026-01-01&to=2026-12-31') =>
  (await tenant.call('GET', `/v1/transactions?${query}`)).json();

test('identity and idempotency: client ids, derived ids, repeats within a request, exact counts', async () => {
  const rows = [
    { accountExternalId: 'chk', id: 'a1', date: '2026-04-01', amount: 10, description: 'Row A' },
    { accountExternalId: 'chk', id: 'a2', date: '2026-04-01', amount: 10, description: 'Row A' },
    { accountExternalId: 'chk', date: '2026-04-02', amount: 20, description: 'Row B' },
    { accountExternalId: 'chk', date: '2026-04-02', amount: 20, description: '  row   b ' },
  ];
  const first = await push(acme, rows);
  assert.deepEqual(
    first.json().data,
    { received: 4, imported: 3, deduplicated: 1 },
    'same date, amount and description without id collapse; distinct ids do not',
  );
  const again = await push(acme, rows);
  assert.deepEqual(again.json().data, { received: 4, imported: 0, deduplicated: 4 });
  const changedContentSameId = await push(acme, [
    { accountExternalId: 'chk', id: 'a1', date: '2026-04-05', amount: 99, description: 'Different' },
  ]);
  assert.deepEqual(
    changedContentSameId.json().data,
    { received: 1, imported: 0, deduplicated: 1 },
    'a re-send of the same id is a no-op',
  );
  const aprilRows = (await list(acme, 'from=2026-04-01&to=2026-04-30')).data;
  assert.equal(aprilRows.length, 3);
  // The other tenant pushing the same rows imports them for itself.
  assert.deepEqual((await push(globex, rows)).json().data, { received: 4, imported: 3, deduplicated: 1 });
});

test('a new row is uncategorized until the sweep, then categorized and booked', async () => {
  await push(acme, [
    { accountExternalId: 'chk', id: 'fee', date: '2026-05-03', amount: 15, description: 'MONTHLY SERVICE FEE' },
  ]);
  let [row] = (await list(acme, 'from=2026-05-03&to=2026-05-03')).data;
  assert.equal(row.category, null);
  assert.equal(row.needsReview, true);
  assert.equal(row.journalEntryId, null);
  assert.equal(row.direction, 'out');
  await harness.sweep();
  row = (await acme.call('GET', `/v1/transactions/${row.id}`)).json().data;
  assert.deepEqual(
    { ...row.category, confidence: undefined },
    { accountNumber: '6210', accountName: 'Bank and Payment Processing Fees', confidence: undefined, source: 'regex' },
  );
  assert.ok(
    row.category.confidence >= harness.config.reviewThreshold,
    'a bank fee line is sure enough to need no review',
  );
  assert.equal(row.needsReview, false);
  assert.equal(row.transactionType, 'expense');
  const entry = (await acme.call('GET', `/v1/journal-entries/${row.journalEntryId}`)).json().data;
  assert.equal(entry.sourceType, 'bank_feed');
  assert.equal(entry.sourceId, row.id);
  assert.deepEqual(
    entry.lines.map((line: { accountNumber: string; debit: number | null; credit: number | null }) => [
      line.accountNumber,
      line.debit,
      line.credit,
    ]),
    [
      ['6210', 15, null],
      ['1011', null, 15],
    ],
  );
});

test('a row nothing explains lands on the catch-all, or on its likeliest account (a prior); both need review', async () => {
  await push(acme, [
    { accountExternalId: 'chk', id: 'u-out', date: '2026-05-10', amount: 42, description: 'ZXQ WIDGETS 8841' },
    { accountExternalId: 'chk', id: 'u-in', date: '2026-05-10', amount: -42, description: 'ZXQ DEPOSIT 8841' },
    {
      accountExternalId: 'chk',
      id: 'u-sq',
      date: '2026-05-10',
      amount: 18.5,
      description: 'DEBIT CARD PURCHASE XXXXX5071 SQ *ZXQ QUOBB BOISE ID',
    },
  ]);
  await harness.sweep();
  const rows = (await list(acme, 'from=2026-05-10&to=2026-05-10')).data;
  const byDescription = Object.fromEntries(rows.map((row: { description: string }) => [row.description, row]));
  assert.deepEqual(
    ['ZXQ WIDGETS 8841', 'ZXQ DEPOSIT 8841', 'DEBIT CARD PURCHASE XXXXX5071 SQ *ZXQ QUOBB BOISE ID'].map(
      (description) => [byDescription[description].category.accountNumber, byDescription[description].category.source],
    ),
    [
      ['6999', null],
      // Money into checking is most likely a customer paying; a card sale at a Square register most likely a meal.
      ['4100', 'regex'],
      ['6160', 'regex'],
    ],
  );
  for (const row of rows) assert.equal(row.needsReview, true);
});

test('a correction reverses the entry, books the new account, and is remembered for the merchant', async () => {
  await push(acme, [
    {
      accountExternalId: 'chk',
      id: 'fig-1',
      date: '2026-06-01',
      amount: 120,
      description: 'QUIBBLO MONTHLY',
      merchant: 'Quibblo',
    },
  ]);
  await harness.sweep();
  const [before] = (await list(acme, 'from=2026-06-01&to=2026-06-01')).data;
  // Unknown merchant: no tier is sure (rag may offer the account of a row that looks a little alike).
  assert.equal(before.needsReview, true);
  assert.notEqual(before.category.source, 'user_override');
  const patched = await acme.call('PATCH', `/v1/transactions/${before.id}`, {
    category: '6200',
    reason: 'design software',
  });
  assert.equal(patched.statusCode, 200);
  assert.deepEqual(patched.json().data.category, {
    accountNumber: '6200',
    accountName: 'Software and Subscriptions',
    confidence: 1,
    source: 'user_override',
  });
  assert.equal(patched.json().data.transactionType, 'expense');
  assert.equal(patched.json().data.needsReview, false);

  const journal = (await acme.call('GET', '/v1/journal-entries?from=2026-06-01&to=2026-06-01')).json().data;
  assert.equal(journal.length, 3, 'original, reversal, re-booking: nothing edited or deleted');
  const [original, reversal, rebooked] = journal;
  assert.equal(original.id, before.journalEntryId);
  assert.equal(reversal.reversesEntryId, original.id);
  assert.deepEqual(
    reversal.lines.map((line: { debit: number | null }) => line.debit),
    original.lines.map((line: { credit: number | null }) => line.credit),
  );
  assert.equal(rebooked.lines[0].accountNumber, '6200');
  assert.equal(rebooked.lines[0].memo, 'Correction: design software');
  assert.equal(patched.json().data.journalEntryId, rebooked.id);

  // Confirming the same category books nothing new.
  await acme.call('PATCH', `/v1/transactions/${before.id}`, { category: '6200' });
  assert.equal((await acme.call('GET', '/v1/journal-entries?from=2026-06-01&to=2026-06-01')).json().data.length, 3);

  // The next row from the merchant is categorized from memory.
  await push(acme, [
    {
      accountExternalId: 'chk',
      id: 'fig-2',
      date: '2026-07-01',
      amount: 120,
      description: 'QUIBBLO MONTHLY 0701',
      merchant: 'QUIBBLO',
    },
  ]);
  await harness.sweep();
  const [next] = (await list(acme, 'from=2026-07-01&to=2026-07-01')).data;
  assert.equal(next.category.accountNumber, '6200');
  assert.equal(next.category.source, 'memory');
  assert.ok(next.category.confidence >= 0.9 && next.category.confidence < 1);
  assert.equal(next.needsReview, false);

  // A later correction overrides the earlier one.
  await acme.call('PATCH', `/v1/transactions/${next.id}`, { category: '6090' });
  await push(acme, [
    {
      accountExternalId: 'chk',
      id: 'fig-3',
      date: '2026-08-01',
      amount: 120,
      description: 'QUIBBLO',
      merchant: 'Quibblo',
    },
  ]);
  await harness.sweep();
  assert.equal((await list(acme, 'from=2026-08-01&to=2026-08-01')).data[0].category.accountNumber, '6090');
  // The other tenant learned nothing from Acme's corrections.
  await push(globex, [
    {
      accountExternalId: 'chk',
      id: 'fig-g',
      date: '2026-08-01',
      amount: 120,
      description: 'QUIBBLO',
      merchant: 'Quibblo',
    },
  ]);
  await harness.sweep();
  const [globexRow] = (await list(globex, 'from=2026-08-01&to=2026-08-01')).data;
  assert.notEqual(globexRow.category.accountNumber, '6090');
  assert.notEqual(globexRow.category.source, 'memory');
});

test('a transfer is booked through 1900 and shows a null category', async () => {
  await push(acme, [
    {
      accountExternalId: 'chk',
      id: 'xfer',
      date: '2026-06-15',
      amount: 500,
      description: 'ONLINE TRANSFER TO SAV 1234',
    },
  ]);
  await harness.sweep();
  const [row] = (await list(acme, 'from=2026-06-15&to=2026-06-15')).data;
  const patched = (await acme.call('PATCH', `/v1/transactions/${row.id}`, { category: 'transfer' })).json().data;
  assert.equal(patched.category, null);
  assert.equal(patched.transactionType, 'transfer');
  const entry = (await acme.call('GET', `/v1/journal-entries/${patched.journalEntryId}`)).json().data;
  assert.deepEqual(entry.lines.map((line: { accountNumber: string }) => line.accountNumber).sort(), ['1011', '1900']);
  const filtered = (await list(acme, 'from=2026-06-15&to=2026-06-15&category=transfer')).data;
  assert.equal(filtered.length, 1);
});

test("PATCH refuses unknown accounts and the row's own bank account, and changes nothing", async () => {
  const [row] = (await list(acme, 'from=2026-06-15&to=2026-06-15')).data;
  for (const category of ['9999', '1011', '']) {
    const response = await acme.call('PATCH', `/v1/transactions/${row.id}`, { category });
    assert.equal(response.statusCode, 400, category);
    assert.match(response.json().reason, /^category:/);
  }
  assert.equal(
    (await acme.call('PATCH', '/v1/transactions/00000000-0000-4000-8000-000000000000', { category: '6200' }))
      .statusCode,
    404,
  );
  assert.equal(
    (await acme.call('PATCH', '/v1/transactions/does-not-exist', { category: '6200' })).statusCode,
    400,
    'a malformed id is a malformed request',
  );
  assert.deepEqual((await acme.call('GET', `/v1/transactions/${row.id}`)).json().data, row);
});

test('pending rows are categorized but booked only once settled', async () => {
  await push(acme, [
    {
      accountExternalId: 'chk',
      id: 'pend',
      date: '2026-09-01',
      amount: 30,
      description: 'MONTHLY SERVICE FEE',
      pending: true,
    },
  ]);
  await harness.sweep();
  let [row] = (await list(acme, 'from=2026-09-01&to=2026-09-01')).data;
  assert.equal(row.pending, true);
  assert.equal(row.category.accountNumber, '6210');
  assert.equal(row.journalEntryId, null);
  const settled = await push(acme, [
    { accountExternalId: 'chk', id: 'pend', date: '2026-09-01', amount: 30, description: 'MONTHLY SERVICE FEE' },
  ]);
  assert.deepEqual(settled.json().data, { received: 1, imported: 0, deduplicated: 1 });
  await harness.sweep();
  [row] = (await list(acme, 'from=2026-09-01&to=2026-09-01')).data;
  assert.equal(row.pending, false);
  assert.ok(row.journalEntryId);
});

test('listing: window, newest first, search, category filter and pagination', async () => {
  const rows = Array.from({ length: 7 }, (_, index) => ({
    accountExternalId: 'chk',
    id: `p${index}`,
    date: `2026-10-0${index + 1}`,
    amount: index + 1,
    description: index % 2 ? 'Zqxwidget 50%_OFF' : 'Plorvex',
  }));
  await push(acme, rows);
  await harness.sweep();
  const page1 = await list(acme, 'from=2026-10-01&to=2026-10-31&limit=3');
  assert.deepEqual(
    page1.data.map((row: { date: string }) => row.date),
    ['2026-10-07', '2026-10-06', '2026-10-05'],
  );
  assert.deepEqual(page1.meta.pagination, { limit: 3, offset: 0, nextOffset: 3 });
  const page3 = await list(acme, 'from=2026-10-01&to=2026-10-31&limit=3&offset=6');
  assert.deepEqual(page3.meta.pagination, { limit: 3, offset: 6, nextOffset: null });
  assert.equal(page3.data.length, 1);
  assert.equal((await list(acme, 'from=2026-10-02&to=2026-10-04')).data.length, 3);
  assert.equal((await list(acme, 'from=2026-10-01&to=2026-10-31&search=ZQXWIDGET')).data.length, 3);
  assert.equal((await list(acme, `from=2026-10-01&to=2026-10-31&search=${encodeURIComponent('50%_')}`)).data.length, 3);
  assert.equal(
    (await list(acme, `from=2026-10-01&to=2026-10-31&search=${encodeURIComponent('%')}`)).data.length,
    3,
    '% is a literal, not a wildcard',
  );
  assert.equal((await list(acme, 'from=2026-10-01&to=2026-10-31&category=6999')).data.length, 7);
  assert.equal((await list(acme, 'from=2026-10-01&to=2026-10-31&category=6200')).data.length, 0);
  // The default window is the last 30 days.
  await push(acme, [
    {
      accountExternalId: 'chk',
      id: 'today',
      date: new Date().toISOString().slice(0, 10),
      amount: 1,
      description: 'Today',
    },
  ]);
  const recent = (await acme.call('GET', '/v1/transactions')).json().data;
  assert.ok(recent.some((row: { description: string }) => row.description === 'Today'));
  assert.ok(!recent.some((row: { date: string }) => row.date === '2026-04-01'));
});
