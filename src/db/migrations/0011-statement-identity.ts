import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A statement document's identity per tenant (intake/statements/uploads.ts, contentKey): the same
 * bytes read the same way are one document, so a resent e-mail or a repeated upload stores nothing
 * twice. Unique, so two deliveries racing each other cannot both insert; documents received before
 * this migration have none (NULLs never collide) and are not matched.
 */
export function statementIdentityMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await sql.raw('alter table statement_documents add column content_key text').execute(db);
      await sql.raw('create unique index statement_documents_content_key on statement_documents (tenant_id, content_key)').execute(db);
    },
    async down(db: Kysely<any>) {
      await sql.raw('drop index if exists statement_documents_content_key').execute(db);
      await sql.raw('alter table statement_documents drop column content_key').execute(db);
    },
  };
}
