import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { accountForRole, isChartRole, type ChartRole } from '../../chart/us-chart.ts';
import type { CategoryTarget } from './types.ts';

/**
 * Merchant category codes (ISO 18245): the four digits a card network files every merchant under, which bank feeds carry
 * beside the descriptor. mcc-roles.csv maps ranges of codes to chart roles, each row naming its source (the standard's
 * code or the networks' range, as the `mcc` package lists their descriptions) and why that role. Codes whose use depends
 * on the business (medical services, florists, pet shops, money orders, the postal service: a letter's postage is an
 * office expense, a parcel's shipping) have no row: the other tiers decide those.
 */
export type MccStrength = 'clear' | 'likely' | 'mixed';
/**
 * Raw scores, with a curve of their own (key `mcc`): the network knows the merchant's trade, not what was bought. A
 * `mixed` code names a store that sells the same goods to households and to firms for many uses (electronics, home
 * furnishings, books, toys, clothing, cosmetics): its role is the likeliest one, scored as `likely`, and its confidence
 * stays below the default review threshold (MIXED_STORE_CONFIDENCE_CAP).
 */
export const MCC_SCORE: Record<MccStrength, number> = { clear: 0.8, likely: 0.65, mixed: 0.65 };
/**
 * On the written read sets, purchases under such codes were the role's in 20 of 103 (a laptop to capitalize, puzzles
 * for resale, workbooks for a tutor's lessons, a monitor for the office): the likeliest role, never one to file unseen.
 */
export const MIXED_STORE_CONFIDENCE_CAP = 0.84;

export interface MccRange {
  from: number;
  to: number;
  role: ChartRole;
  strength: MccStrength;
  source: string;
  reason: string;
}

const MCC_ROLES_FILE = new URL('./mcc-roles.csv', import.meta.url);

/** Loaded and checked at start-up: four-digit bounds in order, ranges that do not overlap, known roles, a source and reason each. */
export function loadMccRanges(text: string | Buffer = readFileSync(MCC_ROLES_FILE)): MccRange[] {
  const records = parse(text, { columns: true, skip_empty_lines: true, trim: true }) as Record<string, string>[];
  const ranges = records
    .map((record) => {
      const from = Number(record.from);
      const to = Number(record.to);
      if (!/^\d{4}$/.test(record.from) || !/^\d{4}$/.test(record.to) || from > to)
        throw new Error(`mcc-roles.csv: bad range ${record.from}-${record.to}`);
      if (!isChartRole(record.role)) throw new Error(`mcc-roles.csv: unknown role ${record.role}`);
      if (record.strength !== 'clear' && record.strength !== 'likely' && record.strength !== 'mixed')
        throw new Error(`mcc-roles.csv: bad strength ${record.strength}`);
      if (!record.source || !record.reason)
        throw new Error(`mcc-roles.csv: range ${record.from}-${record.to} needs a source and a reason`);
      return {
        from,
        to,
        role: record.role,
        strength: record.strength,
        source: record.source,
        reason: record.reason,
      } satisfies MccRange;
    })
    .sort((a, b) => a.from - b.from);
  for (let index = 1; index < ranges.length; index += 1) {
    if (ranges[index].from <= ranges[index - 1].to)
      throw new Error(
        `mcc-roles.csv: ${ranges[index].from} overlaps ${ranges[index - 1].from}-${ranges[index - 1].to}`,
      );
  }
  return ranges;
}

export const MCC_RANGES: readonly MccRange[] = loadMccRanges();

/** A code as the API accepts it: exactly four digits. */
export const MCC_PATTERN = /^\d{4}$/;

export interface MccMatch {
  code: string;
  range: MccRange;
  target: CategoryTarget;
  rawScore: number;
}

/** The range a code falls in (binary search: the sweep asks for every row), or null when no row maps it. */
export function rangeOf(code: string, ranges: readonly MccRange[] = MCC_RANGES): MccRange | null {
  if (!MCC_PATTERN.test(code)) return null;
  const value = Number(code);
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (value < ranges[middle].from) high = middle - 1;
    else if (value > ranges[middle].to) low = middle + 1;
    else return ranges[middle];
  }
  return null;
}

/** Money out under a mapped code; money in under a merchant's code is a refund or a reversal, which its own words decide. */
export function matchMcc(code: string | null | undefined, direction: 'in' | 'out'): MccMatch | null {
  if (!code || direction !== 'out') return null;
  const range = rangeOf(code);
  if (!range) return null;
  return { code, range, target: accountForRole(range.role), rawScore: MCC_SCORE[range.strength] };
}
