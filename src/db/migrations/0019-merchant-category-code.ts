import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Bank feeds carry the card network's merchant category code (ISO 18245, four digits) beside the descriptor; the
 * categorizer reads it as a signal of the merchant's trade. Null for rows without one (statements, older pushes).
 */
export function merchantCategoryCodeMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await sql.raw('alter table transactions add column merchant_category_code text').execute(db);
    },
    async down(db: Kysely<any>) {
      await sql.raw('alter table transactions drop column merchant_category_code').execute(db);
    },
  };
}
