import { systemClock, type Clock } from '../shared/clock.ts';
import { yieldToEventLoop } from '../shared/event-loop.ts';
import { performance } from 'node:perf_hooks';
import { listAccounts } from '../chart/accounts-store.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import type { BankAccountsTable } from '../db/schema.ts';
import { withTenantTransaction, withWriteTransaction, type Executor } from '../db/transaction.ts';
import { assertInvariant } from '../errors.ts';
import { listTenantBankAccounts } from '../bank-rows/bank-accounts-store.ts';
import { claimSweepBatch, parkSweepRow, updateSweptRows, type SweepRow } from '../bank-rows/sweep-queue.ts';
import { linkTransferPartner, lockRowsToRefile } from '../bank-rows/transactions-store.ts';
import { appendEntries } from '../ledger/journal-store.ts';
import type { EntryDraft } from '../ledger/posting.ts';
import { findTenant } from '../tenancy/tenancy-store.ts';
import { applyCurve, SHIPPED_CURVES } from './categorize/calibration.ts';
import { describe, type Categorization } from './categorize/engine.ts';
import { categorizeStoredRows, type TierRuntime } from './categorize/run.ts';
import { serviceTiers, withLlmTier } from './categorize/tiers.ts';
import { consultingLlmTier, rememberedLlmTier, type LlmAnswers } from './categorize/llm/llm-batch-tier.ts';
import type { LlmSettings } from '../config/config.ts';
import { pairRawScore, type PairCandidate } from './categorize/transfers.ts';
import { TRANSFER } from './categorize/types.ts';
import { refile } from './rebook.ts';
import { loadEntityChart, rowEntry, type EntityChart } from '../ledger/row-entry.ts';
import { SweepSchedule } from './schedule.ts';

export interface SweepSettings {
  /** Rows per batch, at most. */
  batchSize: number;
  /**
   * How long one batch may keep the event loop busy. Categorizing is synchronous, and on SQLite so
   * is every query: while a batch runs, no request is answered. Batches are sized from what the last
   * ones cost so each fits (see SweepSchedule). Absent: always `batchSize`.
   */
  batchBudgetMs?: number;
  reviewThreshold: number;
  /** The tiers beyond rules and memory; default: the service's own (serviceTiers). */
  tiers?: TierRuntime;
  /** The optional llm tier (config.llm); absent or null: off. */
  llm?: LlmSettings | null;
  /** Tenants visited per pass, one batch each (default 100). */
  tenantsPerPass?: number;
  /** The time rows are booked and parked at; default: the wall clock. */
  clock?: Clock;
  /** Where a failing tenant or a parked row is told, with the whole error. */
  logger?: { error(object: object, message: string): void };
}

const DEFAULT_TENANTS_PER_PASS = 100;
/** Failures of a whole batch in a row, nothing of it going through, before its rows are parked anyway. */
export const TENANT_FAILURES_BEFORE_PARKING = 3;

/**
 * One pass of the sweep: each tenant with waiting rows, in turn, gets one batch (at most `batchSize`
 * rows), so a tenant's backlog delays another tenant's rows by one batch at most. Each batch
 * categorizes what is uncategorized and books what is settled and unbooked, in one transaction. The
 * rows themselves are the queue, so a crash loses nothing: an uncommitted batch is still waiting.
 * Each tenant runs inside its own error boundary (see sweepTenant), and the pass yields to the event
 * loop after each one: on SQLite every query is synchronous, and without a yield a backlog would hold
 * off API requests until it was gone. Returns how many rows were processed (booked or parked).
 */
export async function sweepOnce(
  handle: DatabaseHandle,
  settings: SweepSettings,
  schedule: SweepSchedule = new SweepSchedule(),
): Promise<number> {
  const tenants = await schedule.nextTenants(handle.db, settings.tenantsPerPass ?? DEFAULT_TENANTS_PER_PASS);
  let processed = 0;
  for (const tenantId of tenants) {
    if (!schedule.due(tenantId)) continue;
    processed += await sweepTenant(handle, tenantId, settings, schedule);
    await yieldToEventLoop();
  }
  return processed;
}

/**
 * One tenant's batch, in its own error boundary. When the batch fails, it is split in halves and
 * each half tried in a transaction of its own, down to single rows, so the rows at fault are found
 * (a few transactions per bad row) and the others booked. A row that fails alone is parked
 * (sweep_state 'failed', with its error) while the rest of the batch goes through. When nothing of
 * the batch goes through, the fault may be the tenant's rather than its rows' (a broken chart, a
 * failing tier): the tenant backs off, and only after TENANT_FAILURES_BEFORE_PARKING such failures
 * in a row are its rows parked, so a passing fault never parks good rows.
 */
async function sweepTenant(
  handle: DatabaseHandle,
  tenantId: string,
  settings: SweepSettings,
  schedule: SweepSchedule,
): Promise<number> {
  let claimed: number[] = [];
  let runtime: TierRuntime | undefined;
  try {
    const requested = schedule.batchRows(settings);
    runtime = await tenantRuntime(handle, tenantId, settings, requested);
    // What the batch cost the event loop: on SQLite all of its time; on PostgreSQL the categorizing
    // and the handling of answers, not the waits for the database, during which requests run.
    const before = performance.eventLoopUtilization();
    const processed = await sweepBatch(handle, tenantId, settings, requested, runtime, undefined, (seqs) => {
      claimed = seqs;
    });
    schedule.measured(settings, requested, processed, performance.eventLoopUtilization(before).active);
    schedule.succeeded(tenantId);
    return processed;
  } catch (error) {
    if (claimed.length === 0) {
      const failures = schedule.failed(tenantId);
      settings.logger?.error(
        { err: error, tenantId, failures },
        'sweep of a tenant failed before it claimed rows; it backs off',
      );
      return 0;
    }
  }
  const outcome = { processed: 0, wentThrough: false, failedAlone: [] as Array<{ seq: number; error: unknown }> };
  // Rows were claimed, so the runtime was built.
  await isolateFailures(handle, tenantId, settings, runtime!, claimed, outcome);
  let failures = 0;
  if (outcome.wentThrough) schedule.succeeded(tenantId);
  else failures = schedule.failed(tenantId);
  if (outcome.failedAlone.length === 0) return outcome.processed;
  if (!outcome.wentThrough && failures < TENANT_FAILURES_BEFORE_PARKING) {
    settings.logger?.error(
      { err: outcome.failedAlone[0].error, tenantId, failures, rows: outcome.failedAlone.length },
      'every row of a sweep batch failed; the tenant backs off',
    );
    return outcome.processed;
  }
  const now = (settings.clock ?? systemClock)().toISOString();
  let parked = 0;
  for (const { seq, error } of outcome.failedAlone) {
    settings.logger?.error({ err: error, tenantId, seq }, 'sweep parked a row it cannot process');
    if (await withWriteTransaction(handle, (trx) => parkSweepRow(trx, tenantId, seq, errorMessage(error), now)))
      parked++;
  }
  return outcome.processed + parked;
}

/** Tries `seqs` in halves, recursively, recording what went through and the rows that failed alone. */
async function isolateFailures(
  handle: DatabaseHandle,
  tenantId: string,
  settings: SweepSettings,
  runtime: TierRuntime,
  seqs: readonly number[],
  outcome: { processed: number; wentThrough: boolean; failedAlone: Array<{ seq: number; error: unknown }> },
): Promise<void> {
  const middle = Math.ceil(seqs.length / 2);
  for (const part of seqs.length === 1 ? [seqs] : [seqs.slice(0, middle), seqs.slice(middle)]) {
    await yieldToEventLoop();
    try {
      const processed = await sweepBatch(handle, tenantId, settings, part.length, runtime, part);
      outcome.processed += processed;
      if (processed > 0) outcome.wentThrough = true;
    } catch (error) {
      if (part.length === 1) outcome.failedAlone.push({ seq: part[0], error });
      else await isolateFailures(handle, tenantId, settings, runtime, part, outcome);
    }
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** The tiers for a batch of `limit` rows of the tenant: with the llm tier, its answers about those rows, asked before the write transaction. */
async function tenantRuntime(
  handle: DatabaseHandle,
  tenantId: string,
  settings: SweepSettings,
  limit: number,
): Promise<TierRuntime> {
  const runtime = settings.tiers ?? serviceTiers();
  return settings.llm
    ? withLlmTier(
        runtime,
        rememberedLlmTier(await consultLlm(handle, tenantId, limit, settings, settings.llm, runtime)),
      )
    : runtime;
}

/** Claims up to `limit` of the tenant's waiting rows (while a failed batch is split, of `onlySeqs`) and processes them in one transaction. */
async function sweepBatch(
  handle: DatabaseHandle,
  tenantId: string,
  settings: SweepSettings,
  limit: number,
  runtime: TierRuntime,
  onlySeqs?: readonly number[],
  onClaimed?: (seqs: number[]) => void,
): Promise<number> {
  return withTenantTransaction(handle, tenantId, async (trx) => {
    const rows = await claimSweepBatch(trx, tenantId, limit, handle.dialect === 'postgres', onlySeqs);
    onClaimed?.(rows.map((row) => row.seq));
    if (rows.length === 0) return 0;
    const { reviewThreshold, bankAccounts, charts } = await batchContext(trx, tenantId, rows, settings);
    const now = (settings.clock ?? systemClock)().toISOString();

    const uncategorized = rows.filter((row) => row.categoryTarget === null);
    const { categorizations, pairs } = await categorizeStoredRows(trx, {
      tenantId,
      rows: uncategorized,
      bankAccounts,
      charts,
      reviewThreshold,
      runtime,
      detectTransfers: true,
    });

    const decided: Array<{ row: SweepRow; categorization: Categorization; draftIndex: number | null }> = [];
    const drafts: EntryDraft[] = [];
    for (const row of rows) {
      assertInvariant(row.tenantId === tenantId, 'a swept row belongs to the tenant being swept');
      const bankAccount = bankAccounts.get(row.bankAccountId);
      assertInvariant(
        bankAccount && bankAccount.entity_id === row.entityId,
        `row ${row.id} has its bank account in its own entity`,
      );
      const chart = charts.get(row.entityId)!;
      const categorization =
        categorizations.get(row.id) ??
        describe(row.categoryTarget!, row.categoryConfidence, row.categorySource, {
          accountCategories: chart.categories,
          reviewThreshold,
        });
      let draftIndex: number | null = null;
      // Pending rows are categorized now and booked once the bank settles them.
      if (!row.pending && row.journalEntryId === null) {
        draftIndex = drafts.length;
        drafts.push(rowEntry(tenantId, row, bankAccount, chart, categorization.target));
      }
      decided.push({ row, categorization, draftIndex });
    }

    const entryIds = await appendEntries(trx, drafts, now);
    await updateSweptRows(
      trx,
      tenantId,
      decided.map(({ row, categorization, draftIndex }) => ({
        seq: row.seq,
        categoryTarget: categorization.target,
        categoryConfidence: categorization.confidence,
        categorySource: categorization.source,
        transactionType: categorization.transactionType,
        needsReview: categorization.needsReview,
        journalEntryId: draftIndex === null ? row.journalEntryId : entryIds[draftIndex],
        transferPairId: pairs.get(row.id)?.id,
      })),
      now,
    );
    await fileCounterparts(
      trx,
      tenantId,
      pairs,
      new Map(rows.map((row) => [row.id, row])),
      bankAccounts,
      charts,
      reviewThreshold,
      now,
      handle.dialect === 'postgres',
    );
    return rows.length;
  });
}

/**
 * The earlier leg of a transfer found now was swept before: it is linked, and unless a human filed
 * it, re-filed as a transfer (reversal and a new entry).
 */
async function fileCounterparts(
  trx: Executor,
  tenantId: string,
  pairs: Map<string, PairCandidate>,
  inBatch: Map<string, SweepRow>,
  bankAccounts: ReadonlyMap<string, BankAccountsTable>,
  charts: Map<string, EntityChart>,
  reviewThreshold: number,
  now: string,
  lockRows: boolean,
): Promise<void> {
  const outside = [...pairs].filter(([, counterpart]) => !inBatch.has(counterpart.id));
  if (outside.length === 0) return;
  // A counterpart another transaction holds is left unlinked: its holder may be booking it now.
  const counterparts = await lockRowsToRefile(
    trx,
    tenantId,
    outside.map(([, counterpart]) => counterpart.id),
    lockRows,
  );
  const partnerOf = new Map(outside.map(([rowId, counterpart]) => [counterpart.id, rowId]));
  for (const counterpart of counterparts) {
    const partnerId = partnerOf.get(counterpart.id)!;
    if (
      counterpart.categorySource === 'user_override' ||
      counterpart.categoryTarget === TRANSFER ||
      counterpart.categoryTarget === null
    ) {
      await linkTransferPartner(trx, tenantId, counterpart.id, partnerId);
      continue;
    }
    let chart = charts.get(counterpart.entityId);
    if (!chart) {
      chart = await loadEntityChart(trx, tenantId, counterpart.entityId);
      charts.set(counterpart.entityId, chart);
    }
    const confidence = applyCurve(SHIPPED_CURVES.transfer, pairRawScore(counterpart, inBatch.get(partnerId)!));
    const categorization = describe(TRANSFER, confidence, 'regex', {
      accountCategories: chart.categories,
      reviewThreshold,
    });
    await refile(trx, tenantId, counterpart, bankAccounts.get(counterpart.bankAccountId)!, chart, categorization, now, {
      transferPairId: partnerId,
    });
  }
}

/**
 * The read-only pre-pass for the llm tier: categorizes the batch the transaction is about to claim
 * with every tier, so the model is asked about exactly the rows no other tier decides with
 * confidence, and returns its answers. Nothing is locked meanwhile; on PostgreSQL two workers may
 * ask about the same rows, and the budget counts both.
 */
async function consultLlm(
  handle: DatabaseHandle,
  tenantId: string,
  limit: number,
  settings: SweepSettings,
  llm: LlmSettings,
  runtime: TierRuntime,
): Promise<LlmAnswers> {
  const answers: LlmAnswers = new Map();
  const rows = (await claimSweepBatch(handle.db, tenantId, limit, false)).filter((row) => row.categoryTarget === null);
  if (rows.length === 0) return answers;
  const { reviewThreshold, bankAccounts, charts } = await batchContext(handle.db, tenantId, rows, settings);
  await categorizeStoredRows(handle.db, {
    tenantId,
    rows,
    bankAccounts,
    charts,
    reviewThreshold,
    runtime: withLlmTier(runtime, consultingLlmTier(handle.db, llm, answers)),
    detectTransfers: true,
  });
  return answers;
}

async function batchContext(db: Executor, tenantId: string, rows: readonly SweepRow[], settings: SweepSettings) {
  const tenant = await findTenant(db, tenantId);
  assertInvariant(tenant, `tenant ${tenantId} of waiting rows exists`);
  const charts = new Map<string, EntityChart>();
  for (const entityId of new Set(rows.map((row) => row.entityId)))
    charts.set(entityId, await loadEntityChart(db, tenantId, entityId));
  return {
    reviewThreshold: tenant.review_threshold ?? settings.reviewThreshold,
    bankAccounts: new Map((await listTenantBankAccounts(db, tenantId)).map((account) => [account.id, account])),
    charts,
  };
}
