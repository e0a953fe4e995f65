import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The digits the completeness gate corrected in an ingested OCR reading (JSON text, a list of
 * {line, field, read, corrected}); null for documents ingested before, and for every document the
 * gate took as read.
 */
export function statementCorrectionsMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await sql.raw('alter table statement_documents add column corrections text').execute(db);
    },
    async down(db: Kysely<any>) {
      await sql.raw('alter table statement_documents drop column corrections').execute(db);
    },
  };
}
