import type { Migration } from 'kysely';
import type { Dialect } from '../connection.ts';
import { initialMigration } from './0001-initial.ts';
import { statementsAndObligationsMigration } from './0002-statements-obligations.ts';
import { statementIngestionMigration } from './0003-statement-ingestion.ts';

/**
 * Every migration of the service, in order. Names sort in the order they run; a new table group adds
 * one file beside this one and one line here.
 */
export function allMigrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001-initial': initialMigration(dialect),
    '0002-statements-obligations': statementsAndObligationsMigration(dialect),
    '0003-statement-ingestion': statementIngestionMigration(dialect),
  };
}
