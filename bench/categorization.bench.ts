/**
 * The sweep at scale (issue 4): one tenant with 1,000,000 categorized, booked rows on SQLite
 * (250,000 on PostgreSQL, whose bulk load is slower; CATEGORIZATION_BENCH_ROWS to change it), then
 * 20,000 new uncategorized rows swept with every tier but llm (rules, memory, transfers, directory,
 * keywords, rag) until all are categorized and booked. The history is the evaluation set's rows
 * (real descriptor styles of ten banks, five businesses) cycled, with the true category as filed by
 * a tier or a human, so rag has a real index. Reports sweep rows/s (the rag index and the merchant
 * directory are loaded before the clock starts, as a running worker has them) and the rag tier's
 * per-row query time on that index.
 */
import { performance } from 'node:perf_hooks';
import type { Bench } from './run.ts';
import { loadConfig } from '../src/config/config.ts';
import { createTenant } from '../src/tenancy/tenants.ts';
import { upsertBankAccounts } from '../src/intake/bank-accounts.ts';
import { insertNewTransactions, type NewTransactionRow } from '../src/bank-rows/transactions-store.ts';
import { toBankRowPart } from '../src/bank-rows/bank-row.ts';
import { merchantKeyFor } from '../src/bank-rows/merchant-key.ts';
import { withWriteTransaction } from '../src/db/transaction.ts';
import { appendEntries } from '../src/ledger/journal-store.ts';
import { newId } from '../src/shared/ids.ts';
import { addDays } from '../src/shared/dates.ts';
import { sweepOnce } from '../src/sweep/sweep.ts';
import { loadEntityChart, rowEntry } from '../src/ledger/row-entry.ts';
import { serviceTiers } from '../src/sweep/categorize/tiers.ts';
import { getRagIndex } from '../src/sweep/categorize/rag/rag-index.ts';
import { directoryEntries } from '../src/sweep/categorize/directory/lookup.ts';
import { toEngineRow } from '../src/sweep/categorize/run.ts';
import type { BankAccountKind } from '../src/sweep/categorize/types.ts';
import type { BankAccountsTable } from '../src/db/schema.ts';
import { loadEvalDataset, type EvalRow } from '../eval/dataset/index.ts';
import { percentile } from './spine.bench.ts';

const NEW_ROWS = 20_000;
const LOAD_CHUNK = 20_000;
/** The new rows are dated after the whole history, as a feed's new rows are. */
const NEW_ROWS_DAYS_LATER = 560;

const bench: Bench = async (context) => {
  const historyRows = Number(
    process.env.CATEGORIZATION_BENCH_ROWS ?? (context.dialect === 'sqlite' ? 1_000_000 : 250_000),
  );
  const { handle, dispose } = await context.openDatabase();
  try {
    // The service's own settings, so SWEEP_BATCH_SIZE can be tried here as in production.
    const config = loadConfig();
    const { tenantId, entityId } = await createTenant(handle, {
      legalName: 'Bench Categorization LLC',
      stateCode: 'CA',
    });
    const kinds: Array<EvalRow['accountKind']> = ['checking', 'savings', 'credit_card'];
    const views = (
      await upsertBankAccounts(handle, tenantId, {
        institutionName: 'Bench Bank',
        accounts: kinds.map((kind) => ({ externalId: kind, name: kind, kind, currency: 'USD' })),
      })
    ).accounts;
    const accountRows = await handle.db
      .selectFrom('bank_accounts')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .execute();
    const accountByKind = new Map(
      kinds.map((kind, index) => [kind, accountRows.find((row) => row.id === views[index].id)!]),
    );
    const chart = await loadEntityChart(handle.db, tenantId, entityId);
    const evalRows = loadEvalDataset();
    const usable = evalRows.filter((row) => row.label === 'transfer' || chart.byNumber.has(row.label));

    const toRow = (
      source: EvalRow,
      cycle: number,
      dayShift: number,
      categorized: boolean,
    ): { row: NewTransactionRow; account: BankAccountsTable } => {
      const id = newId();
      const account = accountByKind.get(source.accountKind)!;
      const now = new Date().toISOString();
      // Each cycle moves amounts a little, so transfer legs of different cycles never pair.
      const amountMinor = source.amountMinor + Math.sign(source.amountMinor) * cycle;
      const byHuman = cycle % 10 === 0;
      return {
        account,
        row: {
          id,
          tenant_id: tenantId,
          entity_id: entityId,
          bank_account_id: account.id,
          external_id: `id:${id}`,
          content_key: id,
          source: 'api',
          date: addDays(source.date, dayShift),
          authorized_date: null,
          amount_minor: amountMinor,
          currency: 'USD',
          description: source.description,
          merchant: source.merchant,
          merchant_key: merchantKeyFor(source.description, source.merchant),
          pending: 0,
          category_target: categorized ? source.label : null,
          category_confidence: categorized ? (byHuman ? 1 : 0.9) : null,
          category_source: categorized ? (byHuman ? 'user_override' : 'directory') : null,
          transaction_type: null,
          needs_review: 0,
          sweep_state: categorized ? 'done' : 'pending',
          journal_entry_id: null,
          created_at: now,
          updated_at: now,
        },
      };
    };

    const loadStarted = performance.now();
    for (let written = 0; written < historyRows; written += LOAD_CHUNK) {
      const prepared = Array.from({ length: Math.min(LOAD_CHUNK, historyRows - written) }, (_, offset) => {
        const position = written + offset;
        return toRow(usable[position % usable.length], Math.floor(position / usable.length), 0, true);
      });
      await withWriteTransaction(handle, async (trx) => {
        const drafts = prepared.map(({ row, account }) =>
          rowEntry(tenantId, toBankRowPart(row), account, chart, row.category_target!),
        );
        const entryIds = await appendEntries(trx, drafts, new Date().toISOString());
        prepared.forEach(({ row }, index) => {
          row.journal_entry_id = entryIds[index];
        });
        await insertNewTransactions(
          trx,
          prepared.map(({ row }) => row),
        );
      });
    }
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    context.report(
      `load ${historyRows.toLocaleString('en-US')} categorized booked rows (bulk insert)`,
      loadSeconds,
      's',
    );

    const fresh = Array.from(
      { length: NEW_ROWS },
      (_, position) => toRow(usable[position % usable.length], position, NEW_ROWS_DAYS_LATER, false).row,
    );
    await withWriteTransaction(handle, (trx) => insertNewTransactions(trx, fresh));

    // A running worker keeps the entity's index in memory; its first load is not part of a sweep.
    const warmStarted = performance.now();
    await getRagIndex(handle.readDb, tenantId, entityId);
    context.report('rag index first load (not in the sweep time)', (performance.now() - warmStarted) / 1000, 's');
    // Likewise the merchant directory, which a process reads once, at its first lookup.
    const directoryStarted = performance.now();
    directoryEntries();
    context.report(
      'merchant directory first load (not in the sweep time)',
      (performance.now() - directoryStarted) / 1000,
      's',
    );

    const tiers = serviceTiers();
    const sweepStarted = performance.now();
    let swept = 0;
    for (let count = -1; count !== 0; ) {
      count = await sweepOnce(handle, {
        batchSize: config.sweepBatchSize,
        reviewThreshold: config.reviewThreshold,
        tiers,
      });
      swept += count;
    }
    const sweepSeconds = (performance.now() - sweepStarted) / 1000;
    const left = await handle.db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('tenant_id', '=', tenantId)
      .where((eb) => eb.or([eb('category_target', 'is', null), eb('journal_entry_id', 'is', null)]))
      .executeTakeFirstOrThrow();
    if (Number(left.count) !== 0 || swept !== NEW_ROWS)
      throw new Error(`sweep left ${left.count} rows unfinished (swept ${swept})`);
    context.report(
      `sweep ${NEW_ROWS.toLocaleString('en-US')} new rows, all tiers but llm (batch ${config.sweepBatchSize})`,
      swept / sweepSeconds,
      'rows/s',
      '≥ 5,000 rows/s (SQLite)',
    );

    // The rag tier's own cost per row, on the index the sweep used (now holding the new rows too).
    const index = await getRagIndex(handle.readDb, tenantId, entityId);
    const kindOf = new Map(accountRows.map((account) => [account.id, account.kind as BankAccountKind]));
    const probes = fresh.map((row) => toEngineRow(tenantId, toBankRowPart(row), kindOf.get(row.bank_account_id)!));
    for (const probe of probes.slice(0, 500)) index.query(probe);
    const durationsMs = probes
      .map((probe) => {
        const started = performance.now();
        index.query(probe);
        return performance.now() - started;
      })
      .sort((a, b) => a - b);
    context.report('rag query p50 per row', percentile(durationsMs, 0.5) * 1000, 'µs');
    context.report('rag query p99 per row', percentile(durationsMs, 0.99) * 1000, 'µs', '< 1,000 µs');
  } finally {
    await dispose();
  }
};

export default bench;
