import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local SimpleFIN Bridge (simplefin.org/protocol.html): setup tokens (base64 of a claim URL) that
 * can be claimed once with a POST, answering an access URL with basic-auth credentials in it; and
 * `GET /accounts` under that URL with `start-date`, `end-date` (Unix seconds), `pending=1` and
 * `balances-only=1`, answering `{errors, accounts}` with each account's org, balance and transactions
 * (amounts as decimal strings, deposits positive; pending rows flagged). Credentials can be revoked
 * (403) and faults queued (429 with Retry-After, 5xx, 402).
 */
export interface FakeSimplefinTransaction {
  id: string;
  /** Unix seconds; 0 while pending, as some banks send. */
  posted: number;
  amount: string;
  description: string;
  payee?: string;
  memo?: string;
  transacted_at?: number;
  pending?: boolean;
}

export interface FakeSimplefinAccount {
  org: { domain: string; name: string; 'sfin-url': string };
  id: string;
  name: string;
  currency: string;
  balance: string;
  'available-balance'?: string;
  'balance-date': number;
  transactions: FakeSimplefinTransaction[];
}

export const unix = (date: string) => Math.floor(new Date(`${date}T12:00:00Z`).getTime() / 1000);

export class FakeSimplefinServer {
  private server!: Server;
  url = '';
  readonly accounts: FakeSimplefinAccount[] = [];
  readonly errors: string[] = [];
  readonly requests: Array<{ path: string; query: URLSearchParams }> = [];
  private readonly claims = new Map<string, boolean>();
  private readonly credentials = new Map<string, string>();
  private readonly faults: Array<{ status: number; retryAfterSeconds?: number }> = [];

  async start(): Promise<this> {
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

  setupToken(): string {
    const claim = randomBytes(8).toString('hex');
    this.claims.set(claim, false);
    return Buffer.from(`${this.url}/simplefin/claim/${claim}`).toString('base64');
  }

  revokeAll(): void {
    this.credentials.clear();
  }

  fail(status: number, retryAfterSeconds?: number): void {
    this.faults.push({ status, retryAfterSeconds });
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    for await (const _chunk of request) {
      /* drained */
    }
    const url = new URL(request.url ?? '/', this.url);
    this.requests.push({ path: url.pathname, query: url.searchParams });
    const claim = /^\/simplefin\/claim\/([0-9a-f]+)$/.exec(url.pathname);
    if (claim && request.method === 'POST') {
      if (this.claims.get(claim[1]) !== false) {
        response.writeHead(403, { 'content-type': 'text/plain' });
        return void response.end('Forbidden');
      }
      this.claims.set(claim[1], true);
      const user = randomBytes(6).toString('hex');
      const password = randomBytes(12).toString('hex');
      this.credentials.set(user, password);
      response.writeHead(200, { 'content-type': 'text/plain' });
      return void response.end(`${this.url.replace('://', `://${user}:${password}@`)}/simplefin`);
    }
    if (url.pathname !== '/simplefin/accounts' || request.method !== 'GET') {
      response.writeHead(404);
      return void response.end();
    }
    const [scheme, encoded] = (request.headers.authorization ?? '').split(' ');
    const [user, password] =
      scheme === 'Basic' && encoded ? Buffer.from(encoded, 'base64').toString('utf8').split(':') : [];
    if (!user || this.credentials.get(user) !== password) {
      response.writeHead(403, { 'content-type': 'text/plain' });
      return void response.end('Forbidden');
    }
    const fault = this.faults.shift();
    if (fault) {
      response.writeHead(fault.status, {
        'content-type': 'text/plain',
        ...(fault.retryAfterSeconds ? { 'retry-after': String(fault.retryAfterSeconds) } : {}),
      });
      return void response.end(`status ${fault.status}`);
    }
    const start = url.searchParams.has('start-date') ? Number(url.searchParams.get('start-date')) : -Infinity;
    const end = url.searchParams.has('end-date') ? Number(url.searchParams.get('end-date')) : Infinity;
    const withPending = url.searchParams.get('pending') === '1';
    const balancesOnly = url.searchParams.get('balances-only') === '1';
    const accounts = this.accounts.map((account) => ({
      ...account,
      transactions: balancesOnly
        ? undefined
        : account.transactions.filter((row) => {
            const pending = row.pending === true || row.posted === 0;
            if (pending && !withPending) return false;
            const at = row.posted > 0 ? row.posted : (row.transacted_at ?? 0);
            return at >= start && at < end;
          }),
    }));
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ errors: this.errors, accounts }));
  }
}
