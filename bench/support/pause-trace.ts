/**
 * Attributes pauses of the main thread's event loop (BENCH_PAUSE_TRACE=1): a 5 ms interval notes
 * every gap over `thresholdMs`, and each pause is listed with what ran inside it: the slow
 * better-sqlite3 statements (timed by wrapping Statement's run/all/get/iterate and Database's exec and
 * pragma) and V8's garbage collections (PerformanceObserver 'gc'). Bench-only; costs a clock read a
 * statement.
 */
import { PerformanceObserver, performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';

interface Span {
  startMs: number;
  durationMs: number;
  what: string;
}

export function startPauseTrace(thresholdMs = 50, slowMs = 5): { stop(): string[] } {
  const spans: Span[] = [];
  const pauses: Array<{ startMs: number; durationMs: number }> = [];
  const restore: Array<() => void> = [];
  const wrap = (target: any, name: string, label: (self: any, args: unknown[]) => string) => {
    const original = target[name];
    target[name] = function (this: any, ...args: unknown[]) {
      const startMs = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        const durationMs = performance.now() - startMs;
        if (durationMs >= slowMs)
          spans.push({
            startMs,
            durationMs,
            what: `sql ${name}: ${label(this, args).replace(/\s+/g, ' ').slice(0, 140)}`,
          });
      }
    };
    restore.push(() => {
      target[name] = original;
    });
  };
  const statementPrototype = Object.getPrototypeOf(new SQLite(':memory:').prepare('select 1'));
  for (const name of ['run', 'all', 'get']) wrap(statementPrototype, name, (self) => self.source);
  wrap(SQLite.prototype, 'exec', (_self, args) => String(args[0]));
  wrap(SQLite.prototype, 'pragma', (_self, args) => `pragma ${String(args[0])}`);
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as any).detail?.kind;
      if (entry.duration >= slowMs)
        spans.push({ startMs: entry.startTime, durationMs: entry.duration, what: `gc kind ${kind}` });
    }
  });
  gc.observe({ entryTypes: ['gc'] });
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    if (now - last > thresholdMs) pauses.push({ startMs: last, durationMs: now - last });
    last = now;
  }, 5);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      gc.disconnect();
      for (const undo of restore) undo();
      return pauses.map((pause) => {
        const inside = spans
          .filter(
            (span) => span.startMs < pause.startMs + pause.durationMs && span.startMs + span.durationMs > pause.startMs,
          )
          .sort((a, b) => b.durationMs - a.durationMs)
          .slice(0, 6);
        return `pause ${pause.durationMs.toFixed(0)} ms at ${pause.startMs.toFixed(0)}: ${inside.map((span) => `${span.what} (${span.durationMs.toFixed(0)} ms)`).join(' | ') || '(no slow statement or gc)'}`;
      });
    },
  };
}
