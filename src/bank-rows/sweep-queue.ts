import { sql } from 'kysely';
import { runWithValues } from '../db/bulk.ts';
import { isPostgres } from '../db/dialect.ts';
import type { Executor } from '../db/transaction.ts';
import { toBankRowPart, type BankRow, type Camel } from './bank-row.ts';

/**
 * The sweep's queue: the rows themselves, those with sweep_state 'pending' (`queued`), in seq order
 * per tenant. A crash loses nothing, since an uncommitted batch is still waiting. Claiming, writing
 * back what the sweep decided, and parking a row it cannot process.
 */

export interface SweptRowUpdate {
  /** The row's seq (its primary key, found without the id's index). */
  seq: number;
  categoryTarget: string;
  categoryConfidence: number | null;
  categorySource: string | null;
  transactionType: string | null;
  needsReview: boolean;
  journalEntryId: string | null;
  /** Set when the sweep paired the row with the other leg of a transfer; absent leaves the link as it is. */
  transferPairId?: string;
}

/**
 * Rows per statement (8 parameters a row): one statement per row cost the sweep more than categorizing
 * did. Not more: at 500 rows PostgreSQL, without fresh statistics (after a bulk load), joined the list
 * by scanning the tenant's rows instead of looking each one up (124 ms a statement at 100,000 rows).
 */
const SWEPT_ROWS_PER_UPDATE = 100;
const SWEPT_COLUMNS = 8;
/** Types of the VALUES columns PostgreSQL cannot infer from parameters (they would be text; SQLite takes none). */
const SWEPT_CASTS = ['bigint', null, 'double precision', null, null, 'integer', null, null];

/**
 * Writes the sweep's decisions about a tenant's rows and marks them done, many rows per statement
 * (`UPDATE … FROM (VALUES …)`, which SQLite has since 3.33; VALUES columns are named column1… on
 * both), its text built once per row count (see db/bulk.ts).
 */
export async function updateSweptRows(
  db: Executor,
  tenantId: string,
  updates: readonly SweptRowUpdate[],
  now: string,
): Promise<void> {
  for (let index = 0; index < updates.length; index += SWEPT_ROWS_PER_UPDATE) {
    const values: unknown[] = [];
    for (const update of updates.slice(index, index + SWEPT_ROWS_PER_UPDATE)) {
      values.push(
        update.seq,
        update.categoryTarget,
        update.categoryConfidence,
        update.categorySource,
        update.transactionType,
        update.needsReview ? 1 : 0,
        update.journalEntryId,
        update.transferPairId ?? null,
      );
    }
    await runWithValues(
      db,
      'swept-rows',
      SWEPT_COLUMNS,
      SWEPT_CASTS,
      [now],
      values,
      [tenantId],
      (rows, param) => `update transactions set
        category_target = swept.column2,
        category_confidence = swept.column3,
        category_source = swept.column4,
        transaction_type = swept.column5,
        needs_review = swept.column6,
        sweep_state = 'done',
        journal_entry_id = swept.column7,
        transfer_pair_id = coalesce(swept.column8, transactions.transfer_pair_id),
        updated_at = ${param(0)}
      from (values ${rows}) as swept
      where transactions.tenant_id = ${param(1)} and transactions.seq = swept.column1`,
    );
  }
}

/**
 * Tenants that have rows waiting for the sweep, in id order after `after` (from the first when null),
 * so each is then swept inside its own scope and a caller can go round them. One index lookup per
 * tenant (the next tenant id after the last, through the partial index of waiting rows) instead of a
 * pass over every waiting row, which a backlog of one tenant makes long.
 */
export async function tenantsWithSweepWork(
  db: Executor,
  limit: number,
  after: string | null = null,
): Promise<string[]> {
  const first =
    after === null
      ? sql`(select min(tenant_id) from transactions where sweep_state = 'pending')`
      : sql`(select min(tenant_id) from transactions where sweep_state = 'pending' and tenant_id > ${after})`;
  const result = await sql<{ tenant_id: string }>`with recursive waiting(tenant_id, position) as (
      select ${first}, 1
      union all
      select (select min(tenant_id) from transactions where sweep_state = 'pending' and tenant_id > waiting.tenant_id), position + 1
      from waiting where waiting.tenant_id is not null and position < ${limit}
    )
    select tenant_id from waiting where tenant_id is not null`.execute(db);
  return result.rows.map((row) => row.tenant_id);
}

/** What the sweep reads of a row it claims: not its import keys and timestamps, which only the API shows. */
const SWEEP_ROW_COLUMNS = [
  'seq',
  'id',
  'tenant_id',
  'entity_id',
  'bank_account_id',
  'source',
  'date',
  'amount_minor',
  'currency',
  'description',
  'merchant',
  'merchant_key',
  'merchant_category_code',
  'pending',
  'category_target',
  'category_confidence',
  'category_source',
  'journal_entry_id',
  'transfer_pair_id',
] as const;
type SweepRowColumn = (typeof SWEEP_ROW_COLUMNS)[number];
export type SweepRow = Pick<BankRow, Camel<SweepRowColumn>>;

/**
 * Claims up to `limit` rows of one tenant that the sweep still owes work (uncategorized, or
 * categorized but not booked). PostgreSQL skips rows another worker has locked, so several workers
 * never take the same row; on SQLite the caller already holds the write lock.
 */
export async function claimSweepBatch(
  db: Executor,
  tenantId: string,
  limit: number,
  lockRows: boolean,
  onlySeqs?: readonly number[],
): Promise<SweepRow[]> {
  let select = db
    .selectFrom('transactions')
    .select(SWEEP_ROW_COLUMNS)
    .where(tenantQueueTerm(db, tenantId))
    .where('sweep_state', '=', 'pending')
    .orderBy('tenant_id')
    .orderBy('seq')
    .limit(limit);
  // A part of a failed batch, claimed again while the batch is split to find the row at fault.
  if (onlySeqs) select = select.where('seq', 'in', onlySeqs);
  if (lockRows) select = select.forUpdate().skipLocked();
  return (await select.execute()).map(toBankRowPart);
}

/**
 * The tenant's term in a read of its queue in seq order, for the partial index `transactions_sweep`
 * (tenant_id, seq) where pending: with `order by tenant_id, seq`, the index gives the rows in order and
 * stops at the first ones. On PostgreSQL the tenant is written `tenant_id = any(array[...])`. With a
 * plain equality the planner drops `tenant_id` from the order (a constant) and reads `order by seq`
 * through the primary key instead, filtering as it goes: it assumes pending rows are spread evenly
 * over seq, but booked rows all lie below them, so each batch of a 1M-row backlog first skipped every
 * row booked before it (70 ms at 52,029 booked rows, growing with each batch). An array term is not
 * made a constant, so only the index that has tenant_id first can give the order.
 */
export function tenantQueueTerm(db: Executor, tenantId: string) {
  return isPostgres(db)
    ? sql<boolean>`tenant_id = any(${sql.val([tenantId])}::text[])`
    : sql<boolean>`tenant_id = ${tenantId}`;
}

/** The longest error text kept on a parked row: the message, not a stack. */
const MAX_SWEEP_ERROR_LENGTH = 500;

/**
 * Takes a row the sweep cannot process out of the queue: sweep_state 'failed' with the error and the
 * time. Only a row still queued (another worker may have processed it meanwhile). Returns whether it was parked.
 */
export async function parkSweepRow(
  db: Executor,
  tenantId: string,
  seq: number,
  error: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('transactions')
    .set({
      sweep_state: 'failed',
      sweep_error: error.slice(0, MAX_SWEEP_ERROR_LENGTH),
      sweep_failed_at: now,
      updated_at: now,
    })
    .where('tenant_id', '=', tenantId)
    .where('seq', '=', seq)
    .where('sweep_state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
