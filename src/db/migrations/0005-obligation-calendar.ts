import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * The entity profile learns what the obligation rules need beyond its legal form (sales tax
 * registrations, formation date, the owner's estimated-tax rate), and each obligation row keeps its
 * period bounds, its source and a note on its deadline.
 */
export function obligationCalendarMigration(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const date = pg ? 'date' : 'text';
  const real = pg ? 'double precision' : 'real';
  const columns: Array<[table: string, column: string, type: string]> = [
    ['entities', 'sales_tax_states', 'text'],
    ['entities', 'sales_tax_frequency', 'text'],
    ['entities', 'formation_date', date],
    ['entities', 'estimated_tax_rate_percent', real],
    ['obligations', 'period_start', date],
    ['obligations', 'period_end', date],
    ['obligations', 'deadline_note', 'text'],
    ['obligations', 'source', 'text'],
  ];
  return {
    async up(db: Kysely<any>) {
      for (const [table, column, type] of columns)
        await sql.raw(`alter table ${table} add column ${column} ${type}`).execute(db);
      await sql
        .raw('create index obligations_entity_deadline on obligations (tenant_id, entity_id, deadline)')
        .execute(db);
    },
    async down(db: Kysely<any>) {
      await sql.raw('drop index if exists obligations_entity_deadline').execute(db);
      for (const [table, column] of columns.reverse())
        await sql.raw(`alter table ${table} drop column ${column}`).execute(db);
    },
  };
}
