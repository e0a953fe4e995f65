import type { TransactionsTable } from '../db/schema.ts';

/**
 * Where a row stands in the sweep: `queued` (waiting to be categorized or booked; stored as
 * 'pending', a word the API keeps for rows the bank has not settled), `done`, or `failed` (parked
 * with its error until a human decides it).
 */
/** The category target of a row filed as a transfer between the business's own accounts (booked through transfers in transit). */
export const TRANSFER = 'transfer';

export const SWEEP_STATES = ['queued', 'done', 'failed'] as const;
export type SweepState = (typeof SWEEP_STATES)[number];

/** How a category was decided; `user_override` is a human's and is never re-decided by a machine. */
export type CategorySource = string;

/** One bank row as the rest of the service sees it: camelCase, booleans, its sweep state as a union. */
export interface BankRow {
  /** Insertion order within the database: the sweep's queue order and a page cursor. */
  seq: number;
  id: string;
  tenantId: string;
  entityId: string;
  bankAccountId: string;
  externalId: string;
  contentKey: string;
  /** 'api' (pushed) or 'statement' (an uploaded statement). */
  source: string;
  date: string;
  authorizedDate: string | null;
  /** Positive = money out. */
  amountMinor: number;
  currency: string;
  description: string;
  merchant: string | null;
  merchantKey: string;
  /** The card network's merchant category code (ISO 18245) the feed carried, when it did. */
  merchantCategoryCode: string | null;
  /** The bank has not settled it: categorized, but booked only once settled. */
  pending: boolean;
  /** An account number or "transfer"; null until the sweep or a human decides. */
  categoryTarget: string | null;
  categoryConfidence: number | null;
  categorySource: CategorySource | null;
  transactionType: string | null;
  needsReview: boolean;
  sweepState: SweepState;
  sweepError: string | null;
  sweepFailedAt: string | null;
  journalEntryId: string | null;
  transferPairId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The stored spelling of each sweep state (see SWEEP_STATES). */
export type StoredSweepState = 'pending' | 'done' | 'failed';

export function storedSweepState(state: SweepState): StoredSweepState {
  return state === 'queued' ? 'pending' : state;
}

export function sweepStateOf(stored: string): SweepState {
  if (stored === 'pending') return 'queued';
  if (stored === 'done' || stored === 'failed') return stored;
  throw new Error(`transactions.sweep_state holds "${stored}", not one of pending, done, failed`);
}

/** The row as stored, in whole or in part; only the bank-rows module reads these shapes. */
type StoredRow = Partial<Omit<TransactionsTable, 'seq'>> & { seq?: number };

/** A stored column's name as the BankRow field it becomes (`bank_account_id` → `bankAccountId`). */
export type Camel<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;

/** The columns a listing shows (transaction-view.ts): a list reads these 20 of the row's 29. */
export const LISTED_COLUMNS = [
  'id',
  'bank_account_id',
  'entity_id',
  'date',
  'authorized_date',
  'amount_minor',
  'currency',
  'description',
  'merchant',
  'merchant_category_code',
  'pending',
  'transaction_type',
  'category_target',
  'category_confidence',
  'category_source',
  'needs_review',
  'journal_entry_id',
  'sweep_state',
  'sweep_error',
  'sweep_failed_at',
] as const satisfies ReadonlyArray<keyof TransactionsTable>;
export type ListedFields = Pick<BankRow, Camel<(typeof LISTED_COLUMNS)[number]>>;

/** A listed row read as an array of its values in LISTED_COLUMNS' order (SQLite's JSON page, transactions-store.ts). */
export function listedRowFromValues(
  values: readonly unknown[],
): Pick<TransactionsTable, (typeof LISTED_COLUMNS)[number]> {
  return {
    id: values[0],
    bank_account_id: values[1],
    entity_id: values[2],
    date: values[3],
    authorized_date: values[4],
    amount_minor: values[5],
    currency: values[6],
    description: values[7],
    merchant: values[8],
    merchant_category_code: values[9],
    pending: values[10],
    transaction_type: values[11],
    category_target: values[12],
    category_confidence: values[13],
    category_source: values[14],
    needs_review: values[15],
    journal_entry_id: values[16],
    sweep_state: values[17],
    sweep_error: values[18],
    sweep_failed_at: values[19],
  } as Pick<TransactionsTable, (typeof LISTED_COLUMNS)[number]>;
}

/**
 * The listed columns of a stored row as a BankRow's fields. One literal of a fixed shape: lists and
 * sweep batches map thousands of rows, and an object built key by key from the row's own keys cost
 * 13% of a list request.
 */
export function toListedFields(row: Pick<TransactionsTable, (typeof LISTED_COLUMNS)[number]>): ListedFields {
  return {
    id: row.id,
    bankAccountId: row.bank_account_id,
    entityId: row.entity_id,
    date: row.date,
    authorizedDate: row.authorized_date,
    amountMinor: row.amount_minor,
    currency: row.currency,
    description: row.description,
    merchant: row.merchant,
    merchantCategoryCode: row.merchant_category_code ?? null,
    pending: row.pending === 1,
    transactionType: row.transaction_type,
    categoryTarget: row.category_target,
    categoryConfidence: row.category_confidence,
    categorySource: row.category_source,
    needsReview: row.needs_review === 1,
    journalEntryId: row.journal_entry_id,
    sweepState: sweepStateOf(row.sweep_state),
    sweepError: row.sweep_error ?? null,
    sweepFailedAt: row.sweep_failed_at ?? null,
  };
}

/** A whole stored row (`selectAll`) as a BankRow. */
export function toBankRow(row: Omit<TransactionsTable, 'seq'> & { seq: number }): BankRow {
  return {
    ...toListedFields(row),
    seq: row.seq,
    tenantId: row.tenant_id,
    externalId: row.external_id,
    contentKey: row.content_key,
    source: row.source,
    merchantKey: row.merchant_key,
    transferPairId: row.transfer_pair_id ?? null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * The columns of a stored row a query selected, as the same fields of a BankRow. Columns a query left
 * out stay absent, so a caller that selected a few columns gets a `Pick<BankRow, …>` of exactly those.
 */
export function toBankRowPart<T extends StoredRow>(row: T): BankRow {
  const mapped: Partial<BankRow> = {};
  for (const key in row) {
    const value = row[key] as unknown;
    switch (key) {
      case 'pending':
        mapped.pending = value === 1;
        break;
      case 'needs_review':
        mapped.needsReview = value === 1;
        break;
      case 'sweep_state':
        mapped.sweepState = sweepStateOf(value as string);
        break;
      case 'sweep_error':
        mapped.sweepError = (value as string | null | undefined) ?? null;
        break;
      case 'sweep_failed_at':
        mapped.sweepFailedAt = (value as string | null | undefined) ?? null;
        break;
      case 'transfer_pair_id':
        mapped.transferPairId = (value as string | null | undefined) ?? null;
        break;
      case 'merchant_category_code':
        mapped.merchantCategoryCode = (value as string | null | undefined) ?? null;
        break;
      default:
        (mapped as Record<string, unknown>)[camelCase(key)] = value;
    }
  }
  return mapped as BankRow;
}

const camelNames = new Map<string, string>();
function camelCase(column: string): string {
  let name = camelNames.get(column);
  if (name === undefined) {
    name = column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
    camelNames.set(column, name);
  }
  return name;
}
