import { assertInvariant } from '../errors.ts';

export type JournalSourceType = 'bank_feed' | 'bank_statement' | 'opening_balance';

export interface PostingLine {
  accountId: string;
  accountNumber: string;
  debitMinor: number | null;
  creditMinor: number | null;
  currency: string;
  memo: string | null;
}

export interface EntryDraft {
  tenantId: string;
  entityId: string;
  entryDate: string;
  description: string;
  sourceType: JournalSourceType;
  sourceId: string | null;
  reversesEntryId: string | null;
  lines: PostingLine[];
}

export interface AccountRef {
  id: string;
  accountNumber: string;
}

/**
 * The journal's invariants, checked before anything is written: at least two lines; each line one
 * positive integer amount on exactly one side; debits equal credits in every currency.
 */
export function assertBalanced(draft: EntryDraft): void {
  assertInvariant(draft.lines.length >= 2, `entry "${draft.description}" has fewer than two lines`);
  const net = new Map<string, number>();
  for (const line of draft.lines) {
    const amount = line.debitMinor ?? line.creditMinor;
    assertInvariant(
      (line.debitMinor === null) !== (line.creditMinor === null),
      'a line carries a debit or a credit, never both or neither',
    );
    assertInvariant(
      Number.isSafeInteger(amount) && (amount as number) > 0,
      `line amount ${amount} must be a positive integer of minor units`,
    );
    net.set(line.currency, (net.get(line.currency) ?? 0) + (line.debitMinor ?? 0) - (line.creditMinor ?? 0));
  }
  for (const [currency, difference] of net) {
    assertInvariant(difference === 0, `entry "${draft.description}" is off by ${difference} ${currency} minor units`);
  }
}

/**
 * A bank row against its category. Money out (positive amount) credits the bank's ledger account
 * and debits the category; money in does the reverse. The same rule holds for credit cards, whose
 * ledger account is a liability: a charge credits it (the debt grows), a payment debits it.
 */
export function bankRowEntry(params: {
  tenantId: string;
  entityId: string;
  transactionId: string;
  sourceType: JournalSourceType;
  date: string;
  description: string;
  amountMinor: number;
  currency: string;
  bankLedger: AccountRef;
  category: AccountRef;
}): EntryDraft {
  const magnitude = Math.abs(params.amountMinor);
  const moneyOut = params.amountMinor > 0;
  const debit = moneyOut ? params.category : params.bankLedger;
  const credit = moneyOut ? params.bankLedger : params.category;
  const draft: EntryDraft = {
    tenantId: params.tenantId,
    entityId: params.entityId,
    entryDate: params.date,
    description: params.description,
    sourceType: params.sourceType,
    sourceId: params.transactionId,
    reversesEntryId: null,
    lines: [
      {
        accountId: debit.id,
        accountNumber: debit.accountNumber,
        debitMinor: magnitude,
        creditMinor: null,
        currency: params.currency,
        memo: null,
      },
      {
        accountId: credit.id,
        accountNumber: credit.accountNumber,
        debitMinor: null,
        creditMinor: magnitude,
        currency: params.currency,
        memo: null,
      },
    ],
  };
  assertBalanced(draft);
  return draft;
}

/**
 * A declared opening balance against Opening Balance Equity. For a bank account a positive balance
 * is money held (debit the asset); for a card it is money owed (credit the liability).
 */
export function openingBalanceEntry(params: {
  tenantId: string;
  entityId: string;
  bankAccountId: string;
  date: string;
  description: string;
  balanceMinor: number;
  currency: string;
  isCredit: boolean;
  bankLedger: AccountRef;
  openingEquity: AccountRef;
}): EntryDraft {
  const magnitude = Math.abs(params.balanceMinor);
  // Held money on a deposit account, or a credit balance on a card, debits the bank ledger account.
  const debitsBank = params.isCredit ? params.balanceMinor < 0 : params.balanceMinor > 0;
  const debit = debitsBank ? params.bankLedger : params.openingEquity;
  const credit = debitsBank ? params.openingEquity : params.bankLedger;
  const draft: EntryDraft = {
    tenantId: params.tenantId,
    entityId: params.entityId,
    entryDate: params.date,
    description: params.description,
    sourceType: 'opening_balance',
    sourceId: params.bankAccountId,
    reversesEntryId: null,
    lines: [
      {
        accountId: debit.id,
        accountNumber: debit.accountNumber,
        debitMinor: magnitude,
        creditMinor: null,
        currency: params.currency,
        memo: 'Opening balance',
      },
      {
        accountId: credit.id,
        accountNumber: credit.accountNumber,
        debitMinor: null,
        creditMinor: magnitude,
        currency: params.currency,
        memo: 'Opening balance',
      },
    ],
  };
  assertBalanced(draft);
  return draft;
}

/** The mirror image of an entry, dated like the original so every period's figures are corrected. */
export function reversalOf(original: {
  id: string;
  entryDate: string;
  description: string;
  sourceType: JournalSourceType;
  sourceId: string | null;
  tenantId: string;
  entityId: string;
  lines: PostingLine[];
}): EntryDraft {
  const draft: EntryDraft = {
    tenantId: original.tenantId,
    entityId: original.entityId,
    entryDate: original.entryDate,
    description: `Reversal: ${original.description}`,
    sourceType: original.sourceType,
    sourceId: original.sourceId,
    reversesEntryId: original.id,
    lines: original.lines.map((line) => ({ ...line, debitMinor: line.creditMinor, creditMinor: line.debitMinor })),
  };
  assertBalanced(draft);
  return draft;
}
