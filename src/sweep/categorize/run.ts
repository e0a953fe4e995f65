import type { BankAccountsTable } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';
import { addDays } from '../../shared/dates.ts';
import type { BankRow } from '../../bank-rows/bank-row.ts';
import type { SweepRow } from '../../bank-rows/sweep-queue.ts';
import { rowsWithAmountsBetween, type TransferLeg } from '../../bank-rows/transactions-store.ts';
import { findPreferences } from '../memory-store.ts';
import type { EntityChart } from '../../ledger/row-entry.ts';
import { cleanDescriptor } from '../../descriptor/descriptor.ts';
import {
  categorizeRows,
  type BatchTier,
  type Candidate,
  type Categorization,
  type EngineRow,
  type RowTier,
  type TransferEvidence,
} from './engine.ts';
import { listRules } from './rules-store.ts';
import { compileRules } from './tenant-rules.ts';
import {
  cardTokens,
  matchTransferPairs,
  pairRawScore,
  paysHeldCard,
  TRANSFER_WINDOW_DAYS,
  type PairCandidate,
} from './transfers.ts';
import { TRANSFER, type BankAccountKind } from './types.ts';
import type { Industry, Regime } from '../../tenancy/entity-profile.ts';

/** The tiers beyond the rules and the memory, as the running service has them. */
export interface TierRuntime {
  directory?: RowTier;
  /** rag and llm for one tenant's entity, in that order. */
  batchTiers?: (trx: Executor, tenantId: string, entityId: string) => readonly BatchTier[];
  observe?: (row: EngineRow, candidates: readonly Candidate[]) => void;
}

export interface CategorizeRequest {
  tenantId: string;
  rows: readonly SweepRow[];
  bankAccounts: ReadonlyMap<string, BankAccountsTable>;
  charts: ReadonlyMap<string, EntityChart>;
  reviewThreshold: number;
  runtime: TierRuntime;
  /** Look for the other leg of a transfer among the tenant's rows (the sweep does; a re-decision after a correction does not). */
  detectTransfers: boolean;
}

export interface CategorizeOutcome {
  categorizations: Map<string, Categorization>;
  /** Row id → the id of the other leg, for every pair found (both directions when both legs were in `rows`). */
  pairs: Map<string, PairCandidate>;
}

export function toEngineRow(
  tenantId: string,
  row: Pick<
    BankRow,
    'entityId' | 'id' | 'date' | 'description' | 'merchant' | 'amountMinor' | 'currency' | 'merchantKey'
  > & { merchantCategoryCode?: string | null },
  bankAccountKind: BankAccountKind,
): EngineRow {
  const descriptor = cleanDescriptor(row.description, row.merchant);
  return {
    tenantId,
    entityId: row.entityId,
    transactionId: row.id,
    date: row.date,
    description: row.description,
    merchant: row.merchant,
    merchantCategoryCode: row.merchantCategoryCode ?? null,
    amountMinor: row.amountMinor,
    currency: row.currency,
    direction: row.amountMinor > 0 ? 'out' : 'in',
    bankAccountKind,
    merchantKey: row.merchantKey,
    cleanedDescriptor: descriptor.cleaned,
    descriptor,
  };
}

export async function categorizeStoredRows(trx: Executor, request: CategorizeRequest): Promise<CategorizeOutcome> {
  const { tenantId, rows } = request;
  const categorizations = new Map<string, Categorization>();
  if (rows.length === 0) return { categorizations, pairs: new Map() };
  const tenantRules = compileRules(await listRules(trx, tenantId));
  const pairs = request.detectTransfers
    ? await findTransferPairs(trx, tenantId, rows, request.bankAccounts)
    : new Map<string, PairCandidate>();
  const heldCards = [...request.bankAccounts.values()].filter((account) => account.kind === 'credit_card');

  for (const entityId of new Set(rows.map((row) => row.entityId))) {
    const entityRows = rows.filter((row) => row.entityId === entityId);
    const chart = request.charts.get(entityId)!;
    const preferences = await findPreferences(
      trx,
      tenantId,
      entityId,
      entityRows.map((row) => row.merchantKey),
    );
    const cardTokenLists = heldCards
      .filter((card) => card.entity_id === entityId)
      .map((card) =>
        cardTokens({ institutionName: card.institution_name, name: card.name, externalId: card.external_id }),
      );
    const profile = await entityProfileForCategorizing(trx, tenantId, entityId);
    const engineRows = entityRows.map((row) => ({
      ...toEngineRow(tenantId, row, request.bankAccounts.get(row.bankAccountId)!.kind as BankAccountKind),
      ...profile,
      transferLegFound: request.detectTransfers ? pairs.has(row.id) || Boolean(row.transferPairId) : undefined,
    }));
    const transfers = new Map<string, TransferEvidence>();
    for (const row of engineRows) {
      const pair = pairs.get(row.transactionId);
      if (pair) transfers.set(row.transactionId, { rawScore: pairRawScore(row, pair), detail: `pair ${pair.id}` });
      else if (paysHeldCard(row, cardTokenLists))
        transfers.set(row.transactionId, { rawScore: 0.9, detail: 'pays a held card' });
    }
    const decided = await categorizeRows(engineRows, {
      accountCategories: chart.categories,
      reviewThreshold: request.reviewThreshold,
      tenantRules,
      preferences,
      transfers,
      directory: request.runtime.directory,
      batchTiers: request.runtime.batchTiers?.(trx, tenantId, entityId) ?? [],
      observe: request.runtime.observe,
    });
    for (const [id, categorization] of decided) categorizations.set(id, categorization);
  }
  // A pair is only a pair when the row was in the end filed as a transfer (a tenant rule may say otherwise).
  for (const [id, categorization] of categorizations) if (categorization.target !== TRANSFER) pairs.delete(id);
  return { categorizations, pairs };
}

/**
 * What the tiers read about the entity itself: its name, the industry its owner stated, how it is taxed, and which kinds of
 * account it holds (a "transfer to savings" from a business without savings leaves the business).
 */
async function entityProfileForCategorizing(
  trx: Executor,
  tenantId: string,
  entityId: string,
): Promise<{
  entityName?: string;
  industry: Industry | null;
  regime: Regime | null;
  heldAccountKinds: Map<BankAccountKind, number>;
}> {
  const entity = await trx
    .selectFrom('entities')
    .select(['legal_name', 'industry', 'regime'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', entityId)
    .executeTakeFirst();
  const counts = await trx
    .selectFrom('bank_accounts')
    .select(['kind', (eb) => eb.fn.countAll<number>().as('count')])
    .where('tenant_id', '=', tenantId)
    .where('entity_id', '=', entityId)
    .groupBy('kind')
    .execute();
  return {
    entityName: entity?.legal_name,
    industry: (entity?.industry ?? null) as Industry | null,
    regime: (entity?.regime ?? null) as Regime | null,
    heldAccountKinds: new Map(counts.map((row) => [row.kind as BankAccountKind, Number(row.count)])),
  };
}

/** Equal and opposite amounts on two of the entity's accounts within the window, neither already paired. */
async function findTransferPairs(
  trx: Executor,
  tenantId: string,
  rows: readonly SweepRow[],
  bankAccounts: ReadonlyMap<string, BankAccountsTable>,
): Promise<Map<string, PairCandidate>> {
  const seeking = rows.filter((row) => !row.transferPairId);
  if (seeking.length === 0 || bankAccounts.size < 2) return new Map();
  const dates = seeking.map((row) => row.date).sort();
  const from = addDays(dates[0], -TRANSFER_WINDOW_DAYS);
  const to = addDays(dates.at(-1)!, TRANSFER_WINDOW_DAYS);
  const amounts = [...new Set(seeking.map((row) => -row.amountMinor))];
  const pool = (await rowsWithAmountsBetween(trx, tenantId, amounts, from, to)).map(toPairCandidate);
  return matchTransferPairs(seeking.map(toPairCandidate), pool);
}

function toPairCandidate(row: TransferLeg): PairCandidate {
  return {
    id: row.id,
    entityId: row.entityId,
    bankAccountId: row.bankAccountId,
    currency: row.currency,
    date: row.date,
    amountMinor: row.amountMinor,
    description: row.description,
    humanNonTransfer: row.categorySource === 'user_override' && row.categoryTarget !== TRANSFER,
    alreadyPaired: Boolean(row.transferPairId),
  };
}
