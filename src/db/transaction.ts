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

/**
 * withWriteTransaction for one tenant's work. On PostgreSQL the transaction first declares its tenant
 * (`set_config(…, true)` is SET LOCAL: it ends with the transaction), so row-level security (migration
 * 0017) hides and refuses every other tenant's rows, even to a query that forgot its tenant filter.
 */
export async function withTenantTransaction<T>(
  handle: DatabaseHandle,
  tenantId: string,
  work: (trx: Executor) => Promise<T>,
): Promise<T> {
  return withWriteTransaction(handle, async (trx) => {
    if (handle.dialect === 'postgres') await sql`select set_config('app.tenant_id', ${tenantId}, true)`.execute(trx);
    return work(trx);
  });
}
