/**
 * What a bank-feed provider hands the service, whatever its protocol. Amounts are major units as the
 * provider sends them, already in the service's sign (positive = money out); balances in the
 * account's natural direction (a card's balance is what is owed).
 */
export type FeedAccountKind = 'checking' | 'savings' | 'credit_card';

export interface FeedAccount {
  providerAccountId: string;
  name: string;
  /** Last digits of the account number, when the provider tells them: how an existing account is matched. */
  mask: string | null;
  currency: string;
  kind: FeedAccountKind;
  /** The balance the bank reports now; null when it reports none. */
  currentBalance: number | null;
}

export interface FeedRow {
  providerRowId: string;
  providerAccountId: string;
  date: string;
  authorizedDate: string | null;
  amount: number;
  description: string;
  merchant: string | null;
  pending: boolean;
  /** Plaid: a posted row names the pending row it replaces (pending_transaction_id). */
  replacesProviderRowId: string | null;
}

export interface FeedChanges {
  accounts: FeedAccount[];
  added: FeedRow[];
  modified: FeedRow[];
  removed: Array<{ providerRowId: string; providerAccountId: string | null }>;
  /**
   * SimpleFIN sends what the window holds, not what changed: a pending row of the window it no
   * longer lists was withdrawn (or settled under another id, which then arrives as a new row).
   */
  window: { from: string; to: string } | null;
  /** The provider's cursor after these changes (Plaid); null for windowed providers. */
  cursor: string | null;
  /** Messages the provider attached (SimpleFIN `errors`): kept as the connection's reason. */
  warnings: string[];
}

export interface Connected {
  /** What opens the login later (access URL, access token): sealed before it is stored. */
  secret: string;
  itemId: string | null;
  institutionName: string;
  accounts: FeedAccount[];
}

export interface SyncRequest {
  secret: string;
  cursor: string | null;
  /** When the last successful sync ran (a windowed provider starts a little before it). */
  lastSyncedAt: string | null;
  now: Date;
  /** Called after each page, for the connection's progress. */
  onPage?: (rowsSoFar: number) => Promise<void> | void;
}

export interface FeedProvider {
  readonly name: 'simplefin' | 'plaid';
  connect(token: string): Promise<Connected>;
  sync(request: SyncRequest): Promise<FeedChanges>;
}

/**
 * Why a provider call failed, in the terms the scheduler acts on: `needs_reauth` waits for the owner
 * (bad credentials, an expired item); `invalid_token` is the client's input (400); `rate_limited` and
 * `transient` are retried with backoff; `permanent` stops the connection with status `error`.
 */
export type FeedErrorKind = 'needs_reauth' | 'invalid_token' | 'rate_limited' | 'transient' | 'permanent';

export class FeedError extends Error {
  constructor(
    readonly kind: FeedErrorKind,
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/**
 * Provider URLs must be https: they carry bank credentials. Loopback addresses may be plain http, so
 * that a provider running beside the service (and the tests' local servers) work.
 */
export function assertProviderUrl(raw: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FeedError('invalid_token', `${what} is not a URL`);
  }
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && isLoopback(url.hostname)) return url;
  throw new FeedError('invalid_token', `${what} must be https (plain http only on a loopback address)`);
}

export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (host === '::1') return true;
  const octets = host.split('.');
  return (
    octets.length === 4 &&
    octets[0] === '127' &&
    octets.every((octet) => /^\d{1,3}$/.test(octet) && Number(octet) <= 255)
  );
}

export function kindFromName(name: string): FeedAccountKind {
  if (/credit|card|visa|master ?card|amex|american express/i.test(name)) return 'credit_card';
  if (/saving/i.test(name)) return 'savings';
  return 'checking';
}

export const isoDay = (date: Date) => date.toISOString().slice(0, 10);
