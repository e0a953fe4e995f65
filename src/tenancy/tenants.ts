import type { DatabaseHandle } from '../db/connection.ts';
import type { EntitiesTable } from '../db/schema.ts';
import { seedChart } from '../chart/accounts-store.ts';
import { withWriteTransaction, type Executor } from '../db/transaction.ts';
import { notFound } from '../errors.ts';
import { newId } from '../shared/ids.ts';
import { maskTaxId, validateEntityProfile, type EntityProfile, type EntityProfileInput } from './entity-profile.ts';
import * as store from './tenancy-store.ts';
import { changedFields, type RecordChange } from '../shared/audit-change.ts';

/** `createdAt` is now; a test that runs on an injected clock creates its tenants at that clock's time. */
export async function createTenant(
  handle: DatabaseHandle,
  input: EntityProfileInput,
  createdAt: Date = new Date(),
): Promise<{ tenantId: string; entityId: string }> {
  const profile = validateEntityProfile(input);
  const tenantId = newId();
  const now = createdAt.toISOString();
  const entityId = await withWriteTransaction(handle, async (trx) => {
    await store.insertTenant(trx, { id: tenantId, name: profile.legalName, createdAt: now });
    return insertEntityWithChart(trx, tenantId, input, true, now);
  });
  return { tenantId, entityId };
}

export async function addEntity(
  handle: DatabaseHandle,
  tenantId: string,
  input: EntityProfileInput,
): Promise<{ entityId: string }> {
  validateEntityProfile(input);
  const now = new Date().toISOString();
  const entityId = await withWriteTransaction(handle, async (trx) => {
    if (!(await store.findTenant(trx, tenantId))) throw notFound(`tenant ${tenantId}`);
    return insertEntityWithChart(trx, tenantId, input, false, now);
  });
  return { entityId };
}

async function insertEntityWithChart(
  trx: Executor,
  tenantId: string,
  input: EntityProfileInput,
  isPrimary: boolean,
  now: string,
): Promise<string> {
  const profile = validateEntityProfile(input);
  const entityId = newId();
  await store.insertEntity(trx, {
    id: entityId,
    tenant_id: tenantId,
    legal_name: profile.legalName,
    country: profile.country,
    base_currency: profile.baseCurrency,
    tax_id: profile.taxId,
    tax_id_type: profile.taxIdType,
    entity_type: profile.entityType,
    regime: profile.regime,
    state_code: profile.stateCode,
    fiscal_year_end_month: profile.fiscalYearEndMonth,
    status: 'active',
    is_primary: isPrimary ? 1 : 0,
    created_at: now,
    ...complianceColumns(profile),
  });
  await seedChart(trx, tenantId, entityId, profile.country, now);
  return entityId;
}

function complianceColumns(profile: EntityProfile) {
  return {
    sales_tax_states: profile.salesTaxStates.length > 0 ? profile.salesTaxStates.join(',') : null,
    sales_tax_frequency: profile.salesTaxFrequency,
    formation_date: profile.formationDate,
    estimated_tax_rate_percent: profile.estimatedTaxRatePercent,
    industry: profile.industry,
  };
}

/** The profile of a stored entity, in the shape validation takes, so an update can change some fields and keep the rest. */
export function profileInputOf(row: EntitiesTable): EntityProfileInput {
  return {
    legalName: row.legal_name,
    country: row.country,
    entityType: row.entity_type,
    stateCode: row.state_code ?? undefined,
    taxId: row.tax_id ?? undefined,
    taxIdType: row.tax_id_type ?? undefined,
    regime: row.regime ?? undefined,
    fiscalYearEndMonth: row.fiscal_year_end_month,
    salesTaxStates: salesTaxStatesOf(row),
    salesTaxFrequency: row.sales_tax_frequency ?? undefined,
    formationDate: row.formation_date ?? undefined,
    estimatedTaxRatePercent: row.estimated_tax_rate_percent ?? undefined,
    industry: row.industry ?? undefined,
  };
}

export function salesTaxStatesOf(row: EntitiesTable): string[] {
  return row.sales_tax_states ? row.sales_tax_states.split(',') : [];
}

/**
 * Changes fields of an entity's profile (the others keep their values); the whole result is validated
 * as at creation. `afterChange` runs in the same transaction (the obligation calendar regenerates there).
 */
export async function updateEntityProfile(
  handle: DatabaseHandle,
  tenantId: string,
  entityId: string,
  changes: Partial<EntityProfileInput>,
  afterChange?: (trx: Executor, row: EntitiesTable) => Promise<void>,
  recordChange?: RecordChange,
): Promise<EntityView> {
  return withWriteTransaction(handle, async (trx) => {
    const row = await store.findEntity(trx, tenantId, entityId);
    if (!row) throw notFound(`entity ${entityId}`);
    const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    const profile = validateEntityProfile({ ...profileInputOf(row), ...defined });
    const values = {
      legal_name: profile.legalName,
      entity_type: profile.entityType,
      regime: profile.regime,
      state_code: profile.stateCode,
      tax_id: profile.taxId,
      tax_id_type: profile.taxIdType,
      fiscal_year_end_month: profile.fiscalYearEndMonth,
      ...complianceColumns(profile),
    };
    await trx
      .updateTable('entities')
      .set(values)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', entityId)
      .execute();
    const updated = { ...row, ...values };
    if (afterChange) await afterChange(trx, updated);
    const view = toEntityView(updated);
    const change = changedFields(toEntityView(row), view);
    if (recordChange && Object.keys(change.after).length > 0)
      await recordChange(trx, { action: 'entity.update', targetType: 'entity', targetId: entityId, ...change });
    return view;
  });
}

export interface EntityView {
  id: string;
  country: string;
  legalName: string;
  taxIdMasked: string | null;
  taxIdType: string | null;
  entityType: string;
  regime: string | null;
  stateCode: string | null;
  fiscalYearEndMonth: number;
  baseCurrency: string;
  status: string;
  isPrimary: boolean;
  createdAt: string;
  salesTaxStates: string[];
  salesTaxFrequency: string;
  formationDate: string | null;
  estimatedTaxRatePercent: number | null;
  industry: string | null;
}

export function toEntityView(row: EntitiesTable): EntityView {
  return {
    id: row.id,
    country: row.country,
    legalName: row.legal_name,
    taxIdMasked: maskTaxId(row.tax_id),
    taxIdType: row.tax_id_type,
    entityType: row.entity_type,
    regime: row.regime,
    stateCode: row.state_code,
    fiscalYearEndMonth: row.fiscal_year_end_month,
    baseCurrency: row.base_currency,
    status: row.status,
    isPrimary: row.is_primary === 1,
    createdAt: row.created_at,
    salesTaxStates: salesTaxStatesOf(row),
    salesTaxFrequency: row.sales_tax_frequency ?? 'quarterly',
    formationDate: row.formation_date ?? null,
    estimatedTaxRatePercent: row.estimated_tax_rate_percent ?? null,
    industry: row.industry ?? null,
  };
}

/** Resolves the entity a read is scoped to: the one named (if it is the tenant's) or the primary. */
export async function resolveEntity(
  handle: DatabaseHandle,
  tenantId: string,
  entityId: string | undefined,
): Promise<EntitiesTable> {
  const entity = entityId
    ? await store.findEntity(handle.readDb, tenantId, entityId)
    : await store.findPrimaryEntity(handle.readDb, tenantId);
  if (!entity) throw notFound(entityId ? `entity ${entityId}` : 'primary entity');
  return entity;
}
