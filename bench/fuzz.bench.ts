/**
 * The contract fuzzer at volume (issue 16): FUZZ_BENCH_REQUESTS (default 10,000) requests generated
 * from GET /v1/openapi.json, sent one at a time over a real loopback socket (so Node's HTTP parser
 * is in the path too), with rate limits wide open. Reports requests, 5xx (target 0), requests that
 * broke the error shape (target 0), distinct 4xx codes and requests/s, and a digest of the status
 * sequence to compare the databases by. The statement worker and the
 * sweep then run over what the fuzz left, and their failures are counted too.
 */
import { createHash } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import fc from 'fast-check';
import type { Bench } from './run.ts';
import { loadConfig } from '../src/config/config.ts';
import { buildApp } from '../src/http/app.ts';
import { processStatementsOnce } from '../src/intake/statements/process.ts';
import { sweepOnce } from '../src/sweep/sweep.ts';
import {
  contractViolation,
  createFuzzWorld,
  FuzzTally,
  requestArbitrary,
  type FuzzRequest,
  type FuzzResponse,
} from '../test/support/openapi-fuzz.ts';

const REQUESTS = Number(process.env.FUZZ_BENCH_REQUESTS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);
const PROCESSING = { leaseMs: 60_000, maxAttempts: 3, batchSize: 4 };

const bench: Bench = async (context) => {
  const { handle, dispose } = await context.openDatabase();
  const wide = { burst: 1e9, refillPerSecond: 1e9 };
  const config = { ...loadConfig({}), rateLimits: { read: wide, write: wide, report: wide } };
  const app = await buildApp({ handle, config });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const backgroundFailures: unknown[] = [];
  const logger = {
    error: (details: object) => {
      backgroundFailures.push(details);
    },
  };
  const work = {
    sweep: async () => {
      while (
        (await sweepOnce(handle, {
          batchSize: config.sweepBatchSize,
          reviewThreshold: config.reviewThreshold,
          llm: config.llm,
        })) > 0
      );
    },
    processStatements: async () => {
      while ((await processStatementsOnce(handle, PROCESSING, { logger })) > 0);
    },
  };
  try {
    const world = await createFuzzWorld(app, handle, work);
    const contract = (await app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const requests = fc.sample(requestArbitrary(contract, world), { seed: SEED, numRuns: REQUESTS });
    const tally = new FuzzTally();
    const violations: string[] = [];
    // The same seed sends the same requests on either database: equal digests mean equal answers, request by request.
    const statusDigest = createHash('sha256');
    const started = performance.now();
    for (const request of requests) {
      const response = await send(port, agent, request);
      tally.record(request.method, response);
      statusDigest.update(`${response.statusCode},`);
      const violation = contractViolation(request.method, response);
      if (violation) violations.push(`${request.method} ${request.url.slice(0, 200)} → ${violation}`);
    }
    const seconds = (performance.now() - started) / 1000;
    let backgroundError: string | undefined;
    try {
      await work.processStatements();
      await work.sweep();
    } catch (error) {
      backgroundError = (error as Error).message;
    }
    for (const violation of violations.slice(0, 10)) process.stderr.write(`# fuzz violation: ${violation}\n`);
    if (backgroundError) process.stderr.write(`# fuzz: the sweep failed on fuzzed data: ${backgroundError}\n`);
    process.stderr.write(
      `# fuzz (seed ${SEED}): ${tally.summary()}; status sequence sha256 ${statusDigest.digest('hex').slice(0, 16)}\n`,
    );
    context.report('fuzzed requests', tally.requests, 'requests', '≥ 10,000');
    context.report('5xx answers', tally.serverErrors, 'requests', '0');
    context.report('answers breaking the {error, reason} contract', violations.length, 'requests', '0');
    context.report('distinct 4xx (status, code) pairs seen', tally.clientErrorCodes.size, 'pairs');
    context.report('fuzzed requests/s (one client, loopback)', tally.requests / seconds, 'req/s');
    context.report(
      'background failures on fuzzed data (statements, sweep)',
      backgroundFailures.length + (backgroundError ? 1 : 0),
      'failures',
      '0',
    );
  } finally {
    agent.destroy();
    await app.close();
    await dispose();
  }
};

/** One request over the socket, the URL sent exactly as generated (no client-side normalization). */
function send(port: number, agent: Agent, request: FuzzRequest, retried = false): Promise<FuzzResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port, agent, method: request.method, path: request.url, headers: request.headers },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({
            statusCode: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', (error) => {
      // A kept-alive socket the server closed (after an error answer) resets once; send again on a fresh one.
      if (!retried) send(port, agent, request, true).then(resolve, reject);
      else reject(error);
    });
    outgoing.end(request.payload);
  });
}

export default bench;
