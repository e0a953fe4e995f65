import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import type { Config } from './config/config.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './db/connection.ts';
import { buildApp } from './http/app.ts';
import { SweepWorker } from './sweep/worker.ts';

/** Log lines never carry the key or a tax id; the authorization header is redacted in case a request is ever logged whole. */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  return pino({ level, redact: ['req.headers.authorization', 'headers.authorization', '*.taxId', '*.tax_id'] }, destination);
}

export interface RunningService {
  app: FastifyInstance;
  handle: DatabaseHandle;
  worker: SweepWorker | undefined;
  url: string;
  stop(): Promise<void>;
}

export async function openMigratedDatabase(config: Config): Promise<DatabaseHandle> {
  const handle = await openDatabase(config.databaseUrl, { schema: config.databaseSchema });
  await migrateToLatest(handle);
  return handle;
}

export function createWorker(handle: DatabaseHandle, config: Config, logger: ReturnType<typeof createLogger>): SweepWorker {
  return new SweepWorker(handle, {
    batchSize: config.sweepBatchSize,
    reviewThreshold: config.reviewThreshold,
    intervalMs: config.sweepIntervalMs,
  }, logger.child({ component: 'sweep' }));
}

export async function startService(config: Config, options: { withWorker: boolean }): Promise<RunningService> {
  const logger = createLogger(config.logLevel);
  const handle = await openMigratedDatabase(config);
  const worker = options.withWorker ? createWorker(handle, config, logger) : undefined;
  const app = await buildApp({ handle, config, logger, onRowsArrived: () => worker?.nudge() });
  await app.listen({ host: config.host, port: config.port });
  worker?.start();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host}:${port}/v1`;
  logger.info({ url, database: handle.dialect, worker: Boolean(worker) }, 'bookkeeping service listening');
  return {
    app,
    handle,
    worker,
    url,
    async stop() {
      await app.close();
      await worker?.stop();
      await handle.close();
    },
  };
}
