import type { FastifyInstance } from 'fastify';
import type { Config } from './config/config.ts';
import { API_BUSY_DEADLINE_MS, openMigratedDatabase, type DatabaseHandle } from './db/connection.ts';
import { parseDatabaseUrl } from './db/dialect.ts';
import { buildApp } from './http/app.ts';
import { startInboxListener, type InboxListener } from './intake/statements/smtp.ts';
import { inboxTlsCertificate } from './intake/statements/smtp-tls.ts';
import { feedRuntime } from './intake/feeds/services.ts';
import { BackgroundThread } from './background/background-thread.ts';
import { startBackgroundWork, type BackgroundWork, type WorkArrived } from './background/workers.ts';
import { createLogger } from './shared/logger.ts';

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
  /** The sweep, statement reading and feed sync (absent with --no-worker): in a thread of their own, or inline. */
  background: BackgroundWork | undefined;
  inbox: InboxListener | undefined;
  url: string;
  stop(): Promise<void>;
}

export async function startService(
  config: Config,
  options: {
    withWorker: boolean;
    /** Tests and benches only: a module that changes the sweep's tiers (background/workers.ts). */
    tiersModule?: string;
  },
): Promise<RunningService> {
  const logger = createLogger(config.logLevel);
  const { dialect, target } = parseDatabaseUrl(config.databaseUrl);
  // An in-memory SQLite database lives on its one connection: a thread cannot open it.
  const inThread =
    options.withWorker && config.backgroundWork === 'thread' && !(dialect === 'sqlite' && target === ':memory:');
  // How many of the API's statements wait for SQLite's write lock: the background thread lets them go first.
  const waiting = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  const handle = await openMigratedDatabase(
    config,
    inThread && dialect === 'sqlite'
      ? { walCheckpoint: 'none', busy: { deadlineMs: API_BUSY_DEADLINE_MS, role: 'foreground', waiting } }
      : {},
  );
  let background: BackgroundWork | undefined;
  const arrived = (work: WorkArrived) => background?.arrived(work);
  const feeds = feedRuntime(config.feeds, {
    onRowsArrived: () => arrived('rows'),
    onSyncRequested: () => arrived('sync'),
  });
  const app = await buildApp({
    handle,
    config,
    logger,
    onRowsArrived: () => {
      arrived('rows');
      arrived('statement');
    },
    feeds,
    onSyncRequested: () => arrived('sync'),
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
              () => arrived('statement'),
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
  if (inThread) {
    try {
      background = await BackgroundThread.start(
        config,
        waiting,
        logger.child({ component: 'background' }),
        options.tiersModule,
      );
    } catch (error) {
      await inbox?.close();
      await app.close();
      await handle.close();
      throw error;
    }
  } else if (options.withWorker) {
    background = await startBackgroundWork(handle, config, logger, options.tiersModule);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host}:${port}/v1`;
  logger.info(
    {
      url,
      database: handle.dialect,
      background: inThread ? 'thread' : background ? 'inline' : 'none',
      smtpPort: inbox?.port ?? null,
    },
    'bookkeeping service listening',
  );
  return {
    app,
    handle,
    background,
    inbox,
    url,
    async stop() {
      await app.close();
      await inbox?.close();
      await background?.stop();
      await handle.close();
    },
  };
}
