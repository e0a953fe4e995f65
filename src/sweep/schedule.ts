import type { Executor } from '../db/transaction.ts';
import { tenantsWithSweepWork } from '../bank-rows/sweep-queue.ts';

/** How batches are sized: at most `batchSize` rows, fitted to `batchBudgetMs` when one is set (see SweepSettings). */
export interface BatchSizing {
  batchSize: number;
  batchBudgetMs?: number;
}

/** Below this a batch's fixed costs (context, commit) outweigh its rows. */
const MIN_BATCH_ROWS = 20;
/** A budgeted sweep starts small: the first batches of a process also pay for warming up. */
const FIRST_BUDGETED_BATCH_ROWS = 25;

/**
 * What the sweep remembers between passes: where the round of tenants stopped, so every tenant with
 * waiting rows gets its batch in turn however many there are, and which tenants are backing off
 * after a failure (exponential, from `baseMs` to `maxMs`), so a failing tenant is retried later while
 * the others go on. A worker keeps one for its life; a restart forgets backoffs, which only costs one
 * early retry.
 */
export class SweepSchedule {
  private cursor: string | null = null;
  private readonly failing = new Map<string, { failures: number; retryAtMs: number }>();
  private budgetedRows = FIRST_BUDGETED_BATCH_ROWS;

  constructor(
    private readonly backoff: { baseMs: number; maxMs: number } = { baseMs: 1_000, maxMs: 5 * 60_000 },
    private readonly nowMs: () => number = Date.now,
  ) {}

  /** The next tenants with waiting rows in the round, from where the last pass stopped, wrapping once. */
  async nextTenants(db: Executor, limit: number): Promise<string[]> {
    const tenants = await tenantsWithSweepWork(db, limit, this.cursor);
    if (tenants.length < limit && this.cursor !== null) {
      const cursor = this.cursor;
      for (const tenantId of await tenantsWithSweepWork(db, limit - tenants.length))
        if (tenantId <= cursor) tenants.push(tenantId);
    }
    this.cursor = tenants.at(-1) ?? null;
    return tenants;
  }

  due(tenantId: string): boolean {
    const state = this.failing.get(tenantId);
    return !state || this.nowMs() >= state.retryAtMs;
  }

  /** Returns how many times in a row the tenant has failed now. */
  failed(tenantId: string): number {
    const failures = (this.failing.get(tenantId)?.failures ?? 0) + 1;
    this.failing.set(tenantId, {
      failures,
      retryAtMs: this.nowMs() + Math.min(this.backoff.maxMs, this.backoff.baseMs * 2 ** (failures - 1)),
    });
    return failures;
  }

  succeeded(tenantId: string): void {
    this.failing.delete(tenantId);
  }

  /** Rows for the next batch. */
  batchRows(settings: BatchSizing): number {
    return settings.batchBudgetMs === undefined ? settings.batchSize : Math.min(settings.batchSize, this.budgetedRows);
  }

  /**
   * Sizes the next batches from one that took `elapsedMs` for `rows` rows out of `requested`: down to
   * what fits the budget when over it; up (at most doubling) when a full batch fitted.
   */
  measured(settings: BatchSizing, requested: number, rows: number, elapsedMs: number): void {
    if (settings.batchBudgetMs === undefined || rows === 0) return;
    const fitting = Math.floor((rows * settings.batchBudgetMs) / Math.max(elapsedMs, 1));
    if (elapsedMs > settings.batchBudgetMs) this.budgetedRows = Math.max(MIN_BATCH_ROWS, fitting);
    else if (rows === requested)
      this.budgetedRows = Math.max(MIN_BATCH_ROWS, Math.min(settings.batchSize, 2 * requested, fitting));
  }
}
