import { sql, type RawBuilder } from 'kysely';

/**
 * The tenant filter as a term no index can serve (`tenant_id || ''`, the same rows on both databases),
 * for queries that reach their rows by a key of their own (an id, a bank account and external id, a
 * page of line seqs). SQLite plans without statistics and takes an equality on an index's first column
 * for a selective one; with the plain term it walked all of a tenant's rows through a tenant-first
 * index instead of looking each key up. Still checked on every row the query returns, so the scope holds.
 */
export function unindexedTenant(column = 'tenant_id'): RawBuilder<string> {
  return sql<string>`${sql.ref(column)} || ''`;
}
