import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/connection.ts';
import type { MembershipsTable, UsersTable } from '../db/schema.ts';
import { withWriteTransaction, type Executor } from '../db/transaction.ts';
import { conflict, invalid, notFound } from '../errors.ts';
import { newId } from '../shared/ids.ts';
import { findTenant } from '../tenancy/tenancy-store.ts';
import { recordAudit, type Actor } from './audit.ts';
import { hashPassword, validatePassword, verifyPassword } from './passwords.ts';
import { isRole, type Role } from './roles.ts';
import { hashSecret, isEmail, newSecret, normalizeEmail } from './tokens.ts';

export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface MemberView {
  id: string;
  email: string;
  role: Role;
  /** False until the person has set a password (added without one). */
  hasPassword: boolean;
  memberSince: string;
}

export function checkedEmail(email: string, field = 'email'): string {
  const normalized = normalizeEmail(String(email ?? ''));
  if (!isEmail(normalized)) throw invalid(`${field}: not an e-mail address`);
  return normalized;
}

export function checkedRole(role: string, field = 'role'): Role {
  if (!isRole(role)) throw invalid(`${field}: one of owner, bookkeeper, viewer`);
  return role;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UsersTable | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

export async function findMembership(
  db: Executor,
  tenantId: string,
  userId: string,
): Promise<MembershipsTable | undefined> {
  return db
    .selectFrom('memberships')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The user's memberships, oldest first (the default tenant of a sign-in without tenantId). */
export async function membershipsOf(db: Executor, userId: string): Promise<MembershipsTable[]> {
  return db
    .selectFrom('memberships')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('tenant_id')
    .execute();
}

function toMemberView(row: {
  id: string;
  email: string;
  role: string;
  password_hash: string | null;
  member_since: string;
}): MemberView {
  return {
    id: row.id,
    email: row.email,
    role: row.role as Role,
    hasPassword: row.password_hash !== null,
    memberSince: row.member_since,
  };
}

/** A tenant's members with what their view shows. */
function membersOf(db: Executor, tenantId: string) {
  return db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select([
      'users.id',
      'users.email',
      'users.password_hash',
      'memberships.role',
      'memberships.created_at as member_since',
    ])
    .where('memberships.tenant_id', '=', tenantId);
}

async function memberRow(db: Executor, tenantId: string, userId: string) {
  const row = await membersOf(db, tenantId).where('memberships.user_id', '=', userId).executeTakeFirst();
  return row ? toMemberView(row) : undefined;
}

export async function listMembers(handle: DatabaseHandle, tenantId: string): Promise<MemberView[]> {
  if (!(await findTenant(handle.readDb, tenantId))) throw notFound(`tenant ${tenantId}`);
  const rows = await membersOf(handle.readDb, tenantId).orderBy('users.email').execute();
  return rows.map(toMemberView);
}

/** Marks the open tokens of one kind for an address (in one tenant, for invitations) used: their links stop working. */
async function retireOpenTokens(
  trx: Executor,
  open: { kind: 'invitation' | 'password_reset'; email: string; tenantId?: string },
  now: Date,
): Promise<void> {
  let update = trx.updateTable('one_time_tokens').set({ used_at: now.toISOString() }).where('kind', '=', open.kind);
  if (open.tenantId !== undefined) update = update.where('tenant_id', '=', open.tenantId);
  await update.where('email', '=', open.email).where('used_at', 'is', null).execute();
}

/**
 * Serializes changes to a tenant's memberships, so two concurrent demotions cannot both see another
 * owner left (SQLite's BEGIN IMMEDIATE already serializes writers; PostgreSQL locks the tenant row).
 */
async function lockTenant(trx: Executor, handle: DatabaseHandle, tenantId: string): Promise<void> {
  const row =
    handle.dialect === 'postgres'
      ? await sql<{ id: string }>`select id from tenants where id = ${tenantId} for update`
          .execute(trx)
          .then((result) => result.rows[0])
      : await findTenant(trx, tenantId);
  if (!row) throw notFound(`tenant ${tenantId}`);
}

async function ownerCount(trx: Executor, tenantId: string): Promise<number> {
  const row = await trx
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number>().as('owners'))
    .where('tenant_id', '=', tenantId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.owners);
}

/**
 * Adds a person to a tenant with a role: a new user (with the password, if given) or an existing one
 * (another tenant's member; their password stays theirs). 409 when already a member.
 */
export async function addMember(
  handle: DatabaseHandle,
  tenantId: string,
  input: { email: string; role: string; password?: string },
  actor?: Actor,
): Promise<MemberView> {
  const email = checkedEmail(input.email);
  const role = checkedRole(input.role);
  const passwordHash = input.password === undefined ? null : await hashPassword(validatePassword(input.password));
  return withWriteTransaction(handle, async (trx) => {
    await lockTenant(trx, handle, tenantId);
    const now = new Date().toISOString();
    let user = await findUserByEmail(trx, email);
    if (!user) {
      user = { id: newId(), email, password_hash: passwordHash, created_at: now, updated_at: now };
      await trx.insertInto('users').values(user).execute();
    } else if (await findMembership(trx, tenantId, user.id)) {
      throw conflict(`${email} is already a member of this tenant`);
    } else if (user.password_hash === null && passwordHash !== null) {
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: now })
        .where('id', '=', user.id)
        .execute();
    }
    await trx
      .insertInto('memberships')
      .values({ tenant_id: tenantId, user_id: user.id, role, created_at: now })
      .execute();
    const member = (await memberRow(trx, tenantId, user.id))!;
    if (actor)
      await recordAudit(trx, tenantId, actor, {
        action: 'user.add',
        targetType: 'user',
        targetId: user.id,
        before: null,
        after: { email, role },
      });
    return member;
  });
}

export async function changeRole(
  handle: DatabaseHandle,
  tenantId: string,
  userId: string,
  newRole: string,
  actor?: Actor,
): Promise<MemberView> {
  const role = checkedRole(newRole);
  return withWriteTransaction(handle, async (trx) => {
    await lockTenant(trx, handle, tenantId);
    const before = await memberRow(trx, tenantId, userId);
    if (!before) throw notFound(`user ${userId}`);
    if (before.role === role) return before;
    if (before.role === 'owner' && (await ownerCount(trx, tenantId)) <= 1) {
      throw conflict(`${before.email} is the tenant's last owner; make someone else owner first`);
    }
    await trx
      .updateTable('memberships')
      .set({ role })
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .execute();
    if (actor)
      await recordAudit(trx, tenantId, actor, {
        action: 'user.role_change',
        targetType: 'user',
        targetId: userId,
        before: { email: before.email, role: before.role },
        after: { email: before.email, role },
      });
    return { ...before, role };
  });
}

/** Removes a person from a tenant (their sessions there end at once); the user stays for their other tenants. */
export async function removeMember(
  handle: DatabaseHandle,
  tenantId: string,
  userId: string,
  actor?: Actor,
): Promise<MemberView> {
  return withWriteTransaction(handle, async (trx) => {
    await lockTenant(trx, handle, tenantId);
    const before = await memberRow(trx, tenantId, userId);
    if (!before) throw notFound(`user ${userId}`);
    if (before.role === 'owner' && (await ownerCount(trx, tenantId)) <= 1) {
      throw conflict(`${before.email} is the tenant's last owner; make someone else owner first`);
    }
    await trx.deleteFrom('sessions').where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute();
    await trx.deleteFrom('memberships').where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute();
    if (actor)
      await recordAudit(trx, tenantId, actor, {
        action: 'user.remove',
        targetType: 'user',
        targetId: userId,
        before: { email: before.email, role: before.role },
        after: null,
      });
    return before;
  });
}

export async function findMemberByEmail(handle: DatabaseHandle, tenantId: string, email: string): Promise<MemberView> {
  const user = await findUserByEmail(handle.readDb, checkedEmail(email));
  const member = user ? await memberRow(handle.readDb, tenantId, user.id) : undefined;
  if (!member) throw notFound(`member ${normalizeEmail(email)} of tenant ${tenantId}`);
  return member;
}

// ---- one-time tokens: password reset and invitations ----

export interface InvitationView {
  id: string;
  email: string;
  role: Role;
  createdAt: string;
  expiresAt: string;
}

function toInvitationView(row: {
  id: string;
  email: string;
  role: string | null;
  created_at: string;
  expires_at: string;
}): InvitationView {
  return { id: row.id, email: row.email, role: row.role as Role, createdAt: row.created_at, expiresAt: row.expires_at };
}

/** An invitation to join the tenant with a role; the token is returned this once (only its hash is kept). */
export async function createInvitation(
  handle: DatabaseHandle,
  tenantId: string,
  input: { email: string; role: string },
  actor: Actor,
  ttlMs = INVITATION_TTL_MS,
): Promise<{ invitation: InvitationView; token: string }> {
  const email = checkedEmail(input.email);
  const role = checkedRole(input.role);
  const token = newSecret();
  return withWriteTransaction(handle, async (trx) => {
    await lockTenant(trx, handle, tenantId);
    const user = await findUserByEmail(trx, email);
    if (user && (await findMembership(trx, tenantId, user.id)))
      throw conflict(`${email} is already a member of this tenant`);
    const now = new Date();
    // A new invitation replaces an open one for the same address (the older link stops working).
    await retireOpenTokens(trx, { kind: 'invitation', email, tenantId }, now);
    const row = {
      token_hash: hashSecret(token),
      id: newId(),
      kind: 'invitation' as const,
      email,
      tenant_id: tenantId,
      role,
      created_by: actor.id,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ttlMs).toISOString(),
      used_at: null,
    };
    await trx.insertInto('one_time_tokens').values(row).execute();
    const invitation = toInvitationView(row);
    await recordAudit(trx, tenantId, actor, {
      action: 'invitation.create',
      targetType: 'invitation',
      targetId: row.id,
      before: null,
      after: { email, role, expiresAt: row.expires_at },
    });
    return { invitation, token };
  });
}

/** Open (unused, unexpired) invitations of the tenant. */
export async function listInvitations(
  handle: DatabaseHandle,
  tenantId: string,
  now = new Date(),
): Promise<InvitationView[]> {
  const rows = await handle.readDb
    .selectFrom('one_time_tokens')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', 'invitation')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .orderBy('created_at')
    .execute();
  return rows.map(toInvitationView);
}

export async function revokeInvitation(
  handle: DatabaseHandle,
  tenantId: string,
  invitationId: string,
  actor: Actor,
): Promise<InvitationView> {
  return withWriteTransaction(handle, async (trx) => {
    const row = await trx
      .selectFrom('one_time_tokens')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('kind', '=', 'invitation')
      .where('id', '=', invitationId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw notFound(`invitation ${invitationId}`);
    await trx
      .updateTable('one_time_tokens')
      .set({ used_at: new Date().toISOString() })
      .where('token_hash', '=', row.token_hash)
      .execute();
    await recordAudit(trx, tenantId, actor, {
      action: 'invitation.revoke',
      targetType: 'invitation',
      targetId: row.id,
      before: { email: row.email, role: row.role },
      after: null,
    });
    return toInvitationView(row);
  });
}

/** Takes an unused, unexpired token of `kind` (marking it used), or refuses with one reason for all failures. */
async function takeToken(trx: Executor, kind: 'password_reset' | 'invitation', token: string, now: Date) {
  const row =
    typeof token === 'string' && token.length <= 100
      ? await trx
          .selectFrom('one_time_tokens')
          .selectAll()
          .where('token_hash', '=', hashSecret(token))
          .where('kind', '=', kind)
          .executeTakeFirst()
      : undefined;
  if (!row || row.used_at !== null || row.expires_at <= now.toISOString()) {
    throw invalid(
      `token: unknown, already used or expired; ask for a new ${kind === 'invitation' ? 'invitation' : 'reset link'}`,
    );
  }
  const taken = await trx
    .updateTable('one_time_tokens')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', row.token_hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw invalid('token: already used');
  return row;
}

/**
 * Accepts an invitation: a new user sets their password with it; an existing user (member of another
 * tenant) proves who they are with their current password. The membership gets the invited role.
 */
export async function acceptInvitation(
  handle: DatabaseHandle,
  token: string,
  password: string,
): Promise<{ user: { id: string; email: string }; tenantId: string; role: Role }> {
  validatePassword(password);
  const now = new Date();
  const existing = await handle.readDb
    .selectFrom('one_time_tokens')
    .innerJoin('users', 'users.email', 'one_time_tokens.email')
    .select(['users.password_hash'])
    .where('one_time_tokens.token_hash', '=', hashSecret(String(token)))
    .executeTakeFirst();
  let passwordHash: string | null = null;
  if (existing?.password_hash) {
    if (!(await verifyPassword(existing.password_hash, password)))
      throw invalid('password: this e-mail already has an account; give its current password to accept');
  } else {
    passwordHash = await hashPassword(password);
  }
  return withWriteTransaction(handle, async (trx) => {
    const row = await takeToken(trx, 'invitation', token, now);
    const tenantId = row.tenant_id!;
    await lockTenant(trx, handle, tenantId);
    let user = await findUserByEmail(trx, row.email);
    if (!user) {
      user = {
        id: newId(),
        email: row.email,
        password_hash: passwordHash,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      };
      await trx.insertInto('users').values(user).execute();
    } else if (user.password_hash === null && passwordHash !== null) {
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: now.toISOString() })
        .where('id', '=', user.id)
        .execute();
    }
    if (await findMembership(trx, tenantId, user.id)) throw conflict(`${row.email} is already a member of this tenant`);
    const role = row.role as Role;
    await trx
      .insertInto('memberships')
      .values({ tenant_id: tenantId, user_id: user.id, role, created_at: now.toISOString() })
      .execute();
    await recordAudit(
      trx,
      tenantId,
      { type: 'user', id: user.id, label: user.email },
      {
        action: 'invitation.accept',
        targetType: 'user',
        targetId: user.id,
        before: null,
        after: { email: user.email, role },
      },
      now,
    );
    return { user: { id: user.id, email: user.email }, tenantId, role };
  });
}

/**
 * A one-time password-reset token for the e-mail, or undefined when no such user exists (the caller
 * answers the same either way). Older open reset tokens of the user stop working.
 */
export async function createPasswordReset(
  handle: DatabaseHandle,
  email: string,
  ttlMs = PASSWORD_RESET_TTL_MS,
): Promise<{ token: string; email: string; expiresAt: string } | undefined> {
  const normalized = normalizeEmail(String(email ?? ''));
  if (!isEmail(normalized)) return undefined;
  return withWriteTransaction(handle, async (trx) => {
    const user = await findUserByEmail(trx, normalized);
    if (!user) return undefined;
    const now = new Date();
    await retireOpenTokens(trx, { kind: 'password_reset', email: normalized }, now);
    const token = newSecret();
    const expiresAt = new Date(now.getTime() + ttlMs).toISOString();
    await trx
      .insertInto('one_time_tokens')
      .values({
        token_hash: hashSecret(token),
        id: newId(),
        kind: 'password_reset',
        email: normalized,
        tenant_id: null,
        role: null,
        created_by: null,
        created_at: now.toISOString(),
        expires_at: expiresAt,
        used_at: null,
      })
      .execute();
    return { token, email: normalized, expiresAt };
  });
}

/** Sets the new password and ends every session of the user (whoever had the old one is signed out). */
export async function confirmPasswordReset(
  handle: DatabaseHandle,
  token: string,
  password: string,
): Promise<{ id: string; email: string }> {
  const passwordHash = await hashPassword(validatePassword(password));
  const now = new Date();
  return withWriteTransaction(handle, async (trx) => {
    const row = await takeToken(trx, 'password_reset', token, now);
    const user = await findUserByEmail(trx, row.email);
    if (!user) throw invalid('token: unknown, already used or expired; ask for a new reset link');
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now.toISOString() })
      .where('id', '=', user.id)
      .execute();
    await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    for (const membership of await membershipsOf(trx, user.id)) {
      await recordAudit(
        trx,
        membership.tenant_id,
        { type: 'user', id: user.id, label: user.email },
        { action: 'user.password_reset', targetType: 'user', targetId: user.id, before: null, after: null },
        now,
      );
    }
    return { id: user.id, email: user.email };
  });
}
