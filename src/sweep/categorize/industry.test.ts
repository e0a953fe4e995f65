import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from '../../config/config.ts';
import { INDUSTRIES } from '../../tenancy/entity-profile.ts';
import { GUESS_SCORE } from './builtin-rules.ts';
import { applyCurve, SHIPPED_CURVES } from './calibration.ts';
import { cleanDescriptor } from '../../descriptor/descriptor.ts';
import { directoryEntries, lookupDirectory } from './directory/lookup.ts';
import { guessesRevenueKind, REVENUE_GUESS_SCORE, revenueTargetFor, TRADE_MAPPINGS } from './industry.ts';

const lookup = (descriptor: string, direction: 'in' | 'out', industry?: (typeof INDUSTRIES)[number]) =>
  lookupDirectory(cleanDescriptor(descriptor), direction, industry);

test('money from customers is service revenue for a service trade and sales of goods for a shop or a kitchen', () => {
  assert.equal(revenueTargetFor('4000', 'in', 'professional_services'), '4100');
  assert.equal(revenueTargetFor('4000', 'in', 'construction'), '4100');
  assert.equal(revenueTargetFor('4000', 'in', 'automotive'), '4100');
  assert.equal(revenueTargetFor('4100', 'in', 'retail'), '4000');
  assert.equal(revenueTargetFor('4100', 'in', 'food_service'), '4000');
  assert.equal(revenueTargetFor('4100', 'in', 'other'), '4100', 'an industry that says neither leaves the guess');
  assert.equal(revenueTargetFor('4100', 'in', null), '4100');
  assert.equal(revenueTargetFor('4500', 'in', 'retail'), '4500', 'interest is not sales');
  assert.equal(revenueTargetFor('4000', 'out', 'professional_services'), '4000');
  assert.equal(guessesRevenueKind('4000', 'in', null), true);
  assert.equal(guessesRevenueKind('4000', 'in', 'other'), true);
  assert.equal(guessesRevenueKind('4000', 'in', 'retail'), false);
  assert.equal(guessesRevenueKind('6130', 'out', null), false);
});

test('every merchant a trade mapping names is in the directory, and every mapping books to the chart', () => {
  const names = new Set(directoryEntries().map((entry) => entry.name));
  const categories = new Set(directoryEntries().map((entry) => entry.category));
  for (const mapping of TRADE_MAPPINGS) {
    assert.ok(INDUSTRIES.includes(mapping.industry));
    for (const name of mapping.merchants ?? [])
      assert.ok(names.has(name), `${mapping.industry}: ${name} is a directory name`);
    for (const category of mapping.categories ?? [])
      assert.ok(categories.has(category), `${mapping.industry}: ${category} is a directory category`);
    assert.match(mapping.target, /^\d{4}$/);
    assert.ok(mapping.rawScore > 0 && mapping.rawScore < 1);
  }
});

test('the directory files trade-dependent merchants by the industry, and everything else as before', () => {
  assert.deepEqual(pick(lookup('THE HOME DEPOT #2801 MINNEAPOLIS MN', 'out', 'construction')), [
    '5000',
    'construction',
  ]);
  assert.deepEqual(pick(lookup('THE HOME DEPOT #2801 MINNEAPOLIS MN', 'out', 'professional_services')), [
    '6130',
    undefined,
  ]);
  assert.deepEqual(pick(lookup('THE HOME DEPOT #2801 MINNEAPOLIS MN', 'out')), ['6130', undefined]);
  assert.deepEqual(pick(lookup('FERGUSON ENTERPRISES #12', 'out', 'construction')), ['5000', 'construction']);
  // A trade-only supply house sells what goes into customers' jobs, whatever trade states it; only less surely without one.
  assert.deepEqual(pick(lookup('SITEONE LANDSCAPE #220 CHARLOTTE NC', 'out', 'other')), ['5000', undefined]);
  assert.deepEqual(pick(lookup('ROCKAUTO COM', 'out', 'automotive')), ['5000', 'automotive']);
  assert.deepEqual(pick(lookup('OREILLY AUTO #23144 MESA AZ', 'out', 'automotive')), ['5000', 'automotive']);
  assert.deepEqual(pick(lookup('USPS PO #18024 PITTSBURGH PA', 'out', 'professional_services')), [
    '6090',
    'professional_services',
  ]);
  assert.deepEqual(pick(lookup('USPS PO #18024 PITTSBURGH PA', 'out', 'retail')), ['6220', undefined]);
  assert.deepEqual(pick(lookup('OREILLY AUTO #23144 MESA AZ', 'out', 'professional_services')), ['6010', undefined]);
  assert.deepEqual(pick(lookup('HEB #8700 AUSTIN TX', 'out', 'food_service')), ['5000', 'food_service']);
  // A supermarket's basket is otherwise the owner's own shopping, offered for review.
  assert.deepEqual(pick(lookup('HEB #8700 AUSTIN TX', 'out')), ['6260', undefined]);
  assert.ok(lookup('HEB #8700 AUSTIN TX', 'out')!.confidence < 0.85);
  assert.deepEqual(pick(lookup('COSTCO WHSE 15024 AUSTIN TX', 'out', 'food_service')), ['5000', 'food_service']);
  assert.deepEqual(pick(lookup('COSTCO WHSE 15024 AUSTIN TX', 'out', 'construction')), ['6130', undefined]);
  // A grocery chain's snacks counter is not one of its "supplies": only entries whose generic use is 6130 move.
  assert.equal(lookup('7-ELEVEN 35112', 'out', 'food_service')?.target, lookup('7-ELEVEN 35112', 'out')?.target);
  // An auto insurer's money in pays a practice for an accident patient's care; elsewhere it is the insurer's own answer.
  assert.deepEqual(pick(lookup('GEICO CLAIM PMT 123456', 'in', 'healthcare')), ['4100', 'healthcare']);
  assert.notEqual(lookup('GEICO CLAIM PMT 123456', 'in', 'retail')?.target, '4100');
  assert.equal(lookup('AMAZON.COM*M12AB3CD4 AMZN.COM/BILL', 'in', 'retail')?.target, '4000');
  assert.deepEqual(
    pick(lookup('SYSCO VIRGINIA EFT 250111', 'out', 'other')),
    ['6130', 'other'],
    "a daycare's distributor delivery is its supplies",
  );
  assert.deepEqual(
    pick(lookup('SYSCO VIRGINIA EFT 250111', 'out', 'food_service')),
    ['5000', undefined],
    "a kitchen's is its ingredients",
  );
  assert.equal(lookup('AMAZON.COM*M12AB3CD4 AMZN.COM/BILL', 'out', 'professional_services')?.target, '6090');
  // A card processor's payout: by the trade with the entry's confidence, or a guess with its own low score.
  const services = lookup('STRIPE PAYOUT', 'in', 'professional_services');
  const unknown = lookup('STRIPE PAYOUT', 'in');
  assert.equal(services?.target, '4100');
  assert.ok(unknown && unknown.confidence <= REVENUE_GUESS_SCORE && services!.confidence > unknown.confidence);
});

test('a trade-only supply house is cost of goods, more certain for a stated construction trade; a print-blank supplier is not moved', () => {
  const unknown = lookup('JOHNSTONE SUPPLY #0412 MINNEAPOLIS MN', 'out');
  const contractor = lookup('JOHNSTONE SUPPLY #0412 MINNEAPOLIS MN', 'out', 'construction');
  assert.equal(unknown?.target, '5000');
  assert.equal(unknown?.industry, undefined);
  assert.deepEqual(pick(contractor), ['5000', 'construction']);
  assert.ok(contractor!.confidence > unknown!.confidence);
  assert.deepEqual(pick(lookup('CONSOLIDATED ELEC DIST 5521', 'out', 'construction')), ['5000', 'construction']);
  assert.deepEqual(pick(lookup('SCP DISTRIBUTORS LLC 0345', 'out', 'construction')), ['5000', 'construction']);
  // Shirts from a blank-apparel house are a contractor's uniforms or promotion, not job materials.
  assert.equal(lookup('SANMAR CORP', 'out', 'construction')?.industry, undefined);
  // Other trades keep the generic answer.
  assert.equal(lookup('JOHNSTONE SUPPLY #0412 MINNEAPOLIS MN', 'out', 'food_service')?.industry, undefined);
});

test('the shipped curves do not auto-approve a revenue guess at the default threshold', () => {
  const defaultThreshold = loadConfig({}).reviewThreshold;
  assert.ok(applyCurve(SHIPPED_CURVES.regex, REVENUE_GUESS_SCORE) < defaultThreshold);
  assert.ok(applyCurve(SHIPPED_CURVES.directory, REVENUE_GUESS_SCORE) < defaultThreshold);
  assert.ok(
    applyCurve(SHIPPED_CURVES.regex, GUESS_SCORE) < defaultThreshold,
    "a rule's guess (an estimate by date, a trade's ingredient) is reviewed",
  );
});

function pick(match: ReturnType<typeof lookup>): [string | undefined, string | undefined] {
  return [match?.target, match?.industry];
}

test('a shop paying a hardware cooperative or a tank-exchange program is stocking its shelves; others buy supplies there', () => {
  assert.equal(lookup('ACH WEB-RECUR 981944056 DO IT BEST CORP AP DEBIT', 'out', 'retail')?.target, '5000');
  assert.equal(lookup('ACH WEB-RECUR 240481952 FERRELLGAS BLUE RHINO EFT', 'out', 'retail')?.target, '5000');
  assert.equal(
    lookup('ACH WEB-RECUR 240481952 FERRELLGAS BLUE RHINO EFT', 'out', 'professional_services')?.target,
    '6170',
  );
  assert.equal(
    lookup('ELECTRONIC WITHDRAWAL STERICYCLE SHRED-IT PAYMENT', 'out')?.target,
    '6090',
    'the longer alias names the shredding service',
  );
});
