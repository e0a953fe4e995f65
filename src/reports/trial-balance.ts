import { listAccounts } from '../chart/accounts-store.ts';
import { isDebitNormal } from '../chart/us-chart.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { assertInvariant, invalid } from '../errors.ts';
import { cumulativeTotals } from '../ledger/journal-store.ts';
import { isKnownCurrency } from '../money/currency.ts';
import { exactMajorUnits, type MajorAmount } from '../money/minor-units.ts';
import { resolveEntity } from '../tenancy/tenants.ts';

export interface TrialBalanceRow {
  accountNumber: string;
  name: string;
  category: string;
  isActive: boolean;
  debit: MajorAmount;
  credit: MajorAmount;
  balance: MajorAmount;
}

export interface TrialBalance {
  asOf: string;
  entityId: string;
  currency: string;
  accounts: TrialBalanceRow[];
  totals: { debit: MajorAmount; credit: MajorAmount };
}

/**
 * Cumulative debits and credits per account through `asOf` (inclusive), read from the per-day totals
 * that posting maintains, so the cost grows with accounts × days, not with journal lines. Amounts are
 * in one currency (the entity's unless asked otherwise): entries are balanced per currency and the
 * service does not convert between currencies. Sums are bigints: exact past 2^53 minor units.
 */
export async function trialBalance(
  handle: DatabaseHandle,
  tenantId: string,
  query: { asOf: string; entityId?: string; currency?: string },
): Promise<TrialBalance> {
  const entity = await resolveEntity(handle, tenantId, query.entityId);
  const currency = query.currency ?? entity.base_currency;
  if (!isKnownCurrency(currency)) throw invalid(`currency: "${currency}" is not an ISO 4217 currency code`);
  const [accounts, totals] = await Promise.all([
    listAccounts(handle.readDb, tenantId, entity.id),
    cumulativeTotals(handle.readDb, tenantId, entity.id, query.asOf),
  ]);
  const byAccount = new Map(
    totals.filter((total) => total.currency === currency).map((total) => [total.accountId, total]),
  );
  let debitTotal = 0n;
  let creditTotal = 0n;
  const rows: TrialBalanceRow[] = [];
  for (const account of accounts) {
    const total = byAccount.get(account.id);
    const debitMinor = total?.debitMinor ?? 0n;
    const creditMinor = total?.creditMinor ?? 0n;
    if (!account.isActive && debitMinor === 0n && creditMinor === 0n) continue;
    debitTotal += debitMinor;
    creditTotal += creditMinor;
    rows.push({
      accountNumber: account.accountNumber,
      name: account.name,
      category: account.category,
      isActive: account.isActive,
      debit: exactMajorUnits(debitMinor, currency),
      credit: exactMajorUnits(creditMinor, currency),
      balance: exactMajorUnits(
        isDebitNormal(account.category) ? debitMinor - creditMinor : creditMinor - debitMinor,
        currency,
      ),
    });
  }
  assertInvariant(
    debitTotal === creditTotal,
    `trial balance of entity ${entity.id} as of ${query.asOf}: debits ${debitTotal} ≠ credits ${creditTotal}`,
  );
  return {
    asOf: query.asOf,
    entityId: entity.id,
    currency,
    accounts: rows,
    totals: { debit: exactMajorUnits(debitTotal, currency), credit: exactMajorUnits(creditTotal, currency) },
  };
}
