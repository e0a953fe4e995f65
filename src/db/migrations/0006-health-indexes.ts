import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The health score's questions of the transactions, answered from an index alone: how many rows an
 * account has, how old its newest row is, and how many still need review past a cutoff date.
 */
export function healthIndexesMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await sql
        .raw(
          'create index transactions_account_review on transactions (tenant_id, bank_account_id, needs_review, date)',
        )
        .execute(db);
    },
    async down(db: Kysely<any>) {
      await sql.raw('drop index if exists transactions_account_review').execute(db);
    },
  };
}
