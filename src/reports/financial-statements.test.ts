import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import SQLite from 'better-sqlite3';
import { CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import { createHarness, ON_POSTGRES, type Harness, type TestTenant } from '../../test/support/harness.ts';
import {
  buildBooks,
  CATEGORY_OF_NUMBER,
  LEDGER_NUMBER,
  modelNetDebit,
  money,
  tenantWithProfile,
  type BookEvent,
  type BookSetup,
} from '../../test/support/report-books.ts';
import { negotiate } from '../http/content-negotiation.ts';
import { addDays } from '../shared/dates.ts';

let harness: Harness;
let acme: TestTenant;
let globex: TestTenant;

/** Fifteen months of a small business: sales, rent, software, card spending paid from checking, a loan, equipment, owner money in and out, savings moves, unfiled rows. */
function scenario(): BookSetup {
  const events: BookEvent[] = [];
  const months = [
    '2025-08',
    '2025-09',
    '2025-10',
    '2025-11',
    '2025-12',
    '2026-01',
    '2026-02',
    '2026-03',
    '2026-04',
    '2026-05',
    '2026-06',
    '2026-07',
    '2026-08',
    '2026-09',
    '2026-10',
  ];
  months.forEach((month, index) => {
    const growth = 1 + index / 10;
    events.push(
      { account: 'chk', date: `${month}-03`, amountMinor: -Math.round(812_345 * growth), target: '4000' },
      { account: 'chk', date: `${month}-11`, amountMinor: -Math.round(120_050 * growth), target: '4100' },
      { account: 'chk', date: `${month}-01`, amountMinor: 250_000, target: '6110' },
      { account: 'chk', date: `${month}-15`, amountMinor: 12_999, target: '6200' },
      { account: 'card', date: `${month}-09`, amountMinor: 4_217 + index, target: '6160' },
      { account: 'card', date: `${month}-19`, amountMinor: 38_000, target: '6150' },
      { account: 'chk', date: `${month}-25`, amountMinor: 42_217 + index, target: 'transfer' },
      { account: 'card', date: `${month}-26`, amountMinor: -(42_217 + index), target: 'transfer' },
      { account: 'chk', date: `${month}-28`, amountMinor: 100_000, target: 'transfer' },
      { account: 'sav', date: `${month}-28`, amountMinor: -100_000, target: 'transfer' },
    );
    if (index % 3 === 0)
      events.push(
        { account: 'chk', date: `${month}-20`, amountMinor: 7_777, target: '6999' },
        { account: 'chk', date: `${month}-21`, amountMinor: -3_333, target: '4999' },
      );
    if (index % 4 === 1) events.push({ account: 'chk', date: `${month}-05`, amountMinor: 9_500, target: '4200' });
  });
  events.push(
    { account: 'chk', date: '2026-02-02', amountMinor: -2_500_000, target: '2400' },
    { account: 'chk', date: '2026-02-10', amountMinor: 1_800_000, target: '1500' },
    { account: 'chk', date: '2026-03-31', amountMinor: 65_000, target: '2400' },
    { account: 'chk', date: '2025-09-01', amountMinor: -1_000_000, target: '3100' },
    { account: 'chk', date: '2026-06-30', amountMinor: 300_000, target: '3200' },
    { account: 'sav', date: '2026-06-30', amountMinor: -1_234, target: '4500' },
  );
  return { openingDate: '2025-07-31', openingMinor: { chk: 1_000_000, sav: 500_000, card: 20_000 }, events };
}

const setup = scenario();

before(async () => {
  harness = await createHarness();
  acme = await harness.newTenant('Acme LLC');
  globex = await harness.newTenant('Globex Inc');
  await buildBooks(harness, acme, setup);
  // Globex has books of its own that must never show in Acme's reports.
  await buildBooks(harness, globex, {
    openingDate: '2026-01-01',
    openingMinor: { chk: 99_900, sav: 0, card: 0 },
    events: [{ account: 'chk', date: '2026-03-03', amountMinor: -777_700, target: '4000' }],
  });
});
after(() => harness.close());

const get = async (tenant: TestTenant, url: string) => {
  const response = await tenant.call('GET', url);
  assert.equal(response.statusCode, 200, response.body);
  return response.json();
};

type Row = { accountNumber: string | null; name: string; amount: number };
const asMap = (rows: Row[]) => new Map(rows.map((row) => [row.accountNumber, row.amount]));
const natural = (accountNumber: string, netDebit: number) =>
  (['asset', 'expense'].includes(CATEGORY_OF_NUMBER(accountNumber)) ? netDebit : -netDebit) || 0;

function expectedRows(net: Map<string, number>, category: string): Map<string, number> {
  return new Map(
    [...net]
      .filter(([number, minor]) => CATEGORY_OF_NUMBER(number) === category && minor !== 0)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([number, minor]) => [number, money(natural(number, minor))]),
  );
}

const netIncomeMinor = (net: Map<string, number>) =>
  [...net]
    .filter(([number]) => ['revenue', 'expense'].includes(CATEGORY_OF_NUMBER(number)))
    .reduce((total, [, minor]) => total - minor, 0);

test('profit and loss: every revenue and expense account of the period, totals and net income, from the events alone', async () => {
  const report = (await get(acme, '/v1/reports/profit-and-loss?from=2026-01-01&to=2026-06-30')).data;
  const net = modelNetDebit(setup, { from: '2026-01-01', to: '2026-06-30' });
  assert.deepEqual(asMap(report.revenue), expectedRows(net, 'revenue'));
  assert.deepEqual(asMap(report.expenses), expectedRows(net, 'expense'));
  assert.ok(
    report.revenue.some((row: Row) => row.accountNumber === '4200' && row.amount < 0),
    'refunds reduce revenue',
  );
  assert.equal(report.netIncome, money(netIncomeMinor(net)));
  assert.equal(
    report.totalRevenue,
    money([...expectedRows(net, 'revenue').values()].reduce((a, b) => a + Math.round(b * 100), 0)),
  );
  assert.equal(
    Math.round(report.totalRevenue * 100) - Math.round(report.totalExpenses * 100),
    Math.round(report.netIncome * 100),
  );
  assert.equal(report.comparison, undefined);
  assert.equal(report.entityId, acme.entityId);
});

test('profit and loss comparisons: previous period of whole months, the same dates a year earlier, and plain day ranges', async () => {
  const quarter = (
    await get(acme, '/v1/reports/profit-and-loss?from=2026-04-01&to=2026-06-30&compareTo=previous_period')
  ).data;
  assert.equal(quarter.comparison.from, '2026-01-01');
  assert.equal(quarter.comparison.to, '2026-03-31');
  const prior = modelNetDebit(setup, { from: '2026-01-01', to: '2026-03-31' });
  assert.equal(quarter.comparison.netIncome, money(netIncomeMinor(prior)));
  assert.deepEqual(
    quarter.comparison.expenses.map((row: Row) => row.accountNumber),
    quarter.expenses.map((row: Row) => row.accountNumber),
    'rows line up',
  );
  for (const row of quarter.comparison.expenses)
    assert.equal(row.amount, money(natural(row.accountNumber, prior.get(row.accountNumber) ?? 0)));
  assert.equal(
    quarter.comparison.change.netIncome,
    money(Math.round(quarter.netIncome * 100) - Math.round(quarter.comparison.netIncome * 100)),
  );

  const yearly = (await get(acme, '/v1/reports/profit-and-loss?from=2026-02-01&to=2026-02-28&compareTo=previous_year'))
    .data;
  assert.deepEqual([yearly.comparison.from, yearly.comparison.to], ['2025-02-01', '2025-02-28']);
  assert.equal(yearly.comparison.netIncome, 0, 'nothing was booked in February 2025');
  const days = (await get(acme, '/v1/reports/profit-and-loss?from=2026-03-10&to=2026-03-19&compareTo=previous_period'))
    .data;
  assert.deepEqual([days.comparison.from, days.comparison.to], ['2026-02-28', '2026-03-09']);
  assert.equal(
    days.comparison.netIncome,
    money(netIncomeMinor(modelNetDebit(setup, { from: '2026-02-28', to: '2026-03-09' }))),
  );
});

test('balance sheet: balances, current-year earnings as a line, earlier years rolled into retained earnings', async () => {
  const asOf = '2026-06-30';
  const report = (await get(acme, `/v1/reports/balance-sheet?asOf=${asOf}`)).data;
  const cumulative = modelNetDebit(setup, { to: asOf });
  const yearNet = modelNetDebit(setup, { from: '2026-01-01', to: asOf });
  assert.equal(report.fiscalYearStart, '2026-01-01');
  assert.deepEqual(asMap(report.assets), expectedRows(cumulative, 'asset'));
  assert.deepEqual(asMap(report.liabilities), expectedRows(cumulative, 'liability'));
  const currentYearEarnings = netIncomeMinor(yearNet);
  const priorYears = netIncomeMinor(cumulative) - currentYearEarnings;
  assert.equal(report.currentYearEarnings, money(currentYearEarnings));
  assert.equal(report.priorYearsNetIncome, money(priorYears));
  const equity = asMap(report.equity);
  assert.equal(equity.get(null), money(currentYearEarnings), 'current-year earnings is an equity line');
  assert.equal(report.equity.at(-1).name, 'Current-year earnings');
  assert.equal(equity.get('3900'), money(priorYears), "prior years' net income sits in retained earnings");
  for (const [number, amount] of expectedRows(cumulative, 'equity')) assert.equal(equity.get(number), amount);
  const cents = (value: number) => Math.round(value * 100);
  assert.equal(
    cents(report.totalAssets),
    cents(report.totalLiabilities) + cents(report.totalEquity),
    'assets = liabilities + equity',
  );
  assert.equal(
    cents(report.totalAssets),
    report.assets.reduce((total: number, row: Row) => total + cents(row.amount), 0),
  );
});

test('P&L net income equals the change in equity not caused by owners (contributions, draws, declared balances)', async () => {
  for (const [from, to] of [
    ['2026-01-01', '2026-06-30'],
    ['2025-10-15', '2026-02-14'],
    ['2026-07-01', '2026-10-31'],
  ]) {
    const pnl = (await get(acme, `/v1/reports/profit-and-loss?from=${from}&to=${to}`)).data;
    const start = (await get(acme, `/v1/reports/balance-sheet?asOf=${addDays(from, -1)}`)).data;
    const end = (await get(acme, `/v1/reports/balance-sheet?asOf=${to}`)).data;
    const cents = (value: number) => Math.round(value * 100);
    const ownerLines = (sheet: { equity: Row[] }) =>
      sheet.equity
        .filter((row) => row.accountNumber !== null && row.accountNumber !== '3900')
        .reduce((total, row) => total + cents(row.amount), 0);
    assert.equal(
      cents(end.totalEquity) - cents(start.totalEquity) - (ownerLines(end) - ownerLines(start)),
      cents(pnl.netIncome),
      `${from}..${to}`,
    );
  }
});

test('balance sheet of a fiscal year ending in June: the year starts on 1 July', async () => {
  const juneYear = await tenantWithProfile(harness, {
    legalName: 'June Co',
    stateCode: 'CA',
    taxId: '98-7654321',
    fiscalYearEndMonth: 6,
  });
  await buildBooks(harness, juneYear, setup);
  const report = (await get(juneYear, '/v1/reports/balance-sheet?asOf=2026-09-30')).data;
  assert.equal(report.fiscalYearStart, '2026-07-01');
  assert.equal(
    report.currentYearEarnings,
    money(netIncomeMinor(modelNetDebit(setup, { from: '2026-07-01', to: '2026-09-30' }))),
  );
  assert.equal(report.priorYearsNetIncome, money(netIncomeMinor(modelNetDebit(setup, { to: '2026-06-30' }))));
  const calendar = (await get(acme, '/v1/reports/balance-sheet?asOf=2026-09-30')).data;
  assert.equal(report.totalEquity, calendar.totalEquity, 'the fiscal year moves earnings between lines, not the total');
});

test("cash flow: sections by counter account, and opening + net change = closing = the bank accounts' own balances", async () => {
  const report = (await get(acme, '/v1/reports/cash-flow?from=2026-01-01&to=2026-10-31')).data;
  const opening = modelNetDebit(setup, { to: '2025-12-31' });
  const period = modelNetDebit(setup, { from: '2026-01-01', to: '2026-10-31' });
  const cash = (net: Map<string, number>) => (net.get(LEDGER_NUMBER.chk) ?? 0) + (net.get(LEDGER_NUMBER.sav) ?? 0);
  assert.equal(report.openingCash, money(cash(opening)));
  const cents = (value: number) => Math.round(value * 100);
  assert.equal(cents(report.openingCash) + cents(report.netChange), cents(report.closingCash));
  const banks = (await get(acme, '/v1/bank-accounts')).data;
  const derived = banks
    .filter((account: { type: string }) => account.type === 'depository')
    .reduce((total: number, account: { derivedBalance: number }) => total + cents(account.derivedBalance), 0);
  assert.equal(cents(report.closingCash), derived, 'closing cash is what the bank accounts hold');
  assert.equal(report.declaredOpeningBalances, 0);

  const sectionOf = (number: string) =>
    number === '1500' ? 'investing' : ['2400', '3100', '3200', '3950'].includes(number) ? 'financing' : 'operating';
  for (const section of ['operating', 'investing', 'financing'] as const) {
    const expected = new Map(
      [...period]
        .filter(
          ([number, minor]) =>
            minor !== 0 &&
            number !== LEDGER_NUMBER.chk &&
            number !== LEDGER_NUMBER.sav &&
            sectionOf(number) === section,
        )
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([number, minor]) => [number, money(-minor)]),
    );
    assert.deepEqual(asMap(report.lines[section]), expected, section);
    assert.equal(
      cents(report[section]),
      [...expected.values()].reduce((total, amount) => total + cents(amount), 0),
    );
  }
  assert.ok(
    report.lines.operating.some((row: Row) => row.accountNumber === '6150' && row.amount < 0),
    'card spending shows as operating spending',
  );
  assert.ok(
    report.lines.financing.some((row: Row) => row.accountNumber === '2400' && row.amount === 24_350),
    'loan in, less the repayment',
  );
  assert.deepEqual(report.lines.investing, [{ accountNumber: '1500', name: 'Equipment', amount: -18_000 }]);
});

test("cash flow across the opening date: declared balances are not flows, and the card's declared debt is not spending", async () => {
  const report = (await get(acme, '/v1/reports/cash-flow?from=2025-07-01&to=2025-08-20')).data;
  assert.equal(report.openingCash, 0);
  assert.equal(report.declaredOpeningBalances, money(setup.openingMinor.chk + setup.openingMinor.sav));
  const period = modelNetDebit(setup, { from: '2025-08-01', to: '2025-08-20' });
  const cardRows = -(period.get(LEDGER_NUMBER.card) ?? 0);
  assert.ok(cardRows > 0, 'charges not yet paid');
  assert.equal(
    asMap(report.lines.operating).get(LEDGER_NUMBER.card),
    money(cardRows),
    'the card line carries only its rows, not its declared debt',
  );
  assert.equal(asMap(report.lines.financing).get('3950'), undefined, 'opening balance equity is no financing');
  const cents = (value: number) => Math.round(value * 100);
  assert.equal(
    cents(report.operating) + cents(report.investing) + cents(report.financing) + cents(report.declaredOpeningBalances),
    cents(report.netChange),
  );
  assert.equal(cents(report.closingCash), cents(report.netChange));
});

test('general ledger: running balances per account from the balance before from, identical however it is paged', async () => {
  // Corrections add reversals and re-bookings, so the quarter can run past one page: read them all.
  const allLines = async (query: string) => {
    const collected: Array<{
      accountNumber: string;
      entryDate: string;
      debit: number | null;
      credit: number | null;
      runningBalance: number;
    }> = [];
    let first;
    for (let offset: number | null = 0; offset !== null; ) {
      const page = await get(acme, `/v1/reports/general-ledger?${query}&limit=1000&offset=${offset}`);
      first ??= page;
      collected.push(...page.data.lines);
      offset = page.meta.pagination.nextOffset;
    }
    return { whole: first, lines: collected };
  };
  const { whole, lines } = await allLines('from=2026-01-01&to=2026-03-31');
  assert.ok(lines.length > 40);
  const opening = modelNetDebit(setup, { to: '2025-12-31' });
  const closing = modelNetDebit(setup, { to: '2026-03-31' });
  const running = new Map<string, number>();
  for (const line of lines) {
    const before = running.get(line.accountNumber) ?? natural(line.accountNumber, opening.get(line.accountNumber) ?? 0);
    const delta = Math.round(((line.debit ?? 0) - (line.credit ?? 0)) * 100);
    const after = before + natural(line.accountNumber, delta);
    assert.equal(line.runningBalance, money(after), `${line.accountNumber} ${line.entryDate}`);
    running.set(line.accountNumber, after);
  }
  for (const account of whole.data.accounts) {
    assert.equal(
      account.openingBalance,
      money(natural(account.accountNumber, opening.get(account.accountNumber) ?? 0)),
    );
    assert.equal(
      account.closingBalance,
      money(natural(account.accountNumber, closing.get(account.accountNumber) ?? 0)),
    );
    assert.equal(
      money(running.get(account.accountNumber)!),
      account.closingBalance,
      'the last running balance is the closing balance',
    );
  }
  const sorted = [...lines].sort(
    (a, b) => a.accountNumber.localeCompare(b.accountNumber) || a.entryDate.localeCompare(b.entryDate),
  );
  assert.deepEqual(
    lines.map((line: { accountNumber: string; entryDate: string }) => `${line.accountNumber} ${line.entryDate}`),
    sorted.map((line) => `${line.accountNumber} ${line.entryDate}`),
  );

  const paged: unknown[] = [];
  for (let offset: number | null = 0; offset !== null; ) {
    const page = await get(acme, `/v1/reports/general-ledger?from=2026-01-01&to=2026-03-31&limit=7&offset=${offset}`);
    paged.push(...page.data.lines);
    offset = page.meta.pagination.nextOffset;
  }
  assert.deepEqual(paged, lines, 'a page that starts mid-account picks up the same running balance');
  // A page by offset is found from the per-day line counts: at every offset, mid-day included, it is
  // the listing's lines from there on.
  for (let offset = 1; offset <= lines.length; offset++) {
    const page = await get(acme, `/v1/reports/general-ledger?from=2026-01-01&to=2026-03-31&limit=3&offset=${offset}`);
    assert.deepEqual(page.data.lines, lines.slice(offset, offset + 3), `offset ${offset}`);
  }
  const oneAccount = (await allLines('from=2026-01-01&to=2026-03-31&accountNumber=1011')).lines;
  for (let offset = 1; offset < oneAccount.length; offset++) {
    const page = await get(
      acme,
      `/v1/reports/general-ledger?from=2026-01-01&to=2026-03-31&accountNumber=1011&limit=2&offset=${offset}`,
    );
    assert.deepEqual(page.data.lines, oneAccount.slice(offset, offset + 2), `1011 at offset ${offset}`);
  }

  // The same walk by the keyset cursor: the same lines, in the same order, with the same balances.
  const byCursor: unknown[] = [];
  let pages = 0;
  for (let after: string | null = null; pages === 0 || after !== null; pages++) {
    const cursor: string = after === null ? '' : `&after=${after}`;
    const page = await get(acme, `/v1/reports/general-ledger?from=2026-01-01&to=2026-03-31&limit=7${cursor}`);
    byCursor.push(...page.data.lines);
    if (after !== null) assert.equal(page.meta.pagination.nextOffset, null, 'a page found by cursor offers no offset');
    after = page.meta.pagination.nextAfter;
  }
  assert.equal(pages, Math.ceil(lines.length / 7));
  assert.deepEqual(byCursor, lines, 'a page found by cursor picks up the same running balance');
  for (const [query, reason] of [
    ['after=bm90LWEtY3Vyc29y', /after: not a cursor/],
    ['after=%2B%2B', /after/],
    [`after=${Buffer.from(JSON.stringify(['1011', '2026-01-01', 0])).toString('base64url')}`, /after: not a cursor/],
    [`offset=7&after=${Buffer.from(JSON.stringify(['1011', '2026-01-01', 5])).toString('base64url')}`, /not both/],
  ] as const) {
    const refused = await acme.call('GET', `/v1/reports/general-ledger?from=2026-01-01&to=2026-03-31&${query}`);
    assert.equal(refused.statusCode, 400, query);
    assert.equal(refused.json().error, 'invalid_request');
    assert.match(refused.json().reason, reason);
  }

  const one = await allLines('from=2026-01-01&to=2026-03-31&accountNumber=1011');
  assert.deepEqual(
    one.lines,
    lines.filter((line: { accountNumber: string }) => line.accountNumber === '1011'),
  );
});

test('journal entries: the same entries in the same order whether paged by offset, by cursor or exported as CSV', async () => {
  const period = 'from=2026-01-01&to=2026-03-31';
  const byOffset: Array<{ id: string; entryDate: string }> = [];
  for (let offset: number | null = 0; offset !== null; ) {
    const page = await get(acme, `/v1/journal-entries?${period}&limit=3&offset=${offset}`);
    byOffset.push(...page.data);
    offset = page.meta.pagination.nextOffset;
  }
  assert.ok(byOffset.length > 6, `the period has entries enough for several pages (${byOffset.length})`);
  const dates = byOffset.map((entry) => entry.entryDate);
  assert.deepEqual(dates, [...dates].sort(), 'oldest first, within a page and across pages');

  const byCursor: Array<{ id: string; entryDate: string }> = [];
  let pages = 0;
  for (let after: string | null = null; pages === 0 || after !== null; pages++) {
    const page = await get(acme, `/v1/journal-entries?${period}&limit=3${after === null ? '' : `&after=${after}`}`);
    byCursor.push(...page.data);
    if (after !== null) assert.equal(page.meta.pagination.nextOffset, null, 'a page found by cursor offers no offset');
    after = page.meta.pagination.nextAfter;
  }
  assert.equal(pages, Math.ceil(byOffset.length / 3));
  assert.deepEqual(byCursor, byOffset);

  // The CSV export walks the period by cursor: every entry once, in the same order.
  const csv = await acme.call('GET', `/v1/journal-entries?${period}`, undefined, { accept: 'text/csv' });
  assert.equal(csv.statusCode, 200, csv.body);
  const exported = [
    ...new Set((parse(csv.body, { columns: true }) as Array<{ entryId: string }>).map((row) => row.entryId)),
  ];
  assert.deepEqual(
    exported,
    byOffset.map((entry) => entry.id),
  );

  const ledgerCursor = Buffer.from(JSON.stringify(['1011', '2026-01-01', 5])).toString('base64url');
  for (const [query, reason] of [
    ['after=bm90LWEtY3Vyc29y', /after: not a cursor of this listing/],
    [`after=${ledgerCursor}`, /after: not a cursor of this listing/],
    [`after=${Buffer.from(JSON.stringify(['2026-01-01', 0])).toString('base64url')}`, /after: not a cursor/],
    [`offset=3&after=${Buffer.from(JSON.stringify(['2026-01-01', 5])).toString('base64url')}`, /not both/],
  ] as const) {
    const refused = await acme.call('GET', `/v1/journal-entries?${period}&${query}`);
    assert.equal(refused.statusCode, 400, query);
    assert.equal(refused.json().error, 'invalid_request');
    assert.match(refused.json().reason, reason);
  }
});

test('Accept: text/csv returns the same reports as CSV', async () => {
  const csv = async (url: string) => {
    const response = await acme.call('GET', url, undefined, { accept: 'text/csv' });
    assert.equal(response.statusCode, 200, response.body);
    assert.match(String(response.headers['content-type']), /^text\/csv/);
    return parse(response.body, { columns: true }) as Array<Record<string, string>>;
  };
  const pnl = (await get(acme, '/v1/reports/profit-and-loss?from=2026-01-01&to=2026-06-30')).data;
  const pnlCsv = await csv('/v1/reports/profit-and-loss?from=2026-01-01&to=2026-06-30');
  assert.deepEqual(
    pnlCsv
      .filter((row) => row.section === 'expenses' && row.accountNumber)
      .map((row) => [row.accountNumber, Number(row.amount)]),
    pnl.expenses.map((row: Row) => [row.accountNumber, row.amount]),
  );
  assert.equal(Number(pnlCsv.at(-1)!.amount), pnl.netIncome);
  const compared = await csv('/v1/reports/profit-and-loss?from=2026-04-01&to=2026-06-30&compareTo=previous_year');
  assert.ok(Object.keys(compared[0]).includes('amount 2025-04-01..2025-06-30'));

  const sheet = (await get(acme, '/v1/reports/balance-sheet?asOf=2026-06-30')).data;
  const sheetCsv = await csv('/v1/reports/balance-sheet?asOf=2026-06-30');
  assert.equal(Number(sheetCsv.find((row) => row.name === 'Total assets')!.amount), sheet.totalAssets);
  assert.equal(Number(sheetCsv.find((row) => row.name === 'Current-year earnings')!.amount), sheet.currentYearEarnings);

  const flow = (await get(acme, '/v1/reports/cash-flow?from=2026-01-01&to=2026-10-31')).data;
  const flowCsv = await csv('/v1/reports/cash-flow?from=2026-01-01&to=2026-10-31');
  assert.equal(Number(flowCsv.find((row) => row.name === 'Closing cash')!.amount), flow.closingCash);
  assert.equal(
    Number(flowCsv.find((row) => row.name === 'Net cash from operating activities')!.amount),
    flow.operating,
  );

  // CSV is every line of the period: limit and offset page the JSON only.
  const ledger = await get(acme, '/v1/reports/general-ledger?from=2026-01-01&to=2026-01-31&limit=1000');
  assert.ok(ledger.data.lines.length > 10);
  const ledgerCsv = await csv('/v1/reports/general-ledger?from=2026-01-01&to=2026-01-31&limit=5&offset=5');
  assert.deepEqual(
    ledgerCsv.map((row) => [row.entryId, Number(row.runningBalance)]),
    ledger.data.lines.map((line: { entryId: string; runningBalance: number }) => [line.entryId, line.runningBalance]),
  );
});

test('content negotiation: CSV only when the client ranks it above JSON', () => {
  const wantsCsv = (accept: string | undefined) => negotiate(accept, ['application/json', 'text/csv']) === 'text/csv';
  assert.equal(wantsCsv('text/csv'), true);
  assert.equal(wantsCsv('text/csv, */*'), true);
  assert.equal(wantsCsv('application/json;q=0.5, text/csv'), true);
  assert.equal(wantsCsv(undefined), false);
  assert.equal(wantsCsv('*/*'), false);
  assert.equal(wantsCsv('application/json, text/csv'), false, 'a tie goes to JSON');
  assert.equal(wantsCsv('text/csv;q=0.2, application/json;q=0.9'), false);
});

test("tenancy: each tenant sees its own books; another tenant's entity is not found", async () => {
  const globexPnl = (await get(globex, '/v1/reports/profit-and-loss?from=2026-01-01&to=2026-12-31')).data;
  assert.deepEqual(globexPnl.revenue, [{ accountNumber: '4000', name: 'Sales Revenue', amount: 7_777 }]);
  const globexCash = (await get(globex, '/v1/reports/cash-flow?from=2026-01-01&to=2026-12-31')).data;
  assert.equal(globexCash.closingCash, 999 + 7_777);
  for (const path of [
    'profit-and-loss?from=2026-01-01&to=2026-01-31',
    'balance-sheet?asOf=2026-01-31',
    'cash-flow?from=2026-01-01&to=2026-01-31',
    'general-ledger?from=2026-01-01&to=2026-01-31',
  ]) {
    const response = await globex.call('GET', `/v1/reports/${path}&entityId=${acme.entityId}`);
    assert.equal(response.statusCode, 404, path);
  }
});

test('bad input is a 400 naming the field, and needs the read scope', async () => {
  const cases: Array<[string, RegExp]> = [
    ['profit-and-loss?from=2026-02-01&to=2026-01-01', /^from:/],
    ['profit-and-loss?from=2026-01-01', /^to:/],
    ['profit-and-loss?from=2026-01-01&to=2026-01-31&compareTo=last_month', /^compareTo:/],
    ['profit-and-loss?from=2026-01-01&to=2026-01-31&currency=XXQ', /^currency:/],
    ['balance-sheet?asOf=2026-02-30', /^asOf:/],
    ['cash-flow?from=2026-03-01&to=2026-02-01', /^from:/],
    ['general-ledger?from=2026-01-01&to=2026-01-31&accountNumber=9999', /^accountNumber:/],
    ['general-ledger?from=2026-01-01&to=2026-01-31&limit=0', /^limit:/],
  ];
  for (const [path, reason] of cases) {
    const response = await acme.call('GET', `/v1/reports/${path}`);
    assert.equal(response.statusCode, 400, path);
    assert.match(response.json().reason, reason, path);
  }
  const writeOnly = await acme.keyWith(['write']);
  const response = await harness.app.inject({
    method: 'GET',
    url: '/v1/reports/balance-sheet?asOf=2026-01-31',
    headers: { authorization: `Bearer ${writeOnly}` },
  });
  assert.equal(response.statusCode, 403);
});

test('the reports are in the OpenAPI contract with their shapes', async () => {
  const contract = (await harness.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
  for (const path of [
    '/reports/profit-and-loss',
    '/reports/balance-sheet',
    '/reports/cash-flow',
    '/reports/general-ledger',
  ]) {
    const operation = contract.paths[path]?.get;
    assert.ok(operation, path);
    assert.ok(operation.responses['200'].content['application/json'].schema, path);
    assert.ok(operation.responses['200'].content['text/csv'], path);
  }
  const pnl =
    contract.paths['/reports/profit-and-loss'].get.responses['200'].content['application/json'].schema.properties.data;
  for (const field of ['from', 'to', 'revenue', 'expenses', 'totalRevenue', 'totalExpenses', 'netIncome'])
    assert.ok(pnl.properties[field], field);
});

const TARGETS = [
  '4000',
  '4100',
  '4200',
  '6200',
  '6110',
  '6160',
  '1500',
  '2400',
  '3100',
  '3200',
  '6999',
  '4999',
  'transfer',
];

test('property: on random books the balance sheet balances and cash flow ties to the bank accounts', async () => {
  const event = fc.record({
    account: fc.constantFrom('chk' as const, 'sav' as const, 'card' as const),
    date: fc.integer({ min: 0, max: 364 }).map((day) => addDays('2026-01-01', day)),
    amountMinor: fc.integer({ min: -5_000_000, max: 5_000_000 }).filter((amount) => amount !== 0),
    target: fc.constantFrom(...TARGETS),
  });
  const books = fc.record({
    openingMinor: fc.record({
      chk: fc.integer({ min: -100_000, max: 2_000_000 }),
      sav: fc.integer({ min: 0, max: 2_000_000 }),
      card: fc.integer({ min: 0, max: 500_000 }),
    }),
    openingDate: fc.constantFrom('2025-12-31', '2026-03-15'),
    events: fc.array(event, { minLength: 1, maxLength: 20 }),
    asOf: fc.integer({ min: 0, max: 364 }).map((day) => addDays('2026-01-01', day)),
  });
  let index = 0;
  await fc.assert(
    fc.asyncProperty(books, async (generated) => {
      const tenant = await tenantWithProfile(harness, {
        legalName: `Random ${index++}`,
        fiscalYearEndMonth: 1 + (index % 12),
      });
      await buildBooks(harness, tenant, generated);
      const cents = (value: number) => Math.round(value * 100);
      const sheet = (await get(tenant, `/v1/reports/balance-sheet?asOf=${generated.asOf}`)).data;
      assert.equal(cents(sheet.totalAssets), cents(sheet.totalLiabilities) + cents(sheet.totalEquity));
      const model = modelNetDebit(generated, { to: generated.asOf });
      assert.equal(
        cents(sheet.totalAssets),
        [...model]
          .filter(([number]) => CATEGORY_OF_NUMBER(number) === 'asset')
          .reduce((total, [, minor]) => total + minor, 0),
      );

      const flow = (await get(tenant, '/v1/reports/cash-flow?from=2026-01-01&to=2026-12-31')).data;
      assert.equal(cents(flow.openingCash) + cents(flow.netChange), cents(flow.closingCash));
      assert.equal(
        cents(flow.operating) + cents(flow.investing) + cents(flow.financing) + cents(flow.declaredOpeningBalances),
        cents(flow.netChange),
      );
      const banks = (await get(tenant, '/v1/bank-accounts')).data;
      const derived = banks
        .filter((account: { type: string }) => account.type === 'depository')
        .reduce((total: number, account: { derivedBalance: number }) => total + cents(account.derivedBalance), 0);
      assert.equal(cents(flow.closingCash), derived);

      const pnl = (await get(tenant, `/v1/reports/profit-and-loss?from=2026-01-01&to=${generated.asOf}`)).data;
      const before = (await get(tenant, '/v1/reports/balance-sheet?asOf=2025-12-31')).data;
      const retained = (s: { currentYearEarnings: number; priorYearsNetIncome: number }) =>
        cents(s.currentYearEarnings) + cents(s.priorYearsNetIncome);
      assert.equal(
        retained(sheet) - retained(before),
        cents(pnl.netIncome),
        'net income of the period is the change in earned equity',
      );
    }),
    { numRuns: 12 },
  );
});

test("general ledger: a page's lines are looked up by their keys, not found by walking the tenant's entries", async () => {
  // The page's query, as the service runs it: recorded from the driver while the report is asked for.
  const pageQueries: Array<{ text: string; parameters: unknown[] }> = [];
  const keep = (text: unknown, parameters: unknown) => {
    if (typeof text === 'string' && /"journal_lines"\."seq" in \(select/.test(text))
      pageQueries.push({ text, parameters: Array.isArray(parameters) ? [...parameters] : [] });
  };
  const statement = ON_POSTGRES
    ? (pg.Client.prototype as unknown as Record<string, (...args: unknown[]) => unknown>)
    : Object.getPrototypeOf(new SQLite(':memory:').prepare('select 1'));
  const names = ON_POSTGRES ? ['query'] : ['all'];
  const originals = names.map((name) => statement[name]);
  names.forEach((name, index) => {
    statement[name] = function (this: { source?: string }, ...args: unknown[]) {
      if (ON_POSTGRES) keep(args[0], args[1]);
      else keep(this.source, args[0]);
      return originals[index].apply(this, args);
    };
  });
  try {
    await get(acme, '/v1/reports/general-ledger?from=2026-01-01&to=2026-03-31&limit=5');
  } finally {
    names.forEach((name, index) => {
      statement[name] = originals[index];
    });
  }
  assert.equal(pageQueries.length, 1, 'the page was read by one query');
  const [{ text, parameters }] = pageQueries;
  if (ON_POSTGRES) {
    // Priced out of sequential scans (the test's tables are small), the join reaches entries by their key.
    const plan = await harness.handle.db.transaction().execute(async (trx) => {
      await sql.raw('set local enable_seqscan = off').execute(trx);
      return (await trx.executeQuery(CompiledQuery.raw(`explain ${text}`, parameters))).rows as Array<{
        'QUERY PLAN': string;
      }>;
    });
    assert.doesNotMatch(plan.map((row) => row['QUERY PLAN']).join('\n'), /journal_entries_period/);
    return;
  }
  // SQLite plans without statistics: with a plain tenant term on the entries it walked every entry of
  // the tenant (journal_entries_period) to find the page's lines, 9.7 s for a 1M-line journal.
  const plan = (await harness.handle.db.executeQuery(CompiledQuery.raw(`explain query plan ${text}`, parameters)))
    .rows as Array<{ detail: string }>;
  const steps = plan.map((row) => row.detail);
  assert.match(steps[0], /^SEARCH journal_lines USING INTEGER PRIMARY KEY/, steps.join('\n'));
  assert.ok(!steps.some((step) => /journal_entries_period/.test(step)), steps.join('\n'));
});
