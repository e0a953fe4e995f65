import type { Industry, Regime } from '../../tenancy/entity-profile.ts';
import type { CleanedDescriptor } from '../../descriptor/descriptor.ts';

/**
 * The contract between the sweep and its categorization tiers. Every tier sees the same cleaned
 * input and answers with a target and its own certainty; the sweep decides precedence.
 */
export type BankAccountKind = 'checking' | 'savings' | 'credit_card' | 'trust';

/** A ledger account number of the entity's chart ("6200"), or the literal "transfer" (booked through 1900). */
export type CategoryTarget = string;
export { TRANSFER } from '../../bank-rows/bank-row.ts';

export type TierName = 'regex' | 'directory' | 'memory' | 'rag' | 'llm';

export interface CategorizationInput {
  tenantId: string;
  entityId: string;
  transactionId: string;
  date: string; // YYYY-MM-DD
  description: string; // raw bank descriptor
  merchant: string | null; // as pushed, if any
  /** Positive = money out, negative = money in, integer minor units of `currency`. */
  amountMinor: number;
  currency: string;
  direction: 'in' | 'out';
  bankAccountKind: BankAccountKind;
  /** The card network's merchant category code (ISO 18245, four digits) when the feed carried one. */
  merchantCategoryCode?: string | null;
  /** The entity's legal name: descriptors often end with it (the receiver of an ACH), and it names no merchant. */
  entityName?: string;
  /** The entity's line of business as its owner stated it; absent or null when not stated. */
  industry?: Industry | null;
  /** How the entity is taxed: for a sole proprietor or partnership, income tax is the owners' own. */
  regime?: Regime | null;
  /** How many accounts of each kind the entity holds (this row's own included); absent when unknown. */
  heldAccountKinds?: ReadonlyMap<BankAccountKind, number>;
  /**
   * Whether the other leg of a move between the entity's own accounts was found among its rows (equal, opposite, within the
   * transfer window); absent when nobody looked (a re-decision after a correction).
   */
  transferLegFound?: boolean;
  /** `cleanDescriptor(description, merchant)` when the caller already has it: cleaning is a good share of a tier's cost, so the sweep cleans each row once for all tiers. */
  descriptor?: CleanedDescriptor;
}

export interface TierDecision {
  target: CategoryTarget;
  /** The tier's certainty in [0, 1]. */
  confidence: number;
  source: TierName;
}
