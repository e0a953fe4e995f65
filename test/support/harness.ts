import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../../src/config/config.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../src/db/connection.ts';
import { buildApp } from '../../src/http/app.ts';
import type { RateLimiter } from '../../src/http/rate-limit.ts';
import type { SendMail } from '../../src/people/mailer.ts';
import { createApiKey, type Scope } from '../../src/tenancy/api-keys.ts';
import { createTenant } from '../../src/tenancy/tenants.ts';
import { sweepOnce } from '../../src/sweep/sweep.ts';

/**
 * A fresh service per test file, on the database the run targets: SQLite in a temporary file by
 * default, or the PostgreSQL of DATABASE_URL in a schema of its own (dropped afterwards).
 */
export const TARGET_DATABASE_URL = process.env.DATABASE_URL ?? '';
export const ON_POSTGRES = /^postgres/.test(TARGET_DATABASE_URL);

export interface Harness {
  app: FastifyInstance;
  handle: DatabaseHandle;
  config: Config;
  databaseUrl: string;
  schema: string | undefined;
  close(): Promise<void>;
  /** Runs the sweep until no row is waiting, as the background worker would. */
  sweep(): Promise<number>;
  newTenant(name?: string): Promise<TestTenant>;
  /** The clock the app runs on (the injected one, else the real one). */
  now(): Date;
}

export interface TestTenant {
  tenantId: string;
  entityId: string;
  key: string;
  keyId: string;
  call(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  keyWith(scopes: Scope[]): Promise<string>;
}

export function generousRateLimits(config: Config): Config {
  const wide = { burst: 1_000_000, refillPerSecond: 1_000_000 };
  return { ...config, rateLimits: { read: wide, write: wide, report: wide } };
}

export async function openTestDatabase(): Promise<{
  handle: DatabaseHandle;
  databaseUrl: string;
  schema: string | undefined;
  dispose(): Promise<void>;
}> {
  if (ON_POSTGRES) {
    const postgresUrl = TARGET_DATABASE_URL;
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const handle = await openDatabase(postgresUrl, { schema, poolSize: 5 });
    await migrateToLatest(handle);
    return {
      handle,
      databaseUrl: postgresUrl,
      schema,
      async dispose() {
        await handle.close();
        const cleanup = await openDatabase(postgresUrl, { poolSize: 1 });
        const { sql } = await import('kysely');
        await sql.raw(`drop schema if exists ${schema} cascade`).execute(cleanup.db);
        await cleanup.close();
      },
    };
  }
  const directory = mkdtempSync(join(tmpdir(), 'bookkeeping-test-'));
  const databaseUrl = `file:${join(directory, 'books.db')}`;
  const handle = await openDatabase(databaseUrl);
  await migrateToLatest(handle);
  return {
    handle,
    databaseUrl,
    schema: undefined,
    async dispose() {
      await handle.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export async function createHarness(
  options: {
    config?: (config: Config) => Config;
    rateLimiter?: RateLimiter;
    onRowsArrived?: () => void;
    now?: () => Date;
    sendMail?: SendMail;
  } = {},
): Promise<Harness> {
  const database = await openTestDatabase();
  const base = generousRateLimits(loadConfig({ DATABASE_URL: database.databaseUrl }));
  const config = options.config ? options.config(base) : base;
  const app = await buildApp({
    handle: database.handle,
    config,
    rateLimiter: options.rateLimiter,
    onRowsArrived: options.onRowsArrived,
    now: options.now,
    sendMail: options.sendMail,
  });
  const harness: Harness = {
    app,
    handle: database.handle,
    config,
    databaseUrl: database.databaseUrl,
    schema: database.schema,
    async close() {
      await app.close();
      await database.dispose();
    },
    async sweep() {
      let total = 0;
      for (;;) {
        const processed = await sweepOnce(database.handle, {
          batchSize: config.sweepBatchSize,
          reviewThreshold: config.reviewThreshold,
          llm: config.llm,
        });
        if (processed === 0) return total;
        total += processed;
      }
    },
    now: () => options.now?.() ?? new Date(),
    async newTenant(name = 'Acme LLC') {
      // Created at the harness's clock: what depends on when a tenant joined (its obligation calendar) follows the clock.
      const { tenantId, entityId } = await createTenant(
        database.handle,
        { legalName: name, stateCode: 'DE', taxId: '12-3456789' },
        harness.now(),
      );
      const created = await createApiKey(database.handle, tenantId, ['read', 'write'], 'test');
      const call =
        (key: string) =>
        (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
          app.inject({
            method: method as 'GET',
            url,
            headers: {
              authorization: `Bearer ${key}`,
              ...(body !== undefined && typeof body !== 'string' ? { 'content-type': 'application/json' } : {}),
              ...headers,
            },
            payload: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
          });
      return {
        tenantId,
        entityId,
        key: created.key,
        keyId: created.id,
        call: call(created.key),
        async keyWith(scopes: Scope[]) {
          return (await createApiKey(database.handle, tenantId, scopes, 'scoped')).key;
        },
      };
    },
  };
  return harness;
}

/** A checking account at "Test Bank" with the given external id; returns the BankAccount. */
export async function createAccount(tenant: TestTenant, externalId: string, extra: Record<string, unknown> = {}) {
  const response = await tenant.call('POST', '/v1/bank-accounts', {
    institutionName: 'Test Bank',
    accounts: [{ externalId, name: `Account ${externalId}`, kind: 'checking', currency: 'USD', ...extra }],
  });
  if (response.statusCode !== 200) throw new Error(`account creation failed: ${response.body}`);
  return response.json().data.accounts[0];
}

export async function push(tenant: TestTenant, rows: Array<Record<string, unknown>>, institutionName = 'Test Bank') {
  return tenant.call('POST', '/v1/transactions', { institutionName, transactions: rows });
}
