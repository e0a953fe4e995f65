import type { DatabaseHandle } from '../db/connection.ts';
import { withWriteTransaction } from '../db/transaction.ts';
import { invalid, rateLimited, unauthorized } from '../errors.ts';
import type { Principal } from '../tenancy/api-keys.ts';
import { trustedTenantId } from '../tenancy/tenant-id.ts';
import { verifyPassword } from './passwords.ts';
import { ROLE_SCOPES, type Role } from './roles.ts';
import { blockedFor, clearFailures, recordFailure, type LoginThrottleSettings, type Subject } from './throttle.ts';
import { hashSecret, newSecret, normalizeEmail } from './tokens.ts';
import { findMembership, findUserByEmail, membershipsOf } from './users.ts';

export const SESSION_COOKIE = 'bk_session';

export interface SessionSettings extends LoginThrottleSettings {
  sessionTtlMs: number;
}

/** What login and GET /auth/session answer. */
export interface SessionView {
  user: { id: string; email: string };
  tenantId: string;
  role: Role;
  csrfToken: string;
}

const WRONG = 'the e-mail or the password is wrong';

/**
 * Signs a person in. Unknown e-mail, wrong password and "not a member of that tenant" are one answer
 * (401) after the same argon2 work, so the answer tells nothing about which accounts exist. Throttled
 * per e-mail and per client address (429 with Retry-After).
 */
export async function login(
  handle: DatabaseHandle,
  settings: SessionSettings,
  input: { email: string; password: string; tenantId?: string; address: string },
  nowMs = Date.now(),
): Promise<{ secret: string; view: SessionView; expiresAt: string }> {
  const email = normalizeEmail(String(input.email ?? ''));
  const subjects: Subject[] = [
    { kind: 'email', value: email },
    { kind: 'address', value: input.address },
  ];
  const wait = await blockedFor(handle, settings, subjects, nowMs);
  if (wait !== undefined)
    throw rateLimited(`too many failed sign-ins for this e-mail or from this address; retry in ${wait} s`, wait);
  const user = await findUserByEmail(handle.readDb, email);
  const passwordOk = await verifyPassword(user?.password_hash ?? null, String(input.password ?? ''));
  const membership =
    user && passwordOk
      ? input.tenantId !== undefined
        ? await findMembership(handle.readDb, input.tenantId, user.id)
        : (await membershipsOf(handle.readDb, user.id))[0]
      : undefined;
  if (!user || !passwordOk || !membership) {
    await recordFailure(handle, settings, subjects, nowMs);
    throw unauthorized(WRONG);
  }
  await clearFailures(handle, subjects[0]);
  const secret = newSecret();
  const csrfToken = newSecret();
  const now = new Date(nowMs);
  const expiresAt = new Date(nowMs + settings.sessionTtlMs).toISOString();
  await withWriteTransaction(handle, async (trx) => {
    // Expired sessions of this person go as they sign in again; nothing else needs a cleanup job.
    await trx
      .deleteFrom('sessions')
      .where('user_id', '=', user.id)
      .where('expires_at', '<=', now.toISOString())
      .execute();
    await trx
      .insertInto('sessions')
      .values({
        id_hash: hashSecret(secret),
        user_id: user.id,
        tenant_id: membership.tenant_id,
        csrf_token: csrfToken,
        created_at: now.toISOString(),
        expires_at: expiresAt,
      })
      .execute();
  });
  return {
    secret,
    expiresAt,
    view: {
      user: { id: user.id, email: user.email },
      tenantId: membership.tenant_id,
      role: membership.role,
      csrfToken,
    },
  };
}

/**
 * The session behind a cookie value, with the member's current role (a role change or a removal
 * applies to the next request), or undefined when it is unknown, expired or no longer a membership.
 */
export async function findSession(
  handle: DatabaseHandle,
  secret: string,
  now = new Date(),
): Promise<{ view: SessionView; principal: Principal } | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(secret)) return undefined;
  const row = await handle.readDb
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .innerJoin('memberships', (join) =>
      join
        .onRef('memberships.user_id', '=', 'sessions.user_id')
        .onRef('memberships.tenant_id', '=', 'sessions.tenant_id'),
    )
    .select([
      'sessions.user_id',
      'sessions.tenant_id',
      'sessions.csrf_token',
      'sessions.expires_at',
      'users.email',
      'memberships.role',
    ])
    .where('sessions.id_hash', '=', hashSecret(secret))
    .executeTakeFirst();
  if (!row || row.expires_at <= now.toISOString()) return undefined;
  const role = row.role as Role;
  const view: SessionView = {
    user: { id: row.user_id, email: row.email },
    tenantId: row.tenant_id,
    role,
    csrfToken: row.csrf_token,
  };
  const principal: Principal = {
    tenantId: trustedTenantId(row.tenant_id),
    scopes: [...ROLE_SCOPES[role]],
    keyId: null,
    userId: row.user_id,
    role,
    actorType: 'user',
    actorId: row.user_id,
    actorLabel: row.email,
    csrfToken: row.csrf_token,
  };
  return { view, principal };
}

export async function endSession(handle: DatabaseHandle, secret: string): Promise<void> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(secret)) return;
  await handle.db.deleteFrom('sessions').where('id_hash', '=', hashSecret(secret)).execute();
}

/** The value of one cookie in a Cookie header (session ids are base64url, so no decoding is needed). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

export function sessionCookie(secret: string, options: { maxAgeSeconds: number; secure: boolean }): string {
  return [
    `${SESSION_COOKIE}=${secret}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${options.maxAgeSeconds}`,
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

export function clearedSessionCookie(secure: boolean): string {
  return sessionCookie('', { maxAgeSeconds: 0, secure });
}

export function assertLoginInput(body: { email?: unknown; password?: unknown }): void {
  if (typeof body.email !== 'string' || typeof body.password !== 'string')
    throw invalid('email and password: both are required');
}
