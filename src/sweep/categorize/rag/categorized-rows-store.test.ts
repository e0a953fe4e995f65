import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { createAccount, createHarness, type Harness } from '../../../../test/support/harness.ts';
import { insertCategorizedRows, type RowOwner } from '../../../../test/support/categorized-rows.ts';
import {
  changedOverrideSeqs,
  encodedOverrideVersionsSince,
  isTailOfVersions,
  overrideVersionToken,
  userOverridesBySeq,
  userOverrideVersionsSince,
} from './categorized-rows-store.ts';

describe('categorized rows store: rows a human filed', () => {
  let harness: Harness;
  let owner: RowOwner;
  let other: RowOwner;

  const seqsOf = async (tenantId: string) =>
    (
      await harness.handle.db
        .selectFrom('transactions')
        .select(['seq', 'category_source', 'updated_at'])
        .where('tenant_id', '=', tenantId)
        .orderBy('seq')
        .execute()
    ).map((row) => ({ seq: Number(row.seq), source: row.category_source, updatedAt: row.updated_at }));

  before(async () => {
    harness = await createHarness();
    const tenant = await harness.newTenant('Overrides LLC');
    const otherTenant = await harness.newTenant('Elsewhere LLC');
    owner = {
      tenantId: tenant.tenantId,
      entityId: tenant.entityId,
      bankAccountId: (await createAccount(tenant, 'chk-o')).id,
    };
    other = {
      tenantId: otherTenant.tenantId,
      entityId: otherTenant.entityId,
      bankAccountId: (await createAccount(otherTenant, 'chk-e')).id,
    };
    await insertCategorizedRows(harness.handle.db, owner, [
      ...Array.from({ length: 600 }, (_, index) => ({
        description: `HUMAN PAYEE ${index}`,
        amountMinor: 1_000 + index,
        target: '6130',
        source: 'user_override',
      })),
      { description: 'MACHINE PAYEE', amountMinor: 500, target: '6090' },
      { description: 'WAITING PAYEE', amountMinor: 700, target: null },
    ]);
    await insertCategorizedRows(harness.handle.db, other, [
      { description: 'THEIR HUMAN PAYEE', amountMinor: 900, target: '6130', source: 'user_override' },
    ]);
  });
  after(async () => {
    await harness.close();
  });

  it('lists the version of every human-filed row of the entity changed since a time, and none of another tenant', async () => {
    const rows = await seqsOf(owner.tenantId);
    const versions = await userOverrideVersionsSince(
      harness.handle.db,
      owner.tenantId,
      owner.entityId,
      new Date(0).toISOString(),
    );
    assert.deepEqual(
      versions.map((version) => version.seq).sort((a, b) => a - b),
      rows.filter((row) => row.source === 'user_override').map((row) => row.seq),
    );
    assert.ok(versions.every((version) => version.target === '6130' && !version.needsReview));
    assert.deepEqual(
      await userOverrideVersionsSince(harness.handle.db, owner.tenantId, owner.entityId, '2999-01-01T00:00:00.000Z'),
      [],
    );
  });

  // Any text but NUL, which PostgreSQL cannot store and SQLite's length() stops at.
  it('gives back any target and review flag exactly as stored', async () => {
    const stamp = '2001-01-01T00:00:00.000Z';
    const [row] = (await seqsOf(owner.tenantId)).filter((candidate) => candidate.source === 'user_override');
    await fc.assert(
      fc.asyncProperty(
        fc.option(fc.string({ unit: 'grapheme', maxLength: 12 }).filter((text) => !text.includes('\u0000'))),
        fc.boolean(),
        async (target, needsReview) => {
          await harness.handle.db
            .updateTable('transactions')
            .set({ category_target: target, needs_review: needsReview ? 1 : 0, updated_at: '2999-06-01T00:00:00.000Z' })
            .where('tenant_id', '=', owner.tenantId)
            .where('seq', '=', row.seq)
            .execute();
          const versions = await userOverrideVersionsSince(
            harness.handle.db,
            owner.tenantId,
            owner.entityId,
            '2999-01-01T00:00:00.000Z',
          );
          assert.deepEqual(versions, [{ seq: row.seq, target, needsReview }]);
          // The token the refresh keeps for what it applied matches the database's encoding exactly.
          const encoded = await encodedOverrideVersionsSince(
            harness.handle.db,
            owner.tenantId,
            owner.entityId,
            '2999-01-01T00:00:00.000Z',
          );
          assert.deepEqual(
            changedOverrideSeqs(encoded, () => overrideVersionToken(target, needsReview)),
            [],
          );
          assert.deepEqual(
            changedOverrideSeqs(encoded, () => overrideVersionToken(target, !needsReview)),
            [row.seq],
          );
          assert.deepEqual(
            changedOverrideSeqs(encoded, () => undefined),
            [row.seq],
          );
        },
      ),
      { numRuns: 40 },
    );
    await harness.handle.db
      .updateTable('transactions')
      .set({ category_target: '6130', needs_review: 0, updated_at: stamp })
      .where('tenant_id', '=', owner.tenantId)
      .where('seq', '=', row.seq)
      .execute();
  });

  it("reads the human-filed rows among the seqs asked for, in seq order, across chunks, never another tenant's", async () => {
    const mine = await seqsOf(owner.tenantId);
    const theirs = await seqsOf(other.tenantId);
    const asked = [...mine.map((row) => row.seq), ...theirs.map((row) => row.seq)].reverse();
    const found = await userOverridesBySeq(harness.handle.db, owner.tenantId, owner.entityId, asked);
    assert.deepEqual(
      found.map((row) => row.seq),
      mine.filter((row) => row.source === 'user_override').map((row) => row.seq),
    );
    assert.ok(
      found.every((row) => row.source === 'user_override' && row.target === '6130' && row.updatedAt !== undefined),
    );
    assert.deepEqual(await userOverridesBySeq(harness.handle.db, owner.tenantId, owner.entityId, []), []);
  });
});

describe('categorized rows store: finding changed versions in place', () => {
  const encode = (versions: Array<{ seq: number; target: string | null; needsReview: boolean }>) =>
    versions
      .map(
        ({ seq, target, needsReview }) =>
          `${seq}:${needsReview ? 1 : 0}:${target === null ? '-' : [...target].length}:${target ?? ''}`,
      )
      .join('');
  const version = fc.record({
    target: fc.option(fc.string({ unit: 'grapheme', maxLength: 8 })),
    needsReview: fc.boolean(),
    // What the refresh holds for the row: nothing, this version, or another one.
    known: fc.oneof(
      fc.constant<'none'>('none'),
      fc.constant<'same'>('same'),
      fc.record({ target: fc.option(fc.string({ unit: 'grapheme', maxLength: 8 })), needsReview: fc.boolean() }),
    ),
  });

  it('gives exactly the seqs whose version differs from the one held, or that none is held for', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.nat({ max: 1_000_000 }), { maxLength: 30 }),
        fc.array(version, { minLength: 30, maxLength: 30 }),
        (seqs, drawn) => {
          const versions = seqs.map((seq, index) => ({
            seq,
            target: drawn[index].target,
            needsReview: drawn[index].needsReview,
          }));
          const held = new Map<number, string>();
          seqs.forEach((seq, index) => {
            const known = drawn[index].known;
            if (known === 'same') held.set(seq, overrideVersionToken(drawn[index].target, drawn[index].needsReview));
            else if (known !== 'none') held.set(seq, overrideVersionToken(known.target, known.needsReview));
          });
          const expected = versions
            .filter((entry) => held.get(entry.seq) !== overrideVersionToken(entry.target, entry.needsReview))
            .map((entry) => entry.seq);
          assert.deepEqual(
            changedOverrideSeqs(encode(versions), (seq) => held.get(seq)),
            expected,
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('knows a window for the tail of an earlier one only when it starts at one of its entries', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            seq: fc.nat({ max: 99_999 }),
            target: fc.option(fc.string({ unit: 'grapheme', maxLength: 6 })),
            needsReview: fc.boolean(),
          }),
          { maxLength: 12 },
        ),
        fc.nat(),
        (versions, cut) => {
          const encoded = encode(versions);
          const layout = { starts: [] as number[], maxSeq: 0 };
          changedOverrideSeqs(encoded, () => undefined, layout);
          assert.equal(layout.maxSeq, Math.max(0, ...versions.map((version) => version.seq)));
          const offset = encoded.length === 0 ? 0 : cut % (encoded.length + 1);
          const tail = encoded.slice(offset);
          assert.equal(isTailOfVersions(encoded, layout, tail), tail.length === 0 || layout.starts.includes(offset));
          // An entry that came after the window is never part of a tail (a seq above every earlier one: a drawn "7:0:-:" could
          // be the window's own entry, so that an empty tail and it make the whole window again).
          assert.equal(isTailOfVersions(encoded, layout, `${tail}${layout.maxSeq + 1}:0:-:`), false);
        },
      ),
      { numRuns: 300 },
    );
  });
});
