/**
 * What signing in costs (issue 17): the time of one login (argon2id verify, OWASP settings, plus the
 * session insert), and what a request authenticated by the session cookie (one indexed join per
 * request, so a removal or role change applies at once) costs beside one authenticated by an API key
 * (looked up once per API_KEY_CACHE_MS). In-process (inject), so the figures are the service's own work.
 */
import { createHarness } from '../test/support/harness.ts';
import { addMember } from '../src/people/users.ts';
import type { Bench } from './run.ts';

function percentile(sortedMs: number[], fraction: number): number {
  return sortedMs[Math.min(sortedMs.length - 1, Math.ceil(fraction * sortedMs.length) - 1)];
}

async function timed(samples: number, work: () => Promise<unknown>): Promise<number[]> {
  const durations: number[] = [];
  for (let sample = 0; sample < samples; sample++) {
    const started = performance.now();
    await work();
    durations.push(performance.now() - started);
  }
  return durations.sort((a, b) => a - b);
}

const bench: Bench = async ({ report }) => {
  const harness = await createHarness({
    config: (config) => ({
      ...config,
      people: { ...config.people, maxFailuresPerAddress: 1_000_000, maxFailuresPerEmail: 1_000_000 },
    }),
  });
  try {
    const tenant = await harness.newTenant();
    const password = 'bench password 123';
    await addMember(harness.handle, tenant.tenantId, { email: 'owner@example.com', role: 'owner', password });
    const login = () =>
      harness.app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'owner@example.com', password }),
      });
    const logins = await timed(30, async () => {
      const response = await login();
      if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
    });
    report('login, p50', percentile(logins, 0.5), 'ms');
    report('login, p95', percentile(logins, 0.95), 'ms');
    // A wrong password and an unknown e-mail must cost the same, or the time tells which e-mails exist.
    const attempt = (email: string, tried: string) => () =>
      harness.app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email, password: tried }),
      });
    const wrongPassword = await timed(20, attempt('owner@example.com', 'not the password'));
    const unknownEmail = await timed(20, attempt('nobody@example.com', password));
    report('failed login, wrong password, p50', percentile(wrongPassword, 0.5), 'ms');
    report('failed login, unknown e-mail, p50', percentile(unknownEmail, 0.5), 'ms', '≈ wrong password');

    const cookie = String([(await login()).headers['set-cookie']].flat()[0]).split(';')[0];
    const bySession = await timed(500, () =>
      harness.app.inject({ method: 'GET', url: '/v1/entities', headers: { cookie } }),
    );
    const byKey = await timed(500, () =>
      harness.app.inject({ method: 'GET', url: '/v1/entities', headers: { authorization: `Bearer ${tenant.key}` } }),
    );
    report('GET /entities by session cookie, p50', percentile(bySession, 0.5), 'ms');
    report('GET /entities by API key, p50', percentile(byKey, 0.5), 'ms');
    report('GET /entities by session cookie, p95', percentile(bySession, 0.95), 'ms');
    report('GET /entities by API key, p95', percentile(byKey, 0.95), 'ms');
  } finally {
    await harness.close();
  }
};
export default bench;
