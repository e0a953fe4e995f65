import type { TierRuntime } from '../../src/sweep/categorize/run.ts';

/** A descriptor the categorizer crashes on: the poison row of the reliability bench. */
export const POISON = 'ZZQ POISON VENDOR';

/** The service's tiers, with a directory tier that throws on POISON (loaded by the background thread as its tiers module). */
export default function poisonTiers(tiers: TierRuntime): TierRuntime {
  return {
    ...tiers,
    directory: (row) => {
      if (row.description.includes(POISON)) throw new Error('categorizer crashed on this row');
      return tiers.directory?.(row) ?? null;
    },
  };
}
