import type { Config } from '../config/config.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { analyzeStaleTables } from '../db/statistics.ts';
import { feedRuntime, type FeedRuntime } from '../intake/feeds/services.ts';
import { syncDueConnections } from '../intake/feeds/sync.ts';
import { DEFAULT_STATEMENT_PROCESSING, processStatementsOnce } from '../intake/statements/process.ts';
import { ReaderPool } from '../intake/statements/reader-pool.ts';
import { removeAbandonedUploads } from '../intake/statements/uploads.ts';
import type { Logger } from '../shared/logger.ts';
import type { TierRuntime } from '../sweep/categorize/run.ts';
import { loadServiceKnowledge } from '../sweep/categorize/tiers.ts';
import { SweepWorker } from '../sweep/worker.ts';

export function createWorker(handle: DatabaseHandle, config: Config, logger: Logger, tiers?: TierRuntime): SweepWorker {
  loadServiceKnowledge();
  return new SweepWorker(
    handle,
    {
      batchSize: config.sweepBatchSize,
      batchBudgetMs: config.sweepBatchBudgetMs,
      reviewThreshold: config.reviewThreshold,
      intervalMs: config.sweepIntervalMs,
      llm: config.llm,
      tiers,
    },
    logger.child({ component: 'sweep' }),
  );
}

/** Reads uploaded statements in the background; `onIngested` nudges the sweep so new rows are booked at once. */
export function createStatementWorker(
  handle: DatabaseHandle,
  config: Config,
  logger: Logger,
  onIngested: () => void,
): SweepWorker {
  const statementLogger = logger.child({ component: 'statements' });
  const readerPool = new ReaderPool(config.statementReading);
  readerPool.warm();
  let abandonedRemoved = false;
  return new SweepWorker(
    handle,
    {
      batchSize: config.sweepBatchSize,
      reviewThreshold: config.reviewThreshold,
      intervalMs: config.sweepIntervalMs,
    },
    statementLogger,
    async () => {
      // Once a worker's life: what a crash mid-upload left (uploads.ts).
      if (!abandonedRemoved) {
        abandonedRemoved = true;
        const removed = await removeAbandonedUploads(handle);
        if (removed > 0) statementLogger.info({ chunks: removed }, 'removed the bytes of abandoned uploads');
      }
      return processStatementsOnce(
        handle,
        { ...DEFAULT_STATEMENT_PROCESSING, leaseMs: config.statementLeaseMs },
        { onIngested, logger: statementLogger, readerPool },
      );
    },
  );
}

/** Connections synced per pass: a pass holds no transaction open between them, so this only bounds one claim. */
const FEED_CONNECTIONS_PER_PASS = 4;

/**
 * Syncs bank connections as they fall due, beside the sweep. Several such workers on one PostgreSQL
 * database share the connections through the lease (intake/feeds/connections-store.ts); `onRowsArrived`
 * nudges the sweep after a sync brought rows.
 */
export function createFeedWorker(
  handle: DatabaseHandle,
  config: Config,
  logger: Logger,
  feeds: FeedRuntime,
): SweepWorker {
  const feedLogger = logger.child({ component: 'feeds' });
  return new SweepWorker(
    handle,
    {
      batchSize: FEED_CONNECTIONS_PER_PASS,
      reviewThreshold: config.reviewThreshold,
      intervalMs: config.feeds.pollMs,
    },
    feedLogger,
    async () =>
      (await syncDueConnections(handle, feeds, { limit: FEED_CONNECTIONS_PER_PASS, logger: feedLogger })).length,
  );
}

/** How often PostgreSQL's statistics are checked (and a statement's ingest checks them at once). */
const STATISTICS_EVERY_MS = 60_000;

/**
 * Keeps PostgreSQL's planner statistics fresh where autovacuum does not (db/statistics.ts); on SQLite
 * its passes find nothing to do.
 */
export function createStatisticsWorker(handle: DatabaseHandle, config: Config, logger: Logger): SweepWorker {
  const statisticsLogger = logger.child({ component: 'statistics' });
  return new SweepWorker(
    handle,
    { batchSize: 1, reviewThreshold: config.reviewThreshold, intervalMs: STATISTICS_EVERY_MS },
    statisticsLogger,
    async () => {
      const analyzed = await analyzeStaleTables(handle);
      if (analyzed.length > 0) statisticsLogger.info({ tables: analyzed }, 'analyzed tables with stale statistics');
      return 0; // one pass, then the interval: a table analyzed now is not stale again at once
    },
  );
}

/** What arrives from the API side: new rows (the sweep), a statement upload, a requested feed sync. */
export type WorkArrived = 'rows' | 'statement' | 'sync';

/** The service's background work, one of each worker, nudged by what arrives. */
export interface BackgroundWork {
  arrived(work: WorkArrived): void;
  stop(): Promise<void>;
}

/**
 * A module that changes the sweep's tiers, for tests and benches that need a categorizer failing on
 * purpose (a poison row) in a service run as serve runs it: its default export takes the service's
 * tiers and returns the ones to use. It is named by URL, as a thread can be handed no function.
 */
export type TiersModule = { default: (tiers: TierRuntime) => TierRuntime };

/**
 * Starts the sweep, the statement reader and the feed sync on `handle`: in `serve`'s background
 * thread (background-thread.ts), in the `worker` command, or inline in the API's process.
 */
export async function startBackgroundWork(
  handle: DatabaseHandle,
  config: Config,
  logger: Logger,
  tiersModule?: string,
): Promise<BackgroundWork> {
  const tiers = tiersModule
    ? ((await import(tiersModule)) as TiersModule).default(
        (await import('../sweep/categorize/tiers.ts')).serviceTiers(),
      )
    : undefined;
  const sweep = createWorker(handle, config, logger, tiers);
  const statistics = createStatisticsWorker(handle, config, logger);
  const statements = createStatementWorker(handle, config, logger, () => {
    // A statement can bring a million rows: the planner learns of them before the sweep books them.
    statistics.nudge();
    sweep.nudge();
  });
  const feeds = createFeedWorker(
    handle,
    config,
    logger,
    feedRuntime(config.feeds, { onRowsArrived: () => sweep.nudge() }),
  );
  sweep.start();
  statements.start();
  feeds.start();
  statistics.start();
  return {
    arrived(work) {
      if (work === 'rows') sweep.nudge();
      else if (work === 'statement') statements.nudge();
      else feeds.nudge();
    },
    async stop() {
      await statements.stop();
      await feeds.stop();
      await sweep.stop();
      await statistics.stop();
    },
  };
}
