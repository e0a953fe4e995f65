import { US_FEDERAL_RULES } from './us-federal.ts';
import { salesTaxRules } from './us-sales-tax.ts';
import { US_STATE_RULES } from './us-states.ts';
import type { ObligationRule } from './types.ts';

/** Every rule that can apply to an entity of `country` registered for sales tax in `salesTaxStates`. */
export function rulesFor(country: string, salesTaxStates: readonly string[]): readonly ObligationRule[] {
  if (country !== 'US') return [];
  return [...US_FEDERAL_RULES, ...US_STATE_RULES, ...salesTaxRules(salesTaxStates)];
}
