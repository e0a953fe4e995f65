import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { addCalendarDays, federalHolidays, holidaysOf, isBusinessDay, nextBusinessDay } from './calendar.ts';

// OPM, "Federal Holidays" for 2026 and 2027 (observed dates).
const OPM_2026 = [
  '2026-01-01',
  '2026-01-19',
  '2026-02-16',
  '2026-05-25',
  '2026-06-19',
  '2026-07-03',
  '2026-09-07',
  '2026-10-12',
  '2026-11-11',
  '2026-11-26',
  '2026-12-25',
];
const OPM_2027 = [
  '2027-01-01',
  '2027-01-18',
  '2027-02-15',
  '2027-05-31',
  '2027-06-18',
  '2027-07-05',
  '2027-09-06',
  '2027-10-11',
  '2027-11-11',
  '2027-11-25',
  '2027-12-24',
];

test('federal holidays match the OPM calendars of 2026 and 2027, with Saturday/Sunday observance', () => {
  assert.deepEqual(federalHolidays(2026), OPM_2026);
  assert.deepEqual(federalHolidays(2027), OPM_2027);
  // New Year's Day 2028 is a Saturday: observed on Friday December 31, 2027, which belongs to 2027's set.
  assert.ok(holidaysOf('state', 2027).has('2027-12-31'));
  assert.ok(!holidaysOf('state', 2028).has('2027-12-31'));
});

test('DC Emancipation Day counts for federal deadlines only, with its own observance', () => {
  assert.ok(holidaysOf('federal', 2026).has('2026-04-16'));
  assert.ok(!holidaysOf('state', 2026).has('2026-04-16'));
  // 2022: April 16 was a Saturday, observed Friday April 15: the filing deadline was Monday April 18.
  assert.equal(nextBusinessDay('2022-04-15', 'federal'), '2022-04-18');
  assert.equal(nextBusinessDay('2022-04-15', 'state'), '2022-04-15');
  // 2023: April 15 a Saturday, April 17 the observed Emancipation Day: the deadline was Tuesday April 18.
  assert.equal(nextBusinessDay('2023-04-15', 'federal'), '2023-04-18');
  assert.equal(nextBusinessDay('2023-04-15', 'state'), '2023-04-17');
  // 2027: April 15 is a Thursday, April 16 the holiday: no shift.
  assert.equal(nextBusinessDay('2027-04-15', 'federal'), '2027-04-15');
});

test('weekend and holiday shifts', () => {
  assert.equal(nextBusinessDay('2026-01-31', 'federal'), '2026-02-02', 'Saturday → Monday');
  assert.equal(nextBusinessDay('2027-02-15', 'federal'), '2027-02-16', "Washington's Birthday → Tuesday");
  assert.equal(nextBusinessDay('2027-05-31', 'state'), '2027-06-01', 'Memorial Day → Tuesday');
  assert.equal(
    nextBusinessDay('2026-07-04', 'federal'),
    '2026-07-06',
    'Saturday (holiday observed on the Friday before) → Monday',
  );
});

test('nextBusinessDay is the first business day on or after the date, never more than a week later', () => {
  const day = fc.integer({ min: 0, max: 365 * 12 }).map((offset) => addCalendarDays('2020-01-01', offset));
  fc.assert(
    fc.property(day, fc.constantFrom('federal' as const, 'state' as const), (date, calendar) => {
      const shifted = nextBusinessDay(date, calendar);
      assert.ok(shifted >= date && isBusinessDay(shifted, calendar));
      for (let current = date; current < shifted; current = addCalendarDays(current, 1))
        assert.ok(!isBusinessDay(current, calendar));
      assert.ok(shifted <= addCalendarDays(date, 6));
    }),
  );
});
