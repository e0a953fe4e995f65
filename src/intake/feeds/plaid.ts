import {
  Configuration,
  CountryCode,
  PlaidApi,
  PlaidEnvironments,
  Products,
  type AccountBase,
  type Transaction,
} from 'plaid';
import {
  FeedError,
  assertProviderUrl,
  type Connected,
  type FeedAccount,
  type FeedChanges,
  type FeedProvider,
  type FeedRow,
  type SyncRequest,
} from './provider.ts';

export interface PlaidSettings {
  clientId: string;
  secret: string;
  /** A Plaid environment name (sandbox, production) or a base URL (https, or http on loopback). */
  environment: string;
  /** Where Plaid sends SYNC_UPDATES_AVAILABLE; null: no webhook, the schedule alone syncs. */
  webhookUrl: string | null;
}

/** Rows per /transactions/sync page (Plaid's maximum is 500). */
export const PLAID_PAGE_SIZE = 500;
/** Restarts of one sync's pagination after TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION before giving up until the next sync. */
const MAX_PAGINATION_RESTARTS = 3;
const TIMEOUT_MS = 30_000;

/** Plaid's error object (`error_type`, `error_code`, …) as the axios error inside the client carries it. */
interface PlaidErrorBody {
  error_type?: string;
  error_code?: string;
  error_message?: string;
  display_message?: string | null;
  request_id?: string;
}

export function plaidErrorOf(
  error: unknown,
): { status: number | null; body: PlaidErrorBody; retryAfter: string | null } | null {
  const response = (error as { response?: { status?: number; data?: unknown; headers?: Record<string, string> } })
    ?.response;
  if (!response) return null;
  const body = response.data && typeof response.data === 'object' ? (response.data as PlaidErrorBody) : {};
  return { status: response.status ?? null, body, retryAfter: response.headers?.['retry-after'] ?? null };
}

/** Plaid's error codes in the scheduler's terms (plaid.com/docs/errors). */
export function feedErrorFrom(error: unknown, what: string): FeedError {
  if (error instanceof FeedError) return error;
  const plaid = plaidErrorOf(error);
  if (!plaid) return new FeedError('transient', `${what}: ${(error as Error)?.message ?? String(error)}`);
  const code = plaid.body.error_code ?? '';
  const message = `${what}: Plaid ${code || plaid.status} ${plaid.body.error_message ?? ''}`.trim();
  if (
    [
      'ITEM_LOGIN_REQUIRED',
      'PENDING_EXPIRATION',
      'ACCESS_NOT_GRANTED',
      'ITEM_LOCKED',
      'USER_PERMISSION_REVOKED',
      'INVALID_CREDENTIALS',
      'ITEM_NOT_FOUND',
      'INVALID_ACCESS_TOKEN',
    ].includes(code)
  ) {
    return new FeedError('needs_reauth', message);
  }
  if (code === 'INVALID_PUBLIC_TOKEN') return new FeedError('invalid_token', message);
  if (plaid.status === 429 || plaid.body.error_type === 'RATE_LIMIT_EXCEEDED') {
    return new FeedError(
      'rate_limited',
      message,
      plaid.retryAfter && /^\d+$/.test(plaid.retryAfter) ? Number(plaid.retryAfter) * 1000 : null,
    );
  }
  if (
    (plaid.status ?? 500) >= 500 ||
    plaid.body.error_type === 'API_ERROR' ||
    plaid.body.error_type === 'INSTITUTION_ERROR' ||
    code === 'PRODUCT_NOT_READY'
  ) {
    return new FeedError('transient', message);
  }
  return new FeedError('permanent', message);
}

function kindOf(account: AccountBase): FeedAccount['kind'] {
  if (account.type === 'credit') return 'credit_card';
  return account.subtype === 'savings' ? 'savings' : 'checking';
}

function toFeedAccount(account: AccountBase): FeedAccount {
  return {
    providerAccountId: account.account_id,
    name: account.official_name || account.name,
    mask: account.mask ?? null,
    currency: account.balances.iso_currency_code ?? account.balances.unofficial_currency_code ?? 'USD',
    kind: kindOf(account),
    // Plaid reports a card's current balance as the amount owed, a deposit's as money held: the service's directions.
    currentBalance: account.balances.current ?? null,
  };
}

function toFeedRow(row: Transaction): FeedRow {
  return {
    providerRowId: row.transaction_id,
    providerAccountId: row.account_id,
    date: row.date,
    authorizedDate: row.authorized_date ?? null,
    // Plaid's sign is the service's: positive is money leaving the account.
    amount: row.amount,
    description: (row.original_description || row.name || row.merchant_name || '').trim(),
    merchant: row.merchant_name?.trim() || null,
    pending: row.pending,
    replacesProviderRowId: row.pending_transaction_id ?? null,
  };
}

/**
 * Plaid Transactions through the official client: a Link token for the front end, the public token
 * exchanged once for an access token, then /transactions/sync from the stored cursor (added, modified,
 * removed; `has_more` pages; a mutation during pagination restarts from the sync's first cursor, as
 * Plaid requires), and /accounts/balance/get for the current balances.
 */
export class PlaidProvider implements FeedProvider {
  readonly name = 'plaid' as const;
  readonly client: PlaidApi;

  constructor(private readonly settings: PlaidSettings) {
    const basePath =
      (PlaidEnvironments as Record<string, string>)[settings.environment] ??
      assertProviderUrl(settings.environment, 'PLAID_ENV').toString().replace(/\/$/, '');
    this.client = new PlaidApi(
      new Configuration({
        basePath,
        baseOptions: {
          timeout: TIMEOUT_MS,
          headers: {
            'PLAID-CLIENT-ID': settings.clientId,
            'PLAID-SECRET': settings.secret,
            'Plaid-Version': '2020-09-14',
          },
        },
      }),
    );
  }

  async linkToken(clientUserId: string): Promise<{ linkToken: string; expiration: string }> {
    try {
      const { data } = await this.client.linkTokenCreate({
        user: { client_user_id: clientUserId },
        client_name: 'Bookkeeping',
        products: [Products.Transactions],
        country_codes: [CountryCode.Us],
        language: 'en',
        ...(this.settings.webhookUrl ? { webhook: this.settings.webhookUrl } : {}),
      });
      return { linkToken: data.link_token, expiration: data.expiration };
    } catch (error) {
      throw feedErrorFrom(error, 'creating a link token');
    }
  }

  async connect(publicToken: string): Promise<Connected> {
    let accessToken: string;
    let itemId: string;
    try {
      const { data } = await this.client.itemPublicTokenExchange({ public_token: publicToken });
      accessToken = data.access_token;
      itemId = data.item_id;
    } catch (error) {
      throw feedErrorFrom(error, 'exchanging the public token');
    }
    try {
      const { data } = await this.client.accountsGet({ access_token: accessToken });
      let institutionName = 'Plaid';
      if (data.item.institution_id) {
        const institution = await this.client.institutionsGetById({
          institution_id: data.item.institution_id,
          country_codes: [CountryCode.Us],
        });
        institutionName = institution.data.institution.name;
      }
      return { secret: accessToken, itemId, institutionName, accounts: data.accounts.map(toFeedAccount) };
    } catch (error) {
      throw feedErrorFrom(error, 'reading the accounts');
    }
  }

  async sync(input: SyncRequest): Promise<FeedChanges> {
    for (let restart = 0; ; restart++) {
      const changes: FeedChanges = {
        accounts: [],
        added: [],
        modified: [],
        removed: [],
        window: null,
        cursor: input.cursor,
        warnings: [],
      };
      let cursor = input.cursor ?? undefined;
      try {
        for (;;) {
          const { data } = await this.client.transactionsSync({
            access_token: input.secret,
            cursor,
            count: PLAID_PAGE_SIZE,
          });
          changes.added.push(...data.added.map(toFeedRow));
          changes.modified.push(...data.modified.map(toFeedRow));
          changes.removed.push(
            ...data.removed.map((row) => ({
              providerRowId: row.transaction_id,
              providerAccountId: row.account_id ?? null,
            })),
          );
          cursor = data.next_cursor;
          await input.onPage?.(changes.added.length + changes.modified.length + changes.removed.length);
          if (!data.has_more) break;
        }
      } catch (error) {
        const plaid = plaidErrorOf(error);
        if (
          plaid?.body.error_code === 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION' &&
          restart < MAX_PAGINATION_RESTARTS
        )
          continue;
        throw feedErrorFrom(error, 'syncing transactions');
      }
      changes.cursor = cursor ?? null;
      try {
        const { data } = await this.client.accountsBalanceGet({ access_token: input.secret });
        changes.accounts = data.accounts.map(toFeedAccount);
      } catch (error) {
        throw feedErrorFrom(error, 'reading balances');
      }
      return changes;
    }
  }
}
