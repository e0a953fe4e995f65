import type { Regime } from '../tenancy/entity-profile.ts';

/** Default estimated-tax rates (percent) by federal classification, used when the owner asks without one. */
export const DEFAULT_ESTIMATED_TAX_RATE_PERCENT: Record<Regime, number> = {
  // IRC § 11(b): the flat corporate rate.
  c_corporation: 21,
  // Individuals: a rough combined rate, about 10-12% income tax plus 14.1% self-employment tax
  // (15.3% on 92.35% of earnings). The owner should give their own with --estimate-taxes PERCENT.
  sole_proprietor: 25,
  partnership: 25,
  s_corporation: 25,
};
