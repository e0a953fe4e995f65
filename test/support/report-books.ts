import type { LightMyRequestResponse } from 'fastify';
import type { Harness, TestTenant } from './harness.ts';
import { createApiKey } from '../../src/tenancy/api-keys.ts';
import { createTenant } from '../../src/tenancy/tenants.ts';
import type { EntityProfileInput } from '../../src/tenancy/entity-profile.ts';

/**
 * Books for report tests, built through the API: bank accounts with declared opening balances, bank
 * rows pushed and swept, then corrected (PATCH) onto the account each event names. Alongside, a plain
 * model of what every account's net debit must be, computed from the events alone, so the reports are
 * checked against arithmetic that shares no code with them.
 */
export type BookAccount = 'chk' | 'sav' | 'card';

export interface BookEvent {
  account: BookAccount;
  date: string;
  /** Positive = money out of the bank account (or a charge on the card), as in the API. */
  amountMinor: number;
  /** Ledger account number the row is filed under, or 'transfer'. */
  target: string;
}

export interface BookSetup {
  openingDate: string;
  openingMinor: Record<BookAccount, number>;
  events: BookEvent[];
}

export const BANK_KINDS: Record<BookAccount, string> = { chk: 'checking', sav: 'savings', card: 'credit_card' };
/** The first ledger number of each kind's range: what a fresh entity's first account of that kind gets. */
export const LEDGER_NUMBER: Record<BookAccount, string> = { chk: '1011', sav: '1051', card: '2101' };

export const money = (minor: number) => minor / 100;

/** A tenant with a full profile, or the profile given (fiscal year end, missing fields…). */
export async function tenantWithProfile(
  harness: Harness,
  profile: EntityProfileInput,
  options: { createdAt?: Date } = {},
): Promise<TestTenant> {
  const { tenantId, entityId } = await createTenant(harness.handle, profile, options.createdAt ?? harness.now());
  const created = await createApiKey(harness.handle, tenantId, ['read', 'write'], 'test');
  const call = (
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> =>
    harness.app.inject({
      method: method as 'GET',
      url,
      headers: {
        authorization: `Bearer ${created.key}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    tenantId,
    entityId,
    key: created.key,
    keyId: created.id,
    call,
    keyWith: async (scopes) => (await createApiKey(harness.handle, tenantId, scopes, 'scoped')).key,
  };
}

async function ok(response: LightMyRequestResponse, what: string) {
  if (response.statusCode !== 200) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Every transaction of the tenant (all pages). */
export async function allTransactions(
  tenant: TestTenant,
  from = '2000-01-01',
  to = '2099-12-31',
): Promise<Array<Record<string, any>>> {
  const rows: Array<Record<string, any>> = [];
  for (let offset: number | null = 0; offset !== null; ) {
    const page = await ok(
      await tenant.call('GET', `/v1/transactions?from=${from}&to=${to}&limit=200&offset=${offset}`),
      'list transactions',
    );
    rows.push(...page.data);
    offset = page.meta.pagination.nextOffset;
  }
  return rows;
}

/**
 * Creates the three accounts, pushes the events, sweeps, and files each row under its target. Each
 * target has a merchant of its own: the first row of each is corrected by hand, and the merchant
 * memory files the rest, so few corrections are needed; any row still elsewhere is corrected too.
 */
export async function buildBooks(
  harness: Harness,
  tenant: TestTenant,
  setup: BookSetup,
  institutionName = 'Report Bank',
): Promise<void> {
  await ok(
    await tenant.call('POST', '/v1/bank-accounts', {
      institutionName,
      accounts: (Object.keys(BANK_KINDS) as BookAccount[]).map((account) => ({
        externalId: account,
        name: account,
        kind: BANK_KINDS[account],
        currency: 'USD',
        openingBalance: money(setup.openingMinor[account]),
        openingBalanceDate: setup.openingDate,
      })),
    }),
    'create bank accounts',
  );
  const indexed = setup.events.map((event, index) => ({ event, index }));
  const seenTargets = new Set<string>();
  const teachers = indexed.filter(({ event }) => !seenTargets.has(event.target) && seenTargets.add(event.target));
  const rest = indexed.filter((item) => !teachers.includes(item));
  for (const batch of [teachers, rest]) {
    for (let start = 0; start < batch.length; start += 1000) {
      const rows = batch.slice(start, start + 1000).map(({ event, index }) => ({
        accountExternalId: event.account,
        id: `evt-${index}`,
        date: event.date,
        amount: money(event.amountMinor),
        description: `EVT ${index}`,
        merchant: merchantOf(event.target),
      }));
      if (rows.length > 0)
        await ok(await tenant.call('POST', '/v1/transactions', { institutionName, transactions: rows }), 'push');
    }
    await harness.sweep();
    await fileUnderTargets(tenant, batch);
  }
  // A later row can change an earlier one without a human: equal and opposite amounts on two accounts
  // within days are paired as a transfer, and a correction re-decides the rows the memory filed. Check
  // every row again until a pass corrects none: each correction is the owner's and is never re-decided,
  // so this ends within as many passes as there are rows.
  for (let pass = 0; pass <= indexed.length; pass += 1) {
    if ((await fileUnderTargets(tenant, indexed)) === 0) return;
  }
  throw new Error('the rows did not settle under their targets');
}

/**
 * A merchant name of its own per target: merchant keys drop digits, so "Merchant 4000" and "Merchant 4100" would be one
 * merchant to the memory; the target's digits become letters instead ("Merchant EAAA").
 */
function merchantOf(target: string): string {
  return `Merchant ${target.replace(/\d/g, (digit) => 'ABCDEFGHIJ'[Number(digit)])}`;
}

/** Files each row of the batch under its target where it is elsewhere; how many rows it corrected. */
async function fileUnderTargets(
  tenant: TestTenant,
  batch: Array<{ event: BookSetup['events'][number]; index: number }>,
): Promise<number> {
  const byDescription = new Map((await allTransactions(tenant)).map((row) => [row.description, row]));
  let corrected = 0;
  for (const { event, index } of batch) {
    const row = byDescription.get(`EVT ${index}`);
    if (!row) throw new Error(`row EVT ${index} was not imported`);
    const current = row.transactionType === 'transfer' ? 'transfer' : row.category?.accountNumber;
    if (current === event.target) continue;
    await ok(
      await tenant.call('PATCH', `/v1/transactions/${row.id}`, { category: event.target }),
      `file EVT ${index} under ${event.target}`,
    );
    corrected += 1;
  }
  return corrected;
}

/**
 * Net debit (minor units) per ledger account number from the setup alone, through `asOf` and
 * optionally from `from`. A bank row debits its target by its amount and credits the bank ledger
 * account (a money-in row has a negative amount, so the signs follow); a transfer books against 1900.
 * A declared opening balance debits a deposit account (credits a card) against 3950.
 */
export function modelNetDebit(setup: BookSetup, options: { from?: string; to: string }): Map<string, number> {
  const net = new Map<string, number>();
  const add = (account: string, minor: number) => net.set(account, (net.get(account) ?? 0) + minor);
  const inWindow = (date: string) => (!options.from || date >= options.from) && date <= options.to;
  if (inWindow(setup.openingDate)) {
    for (const account of Object.keys(BANK_KINDS) as BookAccount[]) {
      const opening = setup.openingMinor[account];
      const debitToBank = account === 'card' ? -opening : opening;
      add(LEDGER_NUMBER[account], debitToBank);
      add('3950', -debitToBank);
    }
  }
  for (const event of setup.events) {
    if (!inWindow(event.date)) continue;
    add(event.target === 'transfer' ? '1900' : event.target, event.amountMinor);
    add(LEDGER_NUMBER[event.account], -event.amountMinor);
  }
  return net;
}

export const CATEGORY_OF_NUMBER = (accountNumber: string): 'asset' | 'liability' | 'equity' | 'revenue' | 'expense' => {
  const first = accountNumber[0];
  return first === '1'
    ? 'asset'
    : first === '2'
      ? 'liability'
      : first === '3'
        ? 'equity'
        : first === '4'
          ? 'revenue'
          : 'expense';
};
