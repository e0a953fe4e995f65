import { insertRows } from '../db/bulk.ts';
import { exactSum, toBigInt } from '../db/exact-sum.ts';
import { newId } from '../shared/ids.ts';
import { assertBalanced, type EntryDraft, type JournalSourceType, type PostingLine } from './posting.ts';
import type { Executor } from '../db/transaction.ts';

/** Rows per multi-row insert: well inside SQLite's and PostgreSQL's bound-parameter limits. */
const INSERT_CHUNK = 500;
/** Entries and lines per insert (9 and 10 parameters a row): a sweep batch's in one statement each. */
const ENTRIES_PER_INSERT = 500;
const LINES_PER_INSERT = 1000;
const ENTRY_COLUMNS = [
  'id',
  'tenant_id',
  'entity_id',
  'entry_date',
  'description',
  'source_type',
  'source_id',
  'reverses_entry_id',
  'posted_at',
] as const;
const LINE_COLUMNS = [
  'entry_id',
  'tenant_id',
  'entity_id',
  'account_id',
  'account_number',
  'entry_date',
  'debit_minor',
  'credit_minor',
  'currency',
  'memo',
] as const;

export interface StoredEntry {
  id: string;
  tenantId: string;
  entityId: string;
  entryDate: string;
  description: string;
  sourceType: JournalSourceType;
  sourceId: string | null;
  reversesEntryId: string | null;
  postedAt: string;
  lines: PostingLine[];
}

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < items.length; index += size) result.push(items.slice(index, index + size));
  return result;
}

/**
 * Appends entries to the journal and adds their lines to the per-day account totals in the same
 * database transaction (the caller's), so the totals can never disagree with the lines.
 * The journal is append-only: nothing in this module updates or deletes an entry or a line.
 */
export async function appendEntries(trx: Executor, drafts: EntryDraft[], postedAt: string): Promise<string[]> {
  if (drafts.length === 0) return [];
  const ids: string[] = [];
  // Rows as flat parameter lists, in ENTRY_COLUMNS and LINE_COLUMNS order.
  const entryValues: unknown[] = [];
  const lineValues: unknown[] = [];
  for (const draft of drafts) {
    assertBalanced(draft);
    const id = newId();
    ids.push(id);
    entryValues.push(
      id,
      draft.tenantId,
      draft.entityId,
      draft.entryDate,
      draft.description,
      draft.sourceType,
      draft.sourceId,
      draft.reversesEntryId,
      postedAt,
    );
    for (const line of draft.lines) {
      lineValues.push(
        id,
        draft.tenantId,
        draft.entityId,
        line.accountId,
        line.accountNumber,
        draft.entryDate,
        line.debitMinor,
        line.creditMinor,
        line.currency,
        line.memo,
      );
    }
  }
  for (let index = 0; index < entryValues.length; index += ENTRIES_PER_INSERT * ENTRY_COLUMNS.length) {
    await insertRows(
      trx,
      'journal_entries',
      ENTRY_COLUMNS,
      entryValues.slice(index, index + ENTRIES_PER_INSERT * ENTRY_COLUMNS.length),
    );
  }
  for (let index = 0; index < lineValues.length; index += LINES_PER_INSERT * LINE_COLUMNS.length) {
    await insertRows(
      trx,
      'journal_lines',
      LINE_COLUMNS,
      lineValues.slice(index, index + LINES_PER_INSERT * LINE_COLUMNS.length),
    );
  }

  // Summed as bigints: a day of one account can hold more than 2^53 minor units (10^4 rows at the cap).
  const totals = new Map<
    string,
    {
      tenant_id: string;
      entity_id: string;
      account_id: string;
      currency: string;
      day: string;
      debit_minor: bigint;
      credit_minor: bigint;
      line_count: number;
    }
  >();
  for (const draft of drafts) {
    for (const line of draft.lines) {
      const key = `${line.accountId}|${line.currency}|${draft.entryDate}`;
      let total = totals.get(key);
      if (!total) {
        total = {
          tenant_id: draft.tenantId,
          entity_id: draft.entityId,
          account_id: line.accountId,
          currency: line.currency,
          day: draft.entryDate,
          debit_minor: 0n,
          credit_minor: 0n,
          line_count: 0,
        };
        totals.set(key, total);
      }
      total.debit_minor += BigInt(line.debitMinor ?? 0);
      total.credit_minor += BigInt(line.creditMinor ?? 0);
      total.line_count += 1;
    }
  }
  // In one order for every transaction: two posting at once (sweep workers, a correction) then lock the
  // shared per-day rows in the same sequence and wait for each other instead of deadlocking.
  const ordered = [...totals]
    .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))
    .map(([, total]) => total);
  for (const chunk of chunks(ordered, INSERT_CHUNK)) {
    // Both drivers bind a bigint as an exact integer.
    await trx
      .insertInto('account_daily_totals')
      .values(chunk)
      .onConflict((conflict) =>
        conflict.columns(['account_id', 'currency', 'day']).doUpdateSet((eb) => ({
          debit_minor: eb('account_daily_totals.debit_minor', '+', eb.ref('excluded.debit_minor')),
          credit_minor: eb('account_daily_totals.credit_minor', '+', eb.ref('excluded.credit_minor')),
          line_count: eb('account_daily_totals.line_count', '+', eb.ref('excluded.line_count')),
        })),
      )
      .execute();
  }
  return ids;
}

export async function findEntries(db: Executor, tenantId: string, entryIds: string[]): Promise<StoredEntry[]> {
  if (entryIds.length === 0) return [];
  const entries = await db
    .selectFrom('journal_entries')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', entryIds)
    .orderBy('seq')
    .execute();
  const lines = await db
    .selectFrom('journal_lines')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('entry_id', 'in', entryIds)
    .orderBy('seq')
    .execute();
  const linesByEntry = new Map<string, PostingLine[]>();
  for (const line of lines) {
    const list = linesByEntry.get(line.entry_id) ?? [];
    list.push({
      accountId: line.account_id,
      accountNumber: line.account_number,
      debitMinor: line.debit_minor,
      creditMinor: line.credit_minor,
      currency: line.currency,
      memo: line.memo,
    });
    linesByEntry.set(line.entry_id, list);
  }
  return entries.map((entry) => ({
    id: entry.id,
    tenantId: entry.tenant_id,
    entityId: entry.entity_id,
    entryDate: entry.entry_date,
    description: entry.description,
    sourceType: entry.source_type as JournalSourceType,
    sourceId: entry.source_id,
    reversesEntryId: entry.reverses_entry_id,
    postedAt: entry.posted_at,
    lines: linesByEntry.get(entry.id) ?? [],
  }));
}

/** One page of entries in a period, oldest first; `limit + 1` rows are read to know if a next page exists. */
/** Where an entry stands in the journal's listing order (date, then insertion): a page cursor's key. */
export interface EntryPosition {
  entryDate: string;
  seq: number;
}

/** A page of entries' ids in listing order, `limit + 1` of them when another page follows. */
export async function listEntryIds(
  db: Executor,
  query: {
    tenantId: string;
    entityId: string;
    from: string;
    to: string;
    accountNumber?: string;
    limit: number;
    offset: number;
    /** Entries after this one (keyset: through the period index, however deep). */
    after?: EntryPosition;
  },
): Promise<Array<{ id: string } & EntryPosition>> {
  let select = db
    .selectFrom('journal_entries')
    .select(['journal_entries.id', 'journal_entries.entry_date', 'journal_entries.seq'])
    .where('journal_entries.tenant_id', '=', query.tenantId)
    .where('journal_entries.entity_id', '=', query.entityId)
    .where('journal_entries.entry_date', '>=', query.from)
    .where('journal_entries.entry_date', '<=', query.to);
  if (query.accountNumber) {
    const accountNumber = query.accountNumber;
    select = select.where((eb) =>
      eb.exists(
        eb
          .selectFrom('journal_lines')
          .select('journal_lines.seq')
          .whereRef('journal_lines.entry_id', '=', 'journal_entries.id')
          .where('journal_lines.tenant_id', '=', query.tenantId)
          .where('journal_lines.account_number', '=', accountNumber),
      ),
    );
  }
  const after = query.after;
  if (after)
    select = select.where((eb) =>
      eb(eb.refTuple('journal_entries.entry_date', 'journal_entries.seq'), '>', eb.tuple(after.entryDate, after.seq)),
    );
  const rows = await select
    .orderBy('journal_entries.entry_date')
    .orderBy('journal_entries.seq')
    .limit(query.limit + 1)
    .offset(query.offset)
    .execute();
  return rows.map((row) => ({ id: row.id, entryDate: row.entry_date, seq: row.seq }));
}

/** Sums over many rows: bigints, exact past 2^53. */
export interface AccountTotals {
  accountId: string;
  currency: string;
  debitMinor: bigint;
  creditMinor: bigint;
  /** How many journal lines these sums add up. */
  lineCount: number;
}

/** Cumulative debits and credits per account through `asOf`, from the per-day totals. */
export function cumulativeTotals(
  db: Executor,
  tenantId: string,
  entityId: string,
  asOf: string,
): Promise<AccountTotals[]> {
  return totalsOverDays(db, tenantId, entityId, { through: asOf });
}

/**
 * Debits and credits per account over the days [from, through] (from the first day when `from` is
 * left out), from the per-day totals that posting maintains: the cost grows with accounts × days,
 * never with journal lines.
 */
export async function totalsOverDays(
  db: Executor,
  tenantId: string,
  entityId: string,
  days: { from?: string; through: string /** One account only: read through the primary key. */; accountId?: string },
): Promise<AccountTotals[]> {
  let query = db
    .selectFrom('account_daily_totals')
    .select(['account_id', 'currency'])
    .select([exactSum('debit_minor').as('debit'), exactSum('credit_minor').as('credit')])
    .select((eb) => eb.fn.sum<number | string>('line_count').as('lines'))
    .where('tenant_id', '=', tenantId)
    .where('entity_id', '=', entityId)
    .where('day', '<=', days.through);
  if (days.from !== undefined) query = query.where('day', '>=', days.from);
  if (days.accountId !== undefined) query = query.where('account_id', '=', days.accountId);
  const rows = await query.groupBy(['account_id', 'currency']).execute();
  return rows.map((row) => ({
    accountId: row.account_id,
    currency: row.currency,
    debitMinor: toBigInt(row.debit),
    creditMinor: toBigInt(row.credit),
    lineCount: Number(row.lines),
  }));
}

/** One account's journal lines per day over [from, through], oldest day first, from the per-day totals. */
export async function dailyLineCounts(
  db: Executor,
  tenantId: string,
  accountId: string,
  currency: string,
  from: string,
  through: string,
): Promise<Array<{ day: string; lineCount: number }>> {
  const rows = await db
    .selectFrom('account_daily_totals')
    .select(['day', 'line_count'])
    .where('tenant_id', '=', tenantId)
    .where('account_id', '=', accountId)
    .where('currency', '=', currency)
    .where('day', '>=', from)
    .where('day', '<=', through)
    .orderBy('day')
    .execute();
  return rows.map((row) => ({ day: row.day, lineCount: row.line_count }));
}
