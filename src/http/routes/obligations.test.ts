import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createAccount, createHarness, push, type Harness, type TestTenant } from '../../../test/support/harness.ts';
import { confirmObligation, fileObligation, syncObligationsIn } from '../../compliance/obligations.ts';
import { DomainError } from '../../errors.ts';
import type { EntityProfileInput } from '../../tenancy/entity-profile.ts';
import { updateEntityProfile } from '../../tenancy/tenants.ts';

let today = '2026-03-20';
const clock = () => new Date(`${today}T12:00:00Z`);

let harness: Harness;
let acme: TestTenant;
let globex: TestTenant;

before(async () => {
  harness = await createHarness({ now: clock });
  // On the service since December 2025: what fell due from then on is theirs to file here.
  today = '2025-12-01';
  acme = await harness.newTenant('Acme LLC');
  globex = await harness.newTenant('Globex LLC');
  today = '2026-03-20';
});
after(() => harness.close());

interface Row {
  id: string;
  ruleId: string;
  period: string;
  deadline: string;
  status: string;
  amountDue: number;
  amountNote: string;
  overdue: boolean;
  daysOverdue: number;
  filedAt: string | null;
  [field: string]: unknown;
}

async function calendar(tenant: TestTenant, query = ''): Promise<Row[]> {
  const response = await tenant.call('GET', `/v1/obligations?limit=500${query}`);
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data;
}

const find = (rows: Row[], ruleId: string, period: string) =>
  rows.find((row) => row.ruleId === ruleId && row.period === period);

function updateProfile(tenant: TestTenant, changes: Partial<EntityProfileInput>) {
  return updateEntityProfile(harness.handle, tenant.tenantId, tenant.entityId, changes, (trx, row) =>
    syncObligationsIn(trx, tenant.tenantId, row, today, clock().toISOString()),
  );
}

test('the calendar is generated from the entity profile: a Delaware LLC taxed as a sole proprietorship', async () => {
  today = '2026-03-20';
  const rows = await calendar(acme);
  const delaware = find(rows, 'us-de-annual-tax', '2025');
  assert.ok(delaware);
  assert.deepEqual(
    {
      deadline: delaware.deadline,
      amountDue: delaware.amountDue,
      currency: delaware.currency,
      status: delaware.status,
      jurisdictionLevel: delaware.jurisdictionLevel,
      stateCode: delaware.stateCode,
      authority: delaware.authority,
      frequency: delaware.frequency,
      country: delaware.country,
      entityId: delaware.entityId,
      filedAt: delaware.filedAt,
    },
    {
      deadline: '2026-06-01',
      amountDue: 300,
      currency: 'USD',
      status: 'upcoming',
      jurisdictionLevel: 'state',
      stateCode: 'DE',
      authority: 'Delaware Division of Corporations',
      frequency: 'annual',
      country: 'US',
      entityId: acme.entityId,
      filedAt: null,
    },
  );
  assert.equal(find(rows, 'us-fed-1040-schedule-c', '2025')?.deadline, '2026-04-15');
  assert.equal(
    find(rows, 'us-fed-1040-schedule-c', '2025')?.formReference,
    'Form 1040 with Schedule C (and Schedule SE)',
  );
  const lastQuarter = find(rows, 'us-fed-1040-es', '2025-Q4');
  assert.deepEqual(
    [lastQuarter?.overdue, lastQuarter?.daysOverdue],
    [true, 64],
    'January 15 is 64 days before March 20',
  );
  assert.equal(find(rows, 'us-fed-1040-es', '2026-Q1')?.overdue, false);
  assert.ok(!rows.some((row) => row.ruleId.startsWith('us-fed-941')), 'no wages in the books, no payroll forms');
  const deadlines = rows.map((row) => row.deadline);
  assert.deepEqual(deadlines, [...deadlines].sort(), 'deadline ascending');
  // Regenerating is idempotent: the same rows, the same ids.
  const again = await calendar(acme);
  assert.deepEqual(
    again.map((row) => row.id),
    rows.map((row) => row.id),
  );
});

test('the books change the calendar: wages, contract labor and payroll liabilities', async () => {
  today = '2026-03-20';
  await createAccount(acme, 'chk');
  await push(acme, [
    { accountExternalId: 'chk', id: 'deposit', date: '2026-02-10', amount: -10000, description: 'ACME CLIENT DEPOSIT' },
    { accountExternalId: 'chk', id: 'payroll', date: '2026-02-27', amount: 1000, description: 'GUSTO PAYROLL' },
    { accountExternalId: 'chk', id: 'designer', date: '2026-03-05', amount: 400, description: 'JANE DOE DESIGN' },
    {
      accountExternalId: 'chk',
      id: 'withheld',
      date: '2026-03-06',
      amount: -1234.56,
      description: 'TAX WITHHOLDING RESERVE',
    },
  ]);
  await harness.sweep();
  const listed = (await acme.call('GET', '/v1/transactions?from=2026-02-01&to=2026-03-31')).json().data as Array<{
    id: string;
    description: string;
  }>;
  const idOf = (description: string) => listed.find((row) => row.description === description)?.id;
  assert.equal(
    (await acme.call('PATCH', `/v1/transactions/${idOf('JANE DOE DESIGN')}`, { category: '6030' })).statusCode,
    200,
  );
  assert.equal(
    (await acme.call('PATCH', `/v1/transactions/${idOf('TAX WITHHOLDING RESERVE')}`, { category: '2200' })).statusCode,
    200,
  );
  const rows = await calendar(acme);
  assert.equal(find(rows, 'us-fed-941', '2026-Q1')?.deadline, '2026-04-30');
  assert.equal(find(rows, 'us-fed-941', '2026-Q1')?.amountDue, 1234.56, 'the payroll liability balance so far');
  assert.equal(find(rows, 'us-fed-941', '2026-Q1')?.status, 'upcoming', 'April 30 is more than 30 days away');
  assert.ok(
    find(rows, 'us-fed-940', '2026') && find(rows, 'us-fed-w2-w3', '2026') && find(rows, 'us-fed-1099-nec', '2026'),
  );
  assert.ok(!find(rows, 'us-fed-941', '2025-Q4'), 'no wages booked in 2025');
  // Estimated tax is 0 with its reason until the owner asks; then 25% of the net income booked.
  assert.equal(find(rows, 'us-fed-1040-es', '2026-Q1')?.amountDue, 0);
  assert.match(find(rows, 'us-fed-1040-es', '2026-Q1')?.amountNote ?? '', /asks/);
  await updateProfile(acme, { estimatedTaxRatePercent: 'default' });
  const estimated = find(await calendar(acme), 'us-fed-1040-es', '2026-Q1');
  assert.equal(estimated?.amountDue, 2150, '25% of (10,000 − 1,000 − 400)');
  assert.equal(estimated?.status, 'payment_pending', 'due in 26 days with an amount');
});

test('status transitions: upcoming → payment_pending → confirmed → overdue → filed', async () => {
  today = '2026-04-20';
  let row = find(await calendar(acme), 'us-de-annual-tax', '2025');
  assert.equal(row?.status, 'upcoming', '42 days before June 1');
  today = '2026-05-10';
  row = find(await calendar(acme, '&status=payment_pending'), 'us-de-annual-tax', '2025');
  assert.equal(row?.status, 'payment_pending', '22 days before June 1, $300 due');
  const confirmed = await confirmObligation(harness.handle, row!.id, clock(), acme.tenantId);
  assert.equal(confirmed.status, 'confirmed');
  assert.ok(confirmed.confirmedAt);
  assert.deepEqual(
    (await calendar(acme, '&status=confirmed')).map((r) => r.id),
    [row!.id],
  );
  assert.equal(
    (await confirmObligation(harness.handle, row!.id, clock(), acme.tenantId)).confirmedAt,
    confirmed.confirmedAt,
    'confirming twice changes nothing',
  );
  today = '2026-06-05';
  row = find(await calendar(acme), 'us-de-annual-tax', '2025');
  assert.deepEqual([row?.status, row?.overdue, row?.daysOverdue], ['confirmed', true, 4]);
  const filed = await fileObligation(harness.handle, row!.id, clock(), acme.tenantId);
  assert.deepEqual([filed.status, filed.overdue, filed.daysOverdue], ['filed', false, 0]);
  assert.ok(filed.filedAt);
  assert.equal(
    (await fileObligation(harness.handle, row!.id, clock())).filedAt,
    filed.filedAt,
    'filing twice keeps the first filedAt',
  );
  await assert.rejects(
    confirmObligation(harness.handle, row!.id, clock()),
    (error: DomainError) => error.code === 'conflict',
  );
  assert.deepEqual(
    (await calendar(acme, '&status=filed')).map((r) => r.id),
    [row!.id],
  );
  const mixed = await calendar(acme, '&status=filed,confirmed,upcoming');
  assert.ok(mixed.every((r) => ['filed', 'confirmed', 'upcoming'].includes(r.status)) && mixed.length > 1);
});

test('a filed extension moves its return to the extended deadline', async () => {
  today = '2026-04-01';
  const extension = find(await calendar(acme), 'us-fed-4868', '2025');
  await fileObligation(harness.handle, extension!.id, clock(), acme.tenantId);
  const ret = find(await calendar(acme), 'us-fed-1040-schedule-c', '2025');
  assert.equal(ret?.deadline, '2026-10-15');
  assert.match(String(ret?.deadlineNote), /Extended/);
});

test("profile changes regenerate the calendar and never lose the owner's marks", async () => {
  today = '2026-04-01';
  await updateProfile(acme, { salesTaxStates: ['tx'] });
  let rows = await calendar(acme);
  const texasQ2 = find(rows, 'us-tx-sales-tax-quarterly', '2026-Q2');
  assert.equal(texasQ2?.deadline, '2026-07-20');
  assert.equal(find(rows, 'us-tx-sales-tax-quarterly', '2026-Q1')?.authority, 'Texas Comptroller of Public Accounts');
  await confirmObligation(harness.handle, texasQ2!.id, clock(), acme.tenantId);
  // Taxed as a partnership from now on, no longer collecting Texas sales tax.
  await updateProfile(acme, { salesTaxStates: [], regime: 'partnership' });
  rows = await calendar(acme);
  assert.equal(find(rows, 'us-tx-sales-tax-quarterly', '2026-Q2')?.status, 'confirmed', 'a confirmed row stays');
  assert.ok(!find(rows, 'us-tx-sales-tax-quarterly', '2026-Q3'), 'rows nobody acted on go');
  assert.ok(!find(rows, 'us-fed-1040-schedule-c', '2026'));
  assert.equal(find(rows, 'us-fed-1065', '2026')?.deadline, '2027-03-15');
  assert.equal(find(rows, 'us-de-annual-tax', '2025')?.status, 'filed', 'a filed row stays');
  assert.equal(find(rows, 'us-fed-4868', '2025')?.status, 'filed');
});

test("tenancy: one tenant never sees or acts on another's obligations", async () => {
  today = '2026-04-01';
  const acmeIds = new Set((await calendar(acme)).map((row) => row.id));
  const globexRows = await calendar(globex);
  assert.ok(
    globexRows.length > 0 && globexRows.every((row) => !acmeIds.has(row.id) && row.entityId === globex.entityId),
  );
  assert.ok(!find(globexRows, 'us-fed-941', '2026-Q1'), "acme's payroll does not leak into globex's calendar");
  const foreign = await globex.call('GET', `/v1/obligations?entityId=${acme.entityId}`);
  assert.equal(foreign.statusCode, 404);
  await assert.rejects(
    confirmObligation(harness.handle, [...acmeIds][0], clock(), globex.tenantId),
    (error: DomainError) => error.code === 'not_found',
  );
});

test('query validation, pagination, scope', async () => {
  today = '2026-04-01';
  for (const [query, field] of [
    ['status=bogus', 'status'],
    ['status=filed,', 'status'],
    ['limit=0', 'limit'],
    ['limit=501', 'limit'],
    ['limit=ten', 'limit'],
    ['offset=-1', 'offset'],
    ['from=2026-02-30', 'from'],
    ['entityId=42', 'entityId'],
  ]) {
    const response = await acme.call('GET', `/v1/obligations?${query}`);
    assert.equal(response.statusCode, 400, query);
    assert.equal(response.json().error, 'invalid_request');
    assert.ok(response.json().reason.startsWith(field), `${query}: ${response.json().reason}`);
  }
  const all = await calendar(acme);
  const firstPage = (await acme.call('GET', '/v1/obligations')).json();
  assert.equal(firstPage.meta.pagination.limit, 100);
  const paged: Row[] = [];
  for (let offset: number | null = 0; offset !== null; ) {
    const page: { data: Row[]; meta: { pagination: { nextOffset: number | null } } } = (
      await acme.call('GET', `/v1/obligations?limit=7&offset=${offset}`)
    ).json();
    paged.push(...page.data);
    offset = page.meta.pagination.nextOffset;
  }
  assert.deepEqual(
    paged.map((row) => row.id),
    all.map((row) => row.id),
  );
  const fromJuly = await calendar(acme, '&from=2026-07-01');
  assert.deepEqual(
    fromJuly.map((row) => row.id),
    all.filter((row) => row.deadline >= '2026-07-01').map((row) => row.id),
  );
  const writeOnly = await acme.keyWith(['write']);
  const forbidden = await harness.app.inject({
    method: 'GET',
    url: '/v1/obligations',
    headers: { authorization: `Bearer ${writeOnly}` },
  });
  assert.equal(forbidden.statusCode, 403);
  const contract = (await harness.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
  assert.ok(contract.paths['/obligations'].get);
  assert.ok(contract.components.schemas.Obligation.properties.daysOverdue);
});
