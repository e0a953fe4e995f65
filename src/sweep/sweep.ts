import { listAccounts } from '../chart/accounts-store.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import type { BankAccountsTable } from '../db/schema.ts';
import { withWriteTransaction, type Executor } from '../db/transaction.ts';
import { assertInvariant } from '../errors.ts';
import { claimSweepBatch, tenantsWithSweepWork, updateSweptRows, type SweepRow } from '../intake/transactions-store.ts';
import { appendEntries } from '../ledger/journal-store.ts';
import type { EntryDraft } from '../ledger/posting.ts';
import { findTenant } from '../tenancy/tenancy-store.ts';
import { applyCurve, SHIPPED_CURVES } from './categorize/calibration.ts';
import { describe, type Categorization } from './categorize/engine.ts';
import { categorizeStoredRows, type TierRuntime } from './categorize/run.ts';
import { serviceTiers, withLlmTier } from './categorize/tiers.ts';
import { consultingLlmTier, rememberedLlmTier, type LlmAnswers } from './categorize/llm/llm-batch-tier.ts';
import type { LlmSettings } from '../config/config.ts';
import { pairRawScore, type PairCandidate } from './categorize/transfers.ts';
import { TRANSFER } from './categorize/types.ts';
import { refile, rowEntry, type EntityChart } from './rebook.ts';

export interface SweepSettings {
  batchSize: number;
  reviewThreshold: number;
  /** The tiers beyond rules and memory; default: the service's own (serviceTiers). */
  tiers?: TierRuntime;
  /** The optional llm tier (config.llm); absent or null: off. */
  llm?: LlmSettings | null;
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
  let runtime = settings.tiers ?? serviceTiers();
  if (settings.llm) runtime = withLlmTier(runtime, rememberedLlmTier(await consultLlm(handle, tenantId, settings, settings.llm, runtime)));
  return withWriteTransaction(handle, async (trx) => {
    const rows = await claimSweepBatch(trx, tenantId, settings.batchSize, handle.dialect === 'postgres');
    if (rows.length === 0) return 0;
    const { reviewThreshold, bankAccounts, charts } = await batchContext(trx, tenantId, rows, settings);
    const now = new Date().toISOString();

    const uncategorized = rows.filter((row) => row.category_target === null);
    const { categorizations, pairs } = await categorizeStoredRows(trx, {
      tenantId, rows: uncategorized, bankAccounts, charts, reviewThreshold, runtime, detectTransfers: true,
    });

    const decided: Array<{ row: SweepRow; categorization: Categorization; draftIndex: number | null }> = [];
    const drafts: EntryDraft[] = [];
    for (const row of rows) {
      assertInvariant(row.tenant_id === tenantId, 'a swept row belongs to the tenant being swept');
      const bankAccount = bankAccounts.get(row.bank_account_id);
      assertInvariant(bankAccount && bankAccount.entity_id === row.entity_id, `row ${row.id} has its bank account in its own entity`);
      const chart = charts.get(row.entity_id)!;
      const categorization = categorizations.get(row.id)
        ?? describe(row.category_target!, row.category_confidence, row.category_source, { accountCategories: chart.categories, reviewThreshold });
      let draftIndex: number | null = null;
      // Pending rows are categorized now and booked once the bank settles them.
      if (row.pending === 0 && row.journal_entry_id === null) {
        draftIndex = drafts.length;
        drafts.push(rowEntry(tenantId, row, bankAccount, chart, categorization.target));
      }
      decided.push({ row, categorization, draftIndex });
    }

    const entryIds = await appendEntries(trx, drafts, now);
    await updateSweptRows(trx, tenantId, decided.map(({ row, categorization, draftIndex }) => ({
      seq: row.seq,
      categoryTarget: categorization.target,
      categoryConfidence: categorization.confidence,
      categorySource: categorization.source,
      transactionType: categorization.transactionType,
      needsReview: categorization.needsReview,
      journalEntryId: draftIndex === null ? row.journal_entry_id : entryIds[draftIndex],
      transferPairId: pairs.get(row.id)?.id,
    })), now);
    await fileCounterparts(trx, tenantId, pairs, new Map(rows.map((row) => [row.id, row])), bankAccounts, charts, reviewThreshold, now);
    return rows.length;
  });
}

/**
 * The earlier leg of a transfer found now was swept before: it is linked, and unless a human filed
 * it, re-filed as a transfer (reversal and a new entry).
 */
async function fileCounterparts(trx: Executor, tenantId: string, pairs: Map<string, PairCandidate>, inBatch: Map<string, SweepRow>, bankAccounts: ReadonlyMap<string, BankAccountsTable>, charts: Map<string, EntityChart>, reviewThreshold: number, now: string): Promise<void> {
  const outside = [...pairs].filter(([, counterpart]) => !inBatch.has(counterpart.id));
  if (outside.length === 0) return;
  const counterparts = await trx.selectFrom('transactions').selectAll().where('tenant_id', '=', tenantId)
    .where('id', 'in', outside.map(([, counterpart]) => counterpart.id)).execute();
  const partnerOf = new Map(outside.map(([rowId, counterpart]) => [counterpart.id, rowId]));
  for (const counterpart of counterparts) {
    const partnerId = partnerOf.get(counterpart.id)!;
    if (counterpart.category_source === 'user_override' || counterpart.category_target === TRANSFER || counterpart.category_target === null) {
      await trx.updateTable('transactions').set({ transfer_pair_id: partnerId }).where('tenant_id', '=', tenantId).where('id', '=', counterpart.id).execute();
      continue;
    }
    let chart = charts.get(counterpart.entity_id);
    if (!chart) {
      chart = await loadChart(trx, tenantId, counterpart.entity_id);
      charts.set(counterpart.entity_id, chart);
    }
    const confidence = applyCurve(SHIPPED_CURVES.transfer, pairRawScore(counterpart, inBatch.get(partnerId)!));
    const categorization = describe(TRANSFER, confidence, 'regex', { accountCategories: chart.categories, reviewThreshold });
    await refile(trx, tenantId, counterpart, bankAccounts.get(counterpart.bank_account_id)!, chart, categorization, now, { transferPairId: partnerId });
  }
}

/**
 * The read-only pre-pass for the llm tier: categorizes the batch the transaction is about to claim
 * with every tier, so the model is asked about exactly the rows no other tier decides with
 * confidence, and returns its answers. Nothing is locked meanwhile; on PostgreSQL two workers may
 * ask about the same rows, and the budget counts both.
 */
async function consultLlm(handle: DatabaseHandle, tenantId: string, settings: SweepSettings, llm: LlmSettings, runtime: TierRuntime): Promise<LlmAnswers> {
  const answers: LlmAnswers = new Map();
  const rows = (await claimSweepBatch(handle.db, tenantId, settings.batchSize, false)).filter((row) => row.category_target === null);
  if (rows.length === 0) return answers;
  const { reviewThreshold, bankAccounts, charts } = await batchContext(handle.db, tenantId, rows, settings);
  await categorizeStoredRows(handle.db, {
    tenantId, rows, bankAccounts, charts, reviewThreshold, runtime: withLlmTier(runtime, consultingLlmTier(handle.db, llm, answers)), detectTransfers: true,
  });
  return answers;
}

async function batchContext(db: Executor, tenantId: string, rows: readonly SweepRow[], settings: SweepSettings) {
  const tenant = await findTenant(db, tenantId);
  assertInvariant(tenant, `tenant ${tenantId} of waiting rows exists`);
  const charts = new Map<string, EntityChart>();
  for (const entityId of new Set(rows.map((row) => row.entity_id))) charts.set(entityId, await loadChart(db, tenantId, entityId));
  return { reviewThreshold: tenant.review_threshold ?? settings.reviewThreshold, bankAccounts: await tenantBankAccounts(db, tenantId), charts };
}

async function tenantBankAccounts(trx: Executor, tenantId: string): Promise<Map<string, BankAccountsTable>> {
  const accounts = await trx.selectFrom('bank_accounts').selectAll().where('tenant_id', '=', tenantId).execute();
  return new Map(accounts.map((account) => [account.id, account]));
}

export async function loadChart(db: Executor, tenantId: string, entityId: string): Promise<EntityChart> {
  const accounts = await listAccounts(db, tenantId, entityId);
  return {
    byNumber: new Map(accounts.map((account) => [account.accountNumber, { id: account.id, category: account.category }])),
    categories: new Map(accounts.map((account) => [account.accountNumber, account.category])),
  };
}
