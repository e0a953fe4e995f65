import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { MAX_ACCOUNTS_PER_CALL } from '../../intake/bank-accounts.ts';
import { errorResponses } from '../errors.ts';
import { exactJson } from '../exact-json.ts';
import { Data, DateString, Nullable, Uuid } from '../schemas.ts';

export function bankAccountRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/bank-accounts',
    {
      ...exactJson,
      config: { scope: 'read' },
      schema: {
        summary: 'List bank accounts (not paginated)',
        querystring: Type.Object({ entityId: Type.Optional(Uuid('Defaults to the primary entity')) }),
        response: { 200: Data(Type.Array(Type.Ref('BankAccount'))), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ({ data: await request.tenant.bankAccounts.list(request.query.entityId) }),
  );

  api.post(
    '/bank-accounts',
    {
      ...exactJson,
      config: { scope: 'write' },
      schema: {
        summary: 'Create or update manual bank accounts',
        description: `Up to ${MAX_ACCOUNTS_PER_CALL} accounts of one institution. Identity is institutionName + externalId: re-posting updates the name and opening balance in place; kind and currency cannot change (409). Each account gets its own ledger account (checking and trust 1011-1049, savings 1051-1099, credit cards 2101-2199). A trust account (kind "trust") holds money that belongs to clients or property owners (a law firm's IOLTA, a property manager's owners' trust, escrow): the sweep books what comes in and goes out of it against 2000 (owed to them), never as revenue or expense, and moves between it and the business's own accounts as transfers. The opening balance is posted once against 3950; a changed one replaces the old posting by reversal; null removes it; omitted leaves it.`,
        body: Type.Object({
          institutionName: Type.String({ minLength: 1, maxLength: 200 }),
          entityId: Type.Optional(Uuid('Defaults to the primary entity')),
          accounts: Type.Array(
            Type.Object({
              externalId: Type.String({
                minLength: 1,
                maxLength: 200,
                description: "The client's identifier, referenced when pushing transactions",
              }),
              name: Type.String({ minLength: 1, maxLength: 200 }),
              kind: Type.Optional(
                Type.String({ enum: ['checking', 'savings', 'credit_card', 'trust'], default: 'checking' }),
              ),
              currency: Type.String({ description: 'ISO 4217 code' }),
              openingBalance: Type.Optional(
                Nullable(Type.Number({ description: 'For a credit card, positive = amount owed' })),
              ),
              openingBalanceDate: Type.Optional(Nullable(DateString())),
            }),
            { minItems: 1, maxItems: MAX_ACCOUNTS_PER_CALL },
          ),
        }),
        response: {
          200: Data(Type.Object({ institutionName: Type.String(), accounts: Type.Array(Type.Ref('BankAccount')) })),
          ...errorResponses(400, 403, 404, 409, 415),
        },
      },
    },
    async (request) => ({ data: await request.tenant.bankAccounts.upsert(request.body) }),
  );
}
