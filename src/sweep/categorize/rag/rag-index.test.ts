import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { createAccount, createHarness, type Harness, type TestTenant } from '../../../../test/support/harness.ts';
import {
  insertCategorizedRows,
  type CategorizedFixtureRow,
  type RowOwner,
} from '../../../../test/support/categorized-rows.ts';
import type { CategorizationInput } from '../types.ts';
import { forgetRagIndexes, getRagIndex, RagIndex, DEFAULT_RAG_CACHE_SETTINGS } from './rag-index.ts';
import { ragText } from './rag-text.ts';
import { TrigramIndex } from './trigram-index.ts';

function rowInput(owner: RowOwner, description: string, amountMinor: number): CategorizationInput {
  return {
    tenantId: owner.tenantId,
    entityId: owner.entityId,
    transactionId: 'row',
    date: '2026-02-01',
    description,
    merchant: null,
    amountMinor,
    currency: 'USD',
    direction: amountMinor > 0 ? 'out' : 'in',
    bankAccountKind: 'checking',
  };
}

const times = (count: number, row: CategorizedFixtureRow): CategorizedFixtureRow[] =>
  Array.from({ length: count }, () => ({ ...row }));

describe('trigram index', () => {
  it('finds a known text as itself with similarity 1, and ranks near spellings above unrelated ones', () => {
    const index = new TrigramIndex();
    for (const text of [
      'ADOBE CREATIVE CLOUD',
      'SHELL OIL',
      'STARBUCKS STORE',
      'ADOBE ACROPRO SUBS',
      'DELTA AIR LINES',
    ])
      index.add(text);
    const [self] = index.search('SHELL OIL', 1, 0);
    assert.equal(index.textOf(self.id), 'SHELL OIL');
    assert.equal(self.similarity, 1);
    const ranked = index.search('ADOBE CREATIVE CLD', 5, 0).map((match) => index.textOf(match.id));
    assert.equal(ranked[0], 'ADOBE CREATIVE CLOUD');
    assert.equal(ranked[1], 'ADOBE ACROPRO SUBS');
    assert.deepEqual(index.search('QQQ', 5, 0.1), []);
  });

  it('returns similarities in [0, 1], best first, each text once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[A-Z ]{1,20}$/), { minLength: 1, maxLength: 40 }),
        fc.stringMatching(/^[A-Z ]{1,20}$/),
        (texts, query) => {
          const index = new TrigramIndex(3);
          for (const text of texts) index.add(text);
          const matches = index.search(query, 10, 0);
          assert.equal(new Set(matches.map((match) => match.id)).size, matches.length);
          for (let position = 0; position < matches.length; position++) {
            assert.ok(matches[position].similarity >= 0 && matches[position].similarity <= 1);
            if (position > 0) assert.ok(matches[position - 1].similarity >= matches[position].similarity);
          }
          if (texts.includes(query)) assert.equal(index.textOf(matches[0].id), query);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('rag index over categorized rows', () => {
  let harness: Harness;
  let tenantA: TestTenant;
  let tenantB: TestTenant;
  let ownerA: RowOwner;
  let ownerB: RowOwner;

  before(async () => {
    harness = await createHarness();
    tenantA = await harness.newTenant('Alpha LLC');
    tenantB = await harness.newTenant('Beta LLC');
    ownerA = {
      tenantId: tenantA.tenantId,
      entityId: tenantA.entityId,
      bankAccountId: (await createAccount(tenantA, 'chk-a')).id,
    };
    ownerB = {
      tenantId: tenantB.tenantId,
      entityId: tenantB.entityId,
      bankAccountId: (await createAccount(tenantB, 'chk-b')).id,
    };
    await insertCategorizedRows(harness.handle.db, ownerA, [
      ...times(3, { description: 'ADOBE *CREATIVE CLOUD 408-536-6000 CA', amountMinor: 5_499, target: '6200' }),
      ...times(3, { description: 'SHELL OIL 57444 AUSTIN TX', amountMinor: 4_210, target: '6010' }),
      ...times(2, { description: 'STARBUCKS STORE 11223 SEATTLE WA', amountMinor: 735, target: '6160' }),
      // The same payee, told apart by amount: small orders are supplies, large ones equipment.
      ...times(4, { description: 'AMAZON MKTPLACE PMTS', amountMinor: 2_399, target: '6130' }),
      ...times(4, { description: 'AMAZON MKTPLACE PMTS', amountMinor: 189_900, target: '1500' }),
      // The same descriptor, told apart by direction.
      ...times(3, { description: 'STRIPE TRANSFER ST-ABC123', amountMinor: -120_000, target: '4000' }),
      ...times(3, { description: 'STRIPE BILLING FEE', amountMinor: 2_900, target: '6210' }),
      // Unconfirmed guesses and parked rows teach nothing.
      ...times(5, { description: 'ZEPHYR CONSULTING GROUP', amountMinor: 90_000, target: '6080', needsReview: true }),
      ...times(5, {
        description: 'QUILLFEATHER STUDIO',
        amountMinor: 12_000,
        target: '6999',
        needsReview: true,
        source: null,
      }),
      // Three machine rows say office expenses; one human says supplies and outweighs them.
      ...times(3, { description: 'PAPERWORKS DEPOT', amountMinor: 4_500, target: '6090' }),
      { description: 'PAPERWORKS DEPOT', amountMinor: 4_500, target: '6130', source: 'user_override' },
    ]);
    // Tenant B files the same payees elsewhere; none of it may reach tenant A.
    await insertCategorizedRows(harness.handle.db, ownerB, [
      ...times(6, {
        description: 'ADOBE *CREATIVE CLOUD 408-536-6000 CA',
        amountMinor: 5_499,
        target: '6080',
        source: 'user_override',
      }),
      ...times(6, {
        description: 'ZEPHYR CONSULTING GROUP',
        amountMinor: 90_000,
        target: '6030',
        source: 'user_override',
      }),
      ...times(6, {
        description: 'BLUEWATER MARINA SLIP',
        amountMinor: 30_000,
        target: '6110',
        source: 'user_override',
      }),
    ]);
  });
  after(async () => {
    forgetRagIndexes();
    await harness.close();
  });

  it('files a row like its nearest neighbours, by text, amount and direction', async () => {
    const index = await RagIndex.load(harness.handle.db, ownerA.tenantId, ownerA.entityId);
    const expectations: Array<[string, number, string]> = [
      ['ADOBE *CREATIVE CLD 800-833-6687 CA', 5_999, '6200'],
      ['SHELL SERVICE STATION 12345', 3_800, '6010'],
      ['STARBUCKS STORE 98765', 640, '6160'],
      ['AMAZON MKTPLACE PMTS', 1_850, '6130'],
      ['AMAZON MKTPLACE PMTS', 240_000, '1500'],
      ['STRIPE TRANSFER ST-XYZ789', -98_000, '4000'],
      ['STRIPE BILLING FEE', 3_100, '6210'],
    ];
    for (const [description, amountMinor, target] of expectations) {
      const decision = index.query(rowInput(ownerA, description, amountMinor));
      assert.equal(decision?.target, target, description);
      assert.equal(decision?.source, 'rag');
      assert.ok(decision.confidence > 0 && decision.confidence < 1, `${description}: ${decision.confidence}`);
    }
    assert.equal(index.query(rowInput(ownerA, 'XQJ VVK 555', 1_000)), null);
  });

  it('answers a batch exactly as row by row, repeated descriptors with other amounts and directions included', async () => {
    const index = await RagIndex.load(harness.handle.db, ownerA.tenantId, ownerA.entityId);
    const inputs = [
      rowInput(ownerA, 'AMAZON MKTPLACE PMTS', 1_850),
      rowInput(ownerA, 'AMAZON MKTPLACE PMTS', 240_000),
      rowInput(ownerA, 'AMAZON MKTPLACE PMTS', -5_000),
      rowInput(ownerA, 'STRIPE TRANSFER ST-XYZ789', -98_000),
      rowInput(ownerA, 'STRIPE TRANSFER ST-QRS456', 98_000),
      rowInput(ownerA, 'XQJ VVK 555', 1_000),
      rowInput(ownerA, 'SHELL OIL 99999 DALLAS TX', 4_000),
    ];
    assert.deepEqual(
      index.queryAll(inputs),
      inputs.map((input) => index.query(input)),
    );
  });

  it('is more sure of an exact, agreeing neighbour than of a loose or split one', async () => {
    const index = await RagIndex.load(harness.handle.db, ownerA.tenantId, ownerA.entityId);
    const exact = index.query(rowInput(ownerA, 'SHELL OIL 99999 DALLAS TX', 4_000))!;
    const loose = index.query(rowInput(ownerA, 'SHELL SERVICE STATION', 4_000))!;
    const split = index.query(rowInput(ownerA, 'AMAZON MKTPLACE PMTS', 20_000))!;
    assert.ok(exact.confidence > loose.confidence, `${exact.confidence} > ${loose.confidence}`);
    assert.ok(exact.confidence > split.confidence, `${exact.confidence} > ${split.confidence}`);
  });

  it('weighs a human correction above several machine decisions', async () => {
    const index = await RagIndex.load(harness.handle.db, ownerA.tenantId, ownerA.entityId);
    assert.equal(index.query(rowInput(ownerA, 'PAPERWORKS DEPOT', 4_500))?.target, '6130');
  });

  it('learns nothing from rows still waiting for review or parked on a catch-all', async () => {
    const index = await RagIndex.load(harness.handle.db, ownerA.tenantId, ownerA.entityId);
    assert.equal(index.query(rowInput(ownerA, 'ZEPHYR CONSULTING GROUP', 90_000)), null);
    assert.equal(index.query(rowInput(ownerA, 'QUILLFEATHER STUDIO', 12_000)), null);
  });

  it("never retrieves another tenant's rows", async () => {
    const indexA = await RagIndex.load(harness.handle.db, ownerA.tenantId, ownerA.entityId);
    const indexB = await RagIndex.load(harness.handle.db, ownerB.tenantId, ownerB.entityId);
    assert.equal(indexA.query(rowInput(ownerA, 'ADOBE *CREATIVE CLOUD', 5_499))?.target, '6200');
    assert.equal(indexB.query(rowInput(ownerB, 'ADOBE *CREATIVE CLOUD', 5_499))?.target, '6080');
    assert.equal(indexA.query(rowInput(ownerA, 'BLUEWATER MARINA SLIP', 30_000)), null);
    const seenByA = indexA.neighbours(rowInput(ownerA, 'BLUEWATER MARINA ZEPHYR CONSULTING', 30_000), 20);
    assert.ok(
      seenByA.every((neighbour) => !neighbour.descriptor.includes('BLUEWATER') && neighbour.target !== '6030'),
      JSON.stringify(seenByA),
    );
    assert.equal(indexA.stats.rows, 3 + 3 + 2 + 8 + 3 + 3 + 4);
  });

  it('gives the neighbours it decided from, for the llm tier', async () => {
    const index = await RagIndex.load(harness.handle.db, ownerA.tenantId, ownerA.entityId);
    const [first, ...rest] = index.neighbours(rowInput(ownerA, 'AMAZON MKTPLACE PMTS', 2_000), 3);
    assert.equal(first.descriptor, ragText('AMAZON MKTPLACE PMTS'));
    assert.equal(first.similarity, 1);
    assert.ok(['6130', '1500'].includes(first.target));
    assert.equal(first.rows, 4);
    assert.ok(rest.length <= 2);
    const supplies = index
      .neighbours(rowInput(ownerA, 'AMAZON MKTPLACE PMTS', 2_000), 5)
      .find((neighbour) => neighbour.target === '6130')!;
    assert.equal(supplies.typicalAmountMinor, 2_399);
  });

  it('sees with its default settings what was filed a moment ago (a sweep files batches faster than any interval)', async () => {
    const tenant = await harness.newTenant('Delta LLC');
    const owner = {
      tenantId: tenant.tenantId,
      entityId: tenant.entityId,
      bankAccountId: (await createAccount(tenant, 'chk-d')).id,
    };
    const index = await getRagIndex(harness.handle.db, owner.tenantId, owner.entityId);
    assert.equal(index.query(rowInput(owner, 'FABRIKAM FLOORING', 30_000)), null);
    await insertCategorizedRows(
      harness.handle.db,
      owner,
      times(2, { description: 'FABRIKAM FLOORING CO', amountMinor: 30_000, target: '5000' }),
    );
    const next = await getRagIndex(harness.handle.db, owner.tenantId, owner.entityId);
    assert.equal(next.query(rowInput(owner, 'FABRIKAM FLOORING', 30_000))?.target, '5000');
  });

  it('applies new rows and corrections incrementally, taking back what a corrected row taught', async () => {
    const tenant = await harness.newTenant('Gamma LLC');
    const owner = {
      tenantId: tenant.tenantId,
      entityId: tenant.entityId,
      bankAccountId: (await createAccount(tenant, 'chk-g')).id,
    };
    await insertCategorizedRows(
      harness.handle.db,
      owner,
      times(2, { description: 'NORTHWIND TRADERS', amountMinor: 10_000, target: '5000' }),
    );
    const settings = { ...DEFAULT_RAG_CACHE_SETTINGS, refreshIntervalMs: 0 };
    const index = await getRagIndex(harness.handle.db, owner.tenantId, owner.entityId, settings);
    assert.equal(index.query(rowInput(owner, 'NORTHWIND TRADERS', 10_000))?.target, '5000');
    assert.equal(index.query(rowInput(owner, 'CONTOSO CLEANING', 8_000)), null);

    await insertCategorizedRows(
      harness.handle.db,
      owner,
      times(2, { description: 'CONTOSO CLEANING SVC', amountMinor: 8_000, target: '6120' }),
    );
    const refreshed = await getRagIndex(harness.handle.db, owner.tenantId, owner.entityId, settings);
    assert.equal(refreshed, index, 'the cached index is refreshed in place');
    assert.equal(index.query(rowInput(owner, 'CONTOSO CLEANING', 8_000))?.target, '6120');
    assert.equal(index.stats.rows, 4);

    // A human refiles both Northwind rows: the machine's label must disappear, not linger beside.
    await harness.handle.db
      .updateTable('transactions')
      .set({
        category_target: '6130',
        category_source: 'user_override',
        category_confidence: 1,
        updated_at: new Date().toISOString(),
      })
      .where('tenant_id', '=', owner.tenantId)
      .where('description', '=', 'NORTHWIND TRADERS')
      .execute();
    await getRagIndex(harness.handle.db, owner.tenantId, owner.entityId, settings);
    const neighbours = index
      .neighbours(rowInput(owner, 'NORTHWIND TRADERS', 10_000), 5)
      .filter((neighbour) => neighbour.descriptor === 'NORTHWIND TRADERS');
    assert.deepEqual(
      neighbours.map((neighbour) => [neighbour.target, neighbour.rows, neighbour.weight]),
      [['6130', 2, 8]],
    );
    assert.equal(index.stats.rows, 4);
    // Refreshing again re-reads the overlap and changes nothing.
    await index.refresh(harness.handle.db);
    assert.equal(index.stats.rows, 4);
    assert.equal(index.query(rowInput(owner, 'NORTHWIND TRADERS', 10_000))?.target, '6130');
  });

  it('refreshed after any human corrections, even ones stamped with an unchanged updated_at, answers as an index loaded afresh', async () => {
    const tenant = await harness.newTenant('Epsilon LLC');
    const owner = {
      tenantId: tenant.tenantId,
      entityId: tenant.entityId,
      bankAccountId: (await createAccount(tenant, 'chk-e')).id,
    };
    const descriptors = ['LITWARE SUPPLY', 'FOURTH COFFEE', 'TAILSPIN TOYS'];
    await insertCategorizedRows(
      harness.handle.db,
      owner,
      descriptors.flatMap((description, index) =>
        times(3, { description, amountMinor: 2_000 * (index + 1), target: '6090' }),
      ),
    );
    const seqs = (
      await harness.handle.db
        .selectFrom('transactions')
        .select('seq')
        .where('tenant_id', '=', owner.tenantId)
        .orderBy('seq')
        .execute()
    ).map((row) => Number(row.seq));
    // Rows far enough below a newer one of the entity that the seq watermark passes them: only
    // the pass over human corrections can see them change.
    const elsewhere = await harness.newTenant('Zeta LLC');
    await insertCategorizedRows(
      harness.handle.db,
      {
        tenantId: elsewhere.tenantId,
        entityId: elsewhere.entityId,
        bankAccountId: (await createAccount(elsewhere, 'chk-z')).id,
      },
      times(2_500, { description: 'FILLER', amountMinor: 100, target: '6090' }),
    );
    await insertCategorizedRows(harness.handle.db, owner, [
      { description: 'NEWER PAYEE', amountMinor: 900, target: '6090' },
    ]);
    const settings = { ...DEFAULT_RAG_CACHE_SETTINGS, refreshIntervalMs: 0 };
    const index = await getRagIndex(harness.handle.db, owner.tenantId, owner.entityId, settings);
    const stamp = new Date().toISOString();
    const correction = fc.record({
      row: fc.integer({ min: 0, max: seqs.length - 1 }),
      target: fc.constantFrom('6090', '6130', '6160'),
      needsReview: fc.boolean(),
      // The same instant again: two corrections can carry one updated_at.
      freshStamp: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(correction, { maxLength: 4 }), { minLength: 1, maxLength: 4 }),
        async (steps) => {
          for (const step of steps) {
            for (const change of step) {
              await harness.handle.db
                .updateTable('transactions')
                .set({
                  category_target: change.target,
                  category_source: 'user_override',
                  needs_review: change.needsReview ? 1 : 0,
                  updated_at: change.freshStamp ? new Date().toISOString() : stamp,
                })
                .where('tenant_id', '=', owner.tenantId)
                .where('seq', '=', seqs[change.row])
                .execute();
            }
            await index.refresh(harness.handle.db);
          }
          const fresh = await RagIndex.load(harness.handle.db, owner.tenantId, owner.entityId);
          assert.deepEqual(index.stats, fresh.stats);
          // Learning and taking back in another order leaves sums equal only to rounding, and ties in another order.
          const rounded = (value: number) => Number(value.toFixed(9));
          const described = (found: RagIndex) => (input: CategorizationInput) => ({
            neighbours: found
              .neighbours(input, 10)
              .map((neighbour) => ({ ...neighbour, weight: rounded(neighbour.weight) }))
              .sort((a, b) =>
                `${a.descriptor}|${a.target}|${a.direction}`.localeCompare(
                  `${b.descriptor}|${b.target}|${b.direction}`,
                ),
              ),
            decision: ((decision) => decision && { ...decision, confidence: rounded(decision.confidence) })(
              found.query(input),
            ),
          });
          for (const [position, description] of descriptors.entries()) {
            const input = rowInput(owner, description, 2_000 * (position + 1));
            assert.deepEqual(described(index)(input), described(fresh)(input));
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
