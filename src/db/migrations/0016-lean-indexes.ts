import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Fewer indexes on `transactions`, each of which every inserted row pays for (issue 15):
 * - transactions_account_content (bank_account_id, content_key) served no query;
 * - transactions_account_date (bank_account_id, date) served only the rows a statement is matched
 *   against, which read as well through transactions_tenant_date (tenant, date, seq): a period's rows
 *   of one tenant, the account a filter.
 * docs/performance.md lists, per index kept, the queries that need it.
 */
export function leanIndexesMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await sql.raw('drop index if exists transactions_account_content').execute(db);
      await sql.raw('drop index if exists transactions_account_date').execute(db);
    },
    async down(db: Kysely<any>) {
      await sql.raw('create index transactions_account_date on transactions (bank_account_id, date)').execute(db);
      await sql
        .raw('create index transactions_account_content on transactions (bank_account_id, content_key)')
        .execute(db);
    },
  };
}
