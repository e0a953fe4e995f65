import type { DatabaseHandle } from '../db/connection.ts';
import type { EntitiesTable, ObligationsTable } from '../db/schema.ts';
import { withWriteTransaction, type Executor } from '../db/transaction.ts';
import { conflict, invalid, notFound } from '../errors.ts';
import { toMajorUnits } from '../money/minor-units.ts';
import { newId } from '../shared/ids.ts';
import type { EntityType, Regime } from '../tenancy/entity-profile.ts';
import { findEntity } from '../tenancy/tenancy-store.ts';
import type { RecordChange } from '../shared/audit-change.ts';
import { resolveEntity, salesTaxStatesOf } from '../tenancy/tenants.ts';
import { loadBooksFacts } from './books-facts.ts';
import { daysBetween } from './calendar.ts';
import {
  clockStatus,
  OBLIGATION_STATUSES,
  planObligations,
  planWindow,
  type ComplianceProfile,
  type ObligationStatus,
  type PlannedObligation,
} from './generate.ts';
import type { SalesTaxFrequency } from '../tenancy/entity-profile.ts';
import * as store from './obligations-store.ts';

export interface ObligationView {
  id: string;
  entityId: string;
  country: string;
  type: string;
  period: string;
  frequency: string;
  deadline: string;
  status: ObligationStatus;
  amountDue: number;
  currency: string;
  filedAt: string | null;
  jurisdictionLevel: string;
  stateCode: string | null;
  authority: string;
  formReference: string | null;
  ruleId: string;
  periodStart: string | null;
  periodEnd: string | null;
  amountNote: string | null;
  deadlineNote: string | null;
  source: string | null;
  confirmedAt: string | null;
  overdue: boolean;
  daysOverdue: number;
}

/** Overdue = past its deadline and not filed; the days count from the day after the deadline. */
export function toObligationView(row: ObligationsTable, today: string): ObligationView {
  const overdue = row.status !== 'filed' && row.deadline < today;
  return {
    id: row.id,
    entityId: row.entity_id,
    country: row.country,
    type: row.type,
    period: row.period,
    frequency: row.frequency,
    deadline: row.deadline,
    status: row.status as ObligationStatus,
    amountDue: toMajorUnits(row.amount_due_minor, row.currency),
    currency: row.currency,
    filedAt: row.filed_at,
    jurisdictionLevel: row.jurisdiction_level,
    stateCode: row.state_code,
    authority: row.authority,
    formReference: row.form_reference,
    ruleId: row.rule_id,
    periodStart: row.period_start ?? null,
    periodEnd: row.period_end ?? null,
    amountNote: row.amount_note,
    deadlineNote: row.deadline_note ?? null,
    source: row.source ?? null,
    confirmedAt: row.confirmed_at,
    overdue,
    daysOverdue: overdue ? daysBetween(row.deadline, today) : 0,
  };
}

export function complianceProfileOf(entity: EntitiesTable): ComplianceProfile {
  return {
    country: entity.country,
    entityType: entity.entity_type as EntityType,
    regime: (entity.regime ?? 'sole_proprietor') as Regime,
    stateCode: entity.state_code,
    fiscalYearEndMonth: entity.fiscal_year_end_month,
    formationDate: entity.formation_date ?? null,
    addedOn: entity.created_at.slice(0, 10),
    salesTaxStates: salesTaxStatesOf(entity),
    salesTaxFrequency: (entity.sales_tax_frequency ?? 'quarterly') as SalesTaxFrequency,
    estimatedTaxRatePercent: entity.estimated_tax_rate_percent ?? null,
  };
}

interface SyncPlan {
  inserts: ObligationsTable[];
  updates: Array<{ id: string; values: Partial<ObligationsTable> }>;
  deletes: string[];
}

const isEmpty = (plan: SyncPlan) => plan.inserts.length === 0 && plan.updates.length === 0 && plan.deletes.length === 0;

/** The fields the rules decide; a difference on any of them means the stored row is stale. */
function plannedColumns(planned: PlannedObligation) {
  return {
    country: planned.country,
    type: planned.type,
    frequency: planned.frequency,
    deadline: planned.deadline,
    amount_due_minor: planned.amountDueMinor,
    amount_note: planned.amountNote,
    jurisdiction_level: planned.jurisdictionLevel,
    state_code: planned.stateCode,
    authority: planned.authority,
    form_reference: planned.formReference,
    period_start: planned.periodStart,
    period_end: planned.periodEnd,
    deadline_note: planned.deadlineNote,
    source: planned.source,
  };
}

/**
 * Compares what the rules give the entity today with what is stored. Filed rows are history and are
 * never touched; confirmed rows keep their status but follow the rules' facts (deadline, amount);
 * rows the rules no longer give are removed only while the owner has not acted on them, and only
 * inside the calendar's window (older rows are history, overdue ones included).
 */
async function planSync(
  db: Executor,
  tenantId: string,
  entity: EntitiesTable,
  today: string,
  now: string,
): Promise<SyncPlan> {
  const profile = complianceProfileOf(entity);
  const window = planWindow(today);
  const [stored, facts] = await Promise.all([
    store.listEntityObligations(db, tenantId, entity.id),
    loadBooksFacts(db, tenantId, entity.id, entity.base_currency, {
      netIncomeFrom: profile.estimatedTaxRatePercent === null ? null : `${Number(today.slice(0, 4)) - 2}-01-01`,
    }),
  ]);
  const filedExtensions = new Set(
    stored.filter((row) => row.status === 'filed').map((row) => `${row.rule_id}|${row.period}`),
  );
  // The calendar starts the day the entity was added: the service cannot know whether what fell due
  // before then was met, so such obligations are neither listed nor ever overdue (a business that
  // joins in November is not an F for the April return it filed elsewhere).
  const planned = planObligations(profile, facts, { today, filedExtensions }).filter(
    (obligation) => obligation.deadline >= profile.addedOn,
  );
  const storedByKey = new Map(stored.map((row) => [`${row.rule_id}|${row.period}`, row]));
  const plan: SyncPlan = { inserts: [], updates: [], deletes: [] };
  const plannedKeys = new Set<string>();
  for (const obligation of planned) {
    const key = `${obligation.ruleId}|${obligation.period}`;
    plannedKeys.add(key);
    const existing = storedByKey.get(key);
    const columns = plannedColumns(obligation);
    if (!existing) {
      plan.inserts.push({
        id: newId(),
        tenant_id: tenantId,
        entity_id: entity.id,
        rule_id: obligation.ruleId,
        period: obligation.period,
        ...columns,
        status: clockStatus('upcoming', obligation.deadline, obligation.amountDueMinor, today),
        currency: entity.base_currency,
        confirmed_at: null,
        filed_at: null,
        created_at: now,
        updated_at: now,
      });
      continue;
    }
    if (existing.status === 'filed') continue;
    const status = clockStatus(
      existing.status as ObligationStatus,
      obligation.deadline,
      obligation.amountDueMinor,
      today,
    );
    const changed = Object.fromEntries(
      Object.entries({ ...columns, status }).filter(
        ([column, value]) => (existing as unknown as Record<string, unknown>)[column] !== value,
      ),
    );
    if (Object.keys(changed).length > 0)
      plan.updates.push({ id: existing.id, values: { ...changed, updated_at: now } });
  }
  for (const row of stored) {
    const key = `${row.rule_id}|${row.period}`;
    if (plannedKeys.has(key)) continue;
    const inWindow = row.deadline >= window.from && row.deadline <= window.to;
    const beforeTracking = row.deadline < profile.addedOn;
    if ((inWindow || beforeTracking) && (row.status === 'upcoming' || row.status === 'payment_pending')) {
      plan.deletes.push(row.id);
    } else if (row.status === 'upcoming' || row.status === 'payment_pending') {
      // History outside the window: only the clock still moves its status.
      const status = clockStatus(row.status as ObligationStatus, row.deadline, row.amount_due_minor, today);
      if (status !== row.status) plan.updates.push({ id: row.id, values: { status, updated_at: now } });
    }
  }
  return plan;
}

async function applySync(trx: Executor, tenantId: string, plan: SyncPlan): Promise<void> {
  await store.deleteObligations(trx, tenantId, plan.deletes);
  for (const update of plan.updates) await store.updateObligation(trx, tenantId, update.id, update.values);
  await store.insertObligations(trx, plan.inserts);
}

/** Regenerates inside a caller's write transaction (after a profile change). */
export async function syncObligationsIn(
  trx: Executor,
  tenantId: string,
  entity: EntitiesTable,
  today: string,
  now: string,
): Promise<void> {
  await applySync(trx, tenantId, await planSync(trx, tenantId, entity, today, now));
}

/**
 * Brings an entity's calendar up to date with its profile, its books and the clock. Idempotent and
 * cheap when nothing changed: the comparison runs on a read, and a write transaction is opened only
 * when there is something to write (and the comparison is redone inside it).
 */
export async function syncObligations(
  handle: DatabaseHandle,
  tenantId: string,
  entity: EntitiesTable,
  now: Date,
): Promise<void> {
  const today = now.toISOString().slice(0, 10);
  const timestamp = now.toISOString();
  if (isEmpty(await planSync(handle.readDb, tenantId, entity, today, timestamp))) return;
  await withWriteTransaction(handle, (trx) => syncObligationsIn(trx, tenantId, entity, today, timestamp));
}

export interface CalendarQuery {
  entityId?: string;
  statuses?: readonly ObligationStatus[];
  from?: string;
  limit: number;
  offset: number;
}

/** The obligation calendar of one entity (the primary by default), regenerated first. */
export async function obligationCalendar(
  handle: DatabaseHandle,
  tenantId: string,
  query: CalendarQuery,
  now: Date,
): Promise<{ obligations: ObligationView[]; nextOffset: number | null }> {
  const entity = await resolveEntity(handle, tenantId, query.entityId);
  await syncObligations(handle, tenantId, entity, now);
  const today = now.toISOString().slice(0, 10);
  const rows = await store.listObligations(handle.readDb, tenantId, {
    entityId: entity.id,
    statuses: query.statuses,
    from: query.from,
    limit: query.limit + 1,
    offset: query.offset,
  });
  const hasMore = rows.length > query.limit;
  return {
    obligations: rows.slice(0, query.limit).map((row) => toObligationView(row, today)),
    nextOffset: hasMore ? query.offset + query.limit : null,
  };
}

/** Overdue rows of one entity (the primary by default), oldest deadline first: what the health score charges for. */
export async function overdueObligations(
  handle: DatabaseHandle,
  tenantId: string,
  options: { entityId?: string; limit?: number },
  now: Date,
): Promise<ObligationView[]> {
  const entity = await resolveEntity(handle, tenantId, options.entityId);
  await syncObligations(handle, tenantId, entity, now);
  const today = now.toISOString().slice(0, 10);
  const rows = await store.listObligations(handle.readDb, tenantId, {
    entityId: entity.id,
    overdueAsOf: today,
    limit: options.limit ?? 500,
  });
  return rows.map((row) => toObligationView(row, today));
}

export function parseStatuses(list: string | undefined): ObligationStatus[] | undefined {
  if (list === undefined) return undefined;
  const statuses = list.split(',').map((status) => status.trim());
  for (const status of statuses) {
    if (!OBLIGATION_STATUSES.includes(status as ObligationStatus)) {
      throw invalid(`status: "${status}" is not one of ${OBLIGATION_STATUSES.join(', ')} (comma-separated)`);
    }
  }
  return [...new Set(statuses)] as ObligationStatus[];
}

/**
 * The owner's actions. confirm: upcoming/payment_pending → confirmed (again on a confirmed row: no
 * change); refused on a filed row. file: any status → filed, filedAt set once (again: no change).
 * Filing an extension moves its return to the extended deadline at the next regeneration.
 */
export async function confirmObligation(
  handle: DatabaseHandle,
  obligationId: string,
  now: Date,
  tenantId?: string,
  recordChange?: RecordChange,
): Promise<ObligationView> {
  return ownerAction(handle, obligationId, now, tenantId, { action: 'obligation.confirm', recordChange }, (row) => {
    if (row.status === 'filed')
      throw conflict(`obligation ${row.id} is already filed; a filed obligation is not confirmed again`);
    if (row.status === 'confirmed') return undefined;
    return { status: 'confirmed', confirmed_at: now.toISOString() };
  });
}

export async function fileObligation(
  handle: DatabaseHandle,
  obligationId: string,
  now: Date,
  tenantId?: string,
  recordChange?: RecordChange,
): Promise<ObligationView> {
  return ownerAction(handle, obligationId, now, tenantId, { action: 'obligation.file', recordChange }, (row) => {
    if (row.status === 'filed') return undefined;
    return { status: 'filed', filed_at: now.toISOString() };
  });
}

async function ownerAction(
  handle: DatabaseHandle,
  obligationId: string,
  now: Date,
  tenantId: string | undefined,
  audit: { action: string; recordChange?: RecordChange },
  change: (row: ObligationsTable) => Partial<ObligationsTable> | undefined,
): Promise<ObligationView> {
  const owner = tenantId ?? (await store.findObligationTenant(handle.readDb, obligationId));
  if (!owner) throw notFound(`obligation ${obligationId}`);
  const today = now.toISOString().slice(0, 10);
  return withWriteTransaction(handle, async (trx) => {
    const row = await store.findObligation(trx, owner, obligationId);
    if (!row) throw notFound(`obligation ${obligationId}`);
    const values = change(row);
    if (!values) return toObligationView(row, today);
    const updated = { ...row, ...values, updated_at: now.toISOString() };
    await store.updateObligation(trx, owner, row.id, { ...values, updated_at: updated.updated_at });
    const entity = await findEntity(trx, owner, row.entity_id);
    // A filed extension moves its return's deadline: regenerate now rather than at the next read.
    if (entity && row.type === 'income_tax_extension')
      await syncObligationsIn(trx, owner, entity, today, now.toISOString());
    const view = toObligationView(updated, today);
    if (audit.recordChange && row.status !== updated.status)
      await audit.recordChange(trx, {
        action: audit.action,
        targetType: 'obligation',
        targetId: row.id,
        before: { status: row.status },
        after: { status: view.status, type: view.type, period: view.period },
      });
    return view;
  });
}
