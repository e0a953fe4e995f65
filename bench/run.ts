/**
 * `npm run bench [-- name…]`: runs every bench/*.bench.ts (or those whose file name contains one of
 * the names) on SQLite and on PostgreSQL, and prints one line per figure with its target. Each bench
 * file's default export receives a BenchContext. BENCH_DATABASES=sqlite (or postgres) limits the
 * databases; BENCH_POSTGRES_URL overrides the PostgreSQL address.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import { openTestDatabase } from '../test/support/harness.ts';
import type { DatabaseHandle } from '../src/db/connection.ts';

export interface BenchContext {
  dialect: 'sqlite' | 'postgres';
  databaseUrl: string;
  /** A fresh, migrated database (a temporary SQLite file, or a PostgreSQL schema of its own), with its address for a service to open. */
  openDatabase(): Promise<{
    handle: DatabaseHandle;
    databaseUrl: string;
    schema: string | undefined;
    dispose(): Promise<void>;
  }>;
  /** One measured figure; `target` is the goal as text ("≥ 20,000 rows/s"), shown beside it. */
  report(name: string, value: number, unit: string, target?: string): void;
}

export type Bench = (context: BenchContext) => Promise<void>;

const here = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  .sort()
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)));
const databases = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').map((name) => name.trim());
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const rows: Array<{ database: string; bench: string; name: string; value: string; unit: string; target: string }> = [];

// Each database runs in a child process of its own with DATABASE_URL set, so the test harness (which
// the benches use to build services) and every module see one database for the whole run.
if (!process.env.BENCH_CHILD) {
  for (const database of databases) {
    if (database !== 'sqlite' && database !== 'postgres')
      throw new Error(`BENCH_DATABASES: unknown database ${database}`);
    const env: NodeJS.ProcessEnv = { ...process.env, BENCH_CHILD: database };
    if (database === 'postgres') env.DATABASE_URL = postgresUrl;
    else delete env.DATABASE_URL;
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), ...filters], {
      env,
      stdio: 'inherit',
    });
    if (child.status !== 0) process.exit(child.status ?? 1);
  }
  process.exit(0);
}

const database = process.env.BENCH_CHILD as 'sqlite' | 'postgres';
for (const file of files) {
  const bench = (await import(pathToFileURL(join(here, file)).href)).default as Bench;
  const name = file.replace(/\.bench\.ts$/, '');
  process.stderr.write(`# ${database}: ${name}\n`);
  await bench({
    dialect: database,
    databaseUrl: database === 'postgres' ? postgresUrl : 'file:(temporary)',
    openDatabase: openTestDatabase,
    report(figure, value, unit, target = '') {
      const shown = Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 2 : 1);
      rows.push({ database, bench: name, name: figure, value: shown, unit, target });
      process.stdout.write(
        `${database.padEnd(8)} ${name.padEnd(14)} ${figure.padEnd(52)} ${shown.padStart(12)} ${unit.padEnd(8)} ${target}\n`,
      );
    },
  });
}
process.stdout.write(`${database}: ${rows.length} figures measured\n`);
process.exit(0);
