import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { cutWordsCsv, gluedWordsCsv } from '../../../scripts/build-cut-words.ts';
import { ambiguousAliasesCsv } from '../../../scripts/build-name-words.ts';
import { accountForRole } from '../../chart/us-chart.ts';
import { cleanDescriptor } from '../../descriptor/descriptor.ts';
import { CUT_NAME_CONFIDENCE_FACTOR, lookupDirectory } from './directory/lookup.ts';
import { categorizeCold, coldEngineRow } from '../../../test/support/cold-engine.ts';
import { CUT_CONFIDENCE_CAP, type EngineRow } from './engine.ts';
import { CUT_WORD_SCORE, KEYWORD_RULES, matchKeyword, tradeWordInside } from './keywords.ts';
import { directoryTier } from './tiers.ts';

/**
 * Issue 12's failure classes on real descriptors, as general mechanisms: a name cut at the edge of its field, a one-word
 * alias that is also a surname or a town, and answers too often wrong to file without a look.
 */
const AMBIGUOUS_FILE = new URL('./directory/ambiguous-aliases.csv', import.meta.url);
const CUT_WORDS_FILE = new URL('./cut-words.csv', import.meta.url);
const GLUED_WORDS_FILE = new URL('./glued-words.csv', import.meta.url);
const engineRow = (description: string, index: number): EngineRow => coldEngineRow({ id: `r${index}`, description });

const categorize = (...descriptions: string[]) => categorizeCold(descriptions.map(engineRow));

test('ambiguous-aliases.csv is what the census surnames, the US towns and the English word list give: regenerating it changes nothing', () => {
  assert.equal(
    readFileSync(AMBIGUOUS_FILE, 'utf8'),
    ambiguousAliasesCsv(),
    'run `npm run build:name-words` and commit ambiguous-aliases.csv',
  );
  for (const alias of ['MURPHY', 'BECKER', 'BURLINGTON', 'JARED'])
    assert.match(readFileSync(AMBIGUOUS_FILE, 'utf8'), new RegExp(`^${alias},`, 'm'));
});

test('a one-word alias that is also a surname or a town names its merchant alone, and only maybe when a longer name goes on', async () => {
  const alone = lookupDirectory(cleanDescriptor('MURPHY 7123 CEDAR PARK TX'), 'out');
  assert.deepEqual([alone?.merchantName, alone?.nameGoesOn], ['Murphy USA', undefined]);
  const longer = lookupDirectory(cleanDescriptor('MURPHY & OKAFOR DESIGN GROUP'), 'out');
  assert.deepEqual(longer?.nameGoesOn, ['OKAFOR', 'DESIGN', 'GROUP']);
  assert.ok(longer!.confidence < alone!.confidence);
  assert.equal(longer?.needsContext, true);
  // An English word that begins many US brands' names reads as a name's start: "UNITED SITE SERVICE" is not the airline.
  const airline = lookupDirectory(cleanDescriptor('UNITED 0162345678901 HOUSTON TX'), 'out');
  const portableToilets = lookupDirectory(cleanDescriptor('UNITED SITE SERVICE'), 'out');
  assert.deepEqual([airline?.merchantName, airline?.needsContext], ['United Airlines', undefined]);
  assert.equal(portableToilets?.needsContext, true);
  assert.ok(portableToilets!.confidence < airline!.confidence);
  // A one-word alias that is no common surname or town keeps its strength while no trade word of another kind follows.
  const extramile = lookupDirectory(cleanDescriptor('CHEVRON EXTRAMILE'), 'out');
  assert.deepEqual([extramile?.needsContext, extramile?.confidence], [undefined, 0.93]);
  assert.equal(directoryTier(engineRow('CHEVRON EXTRAMILE', 0))?.target, accountForRole('fuel'));
  // A brand's one word followed by its own trade's words is the brand.
  assert.equal(directoryTier(engineRow('VALERO CORNER STORE AUSTIN TX', 0))?.target, accountForRole('fuel'));
  const [plumbing, hardware, pizza, fuel] = await categorize(
    'MURPHY PLUMBING LLC',
    'BECKER HARDWARE',
    'BURLINGTON PIZZA CO',
    'MURPHY 7123 CEDAR PARK TX',
  );
  assert.equal(plumbing.target, accountForRole('repairs'), "Murphy's plumbing is a plumber called in, no fuel station");
  assert.equal(hardware.target, accountForRole('supplies'), "Becker's hardware store is no CPA course");
  assert.equal(pizza.target, accountForRole('meals'), "the town's pizzeria is no clothing chain");
  assert.deepEqual([fuel.target, fuel.needsReview], [accountForRole('fuel'), false]);
  // A card's word is no part of a name: "CHARLIE CARD" is Boston's transit fare card, "CHARLIE THE BUTCHER" a lunch spot.
  const [charlie, fareCard] = await categorize('CHARLIE THE BUTCHER KENMORE NY', 'CHARLIE CARD BOSTON MA');
  assert.notEqual(charlie.target, accountForRole('rideshare'));
  assert.equal(fareCard.target, accountForRole('rideshare'));
  // An acronym's longer name that goes on to another trade is that trade's: an auto glass shop is no gas utility.
  const [glass] = await categorize('Card Purchase 05/14 Pgw Auto Glass Tempe AZ Card 3318');
  assert.equal(glass.target, accountForRole('vehicle'));
  // Without a trade word the listing still answers, but for review.
  const [unknown] = await categorize('MURPHY OKAFOR ASSOCIATES');
  assert.deepEqual([unknown.target, unknown.needsReview], [accountForRole('fuel'), true]);
});

test('a one-word alias that is an English word is its brand, unless the words after it name another trade', async () => {
  const words = (
    parse(readFileSync(AMBIGUOUS_FILE), { columns: true, skip_empty_lines: true }) as Array<Record<string, string>>
  ).filter((record) => record.reading === 'word');
  assert.ok(words.length > 100, "the word list marks hundreds of the directory's one-word aliases");
  let yielded = 0;
  for (const { alias } of words) {
    const alone = lookupDirectory(cleanDescriptor(`${alias} #4412 AUSTIN TX`), 'out');
    if (!alone || alone.alias !== alias) continue;
    // Followed by words that name no trade (a street, a branch), the English word keeps its full strength.
    const branch = lookupDirectory(cleanDescriptor(`${alias} EAST RIVERSIDE`), 'out');
    assert.deepEqual([branch?.merchantName, branch?.confidence], [alone.merchantName, alone.confidence], alias);
    assert.equal(branch?.needsContext, undefined, alias);
    // "<WORD> PIZZA" is a pizzeria whatever the listed brand of that word sells: the directory yields to the word.
    const pizzeria = directoryTier(engineRow(`${alias} PIZZA`, 0));
    assert.ok(pizzeria === null || pizzeria.target === accountForRole('meals'), `${alias} PIZZA`);
    if (alone.target !== accountForRole('meals')) yielded += 1;
  }
  assert.ok(yielded > 100, `${yielded} brands yielded to the pizzeria's trade word`);
  const [treehouse, school, cafe, repairs] = await categorize(
    'TREEHOUSE PIZZA',
    'TREEHOUSE',
    'AQUA CAFE',
    'BLADE AUTO REPAIR',
  );
  assert.deepEqual(
    [treehouse.target, school.target, cafe.target, repairs.target],
    [accountForRole('meals'), accountForRole('education'), accountForRole('meals'), accountForRole('vehicle')],
  );
});

test("a processor that runs only one trade's registers says so on its own, and a word that agrees never weakens it", async () => {
  const names = ['JOES CRAB SHACK', 'THE RUSTY NAIL', 'WALKING ON WATER', 'MAPLE STREET', 'LA PALOMA DEL SOL'];
  const mealWords = ['TAVERN', 'BISTRO', 'GRILL', 'PIZZA', 'CAFE', 'KITCHEN', 'TAQUERIA', 'BBQ'];
  const descriptions = names.flatMap((name) => [
    `TST* ${name}`,
    ...mealWords.map((word) => `TST* ${name} ${word}`),
    ...mealWords.map((word) => `TST* ${word} ${name} 0 HOUSTON TX`),
  ]);
  const results = await categorize(...descriptions);
  for (const [index, name] of names.entries()) {
    const alone = results[index * (1 + 2 * mealWords.length)];
    assert.equal(alone.target, accountForRole('meals'), `TST* ${name}`);
    for (let offset = 1; offset <= 2 * mealWords.length; offset += 1) {
      const withWord = results[index * (1 + 2 * mealWords.length) + offset];
      const description = descriptions[index * (1 + 2 * mealWords.length) + offset];
      assert.equal(withWord.target, accountForRole('meals'), description);
      assert.ok(
        withWord.confidence! >= alone.confidence!,
        `${description}: ${withWord.confidence} < ${alone.confidence}`,
      );
    }
  }
});

test("a trade word or a listed name cut at the edge of the name's field is read from its start, for review", async () => {
  const taqueria = matchKeyword({
    description: 'POS DEBIT HENDERSON FAMILY TAQUE #1234 AUSTIN TX',
    merchant: null,
    direction: 'out',
  });
  assert.deepEqual([taqueria?.target, taqueria?.cut, taqueria?.rawScore], [accountForRole('meals'), true, 0.45]);
  const plumbing = matchKeyword({
    description: 'ORIG CO NAME:HENDERSON PLUMBI ORIG ID:1234567890 CO ENTRY DESCR:INVOICE SEC:CCD',
    merchant: null,
    direction: 'out',
  });
  assert.deepEqual([plumbing?.target, plumbing?.rawScore], [accountForRole('repairs'), CUT_WORD_SCORE]);
  // The same start inside the name, away from the edge, is no word.
  assert.equal(matchKeyword({ description: 'TAQUE HENDERSON', merchant: null, direction: 'out' }), null);
  // A start two accounts share ("RES": restaurant, resort) says nothing.
  assert.equal(
    matchKeyword({ description: 'POS DEBIT HENDERSON OKAFOR AND RES #12 AUSTIN TX', merchant: null, direction: 'out' }),
    null,
  );
  // A listed name: "QUIKTRIP" cut to "QUIKTR" at column 22.
  const quiktrip = lookupDirectory(cleanDescriptor('POS DEBIT LINDGREN FAMILY QUIKTR #554 CEDAR PARK TX'), 'out');
  assert.equal(quiktrip, null, 'a cut name is read only from the start of the name');
  const cut = lookupDirectory(cleanDescriptor('CHECKCARD 0314 WALGREENS OAKLAND HEIGHTS STO 1234 AUSTIN TX'), 'out');
  assert.equal(cut?.merchantName, 'Walgreens', 'a whole alias before the cut is read as it is');
  // Sentry bills as "FUNCTIONAL SOFTWARE": the ACH company field keeps 16 characters of it.
  const sentry = lookupDirectory(
    cleanDescriptor('ORIG CO NAME:FUNCTIONAL SOFTW ORIG ID:1234567890 CO ENTRY DESCR:PAYMENT SEC:CCD'),
    'out',
  );
  assert.deepEqual([sentry?.merchantName, sentry?.cut], ['Sentry', true]);
  assert.equal(sentry?.confidence, Number((0.95 * CUT_NAME_CONFIDENCE_FACTOR).toFixed(3)));
  assert.equal(
    lookupDirectory(cleanDescriptor('FUNCTIONAL SOFTW LOS ANGELES CA'), 'out'),
    null,
    'away from an edge it is no name',
  );
  // An export that cuts the whole line short ends it inside the name: the line's last word may be cut, a bank's word never.
  const consumers = lookupDirectory(cleanDescriptor('ach debit consumers ener'), 'out');
  assert.deepEqual([consumers?.merchantName, consumers?.cut], ['Consumers Energy', true]);
  // Cut to a letter or two, the last word is read only after whole words that start a name: "SEATTLE CITY L".
  const light = lookupDirectory(cleanDescriptor('Withdrawal SEATTLE CITY L'), 'out');
  assert.deepEqual([light?.merchantName, light?.cut], ['Seattle City Light', true]);
  assert.equal(lookupDirectory(cleanDescriptor('Withdrawal ACME EN'), 'out'), null);
  assert.equal(cleanDescriptor('000041277 DEPOSIT').lineEndWord, null);
  assert.equal(
    cleanDescriptor('CONSUMERS ENER LANSING MI').lineEndWord,
    null,
    'a place printed after the name: no cut line',
  );
  const [listed] = await categorize('ORIG CO NAME:FUNCTIONAL SOFTW ORIG ID:1234567890 CO ENTRY DESCR:PAYMENT SEC:CCD');
  assert.deepEqual([listed.target, listed.needsReview], [accountForRole('software'), true]);
  const [meal, plumber] = await categorize(
    'POS DEBIT HENDERSON FAMILY TAQUE #1234 AUSTIN TX',
    'ACH DEBIT HENDERSON PLUMBI PAYMENT 8HJ3K2L0Q1',
  );
  for (const [result, role] of [
    [meal, 'meals'],
    [plumber, 'repairs'],
  ] as const) {
    assert.equal(result.target, accountForRole(role));
    assert.ok(result.confidence! <= CUT_CONFIDENCE_CAP && result.needsReview, 'a cut word is never auto-approved');
  }
});

test('cut-words.csv is what the keyword rules and the packages give; a start that is a word, or that two accounts share, is not read', () => {
  assert.equal(
    readFileSync(CUT_WORDS_FILE, 'utf8'),
    cutWordsCsv(),
    'run `npm run build:cut-words` and commit cut-words.csv',
  );
  const atEdge = (name: string) =>
    matchKeyword({ description: `POS DEBIT ${name} #1234 AUSTIN TX`, merchant: null, direction: 'out' });
  // "WORKS" is a word of its own, not WORKSHOP cut; "AMERI" begins AMERICANO and AMERICAN (TIRE), two accounts.
  assert.equal(atEdge('ROSENDALE CIDERY WORKS'), null);
  assert.equal(atEdge('SUZUKI ASSOCS OF AMERI')?.cut, undefined);
  assert.equal(atEdge('HENDERSON FAMILY TAQUE')?.cut, true);
  // A township (a local government in Pennsylvania, New Jersey, Michigan, Ohio) cut at the card field's 22 characters.
  assert.deepEqual(
    [atEdge('EAST HEMPFIELD TOWNSHI')?.cut, atEdge('EAST HEMPFIELD TOWNSHI')?.target],
    [true, accountForRole('taxes_licenses')],
  );
});

test('a trade word glued into a run-on name behind PayPal or a small register is read, never approved; a word of its own never parted', async () => {
  assert.equal(
    readFileSync(GLUED_WORDS_FILE, 'utf8'),
    gluedWordsCsv(),
    'run `npm run build:cut-words` and commit glued-words.csv',
  );
  const [tacos, coffee, ownWord] = await categorize(
    'PAYPAL *GRANNYSTACOS 4029357733 CA',
    'SQ *BLUELINECOFFEE SEATTLE WA',
    'PAYPAL *BREAKWATER 4029357733 CA',
  );
  for (const meal of [tacos, coffee]) {
    assert.equal(meal.target, accountForRole('meals'));
    assert.ok(meal.confidence! <= CUT_CONFIDENCE_CAP && meal.needsReview, 'a glued word is never auto-approved');
  }
  // Elsewhere a closed-up name is mostly a brand made of words ("DRIPJOBS" is software for painters).
  assert.equal(matchKeyword({ description: 'DRIPJOBS 262-218-4330 WI', merchant: null, direction: 'out' }), null);
  assert.equal(ownWord.target, accountForRole('uncategorized_expense'), '"BREAKWATER" is no water bill');
  // Whatever name a one-word trade phrase is glued to, at either end, the parting finds a trade word and keeps every letter.
  const tradeWords = [
    ...new Set(KEYWORD_RULES.flatMap((rule) => rule.words).filter((word) => /^[A-Z]{4,}$/.test(word))),
  ];
  fc.assert(
    fc.property(
      fc.constantFrom(...tradeWords),
      fc.stringMatching(/^[A-Z]{3,9}$/),
      fc.boolean(),
      (word, name, atEnd) => {
        const token = atEnd ? `${name}${word}` : `${word}${name}`;
        const parted = tradeWordInside(token);
        if (KEYWORD_RULES.some((rule) => rule.words.includes(token))) return;
        assert.ok(parted, token);
        assert.equal(parted.parts.join(''), token);
        assert.ok(KEYWORD_RULES.some((rule) => rule.words.includes(parted.word)));
      },
    ),
    { numRuns: 500 },
  );
});

test('a hyphenated line finds its merchant by the words the hyphen joined', () => {
  assert.equal(lookupDirectory(cleanDescriptor('PAYCHEX-HRS'), 'out')?.merchantName, 'Paychex');
  assert.equal(lookupDirectory(cleanDescriptor('E-ZPASS NY'), 'out')?.merchantName, 'E-ZPass', 'the joined name first');
});

test("a payroll service's name on a card yields to a word of another trade after it: GUSTO PIZZA is a pizzeria", async () => {
  const [pizzeria, gusto, trattoria] = await categorize(
    'GUSTO PIZZA AUSTIN TX',
    'GUSTO 800-555-1234 CA',
    'GUSTO TRATTORIA',
  );
  assert.equal(pizzeria.target, accountForRole('meals'));
  assert.equal(gusto.target, accountForRole('software'), 'the payroll service alone, on a card');
  assert.equal(trattoria.target, accountForRole('meals'));
});

test("a merchant category code says nothing against the hand-kept directory's listing of the merchant", async () => {
  const rows = ['Amazon.com*RT4K92HX1', 'NETFLIX.COM', 'ZORB PLIX BOOKS'].map(engineRow);
  rows[0].merchantCategoryCode = '5942'; // Amazon's code is still a book store's
  rows[1].merchantCategoryCode = '4899'; // Netflix's a cable company's
  rows[2].merchantCategoryCode = '5942';
  const [amazon, netflix, unlisted] = await categorizeCold(rows);
  assert.equal(amazon.target, accountForRole('supplies'));
  assert.equal(netflix.target, accountForRole('personal'));
  assert.equal(unlisted.target, accountForRole('education'), 'a merchant nobody lists is told by its code');
});

test('a bank named inside a wire routed the money: the directory does not read it as the payee', async () => {
  const wire =
    'WT FED#08342 WELLS FARGO NA /FTR/BNF=STRATEGIC GROWTH PARTNERS LLC SRF# 0423011234567890 TRN#240402112345 RFB# 88';
  assert.equal(directoryTier({ ...engineRow(wire, 0), bankAccountKind: 'checking' }), null);
  // Outside a wire the same inner name still counts.
  assert.notEqual(directoryTier({ ...engineRow('PAYMENT TO WELLS FARGO CARD', 1), bankAccountKind: 'checking' }), null);
});

test("the business's cash, a masked account's transfer and a person's account are filed, but never approved on their own", async () => {
  const answers = await categorizeCold(
    [
      'ATM CASH WITHDRAWAL 0412 TD BANK 4302 N DALE MABRY TAMPA FL',
      'ATM WITHDRAWAL US BANK 2201 LYNDALE AVE S MINNEAPOLIS MN',
      'BKOFAMERICA ATM 04/05 #000003918 WITHDRWL BALLANTYNE COMMON NC',
      'Transfer to Anna Lindqvist ••4490',
      'Transfer to Tax Savings (••4417)',
    ].map((description, index) => coldEngineRow({ id: `r${index}`, description, bankAccountKind: 'checking' })),
  );
  assert.deepEqual(
    answers.map((answer) => [answer.target, answer.needsReview]),
    [
      [accountForRole('cash'), true],
      [accountForRole('cash'), true],
      [accountForRole('cash'), true],
      // A person's own account: the owner's, as a guess (person-name.ts).
      [accountForRole('owner_draw'), true],
      ['transfer', true],
    ],
  );
});

test("a premium's ACH entry names insurance only for payees the directory does not know: a listed health plan is benefits", async () => {
  const [listed, unlisted] = await categorizeCold([
    coldEngineRow({ id: 'a', description: 'UHC PREMIUM 240301', amountMinor: 221_040, bankAccountKind: 'checking' }),
    coldEngineRow({
      id: 'b',
      description: 'PINNACOL ASSURAN PREMIUM   4015523        CCD ID: 1840862116',
      amountMinor: 112_600,
      bankAccountKind: 'checking',
    }),
  ]);
  assert.equal(listed.target, accountForRole('employee_benefits'));
  assert.equal(unlisted.target, accountForRole('insurance'));
});

test("a fintech card's own payment, a contractor platform's funding, a realtors' listing service and professional liability", async () => {
  const [mercuryCard, payoneerFunding, payoneerFee, listingService, errorsAndOmissions] = await categorize(
    'Mercury IO Autopay',
    'Payoneer Inc - funding',
    'Payoneer fee - ACH withdrawal',
    'DBCRD PUR AP AUT 080125 VISA DDA PUR MONMOUTH OCEAN MLS 732-9181188 * NJ',
    'ACH DEBIT: IIAN E&O PROGRAM 250701',
  );
  assert.equal(mercuryCard.target, 'transfer', "Mercury's IO card paid from its checking: no software");
  assert.equal(payoneerFunding.target, accountForRole('contract_labor'));
  assert.equal(payoneerFee.target, accountForRole('bank_fees'));
  assert.equal(listingService.target, accountForRole('dues'));
  assert.equal(errorsAndOmissions.target, accountForRole('insurance'));
  // A Vermont mill named for the mountains is no energy retailer; the utility is known by its whole name, cut or not.
  const [spinnery, power] = await categorize(
    'DBT PURCHASE 09/04 GREEN MOUNTAIN SPINNE PUTNEY VT 2290',
    'CCD DEBIT, GREEN MOUNTAIN PO GMP PAYMNT 0000118942',
  );
  assert.notEqual(spinnery.target, accountForRole('utilities'));
  assert.equal(power.target, accountForRole('utilities'));
});

test("a brand's own trade word that agrees with the brand still speaks: JOES PIZZA is a pizzeria however the brand is calibrated", async () => {
  const [pizza, warehouse] = await categorize('JOES PIZZA NEW YORK NY', 'COSTCO BUSINESS CENTER #1234 HAYWARD CA');
  assert.deepEqual([pizza.target, pizza.needsReview], [accountForRole('meals'), false]);
  // A word of the brand's name that files elsewhere stays silent: the warehouse club rents no offices.
  assert.notEqual(warehouse.target, accountForRole('rent'));
});
