import type SQLite from 'better-sqlite3';
import {
  SqliteDialect,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { DomainError } from '../errors.ts';

/**
 * Waiting for SQLite's write lock without freezing the event loop.
 *
 * SQLite has one writer at a time. better-sqlite3 is synchronous, so its own busy timeout waits for
 * the lock by sleeping the whole thread: an API thread waiting that way answers no request until the
 * lock is free. Once the sweep and statement ingest write from a thread of their own (src/background/),
 * every connection here has no busy timeout instead, and a statement that finds the lock taken is
 * tried again after an asynchronous pause, so the event loop keeps answering meanwhile.
 *
 * Only a statement outside a transaction is tried again: it changed nothing, and neither did a
 * `begin immediate` that could not take the lock. Inside a transaction the lock is already held
 * (withWriteTransaction begins immediate), so SQLITE_BUSY there cannot come from waiting for it.
 */
export interface SqliteBusySettings {
  /** How long a statement may wait for the lock before it gives up with `service_unavailable`. */
  deadlineMs: number;
  /**
   * Shared by the API's connection and the background thread's: how many of the API's statements are
   * waiting for the lock now. The background connection lets them go first before each statement it
   * starts outside a transaction (a batch, an ingest), so a sweep that runs batch after batch cannot
   * starve a request.
   */
  waiting?: Int32Array;
  /** `foreground`: counts itself in `waiting` while it waits; `background`: waits for `waiting` to be 0 first. */
  role: 'foreground' | 'background';
}

/** The longest the background gives way to waiting requests before it takes its turn anyway. */
const MAX_GIVE_WAY_MS = 2_000;
const FIRST_PAUSE_MS = 1;
// Short pauses: the background gives way while a request waits, so the request should be quick to notice the lock is free.
const LONGEST_PAUSE_MS = 5;

export class SqliteBusyError extends DomainError {
  readonly retryAfterSeconds = 5;
  constructor(waitedMs: number) {
    super(
      'service_unavailable',
      `the database is busy with a long write (a large statement being ingested); nothing was changed, try again in a few seconds (waited ${Math.round(waitedMs)} ms)`,
    );
  }
}

export function isSqliteBusy(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Distinct SQL texts kept prepared per connection; the least recently used is dropped past it. */
const CACHED_STATEMENTS = 500;

/**
 * Kysely's SQLite driver prepares every query afresh: each text is prepared once here and kept, as
 * better-sqlite3 recommends (a list page's query, a join with a dozen filters, 189 → 163 µs). Kysely
 * runs one query at a time on a connection, so a kept statement is never in use twice at once.
 */
function withStatementCache(database: SQLite.Database): Pick<SQLite.Database, 'prepare' | 'close'> {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement) {
        // Map order is insertion order: taking it out and putting it back marks it the most recent.
        statements.delete(text);
      } else {
        statement = database.prepare(text);
      }
      statements.set(text, statement);
      if (statements.size > CACHED_STATEMENTS) statements.delete(statements.keys().next().value!);
      return statement;
    },
  } as Pick<SQLite.Database, 'prepare' | 'close'>;
}

/** A SqliteDialect whose statements wait for the write lock asynchronously (see above). */
export class BusyWaitingSqliteDialect extends SqliteDialect {
  constructor(
    private readonly database: SQLite.Database,
    private readonly busy: SqliteBusySettings,
  ) {
    database.pragma('busy_timeout = 0');
    super({ database: withStatementCache(database) });
  }

  override createDriver(): Driver {
    const inner = super.createDriver();
    const { database, busy } = this;
    const wrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();
    return {
      init: () => inner.init(),
      async acquireConnection() {
        const connection = await inner.acquireConnection();
        let outer = wrapped.get(connection);
        if (!outer) {
          outer = busyWaitingConnection(connection, database, busy);
          wrapped.set(connection, outer);
        }
        return outer;
      },
      beginTransaction: (connection: DatabaseConnection, settings: TransactionSettings) =>
        inner.beginTransaction(connection, settings),
      commitTransaction: (connection: DatabaseConnection) => inner.commitTransaction(connection),
      rollbackTransaction: (connection: DatabaseConnection) => inner.rollbackTransaction(connection),
      releaseConnection: (connection: DatabaseConnection) => inner.releaseConnection(connection),
      destroy: () => inner.destroy(),
    };
  }
}

function busyWaitingConnection(
  connection: DatabaseConnection,
  database: SQLite.Database,
  busy: SqliteBusySettings,
): DatabaseConnection {
  // better-sqlite3 runs a statement synchronously and Kysely's connection returns it as a settled
  // promise (or throws at once), so the common case stays on that path: no extra await per query.
  const attempt = <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
    try {
      return connection.executeQuery<R>(query);
    } catch (error) {
      if (!isSqliteBusy(error) || database.inTransaction) return Promise.reject(error);
      return waitForLock<R>(query);
    }
  };
  const waitForLock = async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
    const started = performance.now();
    if (busy.role === 'foreground' && busy.waiting) Atomics.add(busy.waiting, 0, 1);
    try {
      for (let pauseMs = FIRST_PAUSE_MS; ; pauseMs = Math.min(LONGEST_PAUSE_MS, pauseMs * 2)) {
        if (performance.now() - started >= busy.deadlineMs) throw new SqliteBusyError(performance.now() - started);
        await pause(pauseMs);
        try {
          return await connection.executeQuery<R>(query);
        } catch (error) {
          if (!isSqliteBusy(error) || database.inTransaction) throw error;
        }
      }
    } finally {
      if (busy.role === 'foreground' && busy.waiting) Atomics.sub(busy.waiting, 0, 1);
    }
  };
  return {
    executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      const waiting = busy.role === 'background' ? busy.waiting : undefined;
      if (waiting && !database.inTransaction && Atomics.load(waiting, 0) > 0)
        return giveWay(waiting).then(() => attempt<R>(query));
      return attempt<R>(query);
    },
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  };
}

/** Waits while the API's statements wait for the lock (at most MAX_GIVE_WAY_MS). */
async function giveWay(waiting: Int32Array): Promise<void> {
  const started = performance.now();
  while (Atomics.load(waiting, 0) > 0 && performance.now() - started < MAX_GIVE_WAY_MS) await pause(1);
}
