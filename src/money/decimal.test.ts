import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { Decimal } from './decimal.ts';

const text = (value: Decimal) => value.toString();

test('parsing keeps the scale as written; strict parsing refuses signs and bare points', () => {
  assert.equal(text(Decimal.from('12.50')), '12.50');
  assert.equal(text(Decimal.from('+.5')), '0.5');
  assert.equal(text(Decimal.from('12.')), '12');
  assert.equal(text(Decimal.from('-0.00')), '0.00', 'zero has no sign');
  for (const bad of ['', '.', '1,234.56', '1e5', '--1', 'abc']) assert.equal(Decimal.parse(bad), null, bad);
  for (const loose of ['+1', '12.', '.5']) assert.equal(Decimal.parse(loose, { strict: true }), null, loose);
  assert.equal(text(Decimal.parse('-7.25', { strict: true })!), '-7.25');
});

test('arithmetic is exact where binary floating point is not', () => {
  assert.equal(text(Decimal.from('0.10').plus(Decimal.from('0.20'))), '0.30');
  assert.equal(text(Decimal.from('-5').plus(Decimal.from('2.5'))), '-2.5');
  assert.equal(text(Decimal.from('-3.10').negate()), '3.10');
  assert.equal(Decimal.from('1.10').compare(Decimal.from('1.1')), 0);
  assert.equal(Decimal.from('-1').compare(Decimal.from('0.01')), -1);
  assert.equal(text(Decimal.from('9007199254740.99').plus(Decimal.from('0.01'))), '9007199254741.00');
  assert.equal(text(Decimal.sum(['1.005', '2', '-0.005'].map(Decimal.from))), '3.000');
});

test('numbers read as they print, exponent notation included', () => {
  assert.equal(text(Decimal.fromNumber(12.34)), '12.34');
  assert.equal(text(Decimal.fromNumber(1e-7)), '0.0000001');
  assert.equal(text(Decimal.fromNumber(-1.5e21)), '-1500000000000000000000');
  assert.throws(() => Decimal.fromNumber(Number.NaN), RangeError);
});

test('units at an exponent are exact or refused; scale and rounding do what statements need', () => {
  assert.equal(Decimal.from('12.500').toUnitsAt(2), 1250n);
  assert.equal(Decimal.from('12.345').toUnitsAt(2), null);
  assert.equal(Decimal.from('1500').toUnitsAt(0), 1500n);
  assert.equal(text(Decimal.from('12.3400').withScale(2)), '12.34');
  assert.equal(text(Decimal.from('12').withScale(2)), '12.00');
  assert.equal(text(Decimal.from('12.345').withScale(2)), '12.345', 'never rounded to fit');
  assert.equal(text(Decimal.from('2.345').roundTo(2)), '2.35');
  assert.equal(text(Decimal.from('-2.345').roundTo(2)), '-2.35', 'half away from zero');
  assert.equal(text(Decimal.from('2.344').roundTo(2)), '2.34');
});

const decimalText = fc
  .tuple(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.integer({ min: 0, max: 6 }))
  .map(([units, scale]) => Decimal.of(units, scale).toString());

test('property: text round-trips, and addition agrees with BigInt arithmetic on a common scale', () => {
  fc.assert(
    fc.property(decimalText, decimalText, (left, right) => {
      const a = Decimal.from(left);
      const b = Decimal.from(right);
      assert.equal(a.toString(), left);
      const sum = a.plus(b);
      assert.ok(sum.minus(b).equals(a));
      assert.equal(a.compare(b) + b.compare(a), 0, 'compare is antisymmetric');
      assert.equal(sum.compare(a), b.compare(Decimal.ZERO));
      const scale = Math.max(a.scale, b.scale);
      assert.equal(sum.toUnitsAt(scale), a.toUnitsAt(scale)! + b.toUnitsAt(scale)!);
    }),
    { numRuns: 1000 },
  );
});

test('property: a number converts to the decimal it prints as, and back', () => {
  fc.assert(
    fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
      const decimal = Decimal.fromNumber(value);
      assert.equal(decimal.toNumber(), value === 0 ? 0 : value);
    }),
    { numRuns: 1000 },
  );
});

test('property: withScale changes the digits shown, never the value', () => {
  fc.assert(
    fc.property(decimalText, fc.integer({ min: 0, max: 4 }), (value, minScale) => {
      const decimal = Decimal.from(value);
      const shown = decimal.withScale(minScale);
      assert.ok(shown.equals(decimal));
      assert.ok(shown.scale >= minScale);
    }),
    { numRuns: 1000 },
  );
});
