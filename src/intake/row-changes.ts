import type { BankAccountsTable } from '../db/schema.ts';
import type { Executor } from '../db/transaction.ts';
import { assertInvariant } from '../errors.ts';
import { post, reverse } from '../ledger/journal.ts';
import { loadEntityChart, rowEntry, type EntityChart } from '../ledger/row-entry.ts';
import { findBankAccountsByIds } from '../bank-rows/bank-accounts-store.ts';
import { contentKey } from './identity.ts';
import { merchantKeyFor } from '../bank-rows/merchant-key.ts';
import { storedSweepState, type BankRow } from '../bank-rows/bank-row.ts';
import { updateRowValues } from '../bank-rows/row-changes-store.ts';
import { deleteTransaction } from '../bank-rows/transactions-store.ts';

/** What a source now says about a row it sent before. */
export interface RowRevision {
  date: string;
  authorizedDate: string | null;
  amountMinor: number;
  description: string;
  merchant: string | null;
  pending: boolean;
}

export type RevisionOutcome = 'unchanged' | 'updated' | 'rebooked';

/**
 * Bank accounts and charts read once per transaction, for the rows of one batch of changes.
 */
export class BookingContext {
  private readonly accounts = new Map<string, BankAccountsTable>();
  private readonly charts = new Map<string, EntityChart>();
  constructor(
    private readonly trx: Executor,
    private readonly tenantId: string,
  ) {}

  async bankAccount(id: string): Promise<BankAccountsTable> {
    let account = this.accounts.get(id);
    if (!account) {
      [account] = await findBankAccountsByIds(this.trx, this.tenantId, [id]);
      assertInvariant(account, `bank account ${id} of tenant ${this.tenantId} exists`);
      this.accounts.set(id, account);
    }
    return account;
  }

  async chart(entityId: string): Promise<EntityChart> {
    let chart = this.charts.get(entityId);
    if (!chart) {
      chart = await loadEntityChart(this.trx, this.tenantId, entityId);
      this.charts.set(entityId, chart);
    }
    return chart;
  }
}

/**
 * A row the bank changed after it arrived: a pending row settling (often with another amount and
 * date: a tip, a hotel's final bill), or a feed's "modified" row. The row is updated in place, so its
 * id, category and review state stay. The journal is append-only: a booked row whose amount, date or
 * descriptor changed has its entry reversed and a new one booked at the new values in the same
 * transaction; a row categorized but not yet booked goes back to the sweep, which books it at the
 * values it now has. A settled row never becomes pending again: the bank has already moved the money.
 * The caller holds the row (read in this transaction, locked on PostgreSQL).
 */
export async function reviseRow(
  trx: Executor,
  tenantId: string,
  row: BankRow,
  revision: RowRevision,
  context: BookingContext,
  now: string,
): Promise<RevisionOutcome> {
  assertInvariant(row.tenantId === tenantId, `row ${row.id} belongs to tenant ${tenantId}`);
  const pending = row.pending && revision.pending;
  const description = revision.description.trim();
  const bookedValuesChanged =
    row.date !== revision.date || row.amountMinor !== revision.amountMinor || row.description !== description;
  const changed =
    bookedValuesChanged ||
    pending !== row.pending ||
    (row.merchant ?? null) !== (revision.merchant ?? null) ||
    (row.authorizedDate ?? null) !== (revision.authorizedDate ?? null);
  if (!changed) return 'unchanged';

  let journalEntryId = row.journalEntryId;
  let sweepState = row.sweepState;
  let outcome: RevisionOutcome = 'updated';
  const revised = { ...row, date: revision.date, amountMinor: revision.amountMinor, description };
  if (row.journalEntryId !== null && bookedValuesChanged) {
    // Only a settled, categorized row has an entry (recomputation's rule): rebook it where it was filed.
    assertInvariant(row.categoryTarget !== null && !row.pending, `booked row ${row.id} is settled and categorized`);
    const bankAccount = await context.bankAccount(row.bankAccountId);
    const chart = await context.chart(row.entityId);
    [journalEntryId] = await post(
      trx,
      tenantId,
      [rowEntry(tenantId, revised, bankAccount, chart, row.categoryTarget)],
      [row.journalEntryId],
      now,
    );
    outcome = 'rebooked';
  } else if (row.journalEntryId === null && !pending && sweepState !== 'failed') {
    // Settled now (or settled but still waiting): the sweep books it at these values.
    sweepState = 'queued';
  }
  const written = await updateRowValues(
    trx,
    tenantId,
    row.id,
    {
      date: revision.date,
      authorized_date: revision.authorizedDate,
      amount_minor: revision.amountMinor,
      description,
      merchant: revision.merchant,
      merchant_key: merchantKeyFor(description, revision.merchant),
      content_key: contentKey(revision.date, revision.amountMinor, description),
      pending: pending ? 1 : 0,
      sweep_state: storedSweepState(sweepState),
      journal_entry_id: journalEntryId,
      updated_at: now,
    },
    row.journalEntryId,
  );
  assertInvariant(
    written,
    `row ${row.id} is revised over the entry it was read with (${row.journalEntryId ?? 'none'})`,
  );
  return outcome;
}

/**
 * A row the bank withdrew (a feed's "removed": an authorization that expired, a duplicate the bank
 * dropped). Its entry, if booked, is reversed in the same transaction as the row is deleted; the
 * entry and its reversal stay in the journal naming the row.
 */
export async function withdrawRow(trx: Executor, tenantId: string, row: BankRow, now: string): Promise<string | null> {
  assertInvariant(row.tenantId === tenantId, `row ${row.id} belongs to tenant ${tenantId}`);
  const reversalEntryId = row.journalEntryId ? await reverse(trx, tenantId, row.journalEntryId, now) : null;
  await deleteTransaction(trx, tenantId, row, now);
  return reversalEntryId;
}
