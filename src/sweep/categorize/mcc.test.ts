import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import fc from 'fast-check';
import { accountForRole } from '../../chart/us-chart.ts';
import { categorizeCold, coldEngineRow } from '../../../test/support/cold-engine.ts';
import { loadMccRanges, matchMcc, MCC_RANGES, rangeOf } from './mcc.ts';

const mccList = (createRequire(import.meta.url)('mcc') as { all: Array<{ mcc: string; edited_description: string }> })
  .all;

test('every range of mcc-roles.csv holds codes the mcc package lists, and names its source and reason', () => {
  const codes = mccList.map((entry) => Number(entry.mcc));
  for (const range of MCC_RANGES) {
    assert.ok(
      codes.some((code) => code >= range.from && code <= range.to),
      `${range.from}-${range.to} holds no listed code`,
    );
    assert.ok(range.source.includes('18245'), `${range.from}: ${range.source}`);
  }
  assert.equal(matchMcc('5812', 'out')?.target, accountForRole('meals'));
  assert.equal(matchMcc('5541', 'out')?.target, accountForRole('fuel'));
  assert.equal(matchMcc('3005', 'out')?.target, accountForRole('airfare'), 'an airline of the 3000-3299 block');
  assert.equal(matchMcc('8062', 'out'), null, 'hospitals: the use depends on the business');
  assert.equal(matchMcc('1711', 'out')?.target, accountForRole('repairs'), 'a plumber or heating trade paid by card');
  assert.equal(matchMcc('1520', 'out')?.target, accountForRole('contract_labor'), 'a general contractor');
  assert.equal(matchMcc('9211', 'out')?.target, accountForRole('professional_services'), "a court's filing fee");
  assert.equal(matchMcc('5812', 'in'), null, 'money in under a merchant code is a refund');
  // Digital goods and the older insurance codes (issue 12: subscriptions and insurers fell to the catch-all).
  assert.equal(matchMcc('5817', 'out')?.target, accountForRole('software'), 'an application bought online');
  assert.equal(matchMcc('5818', 'out')?.target, accountForRole('software'), 'an app store');
  assert.equal(matchMcc('5816', 'out')?.target, accountForRole('personal'), 'games');
  assert.equal(matchMcc('5815', 'out'), null, 'books, films and music: the use depends on the business');
  assert.equal(matchMcc('6381', 'out')?.target, accountForRole('insurance'));
});

test('the binary search finds exactly the range a linear scan finds, for every four-digit code', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 9999 }), (value) => {
      const code = String(value).padStart(4, '0');
      const linear = MCC_RANGES.find((range) => value >= range.from && value <= range.to) ?? null;
      assert.equal(rangeOf(code), linear);
    }),
  );
  assert.equal(rangeOf('581'), null);
  assert.equal(rangeOf('58121'), null);
});

test('a table with overlapping ranges, an unknown role or no source is refused at load', () => {
  const header = 'from,to,role,strength,source,reason\n';
  assert.throws(
    () => loadMccRanges(`${header}5810,5815,meals,clear,ISO 18245,x\n5814,5820,meals,clear,ISO 18245,x\n`),
    /overlaps/,
  );
  assert.throws(() => loadMccRanges(`${header}5812,5812,snacks,clear,ISO 18245,x\n`), /unknown role/);
  assert.throws(() => loadMccRanges(`${header}5812,5812,meals,clear,,x\n`), /source/);
});

test("a store's code that sells to households and firms alike is the likeliest role, reviewed; a trade's code is filed", async () => {
  const [electronics, bookstore, restaurant] = await categorizeCold(
    [
      ['BEST BUY 00012345 ROSEVILLE MN', '5732'],
      ['BARNES & NOBLE #2653 BETHESDA MD', '5942'],
      ['HEN OF THE WOOD BURLINGTON VT', '5812'],
    ].map(([description, code], index) =>
      coldEngineRow({ id: `mixed-${index}`, description, merchantCategoryCode: code, amountMinor: 21_999 }),
    ),
  );
  assert.equal(electronics.target, accountForRole('office'));
  assert.equal(electronics.needsReview, true);
  assert.equal(bookstore.needsReview, true);
  assert.equal(restaurant.target, accountForRole('meals'));
  assert.equal(restaurant.needsReview, false);
  assert.equal(rangeOf('5945')?.strength, 'mixed');
});
