import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { US_CHART } from '../../../chart/us-chart.ts';
import { cleanDescriptor } from '../descriptor.ts';
import { TRANSFER } from '../types.ts';
import { directoryEntries, lookupDirectory } from './lookup.ts';

const chartAccounts = new Set(US_CHART.map((account) => account.accountNumber));

function lookup(descriptor: string, direction: 'in' | 'out', merchant?: string) {
  return lookupDirectory(cleanDescriptor(descriptor, merchant), direction);
}

test('the directory holds at least 2,000 merchants, each mapped to an account of the US chart in both directions', () => {
  const entries = directoryEntries();
  assert.ok(entries.length >= 2000, `${entries.length} entries`);
  for (const entry of entries) {
    for (const decision of [entry.out, entry.in]) {
      assert.ok(decision.target === TRANSFER || chartAccounts.has(decision.target), `${entry.name}: ${decision.target}`);
      assert.ok(decision.confidence > 0 && decision.confidence < 1, `${entry.name}: ${decision.confidence}`);
    }
    assert.ok(entry.aliases.length >= 1);
  }
  assert.equal(new Set(entries.map((entry) => entry.name)).size, entries.length, 'merchant names are unique');
});

test('the directory covers every kind of payee the issue names', () => {
  const perCategory = new Map<string, number>();
  for (const entry of directoryEntries()) perCategory.set(entry.category, (perCategory.get(entry.category) ?? 0) + 1);
  const required = ['software', 'cloud', 'airline', 'hotel', 'ride', 'fuel', 'telecom', 'utility', 'restaurant', 'coffee', 'grocery',
    'marketplace', 'shipping', 'insurance', 'processor', 'payroll', 'benefits', 'bank', 'lender', 'government'];
  for (const category of required) assert.ok((perCategory.get(category) ?? 0) >= 10, `${category}: ${perCategory.get(category) ?? 0}`);
});

/** Payees paid by ACH or transfer show ACH noise; card merchants show card noise. */
const ACH_CATEGORIES = new Set(['bank', 'bankfee', 'lender', 'processor', 'processor_misc', 'payroll', 'benefits', 'government']);
const ACH_NOISE: Array<(alias: string) => string> = [
  (alias) => alias,
  (alias) => `ACH DEBIT ${alias} 240314`,
  (alias) => `${alias} PPD ID: 1234567890`,
  (alias) => `${alias} CCD 240314 TRACE 021000021234567`,
  (alias) => `ELECTRONIC PMT ${alias} 03/14`,
];
const CARD_NOISE: Array<(alias: string) => string> = [
  (alias) => alias,
  (alias) => `POS PURCHASE ${alias} #1234 SEATTLE WA`,
  (alias) => `CHECKCARD 0314 ${alias} 800-555-1212 CA`,
  (alias) => `PURCHASE AUTHORIZED ON 03/14 ${alias} SAN FRANCISCO CA S384073512345678 CARD 1234`,
  (alias) => `${alias} 03/14`,
  (alias) => `DEBIT CARD PURCHASE ${alias} XXXX1234`,
  (alias) => `RECURRING PAYMENT ${alias} REF 7HJ32K9`,
  (alias) => `${alias} STORE 0042 AUSTIN TX`,
];

test('every alias is found through the noise banks add around it, in its own entry', () => {
  let checked = 0;
  for (const entry of directoryEntries()) {
    entry.aliases.forEach((alias, index) => {
      const noise = ACH_CATEGORIES.has(entry.category) ? ACH_NOISE : CARD_NOISE;
      const noisy = noise[(checked + index) % noise.length](alias);
      const match = lookup(noisy, 'out');
      assert.ok(match, `${noisy}: no match`);
      // A longer alias of a sibling entry may win ("DELTA DENTAL" over "DELTA"); it must then be at least as specific.
      if (match.merchantName !== entry.name) {
        assert.ok(match.alias.replace(/ /g, '').length >= cleanDescriptor(alias).tokens.join('').length, `${noisy}: ${match.merchantName} instead of ${entry.name}`);
      }
      checked += 1;
    });
  }
  assert.ok(checked > 5000);
});

test('direction decides: a Stripe payout is revenue, a Stripe charge is a fee; a refund books where the purchase went', () => {
  assert.equal(lookup('STRIPE TRANSFER ST-A1B2C3D4E5F6', 'in')?.target, '4000');
  assert.equal(lookup('STRIPE', 'out')?.target, '6210');
  assert.equal(lookup('SHOPIFY PAYMENTS PAYOUT 240314', 'in')?.target, '4000');
  const flight = lookup('DELTA AIR 0062345678901', 'out');
  const refund = lookup('DELTA AIR 0062345678901', 'in');
  assert.equal(flight?.target, '6150');
  assert.equal(refund?.target, '6150');
  assert.ok(refund!.confidence < flight!.confidence);
  assert.equal(lookup('PAYMENT THANK YOU', 'in')?.target, TRANSFER);
  assert.equal(lookup('INTEREST PAYMENT', 'in')?.target, '4500');
  assert.equal(lookup('PURCHASE INTEREST CHARGE', 'out')?.target, '6070');
});

test('ambiguous merchants carry a lower confidence than unambiguous ones', () => {
  const ambiguous = ['AMZN Mktp US*2K3L45', 'COSTCO WHSE #0123', 'WAL-MART #1234', 'TARGET 00012345'].map((descriptor) => lookup(descriptor, 'out'));
  const unambiguous = ['DELTA AIR 0062345678901', 'SHELL OIL 57444', 'SLACK T0123ABC', 'UNITED 0162345678901'].map((descriptor) => lookup(descriptor, 'out'));
  const highestAmbiguous = Math.max(...ambiguous.map((match) => match!.confidence));
  const lowestUnambiguous = Math.min(...unambiguous.map((match) => match!.confidence));
  assert.ok(highestAmbiguous < lowestUnambiguous, `${highestAmbiguous} vs ${lowestUnambiguous}`);
});

test('real-looking descriptors from many banks find their merchant', () => {
  const cases: Array<[string, 'in' | 'out', string, string]> = [
    ['AMZN Mktp US*2K3L45', 'out', 'Amazon', '6130'],
    ['AMAZON WEB SERVICES AWS.AMAZON.CO WA', 'out', 'Amazon Web Services', '6200'],
    ['GOOGLE *GSUITE_acme.com', 'out', 'Google Workspace', '6200'],
    ['GOOGLE *ADS1234567', 'out', 'Google Ads', '6000'],
    ['UBER *TRIP HELP.UBER.COM CA', 'out', 'Uber', '6010'],
    ['UBER *EATS', 'out', 'Uber Eats', '6160'],
    ['ONLINE BILL PAY COMCAST CABLE', 'out', 'Comcast Xfinity', '6170'],
    ['ORIG CO NAME:GUSTO ORIG ID:9138723 DESC DATE:240314 CO ENTRY DESCR:NET PAY SEC:CCD TRACE#:021000021234567', 'out', 'Gusto Net Pay', '6180'],
    ['GUSTO DES:TAX 240314 ID:7HJ32 INDN:ACME DESIGN LLC CO ID:9138723 CCD', 'out', 'Gusto Taxes', '6140'],
    ['IRS DES:USATAXPYMT ID:270412345678901 INDN:ACME DESIGN LLC CCD', 'out', 'IRS', '6140'],
    ['CHICK-FIL-A #01234 ATLANTA GA', 'out', 'Chick-fil-A', '6160'],
    ['VZWRLSS*APOCC VISN', 'out', 'Verizon', '6170'],
    ['DELTA DENTAL OF CA', 'out', 'Delta Dental', '6050'],
    ['AMEX EPAYMENT ACH PMT', 'out', 'American Express Payment', TRANSFER],
    ['SQ *BLUE BOTTLE COFFEE San Francisco CA', 'out', 'Blue Bottle Coffee', '6160'],
    ['POS DEBIT SHELL OIL 12345678 HOUSTON TX', 'out', 'Shell', '6010'],
    ['TX COMPTROLLER DES:SALES TAX ID:1234 INDN:TACO TRUCK CCD', 'out', 'Texas Department of Revenue', '2300'],
  ];
  for (const [descriptor, direction, merchantName, target] of cases) {
    const match = lookup(descriptor, direction);
    assert.equal(match?.merchantName, merchantName, descriptor);
    assert.equal(match?.target, target, descriptor);
  }
});

test('the pushed merchant name is tried first; unknown local merchants are not guessed', () => {
  assert.equal(lookup('PURCHASE 03/14 XYZ 8812', 'out', 'Starbucks')?.merchantName, 'Starbucks');
  assert.equal(lookup('TST* JOES TACOS AUSTIN TX', 'out'), null);
  assert.equal(lookup('PINE RIDGE DENTAL ARTS', 'out'), null);
  assert.equal(lookup('', 'out'), null);
});

test('a web address names its merchant; its bare first word does not', () => {
  assert.equal(lookup('BOOKING.COM HOTEL AMSTERDAM', 'out')?.merchantName, 'Booking.com');
  assert.equal(lookup('WWW.BOOKING.COM', 'out')?.merchantName, 'Booking.com');
  assert.notEqual(lookup('REMOTE ONLINE DEPOSIT # 1', 'in')?.merchantName, 'Remote.com');
  assert.notEqual(lookup('COPY CENTRAL', 'out')?.merchantName, 'Copy.ai');
});

test('the more specific of merchant name and descriptor wins', () => {
  assert.equal(lookup('GUSTO; TAX', 'out', 'Gusto')?.merchantName, 'Gusto Taxes');
  assert.equal(lookup('GUSTO; NET PAY', 'out', 'Gusto')?.target, '6180');
  assert.equal(lookup('SQ *XYZ 123', 'out', 'Blue Bottle Coffee')?.merchantName, 'Blue Bottle Coffee');
});

test('an alias found after leading words is a weaker, inner match', () => {
  assert.equal(lookup('ACH WEB PMT SPECTRUM 240314', 'out')?.position, 'start');
  const inner = lookup('EPAY SPECTRUM 240314', 'out');
  assert.equal(inner?.merchantName, 'Spectrum');
  assert.equal(inner?.position, 'inner');
  assert.ok(inner!.confidence < lookup('SPECTRUM', 'out')!.confidence);
});

test('property: lookup never throws and only answers with chart accounts or transfer', () => {
  fc.assert(fc.property(fc.string({ maxLength: 60 }), fc.constantFrom('in' as const, 'out' as const), (descriptor, direction) => {
    const match = lookup(descriptor, direction);
    if (match) assert.ok(match.target === TRANSFER || chartAccounts.has(match.target));
  }), { numRuns: 500 });
});
