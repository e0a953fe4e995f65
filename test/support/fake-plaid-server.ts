import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';

/**
 * A local Plaid (the parts the service uses), answering the documented request and response shapes
 * (plaid.com/docs/api): client id and secret in the PLAID-CLIENT-ID/PLAID-SECRET headers or the body,
 * /link/token/create, /item/public_token/exchange, /accounts/get, /accounts/balance/get,
 * /institutions/get_by_id, /transactions/sync (cursor over a log of changes, `count`, `has_more`,
 * TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION when a change lands between pages) and
 * /webhook_verification_key/get, with Plaid's error object. Faults are queued by test code: 429, 5xx,
 * ITEM_LOGIN_REQUIRED, bad keys. Webhooks are signed like Plaid's (ES256 JWT with the body's SHA-256).
 */
export interface FakePlaidAccount {
  account_id: string;
  name: string;
  official_name: string | null;
  mask: string | null;
  type: 'depository' | 'credit';
  subtype: string;
  balances: {
    available: number | null;
    current: number | null;
    iso_currency_code: string;
    limit: number | null;
    unofficial_currency_code: null;
  };
}

export interface FakePlaidTransaction {
  transaction_id: string;
  account_id: string;
  amount: number;
  date: string;
  authorized_date: string | null;
  name: string;
  merchant_name: string | null;
  pending: boolean;
  pending_transaction_id: string | null;
}

type Change =
  | { kind: 'added' | 'modified'; transaction: FakePlaidTransaction }
  | { kind: 'removed'; transaction_id: string; account_id: string };

interface Item {
  itemId: string;
  accessToken: string;
  institutionId: string;
  accounts: FakePlaidAccount[];
  log: Change[];
  loginRequired: boolean;
}

export interface PlaidFault {
  path: string;
  status: number;
  error_type: string;
  error_code: string;
  times?: number;
  retryAfterSeconds?: number;
}

export class FakePlaidServer {
  readonly clientId = `client-${randomBytes(4).toString('hex')}`;
  readonly secret = `secret-${randomBytes(8).toString('hex')}`;
  readonly institutions = new Map<string, string>();
  readonly calls = new Map<string, number>();
  private readonly items = new Map<string, Item>();
  private readonly publicTokens = new Map<string, string>();
  private readonly faults: PlaidFault[] = [];
  /** Change-log indexes that answered a page with has_more; a change after them breaks that pagination. */
  private readonly paginating = new Map<string, number>();
  private mutateOnNextPage: string | null = null;
  private server!: Server;
  url = '';
  private signingKey!: CryptoKey;
  readonly keyId = `key-${randomBytes(4).toString('hex')}`;
  private publicJwk!: JWK;
  keyExpiredAt: number | null = null;

  async start(): Promise<this> {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    this.signingKey = privateKey as CryptoKey;
    this.publicJwk = await exportJWK(publicKey);
    this.server = createServer((request, response) => void this.handle(request, response));
    // Clients keep connections alive between syncs; a short server timeout would reset them mid-test.
    this.server.keepAliveTimeout = 120_000;
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** An item as Link would leave it; returns the public token a client exchanges. */
  createItem(options: {
    institutionName: string;
    accounts: Array<Partial<FakePlaidAccount> & { account_id: string; mask: string | null }>;
  }): { publicToken: string; itemId: string } {
    const institutionId = `ins_${createHash('sha256').update(options.institutionName).digest('hex').slice(0, 6)}`;
    this.institutions.set(institutionId, options.institutionName);
    const itemId = `item-${randomBytes(6).toString('hex')}`;
    const item: Item = {
      itemId,
      accessToken: `access-sandbox-${randomBytes(12).toString('hex')}`,
      institutionId,
      accounts: options.accounts.map((account) => ({
        name: 'Checking',
        official_name: null,
        type: 'depository',
        subtype: 'checking',
        balances: {
          available: null,
          current: 0,
          iso_currency_code: 'USD',
          limit: null,
          unofficial_currency_code: null,
        },
        ...account,
      })),
      log: [],
      loginRequired: false,
    };
    this.items.set(itemId, item);
    const publicToken = `public-sandbox-${randomBytes(8).toString('hex')}`;
    this.publicTokens.set(publicToken, itemId);
    return { publicToken, itemId };
  }

  item(itemId: string): Item {
    const item = this.items.get(itemId);
    if (!item) throw new Error(`no item ${itemId}`);
    return item;
  }

  add(itemId: string, transactions: FakePlaidTransaction[]): void {
    this.change(
      itemId,
      transactions.map((transaction) => ({ kind: 'added' as const, transaction })),
    );
  }

  modify(itemId: string, transaction: FakePlaidTransaction): void {
    this.change(itemId, [{ kind: 'modified', transaction }]);
  }

  remove(itemId: string, transactionId: string, accountId: string): void {
    this.change(itemId, [{ kind: 'removed', transaction_id: transactionId, account_id: accountId }]);
  }

  setBalance(itemId: string, accountId: string, current: number): void {
    const account = this.item(itemId).accounts.find((candidate) => candidate.account_id === accountId);
    if (!account) throw new Error(`no account ${accountId}`);
    account.balances.current = current;
  }

  requireLogin(itemId: string): void {
    this.item(itemId).loginRequired = true;
  }

  fail(fault: PlaidFault): void {
    this.faults.push({ times: 1, ...fault });
  }

  /** The next /transactions/sync page after a first one adds a change first: Plaid then asks for a restart. */
  mutateDuringNextPagination(itemId: string, transaction: FakePlaidTransaction): void {
    this.mutateOnNextPage = itemId;
    this.pendingMutation = transaction;
  }
  private pendingMutation: FakePlaidTransaction | null = null;

  /** A webhook as Plaid sends it: the JSON body and its Plaid-Verification JWT. */
  async signedWebhook(
    body: object,
    options: { issuedAt?: number; tamper?: boolean } = {},
  ): Promise<{ body: string; verification: string }> {
    const text = JSON.stringify(body, null, 2);
    const verification = await new SignJWT({
      request_body_sha256: createHash('sha256')
        .update(options.tamper ? `${text} ` : text)
        .digest('hex'),
    })
      .setProtectedHeader({ alg: 'ES256', kid: this.keyId, typ: 'JWT' })
      .setIssuedAt(options.issuedAt ?? Math.floor(Date.now() / 1000))
      .sign(this.signingKey);
    return { body: text, verification };
  }

  private change(itemId: string, changes: Change[]): void {
    const item = this.item(itemId);
    item.log.push(...changes);
  }

  private count(path: string): void {
    this.calls.set(path, (this.calls.get(path) ?? 0) + 1);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const path = (request.url ?? '/').split('?')[0];
    this.count(path);
    const requestId = randomBytes(6).toString('hex');
    const send = (status: number, body: object, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify({ ...body, request_id: requestId }));
    };
    const error = (status: number, type: string, code: string, message: string, headers: Record<string, string> = {}) =>
      send(
        status,
        {
          error_type: type,
          error_code: code,
          error_message: message,
          display_message: null,
          documentation_url: `https://plaid.com/docs/errors/`,
          suggested_action: null,
        },
        headers,
      );
    if (request.method !== 'POST') return error(404, 'INVALID_REQUEST', 'NOT_FOUND', 'not found');
    let body: Record<string, any>;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    } catch {
      return error(400, 'INVALID_REQUEST', 'INVALID_BODY', 'body could not be parsed as JSON');
    }
    const clientId = request.headers['plaid-client-id'] ?? body.client_id;
    const secret = request.headers['plaid-secret'] ?? body.secret;
    if (!clientId || !secret)
      return error(400, 'INVALID_REQUEST', 'MISSING_FIELDS', 'client_id and secret are required');
    if (clientId !== this.clientId || secret !== this.secret)
      return error(400, 'INVALID_INPUT', 'INVALID_API_KEYS', 'invalid client_id or secret provided');
    const faultIndex = this.faults.findIndex((fault) => fault.path === path);
    if (faultIndex >= 0) {
      const fault = this.faults[faultIndex];
      if (--fault.times! <= 0) this.faults.splice(faultIndex, 1);
      return error(
        fault.status,
        fault.error_type,
        fault.error_code,
        `injected ${fault.error_code}`,
        fault.retryAfterSeconds ? { 'retry-after': String(fault.retryAfterSeconds) } : {},
      );
    }
    const itemOfToken = () => [...this.items.values()].find((item) => item.accessToken === body.access_token);

    switch (path) {
      case '/link/token/create': {
        if (
          !body.user?.client_user_id ||
          !Array.isArray(body.products) ||
          !Array.isArray(body.country_codes) ||
          !body.client_name ||
          !body.language
        ) {
          return error(
            400,
            'INVALID_REQUEST',
            'MISSING_FIELDS',
            'user.client_user_id, client_name, products, country_codes and language are required',
          );
        }
        return send(200, {
          link_token: `link-sandbox-${randomBytes(8).toString('hex')}`,
          expiration: new Date(Date.now() + 4 * 3600_000).toISOString(),
        });
      }
      case '/item/public_token/exchange': {
        const itemId = this.publicTokens.get(body.public_token);
        if (!itemId)
          return error(
            400,
            'INVALID_INPUT',
            'INVALID_PUBLIC_TOKEN',
            'provided public token is in an invalid format or expired',
          );
        this.publicTokens.delete(body.public_token);
        const item = this.item(itemId);
        return send(200, { access_token: item.accessToken, item_id: item.itemId });
      }
      case '/institutions/get_by_id': {
        const name = this.institutions.get(body.institution_id);
        if (!name || !Array.isArray(body.country_codes))
          return error(400, 'INVALID_INPUT', 'INVALID_INSTITUTION', 'invalid institution_id');
        return send(200, {
          institution: {
            institution_id: body.institution_id,
            name,
            products: ['transactions'],
            country_codes: ['US'],
            routing_numbers: [],
            oauth: false,
          },
        });
      }
      case '/webhook_verification_key/get': {
        if (body.key_id !== this.keyId)
          return error(400, 'INVALID_INPUT', 'INVALID_WEBHOOK_VERIFICATION_KEY_ID', 'invalid key_id');
        return send(200, {
          key: {
            ...this.publicJwk,
            alg: 'ES256',
            use: 'sig',
            kid: this.keyId,
            created_at: Math.floor(Date.now() / 1000) - 3600,
            expired_at: this.keyExpiredAt,
          },
        });
      }
    }
    const item = itemOfToken();
    if (!item)
      return error(400, 'INVALID_INPUT', 'INVALID_ACCESS_TOKEN', 'provided access token is in an invalid format');
    if (item.loginRequired)
      return error(
        400,
        'ITEM_ERROR',
        'ITEM_LOGIN_REQUIRED',
        'the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information',
      );
    const itemBody = {
      item_id: item.itemId,
      institution_id: item.institutionId,
      webhook: '',
      error: null,
      available_products: [],
      billed_products: ['transactions'],
      consented_products: ['transactions'],
    };
    switch (path) {
      case '/accounts/get':
      case '/accounts/balance/get':
        return send(200, { accounts: item.accounts, item: itemBody });
      case '/transactions/sync': {
        const count = body.count ?? 100;
        if (!Number.isInteger(count) || count < 1 || count > 500)
          return error(400, 'INVALID_REQUEST', 'INVALID_FIELD', 'count must be between 1 and 500');
        let start = 0;
        if (body.cursor) {
          const decoded = /^c(\d+)$/.exec(Buffer.from(String(body.cursor), 'base64').toString('utf8'));
          if (!decoded) return error(400, 'INVALID_REQUEST', 'INVALID_FIELD', 'cursor is not valid');
          start = Number(decoded[1]);
        }
        // A change landing between two pages of one pagination: Plaid refuses the page.
        if (
          this.mutateOnNextPage === item.itemId &&
          this.paginating.get(item.itemId) === start &&
          this.pendingMutation
        ) {
          item.log.push({ kind: 'added', transaction: this.pendingMutation });
          this.mutateOnNextPage = null;
          this.pendingMutation = null;
          this.paginating.delete(item.itemId);
          return error(
            400,
            'TRANSACTIONS_ERROR',
            'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION',
            'underlying transaction data changed since last page was fetched. Please restart pagination from last update.',
          );
        }
        const page = item.log.slice(start, start + count);
        const next = start + page.length;
        const hasMore = next < item.log.length;
        if (hasMore) this.paginating.set(item.itemId, next);
        else this.paginating.delete(item.itemId);
        return send(200, {
          accounts: item.accounts,
          added: page
            .filter((change) => change.kind === 'added')
            .map((change) => toWire((change as { transaction: FakePlaidTransaction }).transaction)),
          modified: page
            .filter((change) => change.kind === 'modified')
            .map((change) => toWire((change as { transaction: FakePlaidTransaction }).transaction)),
          removed: page
            .filter((change) => change.kind === 'removed')
            .map((change) => ({
              transaction_id: (change as { transaction_id: string }).transaction_id,
              account_id: (change as { account_id: string }).account_id,
            })),
          next_cursor: Buffer.from(`c${next}`).toString('base64'),
          has_more: hasMore,
          transactions_update_status: 'HISTORICAL_UPDATE_COMPLETE',
        });
      }
    }
    return error(404, 'INVALID_REQUEST', 'NOT_FOUND', `no route ${path}`);
  }
}

function toWire(transaction: FakePlaidTransaction) {
  return {
    ...transaction,
    iso_currency_code: 'USD',
    unofficial_currency_code: null,
    original_description: null,
    category: null,
    category_id: null,
    payment_channel: 'in store',
    location: {},
    payment_meta: {},
    account_owner: null,
    transaction_code: null,
    datetime: null,
    authorized_datetime: null,
    logo_url: null,
    website: null,
    counterparties: [],
    personal_finance_category: null,
  };
}
