import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { MAX_PATTERN_LENGTH } from '../../sweep/categorize/rule-pattern.ts';
import { createTenantRule, DEFAULT_RULE_PRIORITY, deleteTenantRule, listTenantRules, MAX_RULE_PRIORITY, MAX_RULES_PER_TENANT } from '../../sweep/categorize/tenant-rules.ts';
import type { AppContext } from '../app.ts';
import { errorResponses } from '../errors.ts';
import { CurrencyCode, Data, Nullable, Uuid } from '../schemas.ts';

export const Rule = Type.Object({
  id: Type.String({ format: 'uuid' }),
  pattern: Type.String({ description: 'Case-insensitive substring of the descriptor, the merchant or the cleaned descriptor; `*` matches any run of characters' }),
  direction: Nullable(Type.String({ enum: ['in', 'out'], description: 'Only rows of this direction; null: both' })),
  minAmount: Nullable(Type.Number({ description: "Lower bound (inclusive) of the row's magnitude, in `currency`" })),
  maxAmount: Nullable(Type.Number({ description: "Upper bound (inclusive) of the row's magnitude, in `currency`" })),
  currency: Nullable(CurrencyCode),
  category: Type.String({ description: 'Ledger account number rows are filed under, or "transfer" (booked through 1900)' }),
  priority: Type.Integer({ description: 'Higher wins; ties go to the longer pattern, then the older rule' }),
  createdAt: Type.String({ format: 'date-time' }),
}, { $id: 'Rule', title: 'Rule' });

export function ruleRoutes(app: FastifyInstance, context: AppContext): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { handle } = context;

  api.get('/rules', {
    config: { scope: 'read' },
    schema: {
      summary: "List the tenant's categorization rules (not paginated), best first",
      response: { 200: Data(Type.Array(Type.Ref('Rule'))), ...errorResponses(403) },
    },
  }, async (request) => ({ data: await listTenantRules(handle, request.principal.tenantId) }));

  api.post('/rules', {
    config: { scope: 'write' },
    schema: {
      summary: 'Add a categorization rule',
      description: `Tenant rules outrank every built-in tier and the merchant memory. They apply to rows the sweep categorizes from now on; rows already categorized keep their category. At most ${MAX_RULES_PER_TENANT} rules per tenant (409 beyond).`,
      body: Type.Object({
        pattern: Type.String({ minLength: 1, maxLength: MAX_PATTERN_LENGTH, description: 'Case-insensitive substring; `*` matches any run of characters; no other special characters. At least 2 characters other than `*` and spaces.', examples: ['GUSTO*NET PAY'] }),
        direction: Type.Optional(Nullable(Type.String({ enum: ['in', 'out'] }))),
        minAmount: Type.Optional(Nullable(Type.Number({ minimum: 0, description: "Inclusive lower bound of the row's magnitude (JSON number, major units)" }))),
        maxAmount: Type.Optional(Nullable(Type.Number({ minimum: 0, description: "Inclusive upper bound of the row's magnitude" }))),
        currency: Type.Optional(Nullable(Type.String({ description: "Currency of the bounds; default the primary entity's base currency. Rows in another currency never match a rule with bounds." }))),
        category: Type.String({ minLength: 1, maxLength: 20, description: 'A ledger account number from GET /accounts (not a bank or card account), or "transfer"' }),
        priority: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_RULE_PRIORITY, default: DEFAULT_RULE_PRIORITY })),
      }),
      response: { 201: Data(Type.Ref('Rule')), ...errorResponses(400, 403, 409, 415) },
    },
  }, async (request, reply) => {
    const rule = await createTenantRule(handle, request.principal.tenantId, request.body as Parameters<typeof createTenantRule>[2]);
    return reply.status(201).send({ data: rule });
  });

  api.delete('/rules/:id', {
    config: { scope: 'write' },
    schema: {
      summary: 'Delete a categorization rule',
      description: 'Rows the rule already categorized keep their category.',
      params: Type.Object({ id: Uuid() }),
      response: { 200: Data(Type.Ref('Rule')), ...errorResponses(403, 404) },
    },
  }, async (request) => ({ data: await deleteTenantRule(handle, request.principal.tenantId, request.params.id) }));
}
