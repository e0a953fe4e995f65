import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { createAccount, createHarness, push, type Harness, type TestTenant } from '../../../test/support/harness.ts';
import type { Mail } from '../../people/mailer.ts';
import { addMember } from '../../people/users.ts';
import { hashSecret } from '../../people/tokens.ts';

/**
 * People and roles through HTTP: sign-in, sessions and their CSRF rule, each role's limits, the
 * last owner, password reset, invitations, the audit log and tenant isolation.
 */
let harness: Harness;
let acme: TestTenant;
let globex: TestTenant;
const mails: Mail[] = [];
const PASSWORD = 'correct horse battery';

before(async () => {
  harness = await createHarness({
    config: (config) => ({
      ...config,
      people: { ...config.people, maxFailuresPerEmail: 3, maxFailuresPerAddress: 1000 },
    }),
    sendMail: async (mail) => {
      mails.push(mail);
    },
  });
  acme = await harness.newTenant('Acme LLC');
  globex = await harness.newTenant('Globex Inc');
});
after(() => harness.close());

let counter = 0;
/** A person of the tenant with the role, made as `bookkeeping user add` does. */
async function person(tenant: TestTenant, role: 'owner' | 'bookkeeper' | 'viewer', password = PASSWORD) {
  const email = `${role}-${++counter}@example.com`;
  const member = await addMember(harness.handle, tenant.tenantId, { email, role, password });
  return { ...member, password };
}

interface Browser {
  cookie: string;
  csrfToken: string;
  login: LightMyRequestResponse;
  /** A request as the app makes it: the cookie always, the CSRF token unless told otherwise. */
  call(
    method: string,
    url: string,
    body?: unknown,
    options?: { csrf?: string | null },
  ): Promise<LightMyRequestResponse>;
}

function loginRequest(body: unknown, remoteAddress = '127.0.0.1') {
  return harness.app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    remoteAddress,
  });
}

function cookieFrom(response: LightMyRequestResponse): string {
  const header = [response.headers['set-cookie']].flat()[0];
  assert.ok(header, 'a Set-Cookie header');
  return String(header).split(';')[0];
}

async function signIn(email: string, password = PASSWORD, tenantId?: string): Promise<Browser> {
  const login = await loginRequest({ email, password, ...(tenantId ? { tenantId } : {}) });
  assert.equal(login.statusCode, 200, login.body);
  const cookie = cookieFrom(login);
  const csrfToken = login.json().data.csrfToken;
  return {
    cookie,
    csrfToken,
    login,
    call(method, url, body, options = {}) {
      const csrf = options.csrf === undefined ? csrfToken : options.csrf;
      return harness.app.inject({
        method: method as 'GET',
        url,
        headers: {
          cookie,
          ...(csrf !== null ? { 'x-csrf-token': csrf } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        payload: body === undefined ? undefined : JSON.stringify(body),
      });
    },
  };
}

async function oneTransaction(tenant: TestTenant, externalId: string) {
  await createAccount(tenant, externalId);
  const pushed = await push(tenant, [
    {
      accountExternalId: externalId,
      id: `${externalId}-1`,
      date: '2026-03-02',
      amount: 49.99,
      description: 'MONTHLY SERVICE FEE',
    },
  ]);
  assert.equal(pushed.statusCode, 200, pushed.body);
  await harness.sweep();
  const rows = (await tenant.call('GET', '/v1/transactions?from=2026-03-01&to=2026-03-31')).json().data;
  return rows.find((row: { description: string }) => row.description === 'MONTHLY SERVICE FEE');
}

describe('sign-in', () => {
  test('login sets an HttpOnly SameSite=Lax cookie; the session answers the same; logout ends it', async () => {
    const owner = await person(acme, 'owner');
    const browser = await signIn(owner.email.toUpperCase());
    const data = browser.login.json().data;
    assert.deepEqual(data.user, { id: owner.id, email: owner.email });
    assert.equal(data.tenantId, acme.tenantId);
    assert.equal(data.role, 'owner');
    assert.match(data.csrfToken, /^[A-Za-z0-9_-]{43}$/);
    const setCookie = String([browser.login.headers['set-cookie']].flat()[0]);
    for (const attribute of ['HttpOnly', 'SameSite=Lax', 'Path=/'])
      assert.ok(setCookie.includes(attribute), `${attribute} in ${setCookie}`);
    assert.ok(!setCookie.includes('Secure'), 'no Secure flag over plain HTTP');
    assert.match(setCookie, /Max-Age=\d+/);

    // Only a hash of the cookie's secret is stored.
    const secret = browser.cookie.split('=')[1];
    const stored = await harness.handle.db.selectFrom('sessions').selectAll().where('user_id', '=', owner.id).execute();
    assert.equal(stored.length, 1);
    assert.equal(stored[0].id_hash, hashSecret(secret));
    assert.ok(stored[0].expires_at > new Date().toISOString());

    const session = await browser.call('GET', '/v1/auth/session');
    assert.equal(session.statusCode, 200);
    assert.deepEqual(session.json().data, data);
    assert.equal((await browser.call('GET', '/v1/transactions')).statusCode, 200);

    const refused = await browser.call('POST', '/v1/auth/logout', undefined, { csrf: null });
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json().error, 'forbidden');
    const logout = await browser.call('POST', '/v1/auth/logout');
    assert.equal(logout.statusCode, 204);
    assert.match(String([logout.headers['set-cookie']].flat()[0]), /Max-Age=0/);
    assert.equal((await browser.call('GET', '/v1/auth/session')).statusCode, 401);
    const after = await browser.call('GET', '/v1/transactions');
    assert.equal(after.statusCode, 401);
    assert.equal(after.json().error, 'unauthorized');
  });

  test('without a cookie GET /auth/session is 401, and so is a made-up cookie', async () => {
    assert.equal((await harness.app.inject({ method: 'GET', url: '/v1/auth/session' })).statusCode, 401);
    const madeUp = await harness.app.inject({
      method: 'GET',
      url: '/v1/transactions',
      headers: { cookie: `bk_session=${'A'.repeat(43)}` },
    });
    assert.equal(madeUp.statusCode, 401);
  });

  test('a wrong password and an unknown e-mail get the same 401 and no cookie', async () => {
    const viewer = await person(acme, 'viewer');
    const wrong = await loginRequest({ email: viewer.email, password: 'not the password' }, '10.0.0.1');
    const unknown = await loginRequest({ email: 'nobody@example.com', password: 'not the password' }, '10.0.0.1');
    for (const response of [wrong, unknown]) {
      assert.equal(response.statusCode, 401);
      assert.equal(response.headers['set-cookie'], undefined);
    }
    assert.deepEqual(wrong.json(), unknown.json());
    // A member of Acme cannot open Globex, and is told nothing more than for a wrong password.
    const otherTenant = await loginRequest(
      { email: viewer.email, password: PASSWORD, tenantId: globex.tenantId },
      '10.0.0.1',
    );
    assert.equal(otherTenant.statusCode, 401);
    assert.deepEqual(otherTenant.json(), wrong.json());
  });

  test('failed sign-ins are throttled per e-mail (429 with Retry-After, even with the right password), others unaffected', async () => {
    const target = await person(acme, 'bookkeeper');
    const bystander = await person(acme, 'bookkeeper');
    for (let attempt = 0; attempt < 3; attempt++) {
      assert.equal(
        (await loginRequest({ email: target.email, password: `guess ${attempt} wrong` }, `10.1.0.${attempt}`))
          .statusCode,
        401,
      );
    }
    const blocked = await loginRequest({ email: target.email, password: PASSWORD }, '10.1.1.1');
    assert.equal(blocked.statusCode, 429);
    assert.equal(blocked.json().error, 'rate_limited');
    const retryAfter = Number(blocked.headers['retry-after']);
    assert.ok(retryAfter > 0 && retryAfter <= 15 * 60, `Retry-After ${retryAfter}`);
    assert.equal(blocked.headers['set-cookie'], undefined);
    assert.equal((await loginRequest({ email: bystander.email, password: PASSWORD }, '10.1.0.1')).statusCode, 200);
  });

  test('failed sign-ins are throttled per client address across e-mails', async () => {
    // This service sits behind a TLS-terminating proxy (SESSION_COOKIE_SECURE=always): its cookie is Secure.
    const local = await createHarness({
      config: (config) => ({
        ...config,
        people: { ...config.people, maxFailuresPerEmail: 100, maxFailuresPerAddress: 4, sessionCookieSecure: 'always' },
      }),
    });
    try {
      const tenant = await local.newTenant();
      await addMember(local.handle, tenant.tenantId, { email: 'real@example.com', role: 'owner', password: PASSWORD });
      const attempt = (email: string, password: string, remoteAddress: string) =>
        local.app.inject({
          method: 'POST',
          url: '/v1/auth/login',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ email, password }),
          remoteAddress,
        });
      for (let index = 0; index < 4; index++)
        assert.equal((await attempt(`spray${index}@example.com`, 'wrong password!', '192.0.2.7')).statusCode, 401);
      const blocked = await attempt('real@example.com', PASSWORD, '192.0.2.7');
      assert.equal(blocked.statusCode, 429);
      assert.ok(Number(blocked.headers['retry-after']) > 0);
      const allowed = await attempt('real@example.com', PASSWORD, '192.0.2.8');
      assert.equal(allowed.statusCode, 200);
      assert.match(String([allowed.headers['set-cookie']].flat()[0]), /; Secure/);
    } finally {
      await local.close();
    }
  });
});

describe('CSRF', () => {
  test('a session request that changes state needs the matching x-csrf-token; reads and API keys do not', async () => {
    const bookkeeper = await person(acme, 'bookkeeper');
    const browser = await signIn(bookkeeper.email);
    const rule = { pattern: 'CSRF TEST VENDOR', category: '6200' };
    for (const csrf of [null, '', 'x'.repeat(43), browser.csrfToken.slice(0, -1)]) {
      const refused = await browser.call('POST', '/v1/rules', rule, { csrf });
      assert.equal(refused.statusCode, 403, `csrf ${csrf}`);
      assert.equal(refused.json().error, 'forbidden');
      assert.ok(refused.json().reason.includes('x-csrf-token'));
    }
    // Refused requests changed nothing.
    assert.equal(
      (await acme.call('GET', '/v1/rules'))
        .json()
        .data.filter((stored: { pattern: string }) => stored.pattern === rule.pattern).length,
      0,
    );
    // Another session's token is not this session's.
    const other = await signIn((await person(acme, 'bookkeeper')).email);
    assert.equal((await browser.call('POST', '/v1/rules', rule, { csrf: other.csrfToken })).statusCode, 403);
    assert.equal((await browser.call('GET', '/v1/rules', undefined, { csrf: null })).statusCode, 200);
    const accepted = await browser.call('POST', '/v1/rules', rule);
    assert.equal(accepted.statusCode, 201, accepted.body);
    const byKey = await acme.call('POST', '/v1/rules', { pattern: 'KEY RULE VENDOR', category: '6200' });
    assert.equal(byKey.statusCode, 201, byKey.body);
  });
});

describe('roles', () => {
  test('a viewer reads everything and changes nothing', async () => {
    const transaction = await oneTransaction(acme, 'viewer-chk');
    const obligations = (await acme.call('GET', '/v1/obligations')).json().data;
    const viewer = await signIn((await person(acme, 'viewer')).email);
    for (const url of [
      '/v1/transactions',
      '/v1/accounts',
      '/v1/entities',
      '/v1/rules',
      '/v1/obligations',
      '/v1/settings',
      '/v1/reports/trial-balance',
    ]) {
      assert.equal((await viewer.call('GET', url)).statusCode, 200, url);
    }
    const attempts: Array<[string, string, unknown]> = [
      ['PATCH', `/v1/transactions/${transaction.id}`, { category: '6200' }],
      ['DELETE', `/v1/transactions/${transaction.id}`, undefined],
      ['POST', '/v1/rules', { pattern: 'VIEWER RULE', category: '6200' }],
      ['POST', `/v1/obligations/${obligations[0].id}/confirm`, undefined],
      ['POST', `/v1/obligations/${obligations[0].id}/file`, undefined],
      ['POST', '/v1/bank-accounts', { institutionName: 'X', accounts: [] }],
      ['PATCH', '/v1/settings', { reviewThreshold: 0.5 }],
      ['PATCH', `/v1/entities/${acme.entityId}`, { industry: 'retail' }],
      ['GET', '/v1/users', undefined],
      ['POST', '/v1/users', { email: 'someone@example.com', role: 'viewer' }],
      ['GET', '/v1/api-keys', undefined],
      ['POST', '/v1/api-keys', { scopes: ['read'] }],
      ['GET', '/v1/audit-log', undefined],
    ];
    for (const [method, url, body] of attempts) {
      const response = await viewer.call(method, url, body);
      assert.equal(response.statusCode, 403, `${method} ${url}: ${response.body}`);
      assert.equal(response.json().error, 'insufficient_scope');
      assert.ok(response.json().reason.includes('viewer'));
    }
    const unchanged = (await acme.call('GET', `/v1/transactions/${transaction.id}`)).json().data;
    assert.deepEqual(unchanged.category, transaction.category);
  });

  test('a bookkeeper reviews, categorizes, writes rules and files obligations, but manages no keys, people or settings', async () => {
    const transaction = await oneTransaction(acme, 'bookkeeper-chk');
    const bookkeeper = await signIn((await person(acme, 'bookkeeper')).email);
    const recategorized = await bookkeeper.call('PATCH', `/v1/transactions/${transaction.id}`, {
      category: '6200',
      reason: 'software',
    });
    assert.equal(recategorized.statusCode, 200, recategorized.body);
    assert.equal(recategorized.json().data.category.accountNumber, '6200');
    const obligation = (await bookkeeper.call('GET', '/v1/obligations?status=upcoming')).json().data[0];
    const confirmed = await bookkeeper.call('POST', `/v1/obligations/${obligation.id}/confirm`);
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    assert.equal(confirmed.json().data.status, 'confirmed');
    const filed = await bookkeeper.call('POST', `/v1/obligations/${obligation.id}/file`);
    assert.equal(filed.json().data.status, 'filed');
    assert.equal(
      (await bookkeeper.call('POST', `/v1/obligations/${obligation.id}/confirm`)).statusCode,
      409,
      'a filed obligation is not confirmed again',
    );
    for (const [method, url, body] of [
      ['GET', '/v1/api-keys', undefined],
      ['POST', '/v1/api-keys', { scopes: ['read'] }],
      ['GET', '/v1/users', undefined],
      ['POST', '/v1/users', { email: 'someone@example.com', role: 'viewer' }],
      ['PATCH', '/v1/settings', { reviewThreshold: 0.5 }],
      ['PATCH', `/v1/entities/${acme.entityId}`, { industry: 'retail' }],
      ['GET', '/v1/audit-log', undefined],
    ] as Array<[string, string, unknown]>) {
      const response = await bookkeeper.call(method, url, body);
      assert.equal(response.statusCode, 403, `${method} ${url}`);
      assert.equal(response.json().error, 'insufficient_scope');
    }
  });

  test('an owner manages keys, settings and the entity profile; a role change applies to the next request', async () => {
    const owner = await signIn((await person(acme, 'owner')).email);
    const created = await owner.call('POST', '/v1/api-keys', { scopes: ['read'], name: 'reporting' });
    assert.equal(created.statusCode, 201, created.body);
    const { id, key } = created.json().data;
    assert.match(key, /^bk_/);
    const listed = (await owner.call('GET', '/v1/api-keys')).json().data;
    const entry = listed.find((stored: { id: string }) => stored.id === id);
    assert.deepEqual(entry.scopes, ['read']);
    assert.ok(!JSON.stringify(listed).includes(key.slice(16)), 'no secret in the list');
    const withKey = () =>
      harness.app.inject({ method: 'GET', url: '/v1/entities', headers: { authorization: `Bearer ${key}` } });
    assert.equal((await withKey()).statusCode, 200);
    assert.equal((await owner.call('DELETE', `/v1/api-keys/${id}`)).statusCode, 200);
    assert.equal((await withKey()).statusCode, 401);
    assert.equal(
      (await owner.call('DELETE', `/v1/api-keys/${globex.keyId}`)).statusCode,
      404,
      "another tenant's key is unknown here",
    );

    const settings = await owner.call('PATCH', '/v1/settings', { reviewThreshold: 0.7 });
    assert.deepEqual(settings.json().data, { reviewThreshold: 0.7, effectiveReviewThreshold: 0.7 });
    const reset = await owner.call('PATCH', '/v1/settings', { reviewThreshold: null });
    assert.deepEqual(reset.json().data, {
      reviewThreshold: null,
      effectiveReviewThreshold: harness.config.reviewThreshold,
    });

    const before = (await owner.call('GET', '/v1/obligations?limit=500')).json().data;
    assert.ok(!before.some((row: { type: string }) => row.type === 'sales_tax_return'));
    const updated = await owner.call('PATCH', `/v1/entities/${acme.entityId}`, {
      salesTaxStates: ['CA'],
      salesTaxFrequency: 'monthly',
      industry: 'retail',
    });
    assert.equal(updated.statusCode, 200, updated.body);
    assert.deepEqual(updated.json().data.salesTaxStates, ['CA']);
    assert.equal(updated.json().data.industry, 'retail');
    const afterUpdate = (await owner.call('GET', '/v1/obligations?limit=500')).json().data;
    assert.ok(
      afterUpdate.some(
        (row: { type: string; stateCode: string }) => row.type === 'sales_tax_return' && row.stateCode === 'CA',
      ),
      'the calendar follows the profile',
    );
    const invalid = await owner.call('PATCH', `/v1/entities/${acme.entityId}`, {
      entityType: 'sole_prop',
      regime: 'c_corporation',
    });
    assert.equal(invalid.statusCode, 400);
    assert.equal(
      (await owner.call('PATCH', `/v1/entities/${globex.entityId}`, { industry: 'retail' })).statusCode,
      404,
    );

    // Demoted to viewer by another owner: the very next request has the viewer's scopes.
    const demoted = await person(acme, 'owner');
    const demotedBrowser = await signIn(demoted.email);
    assert.equal((await demotedBrowser.call('GET', '/v1/api-keys')).statusCode, 200);
    assert.equal((await owner.call('PATCH', `/v1/users/${demoted.id}`, { role: 'viewer' })).json().data.role, 'viewer');
    assert.equal((await demotedBrowser.call('GET', '/v1/api-keys')).statusCode, 403);
    assert.equal((await demotedBrowser.call('GET', '/v1/auth/session')).json().data.role, 'viewer');
    // Removed: the session ends.
    assert.equal((await owner.call('DELETE', `/v1/users/${demoted.id}`)).statusCode, 200);
    assert.equal((await demotedBrowser.call('GET', '/v1/transactions')).statusCode, 401);
  });

  test('the last owner can be neither demoted nor removed', async () => {
    const tenant = await harness.newTenant('Solo LLC');
    const only = await person(tenant, 'owner');
    const browser = await signIn(only.email);
    for (const [method, body] of [
      ['PATCH', { role: 'bookkeeper' }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await browser.call(method, `/v1/users/${only.id}`, body);
      assert.equal(refused.statusCode, 409, refused.body);
      assert.equal(refused.json().error, 'conflict');
      assert.ok(refused.json().reason.includes('last owner'));
    }
    const users = (await browser.call('GET', '/v1/users')).json().data;
    assert.deepEqual(
      users.map((user: { role: string }) => user.role),
      ['owner'],
    );
    // With a second owner, the first may step down.
    const second = await person(tenant, 'owner');
    assert.equal((await browser.call('PATCH', `/v1/users/${only.id}`, { role: 'bookkeeper' })).statusCode, 200);
    const secondBrowser = await signIn(second.email);
    assert.equal((await secondBrowser.call('DELETE', `/v1/users/${second.id}`)).statusCode, 409);
  });
});

describe('password reset and invitations', () => {
  test('reset: 202 either way, a mail only for an account, the token works once, old sessions end', async () => {
    const member = await person(acme, 'bookkeeper');
    const oldSession = await signIn(member.email);
    const before = mails.length;
    const known = await harness.app.inject({
      method: 'POST',
      url: '/v1/auth/password-reset',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: member.email }),
    });
    const unknown = await harness.app.inject({
      method: 'POST',
      url: '/v1/auth/password-reset',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'ghost@example.com' }),
    });
    assert.equal(known.statusCode, 202);
    assert.equal(unknown.statusCode, 202);
    assert.equal(known.body, unknown.body);
    // The mail goes in the background.
    for (let waited = 0; mails.length === before && waited < 5000; waited += 10)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const sent = mails.slice(before);
    assert.equal(sent.length, 1);
    assert.equal(sent[0].to, member.email);
    const token = /reset-password#token=([A-Za-z0-9_-]+)/.exec(sent[0].text)?.[1];
    assert.ok(token, sent[0].text);

    const confirm = (password: string, withToken = token) =>
      harness.app.inject({
        method: 'POST',
        url: '/v1/auth/password-reset/confirm',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ token: withToken, password }),
      });
    assert.equal((await confirm('short')).statusCode, 400, 'a too-short password is refused and the token kept');
    const done = await confirm('a brand new passphrase');
    assert.equal(done.statusCode, 200, done.body);
    assert.equal(done.json().data.user.email, member.email);
    assert.equal((await confirm('yet another passphrase')).statusCode, 400, 'used once');
    assert.equal((await confirm('yet another passphrase', 'A'.repeat(43))).statusCode, 400);
    assert.equal((await oldSession.call('GET', '/v1/auth/session')).statusCode, 401, 'sessions end with a reset');
    assert.equal((await loginRequest({ email: member.email, password: PASSWORD }, '10.2.0.1')).statusCode, 401);
    await signIn(member.email, 'a brand new passphrase');

    // The reset form cannot flood a mailbox: at most 3 mails (this file's per-e-mail limit) per window.
    const flooded = await person(acme, 'viewer');
    const beforeFlood = mails.length;
    for (let request = 0; request < 6; request++) {
      const response = await harness.app.inject({
        method: 'POST',
        url: '/v1/auth/password-reset',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: flooded.email }),
      });
      assert.equal(response.statusCode, 202);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(mails.slice(beforeFlood).filter((mail) => mail.to === flooded.email).length, 3);
  });

  test('invitation: the owner invites, the person accepts with a password and signs in with the role', async () => {
    const owner = await signIn((await person(acme, 'owner')).email);
    const email = `invited-${++counter}@example.com`;
    const invited = await owner.call('POST', '/v1/users', { email, role: 'bookkeeper' });
    assert.equal(invited.statusCode, 201, invited.body);
    const { invitation, token, acceptUrl } = invited.json().data;
    assert.equal(invitation.email, email);
    assert.ok(acceptUrl.endsWith(`#token=${token}`));
    assert.ok(
      (await owner.call('GET', '/v1/invitations'))
        .json()
        .data.some((open: { id: string }) => open.id === invitation.id),
    );
    assert.equal(
      (await loginRequest({ email, password: PASSWORD }, '10.3.0.1')).statusCode,
      401,
      'no account before accepting',
    );

    const accept = (body: unknown) =>
      harness.app.inject({
        method: 'POST',
        url: '/v1/auth/accept-invitation',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const accepted = await accept({ token, password: PASSWORD });
    assert.equal(accepted.statusCode, 200, accepted.body);
    assert.equal(accepted.json().data.role, 'bookkeeper');
    assert.equal(accepted.json().data.tenantId, acme.tenantId);
    assert.equal((await accept({ token, password: PASSWORD })).statusCode, 400, 'used once');
    const browser = await signIn(email);
    assert.equal(browser.login.json().data.role, 'bookkeeper');
    assert.ok(
      (await owner.call('GET', '/v1/users'))
        .json()
        .data.some((user: { email: string; role: string }) => user.email === email && user.role === 'bookkeeper'),
    );
    assert.equal(
      (await owner.call('POST', '/v1/users', { email, role: 'viewer' })).statusCode,
      409,
      'already a member',
    );

    // A revoked invitation's token does not work.
    const second = (
      await owner.call('POST', '/v1/users', { email: `revoked-${counter}@example.com`, role: 'viewer' })
    ).json().data;
    assert.equal((await owner.call('DELETE', `/v1/invitations/${second.invitation.id}`)).statusCode, 200);
    assert.equal((await accept({ token: second.token, password: PASSWORD })).statusCode, 400);

    // A person of another tenant accepts with their own password and then chooses the tenant at sign-in.
    const globexOwner = await person(globex, 'owner');
    const cross = (await owner.call('POST', '/v1/users', { email: globexOwner.email, role: 'viewer' })).json().data;
    assert.equal((await accept({ token: cross.token, password: 'not their password' })).statusCode, 400);
    // The wrong password did not use the token up.
    assert.equal((await accept({ token: cross.token, password: PASSWORD })).statusCode, 200);
    const intoAcme = await signIn(globexOwner.email, PASSWORD, acme.tenantId);
    assert.equal(intoAcme.login.json().data.role, 'viewer');
    const intoGlobex = await signIn(globexOwner.email, PASSWORD, globex.tenantId);
    assert.equal(intoGlobex.login.json().data.role, 'owner');
  });
});

describe('audit log', () => {
  test('changes by sessions and keys are recorded with the actor and before → after, newest first, paged', async () => {
    const tenant = await harness.newTenant('Audited LLC');
    const ownerPerson = await person(tenant, 'owner');
    const owner = await signIn(ownerPerson.email);
    const transaction = await oneTransaction(tenant, 'audit-chk');
    assert.equal(
      (await owner.call('PATCH', `/v1/transactions/${transaction.id}`, { category: '6200', reason: 'tools' }))
        .statusCode,
      200,
    );
    assert.equal((await owner.call('PATCH', '/v1/settings', { reviewThreshold: 0.6 })).statusCode, 200);
    const rule = (await tenant.call('POST', '/v1/rules', { pattern: 'AUDITED VENDOR', category: '6200' })).json().data;
    assert.equal((await tenant.call('DELETE', `/v1/rules/${rule.id}`)).statusCode, 200);
    assert.equal((await tenant.call('DELETE', `/v1/transactions/${transaction.id}`)).statusCode, 200);
    const invited = (await owner.call('POST', '/v1/users', { email: 'audited@example.com', role: 'viewer' })).json()
      .data;
    assert.ok(invited.token);

    const log = await owner.call('GET', '/v1/audit-log');
    assert.equal(log.statusCode, 200, log.body);
    const entries = log.json().data;
    assert.deepEqual(
      entries.map((entry: { action: string }) => entry.action),
      [
        'invitation.create',
        'transaction.delete',
        'rule.delete',
        'rule.create',
        'settings.update',
        'transaction.recategorize',
      ],
    );
    const byAction = Object.fromEntries(entries.map((entry: { action: string }) => [entry.action, entry]));
    assert.deepEqual(byAction['transaction.recategorize'].actor, {
      type: 'user',
      id: ownerPerson.id,
      label: ownerPerson.email,
    });
    assert.equal(byAction['transaction.recategorize'].targetId, transaction.id);
    assert.equal(byAction['transaction.recategorize'].before.category, transaction.category.accountNumber);
    assert.equal(byAction['transaction.recategorize'].after.category, '6200');
    assert.equal(byAction['transaction.recategorize'].after.reason, 'tools');
    assert.deepEqual(byAction['settings.update'].before, { reviewThreshold: null });
    assert.deepEqual(byAction['settings.update'].after, { reviewThreshold: 0.6 });
    assert.deepEqual(byAction['rule.create'].actor, { type: 'api_key', id: tenant.keyId, label: 'test' });
    assert.equal(byAction['rule.delete'].before.pattern, 'AUDITED VENDOR');
    assert.equal(byAction['rule.delete'].after, null);
    assert.equal(byAction['transaction.delete'].before.amount, 49.99);
    for (const entry of entries) assert.ok(!Number.isNaN(Date.parse(entry.occurredAt)));

    const firstPage = (await owner.call('GET', '/v1/audit-log?limit=4')).json();
    assert.equal(firstPage.data.length, 4);
    assert.equal(firstPage.meta.pagination.nextOffset, 4);
    const secondPage = (await owner.call('GET', '/v1/audit-log?limit=4&offset=4')).json();
    assert.deepEqual(
      secondPage.data.map((entry: { id: number }) => entry.id),
      entries.slice(4).map((entry: { id: number }) => entry.id),
    );
    assert.equal(secondPage.meta.pagination.nextOffset, null);
    // Nothing of this tenant's shows in another's log.
    const otherOwner = await signIn((await person(acme, 'owner')).email);
    const otherLog = (await otherOwner.call('GET', '/v1/audit-log?limit=500')).json().data;
    assert.ok(!otherLog.some((entry: { targetId: string }) => entry.targetId === transaction.id));
  });
});

describe('tenant isolation', () => {
  test("a person of tenant A sees none of B's rows, people or keys", async () => {
    await oneTransaction(globex, 'globex-only');
    const globexRows = (await globex.call('GET', '/v1/transactions?from=2026-03-01&to=2026-03-31')).json().data;
    assert.ok(globexRows.length > 0);
    const acmeOwner = await signIn((await person(acme, 'owner')).email);
    const seen = (await acmeOwner.call('GET', '/v1/transactions?from=2026-03-01&to=2026-03-31')).json().data;
    for (const row of globexRows) {
      assert.ok(!seen.some((mine: { id: string }) => mine.id === row.id));
      assert.equal((await acmeOwner.call('GET', `/v1/transactions/${row.id}`)).statusCode, 404);
      assert.equal((await acmeOwner.call('PATCH', `/v1/transactions/${row.id}`, { category: '6200' })).statusCode, 404);
    }
    const globexPerson = await person(globex, 'viewer');
    assert.ok(
      !(await acmeOwner.call('GET', '/v1/users'))
        .json()
        .data.some((user: { id: string }) => user.id === globexPerson.id),
    );
    assert.equal((await acmeOwner.call('PATCH', `/v1/users/${globexPerson.id}`, { role: 'owner' })).statusCode, 404);
    assert.equal((await acmeOwner.call('DELETE', `/v1/users/${globexPerson.id}`)).statusCode, 404);
    assert.ok(
      !(await acmeOwner.call('GET', '/v1/api-keys')).json().data.some((key: { id: string }) => key.id === globex.keyId),
    );
    assert.equal((await acmeOwner.call('GET', `/v1/entities/${globex.entityId}`)).statusCode, 404);
    const globexBrowser = await signIn(globexPerson.email);
    assert.equal(globexBrowser.login.json().data.tenantId, globex.tenantId);
    assert.equal(
      (await globexBrowser.call('GET', '/v1/transactions?from=2026-03-01&to=2026-03-31')).json().data.length,
      globexRows.length,
    );
  });
});
