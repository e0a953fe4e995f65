import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { isLosslessNumber, parse } from 'lossless-json';
import { listAccounts } from '../chart/accounts-store.ts';
import { exactInteger, toBigInt } from '../db/exact-sum.ts';
import { withWriteTransaction } from '../db/transaction.ts';
import { appendEntries } from '../ledger/journal-store.ts';
import type { EntryDraft } from '../ledger/posting.ts';
import { MAX_AMOUNT_MINOR } from '../money/minor-units.ts';
import { createAccount, createHarness, push, type Harness, type TestTenant } from '../../test/support/harness.ts';

// Totals past 2^53 minor units (what a double holds exactly) must stay exact, up to 10^6 rows at the
// per-row cap (1e18 minor units). Expected figures are computed here with bigints; answers are read
// with a lossless JSON parser, so a digit lost on the way would show.

const CAP = BigInt(MAX_AMOUNT_MINOR);
const TWO_TO_53 = 2n ** 53n;

let harness: Harness;
before(async () => {
  harness = await createHarness();
});
after(() => harness.close());

/** A JSON number of major units (two decimals, USD) read losslessly, as minor units. */
function minorOf(value: unknown): bigint {
  assert.ok(isLosslessNumber(value), `a JSON number, got ${JSON.stringify(value)}`);
  const [whole, fraction = ''] = value.toString().replace('-', '').split('.');
  assert.ok(fraction.length <= 2, `at most two decimals: ${value.toString()}`);
  const magnitude = BigInt(whole + fraction.padEnd(2, '0'));
  return value.toString().startsWith('-') ? -magnitude : magnitude;
}

async function report(tenant: TestTenant, url: string) {
  const response = await tenant.call('GET', url);
  assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
  return (parse(response.body) as { data: Record<string, any> }).data;
}

/** A JSON number of major units with all its digits, for a push body built as text. */
function majorText(minor: bigint): string {
  return `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
}

test('through HTTP: 9,200 pushed rows near the cap pass 2^53 and every report stays exact (200)', async () => {
  const tenant = await harness.newTenant('Big Payouts LLC');
  const account = await createAccount(tenant, 'chk-big');
  const random = fc.sample(fc.bigInt({ min: CAP - 999_999n, max: CAP }), { numRuns: 9_220, seed: 53 });
  const incoming = random.slice(0, 9_200);
  const outgoing = random.slice(9_200);
  const rows = [
    ...incoming.map(
      (minor, index) =>
        `{"accountExternalId":"chk-big","id":"in-${index}","date":"2026-03-${String(1 + (index % 28)).padStart(2, '0')}","amount":-${majorText(minor)},"description":"STRIPE TRANSFER PAYOUT"}`,
    ),
    ...outgoing.map(
      (minor, index) =>
        `{"accountExternalId":"chk-big","id":"out-${index}","date":"2026-03-15","amount":${majorText(minor)},"description":"MONTHLY SERVICE FEE"}`,
    ),
  ];
  for (let start = 0; start < rows.length; start += 1000) {
    const response = await tenant.call(
      'POST',
      '/v1/transactions',
      `{"institutionName":"Test Bank","transactions":[${rows.slice(start, start + 1000).join(',')}]}`,
      { 'content-type': 'application/json' },
    );
    assert.equal(response.statusCode, 200, response.body);
  }
  await harness.sweep();

  const totalIn = incoming.reduce((sum, minor) => sum + minor, 0n);
  const totalOut = outgoing.reduce((sum, minor) => sum + minor, 0n);
  assert.ok(totalIn > TWO_TO_53, 'the money in alone passes 2^53 minor units');
  const cash = totalIn - totalOut;

  const trial = await report(tenant, '/v1/reports/trial-balance?asOf=2026-03-31');
  assert.equal(minorOf(trial.totals.debit), totalIn + totalOut);
  assert.equal(minorOf(trial.totals.credit), totalIn + totalOut);
  const cashRow = trial.accounts.find(
    (row: { accountNumber: string }) => row.accountNumber === account.ledgerAccountNumber,
  );
  assert.equal(minorOf(cashRow.balance), cash);

  const profitAndLoss = await report(tenant, '/v1/reports/profit-and-loss?from=2026-03-01&to=2026-03-31');
  assert.equal(minorOf(profitAndLoss.totalRevenue), totalIn);
  assert.equal(minorOf(profitAndLoss.totalExpenses), totalOut);
  assert.equal(minorOf(profitAndLoss.netIncome), cash);

  const balance = await report(tenant, '/v1/reports/balance-sheet?asOf=2026-03-31');
  assert.equal(minorOf(balance.totalAssets), cash);
  assert.equal(minorOf(balance.totalEquity), cash);
  assert.equal(minorOf(balance.currentYearEarnings), cash);

  const flow = await report(tenant, '/v1/reports/cash-flow?from=2026-03-01&to=2026-03-31');
  assert.equal(minorOf(flow.operating), cash);
  assert.equal(minorOf(flow.netChange), cash);
  assert.equal(minorOf(flow.closingCash), cash);

  const ledger = await report(
    tenant,
    `/v1/reports/general-ledger?from=2026-03-01&to=2026-03-31&accountNumber=${account.ledgerAccountNumber}&offset=9200&limit=100`,
  );
  assert.equal(minorOf(ledger.accounts[0].closingBalance), cash);
  assert.equal(
    minorOf(ledger.lines.at(-1).runningBalance),
    cash,
    'the last line of the account runs to its closing balance',
  );

  const csv = await tenant.call('GET', '/v1/reports/profit-and-loss?from=2026-03-01&to=2026-03-31', undefined, {
    accept: 'text/csv',
  });
  assert.match(
    csv.body,
    new RegExp(
      `Net income,${majorText(cash)
        .replace(/\.?0+$/, '')
        .replace('.', '\\.')}\\r?\\n`,
    ),
    'the CSV carries the exact digits too',
  );

  const accounts = (
    parse((await tenant.call('GET', '/v1/bank-accounts')).body) as { data: Array<{ derivedBalance: unknown }> }
  ).data;
  assert.equal(minorOf(accounts[0].derivedBalance), cash);
});

test('through the ledger store: one posting call adds a day past 2^53 exactly', async () => {
  const tenant = await harness.newTenant('One Big Day LLC');
  const chart = await listAccounts(harness.handle.db, tenant.tenantId, tenant.entityId);
  const cash = chart.find((account) => account.accountNumber === '1000')!;
  const revenue = chart.find((account) => account.accountNumber === '4100')!;
  const amounts = fc.sample(fc.bigInt({ min: CAP - 999_999n, max: CAP }), { numRuns: 9_100, seed: 7 });
  const drafts: EntryDraft[] = amounts.map((minor, index) => ({
    tenantId: tenant.tenantId,
    entityId: tenant.entityId,
    entryDate: '2026-05-05',
    description: `payout ${index}`,
    sourceType: 'bank_feed',
    sourceId: null,
    reversesEntryId: null,
    lines: [
      {
        accountId: cash.id,
        accountNumber: '1000',
        debitMinor: Number(minor),
        creditMinor: null,
        currency: 'USD',
        memo: null,
      },
      {
        accountId: revenue.id,
        accountNumber: '4100',
        debitMinor: null,
        creditMinor: Number(minor),
        currency: 'USD',
        memo: null,
      },
    ],
  }));
  await withWriteTransaction(harness.handle, (trx) => appendEntries(trx, drafts, new Date().toISOString()));
  const expected = amounts.reduce((sum, minor) => sum + minor, 0n);
  assert.ok(expected > TWO_TO_53);
  const day = await harness.handle.db
    .selectFrom('account_daily_totals')
    .select([exactInteger('debit_minor').as('debit')])
    .where('tenant_id', '=', tenant.tenantId)
    .where('account_id', '=', cash.id)
    .executeTakeFirstOrThrow();
  assert.equal(toBigInt(day.debit), expected);
  const trial = await report(tenant, '/v1/reports/trial-balance?asOf=2026-05-31');
  assert.equal(minorOf(trial.totals.debit), expected);
});

/**
 * Up to 10^6 rows at the cap, as the per-day totals posting keeps for them (writing 10^6 journal lines
 * per run would take minutes): money in and out on days of 2025, then one real entry in 2026 so the
 * general ledger has a line to run its balance through.
 */
test('property: totals up to 10^6 rows at the cap (1e18 minor units) are exact in every report', async () => {
  const dayGroup = fc.record({
    rows: fc.integer({ min: 1, max: 40_000 }),
    amountMinor: fc.bigInt({ min: CAP - 1_000_000n, max: CAP }),
    moneyIn: fc.boolean(),
  });
  await fc.assert(
    fc.asyncProperty(fc.array(dayGroup, { minLength: 1, maxLength: 25 }), async (groups) => {
      const tenant = await harness.newTenant('Property LLC');
      const chart = await listAccounts(harness.handle.db, tenant.tenantId, tenant.entityId);
      const id = (number: string) => chart.find((account) => account.accountNumber === number)!.id;
      let totalIn = 0n;
      let totalOut = 0n;
      const dailyTotals = groups.flatMap((group, index) => {
        const dayMinor = BigInt(group.rows) * group.amountMinor;
        const day = `2025-01-${String(index + 1).padStart(2, '0')}`;
        const row = (accountNumber: string, debit: bigint, credit: bigint) => ({
          tenant_id: tenant.tenantId,
          entity_id: tenant.entityId,
          account_id: id(accountNumber),
          currency: 'USD',
          day,
          debit_minor: debit,
          credit_minor: credit,
          line_count: Number(group.rows),
        });
        if (group.moneyIn) {
          totalIn += dayMinor;
          return [row('1000', dayMinor, 0n), row('4100', 0n, dayMinor)];
        }
        totalOut += dayMinor;
        return [row('6210', dayMinor, 0n), row('1000', 0n, dayMinor)];
      });
      await harness.handle.db.insertInto('account_daily_totals').values(dailyTotals).execute();
      await withWriteTransaction(harness.handle, (trx) =>
        appendEntries(
          trx,
          [
            {
              tenantId: tenant.tenantId,
              entityId: tenant.entityId,
              entryDate: '2026-02-02',
              description: 'one more',
              sourceType: 'bank_feed',
              sourceId: null,
              reversesEntryId: null,
              lines: [
                {
                  accountId: id('1000'),
                  accountNumber: '1000',
                  debitMinor: MAX_AMOUNT_MINOR,
                  creditMinor: null,
                  currency: 'USD',
                  memo: null,
                },
                {
                  accountId: id('4100'),
                  accountNumber: '4100',
                  debitMinor: null,
                  creditMinor: MAX_AMOUNT_MINOR,
                  currency: 'USD',
                  memo: null,
                },
              ],
            },
          ],
          new Date().toISOString(),
        ),
      );
      const net2025 = totalIn - totalOut;

      const trial = await report(tenant, '/v1/reports/trial-balance?asOf=2026-12-31');
      assert.equal(minorOf(trial.totals.debit), totalIn + totalOut + CAP);
      assert.equal(minorOf(trial.totals.credit), totalIn + totalOut + CAP);

      const profitAndLoss = await report(tenant, '/v1/reports/profit-and-loss?from=2025-01-01&to=2025-12-31');
      assert.equal(minorOf(profitAndLoss.totalRevenue), totalIn);
      assert.equal(minorOf(profitAndLoss.totalExpenses), totalOut);
      assert.equal(minorOf(profitAndLoss.netIncome), net2025);

      const balance = await report(tenant, '/v1/reports/balance-sheet?asOf=2026-12-31');
      assert.equal(minorOf(balance.totalAssets), net2025 + CAP);
      assert.equal(minorOf(balance.priorYearsNetIncome), net2025);
      assert.equal(minorOf(balance.currentYearEarnings), CAP);

      const flow = await report(tenant, '/v1/reports/cash-flow?from=2025-01-01&to=2025-12-31');
      assert.equal(minorOf(flow.operating), net2025);
      assert.equal(minorOf(flow.closingCash), net2025);

      const ledger = await report(
        tenant,
        '/v1/reports/general-ledger?from=2026-01-01&to=2026-12-31&accountNumber=1000',
      );
      assert.equal(minorOf(ledger.accounts[0].openingBalance), net2025);
      assert.equal(minorOf(ledger.accounts[0].closingBalance), net2025 + CAP);
      assert.equal(minorOf(ledger.lines[0].runningBalance), net2025 + CAP);
    }),
    {
      numRuns: 6,
      seed: 1018,
      // The target itself: 10^6 rows at the cap, all money in (1e18 minor units in cash and revenue).
      examples: [[Array.from({ length: 25 }, () => ({ rows: 40_000, amountMinor: CAP, moneyIn: true }))]],
    },
  );
});
