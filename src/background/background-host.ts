import { parentPort, workerData } from 'node:worker_threads';
import { sql } from 'kysely';
import type { Config } from '../config/config.ts';
import { openDatabase } from '../db/connection.ts';
import { createLogger } from '../shared/logger.ts';
import { startBackgroundWork } from './workers.ts';
import {
  BACKGROUND_BUSY_DEADLINE_MS,
  IDLE_CHECKPOINT_EVERY_MS,
  type FromBackground,
  type ToBackground,
} from './background-thread.ts';

/**
 * The thread side of serve's background work: its own database connection (the API's process
 * migrated the schema already), the sweep, statement reading and feed sync, nudged by messages.
 */
const { config, waiting, tiersModule } = workerData as { config: Config; waiting: Int32Array; tiersModule?: string };
const port = parentPort!;
const logger = createLogger(config.logLevel).child({ thread: 'background' });
const handle = await openDatabase(config.databaseUrl, {
  schema: config.databaseSchema,
  // This connection checkpoints the WAL inside its commits, and when idle below; the API's never does.
  walCheckpoint: 'inline',
  busy: { deadlineMs: BACKGROUND_BUSY_DEADLINE_MS, role: 'background', waiting },
});
const work = await startBackgroundWork(handle, config, logger, tiersModule);

// The API's writes (pushes, corrections) never checkpoint; when the sweep has nothing to commit,
// what they wrote is copied into the database file from here, so the WAL cannot grow without end.
const checkpoints =
  handle.dialect === 'sqlite'
    ? setInterval(() => {
        sql`pragma wal_checkpoint(PASSIVE)`
          .execute(handle.db)
          .catch((error) => logger.error({ err: error }, 'idle WAL checkpoint failed'));
      }, IDLE_CHECKPOINT_EVERY_MS)
    : undefined;
checkpoints?.unref();

port.on('message', (message: ToBackground) => {
  if (message.type === 'arrived') {
    work.arrived(message.work);
    return;
  }
  clearInterval(checkpoints);
  work
    .stop()
    .then(() => handle.close())
    .then(
      () => port.postMessage({ type: 'stopped' } satisfies FromBackground),
      (error) => port.postMessage({ type: 'stopped', error: String(error) } satisfies FromBackground),
    )
    .finally(() => port.close());
});
port.postMessage({ type: 'ready' } satisfies FromBackground);
