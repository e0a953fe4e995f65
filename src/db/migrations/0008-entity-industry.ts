import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The entity's line of business, as the owner states it: the categorizer files purchases whose use
 * depends on the trade by it (building supplies are cost of goods for a plumber, supplies for a design
 * studio). Nullable: entities created before keep categorizing as they did.
 */
export function entityIndustryMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await sql.raw('alter table entities add column industry text').execute(db);
    },
    async down(db: Kysely<any>) {
      await sql.raw('alter table entities drop column industry').execute(db);
    },
  };
}
