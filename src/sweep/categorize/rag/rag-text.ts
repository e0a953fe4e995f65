import { merchantKeyFor } from '../../../intake/merchant-key.ts';

/**
 * The text the rag tier compares: the bank descriptor without the noise banks add (processor
 * prefixes, store and reference numbers, dates), so two rows of the same payee look alike. The pushed
 * merchant name is left out on purpose: it is often missing, and a text built from it for some rows
 * and from the descriptor for others would make the same payee look like two.
 */
export function ragText(description: string): string {
  return merchantKeyFor(description, null);
}
