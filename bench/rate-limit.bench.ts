/**
 * A bystander tenant's latency alone and during a 429 flood from another tenant's key (issue 16 item 5),
 * per rate-limit store. Three processes, so that neither client slows the other nor the server on the
 * client side: the API (a child process), the flood (another child: 500 requests a second, 25 times
 * the default read refill, on up to 64 kept-alive connections, to a report route with a key whose
 * report bucket (10, 0.5/s) is empty at once) and the bystander (this process: GET /v1/accounts every
 * 20 ms with its own key, reads at 100/s). The flood has a fixed rate rather than as many requests as
 * the server answers: with the latter, the cheaper a 429 the more of them arrive, and a slow store
 * throttles its own flood. The reference ("as before") is the PostgreSQL bucket written on every
 * request with no key cache, which is what the service did before.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Bench } from './run.ts';

const ROLE = process.env.RATE_BENCH_ROLE;

// Not imported from spine.bench.ts: the child roles below load nothing they do not use, so the flood
// starts in moments even on a loaded machine.
function percentile(sortedMs: number[], fraction: number): number {
  return sortedMs[Math.min(sortedMs.length - 1, Math.ceil(fraction * sortedMs.length) - 1)];
}
const SAMPLES = 300;
const PACE_MS = 20;
const FLOOD_CONNECTIONS = 64;
const FLOOD_PER_SECOND = 500;

// The API: opens the database it is given, builds the app with the store asked for, prints its port.
if (ROLE === 'server') {
  const { openDatabase } = await import('../src/db/connection.ts');
  const { loadConfig } = await import('../src/config/config.ts');
  const { buildApp } = await import('../src/http/app.ts');
  const { PostgresRateLimiter } = await import('../src/http/rate-limit.ts');
  const handle = await openDatabase(process.env.DATABASE_URL, { schema: process.env.RATE_BENCH_SCHEMA || undefined });
  const config = loadConfig(process.env);
  const asBefore = process.env.RATE_BENCH_AS_BEFORE === '1';
  const app = await buildApp({
    handle,
    config: asBefore ? { ...config, apiKeyCacheMs: 0 } : config,
    ...(asBefore ? { rateLimiter: new PostgresRateLimiter(handle) } : {}),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
}

// The flood: FLOOD_PER_SECOND requests until told to stop; prints its status counts.
if (ROLE === 'flood') {
  const agent = new http.Agent({ keepAlive: true, maxSockets: FLOOD_CONNECTIONS });
  const statuses: Record<string, number> = {};
  const one = () => {
    http
      .get(
        {
          agent,
          host: '127.0.0.1',
          port: Number(process.env.RATE_BENCH_PORT),
          path: '/v1/reports/trial-balance',
          headers: { authorization: `Bearer ${process.env.RATE_BENCH_KEY}` },
        },
        (response) => {
          statuses[response.statusCode!] = (statuses[response.statusCode!] ?? 0) + 1;
          response.resume();
        },
      )
      .on('error', () => {
        statuses.error = (statuses.error ?? 0) + 1;
      });
  };
  const started = performance.now();
  let sent = 0;
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - started) / 1000) * FLOOD_PER_SECOND);
    for (; sent < due; sent++) one();
  }, 5);
  process.on('SIGTERM', () => {
    clearInterval(timer);
    process.stdout.write(`${JSON.stringify(statuses)}\n`);
    agent.destroy();
  });
  process.stdout.write('flooding\n');
}

const here = fileURLToPath(import.meta.url);

/** A child in one of the roles above, with its stdout lines in order. */
function child(env: NodeJS.ProcessEnv): { process: ChildProcess; nextLine: () => Promise<string> } {
  const started = spawn(process.execPath, [...process.execArgv, here], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: started.stdout! })[Symbol.asyncIterator]();
  return {
    process: started,
    async nextLine() {
      const next = await lines.next();
      if (next.done) throw new Error(`the ${env.RATE_BENCH_ROLE} process ended without answering`);
      return String(next.value);
    },
  };
}

async function bystanderLatencies(port: number, key: string): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  for (let index = 0; index < SAMPLES; index++) {
    const started = performance.now();
    const status = await new Promise<number>((resolve, reject) => {
      http
        .get(
          { agent, host: '127.0.0.1', port, path: '/v1/accounts', headers: { authorization: `Bearer ${key}` } },
          (response) => {
            response.resume().on('end', () => resolve(response.statusCode!));
          },
        )
        .on('error', reject);
    });
    if (status !== 200) throw new Error(`bystander got ${status}`);
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, PACE_MS - (performance.now() - started))));
  }
  agent.destroy();
  return latencies.sort((a, b) => a - b);
}

const bench: Bench = async (context) => {
  const { openTestDatabase } = await import('../test/support/harness.ts');
  const { createTenant } = await import('../src/tenancy/tenants.ts');
  const { createApiKey } = await import('../src/tenancy/api-keys.ts');
  const variants: Array<{ name: string; env: NodeJS.ProcessEnv }> = [
    { name: 'memory', env: { RATE_LIMIT_STORE: 'memory' } },
    { name: 'redis', env: { RATE_LIMIT_STORE: 'redis' } },
  ];
  if (context.dialect === 'postgres') {
    variants.push({ name: 'postgres', env: { RATE_LIMIT_STORE: 'postgres' } });
    variants.push({
      name: 'postgres as before (bucket written per request, no key cache)',
      env: { RATE_LIMIT_STORE: 'postgres', RATE_BENCH_AS_BEFORE: '1' },
    });
  }
  for (const variant of variants) {
    const database = await openTestDatabase();
    const flooder = await createTenant(database.handle, { legalName: 'Flood LLC' });
    const bystander = await createTenant(database.handle, { legalName: 'Bystander LLC' });
    const floodKey = (await createApiKey(database.handle, flooder.tenantId, ['read'], 'flood')).key;
    const bystanderKey = (await createApiKey(database.handle, bystander.tenantId, ['read'], 'bystander')).key;
    // Reads: a burst of 100 and 100/s, so the paced bystander (50/s) never runs out and the flood does at once.
    const server = child({
      RATE_BENCH_ROLE: 'server',
      DATABASE_URL: database.databaseUrl,
      RATE_BENCH_SCHEMA: database.schema ?? '',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_READ_BURST: '100',
      RATE_LIMIT_READ_PER_SECOND: '100',
      ...variant.env,
    });
    try {
      const { port } = JSON.parse(await server.nextLine()) as { port: number };
      await bystanderLatencies(port, bystanderKey); // warm-up: connections, prepared statements, key cache
      const alone = await bystanderLatencies(port, bystanderKey);
      const flood = child({ RATE_BENCH_ROLE: 'flood', RATE_BENCH_PORT: String(port), RATE_BENCH_KEY: floodKey });
      assert.equal(await flood.nextLine(), 'flooding');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const floodStarted = performance.now();
      const during = await bystanderLatencies(port, bystanderKey);
      const floodSeconds = (performance.now() - floodStarted) / 1000 + 1;
      flood.process.kill('SIGTERM');
      const statuses = JSON.parse(await flood.nextLine()) as Record<string, number>;
      const name = `${variant.name}:`;
      context.report(`${name} bystander p50 alone`, percentile(alone, 0.5), 'ms');
      context.report(`${name} bystander p99 alone`, percentile(alone, 0.99), 'ms');
      context.report(`${name} bystander p50 during a 429 flood`, percentile(during, 0.5), 'ms');
      context.report(`${name} bystander p99 during a 429 flood`, percentile(during, 0.99), 'ms');
      context.report(
        `${name} slow-down p50 (during / alone)`,
        percentile(during, 0.5) / percentile(alone, 0.5),
        '×',
        '≤ 1.5×',
      );
      context.report(
        `${name} slow-down p99 (during / alone)`,
        percentile(during, 0.99) / percentile(alone, 0.99),
        '×',
        '≤ 1.5×',
      );
      const answered = Object.values(statuses).reduce((a, b) => a + b, 0);
      context.report(
        `${name} flood answered (429 share ${(((statuses['429'] ?? 0) / answered) * 100).toFixed(1)} %)`,
        answered / floodSeconds,
        'req/s',
        `${FLOOD_PER_SECOND} req/s sent`,
      );
    } finally {
      server.process.kill('SIGTERM');
      await once(server.process, 'exit');
      await database.dispose();
    }
  }
};

export default bench;
