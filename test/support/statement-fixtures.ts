import { createHash, randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../../src/db/connection.ts';

/**
 * Statement rows for health-score tests, written straight into statement_documents and
 * statement_periods the way an ingested or rejected upload leaves them, so the detectors can be
 * tested without the upload pipeline.
 */
export interface FixtureStatement {
  bankAccountId: string;
  periodStart: string;
  periodEnd: string;
  openingMinor: number;
  closingMinor: number;
  continuityOk?: boolean;
  uploadedAt?: string;
}

async function insertDocument(
  handle: DatabaseHandle,
  tenantId: string,
  entityId: string,
  document: {
    bankAccountId: string | null;
    status: 'ingested' | 'rejected';
    filename: string;
    rejectionReason?: string;
    uploadedAt: string;
  },
): Promise<string> {
  const id = randomUUID();
  const content = Buffer.from(`fixture ${id}`);
  await handle.db
    .insertInto('statement_documents')
    .values({
      id,
      tenant_id: tenantId,
      entity_id: entityId,
      bank_account_id: document.bankAccountId,
      source: 'api',
      filename: document.filename,
      media_type: 'application/pdf',
      size_bytes: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
      hints: null,
      status: document.status,
      format: document.status === 'ingested' ? 'pdf_text' : null,
      rejection_reason: document.rejectionReason ?? null,
      rejection_message: document.rejectionReason ? `fixture: ${document.rejectionReason}` : null,
      rejection_detail: null,
      conflicts: null,
      statement_period_id: null,
      claim_token: null,
      claimed_until: null,
      attempts: 0,
      created_at: document.uploadedAt,
      updated_at: document.uploadedAt,
    })
    .execute();
  await handle.db
    .insertInto('statement_document_chunks')
    .values({ document_id: id, seq: 0, tenant_id: tenantId, bytes: content, created_at: document.uploadedAt })
    .execute();
  return id;
}

export async function insertIngestedStatement(
  handle: DatabaseHandle,
  tenantId: string,
  entityId: string,
  statement: FixtureStatement,
): Promise<{ documentId: string; periodId: string }> {
  const uploadedAt = statement.uploadedAt ?? `${statement.periodEnd}T12:00:00.000Z`;
  const documentId = await insertDocument(handle, tenantId, entityId, {
    bankAccountId: statement.bankAccountId,
    status: 'ingested',
    filename: `statement-${statement.periodEnd}.pdf`,
    uploadedAt,
  });
  const periodId = randomUUID();
  await handle.db
    .insertInto('statement_periods')
    .values({
      id: periodId,
      tenant_id: tenantId,
      entity_id: entityId,
      bank_account_id: statement.bankAccountId,
      document_id: documentId,
      period_start: statement.periodStart,
      period_end: statement.periodEnd,
      currency: 'USD',
      opening_balance_minor: statement.openingMinor,
      closing_balance_minor: statement.closingMinor,
      transaction_count: 0,
      continuity_ok: statement.continuityOk === false ? 0 : 1,
      created_at: uploadedAt,
      updated_at: uploadedAt,
    })
    .execute();
  await handle.db
    .updateTable('statement_documents')
    .set({ statement_period_id: periodId })
    .where('id', '=', documentId)
    .execute();
  return { documentId, periodId };
}

export async function insertRejectedUpload(
  handle: DatabaseHandle,
  tenantId: string,
  entityId: string,
  upload: { bankAccountId: string | null; filename: string; reason: string; uploadedAt: string },
): Promise<string> {
  return insertDocument(handle, tenantId, entityId, {
    bankAccountId: upload.bankAccountId,
    status: 'rejected',
    filename: upload.filename,
    rejectionReason: upload.reason,
    uploadedAt: upload.uploadedAt,
  });
}
