import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import type { Config } from './config/config.ts';
import { openMigratedDatabase, type DatabaseHandle } from './db/connection.ts';
import { buildApp } from './http/app.ts';
import { SweepWorker } from './sweep/worker.ts';
import { loadServiceKnowledge } from './sweep/categorize/tiers.ts';
import { DEFAULT_STATEMENT_PROCESSING, processStatementsOnce } from './intake/statements/process.ts';
import { ReaderPool } from './intake/statements/reader-pool.ts';
import { startInboxListener, type InboxListener } from './intake/statements/smtp.ts';
import { inboxTlsCertificate } from './intake/statements/smtp-tls.ts';
import { feedRuntime, type FeedRuntime } from './intake/feeds/services.ts';
import { syncDueConnections } from './intake/feeds/sync.ts';

/** Log lines never carry the key or a tax id; the authorization header is redacted in case a request is ever logged whole. */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  return pino(
    { level, redact: ['req.headers.authorization', 'headers.authorization', '*.taxId', '*.tax_id'] },
    destination,
  );
}

/** A port this service needs is held by another process (often a second instance). */
export class PortInUseError extends Error {
  constructor(
    readonly variable: string,
    readonly host: string,
    readonly port: number,
    what: string,
  ) {
    super(
      `${variable} ${port}: ${host}:${port}, where ${what} listens, is already in use (is another instance running?); set ${variable} to a free port${variable === 'SMTP_PORT' ? ', or SMTP_PORT=0 to run without the inbox' : ''}`,
    );
    // The command line tells it apart by name: it loads this module only for `serve`.
    this.name = 'PortInUseError';
  }
}

async function listening<T>(
  started: Promise<T>,
  variable: string,
  host: string,
  port: number,
  what: string,
): Promise<T> {
  try {
    return await started;
  } catch (error) {
    if ((error as { code?: string }).code === 'EADDRINUSE') throw new PortInUseError(variable, host, port, what);
    throw error;
  }
}

export interface RunningService {
  app: FastifyInstance;
  handle: DatabaseHandle;
  worker: SweepWorker | undefined;
  statementWorker: SweepWorker | undefined;
  feedWorker: SweepWorker | undefined;
  inbox: InboxListener | undefined;
  url: string;
  stop(): Promise<void>;
}

export { openMigratedDatabase };

export function createWorker(
  handle: DatabaseHandle,
  config: Config,
  logger: ReturnType<typeof createLogger>,
): SweepWorker {
  loadServiceKnowledge();
  return new SweepWorker(
    handle,
    {
      batchSize: config.sweepBatchSize,
      batchBudgetMs: config.sweepBatchBudgetMs,
      reviewThreshold: config.reviewThreshold,
      intervalMs: config.sweepIntervalMs,
      llm: config.llm,
    },
    logger.child({ component: 'sweep' }),
  );
}

/** Reads uploaded statements in the background; `onIngested` nudges the sweep so new rows are booked at once. */
export function createStatementWorker(
  handle: DatabaseHandle,
  config: Config,
  logger: ReturnType<typeof createLogger>,
  onIngested: () => void,
): SweepWorker {
  const statementLogger = logger.child({ component: 'statements' });
  const readerPool = new ReaderPool(config.statementReading);
  readerPool.warm();
  return new SweepWorker(
    handle,
    {
      batchSize: config.sweepBatchSize,
      reviewThreshold: config.reviewThreshold,
      intervalMs: config.sweepIntervalMs,
    },
    statementLogger,
    () =>
      processStatementsOnce(
        handle,
        { ...DEFAULT_STATEMENT_PROCESSING, leaseMs: config.statementLeaseMs },
        { onIngested, logger: statementLogger, readerPool },
      ),
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
  logger: ReturnType<typeof createLogger>,
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

export async function startService(config: Config, options: { withWorker: boolean }): Promise<RunningService> {
  const logger = createLogger(config.logLevel);
  const handle = await openMigratedDatabase(config);
  const worker = options.withWorker ? createWorker(handle, config, logger) : undefined;
  const statementWorker = options.withWorker
    ? createStatementWorker(handle, config, logger, () => worker?.nudge())
    : undefined;
  const onWorkArrived = () => {
    worker?.nudge();
    statementWorker?.nudge();
  };
  let feedWorker: SweepWorker | undefined;
  const feeds = feedRuntime(config.feeds, {
    onRowsArrived: () => worker?.nudge(),
    onSyncRequested: () => feedWorker?.nudge(),
  });
  feedWorker = options.withWorker ? createFeedWorker(handle, config, logger, feeds) : undefined;
  const app = await buildApp({
    handle,
    config,
    logger,
    onRowsArrived: onWorkArrived,
    feeds,
    onSyncRequested: () => feedWorker?.nudge(),
  });
  let inbox: InboxListener | undefined;
  try {
    await listening(app.listen({ host: config.host, port: config.port }), 'PORT', config.host, config.port, 'the API');
    inbox =
      config.smtpPort > 0
        ? await listening(
            startInboxListener(
              handle,
              {
                host: config.host,
                port: config.smtpPort,
                domain: config.inboxDomain,
                tls: await inboxTlsCertificate(config.smtpTls, config.inboxDomain),
              },
              onWorkArrived,
              logger.child({ component: 'inbox' }),
            ),
            'SMTP_PORT',
            config.host,
            config.smtpPort,
            'the statement inbox (SMTP)',
          )
        : undefined;
  } catch (error) {
    // Nothing half-started is left holding a port or the database: the process can exit.
    await app.close();
    await handle.close();
    throw error;
  }
  worker?.start();
  statementWorker?.start();
  feedWorker?.start();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host}:${port}/v1`;
  logger.info(
    { url, database: handle.dialect, worker: Boolean(worker), smtpPort: inbox?.port ?? null },
    'bookkeeping service listening',
  );
  return {
    app,
    handle,
    worker,
    statementWorker,
    feedWorker,
    inbox,
    url,
    async stop() {
      await app.close();
      await inbox?.close();
      await statementWorker?.stop();
      await feedWorker?.stop();
      await worker?.stop();
      await handle.close();
    },
  };
}
