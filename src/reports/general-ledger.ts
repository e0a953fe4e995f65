import { listAccounts, type LedgerAccount } from '../chart/accounts-store.ts';
import { isDebitNormal } from '../chart/us-chart.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { exactSum, toBigInt } from '../db/exact-sum.ts';
import { unindexedTenant } from '../db/unindexed-tenant.ts';
import { assertInvariant, invalid } from '../errors.ts';
import { cumulativeTotals, dailyLineCounts, type AccountTotals } from '../ledger/journal-store.ts';
import { isKnownCurrency } from '../money/currency.ts';
import { exactMajorUnits, toMajorUnits, type MajorAmount } from '../money/minor-units.ts';
import { addDays } from '../shared/dates.ts';
import { resolveEntity } from '../tenancy/tenants.ts';
import { assertPeriod } from './period.ts';
import { netDebitByAccount, periodTotals } from './totals-store.ts';
import type { Executor } from '../db/transaction.ts';
import { decodePageCursor, encodePageCursor, isIsoDate, isSeq } from '../shared/page-cursor.ts';

export interface GeneralLedgerLine {
  accountNumber: string;
  accountName: string;
  entryId: string;
  entryDate: string;
  description: string;
  sourceType: string;
  memo: string | null;
  debit: number | null;
  credit: number | null;
  runningBalance: MajorAmount;
}

export interface GeneralLedgerAccount {
  accountNumber: string;
  name: string;
  category: string;
  openingBalance: MajorAmount;
  closingBalance: MajorAmount;
}

export interface GeneralLedgerPage {
  data: {
    from: string;
    to: string;
    entityId: string;
    currency: string;
    /** The accounts that have lines on this page, with their balance before `from` and through `to`. */
    accounts: GeneralLedgerAccount[];
    lines: GeneralLedgerLine[];
  };
  meta: { pagination: { limit: number; offset: number; nextOffset: number | null; nextAfter: string | null } };
}

/** Where a page of the general ledger ends: its last line's place in the order lines are listed in. */
interface LinePosition {
  accountNumber: string;
  entryDate: string;
  seq: number;
}

/** The general ledger's cursor: the last line's position in the listing's order. */
export function encodeLedgerCursor(position: LinePosition): string {
  return encodePageCursor([position.accountNumber, position.entryDate, position.seq]);
}

export function decodeLedgerCursor(cursor: string): LinePosition {
  const [accountNumber, entryDate, seq] = decodePageCursor(
    cursor,
    (decoded): decoded is [string, string, number] =>
      Array.isArray(decoded) &&
      decoded.length === 3 &&
      typeof decoded[0] === 'string' &&
      decoded[0].length > 0 &&
      decoded[0].length <= 20 &&
      isIsoDate(decoded[1]) &&
      isSeq(decoded[2]),
    'this report',
  );
  return { accountNumber, entryDate, seq };
}

interface LineRow {
  seq: number;
  account_id: string;
  account_number: string;
  entry_date: string;
  debit_minor: number | null;
  credit_minor: number | null;
  memo: string | null;
  entry_id: string;
  description: string;
  source_type: string;
}

/** The lines a general ledger lists: one entity's, in one currency, over [from, to], of one account or all. */
interface ListedLines {
  tenantId: string;
  entityId: string;
  currency: string;
  from: string;
  to: string;
  accountNumber?: string;
}

async function linePage(
  db: Executor,
  query: ListedLines & {
    limit: number;
    offset: number;
    after?: LinePosition;
    /** The first (account, day) to list from; `offset` then counts that day's lines only. */
    startAt?: { accountNumber: string; entryDate: string };
  },
): Promise<LineRow[]> {
  // The page is found on journal_lines alone and joined to its entries afterwards: joining first
  // would look up the entry of every skipped line, which made deep pages take seconds.
  let pageSeqs = db
    .selectFrom('journal_lines')
    .select('seq')
    .where('tenant_id', '=', query.tenantId)
    .where('entity_id', '=', query.entityId)
    .where('currency', '=', query.currency)
    .where('entry_date', '>=', query.from)
    .where('entry_date', '<=', query.to);
  if (query.accountNumber) pageSeqs = pageSeqs.where('account_number', '=', query.accountNumber);
  const after = query.after;
  if (after)
    pageSeqs = pageSeqs.where((eb) =>
      eb(
        eb.refTuple('account_number', 'entry_date', 'seq'),
        '>',
        eb.tuple(after.accountNumber, after.entryDate, after.seq),
      ),
    );
  const startAt = query.startAt;
  if (startAt)
    pageSeqs = pageSeqs.where((eb) =>
      eb(eb.refTuple('account_number', 'entry_date'), '>=', eb.tuple(startAt.accountNumber, startAt.entryDate)),
    );
  pageSeqs = pageSeqs
    .orderBy('account_number')
    .orderBy('entry_date')
    .orderBy('seq')
    .limit(query.limit + 1)
    .offset(query.offset);
  const rows = await db
    .selectFrom('journal_lines')
    .innerJoin('journal_entries', 'journal_entries.id', 'journal_lines.entry_id')
    .select([
      'journal_lines.seq',
      'journal_lines.account_id',
      'journal_lines.account_number',
      'journal_lines.entry_date',
      'journal_lines.debit_minor',
      'journal_lines.credit_minor',
      'journal_lines.memo',
      'journal_lines.entry_id',
      'journal_entries.description',
      'journal_entries.source_type',
    ])
    .where('journal_lines.seq', 'in', pageSeqs)
    // With the plain term SQLite walked all of the tenant's entries to find the page's lines: 9.7 s
    // for the first page of a 1M-line journal, instead of looking up the page's hundred lines.
    .where(unindexedTenant('journal_entries.tenant_id'), '=', query.tenantId)
    .orderBy('journal_lines.account_number')
    .orderBy('journal_lines.entry_date')
    .orderBy('journal_lines.seq')
    .execute();
  return rows.map((row) => ({ ...row, seq: Number(row.seq) }));
}

/** Net debit of one account's lines on one day that come before the line `seq` (same-day predecessors of a page's first line). */
async function sameDayNetBefore(
  db: Executor,
  tenantId: string,
  entityId: string,
  currency: string,
  accountNumber: string,
  day: string,
  seq: number,
): Promise<bigint> {
  const row = await db
    .selectFrom('journal_lines')
    .select([exactSum('debit_minor').as('debit'), exactSum('credit_minor').as('credit')])
    .where('tenant_id', '=', tenantId)
    .where('entity_id', '=', entityId)
    .where('account_number', '=', accountNumber)
    .where('currency', '=', currency)
    .where('entry_date', '=', day)
    .where('seq', '<', seq)
    .executeTakeFirst();
  return toBigInt(row?.debit) - toBigInt(row?.credit);
}

/**
 * Where the line at `offset` of the listing stands: the (account, day) it falls on and how many of that
 * day's lines come before it, from the per-day line counts (accounts in the listing's order, then one
 * account's days), so a deep page is read from its own day instead of walking the lines before it.
 * Null when the listing has no line at `offset`.
 */
async function offsetPosition(
  db: Executor,
  query: ListedLines & { offset: number },
  period: AccountTotals[],
  /** The entity's chart as listAccounts gives it: ordered by the database, as it orders the lines. */
  chart: LedgerAccount[],
): Promise<{ accountNumber: string; entryDate: string; skip: number } | null> {
  const linesByAccount = new Map(
    period.filter((totals) => totals.currency === query.currency).map((totals) => [totals.accountId, totals.lineCount]),
  );
  let remaining = query.offset;
  for (const account of chart) {
    if (query.accountNumber !== undefined && account.accountNumber !== query.accountNumber) continue;
    const lines = linesByAccount.get(account.id) ?? 0;
    if (remaining >= lines) {
      remaining -= lines;
      continue;
    }
    for (const day of await dailyLineCounts(db, query.tenantId, account.id, query.currency, query.from, query.to)) {
      if (remaining < day.lineCount)
        return { accountNumber: account.accountNumber, entryDate: day.day, skip: remaining };
      remaining -= day.lineCount;
    }
    assertInvariant(false, `the per-day line counts of account ${account.id} add up to its period's`);
  }
  return null;
}

/**
 * Journal lines of [from, to] grouped by account (account number, then date, then posting order),
 * each with the account's running balance in its natural direction. The balance starts from the
 * account's balance before `from` (per-day totals); a page that starts in the middle of an account
 * picks up from the per-day totals of the earlier days plus that day's earlier lines, so no page
 * ever reads the lines of the pages before it.
 */
export async function generalLedger(
  handle: DatabaseHandle,
  tenantId: string,
  query: {
    from: string;
    to: string;
    accountNumber?: string;
    entityId?: string;
    currency?: string;
    limit: number;
    offset: number;
    /** A cursor from meta.pagination.nextAfter: the page after that line (offset must then be 0). */
    after?: string;
  },
): Promise<GeneralLedgerPage> {
  assertPeriod(query.from, query.to);
  if (query.after !== undefined && query.offset > 0) throw invalid('after: give after or offset, not both');
  const after = query.after === undefined ? undefined : decodeLedgerCursor(query.after);
  const entity = await resolveEntity(handle, tenantId, query.entityId);
  const currency = query.currency ?? entity.base_currency;
  if (!isKnownCurrency(currency)) throw invalid(`currency: "${currency}" is not an ISO 4217 currency code`);
  const db = handle.readDb;
  // One round of reads after the entity: the chart, the page (then its first account's start) and
  // the totals do not depend on one another.
  const pageQuery = {
    tenantId,
    entityId: entity.id,
    currency,
    from: query.from,
    to: query.to,
    accountNumber: query.accountNumber,
    limit: query.limit,
  };
  const chartRead = listAccounts(db, tenantId, entity.id);
  const periodTotalsRead = periodTotals(db, tenantId, entity.id, query.from, query.to);
  // A page deep by offset starts at the day its offset falls on (offsetPosition), found from the period's
  // per-day line counts; the first page and a page after a cursor are read at once.
  const lineRows: Promise<LineRow[]> =
    query.offset > 0 && !after
      ? Promise.all([periodTotalsRead, chartRead]).then(async ([period, chart]) => {
          const position = await offsetPosition(db, { ...pageQuery, offset: query.offset }, period, chart);
          if (!position) return [];
          return linePage(db, {
            ...pageQuery,
            offset: position.skip,
            startAt: { accountNumber: position.accountNumber, entryDate: position.entryDate },
          });
        })
      : linePage(db, { ...pageQuery, offset: query.offset, after });
  const pageAndStart = lineRows.then(async (rows) => {
    // Only the page's first account can have period lines on earlier pages: lines are grouped by account.
    const first = rows.length > 0 && (query.offset > 0 || after) ? rows[0] : undefined;
    if (!first) return { rows, first, earlierDays: undefined, sameDayNet: 0n };
    const [earlierDays, sameDayNet] = await Promise.all([
      first.entry_date > query.from
        ? periodTotals(db, tenantId, entity.id, query.from, addDays(first.entry_date, -1), first.account_id)
        : undefined,
      sameDayNetBefore(db, tenantId, entity.id, currency, first.account_number, first.entry_date, first.seq),
    ]);
    return { rows, first, earlierDays, sameDayNet };
  });
  const [accounts, { rows, first, earlierDays, sameDayNet }, opening, period] = await Promise.all([
    chartRead,
    pageAndStart,
    cumulativeTotals(db, tenantId, entity.id, addDays(query.from, -1)),
    periodTotalsRead,
  ]);
  const byNumber = new Map(accounts.map((account) => [account.accountNumber, account]));
  if (query.accountNumber !== undefined && !byNumber.has(query.accountNumber)) {
    throw invalid(`accountNumber: "${query.accountNumber}" is not an account number of this entity's chart`);
  }
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const openingNet = netDebitByAccount(opening, currency);
  const periodNet = netDebitByAccount(period, currency);

  const running = new Map<string, bigint>();
  if (first) {
    const firstEarlierNet = earlierDays ? (netDebitByAccount(earlierDays, currency).get(first.account_id) ?? 0n) : 0n;
    running.set(first.account_id, (openingNet.get(first.account_id) ?? 0n) + firstEarlierNet + sameDayNet);
  }

  const money = (minor: bigint) => exactMajorUnits(minor, currency);
  const pageAccounts: GeneralLedgerAccount[] = [];
  const lines: GeneralLedgerLine[] = page.map((row) => {
    const account = byNumber.get(row.account_number);
    assertInvariant(account, `journal line account ${row.account_number} is in the chart of entity ${entity.id}`);
    if (!running.has(row.account_id)) running.set(row.account_id, openingNet.get(row.account_id) ?? 0n);
    if (!pageAccounts.some((listed) => listed.accountNumber === account.accountNumber)) {
      const openingMinor = openingNet.get(account.id) ?? 0n;
      const closingMinor = openingMinor + (periodNet.get(account.id) ?? 0n);
      const sign = isDebitNormal(account.category) ? 1n : -1n;
      pageAccounts.push({
        accountNumber: account.accountNumber,
        name: account.name,
        category: account.category,
        openingBalance: money(sign * openingMinor),
        closingBalance: money(sign * closingMinor),
      });
    }
    const balance = running.get(row.account_id)! + BigInt((row.debit_minor ?? 0) - (row.credit_minor ?? 0));
    running.set(row.account_id, balance);
    const sign = isDebitNormal(account.category) ? 1n : -1n;
    return {
      accountNumber: row.account_number,
      accountName: account.name,
      entryId: row.entry_id,
      entryDate: row.entry_date,
      description: row.description,
      sourceType: row.source_type,
      memo: row.memo,
      // One line is at most the per-row cap: a safe integer.
      debit: row.debit_minor === null ? null : toMajorUnits(row.debit_minor, currency),
      credit: row.credit_minor === null ? null : toMajorUnits(row.credit_minor, currency),
      runningBalance: money(sign * balance),
    };
  });
  return {
    data: { from: query.from, to: query.to, entityId: entity.id, currency, accounts: pageAccounts, lines },
    meta: {
      pagination: {
        limit: query.limit,
        offset: query.offset,
        nextOffset: hasMore && !after ? query.offset + query.limit : null,
        nextAfter: hasMore
          ? encodeLedgerCursor({
              accountNumber: page.at(-1)!.account_number,
              entryDate: page.at(-1)!.entry_date,
              seq: page.at(-1)!.seq,
            })
          : null,
      },
    },
  };
}
