import type { Executor } from '../db/transaction.ts';
import { assertInvariant } from '../errors.ts';
import { appendEntries, findEntries } from './journal-store.ts';
import { reversalOf, type EntryDraft } from './posting.ts';

/**
 * Posts entries, first reversing the entries they supersede: the only way anything booked changes.
 * Returns the ids of the new (non-reversal) entries in the order of `drafts`.
 */
export async function post(
  trx: Executor,
  tenantId: string,
  drafts: EntryDraft[],
  supersededEntryIds: string[],
  postedAt: string,
): Promise<string[]> {
  const reversals: EntryDraft[] = [];
  if (supersededEntryIds.length > 0) {
    const superseded = await findEntries(trx, tenantId, supersededEntryIds);
    assertInvariant(
      superseded.length === new Set(supersededEntryIds).size,
      'every superseded entry exists for this tenant',
    );
    for (const entry of superseded) reversals.push(reversalOf(entry));
  }
  const ids = await appendEntries(trx, [...reversals, ...drafts], postedAt);
  return ids.slice(reversals.length);
}

/** Cancels one entry with its reversal, nothing booked in its place; returns the reversal's id. */
export async function reverse(trx: Executor, tenantId: string, entryId: string, postedAt: string): Promise<string> {
  const [entry] = await findEntries(trx, tenantId, [entryId]);
  assertInvariant(entry, `entry ${entryId} exists for this tenant`);
  const [reversalId] = await appendEntries(trx, [reversalOf(entry)], postedAt);
  return reversalId;
}
