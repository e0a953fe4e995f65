import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { accountRoutes } from './accounts.ts';
import { bankAccountRoutes } from './bank-accounts.ts';
import { entityRoutes } from './entities.ts';
import { financialReportRoutes } from './financial-reports.ts';
import { healthScoreRoutes } from './health-score.ts';
import { journalRoutes } from './journal.ts';
import { obligationRoutes } from './obligations.ts';
import { reportRoutes } from './reports.ts';
import { ruleRoutes } from './rules.ts';
import { transactionRoutes } from './transactions.ts';
import { bankStatementRoutes } from './bank-statements.ts';
import { peopleRoutes } from './people.ts';
import { bankConnectionRoutes } from './bank-connections.ts';

export function registerRoutes(app: FastifyInstance, context: AppContext): void {
  transactionRoutes(app, context);
  bankAccountRoutes(app);
  accountRoutes(app);
  journalRoutes(app);
  reportRoutes(app);
  entityRoutes(app, context);
  financialReportRoutes(app);
  healthScoreRoutes(app, context);
  obligationRoutes(app, context);
  ruleRoutes(app, context);
  bankStatementRoutes(app, context);
  peopleRoutes(app, context);
  bankConnectionRoutes(app, context);
}
