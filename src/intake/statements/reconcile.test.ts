import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { AmountError } from '../../money/minor-units.ts';
import { lastFourDigits, prepareStatement } from './prepare.ts';
import { decimalToMinor, expectedClosingMinor, inferKind, reconciles } from './reconcile.ts';
import { plainEvidence } from './readers/common.ts';
import type { ParsedStatement } from './types.ts';

test('decimal strings become exact minor units in the currency, or are refused', () => {
  assert.equal(decimalToMinor('1234.56', 'USD'), 123456);
  assert.equal(decimalToMinor('-0.07', 'USD'), -7);
  assert.equal(decimalToMinor('12.5', 'USD'), 1250);
  assert.equal(decimalToMinor('12.500', 'USD'), 1250, 'trailing zeros beyond the exponent are exact');
  assert.equal(decimalToMinor('1500', 'JPY'), 1500);
  assert.equal(decimalToMinor('1.234', 'KWD'), 1234);
  assert.equal(decimalToMinor('-0.00', 'USD'), 0);
  for (const [text, currency] of [
    ['12.345', 'USD'],
    ['1.5', 'JPY'],
    ['1,234.56', 'USD'],
    ['', 'USD'],
    ['12', 'XXZ'],
  ]) {
    assert.throws(() => decimalToMinor(text, currency), AmountError, `${text} ${currency}`);
  }
});

const amounts = fc.array(
  fc.integer({ min: -1_000_000, max: 1_000_000 }).filter((amount) => amount !== 0),
  { minLength: 1, maxLength: 40 },
);

test('the gate: lines roll the opening balance to the closing one by kind, exactly: a cent off fails', () => {
  fc.assert(
    fc.property(
      amounts,
      fc.integer({ min: -10_000_000, max: 10_000_000 }),
      fc.constantFrom('checking', 'savings', 'credit_card' as const),
      fc.integer({ min: -2, max: 2 }).filter((drift) => drift !== 0),
      (lines, opening, kind, drift) => {
        const closing = expectedClosingMinor(kind, opening, lines);
        assert.ok(reconciles(kind, opening, closing, lines), 'exact passes');
        assert.ok(
          !reconciles(kind, opening, closing + drift, lines),
          'a cent or two off fails (a one-cent line may be missing)',
        );
        const outMinusIn = lines.reduce((sum, amount) => sum + amount, 0);
        assert.equal(closing, kind === 'credit_card' ? opening + outMinusIn : opening - outMinusIn);
      },
    ),
  );
});

test('a statement of unknown kind is the kind under which it reconciles', () => {
  assert.equal(inferKind(10_000, 9_000, [1_000]), 'checking');
  assert.equal(inferKind(10_000, 11_000, [1_000]), 'credit_card');
  assert.equal(inferKind(10_000, 5, [1_000]), 'checking', 'neither: the common kind, which the gate then rejects');
});

const parsed = (overrides: Partial<ParsedStatement> = {}): ParsedStatement => ({
  institutionName: '  First   Harbor Bank ',
  accountLast4: '****1234',
  accountKind: null,
  currency: 'usd',
  periodStart: '2026-03-01',
  periodEnd: '2026-03-31',
  openingBalance: '100.00',
  closingBalance: '90.00',
  lines: [
    { date: '2026-03-02', description: ' COFFEE\n SHOP ', amount: '10.00', balance: null },
    { date: '2026-03-03', description: 'INTEREST', amount: '0.00', balance: null },
  ],
  ...overrides,
});

const stated = plainEvidence({ period: 'stated', openingBalance: 'stated', closingBalance: 'stated' }, false);

test('prepare: normalizes what was read and states every rejection with its reason', () => {
  const ok = prepareStatement(parsed(), stated, undefined, {});
  assert.ok(ok.ok);
  assert.deepEqual(
    ok.statement,
    {
      institutionName: 'First Harbor Bank',
      accountLast4: '1234',
      kind: 'checking',
      currency: 'USD',
      periodStart: '2026-03-01',
      periodEnd: '2026-03-31',
      openingMinor: 10_000,
      closingMinor: 9_000,
      lines: [{ date: '2026-03-02', description: 'COFFEE SHOP', amountMinor: 1_000 }],
      corrections: [],
    },
    'zero lines are left out; descriptions are collapsed',
  );

  const reasons: Array<[Partial<ParsedStatement>, string, RegExp]> = [
    [{ currency: null }, 'document_unreadable', /currency/],
    [{ currency: 'ZZZ' }, 'document_unreadable', /ISO 4217/],
    [{ periodStart: '2026-04-01' }, 'document_unreadable', /period/],
    [{ lines: [] }, 'no_transactions', /no transactions/],
    [
      { lines: [{ date: '2026-03-02', description: 'X', amount: '0', balance: null }] },
      'no_transactions',
      /move money/,
    ],
    [
      { lines: [{ date: '2026-02-30', description: 'X', amount: '10', balance: null }] },
      'document_unreadable',
      /line 1: the date/,
    ],
    [
      { lines: [{ date: '9999-12-31', description: 'X', amount: '10', balance: null }] },
      'document_unreadable',
      /line 1: the date 9999-12-31 lies outside .*from 1900-01-01 to 2199-12-31/,
    ],
    [
      { periodStart: '1899-12-01', periodEnd: '1899-12-31' },
      'document_unreadable',
      /period 1899-12-01 to 1899-12-31 lies outside .*from 1900-01-01 to 2199-12-31/,
    ],
    [
      { lines: [{ date: '2026-03-02', description: 'X', amount: '10.001', balance: null }] },
      'document_unreadable',
      /line 1: .*decimals/,
    ],
    [{ openingBalance: null }, 'did_not_reconcile', /openingBalance/],
    [{ closingBalance: '91.00' }, 'did_not_reconcile', /90 USD, the statement states 91 USD/],
  ];
  for (const [overrides, reason, message] of reasons) {
    const result = prepareStatement(parsed(overrides), stated, undefined, {});
    assert.ok(!result.ok, JSON.stringify(overrides));
    assert.equal(result.rejection.reason, reason, JSON.stringify(overrides));
    assert.match(result.rejection.message, message);
  }

  // Control characters in document text (a NUL no PostgreSQL column holds) become spaces.
  const controlled = prepareStatement(
    parsed({
      institutionName: 'First\u0000Harbor',
      lines: [{ date: '2026-03-02', description: 'COFFEE\u0000\u001bSHOP\u007f', amount: '10.00', balance: null }],
    }),
    stated,
    undefined,
    {},
  );
  assert.ok(controlled.ok);
  assert.equal(controlled.statement.institutionName, 'First Harbor');
  assert.equal(controlled.statement.lines[0].description, 'COFFEE SHOP');

  // The document wins over the upload's balances; the upload's fill what the document lacks.
  const supplied = prepareStatement(
    parsed({ openingBalance: null, closingBalance: null }),
    plainEvidence({ period: 'stated', openingBalance: 'lines', closingBalance: 'lines' }, false),
    undefined,
    { openingBalance: '100', closingBalance: '90' },
  );
  assert.ok(supplied.ok);
  const printedWins = prepareStatement(parsed(), stated, undefined, { openingBalance: '5', closingBalance: '5' });
  assert.ok(printedWins.ok && printedWins.statement.openingMinor === 10_000);
  // A known account supplies the currency and decides the kind; a hint only when nothing else says.
  const known = prepareStatement(
    parsed({ currency: null, closingBalance: '110.00' }),
    stated,
    { id: 'a', kind: 'credit_card', currency: 'USD' },
    { kind: 'checking' },
  );
  assert.ok(known.ok && known.statement.kind === 'credit_card' && known.statement.currency === 'USD');
  const hinted = prepareStatement(parsed({ closingBalance: '110.00' }), stated, undefined, { kind: 'savings' });
  assert.ok(
    !hinted.ok && hinted.rejection.reason === 'did_not_reconcile',
    'a savings statement whose balance grows by money out does not reconcile',
  );
});

test('last four digits of masked and formatted account numbers', () => {
  assert.equal(lastFourDigits('XXXX-XXXX-1234'), '1234');
  assert.equal(lastFourDigits('DE89 3704 0044 0532 0130 00'), '3000');
  assert.equal(lastFourDigits('12'), null);
  assert.equal(lastFourDigits(null), null);
});
