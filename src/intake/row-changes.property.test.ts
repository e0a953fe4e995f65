import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import {
  createAccount,
  createHarness,
  ON_POSTGRES,
  push,
  type Harness,
  type TestTenant,
} from '../../test/support/harness.ts';
import { recomputationViolations } from '../../test/support/recomputation.ts';
import { withWriteTransaction } from '../db/transaction.ts';
import { sweepOnce } from '../sweep/sweep.ts';
import { externalIdFor } from './identity.ts';
import { BookingContext, reviseRow, withdrawRow } from './row-changes.ts';
import { findRowsByExternalIds } from '../bank-rows/row-changes-store.ts';

/**
 * Property: rows that change after they arrive (pending rows settling with other values, a feed's
 * modified and removed rows), interleaved with partial sweeps and human corrections, leave the
 * journal equal to a recomputation from the rows (test/support/recomputation.ts), and each row
 * carries the values the bank last sent.
 */
const RUNS = Number(process.env.ROW_CHANGE_RUNS ?? (ON_POSTGRES ? 25 : 80));
const AS_OF = '2026-12-31';
const DESCRIPTIONS = ['SQ *BLUE BOTTLE COFFEE', 'OFFICE DEPOT 221', 'STRIPE PAYOUT', 'UBER TRIP', 'FIGMA MONTHLY'];

type Values = { date: string; amountMinor: number; description: string };
type Operation =
  | { kind: 'add'; values: Values; pending: boolean }
  | { kind: 'settle'; pick: number; values: Values }
  | { kind: 'modify'; pick: number; values: Values }
  | { kind: 'remove'; pick: number }
  | { kind: 'correct'; pick: number; category: string }
  | { kind: 'sweepStep'; batchSize: number };

const valuesArbitrary = fc.record({
  date: fc.integer({ min: 1, max: 28 }).map((day) => `2026-06-${String(day).padStart(2, '0')}`),
  amountMinor: fc.integer({ min: -200_000, max: 200_000 }).filter((minor) => minor !== 0),
  description: fc.constantFrom(...DESCRIPTIONS),
});
const operationArbitrary: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('add' as const), values: valuesArbitrary, pending: fc.boolean() }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('settle' as const), pick: fc.nat(), values: valuesArbitrary }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('modify' as const), pick: fc.nat(), values: valuesArbitrary }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('correct' as const),
      pick: fc.nat(),
      category: fc.constantFrom('6200', '6210', '4000', '5000'),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('sweepStep' as const), batchSize: fc.integer({ min: 1, max: 3 }) }),
  },
);

let harness: Harness;
let runNumber = 0;
before(async () => {
  harness = await createHarness();
});
after(() => harness.close());

async function runOperations(tenant: TestTenant, operations: readonly Operation[]): Promise<string[]> {
  const account = await createAccount(tenant, 'card-1', { kind: 'credit_card', name: 'Card' });
  /** The model: what the bank last said about each row still there, by client id. */
  const model = new Map<string, Values & { pending: boolean }>();
  let ids = 0;
  const violations: string[] = [];
  const pick = (index: number) => {
    const keys = [...model.keys()];
    return keys.length === 0 ? undefined : keys[index % keys.length];
  };
  const send = async (id: string, values: Values, pending: boolean) => {
    const response = await push(tenant, [
      {
        accountExternalId: 'card-1',
        id,
        date: values.date,
        amount: values.amountMinor / 100,
        description: values.description,
        pending,
      },
    ]);
    if (response.statusCode !== 200) violations.push(`push ${id}: ${response.statusCode} ${response.body}`);
  };
  const lockedRow = async (trx: Parameters<Parameters<typeof withWriteTransaction>[1]>[0], id: string) => {
    const [row] = await findRowsByExternalIds(trx, tenant.tenantId, [account.id], [externalIdFor(id, '')], ON_POSTGRES);
    return row;
  };
  for (const operation of operations) {
    switch (operation.kind) {
      case 'add': {
        const id = `t${ids++}`;
        await send(id, operation.values, operation.pending);
        model.set(id, { ...operation.values, pending: operation.pending });
        break;
      }
      case 'settle': {
        // A re-send through POST /transactions: settles a pending row with the settled values; a settled row is final.
        const id = pick(operation.pick);
        if (!id) break;
        await send(id, operation.values, false);
        const known = model.get(id)!;
        if (known.pending) model.set(id, { ...operation.values, pending: false });
        break;
      }
      case 'modify': {
        // A feed's modified row: new values whatever the row's state; pending stays as the row is.
        const id = pick(operation.pick);
        if (!id) break;
        const known = model.get(id)!;
        await withWriteTransaction(harness.handle, async (trx) => {
          const row = await lockedRow(trx, id);
          await reviseRow(
            trx,
            tenant.tenantId,
            row,
            { ...operation.values, authorizedDate: null, merchant: null, pending: known.pending },
            new BookingContext(trx, tenant.tenantId),
            new Date().toISOString(),
          );
        });
        model.set(id, { ...operation.values, pending: known.pending });
        break;
      }
      case 'remove': {
        const id = pick(operation.pick);
        if (!id) break;
        await withWriteTransaction(harness.handle, async (trx) =>
          withdrawRow(trx, tenant.tenantId, await lockedRow(trx, id), new Date().toISOString()),
        );
        model.delete(id);
        break;
      }
      case 'correct': {
        const id = pick(operation.pick);
        if (!id) break;
        const [row] = await findRowsByExternalIds(
          harness.handle.db,
          tenant.tenantId,
          [account.id],
          [externalIdFor(id, '')],
          false,
        );
        const response = await tenant.call('PATCH', `/v1/transactions/${row.id}`, { category: operation.category });
        if (response.statusCode !== 200) violations.push(`correct: ${response.statusCode} ${response.body}`);
        break;
      }
      case 'sweepStep':
        await sweepOnce(harness.handle, {
          batchSize: operation.batchSize,
          reviewThreshold: harness.config.reviewThreshold,
        });
        break;
    }
  }
  await harness.sweep();
  violations.push(...(await recomputationViolations(harness.handle, tenant.tenantId, { asOf: AS_OF })));
  const rows = await harness.handle.db
    .selectFrom('transactions')
    .selectAll()
    .where('tenant_id', '=', tenant.tenantId)
    .execute();
  if (rows.length !== model.size) violations.push(`${rows.length} rows, the bank has ${model.size}`);
  for (const row of rows) {
    const expected = model.get(row.external_id.replace(/^id:/, ''));
    if (!expected) {
      violations.push(`row ${row.external_id} should be gone`);
      continue;
    }
    const actual = {
      date: row.date,
      amountMinor: row.amount_minor,
      description: row.description,
      pending: row.pending === 1,
    };
    if (JSON.stringify(actual) !== JSON.stringify(expected))
      violations.push(
        `row ${row.external_id} holds ${JSON.stringify(actual)}, the bank said ${JSON.stringify(expected)}`,
      );
  }
  return violations;
}

test(`property: ${RUNS} random sequences of adds, settlements, modifications and removals leave the journal equal to a recomputation`, {
  timeout: 20 * 60_000,
}, async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(operationArbitrary, { minLength: 3, maxLength: 20 }), async (operations) => {
      const tenant = await harness.newTenant(`Changes ${++runNumber}`);
      assert.deepEqual(await runOperations(tenant, operations), []);
    }),
    { numRuns: RUNS },
  );
});

test('a pending card row re-sent settled with a tip and a later date is booked at the settled amount and date', async () => {
  const tenant = await harness.newTenant('Tip');
  await createAccount(tenant, 'card-1', { kind: 'credit_card', name: 'Card' });
  const first = await push(tenant, [
    {
      accountExternalId: 'card-1',
      id: 'c1',
      date: '2026-06-03',
      amount: 33.1,
      description: 'SQ *CAFE LUNA',
      pending: true,
    },
  ]);
  assert.equal(first.statusCode, 200);
  await harness.sweep();
  const settled = await push(tenant, [
    { accountExternalId: 'card-1', id: 'c1', date: '2026-06-05', amount: 35.6, description: 'SQ *CAFE LUNA' },
  ]);
  assert.deepEqual(settled.json().data, { received: 1, imported: 0, deduplicated: 1 });
  await harness.sweep();
  const [row] = (await tenant.call('GET', '/v1/transactions?from=2026-06-01&to=2026-06-30')).json().data;
  assert.equal(row.amount, 35.6);
  assert.equal(row.date, '2026-06-05');
  assert.equal(row.pending, false);
  const entries = (await tenant.call('GET', '/v1/journal-entries?from=2026-06-01&to=2026-06-30')).json().data;
  assert.equal(entries.length, 1);
  assert.equal(entries[0].entryDate, '2026-06-05');
  assert.deepEqual(
    entries[0].lines.map((line: { debit: number | null; credit: number | null }) => line.debit ?? line.credit),
    [35.6, 35.6],
  );
  // Settled is final: a later re-send with other values changes nothing.
  await push(tenant, [
    { accountExternalId: 'card-1', id: 'c1', date: '2026-06-09', amount: 40, description: 'SQ *CAFE LUNA' },
  ]);
  await harness.sweep();
  assert.equal((await tenant.call('GET', `/v1/transactions/${row.id}`)).json().data.amount, 35.6);
  assert.deepEqual(await recomputationViolations(harness.handle, tenant.tenantId, { asOf: AS_OF }), []);
});
