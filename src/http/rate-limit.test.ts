import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Writable } from 'node:stream';
import { buildApp } from './app.ts';
import { MemoryRateLimiter, rateLimiterFor } from './rate-limit.ts';
import { createHarness, ON_POSTGRES, type Harness, type TestTenant } from '../../test/support/harness.ts';

let harness: Harness;
let acme: TestTenant;
let globex: TestTenant;
const small = { read: { burst: 5, refillPerSecond: 1 }, write: { burst: 3, refillPerSecond: 1 }, report: { burst: 2, refillPerSecond: 0.5 } };

before(async () => {
  harness = await createHarness({ config: (config) => ({ ...config, rateLimits: small }) });
  acme = await harness.newTenant('Acme LLC');
  globex = await harness.newTenant('Globex Inc');
});
after(() => harness.close());

test('token buckets: burst, then 429 rate_limited with Retry-After; refills over time', () => {
  let nowMs = 0;
  const limiter = new MemoryRateLimiter(() => nowMs);
  const settings = { burst: 3, refillPerSecond: 0.5 };
  return (async () => {
    for (let index = 0; index < 3; index++) assert.equal((await limiter.take('k', settings)).allowed, true);
    const denied = await limiter.take('k', settings);
    assert.deepEqual(denied, { allowed: false, retryAfterSeconds: 2 }, 'one token takes 2 s at 0.5/s');
    nowMs += 1000;
    assert.equal((await limiter.take('k', settings)).retryAfterSeconds, 1);
    nowMs += 1000;
    assert.equal((await limiter.take('k', settings)).allowed, true);
    nowMs += 3_600_000;
    for (let index = 0; index < 3; index++) assert.equal((await limiter.take('k', settings)).allowed, true, 'refill stops at the burst');
    assert.equal((await limiter.take('k', settings)).allowed, false);
  })();
});

test('reads, writes and reports have their own budgets per key; one key does not slow another', async () => {
  const reads = [];
  for (let index = 0; index < 6; index++) reads.push(await acme.call('GET', '/v1/accounts'));
  assert.deepEqual(reads.map((response) => response.statusCode), [200, 200, 200, 200, 200, 429]);
  const limited = reads[5];
  assert.equal(limited.json().error, 'rate_limited');
  assert.match(limited.json().reason, /retry in \d+ s/);
  assert.match(String(limited.headers['retry-after']), /^[1-9]\d*$/);

  // Reports draw on their own, smaller bucket: the exhausted read bucket does not block them…
  const reports = [];
  for (let index = 0; index < 3; index++) reports.push((await acme.call('GET', '/v1/reports/trial-balance')).statusCode);
  assert.deepEqual(reports, [200, 200, 429]);
  // …nor writes.
  assert.equal((await acme.call('POST', '/v1/bank-accounts', { institutionName: 'B', accounts: [{ externalId: 'x', name: 'X', currency: 'USD' }] })).statusCode, 200);

  // Another key of the same tenant, and another tenant's key, are untouched.
  const secondKey = await acme.keyWith(['read']);
  assert.equal((await acme.call('GET', '/v1/accounts', undefined, { authorization: `Bearer ${secondKey}` })).statusCode, 200);
  assert.equal((await globex.call('GET', '/v1/accounts')).statusCode, 200);
});

test('unauthenticated requests are refused before they cost a token', async () => {
  for (let index = 0; index < 10; index++) {
    assert.equal((await harness.app.inject({ method: 'GET', url: '/v1/accounts' })).statusCode, 401);
  }
  assert.equal((await globex.call('GET', '/v1/entities')).statusCode, 200);
});

// Buckets are shared through PostgreSQL; on SQLite the service runs one API process.
if (ON_POSTGRES) test('on PostgreSQL two API processes share one bucket per key', async () => {
  const second = await buildApp({ handle: harness.handle, config: harness.config, rateLimiter: rateLimiterFor(harness.handle) });
  const first = await buildApp({ handle: harness.handle, config: harness.config, rateLimiter: rateLimiterFor(harness.handle) });
  try {
    const key = await globex.keyWith(['read']);
    const statuses: number[] = [];
    for (let index = 0; index < 6; index++) {
      const app = index % 2 === 0 ? first : second;
      statuses.push((await app.inject({ method: 'GET', url: '/v1/entities', headers: { authorization: `Bearer ${key}` } })).statusCode);
    }
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
  } finally {
    await first.close();
    await second.close();
  }
});

test('logs: one structured line per request, never the key nor a full tax id', async () => {
  const lines: string[] = [];
  const sink = new Writable({ write(chunk, _encoding, done) { lines.push(...String(chunk).split('\n').filter(Boolean)); done(); } });
  const { createLogger } = await import('../server.ts');
  const logger = createLogger('info', sink);
  const app = await buildApp({ handle: harness.handle, config: { ...harness.config, rateLimits: { read: { burst: 1000, refillPerSecond: 1000 }, write: { burst: 1000, refillPerSecond: 1000 }, report: { burst: 1000, refillPerSecond: 1000 } } }, logger });
  try {
    const key = await globex.keyWith(['read', 'write']);
    await app.inject({ method: 'GET', url: '/v1/entities', headers: { authorization: `Bearer ${key}` } });
    await app.inject({ method: 'GET', url: '/v1/transactions?from=2026-02-30', headers: { authorization: `Bearer ${key}` } });
    await app.inject({ method: 'GET', url: '/v1/accounts', headers: { authorization: 'Bearer bk_nope' } });
  } finally {
    await app.close();
  }
  const requests = lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'request');
  assert.equal(requests.length, 3);
  assert.deepEqual(requests.map((line) => line.status), [200, 400, 401]);
  assert.ok(requests.every((line) => typeof line.durationMs === 'number' && line.method === 'GET'));
  assert.equal(requests[0].tenantId, globex.tenantId);
  const everything = lines.join('\n');
  assert.ok(!/bk_[A-Za-z0-9_-]{12}_[A-Za-z0-9_-]{43}/.test(everything), 'no key in the logs');
  assert.ok(!everything.includes('bk_nope'));
  assert.ok(!everything.includes('123456789'), 'no tax id in the logs');
});
