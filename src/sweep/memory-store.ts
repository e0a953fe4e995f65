import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

type Executor = Kysely<Database>;

export interface MerchantPreference {
  merchantKey: string;
  target: string;
  approvals: number;
}

export async function findPreferences(db: Executor, tenantId: string, entityId: string, merchantKeys: string[]): Promise<Map<string, MerchantPreference>> {
  const found = new Map<string, MerchantPreference>();
  const unique = [...new Set(merchantKeys)];
  for (let index = 0; index < unique.length; index += 500) {
    const rows = await db.selectFrom('merchant_memory').select(['merchant_key', 'target', 'approvals'])
      .where('tenant_id', '=', tenantId).where('entity_id', '=', entityId)
      .where('merchant_key', 'in', unique.slice(index, index + 500)).execute();
    for (const row of rows) found.set(row.merchant_key, { merchantKey: row.merchant_key, target: row.target, approvals: row.approvals });
  }
  return found;
}

/**
 * Remembers a human decision. The same decision again strengthens the preference; a different one
 * replaces it (a later correction overrides an earlier one).
 */
export async function rememberDecision(db: Executor, tenantId: string, entityId: string, merchantKey: string, target: string, now: string): Promise<void> {
  const current = await db.selectFrom('merchant_memory').select(['target', 'approvals'])
    .where('tenant_id', '=', tenantId).where('entity_id', '=', entityId).where('merchant_key', '=', merchantKey).executeTakeFirst();
  if (!current) {
    await db.insertInto('merchant_memory').values({ tenant_id: tenantId, entity_id: entityId, merchant_key: merchantKey, target, approvals: 1, updated_at: now }).execute();
    return;
  }
  await db.updateTable('merchant_memory')
    .set({ target, approvals: current.target === target ? current.approvals + 1 : 1, updated_at: now })
    .where('tenant_id', '=', tenantId).where('entity_id', '=', entityId).where('merchant_key', '=', merchantKey).execute();
}
