import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A statement document's identity per tenant (intake/statements/uploads.ts, contentKey), so a resent
 * e-mail or a retried upload stores nothing twice. An e-mail matches a document of any status (the
 * lookup index); an upload matches one still waiting to be read, and among those the key is unique, so
 * two deliveries racing each other cannot both insert. Documents received before this migration have
 * no key (NULLs never collide) and are not matched.
 */
export function statementIdentityMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await sql.raw('alter table statement_documents add column content_key text').execute(db);
      await sql
        .raw('create index statement_documents_content_key on statement_documents (tenant_id, content_key)')
        .execute(db);
      await sql
        .raw(
          `create unique index statement_documents_content_key_waiting on statement_documents (tenant_id, content_key) where status = 'processing'`,
        )
        .execute(db);
    },
    async down(db: Kysely<any>) {
      await sql.raw('drop index if exists statement_documents_content_key_waiting').execute(db);
      await sql.raw('drop index if exists statement_documents_content_key').execute(db);
      await sql.raw('alter table statement_documents drop column content_key').execute(db);
    },
  };
}
