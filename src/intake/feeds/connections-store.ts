import { sql, type Kysely } from 'kysely';
import type { BankConnectionAccountsTable, BankConnectionsTable, Database } from '../../db/schema.ts';

type Executor = Kysely<Database>;
const CHUNK = 500;

/** Every query of the feed tables (migration 0012), scoped by tenant except the scheduler's claim, which goes across tenants. */

export async function insertConnection(db: Executor, row: BankConnectionsTable): Promise<void> {
  await db.insertInto('bank_connections').values(row).execute();
}

export async function findConnection(
  db: Executor,
  tenantId: string,
  id: string,
): Promise<BankConnectionsTable | undefined> {
  return db
    .selectFrom('bank_connections')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function listConnections(db: Executor, tenantId: string): Promise<BankConnectionsTable[]> {
  return db
    .selectFrom('bank_connections')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function findConnectionsByItemId(
  db: Executor,
  provider: string,
  itemId: string,
): Promise<BankConnectionsTable[]> {
  return db
    .selectFrom('bank_connections')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_item_id', '=', itemId)
    .execute();
}

export type ConnectionChanges = Partial<
  Pick<
    BankConnectionsTable,
    | 'status'
    | 'status_reason'
    | 'sync_cursor'
    | 'last_synced_at'
    | 'next_sync_at'
    | 'consecutive_failures'
    | 'progress'
    | 'secret_ciphertext'
    | 'lease_token'
    | 'leased_until'
    | 'updated_at'
    | 'institution_name'
  >
> & { syncs?: 'increment' };

/** Updates a connection; with `leaseToken`, only while that lease is still held (a sync that lost its lease writes nothing). */
export async function updateConnection(
  db: Executor,
  tenantId: string,
  id: string,
  changes: ConnectionChanges,
  leaseToken?: string,
): Promise<boolean> {
  const { syncs, ...rest } = changes;
  let query = db
    .updateTable('bank_connections')
    .set({ ...rest, ...(syncs ? { syncs: sql<number>`syncs + 1` } : {}) })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id);
  if (leaseToken !== undefined) query = query.where('lease_token', '=', leaseToken);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteConnection(db: Executor, tenantId: string, id: string): Promise<boolean> {
  await db
    .deleteFrom('bank_connection_accounts')
    .where('tenant_id', '=', tenantId)
    .where('connection_id', '=', id)
    .execute();
  const result = await db
    .deleteFrom('bank_connections')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * Claims connections due for a sync (next_sync_at passed, no live lease) for `leaseMs`, across
 * tenants, oldest due first. PostgreSQL skips rows another worker is claiming at this moment, and
 * the lease (token and expiry written in the same transaction) keeps them from taking a connection
 * while it syncs; a worker that dies loses its connections when the lease lapses.
 */
export async function claimDueConnections(
  db: Executor,
  limit: number,
  now: string,
  leasedUntil: string,
  token: string,
  lockRows: boolean,
  onlyId?: { tenantId: string; id: string },
  onlyTenant?: string,
): Promise<BankConnectionsTable[]> {
  let select = db
    .selectFrom('bank_connections')
    .selectAll()
    .where((eb) => eb.or([eb('leased_until', 'is', null), eb('leased_until', '<', now)]))
    .where('next_sync_at', '<=', now)
    .orderBy('next_sync_at')
    .orderBy('id')
    .limit(limit);
  if (onlyId) select = select.where('tenant_id', '=', onlyId.tenantId).where('id', '=', onlyId.id);
  if (onlyTenant) select = select.where('tenant_id', '=', onlyTenant);
  if (lockRows) select = select.forUpdate().skipLocked();
  const rows = await select.execute();
  if (rows.length === 0) return [];
  await db
    .updateTable('bank_connections')
    .set({ lease_token: token, leased_until: leasedUntil })
    .where(
      'id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
  return rows.map((row) => ({ ...row, lease_token: token, leased_until: leasedUntil }));
}

/** When the next connection falls due (for the worker's sleep); null when there is none. */
export async function nextDueAt(db: Executor): Promise<string | null> {
  const row = await db
    .selectFrom('bank_connections')
    .select((eb) => eb.fn.min('next_sync_at').as('due'))
    .executeTakeFirst();
  return (row?.due as string | null | undefined) ?? null;
}

export async function insertConnectionAccounts(db: Executor, rows: BankConnectionAccountsTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('bank_connection_accounts').values(rows).execute();
}

export async function connectionAccounts(
  db: Executor,
  tenantId: string,
  connectionIds: readonly string[],
): Promise<BankConnectionAccountsTable[]> {
  if (connectionIds.length === 0) return [];
  return db
    .selectFrom('bank_connection_accounts')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('connection_id', 'in', [...connectionIds])
    .execute();
}

/** Bank accounts some other connection already feeds: one account has one feed. */
export async function accountsFedElsewhere(
  db: Executor,
  tenantId: string,
  bankAccountIds: readonly string[],
): Promise<Set<string>> {
  if (bankAccountIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('bank_connection_accounts')
    .select('bank_account_id')
    .where('tenant_id', '=', tenantId)
    .where('bank_account_id', 'in', [...bankAccountIds])
    .execute();
  return new Set(rows.map((row) => row.bank_account_id));
}

// ---------------------------------------------------------------------------------------------
// Feed rows: provider row id → transaction

export async function feedLinks(
  db: Executor,
  tenantId: string,
  bankAccountId: string,
  providerRowIds: readonly string[],
): Promise<Map<string, string>> {
  const links = new Map<string, string>();
  for (let index = 0; index < providerRowIds.length; index += CHUNK) {
    const rows = await db
      .selectFrom('bank_feed_rows')
      .select(['provider_row_id', 'transaction_id'])
      .where('tenant_id', '=', tenantId)
      .where('bank_account_id', '=', bankAccountId)
      .where('provider_row_id', 'in', providerRowIds.slice(index, index + CHUNK))
      .execute();
    for (const row of rows) links.set(row.provider_row_id, row.transaction_id);
  }
  return links;
}

/** Of these transactions, the ones some feed row already stands for (a second feed row must not claim them). */
export async function linkedTransactions(
  db: Executor,
  tenantId: string,
  transactionIds: readonly string[],
): Promise<Set<string>> {
  const linked = new Set<string>();
  for (let index = 0; index < transactionIds.length; index += CHUNK) {
    const rows = await db
      .selectFrom('bank_feed_rows')
      .select('transaction_id')
      .where('tenant_id', '=', tenantId)
      .where('transaction_id', 'in', transactionIds.slice(index, index + CHUNK))
      .execute();
    for (const row of rows) linked.add(row.transaction_id);
  }
  return linked;
}

export async function insertFeedLinks(
  db: Executor,
  tenantId: string,
  bankAccountId: string,
  links: Array<{ providerRowId: string; transactionId: string }>,
): Promise<void> {
  for (let index = 0; index < links.length; index += CHUNK) {
    await db
      .insertInto('bank_feed_rows')
      .values(
        links.slice(index, index + CHUNK).map((link) => ({
          tenant_id: tenantId,
          bank_account_id: bankAccountId,
          provider_row_id: link.providerRowId,
          transaction_id: link.transactionId,
        })),
      )
      .onConflict((conflict) =>
        conflict
          .columns(['bank_account_id', 'provider_row_id'])
          .doUpdateSet({ transaction_id: (eb) => eb.ref('excluded.transaction_id') }),
      )
      .execute();
  }
}

export async function deleteFeedLinks(
  db: Executor,
  tenantId: string,
  bankAccountId: string,
  providerRowIds: readonly string[],
): Promise<void> {
  for (let index = 0; index < providerRowIds.length; index += CHUNK) {
    await db
      .deleteFrom('bank_feed_rows')
      .where('tenant_id', '=', tenantId)
      .where('bank_account_id', '=', bankAccountId)
      .where('provider_row_id', 'in', providerRowIds.slice(index, index + CHUNK))
      .execute();
  }
}

/** Pending feed rows of an account dated within a window, with their provider ids: what a windowed provider must list again. */
export async function pendingFeedRowsBetween(
  db: Executor,
  tenantId: string,
  bankAccountId: string,
  from: string,
  to: string,
): Promise<Array<{ providerRowId: string; transactionId: string }>> {
  const rows = await db
    .selectFrom('bank_feed_rows')
    .innerJoin('transactions', (join) =>
      join
        .onRef('transactions.id', '=', 'bank_feed_rows.transaction_id')
        .onRef('transactions.tenant_id', '=', 'bank_feed_rows.tenant_id'),
    )
    .select(['bank_feed_rows.provider_row_id', 'bank_feed_rows.transaction_id'])
    .where('bank_feed_rows.tenant_id', '=', tenantId)
    .where('bank_feed_rows.bank_account_id', '=', bankAccountId)
    .where('transactions.pending', '=', 1)
    .where('transactions.date', '>=', from)
    .where('transactions.date', '<=', to)
    .execute();
  return rows.map((row) => ({ providerRowId: row.provider_row_id, transactionId: row.transaction_id }));
}
