import type { DatabaseHandle } from '../db/connection.ts';
import { tenantHasAccountNumber } from '../chart/accounts-store.ts';
import { invalid, notFound } from '../errors.ts';
import { toMajorUnits } from '../money/minor-units.ts';
import { resolveEntity } from '../tenancy/tenants.ts';
import { findEntries, listEntryIds, type StoredEntry } from './journal-store.ts';

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

export async function listJournal(
  handle: DatabaseHandle,
  tenantId: string,
  query: { from: string; to: string; accountNumber?: string; entityId?: string; limit: number; offset: number },
) {
  if (query.from > query.to) throw invalid('from: must be on or before to');
  const entity = await resolveEntity(handle, tenantId, query.entityId);
  if (query.accountNumber && !(await tenantHasAccountNumber(handle.readDb, tenantId, query.accountNumber))) {
    throw invalid(`accountNumber: "${query.accountNumber}" is not an account number of this tenant's chart`);
  }
  const ids = await listEntryIds(handle.readDb, { ...query, tenantId, entityId: entity.id });
  const hasMore = ids.length > query.limit;
  const entries = await findEntries(handle.readDb, tenantId, ids.slice(0, query.limit));
  return {
    data: entries.map(toView),
    meta: {
      pagination: { limit: query.limit, offset: query.offset, nextOffset: hasMore ? query.offset + query.limit : null },
    },
  };
}

export async function getJournalEntry(handle: DatabaseHandle, tenantId: string, id: string): Promise<JournalEntryView> {
  const [entry] = await findEntries(handle.readDb, tenantId, [id]);
  if (!entry) throw notFound(`journal entry ${id}`);
  return toView(entry);
}
