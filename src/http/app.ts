import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from '../config/config.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { authenticate, type Principal, type Scope } from '../tenancy/api-keys.ts';
import { DATE_RANGE_TEXT, isAcceptedDate } from '../shared/dates.ts';
import { findControlCharacter } from '../shared/text.ts';
import { handleClientError, handleError, handleFrameworkError, MAX_URL_LENGTH, sendError } from './errors.ts';
import { rateLimiterFor, type RateLimiter } from './rate-limit.ts';
import { registerRoutes } from './routes/index.ts';
import { Rule } from './routes/rules.ts';
import { Account, BankAccount, Entity, ErrorBody, JournalEntry, JournalLine, Obligation, Transaction, TransactionCategory, TrialBalance } from './schemas.ts';
import { BankConnection, StatementPeriod, StatementUploadStatus } from './schemas.ts';
import { feedRuntime, type FeedRuntime } from '../intake/feeds/services.ts';

export type RateClass = 'read' | 'write' | 'report';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Scope the route needs; routes without one are public. */
    scope?: Scope;
    rateClass?: RateClass;
  }
  interface FastifyRequest {
    principal: Principal;
  }
  interface FastifyInstance {
    /** "METHOD /path" of every /v1 route, relative to /v1, as served (the contract must list them all). */
    servedRoutes: string[];
  }
}

export const BODY_LIMIT_BYTES = 5 * 1024 * 1024;

export interface AppContext {
  handle: DatabaseHandle;
  config: Config;
  /** Called after rows arrive so an in-process sweep starts at once. */
  onRowsArrived: () => void;
  /** The clock date-relative answers (obligation statuses, overdue days) are computed with; injectable for tests. */
  now: () => Date;
  /** Bank-feed providers, secrets and webhook verifier; made on first use (the key file is created then). */
  feeds: () => FeedRuntime;
}

export interface AppOptions {
  handle: DatabaseHandle;
  config: Config;
  /** A pino logger; without one the app logs nothing (tests). */
  logger?: FastifyBaseLogger;
  rateLimiter?: RateLimiter;
  onRowsArrived?: () => void;
  now?: () => Date;
  feeds?: FeedRuntime;
  /** Called when a connection falls due at once (created, sync requested, webhook), so an in-process feed worker starts. */
  onSyncRequested?: () => void;
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/**
 * Bodies are validated strictly (a string is not silently turned into an amount); query strings and
 * path parameters arrive as text, so there types are coerced and defaults filled in.
 */
function buildValidators() {
  const strict = addFormats(new Ajv({ strict: false, allErrors: false, coerceTypes: false, useDefaults: true }));
  const coercing = addFormats(new Ajv({ strict: false, allErrors: false, coerceTypes: true, useDefaults: true }));
  for (const ajv of [strict, coercing]) {
    ajv.addSchema(ErrorBody as object, 'Error');
    // Every date the API takes is checked by the service's one date rule (calendar date and range).
    ajv.addFormat('date', isAcceptedDate);
  }
  return { strict, coercing };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { handle, config } = options;
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    bodyLimit: BODY_LIMIT_BYTES,
    // Fastify's own two lines per request are replaced by the single line of the onResponse hook.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: false,
    // Path ids are judged by their shape (400), however long; only a URL past MAX_URL_LENGTH is 414.
    routerOptions: { maxParamLength: MAX_URL_LENGTH },
    frameworkErrors: handleFrameworkError,
    clientErrorHandler: handleClientError,
  }).withTypeProvider<TypeBoxTypeProvider>();

  const validators = buildValidators();
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? validators.strict : validators.coercing).compile(schema as object));
  // Bodies are JSON (statement upload will add multipart); a text body is a 415, not a confusing 400.
  app.removeContentTypeParser('text/plain');
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((request, reply) => sendError(reply, 'not_found', `no route ${request.method} ${request.url.split('?')[0]}`));

  for (const schema of [ErrorBody, TransactionCategory, Transaction, BankAccount, Account, JournalLine, JournalEntry, TrialBalance, Entity, Obligation, Rule]) {
    app.addSchema(schema);
  }
  for (const schema of [StatementPeriod, StatementUploadStatus, BankConnection]) app.addSchema(schema);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Bookkeeping Service API',
        version: '1.0.0',
        description: `Programmatic access to one business's books. Every request carries \`Authorization: Bearer <API key>\`; the key decides the tenant. Successful responses are \`{ data }\` (lists that paginate add \`meta.pagination\`); errors are \`{ error, reason }\`. Amounts are JSON numbers in the row's currency; positive = money out. Input domain: dates ${DATE_RANGE_TEXT}; no control character (U+0000-U+001F, U+007F) in any path or query parameter, nor in any body string except tab and line breaks (400 naming the field); ids are UUIDs (a malformed id is 400, an unknown one 404). A URL over 8 KiB is 414 \`uri_too_long\`, a request line and headers over 16 KB 431 \`headers_too_large\`.`,
      },
      servers: [{ url: '/v1' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'API key created with `bookkeeping key create`' } } },
      security: [{ bearer: [] }],
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, index) => String(json.$id ?? `def-${index}`) },
  });

  const servedRoutes: string[] = [];
  app.decorate('servedRoutes', servedRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/v1/')) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') servedRoutes.push(`${method} ${route.url.slice('/v1'.length).replace(/:(\w+)/g, '{$1}')}`);
  });

  let storeErrorLoggedAtMs = -Infinity;
  const ownLimiter = options.rateLimiter ? undefined : await rateLimiterFor(handle, { store: config.rateLimitStore, redisUrl: config.redisUrl }, (error) => {
    // At most one line a minute while the shared store is away (every request would report it).
    if (Date.now() - storeErrorLoggedAtMs < 60_000) return;
    storeErrorLoggedAtMs = Date.now();
    app.log.warn({ err: error }, 'rate-limit store unavailable; this process limits with its own buckets meanwhile');
  });
  if (ownLimiter) app.addHook('onClose', async () => ownLimiter.close?.());
  const rateLimiter = options.rateLimiter ?? ownLimiter!;

  // Authentication, then the key's rate bucket, then the scope: a 401 costs no tokens, and a key
  // hammering with the wrong scope still drains its own bucket. An overlong URL is refused first. Key
  // lookups are cached briefly and empty buckets remembered locally, so a 429 is answered without
  // database or store work. (Limiting before the lookup, by the key id in the token, would let anyone
  // who saw a key id in a log drain that key's bucket with made-up secrets.)
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.length > MAX_URL_LENGTH) return sendError(reply, 'uri_too_long', `the URL is ${request.url.length} characters; at most ${MAX_URL_LENGTH}`);
    const { scope, rateClass } = request.routeOptions.config;
    if (!scope) return;
    const header = request.headers.authorization;
    const presented = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
    const principal = presented ? await authenticate(handle, presented, { cacheMs: config.apiKeyCacheMs }) : undefined;
    if (!principal) {
      reply.header('WWW-Authenticate', 'Bearer');
      return sendError(reply, 'unauthorized', header ? 'the API key is unknown or revoked' : 'send the API key as "Authorization: Bearer <key>"');
    }
    request.principal = principal;
    const bucketClass = rateClass ?? (scope === 'write' ? 'write' : 'read');
    const taken = await rateLimiter.take(`${principal.keyId}:${bucketClass}`, config.rateLimits[bucketClass]);
    if (!taken.allowed) {
      reply.header('Retry-After', String(taken.retryAfterSeconds));
      return sendError(reply, 'rate_limited', `too many ${bucketClass} requests for this key; retry in ${taken.retryAfterSeconds} s`);
    }
    if (!principal.scopes.includes(scope)) {
      return sendError(reply, 'insufficient_scope', `this endpoint needs the "${scope}" scope; the key has ${principal.scopes.join(', ')}`);
    }
  });

  // One input domain for both databases: no control character in a path or query parameter, none in
  // a JSON body string but tab and line breaks (see docs/reliability.md). Checked before the schemas,
  // so every route and every field is covered, including fields a schema does not name.
  app.addHook('preValidation', async (request, reply) => {
    const inParameters = findControlCharacter(request.params, { allowWhiteSpace: false }) ?? findControlCharacter(request.query, { allowWhiteSpace: false });
    if (inParameters !== undefined) return sendError(reply, 'invalid_request', `${inParameters}: must not contain control characters (U+0000-U+001F, U+007F)`);
    const inBody = findControlCharacter(request.body, { allowWhiteSpace: true });
    if (inBody !== undefined) return sendError(reply, 'invalid_request', `${inBody || 'body'}: must not contain control characters (U+0000-U+001F, U+007F; tab and line breaks are allowed in body text)`);
  });

  // One structured line per request; never the key (it is in a header that is not logged) and no bodies.
  app.addHook('onResponse', async (request, reply) => {
    request.log.info({
      method: request.method,
      path: request.url.split('?')[0],
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
      tenantId: request.principal?.tenantId,
      keyId: request.principal?.keyId,
    }, 'request');
  });

  await app.register(async (v1) => {
    let feeds = options.feeds;
    const lazyFeeds = () => (feeds ??= feedRuntime(config.feeds, { onRowsArrived: options.onRowsArrived, onSyncRequested: options.onSyncRequested }));
    registerRoutes(v1, { handle, config, onRowsArrived: options.onRowsArrived ?? (() => {}), now: options.now ?? (() => new Date()), feeds: lazyFeeds });
    v1.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  }, { prefix: '/v1' });

  await app.ready();
  return app;
}
