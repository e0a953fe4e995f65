import type { DatabaseHandle } from '../../db/connection.ts';
import type { BankAccountsTable, BankConnectionsTable } from '../../db/schema.ts';
import { withWriteTransaction, type Executor } from '../../db/transaction.ts';
import { DomainError, invalid, notFound } from '../../errors.ts';
import { isKnownCurrency } from '../../money/currency.ts';
import { AmountError, toMinorUnits } from '../../money/minor-units.ts';
import { newId } from '../../shared/ids.ts';
import { findEntity } from '../../tenancy/tenancy-store.ts';
import { resolveEntity } from '../../tenancy/tenants.ts';
import { createBankAccount, listBankAccountViews, type BankAccountView } from '../bank-accounts.ts';
import { listBankAccounts, updateBankAccount } from '../../bank-rows/bank-accounts-store.ts';
import * as store from './connections-store.ts';
import { FeedError, type FeedAccount, type FeedProvider } from './provider.ts';
import type { PlaidProvider } from './plaid.ts';
import type { SecretBox } from './secrets.ts';
import type { FeedSettings } from './settings.ts';

export type { FeedSettings } from './settings.ts';

export const PROVIDERS = ['simplefin', 'plaid'] as const;
export type ProviderName = (typeof PROVIDERS)[number];
export const CONNECTION_STATUSES = ['ok', 'needs_reauth', 'error'] as const;

export interface FeedServices {
  providers: { simplefin: FeedProvider; plaid: PlaidProvider | null };
  secrets: SecretBox;
  settings: FeedSettings;
  /** Nudges the sweep (new rows) and the feed worker (a connection to sync now). */
  onRowsArrived?: () => void;
  onSyncRequested?: () => void;
  random?: () => number;
}

export interface ConnectionProgress {
  phase: 'queued' | 'fetching' | 'writing' | 'done' | 'failed';
  rowsFetched: number;
  added: number;
  matched: number;
  modified: number;
  removed: number;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface ConnectionView {
  id: string;
  provider: string;
  entityId: string;
  institutionName: string;
  status: string;
  reason: string | null;
  lastSyncedAt: string | null;
  nextSyncAt: string;
  syncing: boolean;
  progress: ConnectionProgress | null;
  accounts: BankAccountView[];
  createdAt: string;
}

export function providerOf(services: FeedServices, name: string): FeedProvider {
  if (name === 'simplefin') return services.providers.simplefin;
  if (name === 'plaid') {
    if (!services.providers.plaid)
      throw invalid('provider: plaid is not configured on this service (PLAID_CLIENT_ID, PLAID_SECRET)');
    return services.providers.plaid;
  }
  throw invalid(`provider: must be one of ${PROVIDERS.join(', ')}`);
}

/** A provider's refusal in the API's terms: the client's token is a 400; the provider being down is not the client's fault. */
export function domainErrorOf(error: unknown): unknown {
  if (!(error instanceof FeedError)) return error;
  if (error.kind === 'invalid_token' || error.kind === 'needs_reauth' || error.kind === 'permanent')
    return new DomainError('invalid_request', error.message);
  return new DomainError('provider_unavailable', error.message);
}

const normalizedInstitution = (name: string) => name.trim().replace(/\s+/g, ' ').toUpperCase();

/**
 * An account the connection feeds: an existing account of the same institution whose number ends in
 * the provider's mask (and in the same currency, not fed by another connection) is matched, so rows
 * pushed or read from statements before meet the feed's; otherwise a new account is created.
 */
async function matchOrCreateAccount(
  trx: Executor,
  tenantId: string,
  entity: { id: string; country: string },
  institutionName: string,
  account: FeedAccount,
  existing: BankAccountsTable[],
  taken: Set<string>,
  now: string,
): Promise<BankAccountsTable> {
  const institution = normalizedInstitution(institutionName);
  const match = account.mask
    ? existing.find(
        (candidate) =>
          !taken.has(candidate.id) &&
          candidate.currency === account.currency &&
          normalizedInstitution(candidate.institution_name) === institution &&
          candidate.external_id.replace(/\D/g, '').endsWith(account.mask!),
      )
    : undefined;
  if (match) return match;
  return createBankAccount(
    trx,
    tenantId,
    entity.id,
    entity.country,
    institutionName,
    {
      index: 0,
      externalId: account.mask ? `****${account.mask}` : `feed:${account.providerAccountId}`,
      name: account.name,
      kind: account.kind,
      currency: account.currency,
      opening: undefined,
    },
    now,
    'feed',
  );
}

export async function setCurrentBalance(
  trx: Executor,
  account: BankAccountsTable,
  feed: FeedAccount,
  now: string,
): Promise<void> {
  if (feed.currentBalance === null) return;
  let minor: number;
  try {
    minor = toMinorUnits(feed.currentBalance, account.currency);
  } catch (error) {
    if (error instanceof AmountError) return;
    throw error;
  }
  if (minor !== account.current_balance_minor)
    await updateBankAccount(trx, account.tenant_id, account.id, { current_balance_minor: minor, updated_at: now });
}

/** Links the provider's accounts not yet fed by this connection (at connect, and when a login gains an account). */
export async function linkAccounts(
  trx: Executor,
  connection: Pick<BankConnectionsTable, 'id' | 'tenant_id' | 'entity_id' | 'institution_name'>,
  accounts: FeedAccount[],
  known: ReadonlySet<string>,
  now: string,
): Promise<Map<string, string>> {
  const tenantId = connection.tenant_id;
  if (accounts.every((account) => known.has(account.providerAccountId))) return new Map();
  const entity = await findEntity(trx, tenantId, connection.entity_id);
  if (!entity) throw notFound(`entity ${connection.entity_id}`);
  const existing = await listBankAccounts(trx, tenantId, entity.id);
  const taken = await store.accountsFedElsewhere(
    trx,
    tenantId,
    existing.map((account) => account.id),
  );
  const linked = new Map<string, string>();
  for (const account of accounts) {
    if (known.has(account.providerAccountId)) continue;
    if (!isKnownCurrency(account.currency)) continue;
    const bankAccount = await matchOrCreateAccount(
      trx,
      tenantId,
      entity,
      connection.institution_name,
      account,
      existing,
      taken,
      now,
    );
    taken.add(bankAccount.id);
    if (!existing.some((candidate) => candidate.id === bankAccount.id)) existing.push(bankAccount);
    await store.insertConnectionAccounts(trx, [
      {
        connection_id: connection.id,
        tenant_id: tenantId,
        provider_account_id: account.providerAccountId,
        bank_account_id: bankAccount.id,
        mask: account.mask,
      },
    ]);
    await setCurrentBalance(trx, bankAccount, account, now);
    linked.set(account.providerAccountId, bankAccount.id);
  }
  return linked;
}

/**
 * Connects a login: the token is redeemed once at the provider (a SimpleFIN setup token is claimed,
 * a Plaid public token exchanged), the secret it yields sealed, the accounts matched or created, and
 * the first sync queued at once. Nothing is written when the provider refuses.
 */
export async function createConnection(
  handle: DatabaseHandle,
  services: FeedServices,
  tenantId: string,
  input: { provider: string; setupToken?: string; publicToken?: string; entityId?: string },
  now = new Date(),
): Promise<ConnectionView> {
  const provider = providerOf(services, input.provider);
  const token = provider.name === 'simplefin' ? input.setupToken : input.publicToken;
  const tokenField = provider.name === 'simplefin' ? 'setupToken' : 'publicToken';
  if (!token?.trim()) throw invalid(`${tokenField}: required for provider ${provider.name}`);
  const otherField = provider.name === 'simplefin' ? input.publicToken : input.setupToken;
  if (otherField !== undefined)
    throw invalid(
      `${provider.name === 'simplefin' ? 'publicToken' : 'setupToken'}: not used by provider ${provider.name}`,
    );
  const entity = await resolveEntity(handle, tenantId, input.entityId);
  let connected;
  try {
    connected = await provider.connect(token.trim());
  } catch (error) {
    throw domainErrorOf(error);
  }
  const id = newId();
  const stamp = now.toISOString();
  await withWriteTransaction(handle, async (trx) => {
    const connection: BankConnectionsTable = {
      id,
      tenant_id: tenantId,
      entity_id: entity.id,
      provider: provider.name,
      institution_name: connected.institutionName.trim() || provider.name,
      provider_item_id: connected.itemId,
      secret_ciphertext: services.secrets.seal(connected.secret, id),
      sync_cursor: null,
      status: 'ok',
      status_reason: null,
      last_synced_at: null,
      next_sync_at: stamp,
      consecutive_failures: 0,
      lease_token: null,
      leased_until: null,
      progress: JSON.stringify(queuedProgress()),
      syncs: 0,
      created_at: stamp,
      updated_at: stamp,
    };
    await store.insertConnection(trx, connection);
    await linkAccounts(trx, connection, connected.accounts, new Set(), stamp);
  });
  services.onSyncRequested?.();
  return connectionView(handle, tenantId, id);
}

export const queuedProgress = (): ConnectionProgress => ({
  phase: 'queued',
  rowsFetched: 0,
  added: 0,
  matched: 0,
  modified: 0,
  removed: 0,
  startedAt: null,
  finishedAt: null,
});

async function toViews(
  handle: DatabaseHandle,
  tenantId: string,
  rows: BankConnectionsTable[],
): Promise<ConnectionView[]> {
  const links = await store.connectionAccounts(
    handle.readDb,
    tenantId,
    rows.map((row) => row.id),
  );
  const entities = [...new Set(rows.map((row) => row.entity_id))];
  const accountViews = new Map<string, BankAccountView>();
  for (const entityId of entities)
    for (const view of await listBankAccountViews(handle, tenantId, entityId)) accountViews.set(view.id, view);
  const now = new Date().toISOString();
  return rows.map((row) => ({
    id: row.id,
    provider: row.provider,
    entityId: row.entity_id,
    institutionName: row.institution_name,
    status: row.status,
    reason: row.status_reason,
    lastSyncedAt: row.last_synced_at,
    nextSyncAt: row.next_sync_at,
    syncing: row.leased_until !== null && row.leased_until > now,
    progress: row.progress ? (JSON.parse(row.progress) as ConnectionProgress) : null,
    accounts: links
      .filter((link) => link.connection_id === row.id)
      .map((link) => accountViews.get(link.bank_account_id))
      .filter((view): view is BankAccountView => Boolean(view)),
    createdAt: row.created_at,
  }));
}

export async function connectionView(handle: DatabaseHandle, tenantId: string, id: string): Promise<ConnectionView> {
  const row = await store.findConnection(handle.readDb, tenantId, id);
  if (!row) throw notFound(`bank connection ${id}`);
  return (await toViews(handle, tenantId, [row]))[0];
}

export async function listConnectionViews(handle: DatabaseHandle, tenantId: string): Promise<ConnectionView[]> {
  return toViews(handle, tenantId, await store.listConnections(handle.readDb, tenantId));
}

/** Asks for a sync now: the connection falls due at once and the worker is nudged (202: it runs in the background). */
export async function requestSync(
  handle: DatabaseHandle,
  services: FeedServices,
  tenantId: string,
  id: string,
  now = new Date(),
): Promise<ConnectionView> {
  await withWriteTransaction(handle, async (trx) => {
    const row = await store.findConnection(trx, tenantId, id);
    if (!row) throw notFound(`bank connection ${id}`);
    await store.updateConnection(trx, tenantId, id, { next_sync_at: now.toISOString(), updated_at: now.toISOString() });
  });
  services.onSyncRequested?.();
  return connectionView(handle, tenantId, id);
}

/** Disconnects: the connection and its secret go; its accounts and every row it brought stay in the books. */
export async function removeConnection(handle: DatabaseHandle, tenantId: string, id: string): Promise<void> {
  await withWriteTransaction(handle, async (trx) => {
    const row = await store.findConnection(trx, tenantId, id);
    if (!row) throw notFound(`bank connection ${id}`);
    await store.deleteConnection(trx, tenantId, id);
  });
}
