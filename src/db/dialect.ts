/**
 * The two databases the service runs on, and how a DATABASE_URL names one. A leaf: migrations and the
 * configuration read it without pulling in the drivers that db/connection.ts opens.
 */
import { PostgresAdapter } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export const DEFAULT_DATABASE_URL = 'file:./data/bookkeeping.db';

export function parseDatabaseUrl(url: string): { dialect: Dialect; target: string } {
  if (/^postgres(ql)?:\/\//.test(url)) return { dialect: 'postgres', target: url };
  if (url === ':memory:' || url === 'file::memory:') return { dialect: 'sqlite', target: ':memory:' };
  if (url.startsWith('file:')) return { dialect: 'sqlite', target: url.slice('file:'.length) };
  throw new Error(`DATABASE_URL must start with postgres://, postgresql:// or file: (got "${url.split(':')[0]}:…")`);
}

/** Whether a query builder talks to PostgreSQL (for the few queries written apart for its planner). */
export function isPostgres(db: { getExecutor(): { adapter: unknown } }): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
