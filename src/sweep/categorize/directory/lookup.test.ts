import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { accountForRole, isChartRole, US_CHART } from '../../../chart/us-chart.ts';
import { cleanDescriptor } from '../../../descriptor/descriptor.ts';
import { TRANSFER } from '../types.ts';
import { directoryEntries, losesItsNumber, lookupDirectory } from './lookup.ts';

const chartAccounts = new Set(US_CHART.map((account) => account.accountNumber));

function lookup(descriptor: string, direction: 'in' | 'out', merchant?: string) {
  return lookupDirectory(cleanDescriptor(descriptor, merchant), direction);
}

test('the directory holds at least 2,000 merchants, each mapped to an account of the US chart in both directions', () => {
  const entries = directoryEntries().filter((entry) => entry.source === 'curated');
  assert.ok(entries.length >= 2000, `${entries.length} entries`);
  for (const entry of entries) {
    for (const decision of [entry.out, entry.in]) {
      assert.ok(
        decision.target === TRANSFER || chartAccounts.has(decision.target),
        `${entry.name}: ${decision.target}`,
      );
      assert.ok(decision.confidence > 0 && decision.confidence < 1, `${entry.name}: ${decision.confidence}`);
    }
    assert.ok(entry.aliases.length >= 1);
  }
  assert.equal(new Set(entries.map((entry) => entry.name)).size, entries.length, 'merchant names are unique');
});

test('the directory covers every kind of payee the issue names', () => {
  const perCategory = new Map<string, number>();
  for (const entry of directoryEntries()) perCategory.set(entry.category, (perCategory.get(entry.category) ?? 0) + 1);
  const required = [
    'software',
    'cloud',
    'airline',
    'hotel',
    'ride',
    'fuel',
    'telecom',
    'utility',
    'restaurant',
    'coffee',
    'grocery',
    'marketplace',
    'shipping',
    'insurance',
    'processor',
    'payroll',
    'benefits',
    'bank',
    'lender',
    'government',
  ];
  for (const category of required)
    assert.ok((perCategory.get(category) ?? 0) >= 10, `${category}: ${perCategory.get(category) ?? 0}`);
});

test('the directory covers the suppliers, platforms and payers of the trades', () => {
  const perCategory = new Map<string, number>();
  for (const entry of directoryEntries()) perCategory.set(entry.category, (perCategory.get(entry.category) ?? 0) + 1);
  const required = [
    'trade_supply',
    'auto_parts',
    'trucking',
    'moving',
    'beverage_supply',
    'medical_supply',
    'health_payer',
    'beauty',
    'creative_supply',
    'print_supply',
    'ag_supply',
    'realestate',
    'it_supply',
    'membership',
  ];
  for (const category of required)
    assert.ok((perCategory.get(category) ?? 0) >= 10, `${category}: ${perCategory.get(category) ?? 0}`);
});

test('no name or alias belongs to two payees, read straight from the file', () => {
  const records = parse(readFileSync(new URL('./merchants.csv', import.meta.url)), {
    columns: true,
    skip_empty_lines: true,
    trim: true,
  }) as Record<string, string>[];
  const owners = new Map<string, string>();
  for (const record of records) {
    for (const raw of [record.name, ...record.aliases.split('|')].map((alias) => alias.trim()).filter(Boolean)) {
      const cleaned = cleanDescriptor(raw);
      const key = cleaned.domain && !/\s/.test(raw) ? `address ${cleaned.domain}` : cleaned.tokens.join('');
      const owner = owners.get(key);
      assert.ok(
        owner === undefined || owner === record.name,
        `"${raw}" of ${record.name} is already an alias of ${owner}`,
      );
      owners.set(key, record.name);
    }
  }
  assert.equal(new Set(records.map((record) => record.name)).size, records.length, 'merchant names are unique');
});

test('the file names chart roles, never account numbers; each books to the account holding that role', () => {
  const records = parse(readFileSync(new URL('./merchants.csv', import.meta.url)), {
    columns: true,
    skip_empty_lines: true,
    trim: true,
  }) as Record<string, string>[];
  const byName = new Map(
    directoryEntries()
      .filter((entry) => entry.source === 'curated')
      .map((entry) => [entry.name, entry]),
  );
  for (const record of records) {
    assert.ok(record.out === TRANSFER || isChartRole(record.out), `${record.name}: ${record.out}`);
    assert.ok(!record.in || record.in === TRANSFER || isChartRole(record.in), `${record.name}: ${record.in}`);
    if (isChartRole(record.out)) assert.equal(byName.get(record.name)!.out.target, accountForRole(record.out));
  }
});

/** Payees paid by ACH or transfer show ACH noise; card merchants show card noise. */
const ACH_CATEGORIES = new Set([
  'bank',
  'bankfee',
  'lender',
  'processor',
  'processor_misc',
  'payroll',
  'benefits',
  'government',
]);
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
  // A city a name may run into is left out ("GAS SOUTH SAN FRANCISCO" reads as South San Francisco, CA).
  (alias) => `PURCHASE AUTHORIZED ON 03/14 ${alias} OAKLAND CA S384073512345678 CARD 1234`,
  (alias) => `${alias} 03/14`,
  (alias) => `DEBIT CARD PURCHASE ${alias} XXXX1234`,
  (alias) => `RECURRING PAYMENT ${alias} REF 7HJ32K9`,
  (alias) => `${alias} STORE 0042 AUSTIN TX`,
];

test('every alias is found through the noise banks add around it, in its own entry', () => {
  let checked = 0;
  for (const entry of directoryEntries()) {
    entry.aliases.forEach((alias, index) => {
      if (losesItsNumber(alias, cleanDescriptor(alias).tokens)) return;
      const noise = ACH_CATEGORIES.has(entry.category) ? ACH_NOISE : CARD_NOISE;
      const noisy = noise[(checked + index) % noise.length](alias);
      const match = lookup(noisy, 'out');
      assert.ok(match, `${noisy}: no match`);
      // A longer alias of a sibling entry may win ("DELTA DENTAL" over "DELTA"); it must then be at least as specific.
      if (match.merchantName !== entry.name) {
        assert.ok(
          match.alias.replace(/ /g, '').length >= cleanDescriptor(alias).tokens.join('').length,
          `${noisy}: ${match.merchantName} instead of ${entry.name}`,
        );
      }
      checked += 1;
    });
  }
  assert.ok(checked > 5000);
});

test('a name that cleans to one short common word once its number is gone is known only by its longer forms', () => {
  assert.equal(lookup('TAKE 31', 'out'), null);
  assert.equal(lookup('SQ *SUPER 8 BURGERS', 'out'), null);
  assert.equal(lookup('TAKE 5 OIL CHANGE #1234 AUSTIN TX', 'out')?.merchantName, 'Take 5 Oil Change');
  assert.equal(lookup('PHILLIPS 66 - QUICK STOP 12345 TULSA OK', 'out')?.merchantName, 'Phillips 66');
  assert.ok(
    losesItsNumber('MOTEL 6', ['MOTEL']) &&
      !losesItsNumber('PHILLIPS 66', ['PHILLIPS']) &&
      !losesItsNumber('MOTEL SIX', ['MOTEL', 'SIX']),
  );
});

test('direction decides: a Stripe payout is revenue, a Stripe charge is a fee; a refund books where the purchase went', () => {
  // A general processor's payout is revenue of the business's kind; with none stated, the default's (services).
  assert.equal(lookup('STRIPE TRANSFER ST-A1B2C3D4E5F6', 'in')?.target, '4100');
  assert.equal(lookupDirectory(cleanDescriptor('STRIPE TRANSFER ST-A1B2C3D4E5F6'), 'in', 'retail')?.target, '4000');
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
  const ambiguous = ['AMZN Mktp US*2K3L45', 'COSTCO WHSE #0123', 'WAL-MART #1234', 'TARGET 00012345'].map(
    (descriptor) => lookup(descriptor, 'out'),
  );
  const unambiguous = ['DELTA AIR 0062345678901', 'SHELL OIL 57444', 'SLACK T0123ABC', 'UNITED 0162345678901'].map(
    (descriptor) => lookup(descriptor, 'out'),
  );
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
    [
      'ORIG CO NAME:GUSTO ORIG ID:9138723 DESC DATE:240314 CO ENTRY DESCR:NET PAY SEC:CCD TRACE#:021000021234567',
      'out',
      'Gusto Net Pay',
      '6180',
    ],
    ['GUSTO DES:TAX 240314 ID:7HJ32 INDN:ACME DESIGN LLC CO ID:9138723 CCD', 'out', 'Gusto Taxes', '6140'],
    ['IRS DES:USATAXPYMT ID:270412345678901 INDN:ACME DESIGN LLC CCD', 'out', 'IRS', '6140'],
    ['CHICK-FIL-A #01234 ATLANTA GA', 'out', 'Chick-fil-A', '6160'],
    ['VZWRLSS*APOCC VISN', 'out', 'Verizon', '6170'],
    ['DELTA DENTAL OF CA', 'out', 'Delta Dental', '6050'],
    ['AMEX EPAYMENT ACH PMT', 'out', 'American Express Payment', TRANSFER],
    ['SQ *BLUE BOTTLE COFFEE San Francisco CA', 'out', 'Blue Bottle Coffee', '6160'],
    ['POS DEBIT SHELL OIL 12345678 HOUSTON TX', 'out', 'Shell', '6010'],
    ['TX COMPTROLLER DES:SALES TAX ID:1234 INDN:TACO TRUCK CCD', 'out', 'Texas Department of Revenue', '6140'],
    // Trade suppliers, platforms and payers.
    ['WORLDPAC INC 800-888-9982 CA', 'out', 'Worldpac', '5000'],
    ['HENRY SCHEIN INC 800-472-4346 NY', 'out', 'Henry Schein', '6130'],
    ['PATTERSON DENTAL SUPPLY #045', 'out', 'Patterson Dental', '6130'],
    ['COVETRUS NA 855-724-3461 OH', 'out', 'Covetrus', '5000'],
    ['DAT SOLUTIONS 800-547-5417 OR', 'out', 'DAT Load Board', '6200'],
    [
      'ORIG CO NAME:RTS FINANCIAL ORIG ID:1480867 DESC DATE:240314 CO ENTRY DESCR:PAYMENT SEC:CCD',
      'in',
      'RTS Financial',
      '4100',
    ],
    ['IFTA PAYMENT IN DOR 240314', 'out', 'IFTA', '6140'],
    ['BSG CRAFT BREWING 0042', 'out', 'Brewers Supply Group', '5000'],
    [
      'SOUTHERN GLAZERS WINE DES:ACH PMT ID:88123 INDN:ACME BREWING LLC CCD',
      'in',
      "Southern Glazer's Wine & Spirits",
      '4000',
    ],
    ['LAWPAY DES:DEPOSIT ID:55120 INDN:SMITH LAW PLLC CCD', 'in', 'LawPay', '4100'],
    ['PIXIESET COM VANCOUVER', 'out', 'Pixieset', '6200'],
    ['FINISHMASTER #1187 DENVER CO', 'out', 'FinishMaster', '5000'],
    ['CH ROBINSON DES:QUICKPAY ID:A1234 INDN:ACME HAULING LLC CCD', 'in', 'C.H. Robinson', '4100'],
    // Donation platforms take gifts only; a childcare tuition processor pays out tuition and bills its fees.
    ['GOFNDME* HELP THE OKAFORS REDWOOD CITY CA', 'out', 'GoFundMe', '6250'],
    ['DONORBOX*CENTRAL TX FOOD SAN FRANCISCO CA', 'out', 'Donorbox', '6250'],
    ['GIVELIFY*GRACE BIBLE CHURCH TULSA OK', 'out', 'Givelify', '6250'],
    ['ELECTRONIC CREDIT TUITION EXPRESS DEPOSIT 240304 LITTLE LAMBS LRNG', 'in', 'Tuition Express', '4100'],
    ['ELECTRONIC DEBIT TUITION EXPRESS FEES 240305', 'out', 'Tuition Express', '6210'],
    // A notaries' association bills its members; a satellite TV service is billed like cable; a paper is a subscription.
    ['POS WITHDRAWAL NNA NATIONAL NOTARY ASSOC 800-876-6827 CA', 'out', 'National Notary Association', '6240'],
    ['ACH DEBIT DIRECTV FOR BUSINESS 0318', 'out', 'DirecTV', '6170'],
    ['DOW JONES WSJ 800-568-7625 NJ', 'out', 'Wall Street Journal', '6200'],
    ['EFT DEBIT HMSA PREMIUM 250105 KONA REEF SNORKEL', 'out', 'Blue Cross Blue Shield', '6050'],
    ['DUCKS UNLIMITED INC', 'out', 'Ducks Unlimited', '6250'],
    ['CARD PURCHASE 01/08 CONCENTRA 0443 ALLENTOWN PA', 'out', 'Concentra', '6080'],
    ['DBT CRD 0709 DISA GLOBAL SOLUTIONS 281-673-2400 TX', 'out', 'DISA Global Solutions', '6080'],
    ['SPRINT MART #4204 RIDGELAND MS', 'out', 'Sprint Mart', '6010'],
    ['Withdrawal Debit Card PARKINGKITTY PORTLAND OR', 'out', 'Parking Kitty', '6010'],
    ['Withdrawal Debit Card AZURE STANDARD DUFUR OR', 'out', 'Azure Standard', '5000'],
    ['ACH DEBIT STATE COMP INS FUND SCIF PYMT 240910', 'out', 'State Compensation Insurance Fund', '6060'],
    ['ACH DEBIT SHELTERPOINT LIFE PREMIUM', 'out', 'ShelterPoint', '6050'],
    ['SOLA SALONS 516', 'out', 'Sola Salon Studios', '6110'],
    // Republic Services' company name cut at the ACH field's 16 characters.
    ['REPUBLIC SERVICE AUTOPAY 240611 3-0861-0044712', 'out', 'Republic Services', '6170'],
    ['CCD DEBIT, NORTHEAST DELTA PREM PYMT G0051893', 'out', 'Delta Dental', '6050'],
  ];
  for (const [descriptor, direction, merchantName, target] of cases) {
    const match = lookup(descriptor, direction);
    assert.equal(match?.merchantName, merchantName, descriptor);
    assert.equal(match?.target, target, descriptor);
  }
});

test("behind a small seller's register, a shared word that a longer name goes on from is someone else's", () => {
  // Chains ring their sales on registers of their own: "SQ *BLADE RUNNER SHARPENIN" is a local sharpener, not Blade.
  assert.equal(lookup('SQ *BLADE RUNNER SHARPENIN Austin TX', 'out'), null);
  assert.equal(lookup('SQ *COPPER KETTLE BOZEMAN MT', 'out'), null);
  // Without the register, or the word alone behind it, the listing answers as before.
  assert.equal(lookup('BLADE RUNNER SHARPENIN Austin TX', 'out')?.merchantName, 'Blade');
  assert.equal(lookup('SQ *BLADE', 'out')?.merchantName, 'Blade');
});

test("a software or cloud service's name behind a shop's register is someone else's: such services sell only online", () => {
  assert.equal(lookup('POS DEBIT SQ *BASECAMP ESPRESSO GOLDEN CO', 'out'), null);
  assert.equal(lookup('SQ *ZOOM', 'out'), null);
  assert.equal(lookup('BASECAMP.COM', 'out')?.merchantName, 'Basecamp');
  // A register's own chain keeps its listing.
  assert.equal(lookup('SQ *SHELL OIL 57444 BOISE ID', 'out')?.target, '6010');
  // Billers (a utility, an insurer, an agency) never ring a sale on a small seller's register either.
  assert.equal(lookup('SQ *BLACK HILLS BURGER & BU RAPID CITY SD', 'out'), null);
  assert.equal(lookup('BLACK HILLS ENERGY', 'out')?.target, '6170');
  assert.equal(lookup('SPOTON*MOUNT ROYAL PUB', 'out'), null, "SpotOn's register fronts the pub");
});

test("the merchant's own site in the city's columns names it when its name does not, less surely; a processor's does not", () => {
  const staples = lookup('SPLS1156892688 STAPLES.COM MA', 'out')!;
  assert.deepEqual([staples.merchantName, staples.position], ['Staples', 'inner']);
  assert.equal(lookup('JOES BAKERY PAYPAL.COM CA', 'out'), null);
  assert.equal(lookup('SQ *JOES BAKERY STAPLES.COM MA', 'out'), null, 'behind a processor the site is the front');
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
  // A plan's billing word after a brand's one English word is no other trade: a coworking membership is its rent.
  assert.equal(lookup('Withdrawal to INDUSTRIOUS NATL MEMBERSHIP 240401', 'out')?.merchantName, 'Industrious');
  // In a software maker's domain the name is that maker's, not a restaurant's or a shop's of the same word.
  assert.equal(lookup('SEAMLESS.AI COLUMBUS OH', 'out'), null);
  assert.equal(lookup('SEAMLESS NYC', 'out')?.merchantName, 'Grubhub');
  assert.equal(lookup('FRAME.IO INC NEW YORK NY', 'out')?.merchantName, 'Frame.io');
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
  fc.assert(
    fc.property(
      fc.string({ maxLength: 60 }),
      fc.constantFrom('in' as const, 'out' as const),
      (descriptor, direction) => {
        const match = lookup(descriptor, direction);
        if (match) assert.ok(match.target === TRANSFER || chartAccounts.has(match.target));
      },
    ),
    { numRuns: 500 },
  );
});

test("behind Shopify's checkout a biller's name is a small seller's; a service sold online is never bought at a terminal", () => {
  // A utility's word in a surf shop's name on a Shopify store; digital goods are still sold there.
  assert.equal(lookup('SP XCEL WETSUITS HALEIWA HI', 'out'), null);
  assert.equal(lookup('SP * CREATIVE MARKET SAN FRANCISCOCA', 'out')?.merchantName, 'Creative Market');
  // A shared word's longer name at a terminal is a local shop's, not the software of that word.
  assert.equal(lookup('Withdrawal POS #402913377821 HARVEST MARKET FORT BRAGG CA', 'out'), null);
  assert.equal(lookup('HARVEST TIME TRACKING NEW YORK NY', 'out')?.merchantName, 'Harvest');
});

test('an alias of three letters or fewer is read as a shared word: the words after it go with the match', () => {
  assert.deepEqual(lookup('PGW AUTO GLASS', 'out')?.nameGoesOn, ['AUTO', 'GLASS']);
  assert.equal(lookup('PGW AUTO GLASS', 'out')?.needsContext, undefined);
  assert.equal(lookup('PGW', 'out')?.nameGoesOn, undefined);
});

test("an affiliate network's payout is the commission a publisher earned for its marketing: service revenue", () => {
  for (const line of [
    'ACH Deposit - SHAREASALE.COM PAYMENT',
    'Deposit from IMPACT TECH INC PAYMENTS',
    'AWIN INC PAYMENT',
  ])
    assert.equal(lookupDirectory(cleanDescriptor(line), 'in')?.target, accountForRole('service_revenue'), line);
});

test("a practice's letters after a brand's word name the practice; vending and micro-market processors pay out goods sold", () => {
  assert.equal(lookup('ACH DEBIT BRIGHTLINE CPAS INVOICE 0412', 'out'), null);
  assert.equal(lookup('AMAZON LAW GROUP PLLC', 'out'), null);
  assert.equal(lookup('BRIGHTLINE TRAINS MIAMI FL', 'out')?.merchantName, 'Brightline');
  assert.equal(lookup('ACH CREDIT CANTALOUPE INC SETTLEMNT 250403', 'in')?.target, '4000');
  assert.equal(lookup('365 RETAIL MARKE SETTLEMENT 250406', 'in')?.target, '4000');
  assert.equal(lookup('ACH DEBIT NAYAX LLC SVC FEES', 'out')?.target, '6210');
  assert.equal(lookup('STAPLS7003889658000001 FRAMINGHAM MA', 'out')?.merchantName, 'Staples');
});
