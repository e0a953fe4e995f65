import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../errors.ts';
import { Data, DateString, Uuid } from '../schemas.ts';

const Issue = Type.Object({
  severity: Type.String({ enum: ['critical', 'warning'] }),
  code: Type.String({
    description:
      'Stable machine-readable code, e.g. obligation.overdue, books.stale (the full list is in the service documentation)',
  }),
  message: Type.String({ description: 'What is wrong and what the owner should do about it' }),
  penalty: Type.Integer({ minimum: 0, description: "Points this finding costs before its component's cap" }),
});

const HealthScore = Type.Object(
  {
    country: Type.String(),
    entityId: Uuid(),
    booksAsOf: DateString(
      'The date the books are judged as of: the latest statement periodEnd when every bank account is statement-fed, else today',
    ),
    score: Type.Integer({
      minimum: 0,
      maximum: 100,
      description: "100 minus the components' penalties, never below 0",
    }),
    grade: Type.String({ enum: ['A', 'B', 'C', 'D', 'F'], description: 'A ≥ 90, B ≥ 80, C ≥ 70, D ≥ 60, else F' }),
    summary: Type.String({ description: 'One sentence' }),
    components: Type.Array(
      Type.Object({
        label: Type.String({
          enum: ['Entity profile', 'Obligation hygiene', 'Statements and uploads', 'Bookkeeping upkeep'],
        }),
        penalty: Type.Integer({
          minimum: 0,
          description: "Sum of its issues' penalties, capped per component (20, 40, 25, 40)",
        }),
        issues: Type.Array(Issue),
      }),
    ),
    criticalIssues: Type.Array(Issue, { description: 'Every critical issue, most costly first' }),
    warningIssues: Type.Array(Issue, { description: 'Every warning, most costly first' }),
  },
  { title: 'HealthScore' },
);

export function healthScoreRoutes(app: FastifyInstance, context: AppContext): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/health-score',
    {
      config: { scope: 'read', rateClass: 'report' },
      schema: {
        summary: 'Fiscal health score',
        description:
          'Profile completeness of the entity, obligation hygiene (overdue filings, costlier the older) and the latest document and bookkeeping detector findings, as one score with a grade and the issues behind it. Statement-fed books are judged as of their latest periodEnd. A report: it draws on the smaller report rate budget.',
        querystring: Type.Object({ entityId: Type.Optional(Uuid('Defaults to the primary entity')) }),
        response: { 200: Data(HealthScore), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ({
      data: await request.tenant.reports.healthScore({ entityId: request.query.entityId }, context.now()),
    }),
  );
}
