import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { ConfigError, corsOriginsFrom } from '../config/config.ts';
import { createHarness, type Harness, type TestTenant } from '../../test/support/harness.ts';

let harness: Harness;
let withCors: Harness;
let acme: TestTenant;
const ALLOWED = 'https://books.example.com';

before(async () => {
  harness = await createHarness();
  withCors = await createHarness({
    config: (config) => ({ ...config, corsOrigins: [ALLOWED, 'http://localhost:5173'] }),
  });
  acme = await withCors.newTenant('Acme LLC');
});
after(async () => {
  await harness.close();
  await withCors.close();
});

test('/ serves the app page with a strict content security policy, and its hashed bundle', async () => {
  const page = await harness.app.inject({ method: 'GET', url: '/' });
  assert.equal(page.statusCode, 200);
  assert.match(page.headers['content-type'] as string, /^text\/html/);
  const csp = page.headers['content-security-policy'] as string;
  assert.match(csp, /script-src 'self'(;|$)/, 'no inline or foreign script');
  assert.match(csp, /frame-ancestors 'none'/);
  assert.equal(page.headers['x-content-type-options'], 'nosniff');
  const script = /<script type="module" src="\/assets\/([^"]+)"/.exec(page.body)?.[1];
  const stylesheet = /<link rel="stylesheet" href="\/assets\/([^"]+)"/.exec(page.body)?.[1];
  assert.ok(script && stylesheet, page.body);
  assert.doesNotMatch(page.body, /<script>(?!<\/script>)/, 'no inline script in the page');

  const bundle = await harness.app.inject({ method: 'GET', url: `/assets/${script}` });
  assert.equal(bundle.statusCode, 200);
  assert.match(bundle.headers['content-type'] as string, /^text\/javascript/);
  assert.match(bundle.headers['cache-control'] as string, /immutable/);
  // The first page stays small: the chart library is split off and loaded by the reports page only.
  assert.ok(bundle.rawPayload.length < 120_000, `entry script is ${bundle.rawPayload.length} bytes`);
  assert.doesNotMatch(bundle.body, /u-legend|uplot/i, 'the chart library is not in the entry script');
  assert.match(bundle.body, /import\("\.\/chunk-/, 'the charts are a chunk of their own');
  const gzipped = await harness.app.inject({
    method: 'GET',
    url: `/assets/${script}`,
    headers: { 'accept-encoding': 'gzip, br' },
  });
  assert.equal(gzipped.headers['content-encoding'], 'gzip');
  assert.equal(gunzipSync(gzipped.rawPayload).toString(), bundle.body);
  assert.ok(gzipped.rawPayload.length < 40_000, `entry script is ${gzipped.rawPayload.length} bytes gzipped`);
  const css = await harness.app.inject({ method: 'GET', url: `/assets/${stylesheet}` });
  assert.match(css.headers['content-type'] as string, /^text\/css/);

  const again = await harness.app.inject({
    method: 'GET',
    url: '/',
    headers: { 'if-none-match': page.headers.etag as string },
  });
  assert.equal(again.statusCode, 304);
  const missing = await harness.app.inject({ method: 'GET', url: '/assets/nothing-here.js' });
  assert.equal(missing.statusCode, 404);
  assert.equal(missing.json().error, 'not_found');
});

test('the app and the documentation are public while every /v1 route still wants a key', async () => {
  for (const url of [
    '/',
    '/docs',
    '/docs/assets/init.js',
    '/docs/assets/swagger-ui-bundle.js',
    '/docs/assets/swagger-ui.css',
  ]) {
    assert.equal((await harness.app.inject({ method: 'GET', url })).statusCode, 200, url);
  }
  assert.equal((await harness.app.inject({ method: 'GET', url: '/v1/transactions' })).statusCode, 401);
  assert.ok(
    !harness.app.servedRoutes.some((route) => route.includes('assets') || route.includes('docs')),
    'the app routes are not API operations',
  );
});

test('/docs renders the OpenAPI contract with files served by the service itself', async () => {
  const page = await harness.app.inject({ method: 'GET', url: '/docs' });
  assert.match(page.body, /src="\/docs\/assets\/swagger-ui-bundle.js"/);
  assert.doesNotMatch(page.body, /https?:\/\/(?!localhost)/, 'no file from another host');
  const csp = page.headers['content-security-policy'] as string;
  assert.match(csp, /script-src 'self'(;|$)/);
  const init = await harness.app.inject({ method: 'GET', url: '/docs/assets/init.js' });
  assert.match(init.body, /url: '\/v1\/openapi.json'/);
  const openapi = await harness.app.inject({ method: 'GET', url: '/v1/openapi.json' });
  assert.equal(openapi.statusCode, 200);
  assert.equal((await harness.app.inject({ method: 'GET', url: '/docs/assets/../../package.json' })).statusCode, 404);
});

test('CORS is off by default: no Access-Control header for any origin, and a preflight is not answered', async () => {
  const response = await harness.app.inject({ method: 'GET', url: '/v1/entities', headers: { origin: ALLOWED } });
  assert.equal(response.headers['access-control-allow-origin'], undefined);
  const preflight = await harness.app.inject({
    method: 'OPTIONS',
    url: '/v1/entities',
    headers: { origin: ALLOWED, 'access-control-request-method': 'GET' },
  });
  assert.equal(preflight.headers['access-control-allow-origin'], undefined);
  assert.notEqual(preflight.statusCode, 204);
});

test('CORS_ORIGINS lets exactly the named origins call the API, errors included', async () => {
  const preflight = await withCors.app.inject({
    method: 'OPTIONS',
    url: '/v1/transactions',
    headers: {
      origin: ALLOWED,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type',
    },
  });
  assert.equal(preflight.statusCode, 204);
  assert.equal(preflight.headers['access-control-allow-origin'], ALLOWED);
  assert.match(preflight.headers['access-control-allow-headers'] as string, /authorization/);
  assert.match(preflight.headers['access-control-allow-methods'] as string, /PATCH/);
  assert.equal(
    preflight.headers['access-control-allow-credentials'],
    undefined,
    'cookies are not offered to other origins',
  );

  const answered = await withCors.app.inject({
    method: 'GET',
    url: '/v1/entities',
    headers: { origin: ALLOWED, authorization: `Bearer ${acme.key}` },
  });
  assert.equal(answered.statusCode, 200);
  assert.equal(answered.headers['access-control-allow-origin'], ALLOWED);
  assert.match(answered.headers['access-control-expose-headers'] as string, /retry-after/);
  assert.match(answered.headers.vary as string, /origin/i);

  const refused = await withCors.app.inject({ method: 'GET', url: '/v1/entities', headers: { origin: ALLOWED } });
  assert.equal(refused.statusCode, 401);
  assert.equal(refused.headers['access-control-allow-origin'], ALLOWED, 'the browser can read why it was refused');

  for (const origin of [
    'https://evil.example.com',
    'https://books.example.com.evil.net',
    'http://books.example.com',
    'null',
  ]) {
    const other = await withCors.app.inject({
      method: 'GET',
      url: '/v1/entities',
      headers: { origin, authorization: `Bearer ${acme.key}` },
    });
    assert.equal(other.headers['access-control-allow-origin'], undefined, origin);
    const otherPreflight = await withCors.app.inject({
      method: 'OPTIONS',
      url: '/v1/entities',
      headers: { origin, 'access-control-request-method': 'GET' },
    });
    assert.equal(otherPreflight.headers['access-control-allow-origin'], undefined, origin);
  }
});

test('CORS_ORIGINS takes exact origins only', () => {
  assert.deepEqual(corsOriginsFrom(undefined), []);
  assert.deepEqual(corsOriginsFrom(' '), []);
  assert.deepEqual(corsOriginsFrom('https://a.example.com, http://localhost:5173'), [
    'https://a.example.com',
    'http://localhost:5173',
  ]);
  for (const bad of [
    '*',
    'https://a.example.com/',
    'https://a.example.com/app',
    'a.example.com',
    'ftp://a.example.com',
    'https://a.example.com,*',
  ]) {
    assert.throws(() => corsOriginsFrom(bad), ConfigError, bad);
  }
});
