import { setImmediate as nextTurn } from 'node:timers/promises';

/** One turn of the event loop: requests waiting on it are answered before the caller goes on. */
export function yieldToEventLoop(): Promise<void> {
  return nextTurn();
}

/**
 * Long synchronous work on the main thread (a million statement lines checked and written) gives the
 * event loop a turn every `sliceMs`, so the API answers other requests meanwhile:
 * `if (pacer.due()) await pacer.yield();` inside the loop. Checking is cheap (one clock read), so
 * loops check every iteration and yield only when their slice is used up.
 */
export class EventLoopPacer {
  private sliceStartedAt = performance.now();

  constructor(private readonly sliceMs = 20) {}

  due(): boolean {
    return performance.now() - this.sliceStartedAt >= this.sliceMs;
  }

  async yield(): Promise<void> {
    await yieldToEventLoop();
    this.sliceStartedAt = performance.now();
  }
}
