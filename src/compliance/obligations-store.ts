import type { ObligationsTable } from '../db/schema.ts';
import type { ObligationStatus } from './generate.ts';
import type { Executor } from '../db/transaction.ts';

export interface ObligationQuery {
  /** One entity's rows; all of the tenant's when absent. */
  entityId?: string;
  statuses?: readonly ObligationStatus[];
  /** Deadline on or after this date. */
  from?: string;
  /** Only rows past their deadline as of this date and not filed (overdue). */
  overdueAsOf?: string;
  limit: number;
  offset?: number;
}

/** Rows in deadline order (then rule and period, so pages are stable). */
export async function listObligations(
  db: Executor,
  tenantId: string,
  query: ObligationQuery,
): Promise<ObligationsTable[]> {
  let select = db.selectFrom('obligations').selectAll().where('tenant_id', '=', tenantId);
  if (query.entityId) select = select.where('entity_id', '=', query.entityId);
  if (query.statuses && query.statuses.length > 0) select = select.where('status', 'in', [...query.statuses]);
  if (query.from) select = select.where('deadline', '>=', query.from);
  if (query.overdueAsOf) select = select.where('deadline', '<', query.overdueAsOf).where('status', '<>', 'filed');
  return select
    .orderBy('deadline')
    .orderBy('rule_id')
    .orderBy('period')
    .orderBy('id')
    .limit(query.limit)
    .offset(query.offset ?? 0)
    .execute();
}

export async function listEntityObligations(
  db: Executor,
  tenantId: string,
  entityId: string,
): Promise<ObligationsTable[]> {
  return db
    .selectFrom('obligations')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('entity_id', '=', entityId)
    .execute();
}

export async function findObligation(
  db: Executor,
  tenantId: string,
  obligationId: string,
): Promise<ObligationsTable | undefined> {
  return db
    .selectFrom('obligations')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', obligationId)
    .executeTakeFirst();
}

/** The admin command line names an obligation by its id alone; this is how it learns the tenant. */
export async function findObligationTenant(db: Executor, obligationId: string): Promise<string | undefined> {
  const row = await db.selectFrom('obligations').select('tenant_id').where('id', '=', obligationId).executeTakeFirst();
  return row?.tenant_id;
}

/** Identity is entity + rule + period: a row another writer inserted first is left as it is. */
export async function insertObligations(db: Executor, rows: ObligationsTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('obligations')
    .values(rows)
    .onConflict((conflict) => conflict.columns(['entity_id', 'rule_id', 'period']).doNothing())
    .execute();
}

export async function updateObligation(
  db: Executor,
  tenantId: string,
  obligationId: string,
  values: Partial<Omit<ObligationsTable, 'id' | 'tenant_id' | 'entity_id' | 'rule_id' | 'period'>>,
): Promise<void> {
  await db
    .updateTable('obligations')
    .set(values)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', obligationId)
    .execute();
}

export async function deleteObligations(db: Executor, tenantId: string, obligationIds: string[]): Promise<void> {
  if (obligationIds.length === 0) return;
  await db
    .deleteFrom('obligations')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', obligationIds)
    // Only rows the owner has not acted on may go.
    .where('status', 'in', ['upcoming', 'payment_pending'])
    .execute();
}
