import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { detectDecimalSeparator, parseAmount as parseAmountValue, type DecimalSeparator } from './amounts.ts';

/** The parsed amount with its value as text, to compare with what the statement printed. */
function parseAmount(text: string, separator?: DecimalSeparator) {
  const parsed = parseAmountValue(text, separator);
  return parsed && { ...parsed, value: parsed.value.toString() };
}

test('amounts in every printed form read to exact signed decimals', () => {
  const cases: Array<[string, string, string | null, string | null]> = [
    ['1,234.56', '1234.56', null, null],
    ['(1,234.56)', '-1234.56', null, null],
    ['1.234,56', '1234.56', null, null],
    ['1 234,56', '1234.56', null, null],
    ['1\u00a0234\u00a0567,89', '1234567.89', null, null],
    ['-$12.00', '-12.00', null, '$'],
    ['$-12.00', '-12.00', null, '$'],
    ['$12.00-', '-12.00', null, '$'],
    ['($12.00)', '-12.00', null, '$'],
    ['12.00 CR', '12.00', 'CR', null],
    ['12.00 DR', '12.00', 'DR', null],
    ['12.00Cr', '12.00', 'CR', null],
    ['€1.234,56', '1234.56', null, 'EUR'],
    ['EUR 1.234,56', '1234.56', null, 'EUR'],
    ['-1.234,56 EUR', '-1234.56', null, 'EUR'],
    ['£0.99', '0.99', null, 'GBP'],
    ['US$ 1,000.00', '1000.00', null, 'USD'],
    ['\u221245.10', '-45.10', null, null],
    ['+12.00', '12.00', null, null],
    ['.50', '0.50', null, null],
    ['-0.00', '0.00', null, null],
    ['007.10', '7.10', null, null],
  ];
  for (const [text, value, indicator, currency] of cases) {
    assert.deepEqual(parseAmount(text), { value, indicator, currency }, text);
  }
});

test('non-amounts and malformed groupings are refused', () => {
  for (const text of [
    '',
    'abc',
    '12/03',
    '1,23,4',
    '--12.00',
    '(12.00',
    '12.00 XX',
    '1.234.56,7,8',
    'Page 1 of 3',
    '$',
  ]) {
    assert.equal(parseAmount(text), null, text);
  }
});

test('the document convention decides a lone separator, the token decides when it shows both', () => {
  assert.equal(parseAmount('1,234', 'dot')?.value, '1234');
  assert.equal(parseAmount('1,234', 'comma')?.value, '1.234');
  assert.equal(parseAmount('1.234', 'comma')?.value, '1234');
  assert.equal(parseAmount('12,50', 'comma')?.value, '12.50');
  assert.equal(parseAmount('12.50', 'comma'), null);
  assert.equal(parseAmount('1,234.56', 'comma')?.value, '1234.56');
  assert.equal(parseAmount('1 234,56', 'dot')?.value, undefined);
});

test('decimal separator of a document, not fooled by dotted dates', () => {
  assert.equal(detectDecimalSeparator('Buchungstag 14.03.2026 Betrag -1.234,56 Saldo 5,00 01.04.2026'), 'comma');
  assert.equal(detectDecimalSeparator('03/14 COFFEE 1,234.56 12.00 Balance 99.10'), 'dot');
  assert.equal(detectDecimalSeparator('no amounts at all'), 'dot');
  assert.equal(detectDecimalSeparator('1 234,56 et 12,00'), 'comma');
});

const amountParts = fc.record({
  minor: fc.bigInt({ min: -(10n ** 13n), max: 10n ** 13n }),
  separator: fc.constantFrom('dot' as const, 'comma' as const),
  grouping: fc.constantFrom(',', '.', ' ', '\u00a0', "'", ''),
  style: fc.constantFrom('minus', 'parentheses', 'trailing', 'currency'),
});

function format(minor: bigint, separator: 'dot' | 'comma', grouping: string, style: string): string {
  const digits = (minor < 0n ? -minor : minor).toString().padStart(3, '0');
  const whole = digits.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, grouping);
  const unsigned = `${whole}${separator === 'dot' ? '.' : ','}${digits.slice(-2)}`;
  if (minor >= 0n) return style === 'currency' ? `€${unsigned}` : unsigned;
  if (style === 'parentheses') return `(${unsigned})`;
  if (style === 'trailing') return `${unsigned}-`;
  if (style === 'currency') return `-€${unsigned}`;
  return `-${unsigned}`;
}

function expected(minor: bigint): string {
  const digits = (minor < 0n ? -minor : minor).toString().padStart(3, '0');
  return `${minor < 0n ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

test('property: format then parse gives back the exact amount, in either convention', () => {
  fc.assert(
    fc.property(amountParts, ({ minor, separator, grouping, style }) => {
      const decimalChar = separator === 'dot' ? '.' : ',';
      fc.pre(grouping !== decimalChar);
      const text = format(minor, separator, grouping, style);
      assert.equal(parseAmount(text, separator)?.value, expected(minor), text);
    }),
    { numRuns: 3000 },
  );
});
