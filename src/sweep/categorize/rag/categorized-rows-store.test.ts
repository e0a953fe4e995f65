import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { createAccount, createHarness, type Harness } from '../../../../test/support/harness.ts';
import { insertCategorizedRows, type RowOwner } from '../../../../test/support/categorized-rows.ts';
import { userOverridesBySeq, userOverrideVersionsSince } from './categorized-rows-store.ts';

describe('categorized rows store: rows a human filed', () => {
  let harness: Harness;
  let owner: RowOwner;
  let other: RowOwner;

  const seqsOf = async (tenantId: string) => (await harness.handle.db.selectFrom('transactions').select(['seq', 'category_source', 'updated_at'])
    .where('tenant_id', '=', tenantId).orderBy('seq').execute()).map((row) => ({ seq: Number(row.seq), source: row.category_source, updatedAt: row.updated_at }));

  before(async () => {
    harness = await createHarness();
    const tenant = await harness.newTenant('Overrides LLC');
    const otherTenant = await harness.newTenant('Elsewhere LLC');
    owner = { tenantId: tenant.tenantId, entityId: tenant.entityId, bankAccountId: (await createAccount(tenant, 'chk-o')).id };
    other = { tenantId: otherTenant.tenantId, entityId: otherTenant.entityId, bankAccountId: (await createAccount(otherTenant, 'chk-e')).id };
    await insertCategorizedRows(harness.handle.db, owner, [
      ...Array.from({ length: 600 }, (_, index) => ({ description: `HUMAN PAYEE ${index}`, amountMinor: 1_000 + index, target: '6130', source: 'user_override' })),
      { description: 'MACHINE PAYEE', amountMinor: 500, target: '6090' },
      { description: 'WAITING PAYEE', amountMinor: 700, target: null },
    ]);
    await insertCategorizedRows(harness.handle.db, other, [{ description: 'THEIR HUMAN PAYEE', amountMinor: 900, target: '6130', source: 'user_override' }]);
  });
  after(async () => {
    await harness.close();
  });

  it('lists the version of every human-filed row of the entity changed since a time, and none of another tenant', async () => {
    const rows = await seqsOf(owner.tenantId);
    const versions = await userOverrideVersionsSince(harness.handle.db, owner.tenantId, owner.entityId, new Date(0).toISOString());
    assert.deepEqual(versions.map((version) => version.seq).sort((a, b) => a - b), rows.filter((row) => row.source === 'user_override').map((row) => row.seq));
    assert.ok(versions.every((version) => version.target === '6130' && !version.needsReview));
    assert.deepEqual(await userOverrideVersionsSince(harness.handle.db, owner.tenantId, owner.entityId, '2999-01-01T00:00:00.000Z'), []);
  });

  // Any text but NUL, which PostgreSQL cannot store and SQLite's length() stops at.
  it('gives back any target and review flag exactly as stored', async () => {
    const stamp = '2001-01-01T00:00:00.000Z';
    const [row] = (await seqsOf(owner.tenantId)).filter((candidate) => candidate.source === 'user_override');
    await fc.assert(fc.asyncProperty(fc.option(fc.string({ unit: 'grapheme', maxLength: 12 }).filter((text) => !text.includes('\u0000'))), fc.boolean(), async (target, needsReview) => {
      await harness.handle.db.updateTable('transactions').set({ category_target: target, needs_review: needsReview ? 1 : 0, updated_at: '2999-06-01T00:00:00.000Z' })
        .where('tenant_id', '=', owner.tenantId).where('seq', '=', row.seq).execute();
      const versions = await userOverrideVersionsSince(harness.handle.db, owner.tenantId, owner.entityId, '2999-01-01T00:00:00.000Z');
      assert.deepEqual(versions, [{ seq: row.seq, target, needsReview }]);
    }), { numRuns: 40 });
    await harness.handle.db.updateTable('transactions').set({ category_target: '6130', needs_review: 0, updated_at: stamp })
      .where('tenant_id', '=', owner.tenantId).where('seq', '=', row.seq).execute();
  });

  it('reads the human-filed rows among the seqs asked for, in seq order, across chunks, never another tenant\'s', async () => {
    const mine = await seqsOf(owner.tenantId);
    const theirs = await seqsOf(other.tenantId);
    const asked = [...mine.map((row) => row.seq), ...theirs.map((row) => row.seq)].reverse();
    const found = await userOverridesBySeq(harness.handle.db, owner.tenantId, owner.entityId, asked);
    assert.deepEqual(found.map((row) => row.seq), mine.filter((row) => row.source === 'user_override').map((row) => row.seq));
    assert.ok(found.every((row) => row.source === 'user_override' && row.target === '6130' && row.updatedAt !== undefined));
    assert.deepEqual(await userOverridesBySeq(harness.handle.db, owner.tenantId, owner.entityId, []), []);
  });
});
