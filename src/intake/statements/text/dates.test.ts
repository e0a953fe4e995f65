import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { detectDayMonthOrder, parseDate } from './dates.ts';

const march = { start: '2026-03-01', end: '2026-03-31' };
const decJan = { start: '2025-12-15', end: '2026-01-14' };

test('every printed date form reads to YYYY-MM-DD', () => {
  const us = { order: 'month_first' as const, period: march };
  const eu = { order: 'day_first' as const, period: march };
  assert.equal(parseDate('03/14', us), '2026-03-14');
  assert.equal(parseDate('03/14/2026', us), '2026-03-14');
  assert.equal(parseDate('3/14/26', us), '2026-03-14');
  assert.equal(parseDate('14/03/2026', eu), '2026-03-14');
  assert.equal(parseDate('14/03', eu), '2026-03-14');
  assert.equal(parseDate('14 Mar 2026', us), '2026-03-14');
  assert.equal(parseDate('14-MAR-26', us), '2026-03-14');
  assert.equal(parseDate('Mar 14, 2026', us), '2026-03-14');
  assert.equal(parseDate('March 14', us), '2026-03-14');
  assert.equal(parseDate('14 Mar', eu), '2026-03-14');
  assert.equal(parseDate('2026-03-14', us), '2026-03-14');
  assert.equal(parseDate('14.03.2026', us), '2026-03-14');
  assert.equal(parseDate('14.03.', us), '2026-03-14');
  assert.equal(parseDate('14 Mär 2026', eu), '2026-03-14');
});

test('impossible and non-dates are refused', () => {
  const us = { order: 'month_first' as const, period: march };
  for (const text of ['02/30/2026', '13/14/2026', '14 Foo 2026', 'COFFEE', '1,234.56', '2026-13-01', '']) {
    assert.equal(parseDate(text, us), null, text);
  }
  assert.equal(parseDate('03/14', { order: 'month_first' }), null, 'no year, no period, no fallback');
  assert.equal(parseDate('03/14', { order: 'month_first', fallbackYear: 2024 }), '2024-03-14');
});

test('year-less rows of a December–January period take the year of their side of the boundary', () => {
  const options = { order: 'month_first' as const, period: decJan };
  assert.equal(parseDate('12/15', options), '2025-12-15');
  assert.equal(parseDate('12/31', options), '2025-12-31');
  assert.equal(parseDate('01/02', options), '2026-01-02');
  assert.equal(parseDate('Jan 14', options), '2026-01-14');
  assert.equal(parseDate('02 Jan', { order: 'day_first', period: decJan }), '2026-01-02');
});

test('property: a year-less date inside any period gets the year that puts it inside', () => {
  const day = 24 * 3600 * 1000;
  fc.assert(
    fc.property(
      fc.integer({ min: Date.UTC(1990, 0, 1) / day, max: Date.UTC(2060, 0, 1) / day }),
      fc.integer({ min: 0, max: 40 }),
      fc.integer({ min: 0, max: 40 }),
      (startDay, length, offset) => {
        const start = new Date(startDay * day).toISOString().slice(0, 10);
        const end = new Date((startDay + length) * day).toISOString().slice(0, 10);
        const date = new Date((startDay + Math.min(offset, length)) * day).toISOString().slice(0, 10);
        const [, month, dayOfMonth] = date.split('-');
        assert.equal(parseDate(`${month}/${dayOfMonth}`, { order: 'month_first', period: { start, end } }), date);
        assert.equal(parseDate(`${dayOfMonth}/${month}`, { order: 'day_first', period: { start, end } }), date);
      },
    ),
    { numRuns: 2000 },
  );
});

test('day/month order of a document comes from its dates, then from its decimal convention', () => {
  assert.equal(detectDayMonthOrder('03/14 COFFEE 03/02 RENT 03/28'), 'month_first');
  assert.equal(detectDayMonthOrder('14/03/2026 CAFE 28/03/2026'), 'day_first');
  assert.equal(detectDayMonthOrder('01/02 02/03'), 'month_first');
  assert.equal(detectDayMonthOrder('01/02 02/03', { commaDecimals: true }), 'day_first');
});

test('a month-name date whose comma OCR read as a full stop ("January 31. 2026") is still that date', () => {
  assert.equal(parseDate('January 31. 2026', { order: 'month_first' }), '2026-01-31');
  assert.equal(parseDate('Mar 4. 2026', { order: 'month_first' }), '2026-03-04');
});
