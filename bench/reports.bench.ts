import { performance } from 'node:perf_hooks';
import { listAccounts } from '../src/chart/accounts-store.ts';
import { loadConfig } from '../src/config/config.ts';
import { withWriteTransaction } from '../src/db/transaction.ts';
import { buildApp } from '../src/http/app.ts';
import { upsertBankAccounts } from '../src/intake/bank-accounts.ts';
import { listBankAccounts } from '../src/bank-rows/bank-accounts-store.ts';
import { insertNewTransactions, type NewTransactionRow } from '../src/bank-rows/transactions-store.ts';
import { appendEntries } from '../src/ledger/journal-store.ts';
import { bankRowEntry, type EntryDraft } from '../src/ledger/posting.ts';
import { addDays } from '../src/shared/dates.ts';
import { newId } from '../src/shared/ids.ts';
import { createApiKey } from '../src/tenancy/api-keys.ts';
import { createTenant } from '../src/tenancy/tenants.ts';
import { generousRateLimits } from '../test/support/harness.ts';
import type { Bench } from './run.ts';

/**
 * The financial statements and the health score on a tenant with 1,000,000 journal lines in one
 * fiscal year (500,000 bank rows, each a two-line entry), measured through HTTP (app.inject). The
 * books are written through the ledger store in large batches, as the sweep would, with the bank
 * rows beside them so the health score has real transactions to count.
 */
const ENTRIES = Number(process.env.BENCH_REPORT_ENTRIES ?? 500_000);
const BATCH = 10_000;
const RUNS = 30;

const CATEGORIES = [
  '4000',
  '4100',
  '4500',
  '5000',
  '6000',
  '6010',
  '6030',
  '6060',
  '6080',
  '6090',
  '6110',
  '6130',
  '6150',
  '6160',
  '6170',
  '6180',
  '6200',
  '6210',
  '6999',
  '4999',
  '1500',
  '2400',
  '3200',
];

function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

const bench: Bench = async (context) => {
  const { handle, dispose } = await context.openDatabase();
  try {
    const { tenantId, entityId } = await createTenant(handle, {
      legalName: 'Bench Books LLC',
      stateCode: 'DE',
      taxId: '12-3456789',
      formationDate: '2024-01-15',
    });
    await upsertBankAccounts(handle, tenantId, {
      institutionName: 'Bench Bank',
      accounts: [
        {
          externalId: 'chk',
          name: 'Checking',
          kind: 'checking',
          currency: 'USD',
          openingBalance: 250_000,
          openingBalanceDate: '2025-12-31',
        },
        {
          externalId: 'sav',
          name: 'Savings',
          kind: 'savings',
          currency: 'USD',
          openingBalance: 100_000,
          openingBalanceDate: '2025-12-31',
        },
        { externalId: 'card', name: 'Card', kind: 'credit_card', currency: 'USD' },
      ],
    });
    const banks = await listBankAccounts(handle.db, tenantId, entityId);
    const chart = new Map(
      (await listAccounts(handle.db, tenantId, entityId)).map((account) => [account.accountNumber, account]),
    );
    const random = seeded(42);
    const started = performance.now();
    for (let start = 0; start < ENTRIES; start += BATCH) {
      const now = new Date().toISOString();
      const rows: NewTransactionRow[] = [];
      const drafts: EntryDraft[] = [];
      for (let index = start; index < Math.min(ENTRIES, start + BATCH); index++) {
        const bank = banks[index % 10 === 0 ? 1 : index % 4 === 0 ? 2 : 0];
        const category = chart.get(CATEGORIES[Math.floor(random() * CATEGORIES.length)])!;
        const moneyIn = category.category === 'revenue' || (category.accountNumber === '2400' && random() < 0.5);
        const amountMinor = (moneyIn ? -1 : 1) * (100 + Math.floor(random() * 250_000));
        const date = addDays('2026-01-01', Math.floor(random() * 365));
        const id = newId();
        drafts.push(
          bankRowEntry({
            tenantId,
            entityId,
            transactionId: id,
            sourceType: 'bank_feed',
            date,
            description: `BENCH ROW ${index}`,
            amountMinor,
            currency: 'USD',
            bankLedger: { id: bank.ledger_account_id, accountNumber: bank.ledger_account_number },
            category: { id: category.id, accountNumber: category.accountNumber },
          }),
        );
        const catchAll = category.accountNumber === '6999' || category.accountNumber === '4999';
        rows.push({
          id,
          tenant_id: tenantId,
          entity_id: entityId,
          bank_account_id: bank.id,
          external_id: `bench-${index}`,
          content_key: `bench-${index}`,
          source: 'api',
          date,
          authorized_date: null,
          amount_minor: amountMinor,
          currency: 'USD',
          description: `BENCH ROW ${index}`,
          merchant: null,
          merchant_key: `m${index % 5000}`,
          pending: 0,
          category_target: category.accountNumber,
          category_confidence: catchAll ? null : 0.95,
          category_source: catchAll ? null : 'regex',
          transaction_type: null,
          needs_review: catchAll ? 1 : 0,
          sweep_state: 'done',
          journal_entry_id: null,
          created_at: now,
          updated_at: now,
        });
      }
      await withWriteTransaction(handle, async (trx) => {
        await insertNewTransactions(trx, rows);
        await appendEntries(trx, drafts, now);
      });
    }
    const buildSeconds = (performance.now() - started) / 1000;
    context.report('build: journal lines written', ENTRIES * 2, 'lines');
    context.report(
      'build: lines per second (rows + entries + totals)',
      Math.round((ENTRIES * 2) / buildSeconds),
      'lines/s',
    );
    // After a bulk load PostgreSQL's autovacuum soon sets the visibility map and statistics; do it now so counts can be index-only, as they are in steady state.
    if (handle.dialect === 'postgres')
      await handle.db.executeQuery({
        sql: 'vacuum analyze transactions, journal_entries, journal_lines, account_daily_totals',
        parameters: [],
        query: { kind: 'RawNode' } as never,
        queryId: { queryId: 'vacuum-analyze' },
      });

    const app = await buildApp({
      handle,
      config: generousRateLimits(loadConfig({ DATABASE_URL: context.databaseUrl })),
      now: () => new Date('2027-01-10T12:00:00.000Z'),
    });
    const { key } = await createApiKey(handle, tenantId, ['read'], 'bench');
    const measure = async (name: string, url: string, target: string, headers: Record<string, string> = {}) => {
      const timings: number[] = [];
      for (let run = 0; run < RUNS + 3; run++) {
        const begin = performance.now();
        const response = await app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${key}`, ...headers },
        });
        const elapsed = performance.now() - begin;
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
        if (run >= 3) timings.push(elapsed);
      }
      timings.sort((a, b) => a - b);
      context.report(`${name} p50`, percentile(timings, 0.5), 'ms', target);
      context.report(`${name} p99`, percentile(timings, 0.99), 'ms');
    };
    // The spine's trial balance reads the same per-day totals: the reference the statements are compared with.
    await measure('trial balance (reference), year end', '/v1/reports/trial-balance?asOf=2026-12-31', '');
    await measure(
      'profit and loss, full year',
      '/v1/reports/profit-and-loss?from=2026-01-01&to=2026-12-31',
      'p50 ≤ 100 ms',
    );
    await measure(
      'profit and loss, year vs previous year',
      '/v1/reports/profit-and-loss?from=2026-01-01&to=2026-12-31&compareTo=previous_year',
      'p50 ≤ 100 ms',
    );
    await measure('balance sheet, year end', '/v1/reports/balance-sheet?asOf=2026-12-31', 'p50 ≤ 100 ms');
    await measure('cash flow, full year', '/v1/reports/cash-flow?from=2026-01-01&to=2026-12-31', '');
    await measure(
      'general ledger, first page (100 lines)',
      '/v1/reports/general-ledger?from=2026-01-01&to=2026-12-31',
      '',
    );
    await measure(
      'general ledger, page at offset 200,000',
      '/v1/reports/general-ledger?from=2026-01-01&to=2026-12-31&offset=200000',
      '≤ 20 ms (PostgreSQL)',
    );
    // The same depth by the keyset cursor: the cursor of line 200,000 is read once, untimed.
    const before = await app.inject({
      method: 'GET',
      url: '/v1/reports/general-ledger?from=2026-01-01&to=2026-12-31&offset=199900&limit=100',
      headers: { authorization: `Bearer ${key}` },
    });
    const cursor = before.json().meta.pagination.nextAfter as string | null;
    if (!cursor) throw new Error('the general ledger has no line after 200,000: the cursor figure needs more lines');
    // Both ways to line 200,000 must list the same lines with the same running balances.
    const [byOffset, byCursor] = await Promise.all(
      [`offset=200000`, `after=${cursor}`].map((paging) =>
        app.inject({
          method: 'GET',
          url: `/v1/reports/general-ledger?from=2026-01-01&to=2026-12-31&${paging}`,
          headers: { authorization: `Bearer ${key}` },
        }),
      ),
    );
    if (JSON.stringify(byOffset.json().data.lines) !== JSON.stringify(byCursor.json().data.lines))
      throw new Error(
        'the general ledger page at offset 200,000 differs from the page after the cursor of line 200,000',
      );
    await measure(
      'general ledger, page after the cursor of line 200,000',
      `/v1/reports/general-ledger?from=2026-01-01&to=2026-12-31&after=${cursor}`,
      '≤ 20 ms (PostgreSQL)',
    );
    await measure(
      'general ledger, one account, a month',
      '/v1/reports/general-ledger?from=2026-06-01&to=2026-06-30&accountNumber=6200',
      '',
    );
    await measure('profit and loss as CSV', '/v1/reports/profit-and-loss?from=2026-01-01&to=2026-12-31', '', {
      accept: 'text/csv',
    });
    await measure('health score', '/v1/health-score', 'p50 ≤ 200 ms');
    await app.close();
  } finally {
    await dispose();
  }
};

export default bench;
