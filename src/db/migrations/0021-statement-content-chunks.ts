import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { wallTenantTable } from './0017-row-level-security.ts';

/** Tenant tables created after migration 0017, walled the same way (row-level-security.test.ts checks them all). */
export const CONTENT_CHUNK_TABLES: ReadonlyArray<readonly [table: string, tenantColumn: string]> = [
  ['statement_document_chunks', 'tenant_id'],
];

/**
 * A statement document's bytes move out of its row into chunks of their own (intake/statements/uploads.ts).
 * In the row, a 20 MB file sat before the status columns: SQLite reads a record's columns in order,
 * so every look at a document's status walked its 20 MB of overflow pages (about 150 ms for each
 * poll of GET /bank-statements/{id}), and storing it was one statement of 20 MB on the API's event loop.
 * Chunks are written one statement each, with the event loop turning between them.
 */
export function statementContentChunksMigration(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const bytes = pg ? 'bytea' : 'blob';
  const timestamp = pg ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<any>) {
      await sql
        .raw(
          `create table statement_document_chunks (
             document_id text not null,
             seq integer not null,
             tenant_id text not null references tenants(id),
             bytes ${bytes} not null,
             created_at ${timestamp} not null,
             primary key (document_id, seq))`,
        )
        .execute(db);
      await sql
        .raw(
          `insert into statement_document_chunks (document_id, seq, tenant_id, bytes, created_at)
           select id, 0, tenant_id, content, created_at from statement_documents`,
        )
        .execute(db);
      await sql.raw('alter table statement_documents drop column content').execute(db);
      if (pg) for (const [table, column] of CONTENT_CHUNK_TABLES) await wallTenantTable(db, table, column);
    },
    async down(db: Kysely<any>) {
      await sql.raw(`alter table statement_documents add column content ${bytes}`).execute(db);
      await sql.raw('drop table statement_document_chunks').execute(db);
    },
  };
}
