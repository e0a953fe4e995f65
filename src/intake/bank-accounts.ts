import { sql } from 'kysely';
import { accountNumbersInRange, findAccountByNumber, insertAccount, renameAccount } from '../chart/accounts-store.ts';
import { ACCOUNT } from '../chart/us-chart.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import type { BankAccountsTable } from '../db/schema.ts';
import { withWriteTransaction, type Executor } from '../db/transaction.ts';
import { assertInvariant, conflict, invalid } from '../errors.ts';
import { post } from '../ledger/journal.ts';
import { openingBalanceEntry } from '../ledger/posting.ts';
import { AmountError, exactMajorUnits, toMajorUnits, toMinorUnits, type MajorAmount } from '../money/minor-units.ts';
import { isKnownCurrency } from '../money/currency.ts';
import { newId } from '../shared/ids.ts';
import { resolveEntity } from '../tenancy/tenants.ts';
import * as store from '../bank-rows/bank-accounts-store.ts';

/**
 * `trust`: a depository account holding money that belongs to others (a law firm's IOLTA, a property manager's owners'
 * trust, an escrow account). It is cash of the business's books, but what comes into it is owed to those people.
 */
export const BANK_ACCOUNT_KINDS = ['checking', 'savings', 'credit_card', 'trust'] as const;
export type BankAccountKind = (typeof BANK_ACCOUNT_KINDS)[number];
export const MAX_ACCOUNTS_PER_CALL = 20;

/** Each kind's ledger parent and the range its own sub-accounts take in the chart. */
const LEDGER_RANGES: Record<
  BankAccountKind,
  { parent: string; first: number; last: number; type: 'depository' | 'credit' }
> = {
  checking: { parent: ACCOUNT.operatingBankParent, first: 1011, last: 1049, type: 'depository' },
  savings: { parent: ACCOUNT.savingsParent, first: 1051, last: 1099, type: 'depository' },
  credit_card: { parent: ACCOUNT.creditCardParent, first: 2101, last: 2199, type: 'credit' },
  // The chart has no parent of its own for trust cash: it takes numbers beside the checking accounts.
  trust: { parent: ACCOUNT.operatingBankParent, first: 1011, last: 1049, type: 'depository' },
};

export function isCreditKind(kind: string): boolean {
  return LEDGER_RANGES[kind as BankAccountKind]?.type === 'credit';
}

export interface BankAccountInput {
  externalId: string;
  name: string;
  kind?: string;
  currency: string;
  /** Omitted: leave as is. Null: remove the declared opening balance. */
  openingBalance?: number | null;
  openingBalanceDate?: string | null;
}

export interface BankAccountView {
  id: string;
  entityId: string;
  externalAccountId: string;
  institutionName: string;
  name: string;
  currency: string;
  kind: string;
  type: string;
  openingBalance: number | null;
  openingBalanceDate: string | null;
  derivedBalance: MajorAmount | null;
  currentBalance: number | null;
  ledgerMapped: boolean;
  ledgerAccountNumber: string | null;
}

export interface ValidatedAccount {
  index: number;
  externalId: string;
  name: string;
  kind: BankAccountKind;
  currency: string;
  opening: { minor: number; date: string } | null | undefined;
}

function validateAccounts(accounts: BankAccountInput[]): ValidatedAccount[] {
  if (accounts.length === 0) throw invalid('accounts: at least one account');
  if (accounts.length > MAX_ACCOUNTS_PER_CALL)
    throw invalid(`accounts: at most ${MAX_ACCOUNTS_PER_CALL} per call (got ${accounts.length})`);
  const seen = new Set<string>();
  return accounts.map((account, index) => {
    const field = (name: string) => `accounts[${index}].${name}`;
    if (seen.has(account.externalId))
      throw invalid(`${field('externalId')}: "${account.externalId}" appears twice in this call`);
    seen.add(account.externalId);
    const kind = (account.kind ?? 'checking') as BankAccountKind;
    if (!BANK_ACCOUNT_KINDS.includes(kind))
      throw invalid(`${field('kind')}: must be one of ${BANK_ACCOUNT_KINDS.join(', ')}`);
    if (!isKnownCurrency(account.currency))
      throw invalid(`${field('currency')}: "${account.currency}" is not an ISO 4217 currency code`);
    let opening: ValidatedAccount['opening'];
    if (account.openingBalance === null) {
      opening = null;
    } else if (account.openingBalance !== undefined) {
      if (!account.openingBalanceDate) throw invalid(`${field('openingBalanceDate')}: required with openingBalance`);
      try {
        opening = { minor: toMinorUnits(account.openingBalance, account.currency), date: account.openingBalanceDate };
      } catch (error) {
        if (error instanceof AmountError) throw invalid(`${field('openingBalance')}: ${error.message}`);
        throw error;
      }
    } else if (account.openingBalanceDate) {
      throw invalid(`${field('openingBalance')}: required with openingBalanceDate`);
    }
    return {
      index,
      externalId: account.externalId,
      name: account.name.trim(),
      kind,
      currency: account.currency,
      opening,
    };
  });
}

/**
 * Creates or updates manual bank accounts of one institution. Each new account gets its own ledger
 * account under its kind's parent; a declared opening balance is posted once against Opening Balance
 * Equity, and a changed one replaces the old posting by reversal. Safe to repeat.
 */
export async function upsertBankAccounts(
  handle: DatabaseHandle,
  tenantId: string,
  input: { institutionName: string; entityId?: string; accounts: BankAccountInput[] },
): Promise<{ institutionName: string; accounts: BankAccountView[] }> {
  const institutionName = input.institutionName.trim();
  if (!institutionName) throw invalid('institutionName: must not be empty');
  const accounts = validateAccounts(input.accounts);
  const entity = await resolveEntity(handle, tenantId, input.entityId);
  const now = new Date().toISOString();

  const ids = await withWriteTransaction(handle, async (trx) => {
    // Two concurrent calls must not hand out the same ledger number.
    if (handle.dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${entity.id}))`.execute(trx);
    const existing = await store.findBankAccountsByExternalIds(
      trx,
      tenantId,
      institutionName,
      accounts.map((account) => account.externalId),
    );
    const byExternalId = new Map(existing.map((row) => [row.external_id, row]));
    const openingEquity = await findAccountByNumber(trx, tenantId, entity.id, ACCOUNT.openingBalanceEquity);
    assertInvariant(openingEquity, `entity ${entity.id} has account ${ACCOUNT.openingBalanceEquity}`);
    const resultIds: string[] = [];
    for (const account of accounts) {
      const field = (name: string) => `accounts[${account.index}].${name}`;
      let row = byExternalId.get(account.externalId);
      if (row) {
        if (row.entity_id !== entity.id)
          throw conflict(`${field('externalId')}: "${account.externalId}" belongs to another entity`);
        if (row.kind !== account.kind)
          throw conflict(`${field('kind')}: the account is ${row.kind}; a kind cannot change once created`);
        if (row.currency !== account.currency)
          throw conflict(`${field('currency')}: the account is in ${row.currency}; its currency cannot change`);
        if (row.name !== account.name) {
          await store.updateBankAccount(trx, tenantId, row.id, { name: account.name, updated_at: now });
          await renameAccount(trx, tenantId, row.ledger_account_id, `${institutionName} ${account.name}`);
        }
      } else {
        row = await createBankAccount(trx, tenantId, entity.id, entity.country, institutionName, account, now);
      }
      if (account.opening !== undefined) await applyOpeningBalance(trx, row, account.opening, openingEquity, now);
      resultIds.push(row.id);
    }
    return resultIds;
  });

  const rows = await store.findBankAccountsByIds(handle.db, tenantId, ids);
  const views = await toBankAccountViews(handle.db, tenantId, rows);
  const byId = new Map(views.map((view) => [view.id, view]));
  return { institutionName, accounts: ids.map((id) => byId.get(id)!) };
}

/** `source` is 'manual' for POST /bank-accounts, 'statement' for accounts a statement upload introduced, 'feed' for accounts a bank connection introduced. */
export async function createBankAccount(
  trx: Executor,
  tenantId: string,
  entityId: string,
  country: string,
  institutionName: string,
  account: ValidatedAccount,
  now: string,
  source: 'manual' | 'statement' | 'feed' = 'manual',
): Promise<BankAccountsTable> {
  const range = LEDGER_RANGES[account.kind];
  const taken = await accountNumbersInRange(trx, tenantId, entityId, String(range.first), String(range.last));
  let ledgerNumber: string | undefined;
  for (let number = range.first; number <= range.last; number++) {
    if (!taken.has(String(number))) {
      ledgerNumber = String(number);
      break;
    }
  }
  if (!ledgerNumber)
    throw conflict(
      `accounts[${account.index}]: no ledger number left for ${account.kind} accounts (${range.first}-${range.last} are all taken)`,
    );
  const ledger = await insertAccount(
    trx,
    {
      tenantId,
      entityId,
      accountNumber: ledgerNumber,
      name: `${institutionName} ${account.name}`,
      category: range.type === 'credit' ? 'liability' : 'asset',
      country,
      isActive: true,
      parentNumber: range.parent,
    },
    now,
  );
  const row: BankAccountsTable = {
    id: newId(),
    tenant_id: tenantId,
    entity_id: entityId,
    institution_name: institutionName,
    external_id: account.externalId,
    name: account.name,
    kind: account.kind,
    type: range.type,
    currency: account.currency,
    source,
    opening_balance_minor: null,
    opening_balance_date: null,
    opening_entry_id: null,
    current_balance_minor: null,
    ledger_account_id: ledger.id,
    ledger_account_number: ledger.accountNumber,
    created_at: now,
    updated_at: now,
  };
  await store.insertBankAccount(trx, row);
  return row;
}

/** Posts, replaces (by reversal) or removes (by reversal) the opening balance; unchanged is a no-op. */
export async function applyOpeningBalance(
  trx: Executor,
  row: BankAccountsTable,
  opening: { minor: number; date: string } | null,
  openingEquity: { id: string; accountNumber: string },
  now: string,
): Promise<void> {
  const unchanged =
    opening === null
      ? row.opening_balance_minor === null
      : row.opening_balance_minor === opening.minor && row.opening_balance_date === opening.date;
  if (unchanged) return;
  const superseded = row.opening_entry_id ? [row.opening_entry_id] : [];
  const drafts =
    opening && opening.minor !== 0
      ? [
          openingBalanceEntry({
            tenantId: row.tenant_id,
            entityId: row.entity_id,
            bankAccountId: row.id,
            date: opening.date,
            description: `Opening balance: ${row.institution_name} ${row.name}`,
            balanceMinor: opening.minor,
            currency: row.currency,
            isCredit: row.type === 'credit',
            bankLedger: { id: row.ledger_account_id, accountNumber: row.ledger_account_number },
            openingEquity,
          }),
        ]
      : [];
  const [entryId] = await post(trx, row.tenant_id, drafts, superseded, now);
  const changes = {
    opening_balance_minor: opening?.minor ?? null,
    opening_balance_date: opening?.date ?? null,
    opening_entry_id: entryId ?? null,
    updated_at: now,
  };
  await store.updateBankAccount(trx, row.tenant_id, row.id, changes);
  Object.assign(row, changes);
}

export async function listBankAccountViews(
  handle: DatabaseHandle,
  tenantId: string,
  entityId: string | undefined,
): Promise<BankAccountView[]> {
  const entity = await resolveEntity(handle, tenantId, entityId);
  const rows = await store.listBankAccounts(handle.readDb, tenantId, entity.id);
  return toBankAccountViews(handle.readDb, tenantId, rows);
}

/** Accounts the service keeps itself (created by hand or by a statement) roll their balance forward; feeds report theirs. */
const hasDerivedBalance = (source: string) => source === 'manual' || source === 'statement';

async function toBankAccountViews(
  db: Executor,
  tenantId: string,
  rows: BankAccountsTable[],
): Promise<BankAccountView[]> {
  const net = await store.settledNetByAccount(
    db,
    tenantId,
    rows.filter((row) => hasDerivedBalance(row.source)).map((row) => row.id),
  );
  return rows.map((row) => {
    const opening = BigInt(row.opening_balance_minor ?? 0);
    const settled = net.get(row.id) ?? 0n;
    // Rows are positive when money goes out: that lowers a deposit balance and raises a card's debt.
    const derivedMinor = row.type === 'credit' ? opening + settled : opening - settled;
    return {
      id: row.id,
      entityId: row.entity_id,
      externalAccountId: row.external_id,
      institutionName: row.institution_name,
      name: row.name,
      currency: row.currency,
      kind: row.kind,
      type: row.type,
      openingBalance: row.opening_balance_minor === null ? null : toMajorUnits(row.opening_balance_minor, row.currency),
      openingBalanceDate: row.opening_balance_date,
      derivedBalance: hasDerivedBalance(row.source) ? exactMajorUnits(derivedMinor, row.currency) : null,
      currentBalance: row.current_balance_minor === null ? null : toMajorUnits(row.current_balance_minor, row.currency),
      ledgerMapped: true,
      ledgerAccountNumber: row.ledger_account_number,
    };
  });
}
