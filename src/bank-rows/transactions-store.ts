import { sql, type SelectQueryBuilder } from 'kysely';
import { isPostgres, runWithColumnArrays, runWithValues } from '../db/bulk.ts';
import { unindexedTenant } from '../db/unindexed-tenant.ts';
import type { Database, TransactionsTable } from '../db/schema.ts';
import {
  storedSweepState,
  toBankRow,
  toBankRowPart,
  toListedFields,
  listedRowFromValues,
  LISTED_COLUMNS,
  type ListedFields,
  type BankRow,
  type StoredSweepState,
  type SweepState,
} from './bank-row.ts';
import { assertInvariant } from '../errors.ts';
import type { Executor } from '../db/transaction.ts';

/**
 * The bank rows (the transactions table): the only module that reads or writes it by its columns.
 * Everything it hands out is a BankRow (bank-row.ts); the sweep's queue over the same table is
 * sweep-queue.ts.
 */
export type BankRowWithAccountName = BankRow & { categoryAccountName: string | null };

/** The fields of a row a listing shows (transaction-view.ts), with its category's account name. */
export type ListedBankRow = ListedFields & { categoryAccountName: string | null };

export type NewTransactionRow = Omit<TransactionsTable, 'seq'>;

const INSERT_CHUNK = 500;

/**
 * The bank rows' tenant term for key lookups (db/unindexed-tenant.ts): every secondary index of
 * `transactions` starts with tenant_id, and with the plain term the dedupe of a 500-row push read the
 * whole account at 100,000 rows.
 */
export const tenantScope = unindexedTenant();

/** Every column an arriving row is written with, in the order of the multi-row insert's values. */
const INSERTED_COLUMNS = [
  'id',
  'tenant_id',
  'entity_id',
  'bank_account_id',
  'external_id',
  'content_key',
  'source',
  'date',
  'authorized_date',
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
  'transaction_type',
  'needs_review',
  'sweep_state',
  'journal_entry_id',
  'created_at',
  'updated_at',
  'transfer_pair_id',
  'sweep_error',
  'sweep_failed_at',
] as const satisfies ReadonlyArray<keyof NewTransactionRow>;
/** The PostgreSQL types of the inserted columns that are not text (migration 0001). */
const POSTGRES_COLUMN_TYPES: Partial<Record<(typeof INSERTED_COLUMNS)[number], string>> = {
  date: 'date',
  authorized_date: 'date',
  amount_minor: 'bigint',
  pending: 'integer',
  category_confidence: 'double precision',
  needs_review: 'integer',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  sweep_failed_at: 'timestamptz',
};

/**
 * Rows per insert statement on SQLite: 250 rows (7,000 parameters) is one synchronous step of SQLite of a few
 * tens of milliseconds with the table's indexes, short enough for the paced statement ingest.
 */
const ROWS_PER_INSERT = 250;

/** A row's identity within the tenant: its bank account and external id. */
export const arrivalKey = (bankAccountId: string, externalId: string): string => `${bankAccountId}|${externalId}`;

/**
 * Inserts rows that are not already there (same bank account and external id); returns how many were
 * new. One multi-row statement per ROWS_PER_INSERT rows, its text built once per row count (db/bulk.ts):
 * Kysely's builder compiled a 500-row insert afresh at every call, which cost about as much as SQLite
 * spent running it.
 */
export async function insertNewTransactions(db: Executor, rows: NewTransactionRow[]): Promise<number> {
  return (await insertArrivingRows(db, rows)).size;
}

/** As insertNewTransactions, returning the arrival keys (arrivalKey) of the rows it inserted. */
export async function insertArrivingRows(db: Executor, rows: NewTransactionRow[]): Promise<Set<string>> {
  type Inserted = { bank_account_id: string; external_id: string };
  const keysOf = (inserted: Inserted[]) => inserted.map((row) => arrivalKey(row.bank_account_id, row.external_id));
  if (isPostgres(db)) {
    // One statement over column arrays for the whole request: its text is parsed and planned once, where
    // 250-row VALUES lists of 7,000 parameters each were parsed and planned at every statement.
    const inserted = await runWithColumnArrays<Inserted>(
      db,
      'new-transactions',
      INSERTED_COLUMNS.map((column) => POSTGRES_COLUMN_TYPES[column] ?? 'text'),
      INSERTED_COLUMNS.map((column) => rows.map((row) => row[column] ?? null)),
      (source) => `insert into transactions (${INSERTED_COLUMNS.join(', ')})
        select * from ${source}
        on conflict (bank_account_id, external_id) do nothing returning bank_account_id, external_id`,
    );
    return new Set(keysOf(inserted));
  }
  const keys = new Set<string>();
  for (let index = 0; index < rows.length; index += ROWS_PER_INSERT) {
    const values: unknown[] = [];
    for (const row of rows.slice(index, index + ROWS_PER_INSERT)) {
      for (const column of INSERTED_COLUMNS) values.push(row[column] ?? null);
    }
    const inserted = await runWithValues<Inserted>(
      db,
      'new-transactions',
      INSERTED_COLUMNS.length,
      [],
      [],
      values,
      [],
      (list) => `insert into transactions
        (${INSERTED_COLUMNS.join(', ')}) values ${list}
        on conflict (bank_account_id, external_id) do nothing returning bank_account_id, external_id`,
    );
    for (const key of keysOf(inserted)) keys.add(key);
  }
  return keys;
}

export async function findExistingByExternalIds(
  db: Executor,
  tenantId: string,
  bankAccountIds: string[],
  externalIds: string[],
): Promise<Array<Pick<BankRow, 'id' | 'bankAccountId' | 'externalId' | 'pending'>>> {
  if (externalIds.length === 0) return [];
  const found: Array<Pick<BankRow, 'id' | 'bankAccountId' | 'externalId' | 'pending'>> = [];
  for (let index = 0; index < externalIds.length; index += INSERT_CHUNK) {
    found.push(
      ...(
        await db
          .selectFrom('transactions')
          .select(['id', 'bank_account_id', 'external_id', 'pending'])
          .where(tenantScope, '=', tenantId)
          .where('bank_account_id', 'in', bankAccountIds)
          .where('external_id', 'in', externalIds.slice(index, index + INSERT_CHUNK))
          .execute()
      ).map(toBankRowPart),
    );
  }
  return found;
}

/** A pending row that the bank has now settled goes back to the sweep to be booked. */
export async function markSettled(db: Executor, tenantId: string, ids: string[], now: string): Promise<void> {
  for (let index = 0; index < ids.length; index += INSERT_CHUNK) {
    await db
      .updateTable('transactions')
      .set({ pending: 0, sweep_state: 'pending', updated_at: now })
      .where(tenantScope, '=', tenantId)
      .where('id', 'in', ids.slice(index, index + INSERT_CHUNK))
      .where('pending', '=', 1)
      .execute();
  }
}

function withAccountName(db: Executor) {
  return db
    .selectFrom('transactions')
    .leftJoin('accounts', (join) =>
      join
        .onRef('accounts.entity_id', '=', 'transactions.entity_id')
        .onRef('accounts.account_number', '=', 'transactions.category_target'),
    )
    .selectAll('transactions')
    .select('accounts.name as category_account_name');
}

function withAccountNameRow(
  row: Omit<TransactionsTable, 'seq'> & { seq: number; category_account_name: string | null },
): BankRowWithAccountName {
  const listed = toBankRow(row) as BankRowWithAccountName;
  listed.categoryAccountName = row.category_account_name;
  return listed;
}

export async function findTransaction(
  db: Executor,
  tenantId: string,
  id: string,
): Promise<BankRowWithAccountName | undefined> {
  const row = await withAccountName(db)
    .where('transactions.tenant_id', '=', tenantId)
    .where('transactions.id', '=', id)
    .executeTakeFirst();
  return row && withAccountNameRow(row);
}

export interface TransactionListQuery {
  tenantId: string;
  /** Inclusive date bounds; absent: unbounded. */
  from?: string;
  to?: string;
  category?: string;
  search?: string;
  sweepState?: SweepState;
  needsReview?: boolean;
  bankAccountId?: string;
  /**
   * Inclusive bounds on the signed amount, in minor units per currency (a bound means the same major
   * amount in every currency, so each currency's rows are compared in their own minor units).
   */
  amountMinorByCurrency?: Array<{ currency: string; minMinor?: number; maxMinor?: number }>;
  limit: number;
  offset: number;
}

/** Newest first; `limit + 1` rows are read so the caller knows whether another page follows. */
export async function listTransactions(db: Executor, query: TransactionListQuery): Promise<ListedBankRow[]> {
  // An amount bound with no currency to read it in (no bank account yet) matches nothing.
  if (query.amountMinorByCurrency && query.amountMinorByCurrency.length === 0) return [];
  let select = db
    .selectFrom('transactions')
    .select(LISTED_COLUMNS)
    .where('transactions.tenant_id', '=', query.tenantId);
  if (query.from) select = select.where('transactions.date', '>=', query.from);
  if (query.to) select = select.where('transactions.date', '<=', query.to);
  if (query.sweepState) select = select.where('transactions.sweep_state', '=', storedSweepState(query.sweepState));
  if (query.category) select = select.where('transactions.category_target', '=', query.category);
  if (query.needsReview !== undefined)
    select = select.where('transactions.needs_review', '=', query.needsReview ? 1 : 0);
  if (query.bankAccountId) select = select.where('transactions.bank_account_id', '=', query.bankAccountId);
  if (query.amountMinorByCurrency) {
    const bounds = query.amountMinorByCurrency;
    select = select.where((where) =>
      where.or(
        bounds.map(({ currency, minMinor, maxMinor }) =>
          where.and([
            where('transactions.currency', '=', currency),
            ...(minMinor !== undefined ? [where('transactions.amount_minor', '>=', minMinor)] : []),
            ...(maxMinor !== undefined ? [where('transactions.amount_minor', '<=', maxMinor)] : []),
          ]),
        ),
      ),
    );
  }
  if (query.search) {
    const pattern = `%${query.search.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    // SQLite has no default LIKE escape character; naming one makes % and _ literal on both databases.
    select = select.where(
      sql<boolean>`(lower(transactions.description) like ${pattern} escape '\\' or lower(transactions.merchant) like ${pattern} escape '\\')`,
    );
  }
  // The page is read alone and its account names looked up after. Joined in one query, PostgreSQL
  // without fresh statistics (right after a bulk load) hash-joined every row of the window before
  // sorting: 274 ms for a page at offset 1,000 in 100k rows, 1.6 ms once analyzed. A query on one table
  // ordered by its date index is planned the same whatever the statistics say. (A join to a derived
  // page fixed PostgreSQL too, but SQLite then copied the page into a temporary table: 1.6× slower.)
  const page = select
    .orderBy('transactions.date', 'desc')
    .orderBy('transactions.seq', 'desc')
    .limit(query.limit + 1)
    .offset(query.offset);
  const rows = isPostgres(db) ? await page.execute() : await pageAsJson(db, page.select('transactions.seq'));
  const names = await accountNamesOf(db, rows);
  return rows.map((row) => {
    const listed = toListedFields(row) as ListedBankRow;
    listed.categoryAccountName =
      row.category_target === null ? null : (names.get(`${row.entity_id} ${row.category_target}`) ?? null);
    return listed;
  });
}

/**
 * A page's rows as one JSON text SQLite builds, parsed back to arrays: better-sqlite3 builds an object per row value by
 * value, which was half of a fresh page's database time (a month's 51 rows 0.205 → 0.080 ms, 201 rows at offset 1,000
 * 0.834 → 0.295 ms with the parse). The aggregate's ORDER BY keeps the page's order.
 */
async function pageAsJson<Row>(
  db: Executor,
  page: SelectQueryBuilder<Database, 'transactions', Row>,
): Promise<Array<Pick<TransactionsTable, (typeof LISTED_COLUMNS)[number]>>> {
  const values = sql.join(LISTED_COLUMNS.map((column) => sql.ref(`page.${column}`)));
  const { rows } = await db
    .selectFrom(page.as('page'))
    .select(sql<string>`json_group_array(json_array(${values}) order by page.date desc, page.seq desc)`.as('rows'))
    .executeTakeFirstOrThrow();
  return (JSON.parse(rows) as unknown[][]).map(listedRowFromValues);
}

/** The names of the ledger accounts rows are categorized to, keyed by entity and account number. */
async function accountNamesOf(
  db: Executor,
  rows: ReadonlyArray<{ entity_id: string; category_target: string | null }>,
): Promise<Map<string, string>> {
  const categorized = rows.filter((row) => row.category_target !== null);
  if (categorized.length === 0) return new Map();
  const accounts = await db
    .selectFrom('accounts')
    .select(['entity_id', 'account_number', 'name'])
    .where('entity_id', 'in', [...new Set(categorized.map((row) => row.entity_id))])
    .where('account_number', 'in', [...new Set(categorized.map((row) => row.category_target!))])
    .execute();
  return new Map(accounts.map((account) => [`${account.entity_id} ${account.account_number}`, account.name]));
}

/** Locks the row against a concurrent sweep or correction where the database can (PostgreSQL). */
export async function findTransactionForUpdate(
  db: Executor,
  tenantId: string,
  id: string,
  lockRows: boolean,
): Promise<BankRow | undefined> {
  let select = db.selectFrom('transactions').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id);
  if (lockRows) select = select.forUpdate();
  const row = await select.executeTakeFirst();
  return row && toBankRow(row);
}

/**
 * Rows about to be filed again outside the sweep (a transfer's earlier leg, a rule applied to past
 * rows), read under a row lock on PostgreSQL. A row another transaction holds (the sweep booking it, a
 * correction) is skipped, not waited for: re-filing it from a read taken before its holder commits
 * would book it a second time, and skipping keeps two such transactions from deadlocking.
 */
export async function lockRowsToRefile(
  db: Executor,
  tenantId: string,
  ids: readonly string[],
  lockRows: boolean,
): Promise<BankRow[]> {
  if (ids.length === 0) return [];
  let select = db
    .selectFrom('transactions')
    .selectAll()
    .where(tenantScope, '=', tenantId)
    .where('id', 'in', ids)
    .orderBy('seq');
  if (lockRows) select = select.forUpdate().skipLocked();
  return (await select.execute()).map(toBankRow);
}

/**
 * A merchant's other rows still waiting for a human, which a correction of `corrected` decides again
 * (never rows a human filed, nor parked ones); locked and skipped like `lockRowsToRefile`.
 */
export async function lockRowsAwaitingReviewOfMerchant(
  db: Executor,
  tenantId: string,
  corrected: Pick<BankRow, 'id' | 'entityId' | 'merchantKey'>,
  limit: number,
  lockRows: boolean,
): Promise<BankRow[]> {
  let select = db
    .selectFrom('transactions')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('entity_id', '=', corrected.entityId)
    .where('merchant_key', '=', corrected.merchantKey)
    .where('needs_review', '=', 1)
    .where('id', '!=', corrected.id)
    .where('category_target', 'is not', null)
    .where('category_source', 'is distinct from', 'user_override')
    .where('sweep_state', '!=', 'failed')
    .orderBy('seq')
    .limit(limit);
  if (lockRows) select = select.forUpdate().skipLocked();
  return (await select.execute()).map(toBankRow);
}

export type CategorizationUpdate = Pick<
  BankRow,
  | 'categoryTarget'
  | 'categoryConfidence'
  | 'categorySource'
  | 'transactionType'
  | 'needsReview'
  | 'sweepState'
  | 'journalEntryId'
  | 'updatedAt'
>;

/**
 * Files a row again. `replacedEntryId` is the entry the caller read on the row (and reversed, if it
 * booked a new one): the row must still point at it, so an entry booked meanwhile by another
 * transaction is never orphaned as a second live booking of the row. A row leaving the failed state
 * leaves its parking error behind: the error describes only a parked row.
 */
export async function updateCategorization(
  db: Executor,
  tenantId: string,
  id: string,
  update: CategorizationUpdate,
  replacedEntryId: string | null,
): Promise<void> {
  const parking = update.sweepState === 'failed' ? {} : { sweep_error: null, sweep_failed_at: null };
  let query = db
    .updateTable('transactions')
    .set({
      category_target: update.categoryTarget,
      category_confidence: update.categoryConfidence,
      category_source: update.categorySource,
      transaction_type: update.transactionType,
      needs_review: update.needsReview ? 1 : 0,
      sweep_state: storedSweepState(update.sweepState),
      journal_entry_id: update.journalEntryId,
      updated_at: update.updatedAt,
      ...parking,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id);
  query =
    replacedEntryId === null
      ? query.where('journal_entry_id', 'is', null)
      : query.where('journal_entry_id', '=', replacedEntryId);
  const result = await query.executeTakeFirst();
  assertInvariant(
    result.numUpdatedRows === 1n,
    `row ${id} is filed again over the entry it was read with (${replacedEntryId ?? 'none'}), not over one booked meanwhile`,
  );
}

/**
 * Removes a row. The other leg of a transfer it was paired with loses the link and waits for review
 * again (its money now has no counterpart in the books). The caller reverses the row's entry first.
 */
export async function deleteTransaction(
  db: Executor,
  tenantId: string,
  row: Pick<BankRow, 'id' | 'transferPairId'>,
  now: string,
): Promise<void> {
  // Pairs link both ways, so the row names its partner.
  if (row.transferPairId) {
    await db
      .updateTable('transactions')
      .set({ transfer_pair_id: null, needs_review: 1, updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', row.transferPairId)
      .where('transfer_pair_id', '=', row.id)
      .execute();
  }
  await db.deleteFrom('transactions').where('tenant_id', '=', tenantId).where('id', '=', row.id).execute();
}

export type RowForStatement = Pick<
  BankRow,
  'id' | 'seq' | 'contentKey' | 'date' | 'pending' | 'categoryTarget' | 'journalEntryId'
>;

/** Rows of one bank account dated within [from, to], oldest first: what a statement for those dates is matched against. */
export async function rowsOfAccountBetween(
  db: Executor,
  tenantId: string,
  bankAccountId: string,
  from: string,
  to: string,
): Promise<RowForStatement[]> {
  // Read through the tenant's (tenant, date, seq) index, the account a filter: a statement covers a
  // period, and a tenant's rows of one period are few beside the cost of an index by account and date
  // on every row written.
  return (
    await db
      .selectFrom('transactions')
      .select(['id', 'seq', 'content_key', 'date', 'pending', 'category_target', 'journal_entry_id'])
      .where('tenant_id', '=', tenantId)
      .where('bank_account_id', '=', bankAccountId)
      .where('date', '>=', from)
      .where('date', '<=', to)
      .orderBy('seq')
      .execute()
  ).map(toBankRowPart);
}

/**
 * Deletes the rows nothing has happened to yet (uncategorized and unbooked), re-checked in the
 * statement itself so a row the sweep categorized a moment ago is kept. Returns the ids deleted.
 */
export async function deleteUntouchedRows(db: Executor, tenantId: string, ids: string[]): Promise<string[]> {
  const deleted: string[] = [];
  for (let index = 0; index < ids.length; index += INSERT_CHUNK) {
    const rows = await db
      .deleteFrom('transactions')
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', ids.slice(index, index + INSERT_CHUNK))
      .where('category_target', 'is', null)
      .where('journal_entry_id', 'is', null)
      .returning('id')
      .execute();
    deleted.push(...rows.map((row) => row.id));
  }
  return deleted;
}

/** Links a row to the other leg of its transfer (the link runs both ways; the caller sets each side). */
export async function linkTransferPartner(
  db: Executor,
  tenantId: string,
  id: string,
  partnerId: string,
): Promise<void> {
  await db
    .updateTable('transactions')
    .set({ transfer_pair_id: partnerId })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export type TransferLeg = Pick<
  BankRow,
  | 'id'
  | 'entityId'
  | 'bankAccountId'
  | 'currency'
  | 'date'
  | 'amountMinor'
  | 'description'
  | 'categoryTarget'
  | 'categorySource'
  | 'transferPairId'
>;

/** The tenant's rows of these amounts dated within [from, to]: where the other leg of a transfer is looked for. Parked rows are left out. */
export async function rowsWithAmountsBetween(
  db: Executor,
  tenantId: string,
  amountsMinor: readonly number[],
  from: string,
  to: string,
): Promise<TransferLeg[]> {
  const found: TransferLeg[] = [];
  for (let index = 0; index < amountsMinor.length; index += INSERT_CHUNK) {
    const rows = await db
      .selectFrom('transactions')
      .select([
        'id',
        'entity_id',
        'bank_account_id',
        'currency',
        'date',
        'amount_minor',
        'description',
        'category_target',
        'category_source',
        'transfer_pair_id',
      ])
      .where('tenant_id', '=', tenantId)
      .where('amount_minor', 'in', amountsMinor.slice(index, index + INSERT_CHUNK))
      .where('date', '>=', from)
      .where('date', '<=', to)
      // A parked row waits for a human; pairing would make the sweep touch it again.
      .where('sweep_state', '!=', 'failed')
      .execute();
    for (const row of rows) found.push(toBankRowPart(row));
  }
  return found;
}

export interface MachineFiledQuery {
  /** Rows after this seq (0: from the first). */
  afterSeq: number;
  /** Leave out rows already filed under this target. */
  notTarget: string;
  /** Only rows filed under one of these targets; absent: any. */
  targets?: readonly string[];
  onlyNeedingReview: boolean;
  limit: number;
}

/** A page of the tenant's swept rows that a machine filed (never a human's), oldest first: what a new rule may file again. */
export async function machineFiledRows(db: Executor, tenantId: string, query: MachineFiledQuery): Promise<BankRow[]> {
  let select = db
    .selectFrom('transactions')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('sweep_state', '=', 'done')
    .where('seq', '>', query.afterSeq)
    .where('category_target', 'is not', null)
    .where('category_target', '!=', query.notTarget)
    .where('category_source', 'is distinct from', 'user_override');
  if (query.targets) select = select.where('category_target', 'in', query.targets);
  if (query.onlyNeedingReview) select = select.where('needs_review', '=', 1);
  return (await select.orderBy('seq').limit(query.limit).execute()).map(toBankRow);
}
