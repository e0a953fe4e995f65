/**
 * Ingest on SQLite beside its references, in one run and one database (issue 15): rows/s of
 * - a raw better-sqlite3 insert into the same `transactions` table, one prepared statement, 1,000 rows
 *   a transaction, with the index set before migration 0016 (the two indexes it dropped made again);
 * - the same raw insert with today's index set (after dropping them again);
 * - POST /transactions over a loopback socket, 1,000-row requests, one client.
 * Each phase writes BENCH_INGEST_ROWS rows (default 100,000) to a bank account of its own, in this order:
 * a later phase meets a larger table, so the lean set and the API are measured at a disadvantage.
 * PostgreSQL: skipped (the raw reference here is better-sqlite3's).
 */
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { Bench } from './run.ts';
import { loadConfig } from '../src/config/config.ts';
import { buildApp } from '../src/http/app.ts';
import { createApiKey } from '../src/tenancy/api-keys.ts';
import { createTenant } from '../src/tenancy/tenants.ts';
import { newUncategorizedRow } from '../src/bank-rows/arriving-row.ts';
import { contentKey, externalIdFor } from '../src/intake/identity.ts';
import { addDays } from '../src/shared/dates.ts';

const ROWS = Number(process.env.BENCH_INGEST_ROWS ?? 100_000);
const ROWS_PER_TRANSACTION = 1_000;
const DROPPED_BY_0016 = [
  'create index transactions_account_content on transactions (bank_account_id, content_key)',
  'create index transactions_account_date on transactions (bank_account_id, date)',
];
const DESCRIPTORS = [
  'MONTHLY SERVICE FEE',
  'GUSTO PAYROLL NET PAY',
  'STRIPE TRANSFER PAYOUT',
  'Coffee Shop',
  'Office Depot',
  'FIGMA MONTHLY',
  'Client payment',
  'Shell Oil 5723',
];
const rowAt = (n: number) => ({
  date: addDays('2024-06-01', n % 700),
  amountMinor: ((n % 9973) + 1) * (n % 5 === 0 ? -1 : 1),
  description: `${DESCRIPTORS[n % DESCRIPTORS.length]} ${n % 997}`,
});

const bench: Bench = async (context) => {
  if (context.dialect !== 'sqlite') return;
  const { handle, dispose } = await context.openDatabase();
  const wide = { burst: 1e9, refillPerSecond: 1e9 };
  const app = await buildApp({
    handle,
    config: { ...loadConfig({}), rateLimits: { read: wide, write: wide, report: wide } },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/v1`;
  const file = (await sql<{ file: string }>`pragma database_list`.execute(handle.db)).rows[0].file;
  const raw = new SQLite(file);
  raw.pragma('busy_timeout = 10000');
  try {
    const { tenantId, entityId } = await createTenant(handle, { legalName: 'Bench LLC' });
    const { key } = await createApiKey(handle, tenantId, ['read', 'write'], 'bench');
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const call = async (path: string, body: unknown) => {
      const response = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${text.slice(0, 200)}`);
      return JSON.parse(text);
    };
    const accounts = (
      await call('/bank-accounts', {
        institutionName: 'Bench Bank',
        accounts: ['old', 'lean', 'api'].map((name) => ({ externalId: name, name, currency: 'USD' })),
      })
    ).data.accounts as Array<{ id: string; externalAccountId: string }>;
    const accountId = (name: string) => accounts.find((account) => account.externalAccountId === name)!.id;

    const columns = Object.keys(
      newUncategorizedRow(
        {
          tenantId,
          entityId,
          bankAccountId: '',
          externalId: '',
          contentKey: '',
          source: 'api',
          date: '2024-01-01',
          authorizedDate: null,
          amountMinor: 1,
          currency: 'USD',
          description: 'x',
          merchant: null,
          pending: false,
        },
        '',
      ),
    );
    const insert = raw.prepare(
      `insert into transactions (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
    );
    const rawInsert = (bankAccountId: string) => {
      const now = new Date().toISOString();
      const started = performance.now();
      for (let first = 0; first < ROWS; first += ROWS_PER_TRANSACTION) {
        raw.transaction(() => {
          for (let n = first; n < first + ROWS_PER_TRANSACTION; n++) {
            const { date, amountMinor, description } = rowAt(n);
            const key = contentKey(date, amountMinor, description);
            const row = newUncategorizedRow(
              {
                tenantId,
                entityId,
                bankAccountId,
                externalId: externalIdFor(`r${n}`, key),
                contentKey: key,
                source: 'api',
                date,
                authorizedDate: null,
                amountMinor,
                currency: 'USD',
                description,
                merchant: null,
                pending: false,
              },
              now,
            );
            insert.run(Object.values(row));
          }
        })();
      }
      return ROWS / ((performance.now() - started) / 1000);
    };

    for (const statement of DROPPED_BY_0016) raw.exec(statement);
    const oldSet = rawInsert(accountId('old'));
    context.report(
      `raw insert, index set before 0016 (${ROWS / 1000}k rows, 1k/transaction)`,
      oldSet,
      'rows/s',
      'reference',
    );
    for (const statement of DROPPED_BY_0016) raw.exec(`drop index ${statement.split(' ')[2]}`);
    const leanSet = rawInsert(accountId('lean'));
    context.report(
      'raw insert, index set after 0016',
      leanSet,
      'rows/s',
      `${(leanSet / oldSet).toFixed(2)}× the set before`,
    );

    const started = performance.now();
    for (let first = 0; first < ROWS; first += ROWS_PER_TRANSACTION) {
      const transactions = Array.from({ length: ROWS_PER_TRANSACTION }, (_, offset) => {
        const n = first + offset;
        const { date, amountMinor, description } = rowAt(n);
        return { accountExternalId: 'api', id: `r${n}`, date, amount: amountMinor / 100, description };
      });
      await call('/transactions', { institutionName: 'Bench Bank', transactions });
    }
    const api = ROWS / ((performance.now() - started) / 1000);
    context.report(
      'POST /transactions ingest (1k rows/request, 1 client)',
      api,
      'rows/s',
      `≥ 20,000; ${(api / leanSet).toFixed(2)}× the raw insert (same set)`,
    );
  } finally {
    raw.close();
    await app.close();
    await dispose();
  }
};

export default bench;
