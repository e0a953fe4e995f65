import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Parked rows: a row the sweep could not process on its own (its batch failed, and it failed again
 * alone) leaves the queue with sweep_state 'failed', the error and when it happened, so it never
 * blocks the rest of its tenant's rows and a human can see it, correct it or remove it. The partial
 * index serves GET /transactions?sweepState=failed and stays as small as the failures are few.
 */
export function sweepParkingMigration(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<any>) {
      await sql.raw('alter table transactions add column sweep_error text').execute(db);
      await sql.raw(`alter table transactions add column sweep_failed_at ${timestamp}`).execute(db);
      await sql
        .raw(
          `create index transactions_sweep_failed on transactions (tenant_id, date, seq) where sweep_state = 'failed'`,
        )
        .execute(db);
    },
    async down(db: Kysely<any>) {
      await sql.raw('drop index if exists transactions_sweep_failed').execute(db);
      await sql.raw('alter table transactions drop column sweep_failed_at').execute(db);
      await sql.raw('alter table transactions drop column sweep_error').execute(db);
    },
  };
}
