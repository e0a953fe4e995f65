import { sql } from 'kysely';
import { exactSum, toBigInt } from '../db/exact-sum.ts';
import type { Executor } from '../db/transaction.ts';

/** What the health score reads; every query is scoped by tenant and entity, and none reads a document's content. */

export interface StatementPeriodFacts {
  id: string;
  bankAccountId: string;
  periodStart: string;
  periodEnd: string;
  openingMinor: number;
  closingMinor: number;
  continuityOk: boolean;
}

export async function statementPeriodsOf(
  db: Executor,
  tenantId: string,
  entityId: string,
): Promise<StatementPeriodFacts[]> {
  const rows = await db
    .selectFrom('statement_periods')
    .select([
      'id',
      'bank_account_id',
      'period_start',
      'period_end',
      'opening_balance_minor',
      'closing_balance_minor',
      'continuity_ok',
    ])
    .where('tenant_id', '=', tenantId)
    .where('entity_id', '=', entityId)
    .orderBy('bank_account_id')
    .orderBy('period_start')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    bankAccountId: row.bank_account_id,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    openingMinor: Number(row.opening_balance_minor),
    closingMinor: Number(row.closing_balance_minor),
    continuityOk: row.continuity_ok === 1,
  }));
}

export interface StatementDocumentFacts {
  id: string;
  bankAccountId: string | null;
  status: string;
  filename: string | null;
  rejectionReason: string | null;
  createdAt: string;
}

/** Rejected and ingested uploads (not those still processing), oldest first. */
export async function statementDocumentsOf(
  db: Executor,
  tenantId: string,
  entityId: string,
): Promise<StatementDocumentFacts[]> {
  const rows = await db
    .selectFrom('statement_documents')
    .select(['id', 'bank_account_id', 'status', 'filename', 'rejection_reason', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .where('entity_id', '=', entityId)
    .where('status', 'in', ['rejected', 'ingested'])
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    bankAccountId: row.bank_account_id,
    status: row.status,
    filename: row.filename,
    rejectionReason: row.rejection_reason,
    createdAt: row.created_at,
  }));
}

export interface AccountRowFacts {
  rowCount: number;
  latestDate: string | null;
  /** Rows that need review dated before the cutoff. */
  reviewBacklog: number;
}

/**
 * One bank account's rows: their count and newest date from its row days (kept by triggers, migration
 * 0022), and the filed rows waiting for a person past the cutoff from the review-backlog index alone.
 */
export async function accountRowFacts(
  db: Executor,
  tenantId: string,
  bankAccountId: string,
  reviewCutoff: string,
): Promise<AccountRowFacts> {
  const [totals, backlog] = await Promise.all([
    db
      .selectFrom('bank_account_row_days')
      .select((eb) => [eb.fn.sum<number | string>('row_count').as('rows'), eb.fn.max('date').as('latest')])
      .where('tenant_id', '=', tenantId)
      .where('bank_account_id', '=', bankAccountId)
      .executeTakeFirst(),
    db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<number>().as('rows'))
      .where('tenant_id', '=', tenantId)
      .where('bank_account_id', '=', bankAccountId)
      // Spelled as the partial index's predicate, so that PostgreSQL's planner matches it.
      .where(sql<boolean>`needs_review = 1 and sweep_state <> 'pending'`)
      .where('date', '<', reviewCutoff)
      .executeTakeFirst(),
  ]);
  return {
    rowCount: Number(totals?.rows ?? 0),
    latestDate: (totals?.latest as string | null | undefined) ?? null,
    reviewBacklog: Number(backlog?.rows ?? 0),
  };
}

/** Net debit of one ledger account through `asOf`, from the per-day totals. */
export async function accountNetDebit(
  db: Executor,
  tenantId: string,
  accountId: string,
  currency: string,
  asOf: string,
): Promise<number> {
  const row = await db
    .selectFrom('account_daily_totals')
    .select([exactSum('debit_minor').as('debit'), exactSum('credit_minor').as('credit')])
    .where('tenant_id', '=', tenantId)
    .where('account_id', '=', accountId)
    .where('currency', '=', currency)
    .where('day', '<=', asOf)
    .executeTakeFirst();
  // Exact sums; the score compares the balance with thresholds, for which a double is close enough.
  return Number(toBigInt(row?.debit) - toBigInt(row?.credit));
}
