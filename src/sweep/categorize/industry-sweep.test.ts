import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createAccount, createHarness, push, type Harness, type TestTenant } from '../../../test/support/harness.ts';
import { updateEntityProfile } from '../../tenancy/tenants.ts';

/** The entity's industry and accounts, as the sweep reads them, through the API. */
let harness: Harness;
let plumber: TestTenant;
let studio: TestTenant;

before(async () => {
  harness = await createHarness();
  plumber = await harness.newTenant('Summit Plumbing & Heating LLC');
  studio = await harness.newTenant('Northwind Studio LLC');
  await updateEntityProfile(harness.handle, plumber.tenantId, plumber.entityId, { industry: 'construction' });
  for (const tenant of [plumber, studio]) {
    await createAccount(tenant, 'chk');
    await createAccount(tenant, 'sav', { kind: 'savings', name: 'Reserve' });
  }
});
after(() => harness.close());

const categoryOf = async (tenant: TestTenant, id: string) => {
  const rows = (await tenant.call('GET', '/v1/transactions?from=2026-01-01&to=2026-12-31')).json().data as Array<{
    id: string;
    externalId?: string;
    description: string;
    category: { accountNumber: string; source: string } | null;
    transactionType: string;
    needsReview: boolean;
  }>;
  const found = rows.find((row) => row.description.includes(id));
  assert.ok(found, `row ${id}`);
  return found;
};

test('the entity shows the industry its owner stated; an unknown one is refused', async () => {
  const entity = (await plumber.call('GET', `/v1/entities/${plumber.entityId}`)).json().data;
  assert.equal(entity.industry, 'construction');
  assert.equal((await studio.call('GET', `/v1/entities/${studio.entityId}`)).json().data.industry, null);
  await assert.rejects(
    updateEntityProfile(harness.handle, studio.tenantId, studio.entityId, { industry: 'wizardry' }),
    /industry: must be one of/,
  );
  const cleared = await updateEntityProfile(harness.handle, plumber.tenantId, plumber.entityId, {
    legalName: 'Summit Plumbing & Heating LLC',
  });
  assert.equal(cleared.industry, 'construction', 'an update that does not name the industry keeps it');
});

test("the sweep files a trade-dependent purchase and a processor's payout by the entity's industry", async () => {
  for (const tenant of [plumber, studio]) {
    await push(tenant, [
      {
        accountExternalId: 'chk',
        id: 'hd',
        date: '2026-03-02',
        amount: 412.18,
        description: 'THE HOME DEPOT #2801 HD-A MINNEAPOLIS MN',
      },
      {
        accountExternalId: 'chk',
        id: 'payout',
        date: '2026-03-03',
        amount: -1_840,
        description: 'STRIPE TRANSFER ST-PAYOUT-A',
      },
    ]);
  }
  await harness.sweep();
  assert.equal(
    (await categoryOf(plumber, 'HD-A')).category?.accountNumber,
    '5000',
    "a plumber's materials are cost of goods",
  );
  assert.equal((await categoryOf(studio, 'HD-A')).category?.accountNumber, '6130', "a studio's are supplies");
  const plumberPayout = await categoryOf(plumber, 'ST-PAYOUT-A');
  assert.equal(plumberPayout.category?.accountNumber, '4100', 'a service trade is paid for services');
  assert.equal(plumberPayout.needsReview, false);
  assert.equal(
    (await categoryOf(studio, 'ST-PAYOUT-A')).needsReview,
    true,
    'without the industry, goods or services is a guess left to review',
  );
});

test('a "transfer to checking" from the only checking account waits for its pair, for review; to the held savings a transfer', async () => {
  await push(studio, [
    {
      accountExternalId: 'chk',
      id: 'draw',
      date: '2026-04-01',
      amount: 2_500,
      description: 'ONLINE TRANSFER TO CHK 7782 REF DRAW-A',
    },
    {
      accountExternalId: 'chk',
      id: 'save',
      date: '2026-04-02',
      amount: 1_000,
      description: 'ONLINE TRANSFER TO SAV 4410 REF SAVE-A',
    },
    {
      accountExternalId: 'sav',
      id: 'saved',
      date: '2026-04-02',
      amount: -1_000,
      description: 'ONLINE TRANSFER FROM CHK 7782 REF SAVED-A',
    },
  ]);
  await harness.sweep();
  const draw = await categoryOf(studio, 'DRAW-A');
  assert.deepEqual([draw.transactionType, draw.needsReview], ['transfer', true]);
  assert.equal((await categoryOf(studio, 'SAVE-A')).transactionType, 'transfer');
});

test("a local merchant no directory lists is filed by its trade word, with the business's name ignored", async () => {
  await push(plumber, [
    {
      accountExternalId: 'chk',
      id: 'sup',
      date: '2026-05-01',
      amount: 96.4,
      description: 'WINTHROP HEATING SUPPLY SUP-A SAINT PAUL MN',
    },
    {
      accountExternalId: 'chk',
      id: 'eat',
      date: '2026-05-02',
      amount: 23.1,
      description: 'TAQUERIA LA PERLA EAT-A MINNEAPOLIS MN',
    },
    // PLUMBING here is the business's own name as the insurer's ACH prints it, not a supplier's trade.
    {
      accountExternalId: 'chk',
      id: 'ins',
      date: '2026-05-03',
      amount: 310,
      description: 'LAKESIDE MUTUAL INS PREM INS-A SUMMIT PLUMBING & HEATING LLC',
    },
  ]);
  await harness.sweep();
  const supply = await categoryOf(plumber, 'SUP-A');
  assert.deepEqual([supply.category?.accountNumber, supply.category?.source], ['5000', 'regex']);
  assert.equal((await categoryOf(plumber, 'EAT-A')).category?.accountNumber, '6160');
  assert.equal((await categoryOf(plumber, 'INS-A')).category?.accountNumber, '6060');
});

test('a merchant the directory knows is not re-read by the words in its name', async () => {
  await push(studio, [
    {
      accountExternalId: 'chk',
      id: 'tools',
      date: '2026-05-04',
      amount: 54.99,
      description: 'HARBOR FREIGHT TOOLS TOOLS-A RICHFIELD MN',
    },
  ]);
  await harness.sweep();
  const tools = await categoryOf(studio, 'TOOLS-A');
  assert.deepEqual(
    [tools.category?.accountNumber, tools.category?.source],
    ['6130', 'directory'],
    'FREIGHT is a shipping word, Harbor Freight a tool store',
  );
});

test('the OpenAPI contract documents the industry and its values', async () => {
  const contract = (await harness.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
  const industry = contract.components.schemas.Entity.properties.industry;
  assert.ok(JSON.stringify(industry).includes('food_service'));
});
