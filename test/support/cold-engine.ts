import { US_CHART } from '../../src/chart/us-chart.ts';
import { cleanDescriptor } from '../../src/descriptor/descriptor.ts';
import {
  categorizeRows,
  type Categorization,
  type EngineContext,
  type EngineRow,
} from '../../src/sweep/categorize/engine.ts';
import { directoryTier } from '../../src/sweep/categorize/tiers.ts';
import type { BankAccountKind } from '../../src/sweep/categorize/types.ts';
import type { Industry } from '../../src/tenancy/entity-profile.ts';

/**
 * The engine as a new LLC meets it: no rules of its own, no memory, no pairs, no history for retrieval; only the
 * shipped knowledge (built-in rules, directory, category codes, keywords, priors). Used by the categorization tests
 * and the evaluation's descriptor sets.
 */
export const COLD_ACCOUNT_CATEGORIES = new Map(US_CHART.map((account) => [account.accountNumber, account.category]));

export interface ColdRow {
  id: string;
  description: string;
  direction?: 'in' | 'out';
  amountMinor?: number;
  bankAccountKind?: BankAccountKind;
  merchantCategoryCode?: string | null;
  industry?: Industry | null;
  date?: string;
  entityName?: string;
  heldAccountKinds?: ReadonlyMap<BankAccountKind, number>;
  /** The sweep looked for the other leg of a transfer on the entity's accounts: false when none was there. */
  transferLegFound?: boolean;
}

export function coldEngineRow(row: ColdRow): EngineRow {
  const descriptor = cleanDescriptor(row.description, null);
  return {
    tenantId: 'cold',
    entityId: 'cold',
    transactionId: row.id,
    date: row.date ?? '2026-03-02',
    description: row.description,
    merchant: null,
    merchantCategoryCode: row.merchantCategoryCode ?? null,
    amountMinor: row.amountMinor ?? 4_200,
    currency: 'USD',
    direction: row.direction ?? 'out',
    bankAccountKind: row.bankAccountKind ?? 'credit_card',
    entityName: row.entityName ?? 'ACME HOLDINGS LLC',
    industry: row.industry ?? null,
    ...(row.heldAccountKinds ? { heldAccountKinds: row.heldAccountKinds } : {}),
    ...(row.transferLegFound === undefined ? {} : { transferLegFound: row.transferLegFound }),
    merchantKey: descriptor.merchantKey,
    cleanedDescriptor: descriptor.cleaned,
    descriptor,
  };
}

/** The answers for `rows`, in their order. */
export async function categorizeCold(
  rows: readonly EngineRow[],
  reviewThreshold = 0.85,
  extra: Pick<EngineContext, 'curves' | 'observe'> = {},
): Promise<Categorization[]> {
  const results = await categorizeRows(rows, {
    accountCategories: COLD_ACCOUNT_CATEGORIES,
    reviewThreshold,
    tenantRules: [],
    preferences: new Map(),
    transfers: new Map(),
    directory: directoryTier,
    batchTiers: [],
    ...extra,
  });
  return rows.map((row) => results.get(row.transactionId)!);
}
