import { performance } from 'node:perf_hooks';
import { listAccounts } from '../src/chart/accounts-store.ts';
import { loadBooksFacts } from '../src/compliance/books-facts.ts';
import { obligationCalendar } from '../src/compliance/obligations.ts';
import { withWriteTransaction } from '../src/db/transaction.ts';
import { appendEntries } from '../src/ledger/journal-store.ts';
import type { EntryDraft } from '../src/ledger/posting.ts';
import type { DatabaseHandle } from '../src/db/connection.ts';
import { createTenant } from '../src/tenancy/tenants.ts';
import type { Bench } from './run.ts';

/**
 * The obligation calendar regenerates on every read. Measured on an employer with 200,000 journal
 * lines over two years, monthly sales tax in five states and estimates on (the heaviest profile the
 * rules allow): the first read (generation and inserts) and steady-state reads (comparison only).
 */
const ENTRIES = 100_000;
const READS = 50;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/** Two years of journal, appended in batches and dropped before the reads are timed. */
async function bookHistory(handle: DatabaseHandle, tenantId: string, entityId: string): Promise<void> {
  const accounts = new Map(
    (await listAccounts(handle.db, tenantId, entityId)).map((account) => [account.accountNumber, account]),
  );
  const pairs: Array<[debit: string, credit: string]> = [
    ['6180', '1000'],
    ['1000', '4100'],
    ['6030', '1000'],
    ['1000', '2300'],
    ['1000', '2200'],
  ];
  const drafts: EntryDraft[] = Array.from({ length: ENTRIES }, (_, index) => {
    const [debit, credit] = pairs[index % pairs.length];
    const day = new Date(Date.UTC(2025, 0, 1 + (index % 700))).toISOString().slice(0, 10);
    const amountMinor = 1_000 + (index % 997);
    const line = (number: string, side: 'debit' | 'credit') => ({
      accountId: accounts.get(number)!.id,
      accountNumber: number,
      debitMinor: side === 'debit' ? amountMinor : null,
      creditMinor: side === 'credit' ? amountMinor : null,
      currency: 'USD',
      memo: null,
    });
    return {
      tenantId,
      entityId,
      entryDate: day,
      description: `bench ${index}`,
      sourceType: 'bank_feed',
      sourceId: null,
      reversesEntryId: null,
      lines: [line(debit, 'debit'), line(credit, 'credit')],
    };
  });
  for (let start = 0; start < drafts.length; start += 5_000) {
    await withWriteTransaction(handle, (trx) =>
      appendEntries(trx, drafts.slice(start, start + 5_000), new Date().toISOString()),
    );
  }
}

const bench: Bench = async (ctx) => {
  const { handle, dispose } = await ctx.openDatabase();
  try {
    const { tenantId, entityId } = await createTenant(handle, {
      legalName: 'Bench Payroll Inc',
      entityType: 'c_corp',
      stateCode: 'CA',
      formationDate: '2018-04-02',
      salesTaxStates: ['CA', 'TX', 'NY', 'FL', 'WA'],
      salesTaxFrequency: 'monthly',
      estimatedTaxRatePercent: 'default',
    });
    await bookHistory(handle, tenantId, entityId);
    const now = new Date('2026-06-10T12:00:00Z');
    const query = { limit: 500, offset: 0 };
    const firstStart = performance.now();
    const first = await obligationCalendar(handle, tenantId, query, now);
    ctx.report('first read: generate and insert (ms)', performance.now() - firstStart, 'ms', '≤ 500 ms');
    ctx.report('rows in the calendar', first.obligations.length, 'rows');
    const timings: number[] = [];
    for (let read = 0; read < READS; read += 1) {
      const start = performance.now();
      await obligationCalendar(handle, tenantId, query, now);
      timings.push(performance.now() - start);
    }
    timings.sort((a, b) => a - b);
    ctx.report(`steady read p50 (${ENTRIES * 2} journal lines)`, percentile(timings, 0.5), 'ms', '≤ 100 ms');
    ctx.report('steady read p95', percentile(timings, 0.95), 'ms', '≤ 200 ms');
    const factTimings: number[] = [];
    for (let read = 0; read < READS; read += 1) {
      const start = performance.now();
      await loadBooksFacts(handle.readDb, tenantId, entityId, 'USD', { netIncomeFrom: '2024-01-01' });
      factTimings.push(performance.now() - start);
    }
    factTimings.sort((a, b) => a - b);
    ctx.report('of which reading the books p50', percentile(factTimings, 0.5), 'ms');
  } finally {
    await dispose();
  }
};

export default bench;
