import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { todayUtc } from '../../shared/dates.ts';
import { trialBalanceCsv } from '../../reports/csv.ts';
import { jsonOrCsv, sendCsv } from '../csv-answer.ts';
import { errorResponses } from '../errors.ts';
import { exactJson } from '../exact-json.ts';
import { Data, DateString, Uuid } from '../schemas.ts';

export function reportRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/reports/trial-balance',
    {
      ...exactJson,
      config: { scope: 'read', rateClass: 'report', csv: true },
      schema: {
        summary: 'Trial balance',
        description:
          'Cumulative debits and credits of every active account through asOf (inclusive). A report: it draws on the smaller report rate budget. Totals are exact: one past 15 significant digits is written as a JSON number with every digit.',
        querystring: Type.Object({
          asOf: Type.Optional(DateString('Balance cutoff, inclusive; optional, default today (UTC)')),
          entityId: Type.Optional(Uuid('Defaults to the primary entity')),
          currency: Type.Optional(
            Type.String({
              description:
                "Lines in this currency only; default the entity's base currency (no conversion between currencies)",
            }),
          ),
        }),
        response: {
          200: jsonOrCsv(
            Data(Type.Ref('TrialBalance')),
            'accountNumber,name,category,debit,credit,balance; the last row (accountNumber empty) is the totals',
          ),
          ...errorResponses(400, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const report = await request.tenant.reports.trialBalance({
        asOf: request.query.asOf ?? todayUtc(),
        entityId: request.query.entityId,
        currency: request.query.currency,
      });
      return request.answerAs === 'text/csv'
        ? sendCsv(reply, trialBalanceCsv(report), `trial-balance-${report.asOf}`)
        : { data: report };
    },
  );
}
