import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Writable } from 'node:stream';
import { buildApp } from './app.ts';
import type { FastifyInstance } from 'fastify';
import type { RateLimitStore } from '../config/config.ts';
import { revokeApiKey } from '../tenancy/api-keys.ts';
import { revokeApiKey as revokeApiKeyRow } from '../tenancy/tenancy-store.ts';
import { MemoryRateLimiter, SharedRateLimiter, type RateLimiter } from './rate-limit.ts';
import {
  createHarness,
  generousRateLimits,
  ON_POSTGRES,
  type Harness,
  type TestTenant,
} from '../../test/support/harness.ts';

let harness: Harness;
let acme: TestTenant;
let globex: TestTenant;
const small = {
  read: { burst: 5, refillPerSecond: 1 },
  write: { burst: 3, refillPerSecond: 1 },
  report: { burst: 2, refillPerSecond: 0.5 },
};

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
    assert.deepEqual(
      denied,
      { allowed: false, retryAfterSeconds: 2, msUntilToken: 2000 },
      'one token takes 2 s at 0.5/s',
    );
    nowMs += 1000;
    assert.equal((await limiter.take('k', settings)).retryAfterSeconds, 1);
    nowMs += 1000;
    assert.equal((await limiter.take('k', settings)).allowed, true);
    nowMs += 3_600_000;
    for (let index = 0; index < 3; index++)
      assert.equal((await limiter.take('k', settings)).allowed, true, 'refill stops at the burst');
    assert.equal((await limiter.take('k', settings)).allowed, false);
  })();
});

test('reads, writes and reports have their own budgets per key; one key does not slow another', async () => {
  const reads = [];
  for (let index = 0; index < 6; index++) reads.push(await acme.call('GET', '/v1/accounts'));
  assert.deepEqual(
    reads.map((response) => response.statusCode),
    [200, 200, 200, 200, 200, 429],
  );
  const limited = reads[5];
  assert.equal(limited.json().error, 'rate_limited');
  assert.match(limited.json().reason, /retry in \d+ s/);
  assert.match(String(limited.headers['retry-after']), /^[1-9]\d*$/);

  // Reports draw on their own, smaller bucket: the exhausted read bucket does not block them…
  const reports = [];
  for (let index = 0; index < 3; index++)
    reports.push((await acme.call('GET', '/v1/reports/trial-balance')).statusCode);
  assert.deepEqual(reports, [200, 200, 429]);
  // …nor writes.
  assert.equal(
    (
      await acme.call('POST', '/v1/bank-accounts', {
        institutionName: 'B',
        accounts: [{ externalId: 'x', name: 'X', currency: 'USD' }],
      })
    ).statusCode,
    200,
  );

  // Another key of the same tenant, and another tenant's key, are untouched.
  const secondKey = await acme.keyWith(['read']);
  assert.equal(
    (await acme.call('GET', '/v1/accounts', undefined, { authorization: `Bearer ${secondKey}` })).statusCode,
    200,
  );
  assert.equal((await globex.call('GET', '/v1/accounts')).statusCode, 200);
});

test('unauthenticated requests are refused before they cost a token', async () => {
  for (let index = 0; index < 10; index++) {
    assert.equal((await harness.app.inject({ method: 'GET', url: '/v1/accounts' })).statusCode, 401);
  }
  assert.equal((await globex.call('GET', '/v1/entities')).statusCode, 200);
});

/** Six reads with one key, alternating between two API processes: a shared burst of 5 lets five through. */
async function sharedBurst(
  first: FastifyInstance,
  second: FastifyInstance,
): Promise<{ statuses: number[]; retryAfter: unknown }> {
  const key = await globex.keyWith(['read']);
  const statuses: number[] = [];
  let retryAfter: unknown;
  for (let index = 0; index < 6; index++) {
    const app = index % 2 === 0 ? first : second;
    const response = await app.inject({
      method: 'GET',
      url: '/v1/entities',
      headers: { authorization: `Bearer ${key}` },
    });
    statuses.push(response.statusCode);
    retryAfter ??= response.headers['retry-after'];
  }
  return { statuses, retryAfter };
}

const stores: RateLimitStore[] = ON_POSTGRES ? ['redis', 'postgres'] : ['redis'];
for (const store of stores) {
  test(`RATE_LIMIT_STORE=${store}: two API processes share one bucket per key`, async () => {
    const config = { ...harness.config, rateLimitStore: store };
    const first = await buildApp({ handle: harness.handle, config });
    const second = await buildApp({ handle: harness.handle, config });
    try {
      const { statuses, retryAfter } = await sharedBurst(first, second);
      assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
      assert.match(String(retryAfter), /^[1-9]\d*$/);
    } finally {
      await first.close();
      await second.close();
    }
  });
}

test('a shared store is asked once per refill interval during a flood, and failing, leaves local buckets', async () => {
  let nowMs = 0;
  let calls = 0;
  const inner = new MemoryRateLimiter(() => nowMs);
  const counting: RateLimiter = {
    take: (key, settings) => {
      calls++;
      return inner.take(key, settings);
    },
  };
  const shared = new SharedRateLimiter(counting, undefined, () => nowMs);
  const settings = { burst: 2, refillPerSecond: 0.5 };
  assert.equal((await shared.take('k', settings)).allowed, true);
  assert.equal((await shared.take('k', settings)).allowed, true);
  assert.deepEqual(await shared.take('k', settings), { allowed: false, retryAfterSeconds: 2, msUntilToken: 2000 });
  for (let index = 0; index < 100; index++) {
    nowMs += 10;
    const denied = await shared.take('k', settings);
    assert.equal(denied.allowed, false);
    assert.equal(denied.retryAfterSeconds, nowMs < 1000 ? 2 : 1);
  }
  assert.equal(calls, 3, 'the flood was answered locally');
  assert.equal((await shared.take('other', settings)).allowed, true, 'other buckets still go to the store');
  nowMs = 2000;
  assert.equal((await shared.take('k', settings)).allowed, true, 'once the token is due, the store is asked again');
  assert.equal(calls, 5);

  const errors: unknown[] = [];
  const broken = new SharedRateLimiter(
    {
      take: async () => {
        throw new Error('store away');
      },
    },
    (error) => errors.push(error),
    () => nowMs,
  );
  const statuses = [];
  for (let index = 0; index < 3; index++) statuses.push((await broken.take('k', settings)).allowed);
  assert.deepEqual(statuses, [true, true, false], 'local buckets keep limiting');
  assert.equal(errors.length, 3);
});

test('a key out of tokens is answered 429 without touching the database', async () => {
  let selects = 0;
  const readDb = new Proxy(harness.handle.readDb, {
    get(target, property) {
      if (property === 'selectFrom') selects++;
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const app = await buildApp({ handle: { ...harness.handle, readDb }, config: harness.config });
  try {
    const key = await globex.keyWith(['read']);
    const call = () => app.inject({ method: 'GET', url: '/v1/entities', headers: { authorization: `Bearer ${key}` } });
    for (let index = 0; index < 5; index++) assert.equal((await call()).statusCode, 200);
    const before = selects;
    for (let index = 0; index < 50; index++) assert.equal((await call()).statusCode, 429);
    assert.equal(selects, before, 'no query for 50 refused requests');
  } finally {
    await app.close();
  }
});

test('a key revoked by another process is refused within API_KEY_CACHE_MS; by this one at once', async () => {
  const app = await buildApp({
    handle: harness.handle,
    config: { ...generousRateLimits(harness.config), apiKeyCacheMs: 300 },
  });
  try {
    const call = (key: string) =>
      app.inject({ method: 'GET', url: '/v1/entities', headers: { authorization: `Bearer ${key}` } });
    const elsewhere = await globex.keyWith(['read']);
    assert.equal((await call(elsewhere)).statusCode, 200);
    // As the admin command line does it, in its own process: straight to the table.
    await revokeApiKeyRow(harness.handle.db, elsewhere.slice(3, 15), new Date().toISOString());
    await new Promise((resolve) => setTimeout(resolve, 400));
    assert.equal((await call(elsewhere)).statusCode, 401);

    const here = await globex.keyWith(['read']);
    assert.equal((await call(here)).statusCode, 200);
    await revokeApiKey(harness.handle, here.slice(3, 15));
    assert.equal((await call(here)).statusCode, 401);
  } finally {
    await app.close();
  }
});

test('logs: one structured line per request, never the key nor a full tax id', async () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const { createLogger } = await import('../shared/logger.ts');
  const logger = createLogger('info', sink);
  const app = await buildApp({
    handle: harness.handle,
    config: {
      ...harness.config,
      rateLimits: {
        read: { burst: 1000, refillPerSecond: 1000 },
        write: { burst: 1000, refillPerSecond: 1000 },
        report: { burst: 1000, refillPerSecond: 1000 },
      },
    },
    logger,
  });
  try {
    const key = await globex.keyWith(['read', 'write']);
    await app.inject({ method: 'GET', url: '/v1/entities', headers: { authorization: `Bearer ${key}` } });
    await app.inject({
      method: 'GET',
      url: '/v1/transactions?from=2026-02-30',
      headers: { authorization: `Bearer ${key}` },
    });
    await app.inject({ method: 'GET', url: '/v1/accounts', headers: { authorization: 'Bearer bk_nope' } });
  } finally {
    await app.close();
  }
  const requests = lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'request');
  assert.equal(requests.length, 3);
  assert.deepEqual(
    requests.map((line) => line.status),
    [200, 400, 401],
  );
  assert.ok(requests.every((line) => typeof line.durationMs === 'number' && line.method === 'GET'));
  assert.equal(requests[0].tenantId, globex.tenantId);
  const everything = lines.join('\n');
  assert.ok(!/bk_[A-Za-z0-9_-]{12}_[A-Za-z0-9_-]{43}/.test(everything), 'no key in the logs');
  assert.ok(!everything.includes('bk_nope'));
  assert.ok(!everything.includes('123456789'), 'no tax id in the logs');
});

test('a 4xx log line carries its reason, and every answer carries x-request-id (a sane incoming one is kept)', async () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const { createLogger } = await import('../shared/logger.ts');
  const app = await buildApp({ handle: harness.handle, config: harness.config, logger: createLogger('info', sink) });
  const answers = [];
  try {
    const key = await globex.keyWith(['read']);
    const auth = { authorization: `Bearer ${key}` };
    answers.push(
      await app.inject({ method: 'GET', url: '/v1/entities', headers: { ...auth, 'x-request-id': 'client-trace.42' } }),
    );
    answers.push(await app.inject({ method: 'GET', url: '/v1/transactions?from=2026-02-30', headers: auth }));
    answers.push(
      await app.inject({
        method: 'GET',
        url: '/v1/accounts',
        headers: { authorization: 'Bearer bk_nope', 'x-request-id': 'bad id with spaces' },
      }),
    );
    answers.push(await app.inject({ method: 'GET', url: '/v1/no-such-thing', headers: auth }));
    answers.push(await app.inject({ method: 'GET', url: '/v1/openapi.json' }));
  } finally {
    await app.close();
  }
  const ids = answers.map((answer) => answer.headers['x-request-id']);
  assert.ok(
    ids.every((id) => typeof id === 'string' && id.length > 0),
    `every answer names its request: ${ids}`,
  );
  assert.equal(ids[0], 'client-trace.42', 'a sane incoming id is kept');
  assert.notEqual(ids[2], 'bad id with spaces', 'an unsafe incoming id is replaced');
  assert.equal(new Set(ids).size, ids.length, 'made ids are distinct');
  const requests = lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'request');
  assert.deepEqual(
    requests.map((line) => line.status),
    [200, 400, 401, 404, 200],
  );
  assert.deepEqual(
    requests.map((line) => line.reqId),
    ids,
    'the log line names the same request id',
  );
  assert.equal(requests[0].reason, undefined, 'a success has no reason');
  assert.match(requests[1].reason, /^invalid_request: from: /);
  assert.match(requests[2].reason, /^unauthorized: the API key is unknown or revoked/);
  assert.match(requests[3].reason, /^not_found: no route GET \/v1\/no-such-thing/);
});

test('a dashboard of six reports can be refreshed every 3 seconds with the default report bucket', async () => {
  let nowMs = 0;
  const { loadConfig } = await import('../config/config.ts');
  const defaults = loadConfig({}).rateLimits;
  const app = await buildApp({
    handle: harness.handle,
    config: { ...harness.config, rateLimits: defaults },
    rateLimiter: new MemoryRateLimiter(() => nowMs),
  });
  try {
    const key = await acme.keyWith(['read']);
    const dashboard = [
      '/v1/reports/trial-balance?asOf=2026-03-31',
      '/v1/reports/profit-and-loss?from=2026-01-01&to=2026-03-31',
      '/v1/reports/profit-and-loss?from=2026-01-01&to=2026-03-31&compareTo=previous_year',
      '/v1/reports/balance-sheet?asOf=2026-03-31',
      '/v1/reports/cash-flow?from=2026-01-01&to=2026-03-31',
      '/v1/reports/general-ledger?from=2026-01-01&to=2026-03-31',
    ];
    // Opened, then refreshed every 3 s for a minute.
    for (let refresh = 0; refresh <= 20; refresh++) {
      nowMs = refresh * 3000;
      for (const url of dashboard) {
        const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
        assert.equal(response.statusCode, 200, `refresh ${refresh}, ${url}: ${response.body}`);
      }
    }
    // It is still a limit: a client asking for reports in a tight loop is held to the refill rate.
    let refused = 0;
    for (let attempt = 0; attempt < 40; attempt++) {
      if (
        (await app.inject({ method: 'GET', url: dashboard[0], headers: { authorization: `Bearer ${key}` } }))
          .statusCode === 429
      )
        refused++;
    }
    assert.ok(refused > 0, 'the report bucket still runs dry');
  } finally {
    await app.close();
  }
});
