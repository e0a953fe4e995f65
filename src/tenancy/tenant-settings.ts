import type { DatabaseHandle } from '../db/connection.ts';
import { invalid, notFound } from '../errors.ts';
import { findTenant, updateReviewThreshold } from './tenancy-store.ts';

export interface TenantSettings {
  tenantId: string;
  /** Null: the service default (REVIEW_THRESHOLD, 0.85 unless set). */
  reviewThreshold: number | null;
}

/** Sets the confidence below which a tenant's categorized rows need review; null returns to the default. */
export async function setReviewThreshold(
  handle: DatabaseHandle,
  tenantId: string,
  reviewThreshold: number | null,
): Promise<TenantSettings> {
  if (reviewThreshold !== null && !(Number.isFinite(reviewThreshold) && reviewThreshold >= 0 && reviewThreshold <= 1)) {
    throw invalid('review-threshold: a number from 0 to 1, or "default"');
  }
  if (!(await findTenant(handle.db, tenantId))) throw notFound(`tenant ${tenantId}`);
  await updateReviewThreshold(handle.db, tenantId, reviewThreshold);
  return { tenantId, reviewThreshold };
}
