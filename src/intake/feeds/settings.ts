import type { PlaidSettings } from './plaid.ts';

export interface FeedSettings {
  /** Each connection is synced at least this often (FEED_SYNC_INTERVAL_MS, default a day). */
  syncIntervalMs: number;
  /** A share of the interval added at random, so connections made together do not all sync together. */
  jitterRatio: number;
  /** First retry after a failed sync; doubled per consecutive failure, never beyond the interval. */
  retryBaseMs: number;
  /** How long a worker holds a connection it syncs before another may take it over. */
  leaseMs: number;
}

export const DEFAULT_FEED_SETTINGS: FeedSettings = {
  syncIntervalMs: 24 * 3600_000,
  jitterRatio: 0.1,
  retryBaseMs: 60_000,
  leaseMs: 10 * 60_000,
};

/** The feeds' configuration (config/config.ts reads it from the environment). */
export interface FeedConfig extends FeedSettings {
  /** BOOKKEEPING_SECRET_KEY (32 bytes, hex or base64); null: a key file beside the data, made on first start. */
  secretKey: string | null;
  secretKeyDirectory: string;
  /** Null unless PLAID_CLIENT_ID and PLAID_SECRET are set. */
  plaid: PlaidSettings | null;
  /** How often the feed worker looks for due connections. */
  pollMs: number;
}
