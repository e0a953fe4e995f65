import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createAccount, createHarness, push, type Harness, type TestTenant } from '../../../test/support/harness.ts';
import { updateEntityProfile } from '../../tenancy/tenants.ts';

/** A trust account (IOLTA, owners' trust, escrow) through the API: money held for others is owed to them, never income. */
let harness: Harness;
let firm: TestTenant;

before(async () => {
  harness = await createHarness();
  firm = await harness.newTenant('Halvorsen Law LLC');
  await updateEntityProfile(harness.handle, firm.tenantId, firm.entityId, { industry: 'professional_services' });
  await createAccount(firm, 'operating');
});
after(() => harness.close());

interface Listed {
  description: string;
  category: { accountNumber: string; source: string } | null;
  transactionType: string | null;
  needsReview: boolean;
}

const rowNamed = async (marker: string): Promise<Listed> => {
  const rows = (await firm.call('GET', '/v1/transactions?from=2026-01-01&to=2026-12-31&limit=200')).json()
    .data as Listed[];
  const found = rows.find((row) => row.description.includes(marker));
  assert.ok(found, `row ${marker}`);
  return found;
};

test('a trust account is a depository with a ledger account beside the checking accounts; other kinds are refused', async () => {
  const trust = await createAccount(firm, 'iolta', { kind: 'trust', name: 'IOLTA' });
  assert.deepEqual([trust.kind, trust.type], ['trust', 'depository']);
  const ledger = Number(trust.ledgerAccountNumber);
  assert.ok(ledger >= 1011 && ledger <= 1049, `ledger ${trust.ledgerAccountNumber}`);
  const refused = await firm.call('POST', '/v1/bank-accounts', {
    institutionName: 'Test Bank',
    accounts: [{ externalId: 'x', name: 'X', kind: 'escrow_plus', currency: 'USD' }],
  });
  assert.equal(refused.statusCode, 400);
  assert.match(refused.json().reason, /kind/);
  const contract = (await harness.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
  assert.ok(contract.components.schemas.BankAccount.properties.kind.enum.includes('trust'));
});

test("clients' money in and out of the trust account is owed to them (2000); its bank fee and moves to operating are not", async () => {
  const response = await push(firm, [
    {
      accountExternalId: 'iolta',
      id: 't1',
      date: '2026-03-02',
      amount: -4_500,
      description: 'ACH CREDIT 067975353 LAWPAY DEPOSIT TR-IN',
    },
    {
      accountExternalId: 'operating',
      id: 'o1',
      date: '2026-03-02',
      amount: -4_500,
      description: 'ACH CREDIT 067975353 LAWPAY DEPOSIT OP-IN',
    },
    { accountExternalId: 'iolta', id: 't2', date: '2026-03-05', amount: 18_250, description: 'CHECK 1042 TR-OUT' },
    {
      accountExternalId: 'iolta',
      id: 't3',
      date: '2026-03-06',
      amount: -52_000,
      description: 'WIRE IN DOLLAR BANK FSB CLOSING TR-WIRE',
    },
    { accountExternalId: 'iolta', id: 't4', date: '2026-03-31', amount: 15, description: 'MONTHLY SERVICE FEE TR-FEE' },
    // Earned fees drawn from trust to operating: both legs are the firm's own money moving.
    {
      accountExternalId: 'iolta',
      id: 't5',
      date: '2026-03-10',
      amount: 3_200,
      description: 'ONLINE TRANSFER TO CHK 3391 TR-EARNED',
    },
    {
      accountExternalId: 'operating',
      id: 'o2',
      date: '2026-03-10',
      amount: -3_200,
      description: 'ONLINE TRANSFER FROM CHK 8804 OP-EARNED',
    },
  ]);
  assert.equal(response.statusCode, 200, response.body);
  await harness.sweep();
  for (const marker of ['TR-IN', 'TR-OUT', 'TR-WIRE']) {
    const row = await rowNamed(marker);
    assert.deepEqual(
      [row.category?.accountNumber, row.category?.source, row.needsReview],
      ['2000', 'regex', false],
      marker,
    );
  }
  assert.equal((await rowNamed('TR-FEE')).category?.accountNumber, '6210', "the bank's fee is the firm's own cost");
  assert.notEqual(
    (await rowNamed('OP-IN')).category?.accountNumber,
    '2000',
    'the same deposit on the operating account is no client money',
  );
  for (const marker of ['TR-EARNED', 'OP-EARNED'])
    assert.equal((await rowNamed(marker)).transactionType, 'transfer', marker);

  // Owed to clients: 4,500 + 52,000 in, 18,250 paid out (a liability's balance is positive on the credit side).
  const report = (await firm.call('GET', '/v1/reports/trial-balance')).json().data as {
    accounts: Array<{ accountNumber: string; balance: number }>;
  };
  assert.equal(report.accounts.find((row) => row.accountNumber === '2000')?.balance, 38_250);
});

test('a transfer-worded row whose other leg is nowhere in the books waits for its pair, left to review', async () => {
  await push(firm, [
    {
      accountExternalId: 'operating',
      id: 'o3',
      date: '2026-04-01',
      amount: 2_000,
      description: 'ONLINE TRANSFER TO XXXXXX4412 OP-AWAY',
    },
  ]);
  await harness.sweep();
  const away = await rowNamed('OP-AWAY');
  assert.deepEqual([away.transactionType, away.needsReview], ['transfer', true]);
});
