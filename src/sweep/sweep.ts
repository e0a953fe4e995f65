import { listAccounts } from '../chart/accounts-store.ts';
import type { AccountCategory } from '../chart/us-chart.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { withWriteTransaction, type Executor } from '../db/transaction.ts';
import { assertInvariant } from '../errors.ts';
import { findBankAccountsByIds } from '../intake/bank-accounts-store.ts';
import { claimSweepBatch, tenantsWithSweepWork, updateCategorization, type TransactionRow } from '../intake/transactions-store.ts';
import { appendEntries } from '../ledger/journal-store.ts';
import { bankRowEntry, type EntryDraft } from '../ledger/posting.ts';
import { findTenant } from '../tenancy/tenancy-store.ts';
import type { BankAccountKind } from './categorize/types.ts';
import { bookingAccountNumber, categorize, describe, type Categorization } from './categorizer.ts';
import { findPreferences } from './memory-store.ts';

export interface SweepSettings {
  batchSize: number;
  reviewThreshold: number;
}

interface EntityChart {
  byNumber: Map<string, { id: string; category: AccountCategory }>;
  categories: Map<string, AccountCategory>;
}

/**
 * One pass of the sweep: for each tenant with waiting rows, claim a batch, categorize what is
 * uncategorized, book what is settled and unbooked, all in one transaction per batch. The rows
 * themselves are the queue, so a crash loses nothing: an uncommitted batch is simply still waiting.
 * Returns how many rows were processed.
 */
export async function sweepOnce(handle: DatabaseHandle, settings: SweepSettings): Promise<number> {
  const tenants = await tenantsWithSweepWork(handle.db, 100);
  let processed = 0;
  for (const tenantId of tenants) processed += await sweepTenantBatch(handle, tenantId, settings);
  return processed;
}

async function sweepTenantBatch(handle: DatabaseHandle, tenantId: string, settings: SweepSettings): Promise<number> {
  return withWriteTransaction(handle, async (trx) => {
    const rows = await claimSweepBatch(trx, tenantId, settings.batchSize, handle.dialect === 'postgres');
    if (rows.length === 0) return 0;
    const tenant = await findTenant(trx, tenantId);
    assertInvariant(tenant, `tenant ${tenantId} of waiting rows exists`);
    const reviewThreshold = tenant.review_threshold ?? settings.reviewThreshold;
    const now = new Date().toISOString();

    const bankAccounts = new Map((await findBankAccountsByIds(trx, tenantId, [...new Set(rows.map((row) => row.bank_account_id))])).map((account) => [account.id, account]));
    const charts = new Map<string, EntityChart>();
    const preferences = new Map<string, Awaited<ReturnType<typeof findPreferences>>>();
    for (const entityId of new Set(rows.map((row) => row.entity_id))) {
      charts.set(entityId, await loadChart(trx, tenantId, entityId));
      const keys = rows.filter((row) => row.entity_id === entityId && row.category_target === null).map((row) => row.merchant_key);
      preferences.set(entityId, await findPreferences(trx, tenantId, entityId, keys));
    }

    const decided: Array<{ row: TransactionRow; categorization: Categorization; draftIndex: number | null }> = [];
    const drafts: EntryDraft[] = [];
    for (const row of rows) {
      assertInvariant(row.tenant_id === tenantId, 'a swept row belongs to the tenant being swept');
      const bankAccount = bankAccounts.get(row.bank_account_id);
      assertInvariant(bankAccount && bankAccount.entity_id === row.entity_id, `row ${row.id} has its bank account in its own entity`);
      const chart = charts.get(row.entity_id)!;
      const context = { accountCategories: chart.categories, reviewThreshold };
      const categorization = row.category_target !== null
        ? describe(row.category_target, row.category_confidence, row.category_source, context)
        : categorize({
          tenantId,
          entityId: row.entity_id,
          transactionId: row.id,
          date: row.date,
          description: row.description,
          merchant: row.merchant,
          amountMinor: row.amount_minor,
          currency: row.currency,
          direction: row.amount_minor > 0 ? 'out' : 'in',
          bankAccountKind: bankAccount.kind as BankAccountKind,
        }, { ...context, preference: preferences.get(row.entity_id)!.get(row.merchant_key) });
      let draftIndex: number | null = null;
      // Pending rows are categorized now and booked once the bank settles them.
      if (row.pending === 0 && row.journal_entry_id === null) {
        const account = chart.byNumber.get(bookingAccountNumber(categorization.target));
        assertInvariant(account, `account ${categorization.target} exists in entity ${row.entity_id}`);
        draftIndex = drafts.length;
        drafts.push(bankRowEntry({
          tenantId,
          entityId: row.entity_id,
          transactionId: row.id,
          sourceType: row.source === 'statement' ? 'bank_statement' : 'bank_feed',
          date: row.date,
          description: row.description,
          amountMinor: row.amount_minor,
          currency: row.currency,
          bankLedger: { id: bankAccount.ledger_account_id, accountNumber: bankAccount.ledger_account_number },
          category: { id: account.id, accountNumber: bookingAccountNumber(categorization.target) },
        }));
      }
      decided.push({ row, categorization, draftIndex });
    }

    const entryIds = await appendEntries(trx, drafts, now);
    for (const { row, categorization, draftIndex } of decided) {
      await updateCategorization(trx, tenantId, row.id, {
        category_target: categorization.target,
        category_confidence: categorization.confidence,
        category_source: categorization.source,
        transaction_type: categorization.transactionType,
        needs_review: categorization.needsReview ? 1 : 0,
        sweep_state: 'done',
        journal_entry_id: draftIndex === null ? row.journal_entry_id : entryIds[draftIndex],
        updated_at: now,
      });
    }
    return rows.length;
  });
}

export async function loadChart(db: Executor, tenantId: string, entityId: string): Promise<EntityChart> {
  const accounts = await listAccounts(db, tenantId, entityId);
  return {
    byNumber: new Map(accounts.map((account) => [account.accountNumber, { id: account.id, category: account.category }])),
    categories: new Map(accounts.map((account) => [account.accountNumber, account.category])),
  };
}
