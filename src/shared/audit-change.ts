import type { Executor } from '../db/transaction.ts';

/**
 * What a change that is audited tells the audit log. It lives below every module that makes such
 * changes (tenancy, compliance, the sweep's corrections and rules), so they can report one without
 * importing people/, which stores the log and itself reads tenancy.
 */
export interface AuditChange {
  action: string;
  targetType: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
}

/**
 * Records a change from inside the transaction that makes it (the domain function calls it once it
 * has read what was there under its lock), so the change and its audit entry commit together.
 */
export type RecordChange = (trx: Executor, change: AuditChange) => Promise<void>;

/** The fields of `after` whose values differ from `before`, each side with those fields only. */
export function changedFields<T extends object>(
  before: T,
  after: T,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const changed = (Object.keys(after) as Array<keyof T>).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key]])),
    after: Object.fromEntries(changed.map((key) => [key, after[key]])),
  };
}
