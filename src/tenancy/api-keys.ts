import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DatabaseHandle } from '../db/connection.ts';
import { withWriteTransaction } from '../db/transaction.ts';
import type { RecordChange } from '../shared/audit-change.ts';
import { invalid, notFound } from '../errors.ts';
import type { ApiKeysTable } from '../db/schema.ts';
import * as store from './tenancy-store.ts';
import { trustedTenantId, type TenantId } from './tenant-id.ts';

/**
 * read: every GET; write: changes to the books (rows, review, rules, uploads, obligations); admin:
 * the tenant's keys, people, settings, entity profile and audit log. Roles map onto these (people/roles.ts).
 */
export const SCOPES = ['read', 'write', 'admin'] as const;
export type Scope = (typeof SCOPES)[number];

const KEY_PREFIX = 'bk';

/**
 * A key reads `bk_<keyId>_<secret>`. The key id finds the row; the secret is 32 random bytes, so a
 * plain SHA-256 of it is enough (no slow hash needed against guessing) and only that hash is stored.
 */
function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function parseScopes(text: string): Scope[] {
  const scopes = [
    ...new Set(
      text
        .split(',')
        .map((scope) => scope.trim())
        .filter(Boolean),
    ),
  ];
  return validateScopes(scopes);
}

export function validateScopes(scopes: string[]): Scope[] {
  if (scopes.length === 0) throw invalid(`scopes: at least one of ${SCOPES.join(', ')}`);
  for (const scope of scopes) {
    if (!SCOPES.includes(scope as Scope)) throw invalid(`scopes: unknown scope "${scope}" (${SCOPES.join(', ')})`);
  }
  return [...new Set(scopes)] as Scope[];
}

/**
 * Twelve base64url characters, never starting with "-" or "_": a leading dash made `key revoke <id>`
 * read the id as a command-line option.
 */
export function newKeyId(): string {
  for (;;) {
    const id = randomBytes(9).toString('base64url');
    if (/^[A-Za-z0-9]/.test(id)) return id;
  }
}

export async function createApiKey(
  handle: DatabaseHandle,
  tenantId: string,
  scopes: Scope[],
  name: string | null,
  recordChange?: RecordChange,
) {
  if (!(await store.findTenant(handle.db, tenantId))) throw notFound(`tenant ${tenantId}`);
  const id = newKeyId();
  const secret = randomBytes(32).toString('base64url');
  await withWriteTransaction(handle, async (trx) => {
    await store.insertApiKey(trx, {
      id,
      tenant_id: tenantId,
      name,
      secret_hash: hashSecret(secret),
      scopes: scopes.join(','),
      created_at: new Date().toISOString(),
      revoked_at: null,
    });
    await recordChange?.(trx, {
      action: 'api_key.create',
      targetType: 'api_key',
      targetId: id,
      before: null,
      after: { name, scopes },
    });
  });
  return { id, key: `${KEY_PREFIX}_${id}_${secret}`, scopes };
}

export async function listApiKeys(handle: DatabaseHandle, tenantId: string) {
  if (!(await store.findTenant(handle.db, tenantId))) throw notFound(`tenant ${tenantId}`);
  const keys = await store.listApiKeys(handle.db, tenantId);
  return keys.map((key) => ({
    id: key.id,
    name: key.name,
    scopes: key.scopes.split(','),
    createdAt: key.created_at,
    revokedAt: key.revoked_at,
  }));
}

/** Revokes a key; with `tenantId`, only that tenant's (another tenant's key is answered as unknown). */
export async function revokeApiKey(
  handle: DatabaseHandle,
  keyId: string,
  tenantId?: string,
  recordChange?: RecordChange,
) {
  const key = await withWriteTransaction(handle, async (trx) => {
    const revoked = await store.revokeApiKey(trx, keyId, new Date().toISOString(), tenantId);
    if (revoked)
      await recordChange?.(trx, {
        action: 'api_key.revoke',
        targetType: 'api_key',
        targetId: revoked.id,
        before: { revokedAt: null },
        after: { revokedAt: revoked.revoked_at },
      });
    return revoked;
  });
  keyCaches.get(handle.unscoped)?.delete(keyId);
  if (!key) throw notFound(`key ${keyId}`);
  return { id: key.id, revokedAt: key.revoked_at };
}

/**
 * Who a request acts for: an API key (keyId set) or a signed-in user (userId and role set, through
 * the session cookie). `actorId` is what the audit log records and what rate buckets are keyed by.
 */
export interface Principal {
  tenantId: TenantId;
  scopes: Scope[];
  keyId: string | null;
  userId: string | null;
  role: string | null;
  actorType: 'api_key' | 'user';
  actorId: string;
  /** The user's e-mail or the key's name, for the audit log. */
  actorLabel: string | null;
  /** Set for a session: the token a state-changing request must echo in x-csrf-token. */
  csrfToken: string | null;
}

/**
 * Key rows looked up for authentication, per database (its unscoped handle), for `cacheMs`: a client sending many
 * requests (a 429 flood included) costs one lookup per key per period, not one per request. Only
 * keys found are kept (an unknown key is looked up each time, so a key created in another process
 * works at once); a revocation in this process drops its entry at once, one made by another process
 * (the admin command line) takes effect within `cacheMs`. The secret is checked on every request.
 */
const keyCaches = new WeakMap<
  DatabaseHandle,
  Map<string, { row: Promise<ApiKeysTable | undefined>; fetchedAtMs: number }>
>();
const KEY_CACHE_ENTRIES = 10_000;

function lookUpKey(handle: DatabaseHandle, keyId: string, cacheMs: number): Promise<ApiKeysTable | undefined> {
  if (cacheMs <= 0) return store.findApiKeyForAuthentication(handle.readDb, keyId);
  let cache = keyCaches.get(handle.unscoped);
  if (!cache) keyCaches.set(handle.unscoped, (cache = new Map()));
  const now = Date.now();
  const cached = cache.get(keyId);
  if (cached && now - cached.fetchedAtMs < cacheMs) return cached.row;
  // Concurrent requests with one key share the lookup in flight.
  const row = store.findApiKeyForAuthentication(handle.readDb, keyId);
  cache.delete(keyId);
  if (cache.size >= KEY_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(keyId, { row, fetchedAtMs: now });
  const forget = () => {
    if (cache.get(keyId)?.row === row) cache.delete(keyId);
  };
  row.then((found) => {
    if (!found) forget();
  }, forget);
  return row;
}

/** The tenant and scopes behind a bearer key, or undefined for a missing, unknown or revoked key. */
export async function authenticate(
  handle: DatabaseHandle,
  presented: string,
  options: { cacheMs?: number } = {},
): Promise<Principal | undefined> {
  const match = /^bk_([A-Za-z0-9_-]{12})_([A-Za-z0-9_-]{43})$/.exec(presented);
  if (!match) return undefined;
  const [, keyId, secret] = match;
  const key = await lookUpKey(handle, keyId, options.cacheMs ?? 0);
  if (!key || key.revoked_at) return undefined;
  const expected = Buffer.from(key.secret_hash, 'hex');
  const actual = Buffer.from(hashSecret(secret), 'hex');
  if (!timingSafeEqual(expected, actual)) return undefined;
  return {
    tenantId: trustedTenantId(key.tenant_id),
    scopes: key.scopes.split(',') as Scope[],
    keyId: key.id,
    userId: null,
    role: null,
    actorType: 'api_key',
    actorId: key.id,
    actorLabel: key.name,
    csrfToken: null,
  };
}
