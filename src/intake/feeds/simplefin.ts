import {
  FeedError,
  assertProviderUrl,
  isoDay,
  kindFromName,
  type Connected,
  type FeedAccount,
  type FeedChanges,
  type FeedProvider,
  type FeedRow,
  type SyncRequest,
} from './provider.ts';

/**
 * SimpleFIN Bridge (simplefin.org/protocol.html). A setup token is the base64 of a claim URL; POSTing
 * to it once returns an access URL whose user-info carries the credentials. `GET {accessUrl}/accounts`
 * with `start-date`, `end-date` (Unix seconds) and `pending=1` answers every account with its
 * transactions in the window, plus `errors` (messages about the bank's connection, shown to the
 * owner). Amounts are signed from the holder's side (a deposit is positive), balances likewise (a
 * card owes a negative balance). The protocol has no changed/removed lists: each sync reads a window
 * starting a little before the last one, and the window decides.
 */
export const SIMPLEFIN_FIRST_SYNC_DAYS = 90;
/** Banks post and amend rows for a few days: each sync reads back this far before the last one. */
export const SIMPLEFIN_OVERLAP_DAYS = 14;
const TIMEOUT_MS = 30_000;

interface SimplefinTransaction {
  id: string;
  posted: number;
  amount: string;
  description: string;
  payee?: string;
  memo?: string;
  transacted_at?: number;
  pending?: boolean;
}
interface SimplefinAccount {
  org?: { name?: string; domain?: string };
  id: string;
  name: string;
  currency: string;
  balance: string;
  'balance-date'?: number;
  transactions?: SimplefinTransaction[];
}
interface SimplefinAccountSet {
  errors?: string[];
  accounts?: SimplefinAccount[];
}

const day = (seconds: number) => isoDay(new Date(seconds * 1000));

function accessParts(accessUrl: string): { base: string; authorization: string } {
  const url = assertProviderUrl(accessUrl, 'the SimpleFIN access URL');
  const authorization = `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`;
  url.username = '';
  url.password = '';
  return { base: url.toString().replace(/\/$/, ''), authorization };
}

function failure(status: number, retryAfter: string | null, what: string): FeedError {
  if (status === 401 || status === 403)
    return new FeedError(
      'needs_reauth',
      `${what}: SimpleFIN refused the credentials (${status}); claim a new setup token`,
    );
  if (status === 402) return new FeedError('needs_reauth', `${what}: the SimpleFIN subscription needs payment (402)`);
  if (status === 429)
    return new FeedError(
      'rate_limited',
      `${what}: SimpleFIN rate limit (429)`,
      retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) * 1000 : null,
    );
  if (status >= 500) return new FeedError('transient', `${what}: SimpleFIN answered ${status}`);
  return new FeedError('permanent', `${what}: SimpleFIN answered ${status}`);
}

async function request(url: string, init: RequestInit, what: string): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new FeedError('transient', `${what}: ${(error as Error).message}`);
  }
}

function toFeedAccount(account: SimplefinAccount): FeedAccount {
  const kind = kindFromName(account.name);
  const balance = Number(account.balance);
  const mask = /(\d{4})\D*$/.exec(account.name)?.[1] ?? null;
  return {
    providerAccountId: account.id,
    name: account.name,
    mask,
    currency: account.currency,
    kind,
    // Signed from the holder's side; the service keeps a card's balance as what is owed.
    currentBalance: Number.isFinite(balance) ? (kind === 'credit_card' ? -balance : balance) : null,
  };
}

function toFeedRow(accountId: string, row: SimplefinTransaction): FeedRow {
  const amount = Number(row.amount);
  if (!Number.isFinite(amount)) throw new FeedError('permanent', `SimpleFIN row ${row.id} has amount "${row.amount}"`);
  const pending = row.pending === true || row.posted === 0;
  const postedAt = row.posted > 0 ? row.posted : (row.transacted_at ?? 0);
  return {
    providerRowId: row.id,
    providerAccountId: accountId,
    date: day(postedAt),
    authorizedDate: row.transacted_at ? day(row.transacted_at) : null,
    // A deposit is positive in SimpleFIN; the service's rows are positive when money goes out.
    amount: amount === 0 ? 0 : -amount,
    description: (row.description || row.payee || row.memo || '').trim(),
    merchant: row.payee?.trim() || null,
    pending,
    replacesProviderRowId: null,
  };
}

export class SimplefinProvider implements FeedProvider {
  readonly name = 'simplefin' as const;

  async connect(setupToken: string): Promise<Connected> {
    let claimUrl: string;
    try {
      claimUrl = Buffer.from(setupToken.trim(), 'base64').toString('utf8');
    } catch {
      throw new FeedError('invalid_token', 'setupToken is not base64');
    }
    assertProviderUrl(claimUrl, 'the claim URL in setupToken');
    const response = await request(
      claimUrl,
      { method: 'POST', headers: { 'content-length': '0' } },
      'claiming the setup token',
    );
    if (response.status === 403)
      throw new FeedError(
        'invalid_token',
        'the setup token was already claimed or is not valid (403); make a new one in SimpleFIN Bridge',
      );
    if (!response.ok) throw failure(response.status, response.headers.get('retry-after'), 'claiming the setup token');
    const accessUrl = (await response.text()).trim();
    assertProviderUrl(accessUrl, 'the access URL SimpleFIN returned');
    const set = await this.fetchAccounts(accessUrl, { balancesOnly: true });
    const institution = set.accounts?.[0]?.org?.name ?? set.accounts?.[0]?.org?.domain ?? 'SimpleFIN';
    return {
      secret: accessUrl,
      itemId: null,
      institutionName: institution,
      accounts: (set.accounts ?? []).map(toFeedAccount),
    };
  }

  async sync(input: SyncRequest): Promise<FeedChanges> {
    const end = input.now;
    const start = input.lastSyncedAt
      ? new Date(new Date(input.lastSyncedAt).getTime() - SIMPLEFIN_OVERLAP_DAYS * 86_400_000)
      : new Date(end.getTime() - SIMPLEFIN_FIRST_SYNC_DAYS * 86_400_000);
    const set = await this.fetchAccounts(input.secret, { start, end });
    const accounts = set.accounts ?? [];
    const added = accounts
      .flatMap((account) => (account.transactions ?? []).map((row) => toFeedRow(account.id, row)))
      .filter((row) => row.amount !== 0);
    await input.onPage?.(added.length);
    return {
      accounts: accounts.map(toFeedAccount),
      added,
      modified: [],
      removed: [],
      window: { from: isoDay(start), to: isoDay(end) },
      cursor: null,
      warnings: (set.errors ?? []).map(String),
    };
  }

  private async fetchAccounts(
    accessUrl: string,
    options: { start?: Date; end?: Date; balancesOnly?: boolean },
  ): Promise<SimplefinAccountSet> {
    const { base, authorization } = accessParts(accessUrl);
    const query = new URLSearchParams();
    if (options.start) query.set('start-date', String(Math.floor(options.start.getTime() / 1000)));
    if (options.end) query.set('end-date', String(Math.floor(options.end.getTime() / 1000)));
    if (options.balancesOnly) query.set('balances-only', '1');
    else query.set('pending', '1');
    const response = await request(
      `${base}/accounts?${query}`,
      { headers: { authorization, accept: 'application/json' } },
      'reading accounts',
    );
    if (!response.ok) throw failure(response.status, response.headers.get('retry-after'), 'reading accounts');
    let body: SimplefinAccountSet;
    try {
      body = (await response.json()) as SimplefinAccountSet;
    } catch {
      throw new FeedError('transient', 'reading accounts: SimpleFIN answered something other than JSON');
    }
    if (!Array.isArray(body.accounts))
      throw new FeedError('transient', 'reading accounts: the answer has no accounts list');
    return body;
  }
}
