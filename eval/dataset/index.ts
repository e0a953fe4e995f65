import { generateEvalDataset, type EvalRow } from './generate.ts';
import { FRESH_HELD_OUT_PROFILES, HELD_OUT_PROFILES } from './vocabulary.ts';

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

let cachedFresh: readonly EvalRow[] | undefined;

/**
 * The fresh held-out businesses' rows (ids `fresh-NNNNN`), kept apart from both other loaders so
 * their rows, ids and figures stay as they were: written blind after the held-out businesses had
 * become development data, reported on their own, never used to fit calibration.
 */
export function loadFreshHeldOutDataset(): EvalRow[] {
  cachedFresh ??= Object.freeze(generateEvalDataset(FRESH_HELD_OUT_PROFILES, 'fresh').map((row) => Object.freeze(row)));
  return [...cachedFresh];
}
