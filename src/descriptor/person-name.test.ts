import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { personNamesCsv } from '../../scripts/build-person-names.ts';
import { isPersonName, namesAPerson } from './person-name.ts';

test('person-names.csv is what the census name lists give: regenerating it changes nothing', () => {
  assert.equal(
    readFileSync(new URL('./person-names.csv', import.meta.url), 'utf8'),
    personNamesCsv(),
    'run `npm run build:person-names` and commit person-names.csv',
  );
});

test("a transfer's other holder is read as a person in the banks' layouts: masks, references, account words, bank names", () => {
  for (const part of [
    'XXXXXX3387 HOLLOWAY',
    'ALVAREZ C EVERYDAY CHECKING XXXXXX0147 REF #IB0MRB2XL8 ON 03/29/24',
    'DDA 5504127 BRUNER',
    'MEMBER 7720XXXX MORALES',
    '7731455-S10 KOWALSKI, HENRY',
    'LENA PARK ONPOINT CU ****8830',
    'ANDRE WHITFIELD - TRUIST ****2217',
    'Sarah Lindqvist Self-Help FCU ••0091',
    'XXXXXX4419 ANJALI MEHTA',
    'CHK ...4417 DANA W',
    'USAA CHK XXXXX2231 R SALINAS',
    'Account 000041882241 E LINDQVIST',
  ])
    assert.equal(namesAPerson(part), true, part);
});

test('accounts, banks, businesses and governments are no person, though their words are some family name', () => {
  for (const part of [
    'JPMORGAN CHASE BANK ext ****6615',
    'Chase ••2291',
    'Wells Fargo ****3390',
    'SAVINGS XXXXX8802 BUILDING FUND',
    'Reserve - Inventory',
    'Mercury Checking ••7761',
    'Operating ••4410 to Profit ••7702',
    'GOLDEN FORK CATERING LLC BUSINESS LINE OF CREDIT XXXXXX8814',
    'SHARE 0009 BUSINESS CHECKING',
    'REYES UPHOLSTERY',
    'VIRGINIA DEPT TAXATION',
    'CHK ...5562 transaction#: 20231984765 04/01',
  ])
    assert.equal(namesAPerson(part), false, part);
  // Where a business's name may stand (an ACH receiver), the name must be the whole run: these are businesses.
  for (const part of ['IRS USATAXPYMT 240415 270451234567890 HILL COUNTRY LAWN & LAND', 'INDN:CAROLINA COMFORT HEATI'])
    assert.equal(namesAPerson(part, false), false, part);
  assert.equal(namesAPerson('IRS USATAXPYMT 041524 270551294783310 KRISTEN DOYLE', false), true);
});

test("a bank, account or business word among a name's first words, or anywhere in a run a business may fill, is never a name", () => {
  const word = fc.constantFrom('LLC', 'BANK', 'SAVINGS', 'LOAN', 'CHASE', 'DEPT', 'BUSINESS');
  const name = fc.constantFrom('LENA', 'PARK', 'J', 'MORALES', 'SARAH', 'DOYLE');
  fc.assert(
    fc.property(fc.array(name, { maxLength: 3 }), word, fc.nat(3), fc.boolean(), (names, bad, at, trailing) => {
      const words: string[] = [...names];
      // Where trailing words may name the holder's bank, the word is put among the name's own (the first two).
      words.splice(Math.min(trailing ? at % 2 : at, words.length), 0, bad);
      return !isPersonName(words, trailing);
    }),
  );
});

test('an ordinary word that is also a surname names no one alone ("main account")', () => {
  assert.equal(namesAPerson('main account'), false);
  assert.equal(namesAPerson('DDA XXXXXX5540 ONLINE KAISER'), false);
  assert.equal(namesAPerson('XXXX3012 ROJAS'), true);
});
