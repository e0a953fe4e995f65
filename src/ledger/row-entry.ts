import { ACCOUNT, type AccountCategory } from '../chart/us-chart.ts';
import { listAccounts } from '../chart/accounts-store.ts';
import { TRANSFER, type BankRow } from '../bank-rows/bank-row.ts';
import type { BankAccountsTable } from '../db/schema.ts';
import type { Executor } from '../db/transaction.ts';
import { assertInvariant } from '../errors.ts';
import { bankRowEntry, type EntryDraft } from './posting.ts';

/**
 * Booking a bank row from its category target: the entity's chart as the sweep, corrections and
 * arriving row changes read it, and the entry that books a settled row against its target.
 */
export interface EntityChart {
  byNumber: Map<string, { id: string; category: AccountCategory }>;
  categories: Map<string, AccountCategory>;
}

/** The journal entry that books a settled bank row against its category. */
export function rowEntry(
  tenantId: string,
  row: Pick<BankRow, 'entityId' | 'id' | 'source' | 'date' | 'description' | 'amountMinor' | 'currency'>,
  bankAccount: BankAccountsTable,
  chart: EntityChart,
  target: string,
): EntryDraft {
  const accountNumber = bookingAccountNumber(target);
  const account = chart.byNumber.get(accountNumber);
  assertInvariant(account, `account ${accountNumber} exists in entity ${row.entityId}`);
  return bankRowEntry({
    tenantId,
    entityId: row.entityId,
    transactionId: row.id,
    sourceType: row.source === 'statement' ? 'bank_statement' : 'bank_feed',
    date: row.date,
    description: row.description,
    amountMinor: row.amountMinor,
    currency: row.currency,
    bankLedger: { id: bankAccount.ledger_account_id, accountNumber: bankAccount.ledger_account_number },
    category: { id: account.id, accountNumber },
  });
}

/** The ledger account a category target books against. */
export function bookingAccountNumber(target: string): string {
  return target === TRANSFER ? ACCOUNT.transfersInTransit : target;
}

export async function loadEntityChart(db: Executor, tenantId: string, entityId: string): Promise<EntityChart> {
  const accounts = await listAccounts(db, tenantId, entityId);
  return {
    byNumber: new Map(
      accounts.map((account) => [account.accountNumber, { id: account.id, category: account.category }]),
    ),
    categories: new Map(accounts.map((account) => [account.accountNumber, account.category])),
  };
}
