import { totalsOverDays, type AccountTotals } from '../ledger/journal-store.ts';
import type { Executor } from '../db/transaction.ts';

/** Debits and credits per account over [from, to] (inclusive); of one account when `accountId` is given. */
export function periodTotals(
  db: Executor,
  tenantId: string,
  entityId: string,
  from: string,
  to: string,
  accountId?: string,
): Promise<AccountTotals[]> {
  return totalsOverDays(db, tenantId, entityId, { from, through: to, accountId });
}

/** Net debit (debits − credits) per account in one currency, keyed by account id. */
export function netDebitByAccount(totals: AccountTotals[], currency: string): Map<string, bigint> {
  const net = new Map<string, bigint>();
  for (const total of totals) {
    if (total.currency !== currency) continue;
    net.set(total.accountId, (net.get(total.accountId) ?? 0n) + total.debitMinor - total.creditMinor);
  }
  return net;
}

/**
 * The lines of the given entries, reached through the entries' primary key (then the lines' entry
 * index). Filtering the lines by tenant directly would let SQLite pick the lines' (tenant, …) index
 * and walk every line of the tenant.
 */
export async function linesOfEntries(
  db: Executor,
  tenantId: string,
  entryIds: string[],
): Promise<
  Array<{
    entityId: string;
    entryDate: string;
    accountId: string;
    currency: string;
    debitMinor: number;
    creditMinor: number;
  }>
> {
  if (entryIds.length === 0) return [];
  const rows = await db
    .selectFrom('journal_entries')
    .innerJoin('journal_lines', 'journal_lines.entry_id', 'journal_entries.id')
    .select([
      'journal_entries.entity_id',
      'journal_entries.entry_date',
      'journal_lines.account_id',
      'journal_lines.currency',
      'journal_lines.debit_minor',
      'journal_lines.credit_minor',
    ])
    .where('journal_entries.id', 'in', entryIds)
    .where('journal_entries.tenant_id', '=', tenantId)
    .execute();
  return rows.map((row) => ({
    entityId: row.entity_id,
    entryDate: row.entry_date,
    accountId: row.account_id,
    currency: row.currency,
    debitMinor: Number(row.debit_minor ?? 0),
    creditMinor: Number(row.credit_minor ?? 0),
  }));
}
