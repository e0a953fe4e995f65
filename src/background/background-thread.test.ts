import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { loadConfig } from '../config/config.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { startService, type RunningService } from '../server.ts';
import { createApiKey } from '../tenancy/api-keys.ts';
import { createTenant } from '../tenancy/tenants.ts';
import { generousRateLimits, openTestDatabase } from '../../test/support/harness.ts';
import { BackgroundThread } from './background-thread.ts';

// serve's background work runs in a thread of its own: the sweep books rows while the API's event
// loop is blocked, and a thread that dies is started again. On both databases.

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let service: RunningService;
let call: (method: string, path: string, body?: unknown) => Promise<any>;

before(async () => {
  database = await openTestDatabase();
  const config = generousRateLimits({
    ...loadConfig({ DATABASE_URL: database.databaseUrl }),
    databaseSchema: database.schema,
    port: 0,
    smtpPort: 0,
    logLevel: process.env.TEST_LOG ?? 'silent',
    sweepIntervalMs: 50,
    backgroundWork: 'thread',
  });
  service = await startService(config, { withWorker: true });
  const { tenantId } = await createTenant(database.handle, { legalName: 'Thread LLC', stateCode: 'DE' });
  const { key } = await createApiKey(database.handle, tenantId, ['read', 'write'], 'test');
  call = async (method, path, body) => {
    const response = await fetch(`${service.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    assert.equal(response.status, 200, text);
    return JSON.parse(text);
  };
  await call('POST', '/bank-accounts', {
    institutionName: 'Thread Bank',
    accounts: [{ externalId: 'chk', name: 'Operating', currency: 'USD' }],
  });
});

after(async () => {
  await service.stop();
  await database.dispose();
});

const pushRows = (prefix: string, count: number) =>
  call('POST', '/transactions', {
    institutionName: 'Thread Bank',
    transactions: Array.from({ length: count }, (_, index) => ({
      accountExternalId: 'chk',
      id: `${prefix}-${index}`,
      date: '2026-03-02',
      amount: 10 + index,
      description: 'MONTHLY SERVICE FEE',
    })),
  });

const booked = async (handle: DatabaseHandle, prefix: string) =>
  Number(
    (
      await handle.readDb
        .selectFrom('transactions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('external_id', 'like', `id:${prefix}-%`)
        .where('journal_entry_id', 'is not', null)
        .executeTakeFirstOrThrow()
    ).n,
  );

async function bookedWithin(prefix: string, count: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await booked(database.handle, prefix)) < count) {
    assert.ok(Date.now() < deadline, `rows ${prefix}-* not booked within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('serve runs its background work in a thread', () => {
  assert.ok(service.background instanceof BackgroundThread);
});

test('rows are booked while the API thread is blocked', async () => {
  await pushRows('blocked', 20);
  // Nothing on this thread's event loop can run for 3 s; an inline sweep could not book anything.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 3_000);
  assert.equal(await booked(database.handle, 'blocked'), 20);
});

test('a background thread that dies is started again, and the rows it left are booked', async () => {
  const thread = (service.background as unknown as { thread: { terminate(): Promise<number> } }).thread;
  await thread.terminate();
  await pushRows('after-restart', 5);
  await bookedWithin('after-restart', 5, 30_000);
});
