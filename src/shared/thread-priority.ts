/**
 * Background threads (the sweep, statement reading, feed sync, the statement readers) run at a lower
 * CPU priority than the API's thread. On a machine with few cores, a statement being read and a
 * backlog being booked would otherwise take the cores from the requests waiting to be answered; at a
 * lower priority they use what the API leaves, and the API's latency stays its own.
 *
 * Linux keeps a nice value per thread (setpriority with `who = 0` changes the calling thread only),
 * and a thread starts with the value of the thread that created it. Elsewhere the same call would
 * lower the whole process, so it is made on Linux only.
 */
import { randomFill } from 'node:crypto';
import { getPriority, setPriority } from 'node:os';

/** The nice value of background threads: 10 of the 19 steps below normal. */
export const BACKGROUND_NICE = 10;

/** Lowers the calling thread to BACKGROUND_NICE (never raises it). */
export function lowerThisThreadPriority(): void {
  if (process.platform !== 'linux') return;
  try {
    if (getPriority(0) < BACKGROUND_NICE) setPriority(0, BACKGROUND_NICE);
  } catch {
    // A sandbox that forbids it: the work runs at the API's priority, as it did before.
  }
}

/**
 * libuv's thread pool (file reads, hashing, DNS) is shared by the whole process and its threads are
 * created by whichever thread uses it first, with that thread's priority. The API's thread uses it
 * once before starting a background thread, so the pool runs at the API's priority.
 */
export function startThreadPoolHere(): Promise<void> {
  return new Promise((resolve) => randomFill(new Uint8Array(1), () => resolve()));
}
