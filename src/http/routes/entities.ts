import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { notFound } from '../../errors.ts';
import { ENTITY_TYPES, INDUSTRIES, REGIMES, TAX_ID_TYPES } from '../../tenancy/entity-profile.ts';
import { toEntityView } from '../../tenancy/tenants.ts';
import { SALES_TAX_FREQUENCIES } from '../../tenancy/entity-profile.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../errors.ts';
import { Data, DateString, Nullable, Uuid } from '../schemas.ts';

export function entityRoutes(app: FastifyInstance, context: AppContext): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/entities',
    {
      config: { scope: 'read' },
      schema: {
        summary: 'Legal entities of the tenant, primary first',
        response: { 200: Data(Type.Array(Type.Ref('Entity'))), ...errorResponses(403) },
      },
    },
    async (request) => ({ data: (await request.tenant.entities.list()).map(toEntityView) }),
  );

  api.get(
    '/entities/:id',
    {
      config: { scope: 'read' },
      schema: {
        summary: 'One legal entity',
        params: Type.Object({ id: Uuid() }),
        response: { 200: Data(Type.Ref('Entity')), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const entity = await request.tenant.entities.find(request.params.id);
      if (!entity) throw notFound(`entity ${request.params.id}`);
      return { data: toEntityView(entity) };
    },
  );

  api.patch(
    '/entities/:id',
    {
      config: { scope: 'admin', rateClass: 'write' },
      schema: {
        summary: "Change an entity's profile (owner)",
        description:
          'Only the fields sent change; the whole profile is then validated as at creation (400 naming the field), and the obligation calendar regenerates in the same transaction (as `bookkeeping entity update`). Confirmed and filed marks are kept.',
        params: Type.Object({ id: Uuid() }),
        body: Type.Object({
          legalName: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
          entityType: Type.Optional(Type.String({ enum: [...ENTITY_TYPES] })),
          stateCode: Type.Optional(Type.String({ maxLength: 2, description: 'State of formation, e.g. DE' })),
          taxId: Type.Optional(
            Type.String({ maxLength: 20, description: 'EIN, SSN or ITIN (answers show only its last 4 characters)' }),
          ),
          taxIdType: Type.Optional(Type.String({ enum: [...TAX_ID_TYPES] })),
          regime: Type.Optional(Type.String({ enum: [...REGIMES] })),
          fiscalYearEndMonth: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
          salesTaxStates: Type.Optional(
            Type.Array(Type.String({ maxLength: 2 }), {
              maxItems: 60,
              description: 'States the entity collects sales tax in; [] for none',
            }),
          ),
          salesTaxFrequency: Type.Optional(Type.String({ enum: [...SALES_TAX_FREQUENCIES] })),
          formationDate: Type.Optional(DateString('Date of formation')),
          estimatedTaxRatePercent: Type.Optional(
            Type.Union([Type.Number({ minimum: 0, maximum: 100 }), Type.Literal('default'), Type.Null()], {
              description:
                "Estimate estimated-tax installments at this rate; 'default': the regime's rate (21 for a C corporation, else 25); null: stop estimating",
            }),
          ),
          industry: Type.Optional(Nullable(Type.String({ enum: [...INDUSTRIES], description: 'null clears it' }))),
        }),
        response: { 200: Data(Type.Ref('Entity')), ...errorResponses(400, 403, 404, 415) },
      },
    },
    async (request) => ({
      data: await request.tenant.entities.updateProfile(request.params.id, request.body, context.now()),
    }),
  );
}
