import { randomBytes } from 'node:crypto';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { BankConnectionsTable } from '../../db/schema.ts';
import { withWriteTransaction } from '../../db/transaction.ts';
import { findAccountByNumber } from '../../chart/accounts-store.ts';
import { ACCOUNT } from '../../chart/us-chart.ts';
import { assertInvariant } from '../../errors.ts';
import { applyOpeningBalance } from '../bank-accounts.ts';
import { findBankAccountsByIds, settledNetByAccount } from '../../bank-rows/bank-accounts-store.ts';
import { applyFeedChanges, emptyCounts, type AppliedCounts } from './apply.ts';
import {
  linkAccounts,
  providerOf,
  setCurrentBalance,
  type ConnectionProgress,
  type FeedServices,
  type FeedSettings,
} from './connections.ts';
import * as store from './connections-store.ts';
import { FeedError, isoDay, type FeedChanges } from './provider.ts';

export interface SyncLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface SyncOutcome {
  connectionId: string;
  status: 'ok' | 'needs_reauth' | 'error' | 'lease_lost';
  counts: AppliedCounts;
  error?: string;
}

/** When a connection is next due: the interval plus jitter after success; after failures an exponential backoff, capped at the interval. */
export function nextSyncDelayMs(
  settings: FeedSettings,
  failures: number,
  random: () => number,
  retryAfterMs: number | null = null,
): number {
  const jitter = (base: number) => Math.floor(base * settings.jitterRatio * random());
  if (failures === 0) return settings.syncIntervalMs + jitter(settings.syncIntervalMs);
  const backoff = Math.min(settings.syncIntervalMs, settings.retryBaseMs * 2 ** (failures - 1));
  return Math.max(backoff + jitter(backoff), retryAfterMs ?? 0);
}

const progressOf = (
  phase: ConnectionProgress['phase'],
  counts: AppliedCounts,
  rowsFetched: number,
  startedAt: string,
  finishedAt: string | null,
): string =>
  JSON.stringify({
    phase,
    rowsFetched,
    added: counts.added,
    matched: counts.matched,
    modified: counts.modified,
    removed: counts.removed,
    startedAt,
    finishedAt,
  } satisfies ConnectionProgress);

/**
 * One sync of a connection the caller has leased (`connection.lease_token`). The provider is read
 * outside any database transaction (it may take seconds); its changes are then written in one
 * transaction together with the new cursor, so a crash leaves either both or neither and the next
 * sync reads the same changes again. Every write checks the lease is still held. Failures set the
 * status (needs_reauth for a login the owner must renew, error otherwise) and the backoff.
 */
export async function syncConnection(
  handle: DatabaseHandle,
  services: FeedServices,
  connection: BankConnectionsTable,
  logger?: SyncLogger,
  now: () => Date = () => new Date(),
): Promise<SyncOutcome> {
  const token = connection.lease_token;
  assertInvariant(token, `connection ${connection.id} is leased before it is synced`);
  const tenantId = connection.tenant_id;
  const random = services.random ?? Math.random;
  const startedAt = now().toISOString();
  let counts = emptyCounts();
  let fetched = 0;
  const mark = (changes: store.ConnectionChanges) =>
    store.updateConnection(handle.db, tenantId, connection.id, { ...changes, updated_at: now().toISOString() }, token);
  await mark({ progress: progressOf('fetching', counts, 0, startedAt, null) });
  try {
    const provider = providerOf(services, connection.provider);
    const secret = services.secrets.open(connection.secret_ciphertext, connection.id);
    const changes: FeedChanges = await provider.sync({
      secret,
      cursor: connection.sync_cursor,
      lastSyncedAt: connection.last_synced_at,
      now: now(),
      onPage: async (rows) => {
        fetched = rows;
        await mark({ progress: progressOf('fetching', counts, rows, startedAt, null) });
      },
    });
    fetched = changes.added.length + changes.modified.length + changes.removed.length;
    if (fetched > 0) await mark({ progress: progressOf('writing', counts, fetched, startedAt, null) });
    const finished = now();
    const written = await withWriteTransaction(handle, async (trx) => {
      // The lease is checked and kept inside the transaction: a worker that lost it writes nothing.
      const current = await store.findConnection(trx, tenantId, connection.id);
      if (!current || current.lease_token !== token) return false;
      const links = await store.connectionAccounts(trx, tenantId, [connection.id]);
      const accountOf = new Map(links.map((link) => [link.provider_account_id, link.bank_account_id]));
      for (const [providerAccountId, bankAccountId] of await linkAccounts(
        trx,
        current,
        changes.accounts,
        new Set(accountOf.keys()),
        finished.toISOString(),
      )) {
        accountOf.set(providerAccountId, bankAccountId);
      }
      counts = await applyFeedChanges(
        trx,
        current,
        accountOf,
        changes,
        finished.toISOString(),
        handle.dialect === 'postgres',
      );
      const bankAccounts = new Map(
        (await findBankAccountsByIds(trx, tenantId, [...new Set(accountOf.values())])).map((account) => [
          account.id,
          account,
        ]),
      );
      for (const feedAccount of changes.accounts) {
        const account = bankAccounts.get(accountOf.get(feedAccount.providerAccountId) ?? '');
        if (!account) continue;
        await setCurrentBalance(trx, account, feedAccount, finished.toISOString());
        if (account.source === 'feed' && account.opening_balance_date === null && feedAccount.currentBalance !== null) {
          await anchorOpeningBalance(trx, account, changes, feedAccount.providerAccountId, finished);
        }
      }
      await store.updateConnection(
        trx,
        tenantId,
        connection.id,
        {
          status: 'ok',
          status_reason: changes.warnings.length > 0 ? changes.warnings.join('; ').slice(0, 500) : null,
          sync_cursor: changes.cursor,
          last_synced_at: finished.toISOString(),
          next_sync_at: new Date(finished.getTime() + nextSyncDelayMs(services.settings, 0, random)).toISOString(),
          consecutive_failures: 0,
          progress: progressOf('done', counts, fetched, startedAt, finished.toISOString()),
          lease_token: null,
          leased_until: null,
          syncs: 'increment',
          updated_at: finished.toISOString(),
        },
        token,
      );
      return true;
    });
    if (!written) return { connectionId: connection.id, status: 'lease_lost', counts };
    if (counts.added + counts.matched + counts.modified + counts.removed > 0) services.onRowsArrived?.();
    logger?.info(
      { connectionId: connection.id, tenantId, provider: connection.provider, ...counts },
      'bank connection synced',
    );
    return { connectionId: connection.id, status: 'ok', counts };
  } catch (error) {
    const feedError =
      error instanceof FeedError
        ? error
        : new FeedError('transient', error instanceof Error ? error.message : String(error));
    const failures = connection.consecutive_failures + 1;
    const status = feedError.kind === 'needs_reauth' ? 'needs_reauth' : 'error';
    const finished = now();
    // A login the owner must renew is tried again only at the normal interval: retrying sooner cannot help.
    const delay =
      status === 'needs_reauth'
        ? nextSyncDelayMs(services.settings, 0, random)
        : nextSyncDelayMs(services.settings, failures, random, feedError.retryAfterMs);
    await mark({
      status,
      status_reason: feedError.message.slice(0, 500),
      consecutive_failures: failures,
      next_sync_at: new Date(finished.getTime() + delay).toISOString(),
      progress: progressOf('failed', counts, fetched, startedAt, finished.toISOString()),
      lease_token: null,
      leased_until: null,
    });
    logger?.warn(
      {
        connectionId: connection.id,
        tenantId,
        provider: connection.provider,
        kind: feedError.kind,
        failures,
        reason: feedError.message,
      },
      'bank connection sync failed',
    );
    return { connectionId: connection.id, status, counts, error: feedError.message };
  }
}

/**
 * An account the feed introduced starts where the bank says it stands: its opening balance is the
 * reported balance less the settled rows the feed brought, dated the day before the earliest of
 * them. From then on the rows roll it forward (derivedBalance), and a difference from the bank's
 * reported balance is a finding of the health score.
 */
async function anchorOpeningBalance(
  trx: Parameters<Parameters<typeof withWriteTransaction>[1]>[0],
  account: Awaited<ReturnType<typeof findBankAccountsByIds>>[number],
  changes: FeedChanges,
  providerAccountId: string,
  now: Date,
): Promise<void> {
  const [fresh] = await findBankAccountsByIds(trx, account.tenant_id, [account.id]);
  if (fresh.current_balance_minor === null || fresh.opening_balance_date !== null) return;
  const net = (await settledNetByAccount(trx, account.tenant_id, [account.id])).get(account.id) ?? 0n;
  const current = BigInt(fresh.current_balance_minor);
  // Rows are positive when money goes out: a deposit account held more before them, a card owed less.
  const opening = fresh.type === 'credit' ? current - net : current + net;
  const dates = [...changes.added, ...changes.modified]
    .filter((row) => row.providerAccountId === providerAccountId)
    .map((row) => row.date)
    .sort();
  const first = dates[0] ?? isoDay(now);
  const date = isoDay(new Date(new Date(`${first}T00:00:00Z`).getTime() - 86_400_000));
  const openingEquity = await findAccountByNumber(
    trx,
    account.tenant_id,
    account.entity_id,
    ACCOUNT.openingBalanceEquity,
  );
  assertInvariant(openingEquity, `entity ${account.entity_id} has account ${ACCOUNT.openingBalanceEquity}`);
  await applyOpeningBalance(trx, fresh, { minor: Number(opening), date }, openingEquity, now.toISOString());
}

/**
 * One pass of the feed worker: claims up to `limit` due connections under a lease and syncs them,
 * side by side on PostgreSQL (each holds a pooled connection only while it writes) and one after
 * another on SQLite (whose writes take turns anyway). Returns their outcomes (the worker sleeps when
 * none was due).
 */
export async function syncDueConnections(
  handle: DatabaseHandle,
  services: FeedServices,
  options: {
    limit: number;
    logger?: SyncLogger;
    now?: () => Date;
    only?: { tenantId: string; id: string };
    onlyTenant?: string;
  },
): Promise<SyncOutcome[]> {
  const now = options.now ?? (() => new Date());
  const token = randomBytes(12).toString('hex');
  const start = now();
  const claimed = await withWriteTransaction(handle, (trx) =>
    store.claimDueConnections(
      trx,
      options.limit,
      start.toISOString(),
      new Date(start.getTime() + services.settings.leaseMs).toISOString(),
      token,
      handle.dialect === 'postgres',
      options.only,
      options.onlyTenant,
    ),
  );
  if (handle.dialect === 'postgres')
    return Promise.all(claimed.map((connection) => syncConnection(handle, services, connection, options.logger, now)));
  const outcomes: SyncOutcome[] = [];
  for (const connection of claimed)
    outcomes.push(await syncConnection(handle, services, connection, options.logger, now));
  return outcomes;
}
