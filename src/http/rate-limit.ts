import { sql } from 'kysely';
import type { BucketSettings } from '../config/config.ts';
import type { DatabaseHandle } from '../db/connection.ts';

export interface TakeResult {
  allowed: boolean;
  /** Whole seconds until a token is back (for Retry-After); 0 when allowed. */
  retryAfterSeconds: number;
}

/** Token buckets, one per key and kind of request (read, write, report). */
export interface RateLimiter {
  take(bucketKey: string, settings: BucketSettings): Promise<TakeResult>;
}

function result(tokensAfter: number, granted: boolean, settings: BucketSettings): TakeResult {
  if (granted) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokensAfter) / settings.refillPerSecond)) };
}

/** For a single API process (the SQLite setup): buckets live in memory. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; refilledAtMs: number }>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  async take(bucketKey: string, settings: BucketSettings): Promise<TakeResult> {
    const now = this.now();
    const bucket = this.buckets.get(bucketKey) ?? { tokens: settings.burst, refilledAtMs: now };
    const tokens = Math.min(settings.burst, bucket.tokens + (Math.max(0, now - bucket.refilledAtMs) / 1000) * settings.refillPerSecond);
    const granted = tokens >= 1;
    bucket.tokens = granted ? tokens - 1 : tokens;
    bucket.refilledAtMs = now;
    this.buckets.set(bucketKey, bucket);
    return result(bucket.tokens, granted, settings);
  }
}

/**
 * For several API processes on one PostgreSQL database: each take is one atomic upsert, timed by the
 * database's clock, so every process draws from the same bucket.
 */
export class PostgresRateLimiter implements RateLimiter {
  constructor(private readonly handle: DatabaseHandle) {}

  async take(bucketKey: string, settings: BucketSettings): Promise<TakeResult> {
    const now = sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;
    const refilled = sql<number>`least(${settings.burst}::double precision, b.tokens + greatest(0, ${now} - b.refilled_at_ms) / 1000.0 * ${settings.refillPerSecond}::double precision)`;
    const { rows } = await sql<{ tokens: number; granted: number }>`
      insert into rate_limit_buckets as b (bucket_key, tokens, refilled_at_ms, granted)
      values (${bucketKey}, ${settings.burst - 1}, ${now}, 1)
      on conflict (bucket_key) do update set
        tokens = case when ${refilled} >= 1 then ${refilled} - 1 else ${refilled} end,
        granted = case when ${refilled} >= 1 then 1 else 0 end,
        refilled_at_ms = greatest(b.refilled_at_ms, ${now})
      returning tokens, granted`.execute(this.handle.db);
    return result(Number(rows[0].tokens), rows[0].granted === 1, settings);
  }
}

export function rateLimiterFor(handle: DatabaseHandle): RateLimiter {
  return handle.dialect === 'postgres' ? new PostgresRateLimiter(handle) : new MemoryRateLimiter();
}
