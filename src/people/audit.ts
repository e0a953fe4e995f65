import type { DatabaseHandle } from '../db/connection.ts';
import type { Executor } from '../db/transaction.ts';
import type { AuditChange } from '../shared/audit-change.ts';

export type { AuditChange, RecordChange } from '../shared/audit-change.ts';

/** Who made a change: a signed-in user or an API key (its id; never its secret). */
export interface Actor {
  type: 'user' | 'api_key';
  id: string;
  /** The user's e-mail or the key's name at the time. */
  label: string | null;
}

/**
 * Appends one entry. Called inside the change's own transaction where the change is this module's
 * (people, keys, settings), so the two are stored together or not at all.
 */
export async function recordAudit(
  db: Executor,
  tenantId: string,
  actor: Actor,
  change: AuditChange,
  now = new Date(),
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      tenant_id: tenantId,
      occurred_at: now.toISOString(),
      actor_type: actor.type,
      actor_id: actor.id,
      actor_label: actor.label,
      action: change.action,
      target_type: change.targetType,
      target_id: change.targetId,
      before_json: change.before === undefined || change.before === null ? null : JSON.stringify(change.before),
      after_json: change.after === undefined || change.after === null ? null : JSON.stringify(change.after),
    })
    .execute();
}

export interface AuditEntryView {
  id: number;
  occurredAt: string;
  actor: Actor;
  action: string;
  targetType: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
}

/** The tenant's audit log, newest first; one row past `limit` is read to know whether a next page exists. */
export async function listAudit(
  handle: DatabaseHandle,
  tenantId: string,
  options: { limit: number; offset: number },
): Promise<{ entries: AuditEntryView[]; nextOffset: number | null }> {
  const rows = await handle.readDb
    .selectFrom('audit_log')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('seq', 'desc')
    .limit(options.limit + 1)
    .offset(options.offset)
    .execute();
  const entries = rows.slice(0, options.limit).map((row) => ({
    id: Number(row.seq),
    occurredAt: row.occurred_at,
    actor: { type: row.actor_type as Actor['type'], id: row.actor_id, label: row.actor_label },
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    before: row.before_json === null ? null : JSON.parse(row.before_json),
    after: row.after_json === null ? null : JSON.parse(row.after_json),
  }));
  return { entries, nextOffset: rows.length > options.limit ? options.offset + options.limit : null };
}
