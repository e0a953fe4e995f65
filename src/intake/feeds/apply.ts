import type { BankAccountsTable, BankConnectionsTable } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';
import { assertInvariant } from '../../errors.ts';
import { AmountError, toMinorUnits } from '../../money/minor-units.ts';
import { newUncategorizedRow } from '../../bank-rows/arriving-row.ts';
import { findBankAccountsByIds } from '../../bank-rows/bank-accounts-store.ts';
import { contentKey, externalIdFor } from '../identity.ts';
import { BookingContext, reviseRow, withdrawRow } from '../row-changes.ts';
import { findRowsByContentKeys, findRowsByExternalIds, findRowsByIds } from '../../bank-rows/row-changes-store.ts';
import { insertNewTransactions, type NewTransactionRow } from '../../bank-rows/transactions-store.ts';
import * as store from './connections-store.ts';
import type { FeedChanges, FeedRow } from './provider.ts';

export interface AppliedCounts {
  added: number;
  matched: number;
  modified: number;
  removed: number;
  unchanged: number;
  skipped: number;
}

export const emptyCounts = (): AppliedCounts => ({
  added: 0,
  matched: 0,
  modified: 0,
  removed: 0,
  unchanged: 0,
  skipped: 0,
});

/**
 * The external ids a row a feed brought first may take: the one a push without `id` (and a statement
 * line) derives from the same content, so such a push finds the feed's row instead of adding a second;
 * when that one is taken (two coffees of one price on one day), the statement's numbering.
 */
const MAX_OCCURRENCES = 50;
const derivedIds = (key: string) =>
  Array.from({ length: MAX_OCCURRENCES }, (_, index) =>
    index === 0 ? externalIdFor(undefined, key) : `${externalIdFor(undefined, key)}#${index + 1}`,
  );

/**
 * Writes one sync's changes for one connection, inside the caller's transaction. Each provider row is
 * found again through its link (bank_feed_rows), or through the row it replaces (Plaid's pending →
 * posted), or, the first time it is seen, through identity across sources: a row of the account with
 * the same date, amount and description that no feed row stands for yet (a pushed row, a statement
 * line) becomes this feed row's transaction instead of a duplicate. Known rows are revised in place
 * (row-changes.ts: reversed and rebooked when booked); removed ones are withdrawn; a windowed provider's
 * pending rows missing from its window are withdrawn too. `accountOf` maps provider account ids to
 * the bank accounts the connection feeds.
 */
export async function applyFeedChanges(
  trx: Executor,
  connection: BankConnectionsTable,
  accountOf: ReadonlyMap<string, string>,
  changes: FeedChanges,
  now: string,
  lockRows: boolean,
): Promise<AppliedCounts> {
  const tenantId = connection.tenant_id;
  const counts = emptyCounts();
  const context = new BookingContext(trx, tenantId);
  const accounts = new Map(
    (await findBankAccountsByIds(trx, tenantId, [...new Set(accountOf.values())])).map((account) => [
      account.id,
      account,
    ]),
  );

  // Added and modified rows are the same question (what is this row now?): Plaid may list a row as
  // added that an earlier, interrupted sync already wrote.
  const byAccount = new Map<string, FeedRow[]>();
  for (const row of [...changes.added, ...changes.modified]) {
    const bankAccountId = accountOf.get(row.providerAccountId);
    if (!bankAccountId) {
      counts.skipped++;
      continue;
    }
    const list = byAccount.get(bankAccountId) ?? [];
    list.push(row);
    byAccount.set(bankAccountId, list);
  }
  const seenByAccount = new Map<string, Set<string>>();
  for (const [bankAccountId, rows] of byAccount) {
    const account = accounts.get(bankAccountId);
    assertInvariant(account, `bank account ${bankAccountId} fed by connection ${connection.id} exists`);
    seenByAccount.set(bankAccountId, new Set(rows.map((row) => row.providerRowId)));
    await applyAccountRows(trx, account, rows, context, counts, now, lockRows);
  }

  const removedByAccount = new Map<string, string[]>();
  for (const removal of changes.removed) {
    // Plaid names the account of a removed row; when it does not, any of the connection's accounts may hold it.
    const candidates = removal.providerAccountId
      ? [accountOf.get(removal.providerAccountId)].filter((id): id is string => Boolean(id))
      : [...new Set(accountOf.values())];
    for (const bankAccountId of candidates) {
      const list = removedByAccount.get(bankAccountId) ?? [];
      list.push(removal.providerRowId);
      removedByAccount.set(bankAccountId, list);
    }
  }
  if (changes.window) {
    for (const bankAccountId of new Set(accountOf.values())) {
      const seen = seenByAccount.get(bankAccountId) ?? new Set<string>();
      const vanished = (
        await store.pendingFeedRowsBetween(trx, tenantId, bankAccountId, changes.window.from, changes.window.to)
      ).filter((row) => !seen.has(row.providerRowId));
      if (vanished.length === 0) continue;
      removedByAccount.set(bankAccountId, [
        ...(removedByAccount.get(bankAccountId) ?? []),
        ...vanished.map((row) => row.providerRowId),
      ]);
    }
  }
  for (const [bankAccountId, providerRowIds] of removedByAccount) {
    const links = await store.feedLinks(trx, tenantId, bankAccountId, providerRowIds);
    const rows = await findRowsByIds(trx, tenantId, [...new Set(links.values())], lockRows);
    for (const row of rows) {
      await withdrawRow(trx, tenantId, row, now);
      counts.removed++;
    }
    await store.deleteFeedLinks(trx, tenantId, bankAccountId, [...links.keys()]);
  }
  return counts;
}

function minorOf(row: FeedRow, currency: string): number | null {
  try {
    return toMinorUnits(row.amount, currency);
  } catch (error) {
    if (error instanceof AmountError) return null;
    throw error;
  }
}

async function applyAccountRows(
  trx: Executor,
  account: BankAccountsTable,
  rows: FeedRow[],
  context: BookingContext,
  counts: AppliedCounts,
  now: string,
  lockRows: boolean,
): Promise<void> {
  const tenantId = account.tenant_id;
  // The last word on a row wins when a page lists it twice.
  const latest = new Map<string, FeedRow>();
  for (const row of rows) latest.set(row.providerRowId, row);
  const ids = [...latest.keys()];
  const replaced = [...latest.values()]
    .map((row) => row.replacesProviderRowId)
    .filter((id): id is string => id !== null);
  const links = await store.feedLinks(trx, tenantId, account.id, [...ids, ...replaced]);
  const knownRows = new Map(
    (await findRowsByIds(trx, tenantId, [...new Set(links.values())], lockRows)).map((row) => [row.id, row]),
  );

  const unlinked: Array<{ row: FeedRow; amountMinor: number; key: string }> = [];
  const relinks: Array<{ providerRowId: string; transactionId: string }> = [];
  const dropLinks: string[] = [];
  for (const row of latest.values()) {
    const amountMinor = minorOf(row, account.currency);
    if (amountMinor === null || amountMinor === 0 || !row.description) {
      counts.skipped++;
      continue;
    }
    let transactionId = links.get(row.providerRowId);
    if (transactionId === undefined && row.replacesProviderRowId && links.has(row.replacesProviderRowId)) {
      // Posted under a new id: the pending row becomes this one, settled at the posted values.
      transactionId = links.get(row.replacesProviderRowId)!;
      relinks.push({ providerRowId: row.providerRowId, transactionId });
      dropLinks.push(row.replacesProviderRowId);
    }
    const known = transactionId === undefined ? undefined : knownRows.get(transactionId);
    if (!known) {
      unlinked.push({ row, amountMinor, key: contentKey(row.date, amountMinor, row.description) });
      continue;
    }
    const outcome = await reviseRow(trx, tenantId, known, revisionOf(row, amountMinor), context, now);
    if (outcome === 'unchanged') counts.unchanged++;
    else counts.modified++;
  }

  // Identity across sources: the nth unlinked feed row with a content key is the nth row of the
  // account with that key that no feed row stands for (as statements match their lines).
  const candidates = await findRowsByContentKeys(trx, tenantId, account.id, [
    ...new Set(unlinked.map((entry) => entry.key)),
  ]);
  const alreadyLinked = await store.linkedTransactions(
    trx,
    tenantId,
    candidates.map((candidate) => candidate.id),
  );
  const freeByKey = new Map<string, string[]>();
  for (const candidate of candidates) {
    if (alreadyLinked.has(candidate.id)) continue;
    const list = freeByKey.get(candidate.contentKey) ?? [];
    list.push(candidate.id);
    freeByKey.set(candidate.contentKey, list);
  }
  const matchedIds = unlinked.map((entry) => freeByKey.get(entry.key)?.shift());
  const matchedRows = new Map(
    (
      await findRowsByIds(
        trx,
        tenantId,
        matchedIds.filter((id): id is string => id !== undefined),
        lockRows,
      )
    ).map((row) => [row.id, row]),
  );
  // The first derived id of each new row's content, then every numbered one only for contents whose
  // first is taken or that several new rows share (few): one lookup per row, not fifty.
  const unmatched = unlinked.filter((_, index) => matchedIds[index] === undefined).map((entry) => entry.key);
  const occurrences = new Map<string, number>();
  for (const key of unmatched) occurrences.set(key, (occurrences.get(key) ?? 0) + 1);
  const lookup = async (ids: string[]) =>
    (await findRowsByExternalIds(trx, tenantId, [account.id], ids, false)).map((row) => row.externalId);
  const taken = new Set(await lookup([...occurrences.keys()].map((key) => derivedIds(key)[0])));
  const crowded = [...occurrences]
    .filter(([key, count]) => count > 1 || taken.has(derivedIds(key)[0]))
    .map(([key]) => key);
  for (const id of await lookup(crowded.flatMap((key) => derivedIds(key).slice(1)))) taken.add(id);
  const fresh: NewTransactionRow[] = [];
  for (const [index, entry] of unlinked.entries()) {
    const match = matchedIds[index] === undefined ? undefined : matchedRows.get(matchedIds[index]!);
    if (match) {
      relinks.push({ providerRowId: entry.row.providerRowId, transactionId: match.id });
      await reviseRow(trx, tenantId, match, revisionOf(entry.row, entry.amountMinor), context, now);
      counts.matched++;
      continue;
    }
    const created = newUncategorizedRow(
      {
        tenantId,
        entityId: account.entity_id,
        bankAccountId: account.id,
        // Past MAX_OCCURRENCES identical rows, the provider's id keeps the row unique.
        externalId: claimExternalId(entry.key, taken) ?? `feed:${entry.row.providerRowId}`,
        contentKey: entry.key,
        source: 'feed',
        date: entry.row.date,
        authorizedDate: entry.row.authorizedDate,
        amountMinor: entry.amountMinor,
        currency: account.currency,
        description: entry.row.description,
        merchant: entry.row.merchant,
        pending: entry.row.pending,
      },
      now,
    );
    fresh.push(created);
    relinks.push({ providerRowId: entry.row.providerRowId, transactionId: created.id });
  }
  const inserted = await insertNewTransactions(trx, fresh);
  // A feed id already written (a link lost with a removed connection) keeps its row: nothing is duplicated.
  counts.added += inserted;
  counts.skipped += fresh.length - inserted;
  if (inserted < fresh.length) {
    const insertedIds = new Set(
      (
        await findRowsByIds(
          trx,
          tenantId,
          fresh.map((row) => row.id),
          false,
        )
      ).map((row) => row.id),
    );
    const lost = new Set(fresh.filter((row) => !insertedIds.has(row.id)).map((row) => row.id));
    for (let index = relinks.length - 1; index >= 0; index--)
      if (lost.has(relinks[index].transactionId)) relinks.splice(index, 1);
  }
  await store.deleteFeedLinks(trx, tenantId, account.id, dropLinks);
  await store.insertFeedLinks(trx, tenantId, account.id, relinks);
}

function claimExternalId(key: string, taken: Set<string>): string | undefined {
  const free = derivedIds(key).find((id) => !taken.has(id));
  if (free) taken.add(free);
  return free;
}

const revisionOf = (row: FeedRow, amountMinor: number) => ({
  date: row.date,
  authorizedDate: row.authorizedDate,
  amountMinor,
  description: row.description,
  merchant: row.merchant,
  pending: row.pending,
});
