import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createAccount, createHarness, push, type Harness, type TestTenant } from '../../test/support/harness.ts';
import { directoryTier, serviceTiers } from './categorize/tiers.ts';
import type { TierRuntime } from './categorize/run.ts';
import { SweepSchedule } from './schedule.ts';
import { sweepOnce, TENANT_FAILURES_BEFORE_PARKING, type SweepSettings } from './sweep.ts';

let harness: Harness;
const quiet = { error() {} };

before(async () => {
  harness = await createHarness();
});
after(() => harness.close());

/** A categorizer with a bug that one descriptor triggers: the test seam for a poison row. */
const POISON = 'ZZQ POISON VENDOR';
const poisonedTiers: TierRuntime = {
  ...serviceTiers(),
  directory: (row) => {
    if (row.description.includes(POISON)) throw new Error('categorizer crashed on this row');
    return directoryTier(row);
  },
};
const settings = (extra: Partial<SweepSettings> = {}): SweepSettings => ({
  batchSize: 50,
  reviewThreshold: 0.85,
  tiers: poisonedTiers,
  logger: quiet,
  ...extra,
});

/** Tenants in the order the sweep visits them (tenant id order), each with a checking account. */
async function tenantsInSweepOrder(count: number): Promise<TestTenant[]> {
  const tenants: TestTenant[] = [];
  for (let index = 0; index < count; index++) {
    const tenant = await harness.newTenant(`Tenant ${index}`);
    await createAccount(tenant, 'chk');
    tenants.push(tenant);
  }
  return tenants.sort((a, b) => a.tenantId.localeCompare(b.tenantId));
}

const rowsOf = (count: number, date: string, prefix: string) =>
  Array.from({ length: count }, (_, index) => ({
    accountExternalId: 'chk',
    id: `${prefix}${index}`,
    date,
    amount: 10 + index,
    description: `OFFICE DEPOT #${index}`,
  }));
const listed = async (tenant: TestTenant, query: string) =>
  (await tenant.call('GET', `/v1/transactions?${query}`)).json().data as Array<Record<string, any>>;
const failedRows = (tenant: TestTenant) => listed(tenant, 'sweepState=failed');

async function assertBalanced(tenant: TestTenant) {
  const balance = (await tenant.call('GET', '/v1/reports/trial-balance?asOf=2199-12-31')).json().data;
  assert.equal(balance.totals.debit, balance.totals.credit, 'the trial balance balances');
}

test('a poison row parks itself in the pass that meets it: the rest of its tenant and the next tenant are booked in that same pass', async () => {
  const [poisoned, bystander] = await tenantsInSweepOrder(2);
  const good = rowsOf(30, '2026-03-10', 'g');
  await push(poisoned, [
    ...good.slice(0, 11),
    { accountExternalId: 'chk', id: 'bad', date: '2026-03-10', amount: 42, description: `${POISON} 7` },
    ...good.slice(11),
  ]);
  await push(bystander, rowsOf(5, '2026-03-11', 'b'));

  const processed = await sweepOnce(harness.handle, settings(), new SweepSchedule());
  assert.equal(processed, 36, 'one pass: 30 + 5 rows booked and 1 parked');

  const bystanderRows = await listed(bystander, 'from=2026-03-11&to=2026-03-11');
  assert.equal(bystanderRows.length, 5);
  assert.ok(
    bystanderRows.every((row) => row.journalEntryId && row.sweepState === 'done'),
    'the tenant after the poisoned one is booked in the same pass',
  );
  const poisonedRows = await listed(poisoned, 'from=2026-03-10&to=2026-03-10&limit=200');
  assert.equal(
    poisonedRows.filter((row) => row.journalEntryId && row.sweepState === 'done').length,
    30,
    "the poisoned tenant's other rows are booked",
  );

  const [parked] = await failedRows(poisoned);
  assert.equal((await failedRows(poisoned)).length, 1);
  assert.equal(parked.description, `${POISON} 7`);
  assert.equal(parked.sweepState, 'failed');
  assert.equal(parked.journalEntryId, null);
  assert.match(parked.sweepError, /categorizer crashed on this row/);
  assert.ok(!Number.isNaN(Date.parse(parked.sweepFailedAt)));
  assert.deepEqual(await failedRows(bystander), [], 'the filter is scoped to the tenant');
  assert.equal(await sweepOnce(harness.handle, settings(), new SweepSchedule()), 0, 'a parked row is no longer queued');

  // Corrected: filed by a human, booked, out of the failed list.
  const patched = await poisoned.call('PATCH', `/v1/transactions/${parked.id}`, {
    category: '6100',
    reason: 'office supplies',
  });
  assert.equal(patched.statusCode, 200, patched.body);
  assert.ok(patched.json().data.journalEntryId);
  const corrected = (await poisoned.call('GET', `/v1/transactions/${parked.id}`)).json().data;
  assert.equal(corrected.sweepState, 'done');
  assert.equal(corrected.sweepError, null);
  assert.equal(corrected.sweepFailedAt, null);
  assert.deepEqual(await failedRows(poisoned), []);
  await assertBalanced(poisoned);
  await assertBalanced(bystander);
});

test('the real poison row: dated 9999-12-31 with two bank accounts is booked on both databases, and others are swept in the same pass', async () => {
  const [poisoned, bystander] = await tenantsInSweepOrder(2);
  await createAccount(poisoned, 'sav', { kind: 'savings' });
  await push(poisoned, rowsOf(4, '2026-04-01', 'g'));
  // Straight into the database: the API's own date checks may refuse such a date before it gets here.
  await push(poisoned, [
    { accountExternalId: 'chk', id: 'far', date: '2026-04-02', amount: 75, description: 'WIRE OUT' },
  ]);
  const [pushed] = await listed(poisoned, 'from=2026-04-02&to=2026-04-02');
  await harness.handle.db
    .updateTable('transactions')
    .set({ date: '9999-12-31' })
    .where('tenant_id', '=', poisoned.tenantId)
    .where('id', '=', pushed.id)
    .execute();
  await push(bystander, rowsOf(3, '2026-04-03', 'b'));

  await sweepOnce(harness.handle, settings({ tiers: undefined }), new SweepSchedule());
  assert.ok(
    (await listed(bystander, 'from=2026-04-03&to=2026-04-03')).every((row) => row.journalEntryId),
    'the next tenant is booked in the same pass',
  );
  assert.equal((await listed(poisoned, 'from=2026-04-01&to=2026-04-01')).filter((row) => row.journalEntryId).length, 4);
  const far = (await poisoned.call('GET', `/v1/transactions/${pushed.id}`)).json().data;
  assert.equal(far.date, '9999-12-31');
  // Transfer pairing's date arithmetic stays inside real dates (shared/dates.ts addDays), so the row
  // that once stopped every later tenant on PostgreSQL is simply booked, on both databases; rows
  // that still fail are parked (the injected-poison tests above).
  assert.equal(far.sweepState, 'done');
  assert.ok(far.journalEntryId);

  // Removed: gone, out of the failed list, and whatever it had booked reversed.
  const removed = await poisoned.call('DELETE', `/v1/transactions/${far.id}`);
  assert.equal(removed.statusCode, 200, removed.body);
  assert.equal(removed.json().data.id, far.id);
  assert.equal(
    removed.json().data.reversalEntryId === null,
    far.journalEntryId === null,
    'a booked row is reversed, an unbooked one simply goes',
  );
  assert.equal((await poisoned.call('GET', `/v1/transactions/${far.id}`)).statusCode, 404);
  assert.deepEqual(await failedRows(poisoned), []);
  await assertBalanced(poisoned);
});

test('a fault of the whole tenant (every row fails) parks nothing at first: the tenant backs off while others go on, and its rows are parked only if it keeps failing', async () => {
  const [broken, bystander] = await tenantsInSweepOrder(2);
  await push(
    broken,
    [0, 1, 2].map((index) => ({
      accountExternalId: 'chk',
      id: `p${index}`,
      date: '2026-05-01',
      amount: 5 + index,
      description: `${POISON} ${index}`,
    })),
  );
  let nowMs = 1_000_000;
  const schedule = new SweepSchedule({ baseMs: 1_000, maxMs: 60_000 }, () => nowMs);

  for (let failure = 1; failure < TENANT_FAILURES_BEFORE_PARKING; failure++) {
    await push(bystander, rowsOf(2, '2026-05-02', `b${failure}-`));
    await sweepOnce(harness.handle, settings(), schedule);
    assert.ok(
      (await listed(bystander, 'from=2026-05-02&to=2026-05-02')).every((row) => row.journalEntryId),
      'the other tenant is booked',
    );
    assert.deepEqual(await failedRows(broken), [], `nothing parked after ${failure} failure(s) of the whole batch`);
    assert.equal((await listed(broken, 'sweepState=queued')).length, 3);
    assert.equal(schedule.due(broken.tenantId), false, 'backing off');
    nowMs += 1_000 * 2 ** (failure - 1) - 1;
    assert.equal(schedule.due(broken.tenantId), false, 'exponential: not due before its backoff ends');
    nowMs += 1;
    assert.equal(schedule.due(broken.tenantId), true);
  }
  await sweepOnce(harness.handle, settings(), schedule);
  assert.equal(
    (await failedRows(broken)).length,
    3,
    `parked after ${TENANT_FAILURES_BEFORE_PARKING} failures in a row`,
  );
});

test('fair round: a tenant with a backlog delays another by one batch at most, and the round resumes where it stopped', async () => {
  const [big, small, third] = await tenantsInSweepOrder(3);
  await push(big, rowsOf(400, '2026-06-01', 'big'));
  await push(small, rowsOf(3, '2026-06-02', 's'));
  assert.equal(
    await sweepOnce(harness.handle, settings(), new SweepSchedule()),
    53,
    'one batch of the backlog, then the small tenant',
  );
  assert.ok(
    (await listed(small, 'from=2026-06-02&to=2026-06-02')).every((row) => row.journalEntryId),
    'the small tenant is booked in the first pass',
  );
  assert.equal(
    (await listed(big, 'sweepState=queued&limit=200')).length,
    200,
    'the big one waits with the rest of its backlog (first page)',
  );

  // Two tenants a pass: the third is reached in the next pass instead of starting over at the first.
  await push(small, rowsOf(3, '2026-06-03', 's2-'));
  await push(third, rowsOf(3, '2026-06-03', 't'));
  const schedule = new SweepSchedule();
  assert.equal(await sweepOnce(harness.handle, settings({ tenantsPerPass: 2 }), schedule), 53, 'big and small');
  assert.equal(
    await sweepOnce(harness.handle, settings({ tenantsPerPass: 2 }), schedule),
    53,
    'third, then round to big',
  );
  assert.ok((await listed(third, 'from=2026-06-03&to=2026-06-03')).every((row) => row.journalEntryId));
  await assertBalanced(big);
});

test('DELETE /transactions/{id}: an unbooked row goes, a booked one is reversed; scoped to the tenant and to write keys', async () => {
  const [owner, other] = await tenantsInSweepOrder(2);
  await push(owner, [
    { accountExternalId: 'chk', id: 'booked', date: '2026-07-01', amount: 25, description: 'MONTHLY SERVICE FEE' },
    { accountExternalId: 'chk', id: 'pending', date: '2026-07-02', amount: 9, description: 'COFFEE', pending: true },
  ]);
  await sweepOnce(harness.handle, settings(), new SweepSchedule());
  const rows = await listed(owner, 'from=2026-07-01&to=2026-07-31');
  const booked = rows.find((row) => row.description === 'MONTHLY SERVICE FEE')!;
  const pending = rows.find((row) => row.pending)!;
  assert.ok(booked.journalEntryId);
  assert.equal(pending.journalEntryId, null);

  const readOnly = await owner.keyWith(['read']);
  const forbidden = await harness.app.inject({
    method: 'DELETE',
    url: `/v1/transactions/${booked.id}`,
    headers: { authorization: `Bearer ${readOnly}` },
  });
  assert.equal(forbidden.statusCode, 403);
  assert.equal(
    (await other.call('DELETE', `/v1/transactions/${booked.id}`)).statusCode,
    404,
    'another tenant cannot see it',
  );
  assert.equal(
    (await owner.call('DELETE', '/v1/transactions/00000000-0000-4000-8000-000000000000')).json().error,
    'not_found',
  );
  assert.equal(
    (await owner.call('DELETE', '/v1/transactions/no-such-row')).json().error,
    'invalid_request',
    'a malformed id is refused by its shape',
  );

  const removedPending = (await owner.call('DELETE', `/v1/transactions/${pending.id}`)).json().data;
  assert.deepEqual(removedPending, { id: pending.id, reversalEntryId: null });
  const removedBooked = (await owner.call('DELETE', `/v1/transactions/${booked.id}`)).json().data;
  assert.ok(removedBooked.reversalEntryId);
  assert.equal(
    (await owner.call('DELETE', `/v1/transactions/${booked.id}`)).statusCode,
    404,
    'removing twice finds nothing the second time',
  );

  const entries = (await owner.call('GET', '/v1/journal-entries?from=2026-07-01&to=2026-07-31')).json().data as Array<
    Record<string, any>
  >;
  const original = entries.find((entry) => entry.id === booked.journalEntryId)!;
  const reversal = entries.find((entry) => entry.id === removedBooked.reversalEntryId)!;
  assert.ok(original, 'the journal is append-only: the original entry stays');
  assert.equal(reversal.reversesEntryId, original.id);
  assert.equal(reversal.sourceId, booked.id);
  const fee = (await owner.call('GET', '/v1/reports/trial-balance?asOf=2026-07-31'))
    .json()
    .data.accounts.find((account: { accountNumber: string }) => account.accountNumber === '6210');
  assert.equal(fee?.balance ?? 0, 0, 'the fee is no longer in the books');
  assert.deepEqual(await listed(owner, 'from=2026-07-01&to=2026-07-31'), []);
  await assertBalanced(owner);
});

test('a pass yields to the event loop between batches, so requests are answered while a backlog drains (SQLite never yields by itself)', async () => {
  await harness.sweep();
  const tenants = await tenantsInSweepOrder(3);
  for (const [index, tenant] of tenants.entries()) await push(tenant, rowsOf(30, '2026-08-01', `y${index}-`));
  let turns = 0;
  const ticker = setInterval(() => {
    turns++;
  }, 0);
  try {
    // Batches of 10: at least 3 tenants × 1 batch in the pass, each followed by a turn of the event loop.
    assert.equal(await sweepOnce(harness.handle, settings({ batchSize: 10 }), new SweepSchedule()), 30);
  } finally {
    clearInterval(ticker);
  }
  assert.ok(turns >= 2, `timers ran between the batches (${turns} turns)`);
});

test('batch sizing: over the time budget a batch shrinks to what fits; a full batch within it grows, at most doubling, never past batchSize', () => {
  const schedule = new SweepSchedule();
  const budgeted = { batchSize: 500, batchBudgetMs: 50 };
  assert.equal(schedule.batchRows({ batchSize: 500 }), 500, 'without a budget: always batchSize');
  const first = schedule.batchRows(budgeted);
  assert.ok(first < 500, 'a budgeted sweep starts small');
  schedule.measured(budgeted, first, first, 5);
  assert.equal(schedule.batchRows(budgeted), 2 * first, 'fast: doubles');
  schedule.measured(budgeted, 2 * first, 10, 1);
  assert.equal(
    schedule.batchRows(budgeted),
    2 * first,
    'a short batch (the tenant had few rows) says nothing about size',
  );
  for (let round = 0; round < 10; round++)
    schedule.measured(budgeted, schedule.batchRows(budgeted), schedule.batchRows(budgeted), 1);
  assert.equal(schedule.batchRows(budgeted), 500, 'never past batchSize');
  schedule.measured(budgeted, 500, 500, 250);
  assert.equal(schedule.batchRows(budgeted), 100, '500 rows in 250 ms: 100 fit in 50 ms');
  schedule.measured(budgeted, 100, 100, 10_000);
  assert.equal(schedule.batchRows(budgeted), 20, 'never below the minimum');
});
