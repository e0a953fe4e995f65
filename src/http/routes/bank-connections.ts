import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { DomainError, invalid } from '../../errors.ts';
import { domainErrorOf, PROVIDERS } from '../../intake/feeds/connections.ts';
import * as store from '../../intake/feeds/connections-store.ts';
import { WebhookVerificationError } from '../../intake/feeds/plaid-webhook.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../errors.ts';
import { exactJson } from '../exact-json.ts';
import { Data, Uuid } from '../schemas.ts';

const SECRET_FIELD = { minLength: 1, maxLength: 4096 };

export function bankConnectionRoutes(app: FastifyInstance, context: AppContext): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { handle } = context;
  const feeds = () => context.feeds();

  api.post(
    '/bank-connections',
    {
      ...exactJson,
      config: { scope: 'write' },
      schema: {
        summary: 'Connect a bank feed',
        description:
          "Redeems a SimpleFIN Bridge setup token (claimed once for an access URL) or a Plaid Link public token (exchanged for an access token). The secret it yields is stored encrypted (AES-256-GCM) and never returned. Each account of the login is matched to an existing bank account of the same institution whose number ends in the provider's mask, or created; the first sync is queued at once and later ones run at least daily. 502 `provider_unavailable` when the provider is down or limits the rate; 400 when it refuses the token.",
        body: Type.Object({
          provider: Type.String({ enum: [...PROVIDERS] }),
          setupToken: Type.Optional(
            Type.String({ ...SECRET_FIELD, description: 'simplefin: the setup token (base64 of the claim URL)' }),
          ),
          publicToken: Type.Optional(
            Type.String({ ...SECRET_FIELD, description: 'plaid: the public_token Link returned' }),
          ),
          entityId: Type.Optional(Uuid('Defaults to the primary entity')),
        }),
        response: { 201: Data(Type.Ref('BankConnection')), ...errorResponses(400, 403, 404, 409, 415, 502) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return { data: await request.tenant.connections.create(request.body, context.now()) };
    },
  );

  api.post(
    '/bank-connections/plaid/link-token',
    {
      ...exactJson,
      config: { scope: 'write' },
      schema: {
        summary: 'Create a Plaid Link token',
        description:
          'The token a front end opens Plaid Link with; Link answers a public token for POST /bank-connections.',
        response: {
          200: Data(Type.Object({ linkToken: Type.String(), expiration: Type.String() })),
          ...errorResponses(400, 403, 502),
        },
      },
    },
    async (request) => {
      const plaid = feeds().providers.plaid;
      if (!plaid) throw invalid('provider: plaid is not configured on this service (PLAID_CLIENT_ID, PLAID_SECRET)');
      try {
        // Plaid keys its Link sessions by a user id of ours: the tenant's.
        return { data: await plaid.linkToken(request.tenant.tenantId) };
      } catch (error) {
        throw domainErrorOf(error);
      }
    },
  );

  api.get(
    '/bank-connections',
    {
      ...exactJson,
      config: { scope: 'read' },
      schema: {
        summary: 'List bank connections (not paginated)',
        response: { 200: Data(Type.Array(Type.Ref('BankConnection'))), ...errorResponses(400, 403) },
      },
    },
    async (request) => ({ data: await request.tenant.connections.list() }),
  );

  api.get(
    '/bank-connections/:id',
    {
      ...exactJson,
      config: { scope: 'read' },
      schema: {
        summary: 'One bank connection, with its status and sync progress',
        params: Type.Object({ id: Uuid() }),
        response: { 200: Data(Type.Ref('BankConnection')), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ({ data: await request.tenant.connections.find(request.params.id) }),
  );

  api.post(
    '/bank-connections/:id/sync',
    {
      ...exactJson,
      config: { scope: 'write' },
      schema: {
        summary: 'Sync a connection now',
        description:
          'The connection falls due at once and a worker syncs it in the background (202); follow `progress`, `lastSyncedAt` and `status` on GET /bank-connections/{id}.',
        params: Type.Object({ id: Uuid() }),
        response: { 202: Data(Type.Ref('BankConnection')), ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.status(202);
      return { data: await request.tenant.connections.requestSync(request.params.id, context.now()) };
    },
  );

  api.delete(
    '/bank-connections/:id',
    {
      config: { scope: 'write' },
      schema: {
        summary: 'Disconnect a bank feed',
        description:
          'The connection and its stored secret are deleted; its bank accounts and every row it brought stay in the books.',
        params: Type.Object({ id: Uuid() }),
        response: {
          200: Data(Type.Object({ id: Type.String(), removed: Type.Boolean() })),
          ...errorResponses(400, 403, 404),
        },
      },
    },
    async (request) => {
      await request.tenant.connections.remove(request.params.id);
      return { data: { id: request.params.id, removed: true } };
    },
  );

  // Plaid calls this without an API key: the signed JWT of its Plaid-Verification header is the
  // authentication, checked against the exact bytes received, so the body is kept raw here.
  app.register(async (scoped) => {
    scoped.removeAllContentTypeParsers();
    scoped.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, body),
    );
    scoped.withTypeProvider<TypeBoxTypeProvider>().post(
      '/webhooks/plaid',
      {
        schema: {
          summary: 'Plaid webhook (SYNC_UPDATES_AVAILABLE, ITEM errors)',
          description:
            "Public: authenticated by the ES256 JWT in the Plaid-Verification header (key from Plaid's /webhook_verification_key/get, issued within five minutes, request_body_sha256 matching the body). SYNC_UPDATES_AVAILABLE makes the item's connections due at once; ITEM_LOGIN_REQUIRED (webhook_code ERROR or PENDING_EXPIRATION) marks them needs_reauth.",
          security: [],
          response: {
            200: Data(Type.Object({ received: Type.Boolean(), connections: Type.Integer() })),
            ...errorResponses(400),
          },
        },
      },
      async (request) => {
        const verifier = feeds().webhookVerifier;
        if (!verifier) throw invalid('plaid is not configured on this service');
        const raw = request.body as Buffer;
        if (!Buffer.isBuffer(raw)) throw invalid('body: a JSON webhook body is required');
        try {
          await verifier.verify(request.headers['plaid-verification'] as string | undefined, raw);
        } catch (error) {
          if (error instanceof WebhookVerificationError) throw new DomainError('unauthorized', error.message);
          throw error;
        }
        let body: {
          webhook_type?: string;
          webhook_code?: string;
          item_id?: string;
          error?: { error_code?: string } | null;
        };
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          throw invalid('body: not JSON');
        }
        if (!body.item_id) return { data: { received: true, connections: 0 } };
        const connections = await store.findConnectionsByItemId(handle.db, 'plaid', body.item_id);
        const now = context.now().toISOString();
        const loginRequired =
          body.webhook_type === 'ITEM' &&
          (body.webhook_code === 'PENDING_EXPIRATION' ||
            (body.webhook_code === 'ERROR' && body.error?.error_code === 'ITEM_LOGIN_REQUIRED'));
        for (const connection of connections) {
          if (loginRequired) {
            await store.updateConnection(handle.db, connection.tenant_id, connection.id, {
              status: 'needs_reauth',
              status_reason: `Plaid ${body.webhook_code}: the bank login must be renewed through Link (update mode)`,
              updated_at: now,
            });
          } else if (
            body.webhook_type === 'TRANSACTIONS' &&
            (body.webhook_code === 'SYNC_UPDATES_AVAILABLE' ||
              body.webhook_code === 'DEFAULT_UPDATE' ||
              body.webhook_code === 'INITIAL_UPDATE' ||
              body.webhook_code === 'HISTORICAL_UPDATE')
          ) {
            await store.updateConnection(handle.db, connection.tenant_id, connection.id, {
              next_sync_at: now,
              updated_at: now,
            });
          }
        }
        if (connections.length > 0 && !loginRequired) feeds().onSyncRequested?.();
        return { data: { received: true, connections: connections.length } };
      },
    );
  });
}
