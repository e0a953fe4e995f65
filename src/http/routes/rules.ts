import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { MAX_RULE_CHANGES, RULE_SCOPES, type RuleScope } from '../../sweep/apply-rule.ts';
import { MAX_PATTERN_LENGTH } from '../../sweep/categorize/rule-pattern.ts';
import {
  DEFAULT_RULE_PRIORITY,
  MAX_RULE_PRIORITY,
  MAX_RULES_PER_TENANT,
  type RuleInput,
} from '../../sweep/categorize/tenant-rules.ts';
import type { AppContext } from '../context.ts';
import { invalid } from '../../errors.ts';
import { errorResponses } from '../errors.ts';
import { CurrencyCode, Data, Nullable, Uuid } from '../schemas.ts';

export const Rule = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    pattern: Type.String({
      description:
        'Case-insensitive substring of the descriptor, the merchant or the cleaned descriptor; `*` matches any run of characters',
    }),
    direction: Nullable(Type.String({ enum: ['in', 'out'], description: 'Only rows of this direction; null: both' })),
    minAmount: Nullable(Type.Number({ description: "Lower bound (inclusive) of the row's magnitude, in `currency`" })),
    maxAmount: Nullable(Type.Number({ description: "Upper bound (inclusive) of the row's magnitude, in `currency`" })),
    currency: Nullable(CurrencyCode),
    category: Type.String({
      description: 'Ledger account number rows are filed under, or "transfer" (booked through 1900)',
    }),
    priority: Type.Integer({ description: 'Higher wins; ties go to the longer pattern, then the older rule' }),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'Rule', title: 'Rule' },
);

const RuleApplication = Type.Object({
  dryRun: Type.Boolean({ description: 'true: nothing was stored or booked; `changes` lists what would change' }),
  changes: Type.Array(
    Type.Object({
      transactionId: Type.String({ format: 'uuid' }),
      date: Type.String({ format: 'date' }),
      description: Type.String(),
      amount: Type.Number({ description: 'Signed as the row: positive is money out' }),
      currency: CurrencyCode,
      from: Type.String({ description: 'The category the row had: an account number or "transfer"' }),
      to: Type.String({ description: "The rule's category" }),
    }),
    { description: 'The rows filed again (or that would be), oldest first' },
  ),
});

export function ruleRoutes(app: FastifyInstance, context: AppContext): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/rules',
    {
      config: { scope: 'read' },
      schema: {
        summary: "List the tenant's categorization rules (not paginated), best first",
        response: { 200: Data(Type.Array(Type.Ref('Rule'))), ...errorResponses(403) },
      },
    },
    async (request) => ({ data: await request.tenant.rules.list() }),
  );

  api.post(
    '/rules',
    {
      config: { scope: 'write' },
      schema: {
        summary: 'Add a categorization rule, and optionally apply it to rows already booked',
        description: `Tenant rules outrank every built-in tier and the merchant memory. They apply to rows the sweep categorizes from now on; rows already categorized keep their category unless \`applyTo\` names which of them the rule files again: \`uncategorized\` (rows on the catch-all accounts), \`needsReview\` (rows awaiting review) or \`all\`. Rows a human categorized are never changed. Each change is a reversal of the row's entry and a new entry, as with PATCH /transactions/{id}. With \`dryRun: true\` nothing is stored or booked and the answer (200) lists the rows that would change. At most ${MAX_RULE_CHANGES} rows per request (409 beyond) and ${MAX_RULES_PER_TENANT} rules per tenant (409 beyond).`,
        body: Type.Object({
          pattern: Type.String({
            minLength: 1,
            maxLength: MAX_PATTERN_LENGTH,
            description:
              'Case-insensitive substring; `*` matches any run of characters; no other special characters. At least 2 characters other than `*` and spaces.',
            examples: ['GUSTO*NET PAY'],
          }),
          direction: Type.Optional(Nullable(Type.String({ enum: ['in', 'out'] }))),
          minAmount: Type.Optional(
            Nullable(
              Type.Number({
                minimum: 0,
                description: "Inclusive lower bound of the row's magnitude (JSON number, major units)",
              }),
            ),
          ),
          maxAmount: Type.Optional(
            Nullable(Type.Number({ minimum: 0, description: "Inclusive upper bound of the row's magnitude" })),
          ),
          currency: Type.Optional(
            Nullable(
              Type.String({
                description:
                  "Currency of the bounds; default the primary entity's base currency. Rows in another currency never match a rule with bounds.",
              }),
            ),
          ),
          category: Type.String({
            minLength: 1,
            maxLength: 20,
            description: 'A ledger account number from GET /accounts (not a bank or card account), or "transfer"',
          }),
          priority: Type.Optional(
            Type.Integer({ minimum: 0, maximum: MAX_RULE_PRIORITY, default: DEFAULT_RULE_PRIORITY }),
          ),
          applyTo: Type.Optional(
            Type.String({
              enum: [...RULE_SCOPES],
              description: 'Also file again the booked rows of this scope that the rule matches',
            }),
          ),
          dryRun: Type.Optional(
            Type.Boolean({
              default: false,
              description: 'With applyTo: store and book nothing; list the rows that would change',
            }),
          ),
        }),
        response: {
          200: Type.Object(
            { data: Type.Ref('Rule'), applied: RuleApplication },
            { description: 'Dry run: the rule as it would be stored (it is not) and the rows that would change' },
          ),
          201: Type.Object({ data: Type.Ref('Rule'), applied: Type.Optional(RuleApplication) }),
          ...errorResponses(400, 403, 409, 415),
        },
      },
    },
    async (request, reply) => {
      const { applyTo, dryRun, ...input } = request.body as RuleInput & { applyTo?: RuleScope; dryRun?: boolean };
      if (!applyTo) {
        if (dryRun) throw invalid('dryRun: only meaningful with applyTo');
        const rule = await request.tenant.rules.create(input);
        return reply.status(201).send({ data: rule });
      }
      const applied = await request.tenant.rules.createAndApply(input, applyTo, {
        dryRun: dryRun ?? false,
        reviewThreshold: context.config.reviewThreshold,
      });
      return reply
        .status(applied.dryRun ? 200 : 201)
        .send({ data: applied.rule, applied: { dryRun: applied.dryRun, changes: applied.changes } });
    },
  );

  api.delete(
    '/rules/:id',
    {
      config: { scope: 'write' },
      schema: {
        summary: 'Delete a categorization rule',
        description: 'Rows the rule already categorized keep their category.',
        params: Type.Object({ id: Uuid() }),
        response: { 200: Data(Type.Ref('Rule')), ...errorResponses(403, 404) },
      },
    },
    async (request) => {
      return { data: await request.tenant.rules.remove(request.params.id) };
    },
  );
}
