import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { ACCEPTED_DATE_PATTERN, addDays, EARLIEST_DATE, isAcceptedDate, isValidDate, LATEST_DATE } from './dates.ts';
import { matchTransferPairs, type PairCandidate } from '../sweep/categorize/transfers.ts';

const anyFourDigitDate = fc
  .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
  .map(
    ([year, month, day]) =>
      `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
  );

test("the date domain: real calendar dates from 1900-01-01 to 2199-12-31, and the contract's pattern says the same", () => {
  for (const date of [EARLIEST_DATE, LATEST_DATE, '2024-02-29', '2000-02-29']) assert.ok(isAcceptedDate(date), date);
  for (const date of [
    '1899-12-31',
    '2200-01-01',
    '0000-01-01',
    '9999-12-31',
    '1900-02-29',
    '2100-02-29',
    '2026-02-30',
    '2026-13-01',
    '2026-1-1',
    ' 2026-01-01',
  ])
    assert.ok(!isAcceptedDate(date), date);
  assert.ok(
    isValidDate('0000-02-29'),
    'year 0 is a leap year in the proleptic Gregorian calendar (readers see any year)',
  );
  assert.ok(!isValidDate('1900-02-29'));
  const pattern = new RegExp(ACCEPTED_DATE_PATTERN);
  fc.assert(
    fc.property(anyFourDigitDate, (date) => {
      assert.equal(isAcceptedDate(date), pattern.test(date) && isValidDate(date), date);
    }),
    { numRuns: 5000 },
  );
});

test('property: addDays agrees with calendar arithmetic across the domain', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2199, 11, 31) }),
      fc.integer({ min: -800, max: 800 }),
      (ms, days) => {
        const date = new Date(ms).toISOString().slice(0, 10);
        assert.equal(addDays(date, days), new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10));
      },
    ),
    { numRuns: 3000 },
  );
});

test('addDays always answers a YYYY-MM-DD date: years 0-99 are not read as 1900s, and results past year 9999 are clamped', () => {
  assert.equal(addDays('0050-01-01', 1), '0050-01-02');
  assert.equal(addDays('0000-01-01', -1), '0000-01-01');
  assert.equal(addDays('9999-12-31', 3), '9999-12-31');
  assert.equal(addDays('9999-12-28', 3), '9999-12-31');
  fc.assert(
    fc.property(anyFourDigitDate.filter(isValidDate), fc.integer({ min: -10, max: 10 }), (date, days) => {
      assert.ok(isValidDate(addDays(date, days)), `${date} ${days}`);
    }),
  );
});

test('transfer pairing on a row stored before the date domain (9999-12-31) computes only real dates', () => {
  const leg = (id: string, bankAccountId: string, amountMinor: number, date: string): PairCandidate => ({
    id,
    entityId: 'e',
    bankAccountId,
    currency: 'USD',
    date,
    amountMinor,
    description: 'TRANSFER',
    humanNonTransfer: false,
    alreadyPaired: false,
  });
  const rows = [leg('a', 'checking', 500, '9999-12-31'), leg('b', 'savings', -500, '9999-12-30')];
  const pairs = matchTransferPairs(rows, rows);
  assert.equal(pairs.get('a')?.id, 'b');
});
