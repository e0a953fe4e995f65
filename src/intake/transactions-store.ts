import { sql, type Kysely } from 'kysely';
import { runWithValues } from '../db/bulk.ts';
import type { Database, TransactionsTable } from '../db/schema.ts';

type Executor = Kysely<Database>;

export type TransactionRow = Omit<TransactionsTable, 'seq'> & { seq: number };
export type TransactionWithAccountName = TransactionRow & { category_account_name: string | null };

export type NewTransactionRow = Omit<TransactionsTable, 'seq'>;

const INSERT_CHUNK = 500;

/**
 * The tenant scope as a term no index can serve (`tenant_id || ''`, the same rows on both databases),
 * for queries that name their rows by a key of their own (`id`, or bank account and external id).
 * SQLite plans without statistics and takes an equality on an index's first column for a selective
 * one; every secondary index of `transactions` starts with tenant_id, so with the plain term it
 * walked all of a tenant's (or a bank account's) rows through one of them instead of looking each
 * key up: at 100,000 rows the dedupe of a 500-row push read the whole account. Still a filter on
 * every row it returns, so the scope holds.
 */
const tenantScope = sql<string>`${sql.ref('tenant_id')} || ''`;

/** Every column an arriving row is written with, in the order of the multi-row insert's values. */
const INSERTED_COLUMNS = ['id', 'tenant_id', 'entity_id', 'bank_account_id', 'external_id', 'content_key', 'source', 'date', 'authorized_date', 'amount_minor',
  'currency', 'description', 'merchant', 'merchant_key', 'pending', 'category_target', 'category_confidence', 'category_source', 'transaction_type',
  'needs_review', 'sweep_state', 'journal_entry_id', 'created_at', 'updated_at', 'transfer_pair_id', 'sweep_error', 'sweep_failed_at'] as const satisfies ReadonlyArray<keyof NewTransactionRow>;
/**
 * Rows per insert statement: 250 rows (6,750 parameters) is one synchronous step of SQLite of a few
 * tens of milliseconds with the table's indexes, short enough for the paced statement ingest.
 */
const ROWS_PER_INSERT = 250;

/**
 * Inserts rows that are not already there (same bank account and external id); returns how many were
 * new. One multi-row statement per ROWS_PER_INSERT rows, its text built once per row count (db/bulk.ts):
 * Kysely's builder compiled a 500-row insert afresh at every call, which cost about as much as SQLite
 * spent running it.
 */
export async function insertNewTransactions(db: Executor, rows: NewTransactionRow[]): Promise<number> {
  let inserted = 0;
  for (let index = 0; index < rows.length; index += ROWS_PER_INSERT) {
    const values: unknown[] = [];
    for (const row of rows.slice(index, index + ROWS_PER_INSERT)) {
      for (const column of INSERTED_COLUMNS) values.push(row[column] ?? null);
    }
    const result = await runWithValues<{ seq: number }>(db, 'new-transactions', INSERTED_COLUMNS.length, [], [], values, [], (list) => `insert into transactions
        (${INSERTED_COLUMNS.join(', ')}) values ${list}
        on conflict (bank_account_id, external_id) do nothing returning seq`);
    inserted += result.length;
  }
  return inserted;
}

export async function findExistingByExternalIds(db: Executor, tenantId: string, bankAccountIds: string[], externalIds: string[]): Promise<Array<Pick<TransactionRow, 'id' | 'bank_account_id' | 'external_id' | 'pending'>>> {
  if (externalIds.length === 0) return [];
  const found: Array<Pick<TransactionRow, 'id' | 'bank_account_id' | 'external_id' | 'pending'>> = [];
  for (let index = 0; index < externalIds.length; index += INSERT_CHUNK) {
    found.push(...await db.selectFrom('transactions').select(['id', 'bank_account_id', 'external_id', 'pending'])
      .where(tenantScope, '=', tenantId).where('bank_account_id', 'in', bankAccountIds)
      .where('external_id', 'in', externalIds.slice(index, index + INSERT_CHUNK)).execute());
  }
  return found;
}

/** A pending row that the bank has now settled goes back to the sweep to be booked. */
export async function markSettled(db: Executor, tenantId: string, ids: string[], now: string): Promise<void> {
  if (ids.length === 0) return;
  for (let index = 0; index < ids.length; index += INSERT_CHUNK) {
    await db.updateTable('transactions').set({ pending: 0, sweep_state: 'pending', updated_at: now })
      .where(tenantScope, '=', tenantId).where('id', 'in', ids.slice(index, index + INSERT_CHUNK)).where('pending', '=', 1).execute();
  }
}

function withAccountName(db: Executor) {
  return db.selectFrom('transactions')
    .leftJoin('accounts', (join) => join
      .onRef('accounts.entity_id', '=', 'transactions.entity_id')
      .onRef('accounts.account_number', '=', 'transactions.category_target'))
    .selectAll('transactions')
    .select('accounts.name as category_account_name');
}

export async function findTransaction(db: Executor, tenantId: string, id: string): Promise<TransactionWithAccountName | undefined> {
  return withAccountName(db).where('transactions.tenant_id', '=', tenantId).where('transactions.id', '=', id).executeTakeFirst();
}

/** The sweep states as stored; the API calls 'pending' `queued`, since `pending` there means the bank has not settled the row. */
export type StoredSweepState = 'pending' | 'done' | 'failed';

export interface TransactionListQuery {
  tenantId: string;
  /** Inclusive date bounds; absent: unbounded. */
  from?: string;
  to?: string;
  category?: string;
  search?: string;
  sweepState?: StoredSweepState;
  limit: number;
  offset: number;
}

/** Newest first; `limit + 1` rows are read so the caller knows whether another page follows. */
export async function listTransactions(db: Executor, query: TransactionListQuery): Promise<TransactionWithAccountName[]> {
  let select = withAccountName(db).where('transactions.tenant_id', '=', query.tenantId);
  if (query.from) select = select.where('transactions.date', '>=', query.from);
  if (query.to) select = select.where('transactions.date', '<=', query.to);
  if (query.sweepState) select = select.where('transactions.sweep_state', '=', query.sweepState);
  if (query.category) select = select.where('transactions.category_target', '=', query.category);
  if (query.search) {
    const pattern = `%${query.search.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    // SQLite has no default LIKE escape character; naming one makes % and _ literal on both databases.
    select = select.where(sql<boolean>`(lower(transactions.description) like ${pattern} escape '\\' or lower(transactions.merchant) like ${pattern} escape '\\')`);
  }
  return select.orderBy('transactions.date', 'desc').orderBy('transactions.seq', 'desc')
    .limit(query.limit + 1).offset(query.offset).execute();
}

/** Locks the row against a concurrent sweep or correction where the database can (PostgreSQL). */
export async function findTransactionForUpdate(db: Executor, tenantId: string, id: string, lockRows: boolean): Promise<TransactionRow | undefined> {
  let select = db.selectFrom('transactions').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id);
  if (lockRows) select = select.forUpdate();
  return select.executeTakeFirst();
}

export type CategorizationUpdate = Pick<TransactionsTable, 'category_target' | 'category_confidence' | 'category_source' | 'transaction_type' | 'needs_review' | 'sweep_state' | 'journal_entry_id' | 'updated_at'>;

/** A row leaving the failed state leaves its parking error behind: the error describes only a parked row. */
export async function updateCategorization(db: Executor, tenantId: string, id: string, update: CategorizationUpdate): Promise<void> {
  const parking = update.sweep_state === 'failed' ? {} : { sweep_error: null, sweep_failed_at: null };
  await db.updateTable('transactions').set({ ...update, ...parking }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

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
export async function updateSweptRows(db: Executor, tenantId: string, updates: readonly SweptRowUpdate[], now: string): Promise<void> {
  for (let index = 0; index < updates.length; index += SWEPT_ROWS_PER_UPDATE) {
    const values: unknown[] = [];
    for (const update of updates.slice(index, index + SWEPT_ROWS_PER_UPDATE)) {
      values.push(update.seq, update.categoryTarget, update.categoryConfidence, update.categorySource, update.transactionType,
        update.needsReview ? 1 : 0, update.journalEntryId, update.transferPairId ?? null);
    }
    await runWithValues(db, 'swept-rows', SWEPT_COLUMNS, SWEPT_CASTS, [now], values, [tenantId], (rows, param) => `update transactions set
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
      where transactions.tenant_id = ${param(1)} and transactions.seq = swept.column1`);
  }
}

/**
 * Tenants that have rows waiting for the sweep, in id order after `after` (from the first when null),
 * so each is then swept inside its own scope and a caller can go round them. One index lookup per
 * tenant (the next tenant id after the last, through the partial index of waiting rows) instead of a
 * pass over every waiting row, which a backlog of one tenant makes long.
 */
export async function tenantsWithSweepWork(db: Executor, limit: number, after: string | null = null): Promise<string[]> {
  const first = after === null
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
const SWEEP_ROW_COLUMNS = ['seq', 'id', 'tenant_id', 'entity_id', 'bank_account_id', 'source', 'date', 'amount_minor', 'currency', 'description', 'merchant',
  'merchant_key', 'pending', 'category_target', 'category_confidence', 'category_source', 'journal_entry_id', 'transfer_pair_id'] as const;
export type SweepRow = Pick<TransactionRow, (typeof SWEEP_ROW_COLUMNS)[number]>;

/**
 * Claims up to `limit` rows of one tenant that the sweep still owes work (uncategorized, or
 * categorized but not booked). PostgreSQL skips rows another worker has locked, so several workers
 * never take the same row; on SQLite the caller already holds the write lock.
 */
export async function claimSweepBatch(db: Executor, tenantId: string, limit: number, lockRows: boolean, onlySeqs?: readonly number[]): Promise<SweepRow[]> {
  let select = db.selectFrom('transactions').select(SWEEP_ROW_COLUMNS)
    .where('tenant_id', '=', tenantId).where('sweep_state', '=', 'pending').orderBy('seq').limit(limit);
  // A part of a failed batch, claimed again while the batch is split to find the row at fault.
  if (onlySeqs) select = select.where('seq', 'in', onlySeqs);
  if (lockRows) select = select.forUpdate().skipLocked();
  return select.execute();
}

/** The longest error text kept on a parked row: the message, not a stack. */
const MAX_SWEEP_ERROR_LENGTH = 500;

/**
 * Takes a row the sweep cannot process out of the queue: sweep_state 'failed' with the error and the
 * time. Only a row still queued (another worker may have processed it meanwhile). Returns whether it was parked.
 */
export async function parkSweepRow(db: Executor, tenantId: string, seq: number, error: string, now: string): Promise<boolean> {
  const result = await db.updateTable('transactions')
    .set({ sweep_state: 'failed', sweep_error: error.slice(0, MAX_SWEEP_ERROR_LENGTH), sweep_failed_at: now, updated_at: now })
    .where('tenant_id', '=', tenantId).where('seq', '=', seq).where('sweep_state', '=', 'pending').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Removes a row. The other leg of a transfer it was paired with loses the link and waits for review
 * again (its money now has no counterpart in the books). The caller reverses the row's entry first.
 */
export async function deleteTransaction(db: Executor, tenantId: string, row: Pick<TransactionRow, 'id' | 'transfer_pair_id'>, now: string): Promise<void> {
  // Pairs link both ways, so the row names its partner.
  if (row.transfer_pair_id) {
    await db.updateTable('transactions').set({ transfer_pair_id: null, needs_review: 1, updated_at: now })
      .where('tenant_id', '=', tenantId).where('id', '=', row.transfer_pair_id).where('transfer_pair_id', '=', row.id).execute();
  }
  await db.deleteFrom('transactions').where('tenant_id', '=', tenantId).where('id', '=', row.id).execute();
}

export type RowForStatement = Pick<TransactionRow, 'id' | 'seq' | 'content_key' | 'date' | 'pending' | 'category_target' | 'journal_entry_id'>;

/** Rows of one bank account dated within [from, to], oldest first: what a statement for those dates is matched against. */
export async function rowsOfAccountBetween(db: Executor, tenantId: string, bankAccountId: string, from: string, to: string): Promise<RowForStatement[]> {
  // Read through the tenant's (tenant, date, seq) index, the account a filter: a statement covers a
  // period, and a tenant's rows of one period are few beside the cost of an index by account and date
  // on every row written.
  return db.selectFrom('transactions').select(['id', 'seq', 'content_key', 'date', 'pending', 'category_target', 'journal_entry_id'])
    .where('tenant_id', '=', tenantId).where('bank_account_id', '=', bankAccountId)
    .where('date', '>=', from).where('date', '<=', to).orderBy('seq').execute();
}

/**
 * Deletes the rows nothing has happened to yet (uncategorized and unbooked), re-checked in the
 * statement itself so a row the sweep categorized a moment ago is kept. Returns the ids deleted.
 */
export async function deleteUntouchedRows(db: Executor, tenantId: string, ids: string[]): Promise<string[]> {
  const deleted: string[] = [];
  for (let index = 0; index < ids.length; index += INSERT_CHUNK) {
    const rows = await db.deleteFrom('transactions')
      .where('tenant_id', '=', tenantId).where('id', 'in', ids.slice(index, index + INSERT_CHUNK))
      .where('category_target', 'is', null).where('journal_entry_id', 'is', null)
      .returning('id').execute();
    deleted.push(...rows.map((row) => row.id));
  }
  return deleted;
}
