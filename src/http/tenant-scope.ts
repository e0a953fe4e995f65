import { tenantHasAccountNumber, listAccounts } from '../chart/accounts-store.ts';
import { tenantCurrencies, tenantHasBankAccount } from '../bank-rows/bank-accounts-store.ts';
import { findTransaction, listTransactions, type TransactionListQuery } from '../bank-rows/transactions-store.ts';
import { confirmObligation, fileObligation, obligationCalendar, syncObligationsIn } from '../compliance/obligations.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { withTenantTransaction, type Executor } from '../db/transaction.ts';
import { healthScore } from '../health/health-score.ts';
import { listBankAccountViews, upsertBankAccounts } from '../intake/bank-accounts.ts';
import {
  connectionView,
  createConnection,
  listConnectionViews,
  removeConnection,
  requestSync,
} from '../intake/feeds/connections.ts';
import type { FeedRuntime } from '../intake/feeds/services.ts';
import { pushTransactions } from '../intake/push-transactions.ts';
import {
  getUploadStatus,
  listStatementPeriods,
  receiveStatement,
  retryStatement,
} from '../intake/statements/uploads.ts';
import { getJournalEntry, listJournal } from '../ledger/journal-view.ts';
import { listAudit, recordAudit, type Actor } from '../people/audit.ts';
import {
  changeRole,
  createInvitation,
  listInvitations,
  listMembers,
  removeMember,
  revokeInvitation,
} from '../people/users.ts';
import { balanceSheet, cashFlow, profitAndLoss } from '../reports/financial-statements.ts';
import { generalLedger } from '../reports/general-ledger.ts';
import { trialBalance } from '../reports/trial-balance.ts';
import type { RecordChange } from '../shared/audit-change.ts';
import type { Clock } from '../shared/clock.ts';
import { addRuleAndApply, type RuleScope } from '../sweep/apply-rule.ts';
import {
  createTenantRule,
  deleteTenantRule,
  listTenantRules,
  type RuleInput,
} from '../sweep/categorize/tenant-rules.ts';
import { recategorize, removeTransaction, type CorrectionSettings } from '../sweep/correct.ts';
import { createApiKey, listApiKeys, revokeApiKey, type Principal, type Scope } from '../tenancy/api-keys.ts';
import type { EntityProfileInput } from '../tenancy/entity-profile.ts';
import { findEntity, findTenant, listEntities, updateReviewThreshold } from '../tenancy/tenancy-store.ts';
import type { TenantId } from '../tenancy/tenant-id.ts';
import { resolveEntity, updateEntityProfile } from '../tenancy/tenants.ts';

/**
 * What a request may touch, bound to the tenant of the key or session that authenticated it (the
 * auth hook in app.ts builds one per request). Its stores take no tenant id, so a route cannot name
 * another tenant's; every statement it runs declares the tenant to PostgreSQL's row-level security as well;
 * its changes are audited as the request's actor. Routes reach tenant data through it only
 * (tenant-scope.test.ts reads the route files to hold them to that).
 */
export type TenantScope = ReturnType<typeof tenantScope>;

export function tenantScope(sharedHandle: DatabaseHandle, principal: Principal, feeds: () => FeedRuntime) {
  const tenantId = principal.tenantId;
  // Every statement of the request, read or write, runs walled to its tenant on PostgreSQL (forTenant).
  const handle = sharedHandle.forTenant(tenantId);
  const actor: Actor = { type: principal.actorType, id: principal.actorId, label: principal.actorLabel };
  const recordChange: RecordChange = (trx, change) => recordAudit(trx, tenantId, actor, change);
  // Most domain functions take (handle, tenantId, …) or a store's (db, tenantId, …): these give the
  // first two, so what a route calls starts at the arguments that are its own.
  const ofTenant =
    <A extends unknown[], R>(work: (handle: DatabaseHandle, tenantId: TenantId, ...rest: A) => R) =>
    (...rest: A): R =>
      work(handle, tenantId, ...rest);
  const readingTenant =
    <A extends unknown[], R>(read: (db: Executor, tenantId: TenantId, ...rest: A) => R) =>
    (...rest: A): R =>
      read(handle.readDb, tenantId, ...rest);

  return {
    tenantId,
    /** The database's read version, under which answers read from it may be kept (DatabaseHandle.readVersion). */
    readVersion: handle.readVersion,
    /** A write transaction walled to the tenant (see withTenantTransaction). */
    transaction: <T>(work: (trx: Executor) => Promise<T>): Promise<T> => withTenantTransaction(handle, tenantId, work),
    /** Appends an audit entry for this request's actor, inside the transaction of the change. */
    recordChange,

    bankRows: {
      find: readingTenant(findTransaction),
      list: (query: Omit<TransactionListQuery, 'tenantId'>) => listTransactions(handle.readDb, { ...query, tenantId }),
      push: ofTenant(pushTransactions),
      recategorize: (id: string, input: { category: string; reason?: string }, settings: CorrectionSettings) =>
        recategorize(handle, tenantId, id, input, settings, recordChange),
      remove: (id: string, clock: Clock) => removeTransaction(handle, tenantId, id, clock, recordChange),
    },
    bankAccounts: {
      list: ofTenant(listBankAccountViews),
      upsert: ofTenant(upsertBankAccounts),
      exists: readingTenant(tenantHasBankAccount),
      currencies: readingTenant(tenantCurrencies),
    },
    chart: {
      list: readingTenant(listAccounts),
      hasAccountNumber: readingTenant(tenantHasAccountNumber),
    },
    entities: {
      list: readingTenant(listEntities),
      find: readingTenant(findEntity),
      /** The entity of that id, or the primary one without an id; not found is a 404. */
      resolve: ofTenant(resolveEntity),
      /** Changes the profile and regenerates the obligation calendar in the same transaction, as of `now`. */
      updateProfile: (entityId: string, changes: Partial<EntityProfileInput>, now: Date) =>
        updateEntityProfile(
          handle,
          tenantId,
          entityId,
          changes,
          (trx, updated) =>
            syncObligationsIn(trx, tenantId, updated, now.toISOString().slice(0, 10), now.toISOString()),
          recordChange,
        ),
    },
    rules: {
      list: ofTenant(listTenantRules),
      create: (input: RuleInput) => createTenantRule(handle, tenantId, input, recordChange),
      createAndApply: (input: RuleInput, applyTo: RuleScope, options: { dryRun: boolean; reviewThreshold: number }) =>
        addRuleAndApply(handle, tenantId, input, applyTo, { ...options, recordChange }),
      remove: (id: string) => deleteTenantRule(handle, tenantId, id, recordChange),
    },
    journal: {
      list: ofTenant(listJournal),
      find: ofTenant(getJournalEntry),
    },
    reports: {
      trialBalance: ofTenant(trialBalance),
      profitAndLoss: ofTenant(profitAndLoss),
      balanceSheet: ofTenant(balanceSheet),
      cashFlow: ofTenant(cashFlow),
      generalLedger: ofTenant(generalLedger),
      healthScore: ofTenant(healthScore),
    },
    obligations: {
      calendar: ofTenant(obligationCalendar),
      confirm: (id: string, now: Date) => confirmObligation(handle, id, now, tenantId, recordChange),
      file: (id: string, now: Date) => fileObligation(handle, id, now, tenantId, recordChange),
    },
    statements: {
      receive: ofTenant(receiveStatement),
      periods: ofTenant(listStatementPeriods),
      uploadStatus: ofTenant(getUploadStatus),
      retry: ofTenant(retryStatement),
    },
    connections: {
      create: (input: Parameters<typeof createConnection>[3], now: Date) =>
        createConnection(handle, feeds(), tenantId, input, now),
      list: ofTenant(listConnectionViews),
      find: ofTenant(connectionView),
      requestSync: (id: string, now: Date) => requestSync(handle, feeds(), tenantId, id, now),
      remove: ofTenant(removeConnection),
    },
    people: {
      list: ofTenant(listMembers),
      invite: (input: { email: string; role: string }) => createInvitation(handle, tenantId, input, actor),
      changeRole: (userId: string, role: string) => changeRole(handle, tenantId, userId, role, actor),
      remove: (userId: string) => removeMember(handle, tenantId, userId, actor),
    },
    invitations: {
      list: ofTenant(listInvitations),
      revoke: (id: string) => revokeInvitation(handle, tenantId, id, actor),
    },
    apiKeys: {
      list: ofTenant(listApiKeys),
      create: (scopes: Scope[], name: string | null) => createApiKey(handle, tenantId, scopes, name, recordChange),
      revoke: (keyId: string) => revokeApiKey(handle, keyId, tenantId, recordChange),
    },
    settings: {
      /** The tenant's own row: its name and its settings. */
      find: readingTenant(findTenant),
      /** Inside a transaction of the caller's (which audits the change with it). */
      setReviewThreshold: (trx: Executor, reviewThreshold: number | null) =>
        updateReviewThreshold(trx, tenantId, reviewThreshold),
    },
    auditLog: {
      list: ofTenant(listAudit),
    },
  };
}
