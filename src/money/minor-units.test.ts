import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { isLosslessNumber } from 'lossless-json';
import {
  AmountError,
  exactMajorUnits,
  floatNoiseToleranceMinor,
  MAX_AMOUNT_MINOR,
  toMajorUnits,
  toMinorUnits,
} from './minor-units.ts';
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
  assert.equal(toMinorUnits(0.1 + 0.2, 'USD'), 30, '0.30000000000000004 is float noise around 30 cents');
  assert.equal(toMinorUnits(1 + 14 / 100, 'USD'), 114, "1.1400000000000001, a JS client's arithmetic");
  assert.equal(toMinorUnits(-(1 + 14 / 100), 'USD'), -114);
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
  assert.throws(() => toMinorUnits(1.145, 'USD'), /has 3 decimals but USD has 2/);
  assert.throws(() => toMinorUnits(1.1401, 'USD'), /has 4 decimals/);
  assert.throws(() => toMinorUnits(1.14000001, 'USD'), /has 8 decimals/);
  assert.throws(() => toMinorUnits(99_999_999.995, 'USD'), AmountError);
  assert.throws(() => toMinorUnits(1.5, 'JPY'), AmountError);
  assert.throws(() => toMinorUnits(1.2345, 'KWD'), AmountError);
  assert.throws(() => toMinorUnits(1, 'XYZ'), AmountError);
  assert.throws(() => toMinorUnits(Number.NaN, 'USD'), AmountError);
  assert.throws(() => toMinorUnits(1e-7, 'USD'), AmountError);
  assert.throws(() => toMinorUnits(MAX_AMOUNT_MINOR, 'USD'), AmountError);
});

test('property: minor → major → minor is the identity for every exponent', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: -MAX_AMOUNT_MINOR, max: MAX_AMOUNT_MINOR }),
      fc.constantFrom('USD', 'JPY', 'KWD'),
      (minor, currency) => {
        assert.equal(toMinorUnits(toMajorUnits(minor, currency), currency), minor === 0 ? 0 : minor);
      },
    ),
    { numRuns: 2000 },
  );
});

test('property: a major amount is the double its decimal text parses to (every safe integer, every exponent)', () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.integer({ min: -MAX_AMOUNT_MINOR, max: MAX_AMOUNT_MINOR }),
        fc.maxSafeInteger(),
        fc.maxSafeInteger().map((n) => -n),
      ),
      fc.constantFrom('USD', 'JPY', 'KWD', 'CLF'),
      (minor, currency) => {
        const exponent = currencyExponent(currency)!;
        const digits = Math.abs(minor)
          .toString()
          .padStart(exponent + 1, '0');
        const text = `${minor < 0 ? '-' : ''}${exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`}`;
        assert.equal(Object.is(toMajorUnits(minor, currency), Number(text) || 0), true, `${minor} ${currency}`);
      },
    ),
    { numRuns: 5000 },
  );
});

/** The ways a client's code arrives at c/10^exponent in floating point; each may carry noise. */
const floatComputations: Array<[string, (minor: number, exponent: number) => number]> = [
  ['divide', (minor, exponent) => minor / 10 ** exponent],
  ['multiply by 10^-exponent', (minor, exponent) => minor * 10 ** -exponent],
  [
    'whole + fraction',
    (minor, exponent) => Math.trunc(minor / 10 ** exponent) + (minor % 10 ** exponent) / 10 ** exponent,
  ],
  [
    'divide by ten repeatedly',
    (minor, exponent) => Array.from({ length: exponent }).reduce<number>((value) => value / 10, minor),
  ],
  [
    'sum of three parts',
    (minor, exponent) =>
      (minor - 2 * Math.trunc(minor / 3)) / 10 ** exponent +
      Math.trunc(minor / 3) / 10 ** exponent +
      Math.trunc(minor / 3) / 10 ** exponent,
  ],
  [
    'price times quantity',
    (minor, exponent) => (minor % 7 === 0 ? (minor / 7 / 10 ** exponent) * 7 : minor / 10 ** exponent),
  ],
  ['parsed from toFixed', (minor, exponent) => Number.parseFloat((minor / 10 ** exponent).toFixed(exponent))],
];

test('property: a whole number of minor units reached by float arithmetic is accepted as exactly that number', () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        fc.integer({ min: -MAX_AMOUNT_MINOR, max: MAX_AMOUNT_MINOR }),
      ),
      fc.constantFrom(['USD', 2] as const, ['KWD', 3] as const, ['JPY', 0] as const),
      fc.constantFrom(...floatComputations),
      (minor, [currency, exponent], [, compute]) => {
        assert.equal(toMinorUnits(compute(minor, exponent), currency), minor === 0 ? 0 : minor);
      },
    ),
    { numRuns: 5000 },
  );
});

test('property: an amount with a real digit below the minor unit is refused, however it was computed', () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        fc.integer({ min: -MAX_AMOUNT_MINOR + 1, max: MAX_AMOUNT_MINOR - 1 }),
      ),
      fc.integer({ min: 1, max: 9 }),
      fc.constantFrom(['USD', 2] as const, ['KWD', 3] as const, ['JPY', 0] as const),
      (minor, tenth, [currency, exponent]) => {
        // minor + tenth/10 minor units, e.g. 1.145 USD: one digit past the currency's decimals.
        const tenths = minor * 10 + (minor < 0 ? -tenth : tenth);
        for (const amount of [
          tenths / 10 ** (exponent + 1),
          (minor + (minor < 0 ? -tenth : tenth) / 10) / 10 ** exponent,
        ]) {
          assert.throws(() => toMinorUnits(amount, currency), AmountError, `${amount} ${currency}`);
        }
      },
    ),
    { numRuns: 5000 },
  );
});

test('the float-noise tolerance stays far below half a minor unit up to the cap', () => {
  assert.equal(floatNoiseToleranceMinor(0), 1e-9);
  assert.equal(floatNoiseToleranceMinor(100_000), 1e-9);
  assert.ok(floatNoiseToleranceMinor(MAX_AMOUNT_MINOR) <= 0.01);
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
  fc.assert(
    fc.property(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), (minor) => {
      const text = String(exactMajorUnits(minor, 'USD'));
      const [whole, fraction = ''] = text.replace('-', '').split('.');
      const back = BigInt(whole + fraction.padEnd(2, '0'));
      assert.equal(text.startsWith('-') ? -back : back, minor);
    }),
  );
});
