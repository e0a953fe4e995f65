import type { DatabaseHandle } from '../db/connection.ts';
import { tenantHasAccountNumber } from '../chart/accounts-store.ts';
import { invalid, notFound } from '../errors.ts';
import { toMajorUnits } from '../money/minor-units.ts';
import { resolveEntity } from '../tenancy/tenants.ts';
import { decodePageCursor, encodePageCursor, isIsoDate, isSeq } from '../shared/page-cursor.ts';
import { findEntries, listEntryIds, type EntryPosition, type StoredEntry } from './journal-store.ts';

export interface JournalEntryView {
  id: string;
  entityId: string;
  entryDate: string;
  description: string;
  sourceType: string;
  sourceId: string | null;
  reversesEntryId: string | null;
  postedAt: string;
  lines: Array<{
    accountId: string;
    accountNumber: string;
    debit: number | null;
    credit: number | null;
    currency: string;
    memo: string | null;
  }>;
}

function toView(entry: StoredEntry): JournalEntryView {
  return {
    id: entry.id,
    entityId: entry.entityId,
    entryDate: entry.entryDate,
    description: entry.description,
    sourceType: entry.sourceType,
    sourceId: entry.sourceId,
    reversesEntryId: entry.reversesEntryId,
    postedAt: entry.postedAt,
    lines: entry.lines.map((line) => ({
      accountId: line.accountId,
      accountNumber: line.accountNumber,
      debit: line.debitMinor === null ? null : toMajorUnits(line.debitMinor, line.currency),
      credit: line.creditMinor === null ? null : toMajorUnits(line.creditMinor, line.currency),
      currency: line.currency,
      memo: line.memo,
    })),
  };
}

/** The journal's cursor: the last entry's date and seq. */
function decodeJournalCursor(cursor: string): EntryPosition {
  const [entryDate, seq] = decodePageCursor(
    cursor,
    (decoded): decoded is [string, number] =>
      Array.isArray(decoded) && decoded.length === 2 && isIsoDate(decoded[0]) && isSeq(decoded[1]),
    'this listing',
  );
  return { entryDate, seq };
}

export async function listJournal(
  handle: DatabaseHandle,
  tenantId: string,
  query: {
    from: string;
    to: string;
    accountNumber?: string;
    entityId?: string;
    limit: number;
    offset: number;
    /** A cursor from meta.pagination.nextAfter: the entries after that one (offset must then be 0). */
    after?: string;
  },
) {
  if (query.from > query.to) throw invalid('from: must be on or before to');
  if (query.after !== undefined && query.offset > 0) throw invalid('after: give after or offset, not both');
  const after = query.after === undefined ? undefined : decodeJournalCursor(query.after);
  const entity = await resolveEntity(handle, tenantId, query.entityId);
  if (query.accountNumber && !(await tenantHasAccountNumber(handle.readDb, tenantId, query.accountNumber))) {
    throw invalid(`accountNumber: "${query.accountNumber}" is not an account number of this tenant's chart`);
  }
  const positions = await listEntryIds(handle.readDb, { ...query, tenantId, entityId: entity.id, after });
  const hasMore = positions.length > query.limit;
  const page = positions.slice(0, query.limit);
  const entries = new Map(
    (
      await findEntries(
        handle.readDb,
        tenantId,
        page.map((position) => position.id),
      )
    ).map((entry) => [entry.id, entry]),
  );
  const last = page.at(-1);
  return {
    // In the listing's order (date, then seq): findEntries answers in posting order, and an entry
    // dated back (a correction, a statement of last month) was posted after later-dated ones.
    data: page.map((position) => toView(entries.get(position.id)!)),
    meta: {
      pagination: {
        limit: query.limit,
        offset: query.offset,
        nextOffset: hasMore && !after ? query.offset + query.limit : null,
        nextAfter: hasMore && last ? encodePageCursor([last.entryDate, last.seq]) : null,
      },
    },
  };
}

export async function getJournalEntry(handle: DatabaseHandle, tenantId: string, id: string): Promise<JournalEntryView> {
  const [entry] = await findEntries(handle.readDb, tenantId, [id]);
  if (!entry) throw notFound(`journal entry ${id}`);
  return toView(entry);
}
