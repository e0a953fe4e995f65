import { dirname } from 'node:path';
import { DEFAULT_DATABASE_URL, parseDatabaseUrl } from '../db/dialect.ts';
import { DEFAULT_READER_POOL, type ReaderPoolSettings } from '../intake/statements/reader-pool.ts';
import type { InboxTlsSettings } from '../intake/statements/smtp-tls.ts';
import { DEFAULT_FEED_SETTINGS, type FeedConfig } from '../intake/feeds/settings.ts';

export interface BucketSettings {
  burst: number;
  refillPerSecond: number;
}

export interface RateLimitSettings {
  read: BucketSettings;
  write: BucketSettings;
  report: BucketSettings;
}

/** Where token buckets live: this process's memory, or a store shared by several API processes. */
export const RATE_LIMIT_STORES = ['memory', 'redis', 'postgres'] as const;
export type RateLimitStore = (typeof RATE_LIMIT_STORES)[number];

/** Where `serve` runs the sweep, statement reading and feed sync: a thread of its own, or the API's event loop. */
export const BACKGROUND_WORK_PLACES = ['thread', 'inline'] as const;
export type BackgroundWorkPlace = (typeof BACKGROUND_WORK_PLACES)[number];

export interface Config {
  host: string;
  port: number;
  databaseUrl: string;
  /** PostgreSQL only: the schema the service's tables live in (default: the server's search path, usually public). */
  databaseSchema: string | undefined;
  logLevel: string;
  rateLimits: RateLimitSettings;
  rateLimitStore: RateLimitStore;
  /** Redis for RATE_LIMIT_STORE=redis. */
  redisUrl: string;
  /** How long a looked-up API key is trusted before it is read again (a revocation by another process takes effect within it). */
  apiKeyCacheMs: number;
  /** How long an idle sweep waits before looking for new rows again. */
  sweepIntervalMs: number;
  /** Rows claimed per sweep transaction, at most. */
  sweepBatchSize: number;
  /** How long one sweep batch may keep the event loop busy (on SQLite, also the write lock); batches are sized to fit. */
  sweepBatchBudgetMs: number;
  /** BACKGROUND_WORK: where serve runs its background work (default `thread` on SQLite, `inline` on PostgreSQL; an in-memory SQLite database runs it inline). */
  backgroundWork: BackgroundWorkPlace;
  /** Confidence below which a categorized row needs review, unless the tenant sets its own. */
  reviewThreshold: number;
  /** The optional llm categorization tier; null when LLM_BASE_URL or LLM_MODEL is not set. */
  llm: LlmSettings | null;
  /** Port of the SMTP listener that turns mailed attachments into statement uploads; 0 turns it off. */
  smtpPort: number;
  /** Domain of the tenants' inbox addresses (`<token>@INBOX_DOMAIN`). */
  inboxDomain: string;
  /** The SMTP listener's STARTTLS certificate: configured files, or a self-signed pair kept beside the data. */
  smtpTls: InboxTlsSettings;
  /** How long a worker holds a statement document it is reading before another may take it up. */
  statementLeaseMs: number;
  /** The worker threads that read statements: how many, their time budget and heap ceiling, and the size limits of a document. */
  statementReading: ReaderPoolSettings;
  /** Origins (scheme://host[:port]) whose pages may call the API from a browser; empty: CORS off. */
  corsOrigins: string[];
  /** Sign-in: how long a session lasts, when its cookie is marked Secure, and the login throttle. */
  people: PeopleSettings;
  /** Outgoing mail (password-reset links, invitations); null when SMTP_OUT_URL is not set (nothing is sent). */
  mailOut: MailOutSettings | null;
  /** The address people open the app at, for links in mails and printed by the CLI. */
  appUrl: string;
  /** Connected bank feeds: the schedule, the key that seals provider secrets, Plaid's credentials. */
  feeds: FeedConfig;
}

export interface PeopleSettings {
  sessionTtlMs: number;
  /** auto: Secure when the request arrived over TLS; always: also behind a TLS-terminating proxy. */
  sessionCookieSecure: 'auto' | 'always';
  maxFailuresPerEmail: number;
  maxFailuresPerAddress: number;
  windowMs: number;
}

export interface MailOutSettings {
  smtpUrl: string;
  from: string;
}

export interface LlmSettings {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
  maxRetries: number;
  retryBaseMs: number;
  /** Rows per request. */
  batchSize: number;
  /** Rows each tenant may send per UTC day. */
  dailyBudgetRows: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  read: { burst: 100, refillPerSecond: 20 },
  write: { burst: 50, refillPerSecond: 10 },
  // A dashboard shows about six reports and refreshes them together: 30 tokens and 2 a second let it
  // refresh every 3 s indefinitely (and five times back to back), while a runaway client is still held
  // to two reports a second.
  report: { burst: 30, refillPerSecond: 2 },
};

export class ConfigError extends Error {}

function numberFrom(env: NodeJS.ProcessEnv, name: string, fallback: number, { min = 0, integer = false } = {}): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) {
    throw new ConfigError(`${name} must be ${integer ? 'an integer' : 'a number'} >= ${min} (got "${raw}")`);
  }
  return value;
}

function bucketFrom(env: NodeJS.ProcessEnv, prefix: string, fallback: BucketSettings): BucketSettings {
  return {
    burst: numberFrom(env, `RATE_LIMIT_${prefix}_BURST`, fallback.burst, { min: 1, integer: true }),
    refillPerSecond: numberFrom(env, `RATE_LIMIT_${prefix}_PER_SECOND`, fallback.refillPerSecond, { min: 0.001 }),
  };
}

function schemaFrom(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  // The name goes into a search_path option and a CREATE SCHEMA statement, so only plain identifiers.
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(raw))
    throw new ConfigError(`DATABASE_SCHEMA must be a lower-case identifier (got "${raw}")`);
  return raw;
}

function smtpTlsFrom(env: NodeJS.ProcessEnv): InboxTlsSettings {
  const certFile = env.SMTP_TLS_CERT_FILE || null;
  const keyFile = env.SMTP_TLS_KEY_FILE || null;
  if ((certFile === null) !== (keyFile === null))
    throw new ConfigError(
      'SMTP_TLS_CERT_FILE and SMTP_TLS_KEY_FILE go together (set both, or neither for a self-signed certificate)',
    );
  // Beside the SQLite file; on PostgreSQL (or in memory) in ./data, where the default database lives.
  const { dialect, target } = parseDatabaseUrl(env.DATABASE_URL || DEFAULT_DATABASE_URL);
  const selfSignedDirectory = dialect === 'sqlite' && target !== ':memory:' ? dirname(target) : './data';
  return { certFile, keyFile, selfSignedDirectory };
}

/**
 * The thread by default on SQLite, where every query holds the event loop; inline on PostgreSQL, whose
 * queries do not, and where a chaos run in the thread once answered a correction with a 500 that is
 * not explained yet (docs/reliability.md).
 */
function backgroundWorkFrom(raw: string | undefined, databaseUrl: string): BackgroundWorkPlace {
  if (!raw) return parseDatabaseUrl(databaseUrl).dialect === 'sqlite' ? 'thread' : 'inline';
  if (!(BACKGROUND_WORK_PLACES as readonly string[]).includes(raw))
    throw new ConfigError(`BACKGROUND_WORK must be one of ${BACKGROUND_WORK_PLACES.join(', ')} (got "${raw}")`);
  return raw as BackgroundWorkPlace;
}

function rateLimitStoreFrom(raw: string | undefined): RateLimitStore {
  if (!raw) return 'memory';
  if (!(RATE_LIMIT_STORES as readonly string[]).includes(raw))
    throw new ConfigError(`RATE_LIMIT_STORE must be one of ${RATE_LIMIT_STORES.join(', ')} (got "${raw}")`);
  return raw as RateLimitStore;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const reviewThreshold = numberFrom(env, 'REVIEW_THRESHOLD', 0.85);
  if (reviewThreshold > 1) throw new ConfigError('REVIEW_THRESHOLD must be between 0 and 1');
  return {
    host: env.HOST || '127.0.0.1',
    port: numberFrom(env, 'PORT', 3000, { integer: true }),
    databaseUrl: env.DATABASE_URL || DEFAULT_DATABASE_URL,
    databaseSchema: schemaFrom(env.DATABASE_SCHEMA),
    logLevel: env.LOG_LEVEL || 'info',
    rateLimits: {
      read: bucketFrom(env, 'READ', DEFAULT_RATE_LIMITS.read),
      write: bucketFrom(env, 'WRITE', DEFAULT_RATE_LIMITS.write),
      report: bucketFrom(env, 'REPORT', DEFAULT_RATE_LIMITS.report),
    },
    rateLimitStore: rateLimitStoreFrom(env.RATE_LIMIT_STORE),
    redisUrl: env.REDIS_URL || 'redis://127.0.0.1:6379',
    apiKeyCacheMs: numberFrom(env, 'API_KEY_CACHE_MS', 5000, { integer: true }),
    sweepIntervalMs: numberFrom(env, 'SWEEP_INTERVAL_MS', 500, { min: 10, integer: true }),
    sweepBatchSize: numberFrom(env, 'SWEEP_BATCH_SIZE', 500, { min: 1, integer: true }),
    sweepBatchBudgetMs: numberFrom(env, 'SWEEP_BATCH_BUDGET_MS', 50, { min: 1, integer: true }),
    backgroundWork: backgroundWorkFrom(env.BACKGROUND_WORK, env.DATABASE_URL || DEFAULT_DATABASE_URL),
    reviewThreshold,
    llm: llmFrom(env),
    smtpPort: numberFrom(env, 'SMTP_PORT', 2525, { integer: true }),
    inboxDomain: (env.INBOX_DOMAIN || 'inbox.localhost').toLowerCase(),
    smtpTls: smtpTlsFrom(env),
    statementLeaseMs: numberFrom(env, 'STATEMENT_LEASE_MS', 5 * 60_000, { min: 1000, integer: true }),
    statementReading: statementReadingFrom(env),
    corsOrigins: corsOriginsFrom(env.CORS_ORIGINS),
    people: peopleFrom(env),
    mailOut: env.SMTP_OUT_URL ? { smtpUrl: env.SMTP_OUT_URL, from: env.MAIL_FROM || 'bookkeeping@localhost' } : null,
    appUrl: (env.APP_URL || `http://${env.HOST || '127.0.0.1'}:${env.PORT || 3000}`).replace(/\/+$/, ''),
    feeds: feedsFrom(env),
  };
}

function feedsFrom(env: NodeJS.ProcessEnv): FeedConfig {
  const { dialect, target } = parseDatabaseUrl(env.DATABASE_URL || DEFAULT_DATABASE_URL);
  const plaid =
    env.PLAID_CLIENT_ID && env.PLAID_SECRET
      ? {
          clientId: env.PLAID_CLIENT_ID,
          secret: env.PLAID_SECRET,
          environment: env.PLAID_ENV || 'sandbox',
          webhookUrl: env.PLAID_WEBHOOK_URL || null,
        }
      : null;
  return {
    syncIntervalMs: numberFrom(env, 'FEED_SYNC_INTERVAL_MS', DEFAULT_FEED_SETTINGS.syncIntervalMs, {
      min: 1000,
      integer: true,
    }),
    jitterRatio: DEFAULT_FEED_SETTINGS.jitterRatio,
    retryBaseMs: numberFrom(env, 'FEED_RETRY_BASE_MS', DEFAULT_FEED_SETTINGS.retryBaseMs, { min: 100, integer: true }),
    leaseMs: numberFrom(env, 'FEED_LEASE_MS', DEFAULT_FEED_SETTINGS.leaseMs, { min: 1000, integer: true }),
    pollMs: numberFrom(env, 'FEED_POLL_MS', 5000, { min: 10, integer: true }),
    secretKey: env.BOOKKEEPING_SECRET_KEY || null,
    // Beside the SQLite file, like the inbox's certificate; ./data on PostgreSQL.
    secretKeyDirectory: dialect === 'sqlite' && target !== ':memory:' ? dirname(target) : './data',
    plaid,
  };
}

function peopleFrom(env: NodeJS.ProcessEnv): PeopleSettings {
  const secure = env.SESSION_COOKIE_SECURE || 'auto';
  if (secure !== 'auto' && secure !== 'always')
    throw new ConfigError(`SESSION_COOKIE_SECURE must be auto or always (got "${secure}")`);
  return {
    sessionTtlMs: numberFrom(env, 'SESSION_TTL_MS', 12 * 60 * 60 * 1000, { min: 1000, integer: true }),
    sessionCookieSecure: secure,
    maxFailuresPerEmail: numberFrom(env, 'LOGIN_MAX_FAILURES_PER_EMAIL', 5, { min: 1, integer: true }),
    maxFailuresPerAddress: numberFrom(env, 'LOGIN_MAX_FAILURES_PER_ADDRESS', 50, { min: 1, integer: true }),
    windowMs: numberFrom(env, 'LOGIN_THROTTLE_WINDOW_MS', 15 * 60 * 1000, { min: 1000, integer: true }),
  };
}

/** Exact origins only: a wildcard or a path would open the API to pages the operator never named. */
export function corsOriginsFrom(raw: string | undefined): string[] {
  if (!raw || !raw.trim()) return [];
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((origin) => {
      let parsed: URL | undefined;
      try {
        parsed = new URL(origin);
      } catch {
        parsed = undefined;
      }
      if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin) {
        throw new ConfigError(
          `CORS_ORIGINS: "${origin}" is not an origin; write each as scheme://host[:port], without a path or a trailing slash, separated by commas`,
        );
      }
      return origin;
    });
}

function statementReadingFrom(env: NodeJS.ProcessEnv): ReaderPoolSettings {
  const defaults = DEFAULT_READER_POOL;
  return {
    workers: numberFrom(env, 'STATEMENT_READ_WORKERS', defaults.workers, { min: 1, integer: true }),
    timeoutMs: numberFrom(env, 'STATEMENT_READ_TIMEOUT_MS', defaults.timeoutMs, { min: 100, integer: true }),
    // Below this a worker cannot load the readers at all.
    memoryMb: numberFrom(env, 'STATEMENT_READ_MEMORY_MB', defaults.memoryMb, { min: 64, integer: true }),
    limits: {
      maxRows: numberFrom(env, 'STATEMENT_MAX_ROWS', defaults.limits.maxRows, { min: 1, integer: true }),
      maxSheetCells: numberFrom(env, 'STATEMENT_MAX_SHEET_CELLS', defaults.limits.maxSheetCells, {
        min: 1,
        integer: true,
      }),
      maxPdfPages: numberFrom(env, 'STATEMENT_MAX_PDF_PAGES', defaults.limits.maxPdfPages, { min: 1, integer: true }),
    },
  };
}

function llmFrom(env: NodeJS.ProcessEnv): LlmSettings | null {
  if (!env.LLM_BASE_URL || !env.LLM_MODEL) return null;
  return {
    baseUrl: env.LLM_BASE_URL,
    apiKey: env.LLM_API_KEY || null,
    model: env.LLM_MODEL,
    timeoutMs: numberFrom(env, 'LLM_TIMEOUT_MS', 20_000, { min: 1, integer: true }),
    maxRetries: numberFrom(env, 'LLM_MAX_RETRIES', 2, { integer: true }),
    retryBaseMs: numberFrom(env, 'LLM_RETRY_BASE_MS', 500, { integer: true }),
    batchSize: numberFrom(env, 'LLM_BATCH_SIZE', 10, { min: 1, integer: true }),
    dailyBudgetRows: numberFrom(env, 'LLM_DAILY_BUDGET_ROWS', 500, { integer: true }),
  };
}
