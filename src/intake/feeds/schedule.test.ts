import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openDatabase, type DatabaseHandle } from '../../db/connection.ts';
import { ON_POSTGRES, openTestDatabase } from '../../../test/support/harness.ts';
import { simulateSchedule } from '../../../test/support/feed-schedule-simulation.ts';
import { nextSyncDelayMs } from './sync.ts';
import { DEFAULT_FEED_SETTINGS } from './settings.ts';

/**
 * The schedule: every connection synced at least once per interval (plus jitter), failures retried
 * with a growing backoff never beyond the interval, and two workers with their own pools never
 * syncing one connection at once (the lease). `npm run bench -- feeds` runs the full month for 1,000
 * connections on PostgreSQL; this runs a smaller month on the database of the run.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
const handles: DatabaseHandle[] = [];

before(async () => {
  database = await openTestDatabase();
  handles.push(database.handle);
  // A second worker: on PostgreSQL its own pool, as a second process would have. SQLite runs one
  // process (a second handle in one process would wait on the file lock with the event loop blocked),
  // so there the two workers share the handle and its write lock.
  handles.push(
    ON_POSTGRES ? await openDatabase(database.databaseUrl, { schema: database.schema, poolSize: 3 }) : database.handle,
  );
});
after(async () => {
  if (ON_POSTGRES) await handles[1]?.close();
  await database.dispose();
});

test('the delay: the interval plus up to 10 % jitter after success; after failures a doubling backoff capped at the interval, never before Retry-After', () => {
  const settings = { ...DEFAULT_FEED_SETTINGS, syncIntervalMs: 86_400_000, retryBaseMs: 60_000 };
  assert.equal(
    nextSyncDelayMs(settings, 0, () => 0),
    86_400_000,
  );
  assert.equal(
    nextSyncDelayMs(settings, 0, () => 0.999),
    86_400_000 + Math.floor(8_640_000 * 0.999),
  );
  assert.deepEqual(
    [1, 2, 3, 4].map((failures) => nextSyncDelayMs(settings, failures, () => 0)),
    [60_000, 120_000, 240_000, 480_000],
  );
  assert.equal(
    nextSyncDelayMs(settings, 40, () => 0),
    86_400_000,
    'capped at the interval',
  );
  assert.equal(
    nextSyncDelayMs(settings, 1, () => 0, 900_000),
    900_000,
  );
});

test(`a simulated month of daily syncs, two workers: no connection synced twice at once, none missed`, {
  timeout: 15 * 60_000,
}, async () => {
  const report = await simulateSchedule({
    connections: 40,
    days: 30,
    workers: handles,
    stepMs: 3 * 3600_000,
    intervalMs: 86_400_000,
    failureRate: 0.05,
    seed: 14,
  });
  assert.deepEqual(report.overlaps, []);
  assert.deepEqual(report.missed, []);
  assert.ok(report.failures > 0, 'some syncs failed and were retried');
  // At most interval × 1.1 + one step apart: at least 720 h / 29.4 h ≈ 24 syncs each.
  assert.ok(report.syncs >= 40 * 24, `${report.syncs} syncs`);
});
