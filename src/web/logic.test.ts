import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import {
  acceptable,
  auditChanges,
  categoryChoices,
  missingMonths,
  resolveCategory,
  reviewOrder,
  type ReviewCandidate,
} from '../../web/logic.ts';

const monthStart = (index: number) =>
  `${2020 + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
function monthEnd(index: number): string {
  const [year, month] = monthStart(index).split('-').map(Number);
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

test('missing months: exactly the whole calendar months no statement covers, between the first and the last', () => {
  fc.assert(
    fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 59 }), { minLength: 1, maxLength: 40 }), (present) => {
      const periods = present.map((index) => ({ periodStart: monthStart(index), periodEnd: monthEnd(index) }));
      const first = Math.min(...present);
      const last = Math.max(...present);
      const expected: string[] = [];
      for (let index = first; index <= last; index++)
        if (!present.includes(index)) expected.push(monthStart(index).slice(0, 7));
      assert.deepEqual(missingMonths([...periods].reverse()), expected);
    }),
  );
  // Statements that do not follow calendar months: a gap of days inside a month is not a missing month.
  assert.deepEqual(
    missingMonths([
      { periodStart: '2026-01-15', periodEnd: '2026-02-14' },
      { periodStart: '2026-02-20', periodEnd: '2026-03-19' },
    ]),
    [],
  );
  assert.deepEqual(
    missingMonths([
      { periodStart: '2026-01-15', periodEnd: '2026-02-14' },
      { periodStart: '2026-05-15', periodEnd: '2026-06-14' },
    ]),
    ['2026-03', '2026-04'],
  );
});

const candidate = fc.record({
  id: fc.uuid(),
  date: fc.constantFrom('2026-01-01', '2026-02-01', '2026-03-01'),
  amount: fc.integer({ min: -100_000, max: 100_000 }).map((minor) => minor / 100),
  category: fc.option(
    fc.record({
      accountNumber: fc.constantFrom('6200', '6999', '4999', '4100', '1900'),
      confidence: fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
    }),
  ),
}) as fc.Arbitrary<ReviewCandidate>;

test('review order: real suggestions first by confidence, then the rest by size; a total order', () => {
  fc.assert(
    fc.property(fc.array(candidate, { maxLength: 60 }), (rows) => {
      const sorted = [...rows].sort(reviewOrder);
      for (let index = 1; index < sorted.length; index++) {
        const [before, after] = [sorted[index - 1], sorted[index]];
        assert.ok(reviewOrder(before, after) <= 0);
        if (acceptable(after)) assert.ok(acceptable(before), 'no row without a real suggestion before one with');
        if (acceptable(before) && acceptable(after))
          assert.ok((before.category!.confidence ?? 0) >= (after.category!.confidence ?? 0));
      }
      // Whatever order the rows came in, the queue is the same.
      assert.deepEqual([...rows].reverse().sort(reviewOrder), sorted);
    }),
  );
});

test('the account search takes a number, a label or a part naming exactly one account', () => {
  const choices = categoryChoices([
    { accountNumber: '6110', name: 'Rent - Property', isActive: true, parentNumber: null },
    { accountNumber: '6100', name: 'Rent - Vehicles and Equipment', isActive: true, parentNumber: null },
    { accountNumber: '6200', name: 'Software and Subscriptions', isActive: true, parentNumber: null },
    { accountNumber: '1011', name: 'Operating checking', isActive: true, parentNumber: '1010' },
    { accountNumber: '6999', name: 'Old', isActive: false, parentNumber: null },
  ]);
  assert.deepEqual(
    choices.map((choice) => choice.value),
    ['6110', '6100', '6200', 'transfer'],
    'no bank ledger, no inactive account',
  );
  assert.equal(resolveCategory('6200', choices).value, '6200');
  assert.equal(resolveCategory('6200 · Software and Subscriptions', choices).value, '6200');
  assert.equal(resolveCategory('software', choices).value, '6200');
  assert.equal(resolveCategory('transfer', choices).value, 'transfer');
  assert.match(resolveCategory('rent', choices).problem!, /2 accounts match/);
  assert.match(resolveCategory('payroll', choices).problem!, /no account matches/);
  assert.match(resolveCategory('  ', choices).problem!, /type an account/);
});

test('an audit entry shows exactly the fields that changed, with both values', () => {
  const record = fc.dictionary(
    fc.oneof(fc.string({ minLength: 1, maxLength: 6 }), fc.constantFrom('constructor', 'toString', '__proto__')),
    fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(null)),
  );
  fc.assert(
    fc.property(record, record, (before, after) => {
      const changes = auditChanges(before, after);
      const fields = new Set([...Object.keys(before), ...Object.keys(after)]);
      const differing = [...fields].filter((name) => field(before, name) !== field(after, name));
      assert.deepEqual(changes.map((change) => change.field).sort(), differing.sort());
      for (const change of changes) {
        assert.equal(change.before, field(before, change.field));
        assert.equal(change.after, field(after, change.field));
      }
    }),
  );
  // A created thing: every field is new; a removed one: every field goes.
  assert.deepEqual(auditChanges(null, { role: 'viewer' }), [{ field: 'role', before: '—', after: '"viewer"' }]);
  assert.deepEqual(auditChanges({ role: 'owner' }, null), [{ field: 'role', before: '"owner"', after: '—' }]);
  assert.deepEqual(auditChanges('x', 'y'), [{ field: 'value', before: '"x"', after: '"y"' }]);
});

function field(record: Record<string, unknown>, name: string): string {
  return Object.hasOwn(record, name) ? JSON.stringify(record[name]) : '—';
}
