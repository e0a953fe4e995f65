import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { listAccounts } from '../../chart/accounts-store.ts';
import { resolveEntity } from '../../tenancy/tenants.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../errors.ts';
import { Data, Uuid } from '../schemas.ts';

export function accountRoutes(app: FastifyInstance, context: AppContext): void {
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
      const entity = await resolveEntity(context.handle, request.principal.tenantId, request.query.entityId);
      return { data: await listAccounts(context.handle.readDb, request.principal.tenantId, entity.id) };
    },
  );
}
