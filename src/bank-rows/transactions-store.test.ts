import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createAccount, createHarness, type Harness } from '../../test/support/harness.ts';
import { insertCategorizedRows, type RowOwner } from '../../test/support/categorized-rows.ts';
import { tenantsWithSweepWork, updateSweptRows } from './sweep-queue.ts';
import fc from 'fast-check';
import { listTransactions } from './transactions-store.ts';
import { LISTED_COLUMNS, listedRowFromValues, toListedFields } from './bank-row.ts';

describe('updateSweptRows', () => {
  let harness: Harness;
  let owner: RowOwner;
  let other: RowOwner;

  before(async () => {
    harness = await createHarness();
    const tenant = await harness.newTenant('Alpha LLC');
    const otherTenant = await harness.newTenant('Beta LLC');
    owner = {
      tenantId: tenant.tenantId,
      entityId: tenant.entityId,
      bankAccountId: (await createAccount(tenant, 'chk')).id,
    };
    other = {
      tenantId: otherTenant.tenantId,
      entityId: otherTenant.entityId,
      bankAccountId: (await createAccount(otherTenant, 'chk')).id,
    };
  });

  after(async () => {
    await harness.close();
  });

  const rowsOf = (tenantId: string) =>
    harness.handle.db.selectFrom('transactions').selectAll().where('tenant_id', '=', tenantId).orderBy('seq').execute();

  it('writes each row its own decision across several statements, and marks it done', async () => {
    const count = 1_100;
    await insertCategorizedRows(
      harness.handle.db,
      owner,
      Array.from({ length: count }, (_, index) => ({
        description: `PAYEE ${index}`,
        amountMinor: 100 + index,
        target: null,
      })),
    );
    const rows = await rowsOf(owner.tenantId);
    await harness.handle.db
      .updateTable('transactions')
      .set({ transfer_pair_id: 'kept-link' })
      .where('id', '=', rows[1].id)
      .execute();
    const now = new Date('2026-03-01T12:00:00.000Z').toISOString();
    await updateSweptRows(
      harness.handle.db,
      owner.tenantId,
      rows.map((row, index) => ({
        seq: row.seq,
        categoryTarget: index % 2 === 0 ? '6200' : '4000',
        categoryConfidence: index % 3 === 0 ? null : 0.5 + index / 1000,
        categorySource: index % 3 === 0 ? null : 'rag',
        transactionType: index % 2 === 0 ? 'expense' : 'income',
        needsReview: index % 3 === 0,
        journalEntryId: index % 5 === 0 ? null : `entry-${index}`,
        ...(index === 0 ? { transferPairId: 'pair-0' } : {}),
      })),
      now,
    );

    const updated = await rowsOf(owner.tenantId);
    assert.equal(updated.length, count);
    updated.forEach((row, index) => {
      assert.equal(row.category_target, index % 2 === 0 ? '6200' : '4000');
      assert.equal(row.category_confidence, index % 3 === 0 ? null : 0.5 + index / 1000);
      assert.equal(row.category_source, index % 3 === 0 ? null : 'rag');
      assert.equal(row.transaction_type, index % 2 === 0 ? 'expense' : 'income');
      assert.equal(Number(row.needs_review), index % 3 === 0 ? 1 : 0);
      assert.equal(row.journal_entry_id, index % 5 === 0 ? null : `entry-${index}`);
      assert.equal(row.sweep_state, 'done');
      assert.equal(new Date(row.updated_at).toISOString(), now);
      assert.equal(row.transfer_pair_id, index === 0 ? 'pair-0' : index === 1 ? 'kept-link' : null);
    });
  });

  it("never touches another tenant's row, whatever seqs it is given", async () => {
    await insertCategorizedRows(harness.handle.db, other, [
      { description: 'THEIR PAYEE', amountMinor: 500, target: null },
    ]);
    const [theirs] = await rowsOf(other.tenantId);
    await updateSweptRows(
      harness.handle.db,
      owner.tenantId,
      [
        {
          seq: theirs.seq,
          categoryTarget: '6200',
          categoryConfidence: 0.9,
          categorySource: 'rag',
          transactionType: 'expense',
          needsReview: false,
          journalEntryId: null,
        },
      ],
      new Date().toISOString(),
    );
    const [after] = await rowsOf(other.tenantId);
    assert.equal(after.category_target, null);
    assert.equal(after.sweep_state, 'pending');
  });

  it('does nothing for no rows', async () => {
    await updateSweptRows(harness.handle.db, owner.tenantId, [], new Date().toISOString());
  });
});

describe('tenantsWithSweepWork', () => {
  let harness: Harness;

  before(async () => {
    harness = await createHarness();
  });

  after(async () => {
    await harness.close();
  });

  it('lists each tenant with waiting rows once, none whose rows are all done, at most as many as asked', async () => {
    const owners: RowOwner[] = [];
    for (const name of ['Waiting One LLC', 'All Done LLC', 'Waiting Two LLC', 'Waiting Three LLC']) {
      const tenant = await harness.newTenant(name);
      owners.push({
        tenantId: tenant.tenantId,
        entityId: tenant.entityId,
        bankAccountId: (await createAccount(tenant, `chk-${owners.length}`)).id,
      });
    }
    const [one, done, two, three] = owners;
    assert.deepEqual(await tenantsWithSweepWork(harness.handle.db, 100), []);
    await insertCategorizedRows(harness.handle.db, done, [{ description: 'FILED', amountMinor: 100, target: '6200' }]);
    for (const owner of [one, two, three]) {
      await insertCategorizedRows(harness.handle.db, owner, [
        { description: 'FILED', amountMinor: 100, target: '6200' },
        ...Array.from({ length: 3 }, (_, index) => ({
          description: `WAITING ${index}`,
          amountMinor: 200 + index,
          target: null,
        })),
      ]);
    }
    const waiting = [one, two, three].map((owner) => owner.tenantId).sort();
    assert.deepEqual(await tenantsWithSweepWork(harness.handle.db, 100), waiting);
    assert.deepEqual(await tenantsWithSweepWork(harness.handle.db, 2), waiting.slice(0, 2));
    assert.deepEqual(await tenantsWithSweepWork(harness.handle.db, 1), waiting.slice(0, 1));
  });
});

describe('listTransactions', () => {
  let harness: Harness;
  let owner: RowOwner;

  before(async () => {
    harness = await createHarness();
    const tenant = await harness.newTenant('Listing LLC');
    owner = {
      tenantId: tenant.tenantId,
      entityId: tenant.entityId,
      bankAccountId: (await createAccount(tenant, 'chk')).id,
    };
    // Text JSON must escape (quotes, backslashes, control characters, astral characters), nulls and both signs.
    const descriptions = ['CAFÉ "LE" BISTRO', 'BACK\\SLASH\tTAB', 'EMOJI 🍕 PIZZA', "O'NEIL'S PUB", 'PLAIN 42'];
    await insertCategorizedRows(
      harness.handle.db,
      owner,
      Array.from({ length: 120 }, (_, index) => ({
        description: descriptions[index % descriptions.length],
        amountMinor: (index % 7 === 0 ? -1 : 1) * (index * 37 + 1),
        target: index % 4 === 0 ? null : index % 2 === 0 ? '6200' : '4000',
        needsReview: index % 3 === 0,
        date: `2026-0${1 + (index % 3)}-${String(1 + (index % 27)).padStart(2, '0')}`,
      })),
    );
  });

  after(async () => {
    await harness.close();
  });

  it('a listed row read as values is the row read as columns', () => {
    const values = LISTED_COLUMNS.map((column, index) => `${column}:${index}`);
    assert.deepEqual(Object.keys(listedRowFromValues(values)), [...LISTED_COLUMNS]);
    assert.deepEqual(Object.values(listedRowFromValues(values)), values);
  });

  it('property: any page is the rows a plain read gives, in the same order, field for field', async () => {
    const plain = (
      await harness.handle.db
        .selectFrom('transactions')
        .selectAll()
        .where('tenant_id', '=', owner.tenantId)
        .orderBy('date', 'desc')
        .orderBy('seq', 'desc')
        .execute()
    ).map((row) => toListedFields(row));
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 130 }),
        fc.constantFrom(undefined, 'PIZZA', '"LE"', 'back\\'),
        async (limit, offset, search) => {
          const listed = await listTransactions(harness.handle.db, { tenantId: owner.tenantId, limit, offset, search });
          const expected = plain
            .filter(
              (row) =>
                search === undefined ||
                row.description.toLowerCase().includes(search.toLowerCase()) ||
                (row.merchant ?? '').toLowerCase().includes(search.toLowerCase()),
            )
            .slice(offset, offset + limit + 1);
          assert.deepEqual(
            listed.map(({ categoryAccountName: _, ...fields }) => fields),
            expected,
          );
        },
      ),
      { numRuns: 40 },
    );
  });
});
