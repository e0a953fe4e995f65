import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { notFound } from '../../errors.ts';
import { findEntity, listEntities } from '../../tenancy/tenancy-store.ts';
import { toEntityView } from '../../tenancy/tenants.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../errors.ts';
import { Data, Uuid } from '../schemas.ts';

export function entityRoutes(app: FastifyInstance, context: AppContext): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const db = context.handle.readDb;
  api.get('/entities', {
    config: { scope: 'read' },
    schema: { summary: 'Legal entities of the tenant, primary first', response: { 200: Data(Type.Array(Type.Ref('Entity'))), ...errorResponses(403) } },
  }, async (request) => ({ data: (await listEntities(db, request.principal.tenantId)).map(toEntityView) }));

  api.get('/entities/:id', {
    config: { scope: 'read' },
    schema: {
      summary: 'One legal entity',
      params: Type.Object({ id: Uuid() }),
      response: { 200: Data(Type.Ref('Entity')), ...errorResponses(400, 403, 404) },
    },
  }, async (request) => {
    const entity = await findEntity(db, request.principal.tenantId, request.params.id);
    if (!entity) throw notFound(`entity ${request.params.id}`);
    return { data: toEntityView(entity) };
  });
}
