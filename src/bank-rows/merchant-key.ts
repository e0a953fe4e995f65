import { cleanDescriptor } from '../descriptor/descriptor.ts';

/**
 * The merchant a row belongs to, as the memory tier remembers it: the pushed merchant name when
 * there is one, else the descriptor without the noise banks add. The cleaning is the one every
 * categorization tier uses, so the same merchant keeps one key across descriptor styles.
 */
export function merchantKeyFor(description: string, merchant: string | null): string {
  return cleanDescriptor(description, merchant).merchantKey;
}
