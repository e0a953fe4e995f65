/**
 * The rag tier at scale: one tenant with 1,000,000 categorized rows (RAG_BENCH_ROWS to change it),
 * written in big batches straight through the transactions store. Reports the insert time, the
 * index's load time and memory, p50/p99 per-row query time, an incremental refresh after 500 new
 * rows, and how often the tier's answer matches the account the generator meant for the payee.
 */
import { performance } from 'node:perf_hooks';
import type { Bench } from './run.ts';
import { createTenant } from '../src/tenancy/tenants.ts';
import { upsertBankAccounts } from '../src/intake/bank-accounts.ts';
import { insertCategorizedRows, type CategorizedFixtureRow } from '../test/support/categorized-rows.ts';
import { withWriteTransaction } from '../src/db/transaction.ts';
import { RagIndex } from '../src/sweep/categorize/rag/rag-index.ts';
import type { CategorizationInput } from '../src/sweep/categorize/types.ts';

const ROWS = Number(process.env.RAG_BENCH_ROWS ?? 1_000_000);
const PAYEES = 40_000;
const QUERIES = 20_000;
const EXPENSE_ACCOUNTS = [
  '5000',
  '6000',
  '6010',
  '6020',
  '6030',
  '6060',
  '6080',
  '6090',
  '6110',
  '6120',
  '6130',
  '6150',
  '6160',
  '6170',
  '6200',
  '6210',
  '6220',
  '6240',
];
const SYLLABLES = [
  'AL',
  'BER',
  'CO',
  'DEL',
  'EX',
  'FIN',
  'GRA',
  'HOL',
  'IN',
  'JAS',
  'KO',
  'LUM',
  'MAR',
  'NOR',
  'OP',
  'PRI',
  'QUE',
  'RO',
  'SAN',
  'TEL',
  'UL',
  'VEN',
  'WES',
  'XA',
  'YOR',
  'ZEN',
];
const KINDS = [
  'SUPPLY',
  'SERVICES',
  'MARKET',
  'CAFE',
  'LOGISTICS',
  'SOFTWARE',
  'CONSULTING',
  'FUEL',
  'HARDWARE',
  'PRINTING',
  'STUDIO',
  'TRAVEL',
  'INSURANCE',
  'ELECTRIC',
  'LABS',
];
const CITIES = [
  'AUSTIN TX',
  'DALLAS TX',
  'SEATTLE WA',
  'DENVER CO',
  'BOSTON MA',
  'MIAMI FL',
  'CHICAGO IL',
  'PORTLAND OR',
  'PHOENIX AZ',
  'ATLANTA GA',
  'NEW YORK NY',
  'OAKLAND CA',
];
const PREFIXES = ['POS PURCHASE ', 'DEBIT CARD PURCHASE ', 'SQ *', 'TST* ', 'ACH DEBIT ', ''];

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Payee {
  name: string;
  account: string;
  typicalMinor: number;
}

function payees(next: () => number): Payee[] {
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
  return Array.from({ length: PAYEES }, () => {
    const name = `${pick(SYLLABLES)}${pick(SYLLABLES)}${pick(SYLLABLES)} ${next() < 0.6 ? `${pick(SYLLABLES)}${pick(SYLLABLES)} ` : ''}${pick(KINDS)}`;
    return { name, account: pick(EXPENSE_ACCOUNTS), typicalMinor: Math.round(10 ** (2.5 + next() * 3)) };
  });
}

function descriptor(payee: Payee, next: () => number): string {
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
  return `${pick(PREFIXES)}${payee.name} #${Math.floor(next() * 9000 + 1000)} ${pick(CITIES)}`;
}

function amount(payee: Payee, next: () => number): number {
  return Math.max(1, Math.round(payee.typicalMinor * 10 ** ((next() - 0.5) * 0.4)));
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

const bench: Bench = async (context) => {
  const { handle, dispose } = await context.openDatabase();
  try {
    const next = random(20261123);
    const list = payees(next);
    const { tenantId, entityId } = await createTenant(handle, { legalName: 'Bench Rag LLC', stateCode: 'TX' });
    const [account] = (
      await upsertBankAccounts(handle, tenantId, {
        institutionName: 'Bench Bank',
        accounts: [{ externalId: 'chk', name: 'Checking', kind: 'checking', currency: 'USD' }],
      })
    ).accounts;
    const owner = { tenantId, entityId, bankAccountId: account.id };

    const insertStarted = performance.now();
    const batch = 20_000;
    for (let written = 0; written < ROWS; written += batch) {
      const rows: CategorizedFixtureRow[] = [];
      for (let index = 0; index < Math.min(batch, ROWS - written); index++) {
        // Popular payees recur far more than the tail, as real books do.
        const payee = list[Math.floor(list.length * next() ** 2)];
        rows.push({
          description: descriptor(payee, next),
          amountMinor: amount(payee, next),
          target: payee.account,
          source: next() < 0.1 ? 'user_override' : 'directory',
        });
      }
      await withWriteTransaction(handle, (trx) => insertCategorizedRows(trx, owner, rows));
    }
    context.report(
      `insert ${ROWS.toLocaleString('en-US')} categorized rows`,
      (performance.now() - insertStarted) / 1000,
      's',
    );

    globalThis.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const loadStarted = performance.now();
    const index = await RagIndex.load(handle.readDb, tenantId, entityId);
    context.report('rag index load (all rows of the entity)', (performance.now() - loadStarted) / 1000, 's');
    globalThis.gc?.();
    context.report('rag index heap', (process.memoryUsage().heapUsed - heapBefore) / 1_048_576, 'MiB');
    context.report('rag index distinct descriptors', index.stats.descriptors, 'texts');

    const inputs: Array<{ input: CategorizationInput; expected: string }> = Array.from(
      { length: QUERIES },
      (_, number) => {
        const payee = list[Math.floor(list.length * next() ** 2)];
        const amountMinor = amount(payee, next);
        return {
          expected: payee.account,
          input: {
            tenantId,
            entityId,
            transactionId: `q${number}`,
            date: '2026-03-01',
            description: descriptor(payee, next),
            merchant: null,
            amountMinor,
            currency: 'USD',
            direction: 'out',
            bankAccountKind: 'checking',
          },
        };
      },
    );
    for (const { input } of inputs.slice(0, 500)) index.query(input);
    const durations: number[] = [];
    let right = 0;
    const cpuBefore = process.cpuUsage();
    for (const { input, expected } of inputs) {
      const started = performance.now();
      const decision = index.query(input);
      durations.push(performance.now() - started);
      if (decision?.target === expected) right++;
    }
    const cpu = process.cpuUsage(cpuBefore);
    durations.sort((a, b) => a - b);
    context.report('rag query CPU time per row (mean)', (cpu.user + cpu.system) / inputs.length, 'µs');
    context.report('rag query p50 per row', quantile(durations, 0.5) * 1000, 'µs');
    context.report('rag query p99 per row', quantile(durations, 0.99) * 1000, 'µs', '< 1,000 µs');
    context.report("rag top-1 matches the payee's account", (100 * right) / inputs.length, '%');

    await insertCategorizedRows(
      handle.db,
      owner,
      Array.from({ length: 500 }, () => {
        const payee = list[Math.floor(next() * list.length)];
        return { description: descriptor(payee, next), amountMinor: amount(payee, next), target: payee.account };
      }),
    );
    const refreshStarted = performance.now();
    await index.refresh(handle.readDb);
    context.report('rag incremental refresh after 500 new rows', performance.now() - refreshStarted, 'ms');
  } finally {
    await dispose();
  }
};

export default bench;
