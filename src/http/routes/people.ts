import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { forbidden, notFound, unauthorized } from '../../errors.ts';
import { invitationLink, resetLink } from '../../people/mailer.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../people/passwords.ts';
import { ROLES } from '../../people/roles.ts';
import {
  clearedSessionCookie,
  cookieValue,
  endSession,
  findSession,
  login,
  SESSION_COOKIE,
  sessionCookie,
} from '../../people/sessions.ts';
import { normalizeEmail, sameSecret } from '../../people/tokens.ts';
import { blockedFor, recordFailure, type Subject } from '../../people/throttle.ts';
import { acceptInvitation, confirmPasswordReset, createPasswordReset } from '../../people/users.ts';
import { SCOPES, validateScopes } from '../../tenancy/api-keys.ts';
import type { TenantScope } from '../tenant-scope.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../errors.ts';
import { Data, Limit, Nullable, Offset, Pagination, Uuid } from '../schemas.ts';

export const Role = Type.String({
  enum: [...ROLES],
  description:
    'owner: everything (keys, people, settings); bookkeeper: read and change the books (review, categorize, upload, rules, obligations); viewer: read only',
});

export const Session = Type.Object(
  {
    user: Type.Object({ id: Type.String({ format: 'uuid' }), email: Type.String() }),
    tenantId: Type.String({ format: 'uuid' }),
    role: Role,
    csrfToken: Type.String({
      description: 'Send as the x-csrf-token header with every POST, PATCH, PUT and DELETE made with this session',
    }),
  },
  { $id: 'Session', title: 'Session' },
);

export const User = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    email: Type.String(),
    role: Role,
    hasPassword: Type.Boolean({ description: 'False for an account that has no password yet' }),
    memberSince: Type.String({ format: 'date-time' }),
  },
  { $id: 'User', title: 'User' },
);

export const Invitation = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    email: Type.String(),
    role: Role,
    createdAt: Type.String({ format: 'date-time' }),
    expiresAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'Invitation', title: 'Invitation' },
);

export const ApiKey = Type.Object(
  {
    id: Type.String({ description: 'Public key id (the part after bk_); never the secret' }),
    name: Nullable(Type.String()),
    scopes: Type.Array(Type.String({ enum: [...SCOPES] })),
    createdAt: Type.String({ format: 'date-time' }),
    revokedAt: Nullable(Type.String({ format: 'date-time' })),
  },
  { $id: 'ApiKey', title: 'ApiKey' },
);

export const AuditEntry = Type.Object(
  {
    id: Type.Integer({ description: 'Increasing; newer entries have larger ids' }),
    occurredAt: Type.String({ format: 'date-time' }),
    actor: Type.Object({
      type: Type.String({ enum: ['user', 'api_key'] }),
      id: Type.String({ description: 'The user id, or the API key id' }),
      label: Nullable(Type.String({ description: "The user's e-mail or the key's name at the time" })),
    }),
    action: Type.String({
      description:
        'user.add, user.role_change, user.remove, user.password_reset, invitation.create, invitation.revoke, invitation.accept, api_key.create, api_key.revoke, settings.update, entity.update, obligation.confirm, obligation.file, transaction.recategorize, transaction.delete, rule.create, rule.delete',
    }),
    targetType: Type.String({
      description: 'user, invitation, api_key, tenant, entity, obligation, transaction, rule',
    }),
    targetId: Nullable(Type.String()),
    before: Type.Unknown({ description: 'The changed fields before (null for a creation)' }),
    after: Type.Unknown({ description: 'The changed fields after (null for a removal)' }),
  },
  { $id: 'AuditEntry', title: 'AuditEntry' },
);

export const Settings = Type.Object(
  {
    reviewThreshold: Nullable(
      Type.Number({ minimum: 0, maximum: 1, description: "The tenant's own threshold; null: the service default" }),
    ),
    effectiveReviewThreshold: Type.Number({
      description: "The threshold in force (the tenant's, else REVIEW_THRESHOLD)",
    }),
  },
  { $id: 'Settings', title: 'Settings' },
);

const Password = Type.String({
  minLength: 1,
  maxLength: MAX_PASSWORD_LENGTH,
  description: `At least ${MIN_PASSWORD_LENGTH} characters`,
});
const Token = Type.String({
  minLength: 1,
  maxLength: 100,
  description: 'The one-time token from the link (after #token=) or from the CLI',
});

export const PEOPLE_SCHEMAS = [Session, User, Invitation, ApiKey, AuditEntry, Settings];

function cookieIsSecure(context: AppContext, request: FastifyRequest): boolean {
  return context.config.people.sessionCookieSecure === 'always' || request.protocol === 'https';
}

export function peopleRoutes(app: FastifyInstance, context: AppContext): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { handle, config } = context;

  // ---- sign-in ----

  api.post(
    '/auth/login',
    {
      schema: {
        summary: 'Sign in with e-mail and password; sets the bk_session cookie',
        description: `Answers the session (with its csrfToken) and sets \`bk_session\` (HttpOnly, SameSite=Lax, Path=/, Secure over TLS). Without \`tenantId\` the session opens the person's oldest membership. A wrong e-mail, a wrong password and "not a member of that tenant" are the same 401. After ${config.people.maxFailuresPerEmail} failures for one e-mail (or ${config.people.maxFailuresPerAddress} from one address) within ${Math.round(config.people.windowMs / 60000)} minutes, sign-ins for it are refused with 429 and Retry-After until the window ends, even with the right password.`,
        security: [],
        body: Type.Object({
          email: Type.String({ minLength: 1, maxLength: 254 }),
          password: Password,
          tenantId: Type.Optional(Uuid('The tenant to open, for a person in several')),
        }),
        response: { 200: Data(Type.Ref('Session')), ...errorResponses(400, 401, 415, 429) },
      },
    },
    async (request, reply) => {
      const { secret, view } = await login(handle, config.people, { ...request.body, address: request.ip });
      reply.header(
        'Set-Cookie',
        sessionCookie(secret, {
          maxAgeSeconds: Math.floor(config.people.sessionTtlMs / 1000),
          secure: cookieIsSecure(context, request),
        }),
      );
      return { data: view };
    },
  );

  api.get(
    '/auth/session',
    {
      schema: {
        summary: 'The signed-in session (same shape as login), or 401',
        security: [{ session: [] }],
        response: { 200: Data(Type.Ref('Session')), ...errorResponses(401) },
      },
    },
    async (request) => {
      const secret = cookieValue(request.headers.cookie, SESSION_COOKIE);
      const session = secret ? await findSession(handle, secret) : undefined;
      if (!session) throw unauthorized('not signed in (or the session has ended)');
      return { data: session.view };
    },
  );

  api.post(
    '/auth/logout',
    {
      schema: {
        summary: 'Sign out: the session ends and the cookie is cleared',
        description:
          'Needs x-csrf-token like every state-changing request of a session (403 without). Without a session it only clears the cookie (204).',
        security: [{ session: [] }],
        response: { 204: Type.Null(), ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      const secret = cookieValue(request.headers.cookie, SESSION_COOKIE);
      const session = secret ? await findSession(handle, secret) : undefined;
      if (secret && session) {
        const echoed = request.headers['x-csrf-token'];
        if (typeof echoed !== 'string' || !sameSecret(echoed, session.view.csrfToken))
          throw forbidden('sign-out needs the x-csrf-token header of this session');
        await endSession(handle, secret);
      }
      reply.header('Set-Cookie', clearedSessionCookie(cookieIsSecure(context, request)));
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/auth/password-reset',
    {
      schema: {
        summary: 'Ask for a password-reset link',
        description:
          'Always 202, whether or not the e-mail has an account (nothing leaks). When outgoing mail is configured (SMTP_OUT_URL) and the account exists, a one-time link valid for one hour is e-mailed (APP_URL/reset-password#token=…); an older link stops working. At most LOGIN_MAX_FAILURES_PER_EMAIL mails per address per LOGIN_THROTTLE_WINDOW_MS (further requests are answered the same and send nothing). Without outgoing mail, an administrator prints one with `bookkeeping user reset-password`.',
        security: [],
        body: Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }) }),
        response: { 202: Data(Type.Object({ accepted: Type.Boolean() })), ...errorResponses(415) },
      },
    },
    async (request, reply) => {
      const resetSubject: Subject[] = [{ kind: 'reset', value: normalizeEmail(request.body.email) }];
      if (context.sendMail && (await blockedFor(handle, config.people, resetSubject)) === undefined) {
        await recordFailure(handle, config.people, resetSubject);
        const reset = await createPasswordReset(handle, request.body.email);
        if (reset) {
          // Sent in the background: the answer must not take longer when the account exists.
          const sendMail = context.sendMail;
          void sendMail({
            to: reset.email,
            subject: 'Reset your bookkeeping password',
            text: `Someone (we hope you) asked to reset the password of ${reset.email}.\n\nOpen this link within an hour to choose a new one:\n${resetLink(config.appUrl, reset.token)}\n\nIf it was not you, ignore this mail; your password stays as it is.\n`,
          }).catch((error) => request.log.warn({ err: error }, 'password-reset mail not sent'));
        }
      }
      return reply.status(202).send({ data: { accepted: true } });
    },
  );

  api.post(
    '/auth/password-reset/confirm',
    {
      schema: {
        summary: 'Set a new password with a reset token',
        description: 'The token works once and for one hour. Every session of the person ends (sign in again).',
        security: [],
        body: Type.Object({ token: Token, password: Password }),
        response: {
          200: Data(Type.Object({ user: Type.Object({ id: Type.String({ format: 'uuid' }), email: Type.String() }) })),
          ...errorResponses(400, 415),
        },
      },
    },
    async (request) => ({
      data: { user: await confirmPasswordReset(handle, request.body.token, request.body.password) },
    }),
  );

  api.post(
    '/auth/accept-invitation',
    {
      schema: {
        summary: 'Join a tenant with an invitation token',
        description:
          'A new person chooses their password here; a person who already has an account (in another tenant) gives their current password. The token works once, for 7 days. Then sign in with POST /auth/login.',
        security: [],
        body: Type.Object({ token: Token, password: Password }),
        response: {
          200: Data(
            Type.Object({
              user: Type.Object({ id: Type.String({ format: 'uuid' }), email: Type.String() }),
              tenantId: Type.String({ format: 'uuid' }),
              role: Role,
            }),
          ),
          ...errorResponses(400, 409, 415),
        },
      },
    },
    async (request) => ({ data: await acceptInvitation(handle, request.body.token, request.body.password) }),
  );

  // ---- people (owner) ----

  api.get(
    '/users',
    {
      config: { scope: 'admin' },
      schema: {
        summary: "The tenant's people and their roles (by e-mail)",
        response: { 200: Data(Type.Array(Type.Ref('User'))), ...errorResponses(403) },
      },
    },
    async (request) => ({ data: await request.tenant.people.list() }),
  );

  api.post(
    '/users',
    {
      config: { scope: 'admin', rateClass: 'write' },
      schema: {
        summary: 'Invite a person with a role',
        description:
          'Creates a one-time invitation (7 days). The token is in this answer only (also e-mailed as APP_URL/accept-invitation#token=… when SMTP_OUT_URL is set); the person accepts with POST /auth/accept-invitation. A new invitation to the same address replaces an open one. 409 when the address is already a member.',
        body: Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }), role: Role }),
        response: {
          201: Data(
            Type.Object({ invitation: Type.Ref('Invitation'), token: Type.String(), acceptUrl: Type.String() }),
          ),
          ...errorResponses(403, 409, 415),
        },
      },
    },
    async (request, reply) => {
      const { invitation, token } = await request.tenant.people.invite(request.body);
      const acceptUrl = invitationLink(config.appUrl, token);
      if (context.sendMail) {
        const tenant = await request.tenant.settings.find();
        void context
          .sendMail({
            to: invitation.email,
            subject: `You are invited to keep the books of ${tenant?.name ?? 'a business'}`,
            text: `${request.principal.actorLabel ?? 'An owner'} invited you as ${invitation.role} of ${tenant?.name ?? 'a business'}.\n\nAccept within 7 days:\n${acceptUrl}\n`,
          })
          .catch((error) => request.log.warn({ err: error }, 'invitation mail not sent'));
      }
      return reply.status(201).send({ data: { invitation, token, acceptUrl } });
    },
  );

  api.patch(
    '/users/:id',
    {
      config: { scope: 'admin', rateClass: 'write' },
      schema: {
        summary: "Change a person's role",
        description: 'Applies to their next request. 409 when it would leave the tenant without an owner.',
        params: Type.Object({ id: Uuid() }),
        body: Type.Object({ role: Role }),
        response: { 200: Data(Type.Ref('User')), ...errorResponses(403, 404, 409, 415) },
      },
    },
    async (request) => ({ data: await request.tenant.people.changeRole(request.params.id, request.body.role) }),
  );

  api.delete(
    '/users/:id',
    {
      config: { scope: 'admin', rateClass: 'write' },
      schema: {
        summary: 'Remove a person from the tenant',
        description:
          'Their sessions in this tenant end at once; their account stays for other tenants. 409 for the last owner.',
        params: Type.Object({ id: Uuid() }),
        response: { 200: Data(Type.Ref('User')), ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => ({ data: await request.tenant.people.remove(request.params.id) }),
  );

  api.get(
    '/invitations',
    {
      config: { scope: 'admin' },
      schema: {
        summary: 'Open invitations (not accepted, revoked or expired)',
        response: { 200: Data(Type.Array(Type.Ref('Invitation'))), ...errorResponses(403) },
      },
    },
    async (request) => ({ data: await request.tenant.invitations.list() }),
  );

  api.delete(
    '/invitations/:id',
    {
      config: { scope: 'admin', rateClass: 'write' },
      schema: {
        summary: 'Revoke an open invitation (its link stops working)',
        params: Type.Object({ id: Uuid() }),
        response: { 200: Data(Type.Ref('Invitation')), ...errorResponses(403, 404) },
      },
    },
    async (request) => ({ data: await request.tenant.invitations.revoke(request.params.id) }),
  );

  // ---- API keys (owner) ----

  api.get(
    '/api-keys',
    {
      config: { scope: 'admin' },
      schema: {
        summary: "The tenant's API keys, revoked ones included (never their secrets)",
        response: { 200: Data(Type.Array(Type.Ref('ApiKey'))), ...errorResponses(403) },
      },
    },
    async (request) => ({ data: await request.tenant.apiKeys.list() }),
  );

  api.post(
    '/api-keys',
    {
      config: { scope: 'admin', rateClass: 'write' },
      schema: {
        summary: 'Create an API key; the secret is in this answer only',
        body: Type.Object({
          scopes: Type.Array(Type.String({ enum: [...SCOPES] }), {
            minItems: 1,
            maxItems: SCOPES.length,
            description:
              'read: every GET; write: change the books; admin: keys, people, settings, entity profile, audit log',
          }),
          name: Type.Optional(
            Nullable(Type.String({ maxLength: 200, description: 'A label to recognise the key by' })),
          ),
        }),
        response: {
          201: Data(
            Type.Object({
              id: Type.String(),
              key: Type.String({
                description: 'bk_<id>_<secret>: send as Authorization: Bearer <key>. Shown this once.',
              }),
              name: Nullable(Type.String()),
              scopes: Type.Array(Type.String()),
            }),
          ),
          ...errorResponses(403, 415),
        },
      },
    },
    async (request, reply) => {
      const scopes = validateScopes(request.body.scopes);
      const name = request.body.name ?? null;
      const created = await request.tenant.apiKeys.create(scopes, name);
      return reply.status(201).send({ data: { id: created.id, key: created.key, name, scopes: created.scopes } });
    },
  );

  api.delete(
    '/api-keys/:id',
    {
      config: { scope: 'admin', rateClass: 'write' },
      schema: {
        summary: 'Revoke an API key (401 for it from then on)',
        description: 'Another API process trusts a key it looked up for API_KEY_CACHE_MS at most.',
        params: Type.Object({ id: Type.String({ pattern: '^[A-Za-z0-9_-]{12}$', description: 'The key id' }) }),
        response: {
          200: Data(Type.Object({ id: Type.String(), revokedAt: Nullable(Type.String({ format: 'date-time' })) })),
          ...errorResponses(403, 404),
        },
      },
    },
    async (request) => {
      return { data: await request.tenant.apiKeys.revoke(request.params.id) };
    },
  );

  // ---- settings ----

  const settingsOf = async (scope: TenantScope) => {
    const tenant = await scope.settings.find();
    if (!tenant) throw notFound(`tenant ${scope.tenantId}`);
    return {
      reviewThreshold: tenant.review_threshold,
      effectiveReviewThreshold: tenant.review_threshold ?? config.reviewThreshold,
    };
  };

  api.get(
    '/settings',
    {
      config: { scope: 'read' },
      schema: {
        summary: "The tenant's settings",
        response: { 200: Data(Type.Ref('Settings')), ...errorResponses(403) },
      },
    },
    async (request) => ({ data: await settingsOf(request.tenant) }),
  );

  api.patch(
    '/settings',
    {
      config: { scope: 'admin', rateClass: 'write' },
      schema: {
        summary: "Change the tenant's settings (owner)",
        description:
          'reviewThreshold: the confidence below which categorized rows need review, from now on (rows already categorized keep their flag); null returns to the service default.',
        body: Type.Object({ reviewThreshold: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 1 }))) }),
        response: { 200: Data(Type.Ref('Settings')), ...errorResponses(403, 415) },
      },
    },
    async (request) => {
      const { tenant } = request;
      const before = await settingsOf(tenant);
      if (request.body.reviewThreshold !== undefined && request.body.reviewThreshold !== before.reviewThreshold) {
        await tenant.transaction(async (trx) => {
          await tenant.settings.setReviewThreshold(trx, request.body.reviewThreshold!);
          await tenant.recordChange(trx, {
            action: 'settings.update',
            targetType: 'tenant',
            targetId: tenant.tenantId,
            before: { reviewThreshold: before.reviewThreshold },
            after: { reviewThreshold: request.body.reviewThreshold },
          });
        });
      }
      return { data: await settingsOf(tenant) };
    },
  );

  // ---- audit log ----

  api.get(
    '/audit-log',
    {
      config: { scope: 'admin' },
      schema: {
        summary: 'Who changed what, when: newest first, paged (owner)',
        description:
          'Every change made through the API by a person or a key to people, invitations, keys, settings, the entity profile, obligations, transactions (PATCH, DELETE) and rules (POST, DELETE), with the fields before and after.',
        querystring: Type.Object({ limit: Limit(500, 100), offset: Offset }),
        response: {
          200: Type.Object({ data: Type.Array(Type.Ref('AuditEntry')), meta: Type.Object({ pagination: Pagination }) }),
          ...errorResponses(403),
        },
      },
    },
    async (request) => {
      const { entries, nextOffset } = await request.tenant.auditLog.list(request.query);
      return {
        data: entries,
        meta: { pagination: { limit: request.query.limit, offset: request.query.offset, nextOffset } },
      };
    },
  );
}
