import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from './connection.ts';
import type { Database } from './schema.ts';

export type Executor = Kysely<Database>;

/**
 * Runs `work` in one database transaction that will write. On SQLite it starts with BEGIN IMMEDIATE:
 * the write lock is taken up front, so a second process (an API server beside a worker) waits on the
 * busy timeout instead of failing to upgrade a read snapshot. On PostgreSQL it is a plain transaction.
 */
export async function withWriteTransaction<T>(handle: DatabaseHandle, work: (trx: Executor) => Promise<T>): Promise<T> {
  if (handle.dialect === 'postgres') return handle.db.transaction().execute(work);
  return handle.db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}
