import { cleanDescriptor } from '../../../descriptor/descriptor.ts';

/**
 * The text the rag tier compares: the bank descriptor cleaned by the cleaner every tier shares
 * (processor prefixes, store and reference numbers, dates, city and state removed), so two rows of
 * the same payee look alike. The pushed merchant name is left out on purpose: it is often missing,
 * and a text built from it for some rows and from the descriptor for others would make one payee two.
 */
export function ragText(description: string): string {
  return cleanDescriptor(description).cleaned;
}
