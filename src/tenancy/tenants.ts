import type { DatabaseHandle } from '../db/connection.ts';
import type { EntitiesTable } from '../db/schema.ts';
import { seedChart } from '../chart/accounts-store.ts';
import { withWriteTransaction, type Executor } from '../db/transaction.ts';
import { notFound } from '../errors.ts';
import { newId } from '../shared/ids.ts';
import { maskTaxId, validateEntityProfile, type EntityProfileInput } from './entity-profile.ts';
import * as store from './tenancy-store.ts';

export async function createTenant(handle: DatabaseHandle, input: EntityProfileInput): Promise<{ tenantId: string; entityId: string }> {
  const profile = validateEntityProfile(input);
  const tenantId = newId();
  const now = new Date().toISOString();
  const entityId = await withWriteTransaction(handle, async (trx) => {
    await store.insertTenant(trx, { id: tenantId, name: profile.legalName, createdAt: now });
    return insertEntityWithChart(trx, tenantId, input, true, now);
  });
  return { tenantId, entityId };
}

export async function addEntity(handle: DatabaseHandle, tenantId: string, input: EntityProfileInput): Promise<{ entityId: string }> {
  validateEntityProfile(input);
  const now = new Date().toISOString();
  const entityId = await withWriteTransaction(handle, async (trx) => {
    if (!(await store.findTenant(trx, tenantId))) throw notFound(`tenant ${tenantId}`);
    return insertEntityWithChart(trx, tenantId, input, false, now);
  });
  return { entityId };
}

async function insertEntityWithChart(trx: Executor, tenantId: string, input: EntityProfileInput, isPrimary: boolean, now: string): Promise<string> {
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
  });
  await seedChart(trx, tenantId, entityId, profile.country, now);
  return entityId;
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
  };
}

/** Resolves the entity a read is scoped to: the one named (if it is the tenant's) or the primary. */
export async function resolveEntity(handle: DatabaseHandle, tenantId: string, entityId: string | undefined): Promise<EntitiesTable> {
  const entity = entityId
    ? await store.findEntity(handle.readDb, tenantId, entityId)
    : await store.findPrimaryEntity(handle.readDb, tenantId);
  if (!entity) throw notFound(entityId ? `entity ${entityId}` : 'primary entity');
  return entity;
}
