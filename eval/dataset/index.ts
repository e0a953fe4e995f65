import { generateEvalDataset, type EvalRow } from './generate.ts';

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
