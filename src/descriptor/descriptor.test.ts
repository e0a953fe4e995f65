import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { cleanDescriptor, RESERVED_WORDS } from './descriptor.ts';
import { merchantKeyFor } from '../bank-rows/merchant-key.ts';
import { US_STATE_CODES } from './us-places.ts';

const CLEANED: Array<[string, string, string | null]> = [
  // descriptor, cleaned, processor
  ['SQ *BLUE BOTTLE COFFEE San Francisco CA', 'BLUE BOTTLE COFFEE', 'square'],
  ['CARD PURCHASE WITH PIN 12/27 MIRO.COM SAN FRANCISCO CA CARD 4821', 'MIRO', null],
  ['CARD PURCHASE WITH PIN 12/13 TST* SOUTHSIDE NOODLE BA SAN FRANCISCO CA CARD 4821', 'SOUTHSIDE NOODLE BA', 'toast'],
  ['SQ*BLUE BOTTLE COFFEE', 'BLUE BOTTLE COFFEE', 'square'],
  // Chase's bill pay: a confirmation number, "To", the payee, the date (each payee its own merchant, not "ONLINE PAYMENT").
  ['Online Payment 04453367 To Lopez Electrical Services 03/18', 'LOPEZ ELECTRICAL SERVICES', null],
  // A bill-pay check names the payee it was mailed to after its number.
  ['BILL PAY CHECK #10448 SOUTHPARK OFFICE LLC', 'SOUTHPARK OFFICE LLC', null],
  ['Bill Payment Check #000114 KENTWOOD FLEX SPACE LLC', 'KENTWOOD FLEX SPACE LLC', null],
  ['BILL PAY CHECK 3107 TO HARMON REESE LLP', 'HARMON REESE LLP', null],
  // The debit card's old name in two words before the sale's date: the date is no card number.
  ['CHECK CARD 0416 AIRGAS - SOUTHWEST SAN ANTONIO TX 6631', 'AIRGAS SOUTHWEST', null],
  ['TST* JOES TACOS - AUSTIN AUSTIN TX', 'JOES TACOS', 'toast'],
  ['SP * ALLBIRDS', 'ALLBIRDS', 'shopify'],
  ['SP ALLBIRDS SAN FRANCISCO CA', 'ALLBIRDS', 'shopify'],
  ['PAYPAL *NETFLIX 402-935-7733 CA', 'NETFLIX', 'paypal'],
  ['PP*ADOBE', 'ADOBE', 'paypal'],
  ['GOOGLE *GSUITE_acme.com CC@GOOGLE.COM CA', 'GOOGLE GSUITE', 'google'],
  ['GOOGLE *YouTubePremium g.co/helppay# CA', 'GOOGLE YOUTUBEPREMIUM', 'google'],
  ['AMZN Mktp US*2K3L45', 'AMAZON', 'amazon'],
  ['AMAZON.COM*2K3L45 AMZN.COM/BILL WA', 'AMAZON', 'amazon'],
  ['Amazon.com*RT4YH7 Amzn.com/bill WA', 'AMAZON', 'amazon'],
  ['AMZN MKTP US*MK1AB23C0 HTTPSAMAZON.CO WA', 'AMAZON', 'amazon'],
  ['AMAZON WEB SERVICES AWS.AMAZON.CO WA', 'AMAZON WEB SERVICES', 'amazon'],
  ['APPLE.COM/BILL 866-712-7753 CA', 'APPLE', 'apple'],
  ['UBER *TRIP HELP.UBER.COM CA', 'UBER TRIP', 'uber'],
  ['UBER   *EATS PENDING', 'UBER EATS PENDING', 'uber'],
  ['LYFT *RIDE SUN 7PM', 'LYFT RIDE', 'lyft'],
  ['DD *DOORDASH CHIPOTLE', 'DOORDASH CHIPOTLE', 'doordash'],
  ['IC* COSTCO BY INSTACAR', 'COSTCO BY INSTACAR', 'instacart'],
  ['CKE*SUNRISE BAKERY', 'SUNRISE BAKERY', 'cke'],
  ['FSP*PINE RIDGE DENTAL', 'PINE RIDGE DENTAL', 'fsp'],
  ['BT*DROPBOX', 'DROPBOX', 'braintree'],
  ['WPY*MAPLE YOGA STUDIO', 'MAPLE YOGA STUDIO', 'wepay'],
  ['PY *CITY OF AUSTIN UTIL', 'CITY OF AUSTIN UTIL', 'paymentus'],
  ['EB *DESIGN WEEK 2024 801-413-7200 CA', 'DESIGN WEEK', 'eventbrite'],
  ['MSFT *AZURE', 'MICROSOFT AZURE', 'microsoft'],
  ['APPLE.COM/BILL 866-712-7753 CA', 'APPLE', 'apple'],
  ['APPLE.COM/US 800-676-2775 CA', 'APPLE STORE', 'apple'],
  ['SQSP* INV12345678', 'SQUARESPACE', null],
  ['POS PURCHASE STARBUCKS #12345 SEATTLE WA', 'STARBUCKS', null],
  ['DEBIT CARD PURCHASE SHELL OIL 57444 SEATTLE WA', 'SHELL OIL', null],
  ['POS PURCHASE 6018 POS514271 TARGET 00021345 DENVER CO', 'TARGET', null],
  ['ACH WEB-RECUR 748680244 ROCKY MTN HMO PREMIUM', 'ROCKY MTN HMO PREMIUM', null],
  ['ZELLE TO LUIS HERNANDEZ ON 07/01 REF # PP02MB77E7', 'ZELLE TO LUIS HERNANDEZ', null],
  ['QBOOKS PAYMENTS DEPOSIT 240906 RGWZQNH8 GREENLINE LANDSCAPES LLC', 'QBOOKS PAYMENTS DEPOSIT', null],
  ['CHECKCARD 0314 DELTA AIR 0062345678901 ATLANTA GA', 'DELTA AIR', null],
  ['CHECK CARD PURCHASE 04/24 SQ *THE BLUE BISCUIT INDIANOLA MS', 'THE BLUE BISCUIT INDIANOLA', 'square'],
  ['RECURRING PAYMENT NETFLIX.COM', 'NETFLIX', null],
  ['ACH DEBIT GUSTO', 'GUSTO', null],
  ['PURCHASE AUTHORIZED ON 03/14 STARBUCKS STORE 0042 SEATTLE WA S384073512345678 CARD 1234', 'STARBUCKS', null],
  ['PURCHASE AUTHORIZED ON 03/14 ON THE BORDER SAN FRANCISCO CA S384073512345678 CARD 1234', 'ON THE BORDER', null],
  ['VISA DDA PUR 443106 STARBUCKS SEATTLE * WA', 'STARBUCKS', null],
  ['DEBIT PURCHASE -VISA STARBUCKS 800-782-7282 WA', 'STARBUCKS', null],
  ['DBT CRD 1234 03/14/24 HOME DEPOT #4710 DENVER CO', 'HOME DEPOT', null],
  ['NETFLIX.COM 866-579-7172 CA', 'NETFLIX', null],
  ['SLACK T0123ABC SAN FRANCISCO CA', 'SLACK', null],
  ['STARBUCKS 12345 SEATTLEWA', 'STARBUCKS', null],
  ['SHELL OIL 57444 SAN FRANCISC CA', 'SHELL OIL', null],
  ['CHEVRON 0209876 SOUTH SAN FRA CA', 'CHEVRON', null],
  ['7-ELEVEN 34567 DALLAS TX', '7ELEVEN', null],
  ['76 - 0123 SAN JOSE CA', '76', null],
  ['1PASSWORD* 1PASSWORD.COM', '1PASSWORD', null],
  ['CHICK-FIL-A #01234 ATLANTA GA', 'CHICKFILA', null],
  ["MCDONALD'S F12345 CHICAGO IL", 'MCDONALDS', null],
  ['WAL-MART #1234', 'WALMART', null],
  ['WALMART.COM 800-966-6546 AR', 'WALMART', null],
  ['T-MOBILE*AUTOPAY', 'TMOBILE AUTOPAY', null],
  ['PAYMENT TO CHASE CARD ENDING IN 1234', 'PAYMENT TO CHASE', null],
  ['ONLINE TRANSFER TO SAV XXXXXX5678 REF #IB0KJH7YZ3', 'ONLINE TRANSFER TO SAV', null],
  ['STRIPE TRANSFER ST-A1B2C3D4E5F6', 'STRIPE TRANSFER', null],
  ['IRS USATAXPYMT 270412345678901', 'IRS USATAXPYMT', null],
  ['MONTHLY SERVICE FEE', 'MONTHLY SERVICE FEE', null],
  ['CHECK 1234', 'CHECK', null],
  ['DEPOSIT', 'DEPOSIT', null],
  // Card-network columns: the name (25), the city (13) and the state, padded with spaces; any city, not only listed ones.
  ["MCDONALD'S F12345      PFLUGERVILLE TX", 'MCDONALDS', null],
  ['JOES BBQ                 CEDAR PARK   TX', 'JOES BBQ', null],
  // Store numbers before a city the cleaner does not know, glued to it or not, and a name printed twice around a slash.
  ['QT 4143/QUIKTRIP 554CEDAR PARK TX', 'QT QUIKTRIP', null],
  ['CHEVRON 0205718/CHEVRON 0205 ROUND ROCK TX', 'CHEVRON', null],
  // A store number glued inside the first word: the words on either side.
  ['MURPHY7123ATWALMART', 'MURPHY ATWALMART', null],
  ['RACETRAC2345 00023457', 'RACETRAC', null],
  // A bank word some banks hyphenate.
  ['DEBIT CARD PRE-AUTH 03/20 PILOT_00389 GROVE CITY OH XXXX8063', 'PILOT', null],
  ['CHECKCARD 0314 SHELL OIL 57444 LEANDER TX', 'SHELL OIL', null],
  ['POS DEBIT 1234 WALMART SUPERCENTER', 'WALMART SUPERCENTER', null],
  ['PREAUTHORIZED ACH DEBIT GEICO 1234567890 AUTO PAY', 'GEICO AUTO PAY', null],
  // Phone wallets carry the card; the merchant follows.
  ['APLPAY CHIPOTLE 1234', 'CHIPOTLE', null],
  ['APPLE PAY ENDING IN 1234 SHAKE SHACK', 'SHAKE SHACK', null],
  ['GOOGLE PAY SQ *BLUE DOOR CAFE', 'BLUE DOOR CAFE', 'square'],
  ['PURCHASE XXXX-XXXX-XXXX-1234 TARGET T-1234', 'TARGET', null],
  ['GRUBHUB*JOESPIZZA', 'JOESPIZZA', 'grubhub'],
  ['DNH*GODADDY.COM 480-5058855 AZ', 'GODADDY', 'godaddy'],
];

test('table: the cleaner strips bank, processor, store, place, reference and card noise', () => {
  for (const [descriptor, cleaned, processor] of CLEANED) {
    const result = cleanDescriptor(descriptor);
    assert.equal(result.cleaned, cleaned, descriptor);
    assert.equal(result.processor, processor, descriptor);
    assert.deepEqual(result.tokens, cleaned.split(' '), descriptor);
  }
});

test('the processor and the wallet are decoded, and what the processor tells of the kind of spending', () => {
  const decoded = (descriptor: string) => {
    const result = cleanDescriptor(descriptor);
    return [result.processor, result.wallet, result.cleaned, result.kindHint];
  };
  assert.deepEqual(decoded('TST* WALKING ON WATER'), ['toast', null, 'WALKING ON WATER', 'meals']);
  assert.deepEqual(decoded('APLPAY TST*JOES BBQ AUSTIN TX'), ['toast', 'apple_pay', 'JOES BBQ', 'meals']);
  assert.deepEqual(decoded('UBER *TRIP HELP.UBER.COM CA'), ['uber', null, 'UBER TRIP', 'rideshare']);
  assert.deepEqual(decoded('UBER *EATS PENDING'), ['uber', null, 'UBER EATS PENDING', 'meals']);
  assert.deepEqual(decoded('LYFT *RIDE SUN 7PM'), ['lyft', null, 'LYFT RIDE', 'rideshare']);
  assert.deepEqual(decoded('DD *DOORDASH CHIPOTLE'), ['doordash', null, 'DOORDASH CHIPOTLE', 'meals']);
  assert.deepEqual(decoded('GRUBHUB*JOESPIZZA'), ['grubhub', null, 'JOESPIZZA', 'meals']);
  assert.deepEqual(decoded('APLPAY SEAMLSS*HALALBROSCART NEW YORK NY'), [
    'seamless',
    'apple_pay',
    'HALALBROSCART',
    'meals',
  ]);
  // AffiniPay's processors take payments for one profession each; software resellers sell as the maker's merchant of record.
  assert.deepEqual(decoded('LAWPAY *MORALES LAW OFFICE 866-376-0950 TX'), [
    'lawpay',
    null,
    'MORALES LAW OFFICE',
    'professional_services',
  ]);
  assert.deepEqual(decoded('CPACHARGE *WHITFIELD CPA GROUP'), [
    'cpacharge',
    null,
    'WHITFIELD CPA GROUP',
    'professional_services',
  ]);
  assert.deepEqual(decoded('2CO.COM*BITDEFENDER  877-294-5255 OH'), ['2checkout', null, 'BITDEFENDER', 'software']);
  assert.deepEqual(decoded('PADDLE.NET* N8N'), ['paddle', null, 'N8N', 'software']);
  assert.deepEqual(decoded('FS *TECHSMITH'), ['fastspring', null, 'TECHSMITH', 'software']);
  assert.deepEqual(decoded('LEMSQZY* TALLY FORMS  NEW YORK NY'), ['lemonsqueezy', null, 'TALLY FORMS', 'software']);
  assert.deepEqual(decoded('SPO*THE LOCAL TAP        OMAHA        NE'), ['spoton', null, 'THE LOCAL TAP', null]);
  assert.deepEqual(decoded('SPOTON*MOUNT ROYAL PUB'), ['spoton', null, 'MOUNT ROYAL PUB', null]);
  // A purchase given back keeps its merchant and processor: the refund's words are the bank's.
  assert.deepEqual(decoded('1234 Debit Card Refund Tst* Tiger Fork Washington DC'), [
    'toast',
    null,
    'TIGER FORK',
    'meals',
  ]);
  // PNC prints the card's last four digits before its words, in mixed case.
  assert.deepEqual(decoded('1234 Debit Card Purchase Tst* Bens Chili Bowl Washington DC'), [
    'toast',
    null,
    'BENS CHILI BOWL',
    'meals',
  ]);
  // QuickBooks Payments' invoices, Checkout.com's merchants, PayPal paid from the bank: the payee follows.
  assert.deepEqual(decoded('IN *OCEAN STATE REFRIGER'), ['intuit', null, 'OCEAN STATE REFRIGER', null]);
  assert.deepEqual(decoded('CKO*NORDVPN'), ['checkout', null, 'NORDVPN', null]);
  assert.deepEqual(decoded('PAYPAL           INST XFER  ADOBE INC'), ['paypal', null, 'ADOBE INC', null]);
  assert.equal(decoded('PAYPAL INST XFER CCD 240314')[0], null, 'no payee printed: the transfer is the name');
  // Eventbrite's tickets are to events: the name is the event's, whatever trade its words name.
  assert.deepEqual(decoded('EB *ROCKIES MARKETING SUM 801-413-7200 CA'), [
    'eventbrite',
    null,
    'ROCKIES MARKETING SUM',
    'education',
  ]);
  // ePayPolicy collects premiums for insurance agencies, whatever the agency's name says.
  assert.deepEqual(decoded('EPAYPOLICY*LAKESIDE RISK PARTNE'), [
    'epaypolicy',
    null,
    'LAKESIDE RISK PARTNE',
    'insurance',
  ]);
  // A course platform's star is followed by the school whose course was bought; the platform's own plan prints no star.
  assert.deepEqual(decoded('POS PURCHASE KAJABI* NW ELOPEMENT WORKSHOP'), [
    'course_platform',
    null,
    'NW ELOPEMENT WORKSHOP',
    'education',
  ]);
  assert.equal(decoded('KAJABI 877-974-1224 CA')[0], null);
  // Processors that serve every trade hint nothing.
  for (const descriptor of [
    'SQ *BLUE DOOR CAFE',
    'SP * ALLBIRDS',
    'PAYPAL *NETFLIX',
    'CLOVER* JOES DELI',
    'IC* COSTCO BY INSTACAR',
    'AMZN Mktp US*2K4XY1Z20',
    'UBER ONE',
  ]) {
    assert.equal(cleanDescriptor(descriptor).kindHint, null, descriptor);
  }
});

test("U.S. Bank's, credit unions' and PNC's ACH lines yield the company and the entry description", () => {
  const usBank = cleanDescriptor('ELECTRONIC DEPOSIT DELTA DENTAL CO REF=810091945517483N00 8930255784HCCLAIMPMT');
  assert.deepEqual([usBank.cleaned, usBank.achEntry], ['DELTA DENTAL CO HCCLAIMPMT', 'HCCLAIMPMT']);
  const creditUnion = cleanDescriptor(
    'Withdrawal ACH INTUIT TAX SVC TYPE: TAX PAYMNT ID: 4561059151 CO: INTUIT TAX SVC',
  );
  assert.deepEqual([creditUnion.cleaned, creditUnion.achEntry], ['INTUIT TAX SVC TAX PAYMNT', 'TAX PAYMNT']);
  const pnc = cleanDescriptor('CORPORATE ACH PAYMENTS VERIZON 8044257864');
  assert.deepEqual([pnc.cleaned, pnc.achEntry], ['VERIZON PAYMENTS', 'PAYMENTS']);
  assert.equal(
    cleanDescriptor('CORPORATE ACH ETSY INC ETSY BILL 5K3TR001').achEntry,
    null,
    'a first word no originator gives as an entry is the name',
  );
  assert.equal(cleanDescriptor('ACH Paid To Gas South Gassouth').cleaned, 'GAS SOUTH GASSOUTH');
});

test("regional banks' own words before the payee are the bank's, not the payee's", () => {
  for (const [line, name] of [
    ['WEB INITIATED PAYMENT AT DUKE ENERGY OH PAYMENT 9120038812', 'DUKE ENERGY OH PAYMENT'],
    ['Direct Withdrawal, GREAT WEST CASU PREMIUM', 'GREAT WEST CASU PREMIUM'],
    ['Direct Deposit, SQUARE INC SQ240318 L21DN4W2RTQ8', 'SQUARE INC'],
    ['ACH CORP DEBIT INTUIT QBOOKS ONL 240305', 'INTUIT QBOOKS ONL'],
    ['ACH DR STELLANTIS FIN SVCS PAYMENT', 'STELLANTIS FIN SVCS PAYMENT'],
  ])
    assert.equal(cleanDescriptor(line).cleaned, name, line);
});

test("Citibank's title-case bank words glued to the company's capitals are parted from them", () => {
  assert.equal(
    cleanDescriptor('ACH Electronic DebitCON ED OF NY INTELL CK 441209882100').cleaned,
    'CON ED OF NY INTELL CK',
  );
  assert.equal(cleanDescriptor('ACH Electronic CreditSHOPIFY TRANSFER ST-P2W7Z4N8Q1X6').cleaned, 'SHOPIFY TRANSFER');
  // A name that is one word in capitals throughout keeps its letters together.
  assert.equal(cleanDescriptor('CREDITKARMA SUBSCRIPTION').cleaned, 'CREDITKARMA SUBSCRIPTION');
});

test('ACH formats of Chase and Bank of America yield the company and the entry description', () => {
  const chase = cleanDescriptor(
    'ORIG CO NAME:GUSTO ORIG ID:9138723 DESC DATE:240314 CO ENTRY DESCR:NET PAY SEC:CCD TRACE#:021000021234567 EED:240314 IND ID:1234 IND NAME:ACME DESIGN LLC TRN: 0743212345TC',
  );
  const bankOfAmerica = cleanDescriptor('GUSTO DES:NET PAY ID:7HJ32 INDN:ACME DESIGN LLC CO ID:9138723 CCD');
  for (const result of [chase, bankOfAmerica]) {
    assert.equal(result.cleaned, 'GUSTO NET PAY');
    assert.equal(result.achEntry, 'NET PAY');
  }
  assert.equal(
    cleanDescriptor(
      'ORIG CO NAME:IRS ORIG ID:3387702000 DESC DATE: CO ENTRY DESCR:USATAXPYMTSEC:CCD',
    ).cleaned.startsWith('IRS'),
    true,
  );
});

test('the bank prefix is reported and never swallows the whole descriptor', () => {
  assert.equal(cleanDescriptor('POS PURCHASE STARBUCKS').bankPrefix, 'POS PURCHASE');
  assert.equal(cleanDescriptor('RECURRING PAYMENT NETFLIX.COM').bankPrefix, 'RECURRING PAYMENT');
  assert.equal(cleanDescriptor('DEBIT CARD PURCHASE').cleaned, 'DEBIT CARD PURCHASE');
  assert.equal(cleanDescriptor('   ').cleaned, '');
  // An ACH entry's class (WEB, CCD, PPD) before or after the bank's word, a comma closing them.
  assert.equal(cleanDescriptor('ACH WEB COMCAST 8993 30220114').cleaned, 'COMCAST');
  assert.equal(cleanDescriptor('CCD DEBIT, SYSCO EFT PAYMENT 0004482').merchantKey, 'SYSCO EFT PAYMENT');
  assert.equal(cleanDescriptor('ELECTRONIC PMT-WEB, T-MOBILE PCS SVC 9921883210').bankPrefix, 'ELECTRONIC PMT-WEB,');
  // A bank's own name before its bill pay is the bank's, not the payee's.
  const billPaid = cleanDescriptor('TRUIST ONLINE BILL PAY BROUGHTON ST HOLDINGS LLC');
  assert.deepEqual([billPaid.bankPrefix, billPaid.cleaned], ['TRUIST ONLINE BILL PAY', 'BROUGHTON ST HOLDINGS LLC']);
  assert.equal(cleanDescriptor('BILL PAY COMCAST').cleaned, 'COMCAST');
  // One bank parts its fields with commas and puts AT before the place; elsewhere AT begins a name (AT&T's "AT T").
  assert.equal(
    cleanDescriptor('DEBIT CARD PURCHASE AT STAPLES 00843, DAYTON, OH ON 041724 FROM CARD#: XXXXXXXXXXXX4471')
      .merchantKey,
    'STAPLES',
  );
  assert.equal(cleanDescriptor('POS PURCHASE AT T #1234 SEATTLE WA').merchantKey, 'AT T');
  // A date or a card's digits printed before a processor's star; a name that begins with a number keeps it.
  assert.equal(cleanDescriptor('0304 SQ *VERO ESPRESSO HOUSE EUGENE OR').processor, 'square');
  assert.equal(cleanDescriptor('0312 TST* BEPPE & GIANNIS TRATT EUGENE OR').merchantKey, 'BEPPE & GIANNIS TRATT');
  assert.equal(cleanDescriptor('1111 LINCOLN RD MIAMI FL').processor, null);
  assert.equal(cleanDescriptor('x9921 SQ *CAFE CHEW').merchantKey, 'CAFE CHEW');
  // The point-of-sale terminal's number is the bank's; a name that begins with TERMINAL stays.
  assert.equal(cleanDescriptor('POS PURCHASE TERMINAL 40812736 SHEETZ 0448 CRANBERRY TWP PA').merchantKey, 'SHEETZ');
  assert.equal(cleanDescriptor('POS PURCHASE TERMINAL CITY CLUB PORTLAND OR').merchantKey, 'TERMINAL CITY CLUB');
  // Bill.com's payables name the vendor paid after its own name and reference.
  assert.equal(
    cleanDescriptor('ACH DEBIT BILL.COM 015PRMWTQ8 LONGHORN ELECTRIC INV 1187').merchantKey,
    'LONGHORN ELECTRIC',
  );
  assert.equal(cleanDescriptor('ACH WITHDRAWAL BILL.COM PAYABLES GORDON GEOTECHNICAL').cleaned, 'GORDON GEOTECHNICAL');
  assert.equal(
    cleanDescriptor('WEB DESIGN CO').bankPrefix,
    null,
    'a class word names a merchant when no bank word follows',
  );
});

const SAME_MERCHANT: string[][] = [
  [
    'STARBUCKS STORE 12345 SEATTLE WA',
    'POS PURCHASE STARBUCKS #0042 PORTLAND OR',
    'CHECKCARD 0314 STARBUCKS 800-782-7282 WA',
    'PURCHASE AUTHORIZED ON 03/14 STARBUCKS SAN FRANCISCO CA S38407351 CARD 1234',
    'STARBUCKS 12345 SEATTLEWA',
  ],
  [
    'AMZN Mktp US*2K3L45',
    'AMAZON.COM*RT4YH7 AMZN.COM/BILL WA',
    'AMZN MKTP US*MK1AB23C0 HTTPSAMAZON.CO WA',
    'DEBIT CARD PURCHASE AMAZON MKTPL*ZT12W3 AMZN.COM/BILL WA',
    'Amazon.com',
  ],
  [
    'NETFLIX.COM 866-579-7172 CA',
    'RECURRING PAYMENT NETFLIX.COM',
    'PAYPAL *NETFLIX',
    'NETFLIX.COM NETFLIX.COM CA',
    'NETFLIX MONTHLY',
  ],
  [
    'SQ *BLUE BOTTLE COFFEE San Francisco CA',
    'POS DEBIT SQ *BLUE BOTTLE COFFEE 03/14',
    'BLUE BOTTLE COFFEE #12 OAKLAND CA',
  ],
  [
    'ACH DEBIT GUSTO DES:NET PAY ID:X1 INDN:ACME CCD',
    'ORIG CO NAME:GUSTO ORIG ID:9138723 CO ENTRY DESCR:NET PAY SEC:CCD TRACE#:021000021234567',
    'GUSTO NET PAY 240314',
  ],
  [
    'SHELL OIL 57444 SAN FRANCISC CA',
    'DEBIT CARD PURCHASE SHELL OIL 12345678 HOUSTON TX CARD 9876',
    'VISA DDA PUR 443106 SHELL OIL DENVER CO',
  ],
];

test('the same merchant keeps one key across banks and descriptor styles', () => {
  for (const group of SAME_MERCHANT) {
    const keys = new Set(group.map((descriptor) => merchantKeyFor(descriptor, null)));
    assert.equal(keys.size, 1, `${group.join(' | ')} → ${[...keys].join(' | ')}`);
  }
});

test('a pushed merchant name decides the key; different merchants keep different keys', () => {
  assert.equal(merchantKeyFor('FIGMA MONTHLY 0701', 'Figma'), 'FIGMA');
  assert.equal(merchantKeyFor('anything at all', "McDonald's"), merchantKeyFor('MCDONALDS F12345 CHICAGO IL', null));
  assert.equal(merchantKeyFor('FIGMA', '   '), 'FIGMA');
  const distinct = [
    'AMAZON WEB SERVICES',
    'AMZN Mktp US*2K3L45',
    'UBER *TRIP',
    'UBER *EATS',
    'GOOGLE *ADS1234567',
    'GOOGLE *GSUITE',
    'GUSTO NET PAY',
    'GUSTO TAX 240314',
  ];
  assert.equal(new Set(distinct.map((descriptor) => merchantKeyFor(descriptor, null))).size, distinct.length);
  assert.ok(merchantKeyFor('X'.repeat(500), null).length <= 120);
});

const MERCHANT_WORDS = [
  'BLUE',
  'BOTTLE',
  'JOES',
  'TACOS',
  'HARBOR',
  'FREIGHT',
  'GREEN',
  'LEAF',
  'MARKET',
  'PIXEL',
  'FORGE',
  'COFFEE',
  'ROASTERS',
  'SUMMIT',
  'DENTAL',
  'NORTHWIND',
  'TRADING',
  'LUMEN',
  'STUDIO',
  'GOLDEN',
  'WOK',
  'PRAIRIE',
  'HARDWARE',
  'MAPLE',
  'BAKERY',
  'CEDAR',
  'PRINT',
  'SHOP',
  'RIVERBEND',
  'AUTO',
  'BODY',
  'FIGMA',
  'NOTION',
  'ZOOM',
  'DELTA',
  'SHELL',
  'SLACK',
  'CITRUS',
  'GRILL',
  'ATLAS',
  'SIGNS',
];
const safeWord = fc.stringMatching(/^[A-Z]{3,9}$/).filter((word) => !RESERVED_WORDS.has(word));
const merchantName = fc
  .array(fc.oneof(fc.constantFrom(...MERCHANT_WORDS), safeWord), { minLength: 1, maxLength: 3 })
  // Amex repeats the merchant ("NETFLIX.COM NETFLIX.COM CA"), so the cleaner folds a doubled word; real names do not double one.
  .filter((words) => words.every((word, index) => word !== words[index - 1]))
  .map((words) => words.join(' '));

const bankPrefix = fc.constantFrom(
  '',
  'POS PURCHASE ',
  'DEBIT CARD PURCHASE ',
  'CHECKCARD 0314 ',
  'CHECK CARD PURCHASE 03/14 ',
  'RECURRING PAYMENT ',
  'ACH DEBIT ',
  'PURCHASE AUTHORIZED ON 03/14 ',
  'VISA DDA PUR 443106 ',
  'POS DEBIT ',
  'DBT CRD 1234 03/14/24 ',
  'DEBIT PURCHASE -VISA ',
  'ACH WEB ',
  'CCD DEBIT, ',
  'CCD DEPOSIT, ',
  'DEBIT CARD: ',
  'DEBIT CARD PURCHASE: ',
  'ELECTRONIC PMT-WEB, ',
  'BUSINESS TO BUSINESS ACH DEBIT ',
  'CORPORATE ACH ',
  'DEBIT POS, *****26431180912, AUT 070224 VISA DDA PUR ',
  'WITHDRAWAL TO ',
  'DEPOSIT FROM ',
  'CASH CARD ',
  'CASH CARD PURCHASE AT ',
  'SQUARE DEBIT CARD - ',
  'PAYPAL DEBIT CARD PURCHASE - ',
  'VISA DDA PUR AP 469216 ',
  'DBCRD PUR AP AUT 080125 VISA DDA PUR ',
  'DBCRD PUR AP, AUT 031224 VISA DDA PUR ',
  'CARD TRANSACTION OF 120.00 EUR ISSUED BY ',
  'DEBIT CARD PURCHASE 03/07 03:14P #4417 ',
  'DEBIT CARD PURCHASE 03/07 11:42:07 AM ',
  'POINT OF SALE DEBIT 0814 ',
);
const processorPrefix = fc.constantFrom('', 'SQ *', 'TST* ', 'PAYPAL *', 'PP*', 'SP * ', 'IC* ', 'BT*', 'WPY*', 'EB *');
const storeNumber = fc.oneof(
  fc.constant(''),
  fc.integer({ min: 1, max: 99999 }).map((number) => ` #${number}`),
  fc.integer({ min: 1, max: 9999 }).map((number) => ` STORE ${String(number).padStart(4, '0')}`),
);
const reference = fc.oneof(
  fc.constant(''),
  fc.stringMatching(/^[0-9]{6,16}$/).map((digits) => ` ${digits}`),
  fc
    .stringMatching(/^[A-Z0-9]{8}$/)
    .filter((ref) => /\d/.test(ref))
    .map((ref) => ` REF ${ref}`),
);
const place = fc.constantFrom(
  '',
  ' SEATTLE WA',
  ' SAN FRANCISCO CA',
  ' SAN FRANCISC CA',
  ' NEW YORK NY',
  ' 888-555-1212 WA',
  ' AUSTIN TX',
  ' HTTPSAMAZON.CO WA',
  ' SALT LAKE CTY UT',
  ' US',
  ' CHICAGOIL',
);
const trailer = fc.constantFrom(
  '',
  ' 03/14',
  ' CARD 1234',
  ' XXXX1234',
  ' 03/14/2026',
  ' CARD ENDING IN 9876',
  ' ON 041724 FROM CARD#: XXXXXXXXXXXX4471',
  ' C#0719',
);
const walletPrefix = fc.constantFrom('', 'APLPAY ', 'APPLE PAY ', 'GOOGLE PAY ', 'SAMSUNG PAY ');

test('property: noise added around a merchant name does not change its key', () => {
  fc.assert(
    fc.property(
      merchantName,
      bankPrefix,
      walletPrefix,
      processorPrefix,
      storeNumber,
      reference,
      place,
      trailer,
      (name, bank, wallet, processor, store, ref, where, tail) => {
        const noisy = `${bank}${wallet}${processor}${name}${store}${ref}${where}${tail}`;
        const expected = merchantKeyFor(name, null);
        assert.equal(expected, name);
        assert.equal(merchantKeyFor(noisy, null), expected, noisy);
        assert.equal(merchantKeyFor(noisy, name), expected);
      },
    ),
    { numRuns: 2000 },
  );
});

/** Any city of one or two words: the cleaner must not need to know it. */
const anyCity = fc
  .array(safeWord, { minLength: 1, maxLength: 2 })
  .map((words) => words.join(' '))
  .filter((city) => city.length <= 13);
const stateCode = fc.constantFrom(...US_STATE_CODES);

test("property: the name survives the card network's columns, store numbers and any city and state", () => {
  fc.assert(
    fc.property(
      merchantName,
      bankPrefix,
      walletPrefix,
      processorPrefix,
      fc.option(fc.integer({ min: 100, max: 9_999_999 })),
      anyCity,
      stateCode,
      fc.boolean(),
      fc.boolean(),
      (name, bank, wallet, processor, store, city, state, padded, glued) => {
        // Without padding the city is known only by the store number before it.
        if (!padded && store === null) return;
        const nameField = store === null ? name : `${name} ${String(store).padStart(4, '0')}`;
        // A name that fills its 25 columns leaves no padding to tell the city by.
        if (padded && store === null && `${processor}${nameField}`.length > 23) return;
        const noisy = padded
          ? `${bank}${wallet}${processor}${nameField.padEnd(25)} ${city.padEnd(13)} ${state}`
          : `${bank}${wallet}${processor}${nameField}${glued ? '' : ' '}${city} ${state}`;
        const decoded = cleanDescriptor(noisy);
        assert.equal(decoded.cleaned, name, noisy);
        const hint = processor.startsWith('TST') ? 'meals' : processor.startsWith('EB') ? 'education' : null;
        assert.equal(decoded.kindHint, hint, noisy);
        assert.equal(decoded.placePrinted, true, noisy);
      },
    ),
    { numRuns: 2000 },
  );
});

test('property: a phone number or a web address where the city would be is no printed place', () => {
  fc.assert(
    fc.property(
      merchantName,
      bankPrefix,
      processorPrefix,
      fc.constantFrom('800-555-0199', '(866) 376-0950', 'AMZN.COM/BILL', 'HELP.UBER.COM', 'DELTA.COM', '8774125566'),
      stateCode,
      fc.boolean(),
      (name, bank, processor, billedFrom, state, padded) => {
        const noisy = padded
          ? `${bank}${processor}${name.padEnd(25)} ${billedFrom.padEnd(13)} ${state}`
          : `${bank}${processor}${name} ${billedFrom} ${state}`;
        // A bare ten-digit number is a phone only by its place; a name alone ending in a state code is not tested here.
        fc.pre(!/^\d+$/.test(billedFrom) || padded);
        assert.equal(cleanDescriptor(noisy).placePrinted, false, noisy);
      },
    ),
    { numRuns: 1000 },
  );
});

test("property: a city and state stay a printed place behind Apple Card's ZIP code and Bank of America's trailing reference", () => {
  fc.assert(
    fc.property(
      merchantName,
      anyCity,
      stateCode,
      fc.integer({ min: 10_000, max: 99_999 }),
      fc.bigInt({ min: 10n ** 22n, max: 10n ** 23n - 1n }),
      (name, city, state, zip, reference) => {
        for (const line of [
          `${name} 1368 MAIN ST ${city} ${zip} ${state} USA`,
          `CHECKCARD 0324 ${name} ${city} ${state} ${reference}`,
        ])
          assert.equal(cleanDescriptor(line).placePrinted, true, line);
      },
    ),
    { numRuns: 500 },
  );
});

test('a masked card number is a word of its own: a reference that holds XX and digits is not one', () => {
  // Found by the property above: "AAXX0000" lost "XX0000" as if it were a card's last four, leaving "REF AA".
  assert.equal(merchantKeyFor('BLUE REF AAXX0000', null), 'BLUE');
  assert.equal(merchantKeyFor('BLUE XXXX1234', null), 'BLUE');
  assert.equal(merchantKeyFor('BLUE CARD **1234', null), 'BLUE');
});

test('property: cleaning is idempotent and its output is upper case words without digits noise', () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 80 }), (descriptor) => {
      const once = cleanDescriptor(descriptor);
      assert.equal(once.cleaned, once.cleaned.trim());
      assert.ok(!/\s{2}/.test(once.cleaned));
      assert.ok(once.merchantKey.length <= 120);
      assert.equal(cleanDescriptor(once.cleaned).cleaned.length <= once.cleaned.length, true);
    }),
    { numRuns: 1000 },
  );
});

test('a reused cleaning is the one for that description and merchant, frozen, and equal to cleaning afresh', () => {
  const pairs = fc.sample(fc.tuple(fc.string({ maxLength: 30 }), fc.option(fc.string({ maxLength: 12 }))), {
    numRuns: 300,
    seed: 7,
  });
  const first = pairs.map(([description, merchant]) => cleanDescriptor(description, merchant));
  for (const [index, [description, merchant]] of pairs.entries()) {
    const answer = cleanDescriptor(description, merchant);
    assert.ok(Object.isFrozen(answer) && Object.isFrozen(answer.tokens));
    assert.deepEqual(answer, first[index]);
  }
  // The same text split differently between merchant and description is another pair.
  assert.equal(cleanDescriptor('SHELL OIL', 'ACME ').merchantName, 'ACME');
  assert.equal(cleanDescriptor('OIL', 'ACME SHELL ').merchantName, 'ACME SHELL');
  // Enough other descriptors to drop every remembered one; cleaning again gives the same answers.
  for (let index = 0; index <= 20_000; index++) {
    cleanDescriptor(`FILLER ${index}`);
    cleanDescriptor(`FILLER ${index}`, 'X');
  }
  for (const [index, [description, merchant]] of pairs.entries())
    assert.deepEqual(cleanDescriptor(description, merchant), first[index]);
});

test("a word ending at the edge of the name's field may be cut: a card name's 22 or 25 columns, an ACH company's 16", () => {
  // Mastercard's 22 columns, then the store number and the city the bank printed after the cut name.
  assert.deepEqual(cleanDescriptor('POS DEBIT HENDERSON FAMILY TAQUE #1234 AUSTIN TX').cutWords, ['TAQUE']);
  // Visa's 25, padded; a processor's prefix is part of the field.
  assert.deepEqual(cleanDescriptor('TST* OKAFOR BROTHERS SMOK  CEDAR PARK   TX').cutWords, ['SMOK']);
  // The NACHA company name: Chase's and Bank of America's layouts name it; other banks' ACH words start its field.
  const chase =
    'ORIG CO NAME:HENDERSON PLUMBI ORIG ID:1234567890 DESC DATE:250101 CO ENTRY DESCR:INVOICE SEC:CCD TRACE#:1';
  assert.deepEqual(cleanDescriptor(chase).cutWords, ['PLUMBI']);
  assert.deepEqual(cleanDescriptor('HENDERSON PLUMBI DES:INVOICE ID:X1 INDN:ACME CO ID:123 CCD').cutWords, ['PLUMBI']);
  assert.deepEqual(cleanDescriptor('ACH DEBIT HENDERSON PLUMBI PAYMENT 8HJ3K2L0Q1').cutWords, ['PLUMBI']);
  // A name that ends before every edge, or a number at the edge, is whole.
  assert.deepEqual(cleanDescriptor('POS DEBIT JOES TACOS #1234 AUSTIN TX').cutWords, []);
  assert.deepEqual(cleanDescriptor('ORIG CO NAME:GUSTO ORIG ID:1 CO ENTRY DESCR:NET PAY SEC:CCD').cutWords, []);
  assert.deepEqual(cleanDescriptor('ACH DEBIT ABCDEFGHIJKLMN12 PAYMENT').cutWords, []);
  // A word the field holds before the edge too: the name's start up to it would end at its first appearance, not the cut.
  assert.deepEqual(cleanDescriptor('Deposit Remote Deposit Capture').cutWords, []);
});

test('property: the cut word is the last word of a name cut at its field edge, and always one of the tokens', () => {
  const longName = fc
    .array(safeWord, { minLength: 3, maxLength: 5 })
    .map((words) => words.join(' '))
    .filter((name) => name.length > 25);
  fc.assert(
    fc.property(
      longName,
      fc.constantFrom(22, 25),
      fc.constantFrom('', 'POS DEBIT ', 'CHECKCARD 0314 '),
      fc.constantFrom('', ' #1234'),
      anyCity,
      stateCode,
      (name, width, bank, store, city, state) => {
        const field = name.slice(0, width);
        if (field.endsWith(' ') || name[width] === ' ') return;
        const noisy = `${bank}${field}${store} ${city} ${state}`;
        const decoded = cleanDescriptor(noisy);
        const expected = field.split(' ').pop()!;
        if (decoded.tokens.includes(expected) && expected.length >= 2)
          assert.ok(decoded.cutWords.includes(expected), noisy);
      },
    ),
    { numRuns: 1000 },
  );
  fc.assert(
    fc.property(fc.string({ maxLength: 60 }), (descriptor) => {
      const decoded = cleanDescriptor(descriptor.toUpperCase());
      for (const word of decoded.cutWords) assert.ok(decoded.tokens.includes(word), descriptor);
    }),
    { numRuns: 1000 },
  );
});

test('a hyphen keeps a name whole ("E-ZPASS") and also offers its words apart ("PAYCHEX-HRS": PAYCHEX HRS)', () => {
  assert.deepEqual(
    [cleanDescriptor('PAYCHEX-HRS').cleaned, cleanDescriptor('PAYCHEX-HRS').splitTokens],
    ['PAYCHEXHRS', ['PAYCHEX', 'HRS']],
  );
  assert.equal(cleanDescriptor('E-ZPASS NY').cleaned, 'EZPASS');
  assert.equal(cleanDescriptor('SHELL OIL 57444 AUSTIN TX').splitTokens, null);
  assert.equal(cleanDescriptor('ACME - INVOICE 123').splitTokens, null, 'a dash between words joins nothing');
});

test('property: words apart are offered only when a hyphen joined two words (or a name ran into its city), and then differ from the tokens', () => {
  fc.assert(
    fc.property(fc.array(safeWord, { minLength: 1, maxLength: 4 }), fc.boolean(), (words, hyphen) => {
      const decoded = cleanDescriptor(words.join(hyphen ? '-' : ' '));
      if (!hyphen || words.length === 1) assert.equal(decoded.splitTokens, null, words.join(' '));
      if (decoded.splitTokens) assert.notDeepEqual(decoded.splitTokens, decoded.tokens);
    }),
    { numRuns: 500 },
  );
});

test("property: a name that fills the network's 22 or 25 characters and runs into a known city is read parted at the field's edge", () => {
  const nameWord = fc.constantFrom(
    'PAPPAS',
    'BROS',
    'STEAKHOUSE',
    'GARDEN',
    'LOUNGE',
    'BAKERY',
    'GOLDEN',
    'DRAGON',
    'HARBOR',
  );
  const city = fc.constantFrom('HOUSTON', 'SAN ANTONIO', 'DENVER', 'CHARLOTTE', 'PHOENIX');
  fc.assert(
    fc.property(
      fc.array(nameWord, { minLength: 3, maxLength: 6 }),
      fc.constantFrom(22, 25),
      city,
      (words, width, town) => {
        const field = words.join(' ').slice(0, width);
        fc.pre(field.length === width && /[A-Z]{3}$/.test(field));
        const decoded = cleanDescriptor(`${field}${town}${' '.repeat(14 - Math.min(13, town.length))}TX`);
        const lastWord = field.slice(field.lastIndexOf(' ') + 1);
        assert.equal(decoded.splitTokens?.at(-1), lastWord, field);
        assert.ok(decoded.tokens.includes(`${lastWord}${town.split(' ')[0]}`), 'the whole word is kept as printed');
      },
    ),
    { numRuns: 300 },
  );
  // A name longer than its field, printed with single spaces, is no field's edge: nothing is parted.
  assert.equal(cleanDescriptor('SOUTHERN STATES COOPERATIVE AUSTIN TX').splitTokens, null);
});

test("a statement's posting date or a card's last four digits before the line leave its reading unchanged", () => {
  const lines = [
    'SQ *BLUE BOTTLE COFFEE',
    'POS PURCHASE SHELL OIL 57444 BOISE ID',
    'TST* JOES DINER',
    'Debit Card Purchase AMAZON MKTPL*2K3LJ0X12',
  ];
  const months = ['JAN', 'Feb', 'MAR.', 'Sept', 'DEC'];
  fc.assert(
    fc.property(
      fc.constantFrom(...lines),
      fc.constantFrom(...months),
      fc.integer({ min: 1, max: 31 }),
      fc.boolean(),
      (line, month, day, withYear) => {
        const dated = `${month} ${day}${withYear ? ', 2024' : ''} ${line}`;
        assert.equal(cleanDescriptor(dated).cleaned, cleanDescriptor(line).cleaned, dated);
      },
    ),
  );
  assert.equal(cleanDescriptor('1234 Debit Card Purchase Tst* Joes Diner').cleaned, 'JOES DINER');
  assert.equal(
    cleanDescriptor('MAY DAY FLOWERS').cleaned,
    'MAY DAY FLOWERS',
    'a name that starts with a month keeps it',
  );
});
