import type { Executor } from '../db/transaction.ts';

export interface MerchantPreference {
  merchantKey: string;
  target: string;
  /** Consecutive human decisions for `target` (resets to 1 when a different decision replaces it). */
  approvals: number;
  /** How often a different human decision replaced the remembered one. */
  overrides: number;
}

export async function findPreferences(
  db: Executor,
  tenantId: string,
  entityId: string,
  merchantKeys: string[],
): Promise<Map<string, MerchantPreference>> {
  const found = new Map<string, MerchantPreference>();
  const unique = [...new Set(merchantKeys)];
  for (let index = 0; index < unique.length; index += 500) {
    const rows = await db
      .selectFrom('merchant_memory')
      .select(['merchant_key', 'target', 'approvals', 'overrides'])
      .where('tenant_id', '=', tenantId)
      .where('entity_id', '=', entityId)
      .where('merchant_key', 'in', unique.slice(index, index + 500))
      .execute();
    for (const row of rows)
      found.set(row.merchant_key, {
        merchantKey: row.merchant_key,
        target: row.target,
        approvals: row.approvals,
        overrides: row.overrides,
      });
  }
  return found;
}

/**
 * Remembers a human decision. The same decision again strengthens the preference; a different one
 * replaces it (a later correction overrides an earlier one) and is counted, so a merchant the owner
 * files under changing accounts is trusted less.
 */
export async function rememberDecision(
  db: Executor,
  tenantId: string,
  entityId: string,
  merchantKey: string,
  target: string,
  now: string,
): Promise<MerchantPreference> {
  const current = await db
    .selectFrom('merchant_memory')
    .select(['target', 'approvals', 'overrides'])
    .where('tenant_id', '=', tenantId)
    .where('entity_id', '=', entityId)
    .where('merchant_key', '=', merchantKey)
    .executeTakeFirst();
  if (!current) {
    await db
      .insertInto('merchant_memory')
      .values({
        tenant_id: tenantId,
        entity_id: entityId,
        merchant_key: merchantKey,
        target,
        approvals: 1,
        overrides: 0,
        updated_at: now,
      })
      .execute();
    return { merchantKey, target, approvals: 1, overrides: 0 };
  }
  const same = current.target === target;
  const next = {
    merchantKey,
    target,
    approvals: same ? current.approvals + 1 : 1,
    overrides: same ? current.overrides : current.overrides + 1,
  };
  await db
    .updateTable('merchant_memory')
    .set({ target, approvals: next.approvals, overrides: next.overrides, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('entity_id', '=', entityId)
    .where('merchant_key', '=', merchantKey)
    .execute();
  return next;
}
