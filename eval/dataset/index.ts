import { generateEvalDataset, type EvalRow } from './generate.ts';
import { HELD_OUT_PROFILES } from './vocabulary.ts';

export type { EvalRow } from './generate.ts';
export { FIRST_MONTH, MONTH_COUNT, generateEvalDataset } from './generate.ts';

let cached: readonly EvalRow[] | undefined;

/**
 * The labelled evaluation set: realistic US small-business bank rows over 18 months for five
 * businesses, generated in memory from fixed seeds (identical on every run), in date order.
 */
export function loadEvalDataset(): EvalRow[] {
  cached ??= Object.freeze(generateEvalDataset().map((row) => Object.freeze(row)));
  return [...cached];
}

let cachedHeldOut: readonly EvalRow[] | undefined;

/**
 * The held-out businesses' rows (ids `heldout-NNNNN`), kept apart from loadEvalDataset so the
 * original five businesses' rows and ids stay as they were: written without seeing the
 * categorizer's rules, reported on their own and never used to fit calibration.
 */
export function loadHeldOutDataset(): EvalRow[] {
  cachedHeldOut ??= Object.freeze(generateEvalDataset(HELD_OUT_PROFILES, 'heldout').map((row) => Object.freeze(row)));
  return [...cachedHeldOut];
}
