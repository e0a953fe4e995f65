import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, Migrator, type Migration, type MigrationProvider } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { DEFAULT_DATABASE_URL, parseDatabaseUrl, type Dialect } from './dialect.ts';
import { allMigrations } from './migrations/index.ts';
import { OneSchemaPostgresDialect } from './one-schema-postgres.ts';
import { WalCheckpointer } from './wal-checkpointer.ts';
import { BusyWaitingSqliteDialect, type SqliteBusySettings } from './sqlite-busy.ts';

export interface DatabaseHandle {
  dialect: Dialect;
  /** PostgreSQL only: the schema the service's tables live in, when not the default. */
  schema?: string;
  /** Writes, and reads that must see the caller's own uncommitted work. */
  db: Kysely<Database>;
  /**
   * Plain reads. On SQLite this is a second connection: in WAL mode it reads the last committed
   * state without waiting for the writer's transaction, so a running sweep does not stall the API.
   */
  readDb: Kysely<Database>;
  /**
   * The same database as one tenant's requests use it. On PostgreSQL every statement it runs, read or
   * write, in a transaction or not, runs on a connection that has declared the tenant
   * (`app.tenant_id`), so row-level security (migration 0017) walls it even where a query forgot its
   * tenant filter. Those connections come from a pool of their own: a connection of the shared pool
   * never carries a tenant, so work that spans tenants (the sweep's queue scan, the key lookup) sees
   * every row. On SQLite, which has no row-level security, it is this handle.
   */
  forTenant(tenantId: string): DatabaseHandle;
  /** The handle forTenant was called on (or this one): what caches of the whole database are kept by. */
  unscoped: DatabaseHandle;
  /**
   * A token that changes whenever what `readDb` reads may have changed, read before the reads it vouches for; answers
   * computed from `readDb` may be kept under it. Undefined where the database cannot say so cheaply (PostgreSQL).
   */
  readVersion?: () => string;
  close(): Promise<void>;
}

/** Tenants whose walled handles are kept built; one past it drops the least recently used. */
const KEPT_TENANT_HANDLES = 1_000;

// PostgreSQL returns bigint, date and timestamptz as strings or Date objects; the service wants
// numbers (minor units are far below 2^53), 'YYYY-MM-DD' strings and ISO timestamps.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed)) throw new Error(`bigint ${value} exceeds the safe integer range`);
  return parsed;
});
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, (value) => new Date(value).toISOString());
pg.types.setTypeParser(pg.types.builtins.FLOAT8, (value) => Number(value));

export interface OpenOptions {
  /** PostgreSQL only: run inside this schema (tests use one schema each). */
  schema?: string;
  poolSize?: number;
  /**
   * SQLite file only: `inline` (the default) leaves SQLite to checkpoint inside the commits that cross
   * its threshold, on the caller's thread; `background` checkpoints the WAL from a thread of its own
   * (see WalCheckpointer) and turns the writer's automatic checkpoint off. Measured on a quiet
   * machine, the background thread made the sweep three times slower with a 1M-row history (its
   * commits waited on the thread's copying: 256 ms each instead of 41) and the bystander's p99
   * no better, so it is opt-in (docs/performance.md). `none`: this process's API never checkpoints;
   * the background-work thread's connection does (src/background/), so no request waits on one.
   */
  walCheckpoint?: 'background' | 'inline' | 'none';
  /** SQLite only: how a statement waits for the write lock (sqlite-busy.ts); default: as the API does, 30 s. */
  busy?: SqliteBusySettings;
}

/** How long the API's statement waits for SQLite's write lock before answering 503. */
export const API_BUSY_DEADLINE_MS = 30_000;

export async function openDatabase(
  url: string = DEFAULT_DATABASE_URL,
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  const { dialect, target } = parseDatabaseUrl(url);
  if (dialect === 'postgres') {
    const poolOptions: pg.PoolConfig = {
      connectionString: target,
      max: options.poolSize ?? 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    };
    const pool = new pg.Pool(poolOptions);
    const schemaName = options.schema ?? 'public';
    // Without a schema the search path puts the tables in public.
    const db = new Kysely<Database>({ dialect: new OneSchemaPostgresDialect({ pool }, schemaName) });
    if (options.schema) await pool.query(`create schema if not exists ${options.schema}`);
    const tenantPool = new pg.Pool(poolOptions);
    const tenantHandles = new Map<string, DatabaseHandle>();
    const handle: DatabaseHandle = {
      dialect,
      schema: options.schema,
      db,
      readDb: db,
      get unscoped() {
        return handle;
      },
      forTenant(tenantId) {
        let walled = tenantHandles.get(tenantId);
        if (walled) {
          // Map order is insertion order: taking it out and putting it back marks it the most recent.
          tenantHandles.delete(tenantId);
        } else {
          const tenantDb = new Kysely<Database>({
            dialect: new OneSchemaPostgresDialect(
              {
                pool: tenantPool,
                // Declared at every reservation, not remembered per connection: the connection may have
                // served another tenant since, and a statement must never run under another's wall.
                onReserveConnection: async (connection) => {
                  await connection.executeQuery(
                    CompiledQuery.raw(`select set_config('app.tenant_id', $1, false)`, [tenantId]),
                  );
                },
              },
              schemaName,
            ),
          });
          walled = { ...handle, db: tenantDb, readDb: tenantDb, close: async () => {} };
        }
        tenantHandles.set(tenantId, walled);
        if (tenantHandles.size > KEPT_TENANT_HANDLES) tenantHandles.delete(tenantHandles.keys().next().value!);
        return walled;
      },
      async close() {
        await db.destroy();
        await tenantPool.end();
      },
    };
    return handle;
  }
  if (target !== ':memory:') mkdirSync(dirname(resolve(target)), { recursive: true });
  const writer = new SQLite(target);
  const checkpoints = target === ':memory:' ? 'inline' : (options.walCheckpoint ?? walCheckpointFromEnvironment());
  const checkpointedElsewhere = checkpoints !== 'inline';
  const busy = options.busy ?? { deadlineMs: API_BUSY_DEADLINE_MS, role: 'foreground' };
  // The checkpointer's thread opens the file once the writer has put it in WAL mode.
  configureSqlite(writer, checkpointedElsewhere);
  const checkpointer = checkpoints === 'background' ? new WalCheckpointer(resolve(target)) : undefined;
  const db = new Kysely<Database>({ dialect: new BusyWaitingSqliteDialect(writer, busy) });
  // An in-memory database exists only on its own connection, so it cannot have a second reader.
  const reader = target === ':memory:' ? writer : configureSqlite(new SQLite(target), checkpointedElsewhere);
  const readDb =
    reader === writer
      ? db
      : new Kysely<Database>({
          // A reader never waits for the write lock; it is not counted as a request waiting for it.
          dialect: new BusyWaitingSqliteDialect(reader, { deadlineMs: busy.deadlineMs, role: 'foreground' }),
        });
  // SQLite counts, per connection, commits by every other connection (data_version) and rows its own statements
  // changed (total_changes, rolled back or not): together they change whenever the reader's view may have.
  const readVersionStatement = reader
    .prepare(`select (select data_version from pragma_data_version()) || ':' || total_changes()`)
    .pluck();
  const readVersion = () => readVersionStatement.get() as string;
  const handle: DatabaseHandle = {
    dialect,
    db,
    readDb,
    readVersion,
    forTenant: () => handle,
    get unscoped() {
      return handle;
    },
    async close() {
      await checkpointer?.stop();
      if (readDb !== db) await readDb.destroy();
      await db.destroy();
    },
  };
  return handle;
}

function walCheckpointFromEnvironment(): 'background' | 'inline' {
  return process.env.SQLITE_WAL_CHECKPOINT === 'background' ? 'background' : 'inline';
}

/**
 * Kysely prepares every query it runs; the service runs the same few hundred SQL texts over and over
 * (the sweep updates row after row), so prepared statements are kept per connection, by SQL text.
 * Safe because better-sqlite3 runs each statement to completion synchronously before the next.
 */
function withStatementCache(connection: SQLite.Database, capacity = 500): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = connection.prepare.bind(connection);
  connection.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (statement) {
      // Refresh its place: the map's order is the eviction order.
      cache.delete(source);
    } else {
      statement = prepare(source);
      if (cache.size >= capacity) cache.delete(cache.keys().next().value!);
    }
    cache.set(source, statement);
    return statement;
  }) as typeof connection.prepare;
  return connection;
}

function configureSqlite(connection: SQLite.Database, checkpointedElsewhere: boolean): SQLite.Database {
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = NORMAL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('cache_size = -65536');
  // A sweep batch dirties a few thousand pages, mostly the same index pages batch after batch (new
  // rows' dates, accounts, categories). At the default of 1,000 pages every commit also checkpointed
  // (copying them into the database file and syncing it); every 20,000 pages (80 MB of WAL), a
  // checkpoint copies a page once for many batches.
  // With a background checkpointer no commit checkpoints at all: the thread copies each commit's pages
  // within about 100 ms, off the event loop.
  connection.pragma(`wal_autocheckpoint = ${checkpointedElsewhere ? 0 : 20000}`);
  // Once checkpointed, the WAL is started over; a file a large transaction grew is cut back to 64 MB
  // then, not kept at its largest.
  connection.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
  return withStatementCache(connection);
}

class InCodeMigrations implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return allMigrations(this.dialect);
  }
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  // Kysely looks for its bookkeeping tables across every schema; naming ours keeps two services in
  // two schemas of one database (tests run that way) from seeing each other's migration lock.
  const migrator = new Migrator({
    db: handle.db,
    provider: new InCodeMigrations(handle.dialect),
    ...(handle.dialect === 'postgres' ? { migrationTableSchema: handle.schema ?? 'public' } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(
      `database migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** Opens the configured database and brings its schema up to date; closes it again if migrating fails. */
export async function openMigratedDatabase(
  config: {
    databaseUrl: string;
    databaseSchema?: string;
  },
  options: Omit<OpenOptions, 'schema'> = {},
): Promise<DatabaseHandle> {
  const handle = await openDatabase(config.databaseUrl, { ...options, schema: config.databaseSchema });
  try {
    await migrateToLatest(handle);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}
