import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { BucketSettings, RateLimitStore } from '../config/config.ts';
import type { DatabaseHandle } from '../db/connection.ts';

export interface TakeResult {
  allowed: boolean;
  /** Whole seconds until a token is back (for Retry-After); 0 when allowed. */
  retryAfterSeconds: number;
  /** Milliseconds until a token is back; 0 when allowed. */
  msUntilToken: number;
}

/** Token buckets, one per key and kind of request (read, write, report). */
export interface RateLimiter {
  take(bucketKey: string, settings: BucketSettings): Promise<TakeResult>;
  close?(): Promise<void>;
}

function result(tokensAfter: number, granted: boolean, settings: BucketSettings): TakeResult {
  if (granted) return { allowed: true, retryAfterSeconds: 0, msUntilToken: 0 };
  const msUntilToken = ((1 - tokensAfter) / settings.refillPerSecond) * 1000;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(msUntilToken / 1000)), msUntilToken };
}

/** For a single API process (the default): buckets live in memory. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; refilledAtMs: number }>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  async take(bucketKey: string, settings: BucketSettings): Promise<TakeResult> {
    const now = this.now();
    const bucket = this.buckets.get(bucketKey) ?? { tokens: settings.burst, refilledAtMs: now };
    const tokens = Math.min(
      settings.burst,
      bucket.tokens + (Math.max(0, now - bucket.refilledAtMs) / 1000) * settings.refillPerSecond,
    );
    const granted = tokens >= 1;
    bucket.tokens = granted ? tokens - 1 : tokens;
    bucket.refilledAtMs = now;
    this.buckets.set(bucketKey, bucket);
    return result(bucket.tokens, granted, settings);
  }
}

/**
 * A shared bucket store (Redis, PostgreSQL) behind a local memory of empty buckets. A bucket found
 * empty cannot hold a token before `msUntilToken` has passed, whatever the other processes do (they
 * only take tokens), so until then this process answers 429 itself: a flood from one key costs the
 * store one call per refill interval per process, not one per request. When the store fails, the
 * process falls back to buckets of its own (limits then hold per process) and reports the error.
 */
export class SharedRateLimiter implements RateLimiter {
  private readonly emptyUntilMs = new Map<string, number>();
  private readonly fallback: MemoryRateLimiter;

  constructor(
    private readonly store: RateLimiter,
    private readonly onStoreError: (error: unknown) => void = () => {},
    private readonly now: () => number = () => Date.now(),
  ) {
    this.fallback = new MemoryRateLimiter(now);
  }

  async take(bucketKey: string, settings: BucketSettings): Promise<TakeResult> {
    const now = this.now();
    const emptyUntil = this.emptyUntilMs.get(bucketKey);
    if (emptyUntil !== undefined) {
      if (now < emptyUntil)
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((emptyUntil - now) / 1000)),
          msUntilToken: emptyUntil - now,
        };
      this.emptyUntilMs.delete(bucketKey);
    }
    let taken: TakeResult;
    try {
      taken = await this.store.take(bucketKey, settings);
    } catch (error) {
      this.onStoreError(error);
      return this.fallback.take(bucketKey, settings);
    }
    if (!taken.allowed) this.emptyUntilMs.set(bucketKey, now + taken.msUntilToken);
    return taken;
  }

  close(): Promise<void> {
    return this.store.close?.() ?? Promise.resolve();
  }
}

/**
 * Buckets in Redis, for several API processes: one atomic script per take, timed by Redis's clock.
 * Tokens travel as text (Redis would truncate a Lua number to an integer); a bucket expires once it
 * would be full again.
 */
const TAKE_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local burst = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1]) or burst
local at = tonumber(state[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) / 1000 * rate)
local granted = 0
if tokens >= 1 then
  tokens = tokens - 1
  granted = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(math.max(at, now)))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate * 1000) + 1000)
return { granted, tostring(tokens) }
`;

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;

  /** `keyPrefix` keeps installations (and test schemas) sharing one Redis apart. */
  constructor(
    url: string,
    private readonly keyPrefix: string,
  ) {
    // No offline queue and a short command timeout: with Redis away a request falls back to local
    // buckets at once instead of waiting for a reconnection.
    this.redis = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: 500,
      lazyConnect: true,
    });
    this.redis.on('error', () => {});
    this.redis.defineCommand('takeToken', { numberOfKeys: 1, lua: TAKE_SCRIPT });
  }

  connect(): Promise<void> {
    return this.redis.connect();
  }

  async take(bucketKey: string, settings: BucketSettings): Promise<TakeResult> {
    const [granted, tokens] = await (
      this.redis as unknown as { takeToken(key: string, burst: number, rate: number): Promise<[number, string]> }
    ).takeToken(`${this.keyPrefix}${bucketKey}`, settings.burst, settings.refillPerSecond);
    return result(Number(tokens), granted === 1, settings);
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

/** Buckets in PostgreSQL, for several API processes without Redis: each take is one atomic upsert, timed by the database's clock. */
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

export async function rateLimiterFor(
  handle: DatabaseHandle,
  settings: { store: RateLimitStore; redisUrl: string },
  onStoreError?: (error: unknown) => void,
): Promise<RateLimiter> {
  if (settings.store === 'memory') return new MemoryRateLimiter();
  if (settings.store === 'postgres') {
    if (handle.dialect !== 'postgres') throw new Error('RATE_LIMIT_STORE=postgres needs a PostgreSQL DATABASE_URL');
    return new SharedRateLimiter(new PostgresRateLimiter(handle), onStoreError);
  }
  const redis = new RedisRateLimiter(settings.redisUrl, `bookkeeping:rate:${handle.schema ?? 'default'}:`);
  // A Redis that is away at start is not fatal: requests use local buckets until it answers.
  await redis.connect().catch(onStoreError);
  return new SharedRateLimiter(redis, onStoreError);
}
