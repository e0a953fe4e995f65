import { sql, type Kysely, type Migration } from 'kysely';

/**
 * One uploaded document may hold several accounts (a checking and a savings section), each ingested
 * as its own statement period. `statement_period_id` stays the first (what older clients read);
 * `statement_period_ids` lists every period the document's ingest wrote, in the document's order, as
 * a JSON array. Null for documents ingested before, whose one period is statement_period_id.
 */
export function statementSectionsMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await sql.raw('alter table statement_documents add column statement_period_ids text').execute(db);
    },
    async down(db: Kysely<any>) {
      await sql.raw('alter table statement_documents drop column statement_period_ids').execute(db);
    },
  };
}
