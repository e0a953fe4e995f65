/**
 * Statement readers run here, off the main thread: a small pool of worker threads, each reading one
 * document at a time under a time budget and a heap ceiling. A worker that overruns either is
 * terminated (the document is rejected `document_unreadable`, saying which limit it hit) and a fresh
 * one takes its place, so one hostile or enormous upload costs its own read and never the API's
 * event loop or memory. See docs/statements.md, "Limits".
 */
import { yieldToEventLoop } from '../../shared/event-loop.ts';
import { Worker } from 'node:worker_threads';
import type { StatementFormat } from './readers/index.ts';
import { DEFAULT_READ_LIMITS } from './readers/limits.ts';
import type { ParsedStatementLine, ReadLimits, ReadOutcome, ReaderContext } from './types.ts';

export interface ReaderPoolSettings {
  /** Worker threads reading at once (documents beyond them wait their turn). */
  workers: number;
  /** Wall-clock budget of one document's read, from the moment a worker starts on it. */
  timeoutMs: number;
  /** Heap ceiling of each worker (V8's old generation), in MB. */
  memoryMb: number;
  limits: ReadLimits;
}

/** 768 MB holds the reading of a 20 MB CSV of a million lines (it peaks above 400 MB of heap). */
export const DEFAULT_READER_POOL: ReaderPoolSettings = {
  workers: 1,
  timeoutMs: 120_000,
  memoryMb: 768,
  limits: DEFAULT_READ_LIMITS,
};

/** Lines per message when a statement's lines come back from a worker (about 10 ms of copying each). */
export const LINES_PER_MESSAGE = 10_000;

export type PoolRequest =
  | { type: 'read'; id: number; format: StatementFormat; bytes: ArrayBuffer; context: ReaderContext }
  | { type: 'more'; id: number };

export type PoolReply =
  | { type: 'ready' }
  | { type: 'outcome'; id: number; outcome: ReadOutcome; lineCount: number }
  | { type: 'lines'; id: number; lines: ParsedStatementLine[] };

/** A worker that returned a statement longer than this is replaced rather than kept (see read). */
const RECYCLE_AFTER_LINES = 100_000;

const BOOTSTRAP = new URL('./reader-pool.worker.mjs', import.meta.url);
const READ_MODULE = new URL('./read-statement.ts', import.meta.url);

const unreadable = (message: string): ReadOutcome => ({ ok: false, reason: 'document_unreadable', message });

interface PoolWorker {
  worker: Worker;
  /** Set by the read in progress: a message, or the worker's end (error or exit), settles it. */
  onEvent: ((event: { reply: PoolReply } | { error: Error } | { exitCode: number }) => void) | null;
}

export class ReaderPool {
  private readonly idle: PoolWorker[] = [];
  private readonly waiting: Array<{ resolve: (worker: PoolWorker) => void; reject: (error: Error) => void }> = [];
  private started = 0;
  private nextId = 1;
  private closed = false;

  /** `readModule` is a test seam: a module exporting `readStatement` (./read-statement.ts by default). */
  constructor(
    readonly settings: ReaderPoolSettings = DEFAULT_READER_POOL,
    private readonly readModule: URL = READ_MODULE,
  ) {
    if (!(settings.workers >= 1)) throw new Error('a reader pool has at least one worker');
  }

  /**
   * Reads one document in a worker; never throws for anything the document does. With `transfer`, a
   * buffer that owns its whole ArrayBuffer is moved to the worker, not copied (a 20 MB copy held the
   * event loop for over 100 ms), and the caller's `bytes` is left empty.
   */
  async read(
    format: StatementFormat,
    bytes: Buffer,
    context: ReaderContext,
    { transfer = false }: { transfer?: boolean } = {},
  ): Promise<ReadOutcome> {
    const pooled = await this.acquire();
    let healthy = false;
    try {
      const result = await this.readOn(
        pooled,
        format,
        bytes,
        { ...context, limits: context.limits ?? this.settings.limits },
        transfer,
      );
      // A worker that read a very long statement has grown its heap to match, and V8 keeps it:
      // it is ended, and a fresh one starts small.
      healthy = result.healthy && !(result.outcome.ok && result.outcome.statement.lines.length > RECYCLE_AFTER_LINES);
      if (result.healthy && !healthy) void pooled.worker.terminate();
      return result.outcome;
    } finally {
      this.release(pooled, healthy);
    }
  }

  /** Starts the workers ahead of the first document, so that it does not wait for the readers to load. */
  warm(): void {
    while (this.started < this.settings.workers) {
      this.start().then(
        (pooled) => this.release(pooled, true),
        () => {
          // A worker that cannot start fails the read that needed it.
          const waiter = this.waiting.shift();
          if (waiter) this.start().then(waiter.resolve, waiter.reject);
        },
      );
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiting.splice(0)) waiter.reject(new Error('the reader pool is closed'));
    await Promise.all(this.idle.splice(0).map((pooled) => pooled.worker.terminate()));
  }

  private readOn(
    pooled: PoolWorker,
    format: StatementFormat,
    bytes: Buffer,
    context: ReaderContext,
    transfer: boolean,
  ): Promise<{ outcome: ReadOutcome; healthy: boolean }> {
    const id = this.nextId++;
    const { timeoutMs, memoryMb } = this.settings;
    return new Promise((resolve) => {
      let header: { outcome: ReadOutcome; lineCount: number } | null = null;
      const lines: ParsedStatementLine[] = [];
      const finish = (outcome: ReadOutcome, healthy: boolean) => {
        clearTimeout(timer);
        pooled.onEvent = null;
        if (!healthy) void pooled.worker.terminate();
        resolve({ outcome, healthy });
      };
      const timer = setTimeout(
        () =>
          finish(
            unreadable(`Reading the document took longer than the ${timeoutMs / 1000} s limit; it was stopped.`),
            false,
          ),
        timeoutMs,
      );
      const askForLines = async () => {
        // One chunk per turn of the event loop: requests are answered between them.
        await yieldToEventLoop();
        if (pooled.onEvent) pooled.worker.postMessage({ type: 'more', id } satisfies PoolRequest);
      };
      pooled.onEvent = (event) => {
        if ('error' in event || 'exitCode' in event) {
          const outOfMemory =
            'error' in event && (event.error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
          finish(
            unreadable(
              outOfMemory
                ? `Reading the document needed more than the ${memoryMb} MB memory limit; it was stopped.`
                : `The reader stopped unexpectedly (${'error' in event ? event.error.message : `exit code ${event.exitCode}`}).`,
            ),
            false,
          );
          return;
        }
        const { reply } = event;
        if (reply.type === 'outcome' && reply.id === id) {
          header = reply;
        } else if (reply.type === 'lines' && reply.id === id && header) {
          for (const line of reply.lines) lines.push(line);
        } else {
          return;
        }
        if (header.outcome.ok && lines.length < header.lineCount) {
          void askForLines();
          return;
        }
        finish(
          header.outcome.ok ? { ...header.outcome, statement: { ...header.outcome.statement, lines } } : header.outcome,
          true,
        );
      };
      const ownsItsBuffer = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      // Without `transfer` the worker gets a copy of its own, and the caller's buffer stays intact.
      const sent = transfer && ownsItsBuffer ? (bytes.buffer as ArrayBuffer) : new Uint8Array(bytes).buffer;
      pooled.worker.ref();
      pooled.worker.postMessage({ type: 'read', id, format, bytes: sent, context } satisfies PoolRequest, [sent]);
    });
  }

  private async acquire(): Promise<PoolWorker> {
    if (this.closed) throw new Error('the reader pool is closed');
    const idle = this.idle.pop();
    if (idle) return idle;
    if (this.started < this.settings.workers) return this.start();
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  /** A healthy worker serves the next read; one that was stopped is replaced, if anyone waits. */
  private release(pooled: PoolWorker, healthy: boolean): void {
    if (!healthy) {
      this.started--;
      const waiter = this.waiting.shift();
      if (waiter) this.start().then(waiter.resolve, waiter.reject);
      return;
    }
    const waiter = this.waiting.shift();
    if (waiter) {
      waiter.resolve(pooled);
      return;
    }
    // An idle worker never keeps the process alive (tests and CLI commands end on their own).
    pooled.worker.unref();
    this.idle.push(pooled);
  }

  /** A worker counts from its start; it is handed out once its readers have loaded (the budget starts then). */
  private start(): Promise<PoolWorker> {
    this.started++;
    const worker = new Worker(BOOTSTRAP, {
      execArgv: [],
      workerData: { readModule: this.readModule.href },
      resourceLimits: { maxOldGenerationSizeMb: this.settings.memoryMb },
    });
    const pooled: PoolWorker = { worker, onEvent: null };
    return new Promise((resolve, reject) => {
      let ready = false;
      let startError: Error | undefined;
      worker.on('message', (reply: PoolReply) => {
        if (reply.type !== 'ready') {
          pooled.onEvent?.({ reply });
          return;
        }
        ready = true;
        resolve(pooled);
      });
      worker.on('error', (error) => {
        if (pooled.onEvent) pooled.onEvent({ error });
        else startError ??= error;
      });
      worker.on('exit', (exitCode) => {
        if (pooled.onEvent) {
          pooled.onEvent({ exitCode });
        } else if (!ready) {
          this.started--;
          reject(startError ?? new Error(`the reader worker stopped while starting (exit code ${exitCode})`));
        } else if (this.idle.includes(pooled)) {
          // An idle worker that ended (it should not) leaves the pool; a new one starts when needed.
          this.idle.splice(this.idle.indexOf(pooled), 1);
          this.started--;
        }
      });
    });
  }
}

let shared: ReaderPool | undefined;

/** The process's pool with the default settings, for callers that were given none. */
export function defaultReaderPool(): ReaderPool {
  shared ??= new ReaderPool();
  return shared;
}
