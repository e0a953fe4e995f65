import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { isLosslessNumber } from 'lossless-json';
import { AmountError, exactMajorUnits, MAX_AMOUNT_MINOR, toMajorUnits, toMinorUnits } from './minor-units.ts';
import { currencyExponent } from './currency.ts';

test('ISO 4217 exponents: USD 2, JPY 0, KWD 3; unknown codes are unknown', () => {
  assert.equal(currencyExponent('USD'), 2);
  assert.equal(currencyExponent('JPY'), 0);
  assert.equal(currencyExponent('KWD'), 3);
  assert.equal(currencyExponent('XYZ'), undefined);
  assert.equal(currencyExponent('usd'), undefined);
});

test('amounts convert exactly, including ones binary floating point cannot hold', () => {
  assert.equal(toMinorUnits(12.34, 'USD'), 1234);
  assert.throws(() => toMinorUnits(0.1 + 0.2, 'USD'), /17 decimals/);
  assert.equal(toMinorUnits(0.3, 'USD'), 30);
  assert.equal(toMinorUnits(-1234.5, 'USD'), -123450);
  assert.equal(toMinorUnits(1500, 'JPY'), 1500);
  assert.equal(toMinorUnits(1.234, 'KWD'), 1234);
  assert.equal(toMinorUnits(1e-2, 'USD'), 1);
  assert.equal(toMajorUnits(1234, 'USD'), 12.34);
  assert.equal(toMajorUnits(-5, 'USD'), -0.05);
  assert.equal(toMajorUnits(1234, 'KWD'), 1.234);
});

test('too many decimals, unknown currencies, non-finite and huge amounts are refused', () => {
  assert.throws(() => toMinorUnits(12.345, 'USD'), AmountError);
  assert.throws(() => toMinorUnits(1.5, 'JPY'), AmountError);
  assert.throws(() => toMinorUnits(1.2345, 'KWD'), AmountError);
  assert.throws(() => toMinorUnits(1, 'XYZ'), AmountError);
  assert.throws(() => toMinorUnits(Number.NaN, 'USD'), AmountError);
  assert.throws(() => toMinorUnits(1e-7, 'USD'), AmountError);
  assert.throws(() => toMinorUnits(MAX_AMOUNT_MINOR, 'USD'), AmountError);
});

test('property: minor → major → minor is the identity for every exponent', () => {
  fc.assert(fc.property(fc.integer({ min: -MAX_AMOUNT_MINOR, max: MAX_AMOUNT_MINOR }), fc.constantFrom('USD', 'JPY', 'KWD'), (minor, currency) => {
    assert.equal(toMinorUnits(toMajorUnits(minor, currency), currency), minor === 0 ? 0 : minor);
  }), { numRuns: 2000 });
});

test('totals leave as a number when the double prints the exact decimal, else with every digit', () => {
  assert.equal(exactMajorUnits(1234n, 'USD'), 12.34);
  assert.equal(exactMajorUnits(-1250n, 'USD'), -12.5);
  assert.equal(exactMajorUnits(0n, 'USD'), 0);
  assert.equal(exactMajorUnits(1500n, 'JPY'), 1500);
  assert.equal(exactMajorUnits(100_000n, 'KWD'), 100);
  const past = exactMajorUnits(2n ** 53n + 1n, 'USD');
  assert.ok(isLosslessNumber(past));
  assert.equal(past.toString(), '90071992547409.93');
  assert.equal(exactMajorUnits(-(10n ** 18n) - 7n, 'USD').toString(), '-10000000000000000.07');
  assert.equal(exactMajorUnits(10n ** 18n, 'JPY').toString(), '1000000000000000000');
  fc.assert(fc.property(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), (minor) => {
    const text = String(exactMajorUnits(minor, 'USD'));
    const [whole, fraction = ''] = text.replace('-', '').split('.');
    const back = BigInt(whole + fraction.padEnd(2, '0'));
    assert.equal(text.startsWith('-') ? -back : back, minor);
  }));
});
