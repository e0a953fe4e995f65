import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createAccount, createHarness, push, type Harness, type TestTenant } from '../../../test/support/harness.ts';
import { FakePlaidServer, type FakePlaidTransaction } from '../../../test/support/fake-plaid-server.ts';
import { FakeSimplefinServer, unix } from '../../../test/support/fake-simplefin-server.ts';
import { recomputationViolations } from '../../../test/support/recomputation.ts';
import { feedRuntime, type FeedRuntime } from '../../intake/feeds/services.ts';
import { syncDueConnections } from '../../intake/feeds/sync.ts';

/**
 * Connected bank feeds through the API, against local servers speaking SimpleFIN's and Plaid's
 * protocols: connecting (accounts matched or created), syncing (new, modified, removed and settling
 * rows, identity with pushed rows, balances), the provider's failures (429, 5xx, bad credentials,
 * an expired login, a change during pagination), the Plaid webhook's signature, secrets at rest.
 */
const SECRET_KEY = 'a1'.repeat(32);
const AS_OF = '2026-12-31';
let harness: Harness;
let plaid: FakePlaidServer;
let simplefin: FakeSimplefinServer;
let feeds: FeedRuntime;
let clock = new Date('2026-06-20T10:00:00Z');

before(async () => {
  plaid = await new FakePlaidServer().start();
  simplefin = await new FakeSimplefinServer().start();
  harness = await createHarness({
    now: () => clock,
    config: (config) => ({
      ...config,
      feeds: {
        ...config.feeds,
        secretKey: SECRET_KEY,
        retryBaseMs: 60_000,
        plaid: { clientId: plaid.clientId, secret: plaid.secret, environment: plaid.url, webhookUrl: null },
      },
    }),
  });
  feeds = feedRuntime(harness.config.feeds);
});
after(async () => {
  await harness.close();
  await plaid.close();
  await simplefin.close();
});

const sync = (tenant: TestTenant) =>
  syncDueConnections(harness.handle, feeds, { limit: 50, now: () => clock, onlyTenant: tenant.tenantId });
const plaidRow = (
  id: string,
  accountId: string,
  date: string,
  amount: number,
  name: string,
  extra: Partial<FakePlaidTransaction> = {},
): FakePlaidTransaction => ({
  transaction_id: id,
  account_id: accountId,
  amount,
  date,
  authorized_date: null,
  name,
  merchant_name: null,
  pending: false,
  pending_transaction_id: null,
  ...extra,
});
const rowsOf = async (tenant: TestTenant) =>
  (await tenant.call('GET', '/v1/transactions?from=2026-01-01&to=2026-12-31&limit=200')).json().data as Array<{
    id: string;
    amount: number;
    date: string;
    pending: boolean;
    description: string;
    bankAccountId: string;
    journalEntryId: string | null;
  }>;
const connectionOf = async (tenant: TestTenant, id: string) =>
  (await tenant.call('GET', `/v1/bank-connections/${id}`)).json().data;

async function connectPlaid(tenant: TestTenant) {
  const { publicToken, itemId } = plaid.createItem({
    institutionName: 'First Platypus Bank',
    accounts: [
      {
        account_id: 'plaid-chk',
        mask: '1234',
        name: 'Plaid Checking',
        type: 'depository',
        subtype: 'checking',
        balances: {
          available: 900,
          current: 1000,
          iso_currency_code: 'USD',
          limit: null,
          unofficial_currency_code: null,
        },
      },
      {
        account_id: 'plaid-card',
        mask: '9876',
        name: 'Plaid Credit Card',
        type: 'credit',
        subtype: 'credit card',
        balances: {
          available: null,
          current: 0,
          iso_currency_code: 'USD',
          limit: 5000,
          unofficial_currency_code: null,
        },
      },
    ],
  });
  const response = await tenant.call('POST', '/v1/bank-connections', { provider: 'plaid', publicToken });
  assert.equal(response.statusCode, 201, response.body);
  return { itemId, connection: response.json().data, body: response.body };
}

test('Plaid: connect matches an account by institution and mask, syncs, and follows added, settled, modified and removed rows', async () => {
  const tenant = await harness.newTenant('Plaid Co');
  const manual = await (async () => {
    const response = await tenant.call('POST', '/v1/bank-accounts', {
      institutionName: 'First Platypus Bank',
      accounts: [{ externalId: 'acct-001234', name: 'Operating', kind: 'checking', currency: 'USD' }],
    });
    return response.json().data.accounts[0];
  })();
  // Pushed before the feed existed: the feed's copy of this row must meet it, not duplicate it.
  assert.equal(
    (
      await push(
        tenant,
        [{ accountExternalId: 'acct-001234', id: 'p1', date: '2026-06-02', amount: 120, description: 'FIGMA MONTHLY' }],
        'First Platypus Bank',
      )
    ).statusCode,
    200,
  );

  const linkToken = await tenant.call('POST', '/v1/bank-connections/plaid/link-token');
  assert.equal(linkToken.statusCode, 200);
  assert.match(linkToken.json().data.linkToken, /^link-/);

  const { itemId, connection, body } = await connectPlaid(tenant);
  assert.equal(connection.institutionName, 'First Platypus Bank');
  assert.equal(connection.status, 'ok');
  assert.equal(connection.accounts.length, 2);
  assert.ok(
    connection.accounts.some((account: { id: string }) => account.id === manual.id),
    'the manual account ending 1234 is matched',
  );
  const card = connection.accounts.find((account: { kind: string }) => account.kind === 'credit_card');
  assert.equal(card.externalAccountId, '****9876');
  const accessToken = plaid.item(itemId).accessToken;
  assert.ok(!body.includes(accessToken), 'the access token is never returned');
  const stored = await harness.handle.db
    .selectFrom('bank_connections')
    .select('secret_ciphertext')
    .where('id', '=', connection.id)
    .executeTakeFirstOrThrow();
  assert.ok(!stored.secret_ciphertext.includes(accessToken), 'nor stored in the clear');

  plaid.add(itemId, [
    plaidRow('t-pending', 'plaid-card', '2026-06-03', 33.1, 'SQ *CAFE LUNA', { pending: true }),
    plaidRow('t-figma', 'plaid-chk', '2026-06-02', 120, 'FIGMA MONTHLY'),
    plaidRow('t-fee', 'plaid-chk', '2026-06-04', 15, 'MONTHLY SERVICE FEE'),
    plaidRow('t-payout', 'plaid-chk', '2026-06-05', -2500, 'STRIPE TRANSFER PAYOUT'),
    plaidRow('t-office', 'plaid-card', '2026-06-06', 45.99, 'OFFICE DEPOT 221'),
  ]);
  plaid.setBalance(itemId, 'plaid-chk', 3365);
  const [first] = await sync(tenant);
  assert.equal(first.status, 'ok', first.error);
  assert.deepEqual({ added: first.counts.added, matched: first.counts.matched }, { added: 4, matched: 1 });
  await harness.sweep();
  let rows = await rowsOf(tenant);
  assert.equal(rows.length, 5, 'the pushed Figma row and the feed copy are one row');
  const figma = rows.filter((row) => row.description === 'FIGMA MONTHLY');
  assert.equal(figma.length, 1);
  const pendingRow = rows.find((row) => row.pending)!;
  // A push without id of a row the feed brought is that row (identity by content, as statements match).
  const again = await push(
    tenant,
    [{ accountExternalId: 'acct-001234', date: '2026-06-04', amount: 15, description: 'MONTHLY SERVICE FEE' }],
    'First Platypus Bank',
  );
  assert.deepEqual(again.json().data, { received: 1, imported: 0, deduplicated: 1 });
  assert.equal(pendingRow.amount, 33.1);

  const after = await connectionOf(tenant, connection.id);
  assert.equal(after.status, 'ok');
  assert.equal(after.lastSyncedAt, clock.toISOString());
  assert.ok(
    after.nextSyncAt >= new Date(clock.getTime() + 24 * 3600_000).toISOString(),
    'next sync a day later (plus jitter)',
  );
  assert.equal(after.progress.phase, 'done');
  const accounts = (await tenant.call('GET', '/v1/bank-accounts')).json().data;
  assert.equal(accounts.find((account: { id: string }) => account.id === manual.id).currentBalance, 3365);

  // The pending row posts with a tip under a new id, a booked row is amended, another withdrawn.
  plaid.add(itemId, [
    plaidRow('t-posted', 'plaid-card', '2026-06-05', 35.6, 'SQ *CAFE LUNA', { pending_transaction_id: 't-pending' }),
  ]);
  plaid.remove(itemId, 't-pending', 'plaid-card');
  plaid.modify(itemId, plaidRow('t-office', 'plaid-card', '2026-06-07', 54.99, 'OFFICE DEPOT 221'));
  plaid.remove(itemId, 't-fee', 'plaid-chk');
  clock = new Date(clock.getTime() + 27 * 3600_000);
  const [second] = await sync(tenant);
  assert.equal(second.status, 'ok', second.error);
  assert.deepEqual(
    { modified: second.counts.modified, removed: second.counts.removed, added: second.counts.added },
    { modified: 2, removed: 1, added: 0 },
  );
  await harness.sweep();
  rows = await rowsOf(tenant);
  const settled = rows.find((row) => row.id === pendingRow.id)!;
  assert.deepEqual(
    { amount: settled.amount, date: settled.date, pending: settled.pending },
    { amount: 35.6, date: '2026-06-05', pending: false },
  );
  assert.equal(rows.find((row) => row.description === 'OFFICE DEPOT 221')!.amount, 54.99);
  assert.ok(!rows.some((row) => row.description === 'MONTHLY SERVICE FEE'));
  const entries = (await tenant.call('GET', '/v1/journal-entries?from=2026-06-01&to=2026-06-30&limit=200')).json()
    .data as Array<{ sourceType: string; reversesEntryId: string | null }>;
  assert.ok(entries.filter((entry) => entry.sourceType === 'bank_feed').length >= 6);
  assert.ok(
    entries.some((entry) => entry.reversesEntryId !== null),
    'the amended and withdrawn rows were reversed',
  );
  assert.deepEqual(await recomputationViolations(harness.handle, tenant.tenantId, { asOf: AS_OF }), []);

  // Disconnecting keeps the accounts and every row.
  const removed = await tenant.call('DELETE', `/v1/bank-connections/${connection.id}`);
  assert.equal(removed.statusCode, 200);
  assert.equal((await tenant.call('GET', `/v1/bank-connections/${connection.id}`)).statusCode, 404);
  assert.equal((await rowsOf(tenant)).length, 4);
});

test('Plaid: rate limits and server errors back off, a change during pagination restarts it, an expired login needs reauth', async () => {
  const tenant = await harness.newTenant('Plaid Faults');
  const { itemId, connection } = await connectPlaid(tenant);
  const many = Array.from({ length: 1_203 }, (_, index) =>
    plaidRow(
      `bulk-${index}`,
      'plaid-chk',
      `2026-05-${String(1 + (index % 28)).padStart(2, '0')}`,
      1 + (index % 50),
      `VENDOR ${index}`,
    ),
  );
  plaid.add(itemId, many);

  plaid.fail({
    path: '/transactions/sync',
    status: 429,
    error_type: 'RATE_LIMIT_EXCEEDED',
    error_code: 'TRANSACTIONS_SYNC_LIMIT',
    retryAfterSeconds: 120,
  });
  let [outcome] = await sync(tenant);
  assert.equal(outcome.status, 'error');
  let view = await connectionOf(tenant, connection.id);
  assert.equal(view.status, 'error');
  assert.match(view.reason, /TRANSACTIONS_SYNC_LIMIT/);
  assert.ok(new Date(view.nextSyncAt).getTime() - clock.getTime() >= 120_000, 'not before Retry-After');
  assert.equal((await sync(tenant)).length, 0, 'not due again yet');

  clock = new Date(clock.getTime() + 10 * 60_000);
  plaid.fail({ path: '/transactions/sync', status: 500, error_type: 'API_ERROR', error_code: 'INTERNAL_SERVER_ERROR' });
  [outcome] = await sync(tenant);
  assert.equal(outcome.status, 'error');
  view = await connectionOf(tenant, connection.id);
  assert.ok(new Date(view.nextSyncAt).getTime() - clock.getTime() >= 120_000, 'the second failure waits twice as long');

  // The third page finds the data changed since the first: pagination restarts from the sync's first cursor.
  clock = new Date(clock.getTime() + 10 * 60_000);
  plaid.mutateDuringNextPagination(itemId, plaidRow('late', 'plaid-chk', '2026-05-30', 7, 'LATE ARRIVAL'));
  [outcome] = await sync(tenant);
  assert.equal(outcome.status, 'ok', outcome.error);
  assert.equal(outcome.counts.added, 1_204);
  view = await connectionOf(tenant, connection.id);
  assert.deepEqual({ status: view.status, reason: view.reason }, { status: 'ok', reason: null });

  plaid.requireLogin(itemId);
  clock = new Date(clock.getTime() + 30 * 3600_000);
  [outcome] = await sync(tenant);
  assert.equal(outcome.status, 'needs_reauth');
  view = await connectionOf(tenant, connection.id);
  assert.equal(view.status, 'needs_reauth');
  assert.match(view.reason, /ITEM_LOGIN_REQUIRED/);
  assert.equal((await rowsOf(tenant)).length, 200, 'rows stay');
});

test('Plaid: a public token is redeemed once; the webhook is accepted only with a valid, fresh signature of its exact body', async () => {
  const tenant = await harness.newTenant('Plaid Webhook');
  const { publicToken, itemId } = plaid.createItem({
    institutionName: 'Webhook Bank',
    accounts: [{ account_id: 'w-chk', mask: '5555' }],
  });
  assert.equal((await tenant.call('POST', '/v1/bank-connections', { provider: 'plaid', publicToken })).statusCode, 201);
  const again = await tenant.call('POST', '/v1/bank-connections', { provider: 'plaid', publicToken });
  assert.equal(again.statusCode, 400);
  assert.match(again.json().reason, /INVALID_PUBLIC_TOKEN/);
  assert.equal(
    (await tenant.call('POST', '/v1/bank-connections', { provider: 'plaid', setupToken: 'x' })).statusCode,
    400,
  );
  const [connection] = (await tenant.call('GET', '/v1/bank-connections')).json().data;
  await sync(tenant);
  const dueLater = (await connectionOf(tenant, connection.id)).nextSyncAt;
  assert.ok(dueLater > clock.toISOString());

  const webhook = {
    webhook_type: 'TRANSACTIONS',
    webhook_code: 'SYNC_UPDATES_AVAILABLE',
    item_id: itemId,
    initial_update_complete: true,
    historical_update_complete: true,
    environment: 'sandbox',
  };
  const call = (body: string, verification: string) =>
    harness.app.inject({
      method: 'POST',
      url: '/v1/webhooks/plaid',
      headers: { 'content-type': 'application/json', 'plaid-verification': verification },
      payload: body,
    });
  const tampered = await plaid.signedWebhook(webhook, { tamper: true });
  assert.equal((await call(tampered.body, tampered.verification)).statusCode, 401);
  const stale = await plaid.signedWebhook(webhook, { issuedAt: Math.floor(Date.now() / 1000) - 6 * 60 });
  assert.equal((await call(stale.body, stale.verification)).statusCode, 401);
  assert.equal((await call(JSON.stringify(webhook), 'not-a-jwt')).statusCode, 401);
  assert.equal((await connectionOf(tenant, connection.id)).nextSyncAt, dueLater, 'refused webhooks change nothing');
  const good = await plaid.signedWebhook(webhook);
  const accepted = await call(good.body, good.verification);
  assert.equal(accepted.statusCode, 200, accepted.body);
  assert.equal(accepted.json().data.connections, 1);
  assert.ok((await connectionOf(tenant, connection.id)).nextSyncAt <= clock.toISOString(), 'due at once');

  const expired = {
    webhook_type: 'ITEM',
    webhook_code: 'ERROR',
    item_id: itemId,
    error: { error_code: 'ITEM_LOGIN_REQUIRED' },
  };
  const signed = await plaid.signedWebhook(expired);
  assert.equal((await call(signed.body, signed.verification)).statusCode, 200);
  assert.equal((await connectionOf(tenant, connection.id)).status, 'needs_reauth');
});

test('SimpleFIN: a setup token is claimed once; pending rows settle or vanish within the window; refused credentials need reauth', async () => {
  const tenant = await harness.newTenant('SimpleFIN Co');
  clock = new Date('2026-06-20T12:00:00Z');
  simplefin.accounts.splice(0, simplefin.accounts.length, {
    org: { domain: 'bank.example', name: 'Example Credit Union', 'sfin-url': `${simplefin.url}/simplefin` },
    id: 'ACT-1',
    name: 'Business Checking 4321',
    currency: 'USD',
    balance: '2000.00',
    'balance-date': unix('2026-06-20'),
    transactions: [
      { id: 'S1', posted: unix('2026-06-10'), amount: '-49.99', description: 'ADOBE CREATIVE CLOUD', payee: 'Adobe' },
      {
        id: 'S2',
        posted: 0,
        transacted_at: unix('2026-06-18'),
        amount: '-33.10',
        description: 'SQ *CAFE LUNA',
        pending: true,
      },
      {
        id: 'S3',
        posted: 0,
        transacted_at: unix('2026-06-19'),
        amount: '-12.00',
        description: 'PARKING AUTH HOLD',
        pending: true,
      },
      { id: 'S4', posted: unix('2026-06-12'), amount: '1500.00', description: 'CLIENT PAYMENT ACME' },
    ],
  });
  simplefin.errors.splice(0);
  const setupToken = simplefin.setupToken();
  const created = await tenant.call('POST', '/v1/bank-connections', { provider: 'simplefin', setupToken });
  assert.equal(created.statusCode, 201, created.body);
  const connection = created.json().data;
  assert.equal(connection.institutionName, 'Example Credit Union');
  assert.equal(connection.accounts[0].externalAccountId, '****4321');
  assert.equal(connection.accounts[0].currentBalance, 2000);
  const reclaimed = await tenant.call('POST', '/v1/bank-connections', { provider: 'simplefin', setupToken });
  assert.equal(reclaimed.statusCode, 400, 'a setup token is claimed once');
  const plainHttp = await tenant.call('POST', '/v1/bank-connections', {
    provider: 'simplefin',
    setupToken: Buffer.from('http://bridge.example.com/claim/abc').toString('base64'),
  });
  assert.equal(plainHttp.statusCode, 400);
  assert.match(plainHttp.json().reason, /https/);

  let [outcome] = await sync(tenant);
  assert.equal(outcome.status, 'ok', outcome.error);
  assert.equal(outcome.counts.added, 4);
  const query = simplefin.requests.at(-1)!.query;
  assert.equal(query.get('pending'), '1');
  assert.ok(Number(query.get('start-date')) < Number(query.get('end-date')));
  await harness.sweep();
  let rows = await rowsOf(tenant);
  assert.equal(rows.find((row) => row.description === 'CLIENT PAYMENT ACME')!.amount, -1500, 'a deposit is money in');
  const cafe = rows.find((row) => row.description === 'SQ *CAFE LUNA')!;

  // The café row settles under its id with a tip; the parking hold disappears; the bridge reports a problem.
  const account = simplefin.accounts[0];
  account.transactions = account.transactions
    .filter((row) => row.id !== 'S3')
    .map((row) =>
      row.id === 'S2' ? { id: 'S2', posted: unix('2026-06-20'), amount: '-35.60', description: 'SQ *CAFE LUNA' } : row,
    );
  // Opening anchored at the first sync: 2000 less the settled rows then (49.99 out, 1500 in) = 549.99; then 35.60 out.
  account.balance = '1964.40';
  simplefin.errors.push('Connection to Example Credit Union may need attention');
  clock = new Date('2026-06-21T12:00:00Z');
  await tenant
    .call('POST', `/v1/bank-connections/${connection.id}/sync`)
    .then((response) => assert.equal(response.statusCode, 202));
  [outcome] = await sync(tenant);
  assert.equal(outcome.status, 'ok', outcome.error);
  assert.deepEqual({ modified: outcome.counts.modified, removed: outcome.counts.removed }, { modified: 1, removed: 1 });
  await harness.sweep();
  rows = await rowsOf(tenant);
  const settled = rows.find((row) => row.id === cafe.id)!;
  assert.deepEqual(
    { amount: settled.amount, date: settled.date, pending: settled.pending },
    { amount: 35.6, date: '2026-06-20', pending: false },
  );
  assert.ok(!rows.some((row) => row.description === 'PARKING AUTH HOLD'));
  const view = await connectionOf(tenant, connection.id);
  assert.match(view.reason, /may need attention/);
  assert.equal(view.accounts[0].currentBalance, 1964.4);
  assert.deepEqual(await recomputationViolations(harness.handle, tenant.tenantId, { asOf: AS_OF }), []);

  // Health: the bank's balance agrees with the books now; a row the feed never sent makes them drift.
  const drift = async () =>
    (
      (await tenant.call('GET', '/v1/health-score')).json().data.components as Array<{
        issues: Array<{ code: string }>;
      }>
    )
      .flatMap((component) => component.issues)
      .filter((issue) => issue.code === 'books.balance_drift');
  assert.deepEqual(await drift(), []);
  account.balance = '1864.40';
  clock = new Date('2026-06-22T12:00:00Z');
  await tenant.call('POST', `/v1/bank-connections/${connection.id}/sync`);
  await sync(tenant);
  assert.equal((await drift()).length, 1);

  simplefin.fail(429, 600);
  clock = new Date('2026-06-23T12:00:00Z');
  await tenant.call('POST', `/v1/bank-connections/${connection.id}/sync`);
  [outcome] = await sync(tenant);
  assert.equal(outcome.status, 'error');
  assert.ok(new Date((await connectionOf(tenant, connection.id)).nextSyncAt).getTime() - clock.getTime() >= 600_000);

  simplefin.revokeAll();
  await tenant.call('POST', `/v1/bank-connections/${connection.id}/sync`);
  [outcome] = await sync(tenant);
  assert.equal(outcome.status, 'needs_reauth');
  assert.equal((await connectionOf(tenant, connection.id)).status, 'needs_reauth');
});

test("connections are the tenant's own: another key sees 404, read scope cannot connect, unknown provider is 400", async () => {
  const owner = await harness.newTenant('Owner');
  const stranger = await harness.newTenant('Stranger');
  const { connection } = await connectPlaid(owner);
  assert.equal((await stranger.call('GET', `/v1/bank-connections/${connection.id}`)).statusCode, 404);
  assert.equal((await stranger.call('POST', `/v1/bank-connections/${connection.id}/sync`)).statusCode, 404);
  assert.equal((await stranger.call('DELETE', `/v1/bank-connections/${connection.id}`)).statusCode, 404);
  assert.deepEqual((await stranger.call('GET', '/v1/bank-connections')).json().data, []);
  const readOnly = await owner.keyWith(['read']);
  const refused = await harness.app.inject({
    method: 'POST',
    url: '/v1/bank-connections',
    headers: { authorization: `Bearer ${readOnly}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ provider: 'plaid', publicToken: 'x' }),
  });
  assert.equal(refused.statusCode, 403);
  assert.equal(
    (await owner.call('POST', '/v1/bank-connections', { provider: 'mx', publicToken: 'x' })).statusCode,
    400,
  );
  assert.equal((await owner.call('GET', '/v1/bank-connections/not-a-uuid')).statusCode, 400);
});
