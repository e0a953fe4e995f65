import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { camt, closingMinor, month, tamperedCamt } from '../../../test/fixtures/statements/pipeline.ts';
import { renderInvoicePdf } from '../../../test/fixtures/statements/render-pdf.ts';
import { createAccount, createHarness, push, type Harness, type TestTenant } from '../../../test/support/harness.ts';
import { processStatements, upload, uploadAndProcess } from '../../../test/support/statements.ts';

let harness: Harness;
let acme: TestTenant;
let globex: TestTenant;

before(async () => {
  harness = await createHarness();
  acme = await harness.newTenant('Acme LLC');
  globex = await harness.newTenant('Globex Inc');
});
after(() => harness.close());

const march = (overrides: Partial<Parameters<typeof month>[0]> = {}) =>
  month({
    accountNumber: '5500001111',
    periodStart: '2026-03-01',
    periodEnd: '2026-03-31',
    openingMinor: 100_000,
    lines: [
      { date: '2026-03-03', description: 'OFFICE DEPOT 221', amountMinor: 4_599 },
      { date: '2026-03-10', description: 'STRIPE PAYOUT', amountMinor: -250_000 },
      { date: '2026-03-15', description: 'MONTHLY SERVICE FEE', amountMinor: 1_500 },
    ],
    ...overrides,
  });

const bankAccounts = async (tenant: TestTenant) => (await tenant.call('GET', '/v1/bank-accounts')).json().data;
const rowsBetween = async (tenant: TestTenant, from: string, to: string) =>
  (await tenant.call('GET', `/v1/transactions?from=${from}&to=${to}&limit=200`)).json().data;

test('a statement uploads with 202, ingests as one account, period and rows, and flows through the sweep', async () => {
  const statement = march();
  const response = await upload(harness, acme.key, {
    bytes: camt(statement),
    filename: 'march.xml',
    contentType: 'application/xml',
  });
  assert.equal(response.statusCode, 202);
  const { documentId, status } = response.json().data;
  assert.equal(status, 'processing');
  assert.deepEqual((await acme.call('GET', `/v1/bank-statements/${documentId}`)).json().data.status, 'processing');

  assert.equal(await processStatements(harness), 1);
  const upload1 = (await acme.call('GET', `/v1/bank-statements/${documentId}`)).json().data;
  assert.equal(upload1.status, 'ingested');
  assert.equal(upload1.source, 'api');
  assert.equal(upload1.filename, 'march.xml');
  assert.deepEqual(upload1.conflicts, []);
  assert.equal(upload1.rejection, undefined);
  const period = upload1.statement;
  assert.deepEqual(
    { ...period, id: undefined, createdAt: undefined },
    {
      id: undefined,
      createdAt: undefined,
      documentId,
      bankAccountId: upload1.bankAccountId,
      periodStart: '2026-03-01',
      periodEnd: '2026-03-31',
      currency: 'USD',
      openingBalance: 1000,
      closingBalance: closingMinor(statement) / 100,
      transactionCount: 3,
      continuityOk: true,
    },
  );
  assert.equal(period.closingBalance, 1000 - 45.99 + 2500 - 15);

  const [account] = await bankAccounts(acme);
  assert.equal(account.id, period.bankAccountId);
  assert.equal(account.institutionName, 'First Harbor Bank');
  assert.equal(account.externalAccountId, '****1111');
  assert.equal(account.kind, 'checking');
  assert.equal(account.currency, 'USD');
  assert.equal(account.openingBalance, 1000);
  assert.equal(account.openingBalanceDate, '2026-03-01');
  assert.equal(account.derivedBalance, period.closingBalance);
  assert.equal(account.ledgerAccountNumber, '1011');

  const rows = await rowsBetween(acme, '2026-03-01', '2026-03-31');
  assert.deepEqual(
    rows.map((row: { date: string; amount: number; description: string }) => [row.date, row.amount, row.description]),
    [
      ['2026-03-15', 15, 'MONTHLY SERVICE FEE'],
      ['2026-03-10', -2500, 'STRIPE PAYOUT'],
      ['2026-03-03', 45.99, 'OFFICE DEPOT 221'],
    ],
  );
  assert.ok(
    rows.every((row: { category: unknown }) => row.category === null),
    'uncategorized until the sweep',
  );

  await harness.sweep();
  const fee = (await rowsBetween(acme, '2026-03-15', '2026-03-15'))[0];
  assert.equal(fee.category.accountNumber, '6210');
  const entry = (await acme.call('GET', `/v1/journal-entries/${fee.journalEntryId}`)).json().data;
  assert.equal(entry.sourceType, 'bank_statement');
  assert.equal(entry.sourceId, fee.id);

  // The other tenant sees none of it.
  assert.equal((await globex.call('GET', `/v1/bank-statements/${documentId}`)).statusCode, 404);
  assert.deepEqual((await globex.call('GET', '/v1/bank-statements')).json().data, []);
  assert.deepEqual(await bankAccounts(globex), []);
});

test('the same statement twice: no duplicate rows, the period and its rows updated in place', async () => {
  const statement = march({ accountNumber: '5500002222' });
  const first = await uploadAndProcess(harness, acme, { bytes: camt(statement) });
  await harness.sweep();
  const before = await rowsBetween(acme, '2026-03-01', '2026-03-31');
  const second = await uploadAndProcess(harness, acme, { bytes: camt(statement) });
  assert.equal(second.status, 'ingested');
  assert.equal(second.statement.id, first.statement.id, 'one period per account and period');
  assert.equal(second.statement.documentId, second.documentId, 'the newest copy is the current one');
  assert.deepEqual(second.conflicts, [], 'every row is still listed');
  const afterRows = await rowsBetween(acme, '2026-03-01', '2026-03-31');
  assert.deepEqual(
    afterRows.map((row: { id: string }) => row.id).sort(),
    before.map((row: { id: string }) => row.id).sort(),
  );
  const account = (await bankAccounts(acme)).find(
    (candidate: { externalAccountId: string }) => candidate.externalAccountId === '****2222',
  );
  assert.equal(account.openingBalance, 1000);
  const periods = (await acme.call('GET', `/v1/bank-statements?bankAccountId=${account.id}`)).json().data;
  assert.equal(periods.length, 1);
});

test('a tampered copy (one amount changed) is rejected did_not_reconcile with expected and stated, and writes nothing', async () => {
  const statement = march({ accountNumber: '5500003333' });
  const status = await uploadAndProcess(harness, globex, { bytes: tamperedCamt(statement, 0, 1_000) });
  assert.equal(status.status, 'rejected');
  assert.equal(status.rejection.reason, 'did_not_reconcile');
  assert.equal(status.rejection.stated, closingMinor(statement) / 100);
  assert.equal(status.rejection.expected, (closingMinor(statement) - 1_000) / 100);
  assert.match(status.rejection.message, /opening − \(out − in\)/);
  assert.equal(status.statement, undefined);
  assert.deepEqual(await bankAccounts(globex), [], 'no account was created');
  assert.deepEqual(await rowsBetween(globex, '2026-03-01', '2026-03-31'), []);
  // Two cents off is off: the gate reconciles exactly (a 0.02 line could be the one missing).
  const close = await uploadAndProcess(harness, globex, { bytes: tamperedCamt(statement, 0, 2) });
  assert.equal(close.rejection.reason, 'did_not_reconcile');
  assert.equal(close.rejection.expected, (closingMinor(statement) - 2) / 100);
});

test('a credit card statement reconciles as opening + (out − in) = closing, and a card debt is a liability', async () => {
  const card = month({
    kind: 'credit_card',
    accountNumber: '4111000044',
    periodStart: '2026-03-01',
    periodEnd: '2026-03-31',
    openingMinor: 50_000,
    lines: [
      { date: '2026-03-02', description: 'DELTA AIR LINES', amountMinor: 42_000 },
      { date: '2026-03-20', description: 'PAYMENT THANK YOU', amountMinor: -50_000 },
    ],
  });
  const status = await uploadAndProcess(harness, acme, { bytes: camt(card) });
  assert.equal(status.status, 'ingested', JSON.stringify(status.rejection));
  assert.equal(status.statement.closingBalance, 420);
  const account = (await bankAccounts(acme)).find(
    (candidate: { id: string }) => candidate.id === status.statement.bankAccountId,
  );
  assert.equal(account.kind, 'credit_card');
  assert.equal(account.type, 'credit');
  assert.equal(account.ledgerAccountNumber, '2101');
  assert.equal(account.derivedBalance, 420);
});

test('413 over 20 MB, 415 for other types (both list what is accepted), 400 for bad parts and fields', async () => {
  const tooLarge = await upload(harness, acme.key, {
    bytes: Buffer.alloc(20 * 1024 * 1024 + 1, 0x41),
    filename: 'big.csv',
  });
  assert.equal(tooLarge.statusCode, 413);
  assert.equal(tooLarge.json().error, 'payload_too_large');
  assert.match(tooLarge.json().reason, /20 MB.*accepted: PDF/);

  const gif = await upload(harness, acme.key, {
    bytes: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1'),
    filename: 'scan.gif',
    contentType: 'image/gif',
  });
  assert.equal(gif.statusCode, 415);
  assert.equal(gif.json().error, 'unsupported_media_type');
  assert.match(
    gif.json().reason,
    /accepted: PDF \(text or scanned\), PNG, JPEG, CSV, XLSX, OFX\/QFX, CAMT\.053 XML, MT940/,
  );
  const legacyXls = await upload(harness, acme.key, {
    bytes: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0]),
    filename: 'export.xls',
  });
  assert.equal(legacyXls.statusCode, 415);
  assert.match(legacyXls.json().reason, /xlsx/);

  const json = await acme.call('POST', '/v1/bank-statements', { file: 'x' });
  assert.equal(json.statusCode, 415);
  assert.match(json.json().reason, /multipart\/form-data/);

  const noFile = await upload(harness, acme.key, null, { kind: 'checking' });
  assert.equal(noFile.statusCode, 400);
  assert.match(noFile.json().reason, /^file: is required/);
  const wrongPart = await upload(harness, acme.key, { bytes: camt(march()), name: 'statement' });
  assert.equal(wrongPart.statusCode, 400);
  assert.match(wrongPart.json().reason, /^statement: unknown part/);
  const twoFiles = await upload(harness, acme.key, [{ bytes: camt(march()) }, { bytes: camt(march()) }]);
  assert.equal(twoFiles.statusCode, 400);
  assert.match(twoFiles.json().reason, /one statement file per upload/);
  const empty = await upload(harness, acme.key, { bytes: Buffer.alloc(0) });
  assert.equal(empty.statusCode, 400);
  assert.equal(empty.json().reason, 'file: is empty');

  const cases: Array<[Record<string, string>, RegExp]> = [
    [{ kind: 'brokerage' }, /^kind: must be one of/],
    [{ bankAccountId: 'nope' }, /^bankAccountId: must be a UUID/],
    [{ bankAccountId: '00000000-0000-4000-8000-000000000000' }, /^bankAccountId: no bank account/],
    [{ openingBalance: '1,234.56' }, /^openingBalance: must be a plain decimal/],
    [{ closingBalance: '12 CR' }, /^closingBalance: must be a plain decimal/],
    [{ currency: 'USD' }, /^currency: unknown field/],
  ];
  for (const [fields, reason] of cases) {
    const response = await upload(harness, acme.key, { bytes: camt(march()) }, fields);
    assert.equal(response.statusCode, 400, JSON.stringify(fields));
    assert.match(response.json().reason, reason);
  }
  // Another tenant's bank account is no bank account of this one.
  const [acmeAccount] = await bankAccounts(acme);
  const foreign = await upload(harness, globex.key, { bytes: camt(march()) }, { bankAccountId: acmeAccount.id });
  assert.equal(foreign.statusCode, 400);

  // Nothing refused was stored.
  await processStatements(harness);
  const listed = (await acme.call('GET', '/v1/bank-statements?limit=200')).json().data;
  assert.ok(listed.every((period: { documentId: string }) => typeof period.documentId === 'string'));
});

test('scopes: uploading needs write, reading needs read; unknown document ids are 404, malformed ones 400', async () => {
  const readOnly = await acme.keyWith(['read']);
  const refused = await upload(harness, readOnly, { bytes: camt(march()) });
  assert.equal(refused.statusCode, 403);
  const writeOnly = await acme.keyWith(['write']);
  const listed = await harness.app.inject({
    method: 'GET',
    url: '/v1/bank-statements',
    headers: { authorization: `Bearer ${writeOnly}` },
  });
  assert.equal(listed.statusCode, 403);
  assert.equal((await acme.call('GET', '/v1/bank-statements/00000000-0000-4000-8000-000000000000')).statusCode, 404);
  assert.equal((await acme.call('GET', '/v1/bank-statements/not-a-uuid')).statusCode, 400);
  assert.equal((await acme.call('GET', '/v1/bank-statements?limit=0')).statusCode, 400);
  assert.equal((await acme.call('GET', '/v1/bank-statements?limit=201')).statusCode, 400);
});

test('documents that are not statements, cannot be read, or list nothing are rejected with their reason', async () => {
  const invoice = await uploadAndProcess(harness, globex, { bytes: await renderInvoicePdf(), filename: 'invoice.pdf' });
  assert.equal(invoice.status, 'rejected');
  assert.equal(invoice.rejection.reason, 'not_a_bank_statement');
  assert.ok(invoice.rejection.message.length > 0);

  const corrupt = await uploadAndProcess(harness, globex, {
    bytes: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x07)]),
    filename: 'broken.pdf',
  });
  assert.equal(corrupt.status, 'rejected');
  assert.equal(corrupt.rejection.reason, 'document_unreadable');

  const empty = await uploadAndProcess(harness, globex, {
    bytes: camt(march({ accountNumber: '5500009999', lines: [] })),
  });
  assert.equal(empty.status, 'rejected');
  assert.equal(empty.rejection.reason, 'no_transactions');
});

test('currency is never assumed: taken from the document, else from the attached account, else rejected', async () => {
  const statement = march({ accountNumber: '5500004444', currency: 'EUR' });
  const withoutCurrency = camt(statement)
    .toString('utf8')
    .replace(/ Ccy="EUR"/g, '')
    .replace(/<Ccy>EUR<\/Ccy>/g, '');
  const rejected = await uploadAndProcess(harness, globex, { bytes: Buffer.from(withoutCurrency) });
  assert.equal(rejected.status, 'rejected', 'no currency on the page and no account given');
  assert.equal(rejected.rejection.reason, 'document_unreadable');
  assert.match(rejected.rejection.message, /currency/);

  const eurAccount = await createAccount(globex, 'eur-main', { currency: 'EUR', name: 'Euro account' });
  const attached = await uploadAndProcess(
    harness,
    globex,
    { bytes: Buffer.from(withoutCurrency) },
    { bankAccountId: eurAccount.id },
  );
  assert.equal(attached.status, 'ingested', JSON.stringify(attached.rejection));
  assert.equal(attached.statement.currency, 'EUR');
  assert.equal(attached.statement.bankAccountId, eurAccount.id);

  const usdAccount = await createAccount(globex, 'usd-main');
  const mismatch = await uploadAndProcess(
    harness,
    globex,
    { bytes: camt(statement) },
    { bankAccountId: usdAccount.id },
  );
  assert.equal(mismatch.status, 'rejected');
  assert.match(mismatch.rejection.message, /EUR.*USD/);
});

test('identity: a row pushed through POST /transactions and the same row on the statement are one transaction', async () => {
  await createAccount(acme, '9900005555', {});
  const pushed = await push(acme, [
    {
      accountExternalId: '9900005555',
      id: 'client-1',
      date: '2026-04-03',
      amount: 45.99,
      description: 'Office Depot 221',
    },
    { accountExternalId: '9900005555', date: '2026-04-09', amount: 12, description: 'PARKING' },
  ]);
  assert.equal(pushed.json().data.imported, 2);
  const statement = month({
    institution: 'Test Bank',
    accountNumber: '9900005555',
    periodStart: '2026-04-01',
    periodEnd: '2026-04-30',
    openingMinor: 0,
    lines: [
      { date: '2026-04-03', description: 'OFFICE DEPOT  221', amountMinor: 4_599 },
      { date: '2026-04-09', description: 'PARKING', amountMinor: 1_200 },
      { date: '2026-04-12', description: 'COFFEE', amountMinor: 450 },
      { date: '2026-04-12', description: 'COFFEE', amountMinor: 450 },
    ],
  });
  const status = await uploadAndProcess(harness, acme, { bytes: camt(statement) });
  assert.equal(status.status, 'ingested', JSON.stringify(status.rejection));
  const account = (await bankAccounts(acme)).find(
    (candidate: { externalAccountId: string }) => candidate.externalAccountId === '9900005555',
  );
  assert.equal(status.statement.bankAccountId, account.id, 'institution by name, account by last four digits');
  const rows = (await rowsBetween(acme, '2026-04-01', '2026-04-30')).filter(
    (row: { bankAccountId: string }) => row.bankAccountId === account.id,
  );
  assert.equal(rows.length, 4, 'two pushed rows matched, two coffees on one day stay two');
  assert.equal(rows.filter((row: { description: string }) => row.description === 'COFFEE').length, 2);
  assert.equal(
    rows.find((row: { date: string }) => row.date === '2026-04-03').description,
    'Office Depot 221',
    'the pushed row, kept',
  );
  // And pushing the statement's rows afterwards adds nothing.
  const again = await push(acme, [
    { accountExternalId: '9900005555', date: '2026-04-09', amount: 12, description: 'PARKING' },
  ]);
  assert.equal(again.json().data.imported, 0);
});

test('a new copy replaces the period: unlisted untouched rows go, categorized or booked ones stay as conflicts', async () => {
  const lines = [
    { date: '2026-05-02', description: 'ZXQ UNKNOWN VENDOR', amountMinor: 1_000 },
    { date: '2026-05-04', description: 'MONTHLY SERVICE FEE', amountMinor: 1_500 },
    { date: '2026-05-06', description: 'STRIPE PAYOUT', amountMinor: -20_000 },
  ];
  const base = {
    accountNumber: '5500006666',
    periodStart: '2026-05-01',
    periodEnd: '2026-05-31',
    openingMinor: 10_000,
  };
  const first = await uploadAndProcess(harness, globex, { bytes: camt(month({ ...base, lines })) });
  assert.equal(first.status, 'ingested');
  await harness.sweep();
  // A pushed row in the period, not yet categorized (pushed after the sweep), on the same account.
  const account = (await bankAccounts(globex)).find(
    (candidate: { id: string }) => candidate.id === first.statement.bankAccountId,
  );
  const rowsBefore = (await rowsBetween(globex, '2026-05-01', '2026-05-31')).filter(
    (row: { bankAccountId: string }) => row.bankAccountId === account.id,
  );
  const booked = rowsBefore.find((row: { description: string }) => row.description === 'MONTHLY SERVICE FEE');

  // Push a row to the statement-created account, then replace the month with a copy that lists only the payout and one new line.
  const pushedResponse = await push(
    globex,
    [{ accountExternalId: account.externalAccountId, date: '2026-05-20', amount: 7, description: 'PUSHED SNACK' }],
    account.institutionName,
  );
  assert.equal(pushedResponse.json().data.imported, 1);
  const replacementLines = [lines[2], { date: '2026-05-25', description: 'NEW LINE', amountMinor: 3_000 }];
  const second = await uploadAndProcess(harness, globex, { bytes: camt(month({ ...base, lines: replacementLines })) });
  assert.equal(second.status, 'ingested', JSON.stringify(second.rejection));
  assert.equal(second.statement.id, first.statement.id);
  assert.equal(second.statement.transactionCount, 2);
  const conflictIds = second.conflicts.map((conflict: { transactionId: string }) => conflict.transactionId).sort();
  const expectedConflicts = rowsBefore
    .filter((row: { description: string }) => row.description !== 'STRIPE PAYOUT')
    .map((row: { id: string }) => row.id)
    .sort();
  assert.deepEqual(conflictIds, expectedConflicts, 'both rows the sweep booked are kept and listed');
  assert.ok(second.conflicts.every((conflict: { reason: string }) => conflict.reason === 'booked'));
  assert.ok(conflictIds.includes(booked.id));
  const rowsAfter = (await rowsBetween(globex, '2026-05-01', '2026-05-31')).filter(
    (row: { bankAccountId: string }) => row.bankAccountId === account.id,
  );
  assert.deepEqual(
    rowsAfter.map((row: { description: string }) => row.description).sort(),
    ['MONTHLY SERVICE FEE', 'NEW LINE', 'STRIPE PAYOUT', 'ZXQ UNKNOWN VENDOR'],
    'the untouched pushed row is gone',
  );

  // A categorized (by a human) but unbooked row counts as touched too: categorize without booking by correcting a pending row.
  const categorizedOnly = await push(
    globex,
    [
      {
        accountExternalId: account.externalAccountId,
        date: '2026-05-21',
        amount: 9,
        description: 'PENDING HOLD',
        pending: true,
      },
    ],
    account.institutionName,
  );
  assert.equal(categorizedOnly.json().data.imported, 1);
  await harness.sweep();
  const hold = (await rowsBetween(globex, '2026-05-21', '2026-05-21'))[0];
  assert.notEqual(hold.category, null);
  assert.equal(hold.journalEntryId, null);
  const third = await uploadAndProcess(harness, globex, { bytes: camt(month({ ...base, lines: replacementLines })) });
  assert.deepEqual(
    third.conflicts.find((conflict: { transactionId: string }) => conflict.transactionId === hold.id),
    { transactionId: hold.id, reason: 'categorized' },
  );
});

test('continuity: set and cleared in both orders of arrival; a missing month is a break', async () => {
  const account = { accountNumber: '5500007777' };
  const january = month({
    ...account,
    periodStart: '2026-01-01',
    periodEnd: '2026-01-31',
    openingMinor: 10_000,
    lines: [{ date: '2026-01-05', description: 'A', amountMinor: 1_000 }],
  });
  const february = month({
    ...account,
    periodStart: '2026-02-01',
    periodEnd: '2026-02-28',
    openingMinor: 9_000,
    lines: [{ date: '2026-02-05', description: 'B', amountMinor: 1_000 }],
  });
  const marchOk = month({
    ...account,
    periodStart: '2026-03-01',
    periodEnd: '2026-03-31',
    openingMinor: 8_000,
    lines: [{ date: '2026-03-05', description: 'C', amountMinor: 1_000 }],
  });
  const flags = async () => {
    const periods = (await acme.call('GET', `/v1/bank-statements?bankAccountId=${accountId}`)).json().data;
    return Object.fromEntries(
      periods.map((period: { periodStart: string; continuityOk: boolean }) => [
        period.periodStart.slice(0, 7),
        period.continuityOk,
      ]),
    );
  };
  const first = await uploadAndProcess(harness, acme, { bytes: camt(marchOk) });
  const accountId = first.statement.bankAccountId;
  await uploadAndProcess(harness, acme, { bytes: camt(january) });
  assert.deepEqual(await flags(), { '2026-03': false, '2026-01': true }, 'February is missing: March does not join');
  await uploadAndProcess(harness, acme, { bytes: camt(february) });
  assert.deepEqual(
    await flags(),
    { '2026-03': true, '2026-02': true, '2026-01': true },
    'the missing month arrived: the flag cleared itself',
  );

  // A corrected February whose closing no longer joins March flags March (and February still joins January).
  const correctedFebruary = month({
    ...account,
    periodStart: '2026-02-01',
    periodEnd: '2026-02-28',
    openingMinor: 9_000,
    lines: [
      { date: '2026-02-05', description: 'B', amountMinor: 1_000 },
      { date: '2026-02-06', description: 'B2', amountMinor: 500 },
    ],
  });
  await uploadAndProcess(harness, acme, { bytes: camt(correctedFebruary) });
  assert.deepEqual(await flags(), { '2026-03': false, '2026-02': true, '2026-01': true });
  // The original February again: joined again.
  await uploadAndProcess(harness, acme, { bytes: camt(february) });
  assert.deepEqual(await flags(), { '2026-03': true, '2026-02': true, '2026-01': true });

  // The opening balance stayed anchored to the earliest period seen: January's, dated its first day.
  const bankAccount = (await bankAccounts(acme)).find((candidate: { id: string }) => candidate.id === accountId);
  assert.equal(bankAccount.openingBalance, 100);
  assert.equal(bankAccount.openingBalanceDate, '2026-01-01');
  assert.equal(bankAccount.derivedBalance, 70);

  // The list: newest period first, paginated, and the books are current through the latest periodEnd.
  const page1 = (await acme.call('GET', `/v1/bank-statements?bankAccountId=${accountId}&limit=2`)).json();
  assert.deepEqual(
    page1.data.map((period: { periodEnd: string }) => period.periodEnd),
    ['2026-03-31', '2026-02-28'],
  );
  assert.deepEqual(page1.meta.pagination, { limit: 2, offset: 0, nextOffset: 2 });
  assert.equal(page1.meta.booksCurrentThrough, '2026-03-31');
  const page2 = (await acme.call('GET', `/v1/bank-statements?bankAccountId=${accountId}&limit=2&offset=2`)).json();
  assert.deepEqual(
    page2.data.map((period: { periodEnd: string }) => period.periodEnd),
    ['2026-01-31'],
  );
  assert.equal(page2.meta.pagination.nextOffset, null);
  const defaults = (await acme.call('GET', '/v1/bank-statements')).json();
  assert.equal(defaults.meta.pagination.limit, 50);
});

test('exports without balances reconcile against the balances the upload supplies, or are rejected saying so', async () => {
  const statement = march({ accountNumber: '5500008888' });
  const withoutBalances = Buffer.from(
    camt(statement)
      .toString('utf8')
      .replace(/<Bal>[\s\S]*?<\/Bal>/g, ''),
  );
  const rejected = await uploadAndProcess(harness, globex, { bytes: withoutBalances });
  assert.equal(rejected.status, 'rejected');
  assert.equal(
    rejected.rejection.reason,
    'incomplete',
    'a statement that states no balances cannot show it is complete',
  );
  assert.match(rejected.rejection.message, /openingBalance/);
  const supplied = await uploadAndProcess(
    harness,
    globex,
    { bytes: withoutBalances },
    { openingBalance: '1000.00', closingBalance: String(closingMinor(statement) / 100) },
  );
  assert.equal(supplied.status, 'ingested', JSON.stringify(supplied.rejection));
  assert.equal(supplied.statement.openingBalance, 1000);
  const wrong = await uploadAndProcess(
    harness,
    globex,
    { bytes: withoutBalances },
    { openingBalance: '1000.00', closingBalance: '1.00' },
  );
  assert.equal(wrong.rejection.reason, 'did_not_reconcile');
  assert.equal(wrong.rejection.stated, 1);
});

test('a CSV export with no balances and no currency: the attached account gives the currency, the upload the balances', async () => {
  const account = await createAccount(acme, 'csv-checking');
  const csv =
    'Date,Description,Amount\n2026-07-02,OFFICE DEPOT 221,-45.99\n2026-07-09,STRIPE PAYOUT,2500.00\n2026-07-15,MONTHLY SERVICE FEE,-15.00\n';
  const missing = await uploadAndProcess(
    harness,
    acme,
    { bytes: Buffer.from(csv), filename: 'july.csv', contentType: 'text/csv' },
    { bankAccountId: account.id },
  );
  assert.equal(missing.status, 'rejected');
  assert.equal(missing.rejection.reason, 'incomplete');
  assert.match(missing.rejection.message, /openingBalance/);
  const ingested = await uploadAndProcess(
    harness,
    acme,
    { bytes: Buffer.from(csv), filename: 'july.csv', contentType: 'text/csv' },
    { bankAccountId: account.id, openingBalance: '100.00', closingBalance: '2539.01' },
  );
  assert.equal(ingested.status, 'ingested', JSON.stringify(ingested.rejection));
  assert.equal(ingested.format.startsWith('csv'), true);
  assert.equal(ingested.statement.bankAccountId, account.id);
  assert.equal(ingested.statement.currency, 'USD');
  assert.equal(ingested.statement.transactionCount, 3);
});

test('the contract shows the multipart upload, its 202, 413 and 415, and the status and list schemas', async () => {
  const document = (await harness.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
  const post = document.paths['/bank-statements'].post;
  assert.deepEqual(Object.keys(post.requestBody.content), ['multipart/form-data']);
  assert.deepEqual(post.requestBody.content['multipart/form-data'].schema.required, ['file']);
  for (const status of ['202', '400', '401', '403', '413', '415', '429']) assert.ok(post.responses[status], status);
  assert.ok(
    document.paths['/bank-statements'].get.parameters.some((parameter: { name: string }) => parameter.name === 'limit'),
  );
  assert.ok(document.paths['/bank-statements/{documentId}'].get);
  assert.ok(document.components.schemas.StatementUploadStatus && document.components.schemas.StatementPeriod);
});
