import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { createHarness, type Harness, type TestTenant } from '../../test/support/harness.ts';
import { buildBooks, type BookEvent } from '../../test/support/report-books.ts';
import { addDays } from '../shared/dates.ts';

/**
 * An independent double-entry tool on the same journal: the journal is exported through the API as
 * an hledger journal (hledger checks on reading that every transaction balances), and hledger's
 * balances and balance sheet must equal the service's trial balance and balance sheet to the cent.
 * Needs the `hledger` Debian package (installed by .ci/run).
 */
let harness: Harness;
let tenant: TestTenant;
let directory: string;
let journalFile: string;

const HLEDGER_SECTION: Record<string, string> = {
  asset: 'assets',
  liability: 'liabilities',
  equity: 'equity',
  revenue: 'revenues',
  expense: 'expenses',
};

function events(): BookEvent[] {
  const list: BookEvent[] = [];
  const targets = ['4000', '4100', '6200', '6110', '6160', '1500', '2400', '3100', '3200', '6999', '4999', 'transfer'];
  const accounts = ['chk', 'sav', 'card'] as const;
  // A deterministic spread of rows over two years: every target, every account, both directions.
  for (let index = 0; index < 160; index++) {
    const amount = ((index * 7919) % 500_000) + 101;
    list.push({
      account: accounts[index % 3],
      date: addDays('2025-03-01', (index * 37) % 600),
      amountMinor: index % 4 === 0 ? -amount * 3 : amount,
      target: targets[(index * 5) % targets.length],
    });
  }
  return list;
}

const cents = (text: string) => {
  const cleaned = text.replace(/USD|,|\s/g, '');
  return cleaned === '' || cleaned === '0' ? 0 : Math.round(Number(cleaned) * 100);
};
const hledger = (...args: string[]) =>
  parse(execFileSync('hledger', ['-f', journalFile, ...args, '-O', 'csv'], { encoding: 'utf8' }), {
    relax_column_count: true,
  }) as string[][];

before(async () => {
  harness = await createHarness();
  tenant = await harness.newTenant('Ledger Check LLC');
  await buildBooks(harness, tenant, {
    openingDate: '2025-02-28',
    openingMinor: { chk: 1_234_567, sav: 250_000, card: 31_415 },
    events: events(),
  });

  const accounts = (await tenant.call('GET', '/v1/accounts')).json().data as Array<{
    id: string;
    accountNumber: string;
    category: string;
  }>;
  const nameOf = new Map(
    accounts.map((account) => [account.id, `${HLEDGER_SECTION[account.category]}:${account.accountNumber}`]),
  );
  const lines = [
    'account assets  ; type: A',
    'account liabilities  ; type: L',
    'account equity  ; type: E',
    'account revenues  ; type: R',
    'account expenses  ; type: X',
    '',
  ];
  for (let offset: number | null = 0; offset !== null; ) {
    const page: {
      data: Array<{
        entryDate: string;
        description: string;
        lines: Array<{ accountId: string; debit: number | null; credit: number; currency: string }>;
      }>;
      meta: { pagination: { nextOffset: number | null } };
    } = (
      await tenant.call('GET', `/v1/journal-entries?from=2000-01-01&to=2099-12-31&limit=200&offset=${offset}`)
    ).json();
    for (const entry of page.data) {
      lines.push(`${entry.entryDate} ${entry.description.replace(/[;\n]/g, ' ')}`);
      for (const line of entry.lines) {
        const amount = line.debit !== null ? line.debit : -line.credit;
        lines.push(`    ${nameOf.get(line.accountId)}    ${amount.toFixed(2)} ${line.currency}`);
      }
      lines.push('');
    }
    offset = page.meta.pagination.nextOffset;
  }
  directory = mkdtempSync(join(tmpdir(), 'hledger-'));
  journalFile = join(directory, 'books.journal');
  writeFileSync(journalFile, lines.join('\n'));
});
after(async () => {
  rmSync(directory, { recursive: true, force: true });
  await harness.close();
});

for (const asOf of ['2025-12-31', '2026-06-30', '2026-10-31']) {
  test(`trial balance as of ${asOf} equals hledger bal`, async () => {
    const trial = (await tenant.call('GET', `/v1/reports/trial-balance?asOf=${asOf}`)).json().data;
    const ours = new Map<string, number>();
    for (const row of trial.accounts) {
      const net = Math.round(row.debit * 100) - Math.round(row.credit * 100);
      if (net !== 0) ours.set(`${HLEDGER_SECTION[row.category]}:${row.accountNumber}`, net);
    }
    const theirs = new Map(
      hledger('bal', '--flat', '-e', addDays(asOf, 1))
        .slice(1)
        .filter(([account]) => account !== 'total')
        .map(([account, balance]) => [account, cents(balance)] as const)
        .filter(([, balance]) => balance !== 0),
    );
    assert.ok(theirs.size > 10);
    assert.deepEqual(ours, theirs);
  });

  test(`balance sheet as of ${asOf} equals hledger bs`, async () => {
    const sheet = (await tenant.call('GET', `/v1/reports/balance-sheet?asOf=${asOf}`)).json().data;
    const rows = hledger('bs', '-e', addDays(asOf, 1));
    const totals = rows.filter(([label]) => label === 'total').map(([, amount]) => cents(amount));
    const net = rows.find(([label]) => label === 'Net:');
    assert.equal(totals.length, 2, 'assets and liabilities totals');
    assert.equal(Math.round(sheet.totalAssets * 100), totals[0]);
    assert.equal(Math.round(sheet.totalLiabilities * 100), totals[1]);
    assert.equal(Math.round(sheet.totalEquity * 100), cents(net![1]), 'equity is what hledger nets');
    const year = hledger(
      'bal',
      'revenues',
      'expenses',
      '--depth',
      '1',
      '-b',
      sheet.fiscalYearStart,
      '-e',
      addDays(asOf, 1),
    );
    assert.equal(
      Math.round(sheet.currentYearEarnings * 100),
      -cents(year.find(([label]) => label === 'total')![1]),
      'current-year earnings',
    );
  });
}
