import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { accountForRole } from '../../chart/us-chart.ts';
import { categorizeCold, COLD_ACCOUNT_CATEGORIES, coldEngineRow } from '../../../test/support/cold-engine.ts';
import { categorizeRows } from './engine.ts';
import { directoryTier } from './tiers.ts';
import { BULK_PURCHASE_MINOR, DE_MINIMIS_SAFE_HARBOR_MINOR, OFFICE_CAPITALIZATION_MINOR } from './capitalization.ts';
import type { Industry } from '../../tenancy/entity-profile.ts';

const OFFICE_PURCHASES = [
  'APPLE STORE #R094',
  'DELL MARKETING L.P. 800-456-3355 TX',
  'BEST BUY 00012345 AUSTIN TX',
  'STAPLES 00123 DENVER CO',
];

test('property: an office purchase above $1,000 is offered as equipment for review; at or below it, an office expense', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...OFFICE_PURCHASES),
      fc.integer({ min: 100, max: 2_000_000 }),
      async (description, amountMinor) => {
        const [answer] = await categorizeCold([
          coldEngineRow({ id: 'r', description, amountMinor, bankAccountKind: 'credit_card' }),
        ]);
        if (amountMinor > OFFICE_CAPITALIZATION_MINOR)
          assert.deepEqual([answer.target, answer.needsReview], [accountForRole('equipment'), true], description);
        else assert.equal(answer.target, accountForRole('office'), description);
      },
    ),
    { numRuns: 60 },
  );
});

test('a seller of equipment or tools above the safe harbor is offered as equipment; its small sales stay supplies', async () => {
  const [grinder, blades] = await categorizeCold([
    coldEngineRow({
      id: 'a',
      description: 'PRIMA COFFEE EQUIPME  LOUISVILLE    KY',
      amountMinor: 329_500,
      merchantCategoryCode: '5046',
    }),
    coldEngineRow({
      id: 'b',
      description: 'PRIMA COFFEE EQUIPME  LOUISVILLE    KY',
      amountMinor: 12_000,
      merchantCategoryCode: '5046',
    }),
  ]);
  assert.deepEqual([grinder.target, grinder.needsReview], [accountForRole('equipment'), true]);
  assert.equal(blades.target, accountForRole('supplies'));
  // A music or camera store's strings and memory cards are supplies; its mixing desk above the safe harbor, equipment.
  const [strings, desk] = await categorizeCold([
    coldEngineRow({ id: 'c', description: 'SWEETWATER SOUND 260-432-8176 IN', amountMinor: 8_497 }),
    coldEngineRow({ id: 'd', description: 'SWEETWATER SOUND 260-432-8176 IN', amountMinor: 349_900 }),
  ]);
  assert.equal(strings.target, accountForRole('supplies'));
  assert.deepEqual([desk.target, desk.needsReview], [accountForRole('equipment'), true]);
  // One card sale above $1,000 at a camera or music store is one camera or instrument, as at an office seller: equipment,
  // not stock bought in bulk.
  const [camera] = await categorizeCold([
    coldEngineRow({
      id: 'e',
      description: 'B&H PHOTO 800-606-6969 NY',
      amountMinor: 219_800,
      bankAccountKind: 'credit_card',
    }),
  ]);
  assert.deepEqual([camera.target, camera.needsReview], [accountForRole('equipment'), true]);
});

test('a refund of an office purchase stays where the purchase went', async () => {
  const [refund] = await categorizeCold([
    coldEngineRow({
      id: 'r',
      description: 'APPLE STORE #R094',
      direction: 'in',
      amountMinor: -349_900,
      bankAccountKind: 'credit_card',
    }),
  ]);
  assert.notEqual(refund.target, accountForRole('equipment'));
});

test("the owner's own decision for a merchant stands whatever the amount", async () => {
  const row = coldEngineRow({ id: 'r', description: 'APPLE STORE #R094', amountMinor: 349_900 });
  const office = accountForRole('office');
  const results = await categorizeRows([row], {
    accountCategories: COLD_ACCOUNT_CATEGORIES,
    reviewThreshold: 0.85,
    tenantRules: [],
    preferences: new Map([
      [row.merchantKey, { merchantKey: row.merchantKey, target: office, approvals: 4, overrides: 0 }],
    ]),
    transfers: new Map(),
    directory: directoryTier,
    batchTiers: [],
  });
  assert.deepEqual([results.get('r')?.target, results.get('r')?.needsReview], [office, false]);
});

test("a supplier's card sale above the safe harbor is offered as equipment; its statement paid by ACH is stock bought in bulk", async () => {
  const supplier = 'WEBSTAURANTSTORE 717-392-7472 PA';
  const [range, small, debitCard, statement] = await categorizeCold([
    coldEngineRow({ id: 'a', description: supplier, amountMinor: 345_000, bankAccountKind: 'credit_card' }),
    coldEngineRow({ id: 'b', description: supplier, amountMinor: 34_500, bankAccountKind: 'credit_card' }),
    coldEngineRow({
      id: 'c',
      description: `PURCHASE AUTHORIZED ON 02/22 ${supplier} S955548610382297 CARD 1063`,
      amountMinor: 345_000,
      bankAccountKind: 'checking',
    }),
    coldEngineRow({
      id: 'd',
      description: 'ACH DEBIT WEBSTAURANTSTORE STMT PMT 0331',
      amountMinor: 345_000,
      bankAccountKind: 'checking',
    }),
  ]);
  const supplies = accountForRole('supplies');
  assert.equal(small.target, supplies);
  assert.deepEqual([range.target, range.needsReview], [accountForRole('equipment'), true]);
  assert.deepEqual([debitCard.target, debitCard.needsReview], [accountForRole('equipment'), true]);
  assert.deepEqual([statement.target, statement.needsReview], [accountForRole('cost_of_goods'), true]);
});

test('property: a purchase of $1,000 or more filed as supplies is offered as stock bought in bulk, for review, unless the trade neither sells goods nor builds', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom('THE HOME DEPOT #6542 PFLUGERVILLE TX', 'COSTCO WHSE #0346', 'ACH DEBIT ULINE INVOICE 0331'),
      fc.integer({ min: 1_000, max: DE_MINIMIS_SAFE_HARBOR_MINOR }),
      fc.constantFrom(null, 'construction', 'professional_services') as fc.Arbitrary<Industry | null>,
      async (description, amountMinor, industry) => {
        const bankAccountKind = description.startsWith('ACH') ? 'checking' : 'credit_card';
        const [answer] = await categorizeCold([
          coldEngineRow({ id: 'r', description, amountMinor, bankAccountKind, industry }),
        ]);
        const label = `${description} ${amountMinor} ${industry}`;
        if (amountMinor >= BULK_PURCHASE_MINOR && industry !== 'professional_services')
          assert.equal(answer.target, accountForRole('cost_of_goods'), label);
        else if (industry !== 'construction') assert.equal(answer.target, accountForRole('supplies'), label);
        if (amountMinor >= BULK_PURCHASE_MINOR && industry === null) assert.ok(answer.needsReview, label);
      },
    ),
    { numRuns: 80 },
  );
});

test("a trailer or machinery seller's sale above the safe harbor, otherwise a weak cost-of-goods guess, is offered as equipment", async () => {
  const lines = [
    { description: 'BIG TEX TRAILERS SLC WEST VALLEY CI UT', bankAccountKind: 'credit_card' as const },
    { description: 'WIRE TYPE:WIRE OUT BNF:PAPE MACHINERY INC ID:0044120781', bankAccountKind: 'checking' as const },
    // A wire in the words "OUTGOING WIRE TRANSFER" pays a company as a bill pay does.
    {
      description: 'OUTGOING WIRE TRANSFER REF 240812Q1B0731 BNF KRAMER TRAILER SALES',
      bankAccountKind: 'checking' as const,
    },
  ];
  for (const line of lines) {
    const [large, small] = await categorizeCold([
      coldEngineRow({ id: 'large', ...line, amountMinor: 895_000 }),
      coldEngineRow({ id: 'small', ...line, amountMinor: 60_000 }),
    ]);
    assert.deepEqual([large.target, large.needsReview], [accountForRole('equipment'), true], line.description);
    assert.equal(small.target, accountForRole('cost_of_goods'), line.description);
  }
});

test('property: a card sale nothing knew is offered as equipment above the safe harbor, stock from a meal up to it', async () => {
  const unknownShops = [
    'TAKARA BELMONT USA SOMERSET NJ',
    'PLAYWORLD SYSTEMS LEWISBURG PA',
    'OTTERBEIN WORKS DAYTON OH',
  ];
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...unknownShops),
      // Never a plan's price (whole dollars, .95, .99), which a company's name makes a subscription's guess.
      fc.integer({ min: 100, max: 20_000 }),
      fc.integer({ min: 1, max: 94 }),
      async (description, dollars, cents) => {
        const amountMinor = dollars * 100 + cents;
        const [answer] = await categorizeCold([
          coldEngineRow({ id: 'r', description, amountMinor, bankAccountKind: 'credit_card' }),
        ]);
        assert.equal(answer.needsReview, true, description);
        assert.equal(
          answer.target,
          accountForRole(amountMinor > DE_MINIMIS_SAFE_HARBOR_MINOR ? 'equipment' : 'cost_of_goods'),
          `${description} ${amountMinor}`,
        );
      },
    ),
    { numRuns: 60 },
  );
  // Paid by ACH, the same amount settles a company's statement: still its guess of stock.
  const [bill] = await categorizeCold([
    coldEngineRow({
      id: 'ach',
      description: 'ACH DEBIT OTTERBEIN WORKS INV 4471',
      amountMinor: 480_000,
      bankAccountKind: 'checking',
    }),
  ]);
  assert.equal(bill.target, accountForRole('cost_of_goods'));
});

test("a medical or dental supply house's large order stays supplies; a home center's is offered as stock", async () => {
  const [dental, homeCenter] = await categorizeCold([
    coldEngineRow({
      id: 'schein',
      description: 'ACH DEBIT HENRY SCHEIN INC PAYMENT 240305',
      amountMinor: 241_862,
      bankAccountKind: 'checking',
    }),
    coldEngineRow({ id: 'lowes', description: 'LOWES #01172* HATTIESBURG MS', amountMinor: 241_862 }),
  ]);
  assert.equal(dental.target, accountForRole('supplies'));
  assert.deepEqual([homeCenter.target, homeCenter.needsReview], [accountForRole('cost_of_goods'), true]);
});
