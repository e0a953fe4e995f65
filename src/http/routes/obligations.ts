import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { parseStatuses } from '../../compliance/obligations.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../errors.ts';
import { Data, DateString, Limit, Offset, Pagination, Uuid } from '../schemas.ts';

export function obligationRoutes(app: FastifyInstance, context: AppContext): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/obligations',
    {
      config: { scope: 'read' },
      schema: {
        summary: 'Obligation calendar',
        description:
          "The obligations the rules establish for the entity (its profile and its books): every filing, fee and payment due in the current and the next calendar year, plus older rows kept as history (filed, or overdue and never filed). Deadline ascending. Regenerated on read, so profile and book changes show at once; the owner's confirmed and filed marks are never lost.",
        querystring: Type.Object({
          status: Type.Optional(
            Type.String({
              maxLength: 200,
              description: 'Comma-separated list from upcoming, payment_pending, confirmed, filed',
            }),
          ),
          from: Type.Optional(DateString('Only obligations with deadline on or after this date')),
          limit: Limit(500, 100),
          offset: Offset,
          entityId: Type.Optional(Uuid('Defaults to the primary entity')),
        }),
        response: {
          200: Type.Object({ data: Type.Array(Type.Ref('Obligation')), meta: Type.Object({ pagination: Pagination }) }),
          ...errorResponses(400, 403, 404),
        },
      },
    },
    async (request) => {
      const { obligations, nextOffset } = await request.tenant.obligations.calendar(
        {
          entityId: request.query.entityId,
          statuses: parseStatuses(request.query.status),
          from: request.query.from,
          limit: request.query.limit,
          offset: request.query.offset,
        },
        context.now(),
      );
      return {
        data: obligations,
        meta: { pagination: { limit: request.query.limit, offset: request.query.offset, nextOffset } },
      };
    },
  );

  for (const [action, summary, description] of [
    [
      'confirm',
      'Confirm an obligation applies',
      'upcoming or payment_pending → confirmed (as `bookkeeping obligation confirm`); a confirmed one stays as it is; 409 for a filed one.',
    ],
    [
      'file',
      'Mark an obligation filed (and paid)',
      "Any status → filed (as `bookkeeping obligation file`); a filed one stays as it is. Filing an extension moves its return's deadline at once.",
    ],
  ] as const) {
    api.post(
      `/obligations/:id/${action}`,
      {
        config: { scope: 'write' },
        schema: {
          summary,
          description,
          params: Type.Object({ id: Uuid() }),
          response: { 200: Data(Type.Ref('Obligation')), ...errorResponses(400, 403, 404, 409) },
        },
      },
      async (request) => {
        return { data: await request.tenant.obligations[action](request.params.id, context.now()) };
      },
    );
  }
}
