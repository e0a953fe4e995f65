import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { errorResponses } from '../errors.ts';
import { Data, Uuid } from '../schemas.ts';

export function accountRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/accounts',
    {
      config: { scope: 'read' },
      schema: {
        summary: 'Chart of accounts (not paginated)',
        querystring: Type.Object({ entityId: Type.Optional(Uuid('Defaults to the primary entity')) }),
        response: { 200: Data(Type.Array(Type.Ref('Account'))), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const entity = await request.tenant.entities.resolve(request.query.entityId);
      return { data: await request.tenant.chart.list(entity.id) };
    },
  );
}
