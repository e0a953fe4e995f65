import type { TierRuntime } from './run.ts';

/**
 * The tiers the running service categorizes with beyond the tenant's rules, the memory and the
 * built-in rules. The sweep and corrections both use them, so a row re-decided after a correction
 * is judged exactly as the sweep would judge it.
 */
export function serviceTiers(): TierRuntime {
  return {};
}
