import {
  findTransaction,
  listTransactions,
  type BankRowWithAccountName,
  type TransactionListQuery,
} from '../bank-rows/transactions-store.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { withTenantTransaction, type Executor } from '../db/transaction.ts';
import type { TenantId } from '../tenancy/tenant-id.ts';

/**
 * What a request may touch, bound to the tenant of the key that authenticated it (the auth hook in
 * app.ts builds one per request). Its stores take no tenant id, so a route cannot name another
 * tenant's; its transactions declare the tenant to PostgreSQL's row-level security as well.
 */
export interface TenantScope {
  readonly tenantId: TenantId;
  /** A write transaction walled to the tenant (see withTenantTransaction). */
  transaction<T>(work: (trx: Executor) => Promise<T>): Promise<T>;
  readonly bankRows: {
    find(id: string): Promise<BankRowWithAccountName | undefined>;
    list(query: Omit<TransactionListQuery, 'tenantId'>): Promise<BankRowWithAccountName[]>;
  };
}

export function tenantScope(handle: DatabaseHandle, tenantId: TenantId): TenantScope {
  return {
    tenantId,
    transaction: (work) => withTenantTransaction(handle, tenantId, work),
    bankRows: {
      find: (id) => findTransaction(handle.readDb, tenantId, id),
      list: (query) => listTransactions(handle.readDb, { ...query, tenantId }),
    },
  };
}
