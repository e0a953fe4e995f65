import type { ApiKeysTable, EntitiesTable } from '../db/schema.ts';
import type { Executor } from '../db/transaction.ts';

export async function insertTenant(
  db: Executor,
  tenant: { id: string; name: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('tenants')
    .values({ id: tenant.id, name: tenant.name, review_threshold: null, created_at: tenant.createdAt })
    .execute();
}

export async function findTenant(db: Executor, tenantId: string) {
  return db.selectFrom('tenants').selectAll().where('id', '=', tenantId).executeTakeFirst();
}

export async function insertEntity(db: Executor, entity: EntitiesTable): Promise<void> {
  await db.insertInto('entities').values(entity).execute();
}

export async function listEntities(db: Executor, tenantId: string): Promise<EntitiesTable[]> {
  return db
    .selectFrom('entities')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('is_primary', 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function findEntity(db: Executor, tenantId: string, entityId: string): Promise<EntitiesTable | undefined> {
  return db
    .selectFrom('entities')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', entityId)
    .executeTakeFirst();
}

export async function findPrimaryEntity(db: Executor, tenantId: string): Promise<EntitiesTable | undefined> {
  return db
    .selectFrom('entities')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('is_primary', '=', 1)
    .executeTakeFirst();
}

export async function insertApiKey(db: Executor, key: ApiKeysTable): Promise<void> {
  await db.insertInto('api_keys').values(key).execute();
}

/** Looked up by the key's public id, before the tenant is known: this is how a request learns its tenant. */
export async function findApiKeyForAuthentication(db: Executor, keyId: string): Promise<ApiKeysTable | undefined> {
  return db.selectFrom('api_keys').selectAll().where('id', '=', keyId).executeTakeFirst();
}

export async function listApiKeys(db: Executor, tenantId: string): Promise<ApiKeysTable[]> {
  return db.selectFrom('api_keys').selectAll().where('tenant_id', '=', tenantId).orderBy('created_at').execute();
}

export async function revokeApiKey(
  db: Executor,
  keyId: string,
  revokedAt: string,
  tenantId?: string,
): Promise<ApiKeysTable | undefined> {
  let query = db.selectFrom('api_keys').selectAll().where('id', '=', keyId);
  if (tenantId !== undefined) query = query.where('tenant_id', '=', tenantId);
  const key = await query.executeTakeFirst();
  if (!key) return undefined;
  if (!key.revoked_at) {
    await db.updateTable('api_keys').set({ revoked_at: revokedAt }).where('id', '=', keyId).execute();
    key.revoked_at = revokedAt;
  }
  return key;
}

/** The tenant's own needsReview threshold; null returns it to the service default. */
export async function updateReviewThreshold(
  db: Executor,
  tenantId: string,
  reviewThreshold: number | null,
): Promise<void> {
  await db.updateTable('tenants').set({ review_threshold: reviewThreshold }).where('id', '=', tenantId).execute();
}
