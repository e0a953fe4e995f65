import { Worker } from 'node:worker_threads';

/**
 * Checkpoints a SQLite database's WAL from a thread of its own. SQLite's automatic checkpoint runs
 * inside the COMMIT that crosses the threshold, on the committing connection: with better-sqlite3
 * that is the API's event loop, blocked while the WAL is copied into the database file and the file
 * is synced (hundreds of milliseconds after a sweep backlog, seconds after a million-row statement).
 * Here the writer's automatic checkpoint is off and this thread runs a PASSIVE checkpoint every
 * `intervalMs`: it takes no lock that the writer or the readers wait for, so each checkpoint is small
 * (what was committed since the last one) and happens off the request path.
 */
export class WalCheckpointer {
  private readonly worker: Worker;
  private stopped = false;
  /** Frames in the WAL at the last checkpoint, and how many of them had been copied into the database. */
  lastResult: { walFrames: number; copiedFrames: number } | undefined;
  lastError: string | undefined;

  constructor(path: string, intervalMs = 100) {
    this.worker = new Worker(new URL('./wal-checkpointer.worker.mjs', import.meta.url), {
      workerData: { path, intervalMs },
      execArgv: [],
    });
    this.worker.on(
      'message',
      (
        message: { type: 'checkpointed'; walFrames: number; copiedFrames: number } | { type: 'error'; message: string },
      ) => {
        if (message.type === 'checkpointed')
          this.lastResult = { walFrames: message.walFrames, copiedFrames: message.copiedFrames };
        else this.lastError = message.message;
      },
    );
    this.worker.on('error', (error) => {
      this.lastError = error.message;
    });
    // A database left open must not keep the process alive.
    this.worker.unref();
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    // Held while it stops: an unreferenced thread would let the process end with the close pending.
    this.worker.ref();
    const exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.postMessage('stop');
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      exited,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, 2_000);
      }),
    ]);
    clearTimeout(timer);
    await this.worker.terminate();
  }
}
