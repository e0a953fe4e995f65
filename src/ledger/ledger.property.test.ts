import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { createHarness, type Harness, type TestTenant } from '../../test/support/harness.ts';

/**
 * Property: whatever a client does through the API (pushes to deposit and card accounts, corrections,
 * transfers, opening-balance changes, in any order), every journal entry balances with one-sided
 * lines, the trial balance's debits equal its credits, and each bank ledger account's balance equals
 * the bank account's derivedBalance.
 */
let harness: Harness;
let runNumber = 0;

before(async () => {
  harness = await createHarness();
});
after(() => harness.close());

const ACCOUNTS = [
  { externalId: 'chk', kind: 'checking' },
  { externalId: 'sav', kind: 'savings' },
  { externalId: 'card', kind: 'credit_card' },
] as const;
const CATEGORIES = ['6200', '6210', '4000', '6999', '5000', 'transfer'];

type Action =
  | { kind: 'push'; account: number; day: number; cents: number; description: string }
  | { kind: 'correct'; pick: number; category: string }
  | { kind: 'opening'; account: number; cents: number | null; day: number }
  | { kind: 'sweep' };

const actionArbitrary: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('push' as const),
      account: fc.integer({ min: 0, max: 2 }),
      day: fc.integer({ min: 1, max: 28 }),
      cents: fc.integer({ min: -500_000, max: 500_000 }).filter((cents) => cents !== 0),
      description: fc.constantFrom(
        'OVERDRAFT FEE',
        'Coffee',
        'Client payment',
        'GUSTO PAYROLL',
        'ONLINE PAYMENT THANK YOU',
        'Supplies',
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('correct' as const),
      pick: fc.nat(),
      category: fc.constantFrom(...CATEGORIES),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('opening' as const),
      account: fc.integer({ min: 0, max: 2 }),
      cents: fc.option(fc.integer({ min: -1_000_000, max: 1_000_000 })),
      day: fc.integer({ min: 1, max: 28 }),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'sweep' as const }) },
);

const major = (cents: number) => cents / 100;
const toCents = (amount: number | null) => Math.round((amount ?? 0) * 100);

async function checkInvariants(tenant: TestTenant) {
  const entries: Array<{ lines: Array<{ debit: number | null; credit: number | null }> }> = [];
  for (let offset: number | null = 0; offset !== null; ) {
    const page: { data: typeof entries; meta: { pagination: { nextOffset: number | null } } } = (
      await tenant.call('GET', `/v1/journal-entries?from=2025-01-01&to=2026-12-31&limit=200&offset=${offset}`)
    ).json();
    entries.push(...page.data);
    offset = page.meta.pagination.nextOffset;
  }
  for (const entry of entries) {
    assert.ok(entry.lines.length >= 2);
    assert.ok(
      entry.lines.every((line) => (line.debit === null) !== (line.credit === null)),
      'a line carries a debit or a credit, never both',
    );
    const debits = entry.lines.reduce((sum, line) => sum + toCents(line.debit), 0);
    const credits = entry.lines.reduce((sum, line) => sum + toCents(line.credit), 0);
    assert.equal(debits, credits, 'every entry balances');
  }
  const report = (await tenant.call('GET', '/v1/reports/trial-balance?asOf=2026-12-31')).json().data;
  assert.equal(toCents(report.totals.debit), toCents(report.totals.credit));
  assert.equal(
    report.accounts.reduce((sum: number, row: { debit: number }) => sum + toCents(row.debit), 0),
    toCents(report.totals.debit),
  );
  const bankAccounts = (await tenant.call('GET', '/v1/bank-accounts')).json().data;
  for (const account of bankAccounts) {
    const row = report.accounts.find(
      (candidate: { accountNumber: string }) => candidate.accountNumber === account.ledgerAccountNumber,
    );
    assert.equal(
      toCents(row.balance),
      toCents(account.derivedBalance),
      `ledger ${account.ledgerAccountNumber} equals derivedBalance of ${account.externalAccountId}`,
    );
  }
}

test('property: any sequence of pushes, corrections, transfers and opening-balance changes keeps the books balanced', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(actionArbitrary, { minLength: 1, maxLength: 25 }), async (actions) => {
      const tenant = await harness.newTenant(`Property ${++runNumber}`);
      const created = await tenant.call('POST', '/v1/bank-accounts', {
        institutionName: 'Bank',
        accounts: ACCOUNTS.map((account) => ({ ...account, name: account.externalId, currency: 'USD' })),
      });
      assert.equal(created.statusCode, 200);
      let pushed = 0;
      for (const action of actions) {
        if (action.kind === 'push') {
          const response = await tenant.call('POST', '/v1/transactions', {
            institutionName: 'Bank',
            transactions: [
              {
                accountExternalId: ACCOUNTS[action.account].externalId,
                id: `r${pushed++}`,
                date: `2026-03-${String(action.day).padStart(2, '0')}`,
                amount: major(action.cents),
                description: action.description,
              },
            ],
          });
          assert.equal(response.statusCode, 200, response.body);
        } else if (action.kind === 'correct') {
          const rows = (await tenant.call('GET', '/v1/transactions?from=2026-03-01&to=2026-03-31&limit=200')).json()
            .data;
          if (rows.length === 0) continue;
          const response = await tenant.call('PATCH', `/v1/transactions/${rows[action.pick % rows.length].id}`, {
            category: action.category,
          });
          assert.equal(response.statusCode, 200, response.body);
        } else if (action.kind === 'opening') {
          const account = ACCOUNTS[action.account];
          const body =
            action.cents === null
              ? { ...account, name: account.externalId, currency: 'USD', openingBalance: null }
              : {
                  ...account,
                  name: account.externalId,
                  currency: 'USD',
                  openingBalance: major(action.cents),
                  openingBalanceDate: `2026-02-${String(action.day).padStart(2, '0')}`,
                };
          const response = await tenant.call('POST', '/v1/bank-accounts', {
            institutionName: 'Bank',
            accounts: [body],
          });
          assert.equal(response.statusCode, 200, response.body);
        } else {
          await harness.sweep();
        }
      }
      await harness.sweep();
      await checkInvariants(tenant);
    }),
    { numRuns: 25 },
  );
});
