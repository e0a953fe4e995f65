import { Worker } from 'node:worker_threads';
import type { Config } from '../config/config.ts';
import type { Logger } from '../shared/logger.ts';
import type { BackgroundWork, WorkArrived } from './workers.ts';

/**
 * serve's background work (the sweep, statement reading, feed sync) in a thread of its own, so that
 * none of it runs on the API's event loop. On SQLite every query is synchronous: in the API's thread,
 * a sweep batch, a statement's ingest, their commits, WAL checkpoints and the garbage they leave all
 * held requests up. Here they hold up only this thread; the API waits for the write lock
 * asynchronously (db/sqlite-busy.ts), and its waiting statements go first.
 */

export type ToBackground = { type: 'arrived'; work: WorkArrived } | { type: 'stop' };
export type FromBackground = { type: 'ready' } | { type: 'stopped'; error?: string };

/** How long the background's statements wait for the write lock (an API transaction is short). */
export const BACKGROUND_BUSY_DEADLINE_MS = 120_000;
/** How often the idle background copies the API's writes from the WAL into the database file. */
export const IDLE_CHECKPOINT_EVERY_MS = 10_000;
/** A thread that ended by itself is started again after this pause. */
const RESTART_AFTER_MS = 1_000;
/** How long stop() waits for the thread to finish its batch before it is terminated. */
const STOP_TIMEOUT_MS = 30_000;

const BOOTSTRAP = new URL('./background-thread.worker.mjs', import.meta.url);

export class BackgroundThread implements BackgroundWork {
  private thread: Worker | undefined;
  private stopping = false;
  private restart: ReturnType<typeof setTimeout> | undefined;

  private constructor(
    private readonly config: Config,
    private readonly waiting: Int32Array,
    private readonly logger: Logger,
    private readonly tiersModule: string | undefined,
  ) {}

  /**
   * Starts the thread and resolves once its workers run. `waiting` is shared with the API's
   * connection; `tiersModule`, for tests and benches, changes the sweep's tiers (workers.ts).
   */
  static async start(
    config: Config,
    waiting: Int32Array,
    logger: Logger,
    tiersModule?: string,
  ): Promise<BackgroundThread> {
    const background = new BackgroundThread(config, waiting, logger, tiersModule);
    await background.spawn();
    return background;
  }

  arrived(work: WorkArrived): void {
    this.thread?.postMessage({ type: 'arrived', work } satisfies ToBackground);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restart);
    const thread = this.thread;
    if (!thread) return;
    const stopped = new Promise<void>((resolve) => {
      thread.once('exit', () => resolve());
      thread.on('message', (message: FromBackground) => {
        if (message.type === 'stopped' && message.error)
          this.logger.error({ error: message.error }, 'background work stopped with an error');
      });
    });
    thread.postMessage({ type: 'stop' } satisfies ToBackground);
    const timer = setTimeout(() => thread.terminate(), STOP_TIMEOUT_MS);
    await stopped;
    clearTimeout(timer);
  }

  private spawn(): Promise<void> {
    const thread = new Worker(BOOTSTRAP, {
      execArgv: [],
      workerData: { config: this.config, waiting: this.waiting, tiersModule: this.tiersModule },
    });
    this.thread = thread;
    return new Promise((resolve, reject) => {
      let ready = false;
      thread.on('message', (message: FromBackground) => {
        if (message.type !== 'ready') return;
        ready = true;
        resolve();
      });
      thread.on('error', (error) => {
        if (!ready) reject(error);
        else this.logger.error({ err: error }, 'background work thread failed');
      });
      thread.on('exit', (exitCode) => {
        if (!ready) reject(new Error(`the background work thread stopped while starting (exit code ${exitCode})`));
        if (!ready || this.stopping) return;
        // Rows stay queued in the database, so nothing is lost; the work goes on in a new thread.
        this.logger.error({ exitCode }, 'background work thread ended; starting it again');
        this.restart = setTimeout(() => {
          this.spawn().catch((error) => this.logger.error({ err: error }, 'background work thread did not start'));
        }, RESTART_AFTER_MS);
      });
    });
  }
}
