import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { addDays } from '../shared/dates.ts';
import { comparisonPeriod, daysBetween, fiscalYearStart, monthsTouched, sameDateYearBefore } from './period.ts';

const date = fc.integer({ min: 0, max: 3650 }).map((day) => addDays('2020-01-01', day));

test('fiscal year start: calendar years, years ending in June or January, and the boundaries', () => {
  assert.equal(fiscalYearStart('2026-05-10', 12), '2026-01-01');
  assert.equal(fiscalYearStart('2026-05-10', 6), '2025-07-01');
  assert.equal(fiscalYearStart('2026-07-01', 6), '2026-07-01');
  assert.equal(fiscalYearStart('2026-06-30', 6), '2025-07-01');
  assert.equal(fiscalYearStart('2026-01-31', 1), '2025-02-01');
  assert.equal(fiscalYearStart('2026-02-01', 1), '2026-02-01');
});

test('property: the fiscal year start is a first of the month, on or before the date, less than a year before it', () => {
  fc.assert(
    fc.property(date, fc.integer({ min: 1, max: 12 }), (day, endMonth) => {
      const start = fiscalYearStart(day, endMonth);
      assert.ok(start.endsWith('-01') && start <= day && daysBetween(start, day) < 366);
      assert.equal(Number(start.slice(5, 7)), (endMonth % 12) + 1);
    }),
  );
});

test('comparison periods: whole months compare with the months before, other spans with the days before', () => {
  assert.deepEqual(comparisonPeriod('2026-03-01', '2026-03-31', 'previous_period'), {
    from: '2026-02-01',
    to: '2026-02-28',
  });
  assert.deepEqual(comparisonPeriod('2026-01-01', '2026-03-31', 'previous_period'), {
    from: '2025-10-01',
    to: '2025-12-31',
  });
  assert.deepEqual(comparisonPeriod('2026-01-01', '2026-12-31', 'previous_period'), {
    from: '2025-01-01',
    to: '2025-12-31',
  });
  assert.deepEqual(comparisonPeriod('2026-03-10', '2026-03-19', 'previous_period'), {
    from: '2026-02-28',
    to: '2026-03-09',
  });
  assert.deepEqual(comparisonPeriod('2024-02-01', '2024-02-29', 'previous_year'), {
    from: '2023-02-01',
    to: '2023-02-28',
  });
  assert.equal(sameDateYearBefore('2024-02-29'), '2023-02-28');
});

test('property: the previous period ends the day before from and never overlaps it', () => {
  fc.assert(
    fc.property(date, fc.integer({ min: 0, max: 400 }), (from, length) => {
      const to = addDays(from, length);
      const previous = comparisonPeriod(from, to, 'previous_period');
      assert.equal(previous.to, addDays(from, -1));
      assert.ok(previous.from <= previous.to);
    }),
  );
});

test('months touched by a period, across a year end', () => {
  assert.deepEqual(monthsTouched('2025-11-15', '2026-02-01'), ['2025-11', '2025-12', '2026-01', '2026-02']);
  assert.deepEqual(monthsTouched('2026-03-01', '2026-03-31'), ['2026-03']);
});
