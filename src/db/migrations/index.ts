import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { categorizationMigration } from './0004-categorization.ts';
import { healthIndexesMigration } from './0006-health-indexes.ts';
import { initialMigration } from './0001-initial.ts';
import { obligationCalendarMigration } from './0005-obligation-calendar.ts';
import { ragLlmMigration } from './0007-rag-llm.ts';
import { entityIndustryMigration } from './0008-entity-industry.ts';
import { sweepIndexesMigration } from './0009-sweep-indexes.ts';
import { sweepParkingMigration } from './0010-sweep-parking.ts';
import { statementIdentityMigration } from './0011-statement-identity.ts';
import { bankConnectionsMigration } from './0020-bank-connections.ts';
import { statementsAndObligationsMigration } from './0002-statements-obligations.ts';
import { statementIngestionMigration } from './0003-statement-ingestion.ts';
import { statementCorrectionsMigration } from './0013-statement-corrections.ts';
import { statementSectionsMigration } from './0014-statement-sections.ts';
import { leanIndexesMigration } from './0016-lean-indexes.ts';
import { merchantCategoryCodeMigration } from './0019-merchant-category-code.ts';
import { peopleMigration } from './0015-people.ts';
import { rowLevelSecurityMigration } from './0017-row-level-security.ts';
import { statementContentChunksMigration } from './0021-statement-content-chunks.ts';
import { bankAccountRowDaysMigration } from './0022-bank-account-row-days.ts';
import { dailyLineCountsMigration } from './0023-daily-line-counts.ts';

/**
 * Every migration of the service, in order. Names sort in the order they run; a new table group adds
 * one file beside this one and one line here.
 */
export function allMigrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001-initial': initialMigration(dialect),
    '0002-statements-obligations': statementsAndObligationsMigration(dialect),
    '0004-categorization': categorizationMigration(dialect),
    '0005-obligation-calendar': obligationCalendarMigration(dialect),
    '0006-health-indexes': healthIndexesMigration(),
    '0007-rag-llm': ragLlmMigration(dialect),
    '0008-entity-industry': entityIndustryMigration(),
    '0009-sweep-indexes': sweepIndexesMigration(),
    '0010-sweep-parking': sweepParkingMigration(dialect),
    '0011-statement-identity': statementIdentityMigration(),
    '0003-statement-ingestion': statementIngestionMigration(dialect),
    '0020-bank-connections': bankConnectionsMigration(dialect),
    '0013-statement-corrections': statementCorrectionsMigration(),
    '0014-statement-sections': statementSectionsMigration(),
    '0015-people': peopleMigration(dialect),
    '0016-lean-indexes': leanIndexesMigration(),
    '0017-row-level-security': rowLevelSecurityMigration(dialect),
    '0019-merchant-category-code': merchantCategoryCodeMigration(),
    '0021-statement-content-chunks': statementContentChunksMigration(dialect),
    '0022-bank-account-row-days': bankAccountRowDaysMigration(dialect),
    '0023-daily-line-counts': dailyLineCountsMigration(),
  };
}
