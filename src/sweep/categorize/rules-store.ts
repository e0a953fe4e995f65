import type { CategorizationRulesTable } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';

export async function listRules(db: Executor, tenantId: string): Promise<CategorizationRulesTable[]> {
  return db
    .selectFrom('categorization_rules')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('priority', 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function countRules(db: Executor, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('categorization_rules')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertRule(db: Executor, rule: CategorizationRulesTable): Promise<void> {
  await db.insertInto('categorization_rules').values(rule).execute();
}

export async function deleteRule(
  db: Executor,
  tenantId: string,
  id: string,
): Promise<CategorizationRulesTable | undefined> {
  const rule = await db
    .selectFrom('categorization_rules')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (rule)
    await db.deleteFrom('categorization_rules').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  return rule;
}
