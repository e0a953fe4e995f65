import type { DatabaseHandle } from '../db/connection.ts';
import { SweepSchedule } from './schedule.ts';
import { yieldToEventLoop } from '../shared/event-loop.ts';
import { sweepOnce, type SweepSettings } from './sweep.ts';

export interface SweepLogger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** The longest a failing tenant waits before its next try. */
const MAX_TENANT_BACKOFF_MS = 5 * 60_000;

/** The sweep's passes for a worker's life: one schedule, so the round of tenants and their backoffs carry over. */
function sweepPass(
  handle: DatabaseHandle,
  settings: SweepSettings & { intervalMs: number },
  logger: SweepLogger,
): () => Promise<number> {
  const schedule = new SweepSchedule({ baseMs: settings.intervalMs, maxMs: MAX_TENANT_BACKOFF_MS });
  return () => sweepOnce(handle, { ...settings, logger }, schedule);
}

/**
 * Runs the sweep until stopped. When a pass finds nothing it sleeps `intervalMs`, or less if nudged
 * (the API nudges after new rows arrive, so an idle server books a pushed row at once). Several
 * workers may run against one PostgreSQL database; each row is claimed by one of them.
 */
export class SweepWorker {
  private running = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private nudged = false;

  constructor(
    private readonly handle: DatabaseHandle,
    private readonly settings: SweepSettings & { intervalMs: number },
    private readonly logger: SweepLogger,
    /** One pass over the queue; returns how many items it processed. The statement worker passes its own (log lines then speak of its documents). */
    private readonly pass: () => Promise<number> = sweepPass(handle, settings, logger),
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  nudge(): void {
    this.nudged = true;
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (this.running) {
      let processed = 0;
      try {
        processed = await this.pass();
        failures = 0;
        if (processed > 0) this.logger.info({ processed }, 'sweep batch booked');
      } catch (error) {
        failures++;
        this.logger.error({ err: error, failures }, 'sweep pass failed; rows stay queued and are retried');
      }
      if (processed === 0 && this.running) {
        // Back off on repeated failures so a broken database is not hammered.
        await this.sleep(
          failures > 0 ? Math.min(30_000, this.settings.intervalMs * 2 ** failures) : this.settings.intervalMs,
        );
      } else {
        // A backlog runs pass after pass: requests get their turn between them.
        await yieldToEventLoop();
      }
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.nudged) {
      this.nudged = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const self = this;
      function done() {
        clearTimeout(timer);
        self.wake = undefined;
        self.nudged = false;
        resolve();
      }
      this.wake = done;
    });
  }
}
