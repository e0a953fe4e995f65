import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from '../config/config.ts';
import { tenantScope } from './tenant-scope.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { authenticate, type Principal } from '../tenancy/api-keys.ts';
import { cookieValue, findSession, SESSION_COOKIE } from '../people/sessions.ts';
import { sameSecret } from '../people/tokens.ts';
import { DATE_RANGE_TEXT, isAcceptedDate } from '../shared/dates.ts';
import { findControlCharacter } from '../shared/text.ts';
import { negotiate, type AnswerType } from './content-negotiation.ts';
import { contractRules } from './contract-rules.ts';
import { handleClientError, handleError, handleFrameworkError, MAX_URL_LENGTH, sendError } from './errors.ts';
import { rateLimiterFor, type RateLimiter } from './rate-limit.ts';
import { registerRoutes } from './routes/index.ts';
import { registerWeb } from '../web/routes.ts';
import { Rule } from './routes/rules.ts';
import { PEOPLE_SCHEMAS } from './routes/people.ts';
import { mailerFor, type SendMail } from '../people/mailer.ts';
import {
  Account,
  BankAccount,
  Entity,
  ErrorBody,
  JournalEntry,
  JournalLine,
  Obligation,
  Transaction,
  TransactionCategory,
  TrialBalance,
} from './schemas.ts';
import { BankConnection, StatementPeriod, StatementUploadStatus } from './schemas.ts';
import { feedRuntime, type FeedRuntime } from '../intake/feeds/services.ts';

/** Methods that change nothing: a session needs no CSRF token for them. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const BODY_LIMIT_BYTES = 5 * 1024 * 1024;

export interface AppOptions {
  handle: DatabaseHandle;
  config: Config;
  /** A pino logger; without one the app logs nothing (tests). */
  logger?: FastifyBaseLogger;
  rateLimiter?: RateLimiter;
  onRowsArrived?: () => void;
  now?: () => Date;
  /** Replaces the SMTP_OUT_URL mailer (tests capture mails with it). */
  sendMail?: SendMail;
  feeds?: FeedRuntime;
  /** Called when a connection falls due at once (created, sync requested, webhook), so an in-process feed worker starts. */
  onSyncRequested?: () => void;
}

/** An incoming x-request-id is kept when it is a sane token (a proxy's or the client's id), else one is made. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@\/+=-]{1,128}$/;
export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/**
 * Bodies are validated strictly (a string is not silently turned into an amount); query strings and
 * path parameters arrive as text, so there types are coerced and defaults filled in.
 */
function buildValidators() {
  // verbose: an unknown field's error carries its object's schema, so the reason can list the known ones.
  const strict = addFormats(
    new Ajv({ strict: false, allErrors: false, coerceTypes: false, useDefaults: true, verbose: true }),
  );
  const coercing = addFormats(
    new Ajv({ strict: false, allErrors: false, coerceTypes: true, useDefaults: true, verbose: true }),
  );
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
    requestIdHeader: false,
    genReqId: requestIdFor,
    // Path ids are judged by their shape (400), however long; only a URL past MAX_URL_LENGTH is 414.
    routerOptions: { maxParamLength: MAX_URL_LENGTH },
    frameworkErrors: handleFrameworkError,
    clientErrorHandler: handleClientError,
  }).withTypeProvider<TypeBoxTypeProvider>();

  const validators = buildValidators();
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? validators.strict : validators.coercing).compile(schema as object),
  );
  // Bodies are JSON (statement upload will add multipart); a text body is a 415, not a confusing 400.
  app.removeContentTypeParser('text/plain');
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 'not_found', `no route ${request.method} ${request.url.split('?')[0]}`),
  );

  for (const schema of [
    ErrorBody,
    TransactionCategory,
    Transaction,
    BankAccount,
    Account,
    JournalLine,
    JournalEntry,
    TrialBalance,
    Entity,
    Obligation,
    Rule,
  ]) {
    app.addSchema(schema);
  }
  for (const schema of [StatementPeriod, StatementUploadStatus, BankConnection]) app.addSchema(schema);
  for (const schema of PEOPLE_SCHEMAS) app.addSchema(schema);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Bookkeeping Service API',
        version: '1.0.0',
        description: `Programmatic access to one business's books. Every request carries \`Authorization: Bearer <API key>\` (the key decides the tenant) or the \`bk_session\` cookie of a signed-in person (POST /auth/login; the membership decides the tenant and the role; state-changing requests also send \`x-csrf-token\`). Scopes: read (every GET), write (changes to the books: rows, review, rules, uploads, obligations), admin (keys, people, settings, the entity profile, the audit log). Roles map onto them: viewer → read; bookkeeper → read, write; owner → read, write, admin. Successful responses are \`{ data }\` (lists that paginate add \`meta.pagination\`); errors are \`{ error, reason }\`. Amounts are JSON numbers in the row's currency; positive = money out. Input domain: dates ${DATE_RANGE_TEXT}; no control character (U+0000-U+001F, U+007F) in any path or query parameter, nor in any body string except tab and line breaks (400 naming the field); ids are UUIDs (a malformed id is 400, an unknown one 404). A URL over 8 KiB is 414 \`uri_too_long\`, a request line and headers over 16 KB 431 \`headers_too_large\`. A query parameter or body field this contract does not name is 400, naming it (every object schema is closed). \`Accept\` is honoured: JSON, CSV where a 200 lists \`text/csv\` (the reports, transactions, the journal; a listing's CSV holds every matching row), else 406 \`not_acceptable\`. Every answer carries \`x-request-id\` (a sane incoming one is kept; it is the request's id in the service log). Reports (\`/reports/*\`, \`/health-score\`) draw on a per-key bucket of 30 that refills at 2 a second: a dashboard of six reports can refresh every 3 s.`,
      },
      servers: [{ url: '/v1' }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'API key created with `bookkeeping key create` or POST /api-keys; needs no CSRF token',
          },
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'bk_session',
            description:
              "Session cookie set by POST /auth/login (HttpOnly, SameSite=Lax, Path=/, Secure over TLS). With it, every POST, PATCH, PUT and DELETE must also send the header `x-csrf-token` equal to the session's csrfToken (403 `forbidden` otherwise). The role gives the scopes: viewer read; bookkeeper read, write; owner read, write, admin.",
          },
        },
      },
      security: [{ bearer: [] }, { session: [] }],
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, index) => String(json.$id ?? `def-${index}`) },
  });

  const servedRoutes: string[] = [];
  app.decorate('servedRoutes', servedRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/v1/')) return;
    for (const method of [route.method].flat())
      if (method !== 'HEAD') servedRoutes.push(`${method} ${route.url.slice('/v1'.length).replace(/:(\w+)/g, '{$1}')}`);
    // The contract and the validation are both made from route.schema, so what is decided here holds
    // for both: unknown fields refused, defaulted parameters optional, an operationId, 413 declared.
    if (route.schema)
      route.schema = contractRules(route.schema, [route.method].flat()[0], route.url.slice('/v1'.length));
  });

  let storeErrorLoggedAtMs = -Infinity;
  const ownLimiter = options.rateLimiter
    ? undefined
    : await rateLimiterFor(handle, { store: config.rateLimitStore, redisUrl: config.redisUrl }, (error) => {
        // At most one line a minute while the shared store is away (every request would report it).
        if (Date.now() - storeErrorLoggedAtMs < 60_000) return;
        storeErrorLoggedAtMs = Date.now();
        app.log.warn(
          { err: error },
          'rate-limit store unavailable; this process limits with its own buckets meanwhile',
        );
      });
  if (ownLimiter) app.addHook('onClose', async () => ownLimiter.close?.());
  const rateLimiter = options.rateLimiter ?? ownLimiter!;

  // The app at /, the documentation at /docs and CORS: before authentication, so even a 401 carries CORS headers.
  await registerWeb(app, config);

  let feeds = options.feeds;
  const lazyFeeds = () =>
    (feeds ??= feedRuntime(config.feeds, {
      onRowsArrived: options.onRowsArrived,
      onSyncRequested: options.onSyncRequested,
    }));

  // Authentication, then the key's rate bucket, then the scope: a 401 costs no tokens, and a key
  // hammering with the wrong scope still drains its own bucket. An overlong URL is refused first. Key
  // lookups are cached briefly and empty buckets remembered locally, so a 429 is answered without
  // database or store work. (Limiting before the lookup, by the key id in the token, would let anyone
  // who saw a key id in a log drain that key's bucket with made-up secrets.)
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.length > MAX_URL_LENGTH)
      return sendError(reply, 'uri_too_long', `the URL is ${request.url.length} characters; at most ${MAX_URL_LENGTH}`);
    const { scope, rateClass } = request.routeOptions.config;
    if (!scope) return;
    const header = request.headers.authorization;
    let principal: Principal | undefined;
    const sessionSecret = header ? undefined : cookieValue(request.headers.cookie, SESSION_COOKIE);
    if (sessionSecret !== undefined) {
      // Signed in by the session cookie (the web app). A browser sends the cookie with cross-site
      // form posts too, so a state-changing request must also echo the session's CSRF token, which
      // only a page of this origin can read (from login or GET /auth/session).
      principal = (await findSession(handle, sessionSecret))?.principal;
      if (!principal)
        return sendError(
          reply,
          'unauthorized',
          'the session has ended or is unknown; sign in again (POST /v1/auth/login)',
        );
      if (!SAFE_METHODS.has(request.method)) {
        const echoed = request.headers['x-csrf-token'];
        if (typeof echoed !== 'string' || echoed === '')
          return sendError(
            reply,
            'forbidden',
            'a request signed in by the session cookie that changes state must send the x-csrf-token header (the csrfToken from login or GET /v1/auth/session)',
          );
        if (!sameSecret(echoed, principal.csrfToken!))
          return sendError(reply, 'forbidden', "x-csrf-token does not match this session's csrfToken");
      }
    } else {
      // The scheme is case-insensitive (RFC 9110); a header without it is a malformed header, not an unknown key.
      const bearer = header ? /^bearer\s+(\S+)\s*$/i.exec(header) : null;
      principal = bearer ? await authenticate(handle, bearer[1], { cacheMs: config.apiKeyCacheMs }) : undefined;
      if (!principal) {
        reply.header('WWW-Authenticate', 'Bearer');
        return sendError(
          reply,
          'unauthorized',
          !header
            ? 'send the API key as "Authorization: Bearer <key>", or sign in (POST /v1/auth/login) and send the bk_session cookie'
            : !bearer
              ? 'the Authorization header is malformed: send "Authorization: Bearer <key>" (the word Bearer, a space, then the key)'
              : 'the API key is unknown or revoked',
        );
      }
    }
    request.principal = principal;
    request.tenant = tenantScope(handle, principal, lazyFeeds);
    const bucketClass = rateClass ?? (scope === 'write' ? 'write' : 'read');
    const taken = await rateLimiter.take(
      `${principal.keyId ?? `user:${principal.actorId}:${principal.tenantId}`}:${bucketClass}`,
      config.rateLimits[bucketClass],
    );
    if (!taken.allowed) {
      reply.header('Retry-After', String(taken.retryAfterSeconds));
      return sendError(
        reply,
        'rate_limited',
        `too many ${bucketClass} requests for this key; retry in ${taken.retryAfterSeconds} s`,
      );
    }
    if (!principal.scopes.includes(scope)) {
      return sendError(
        reply,
        'insufficient_scope',
        principal.role
          ? `this endpoint needs the "${scope}" scope; the role ${principal.role} has ${principal.scopes.join(', ')}`
          : `this endpoint needs the "${scope}" scope; the key has ${principal.scopes.join(', ')}`,
      );
    }
  });

  // One input domain for both databases: no control character in a path or query parameter, none in
  // a JSON body string but tab and line breaks (see docs/reliability.md). Checked before the schemas,
  // so every route and every field is covered, including fields a schema does not name.
  app.addHook('preValidation', async (request, reply) => {
    // Accept is honoured on every API route: JSON, CSV where a route offers it, else 406 (the error
    // body itself is JSON, as every error is). Routes outside /v1 (pages, if any) decide for themselves.
    const offered: AnswerType[] = request.routeOptions.config.csv
      ? ['application/json', 'text/csv']
      : ['application/json'];
    const answerAs = negotiate(request.headers.accept, offered);
    if (!answerAs && request.routeOptions.url?.startsWith('/v1/')) {
      return sendError(
        reply,
        'not_acceptable',
        `Accept: this endpoint answers ${offered.join(' or ')}, which "${request.headers.accept?.slice(0, 200)}" does not admit`,
      );
    }
    request.answerAs = answerAs ?? 'application/json';
    const inParameters =
      findControlCharacter(request.params, { allowWhiteSpace: false }) ??
      findControlCharacter(request.query, { allowWhiteSpace: false });
    if (inParameters !== undefined)
      return sendError(
        reply,
        'invalid_request',
        `${inParameters}: must not contain control characters (U+0000-U+001F, U+007F)`,
      );
    const inBody = findControlCharacter(request.body, { allowWhiteSpace: true });
    if (inBody !== undefined)
      return sendError(
        reply,
        'invalid_request',
        `${inBody || 'body'}: must not contain control characters (U+0000-U+001F, U+007F; tab and line breaks are allowed in body text)`,
      );
  });

  // Every answer names its request, so a client can quote it and it can be found in the log.
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // One structured line per request; never the key (it is in a header that is not logged) and no bodies.
  // A client error carries its reason: the log says why a request was refused, not only that it was.
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        path: request.url.split('?')[0],
        status: reply.statusCode,
        ...(reply.statusCode >= 400 && reply.statusCode < 500 && reply.errorReason
          ? { reason: reply.errorReason }
          : {}),
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
        tenantId: request.principal?.tenantId,
        keyId: request.principal?.keyId ?? undefined,
        userId: request.principal?.userId ?? undefined,
      },
      'request',
    );
  });

  await app.register(
    async (v1) => {
      registerRoutes(v1, {
        handle,
        config,
        onRowsArrived: options.onRowsArrived ?? (() => {}),
        now: options.now ?? (() => new Date()),
        feeds: lazyFeeds,
        sendMail: options.sendMail ?? mailerFor(config.mailOut),
      });
      v1.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/v1' },
  );

  await app.ready();
  return app;
}
