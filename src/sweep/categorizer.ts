import { ACCOUNT, type AccountCategory } from '../chart/us-chart.ts';
import { TRANSFER, type CategorizationInput, type TierDecision } from './categorize/types.ts';
import type { MerchantPreference } from './memory-store.ts';
import { starterRuleDecision } from './starter-rules.ts';

export interface Categorization {
  target: string;
  confidence: number | null;
  source: string | null;
  needsReview: boolean;
  transactionType: 'expense' | 'income' | 'transfer' | null;
}

/** A remembered human decision is trusted more the more often the owner made it. */
export function memoryConfidence(approvals: number): number {
  return Math.min(0.99, 0.9 + 0.03 * (approvals - 1));
}

export interface TierContext {
  preference: MerchantPreference | undefined;
  accountCategories: ReadonlyMap<string, AccountCategory>;
  reviewThreshold: number;
}

/**
 * The tiers in order of precedence: the owner's own past decision for this merchant, then the rules;
 * a decision naming an account the entity does not have is ignored. Nothing decided parks the row on
 * the uncategorized catch-all of its direction, where it always needs review.
 */
export function categorize(input: CategorizationInput, context: TierContext): Categorization {
  const decisions: Array<TierDecision | null> = [
    context.preference ? { target: context.preference.target, confidence: memoryConfidence(context.preference.approvals), source: 'memory' } : null,
    starterRuleDecision(input),
  ];
  const decision = decisions.find((candidate) => candidate && (candidate.target === TRANSFER || context.accountCategories.has(candidate.target)));
  if (decision) return describe(decision.target, decision.confidence, decision.source, context);
  const catchAll = input.direction === 'out' ? ACCOUNT.uncategorizedExpense : ACCOUNT.uncategorizedIncome;
  return describe(catchAll, null, null, context);
}

export function describe(target: string, confidence: number | null, source: string | null, context: Pick<TierContext, 'accountCategories' | 'reviewThreshold'>): Categorization {
  return {
    target,
    confidence,
    source,
    needsReview: needsReview(target, confidence, source, context.reviewThreshold),
    transactionType: transactionTypeOf(target, context.accountCategories),
  };
}

/** A human still owes a decision: the row is parked on a catch-all, or no tier was sure enough. */
export function needsReview(target: string, confidence: number | null, source: string | null, threshold: number): boolean {
  if (source === 'user_override') return false;
  if (target === ACCOUNT.uncategorizedExpense || target === ACCOUNT.uncategorizedIncome) return true;
  return confidence === null || confidence < threshold;
}

export function transactionTypeOf(target: string, accountCategories: ReadonlyMap<string, AccountCategory>): Categorization['transactionType'] {
  if (target === TRANSFER || target === ACCOUNT.transfersInTransit) return 'transfer';
  const category = accountCategories.get(target);
  if (category === 'revenue') return 'income';
  if (category === 'expense') return 'expense';
  return null;
}

/** The ledger account a category target books against. */
export function bookingAccountNumber(target: string): string {
  return target === TRANSFER ? ACCOUNT.transfersInTransit : target;
}
