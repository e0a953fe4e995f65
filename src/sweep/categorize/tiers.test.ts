import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PRIOR_SCORE } from './priors.ts';
import fc from 'fast-check';
import { accountForRole } from '../../chart/us-chart.ts';
import { directoryEntries } from './directory/lookup.ts';
import { BANK_TRANSFER_ENTRY, CARD_ONLY_ISSUERS, directoryTier, FILL_UP_MINOR, saysNothing } from './tiers.ts';
import { cleanDescriptor } from '../../descriptor/descriptor.ts';
import type { EngineRow } from './engine.ts';
import { TRANSFER, type BankAccountKind } from './types.ts';

function row(description: string, amountMinor: number, bankAccountKind: BankAccountKind): EngineRow {
  const cleaned = cleanDescriptor(description);
  return {
    merchantKey: cleaned.cleaned,
    cleanedDescriptor: cleaned.cleaned,
    tenantId: 't',
    entityId: 'e',
    transactionId: 'r',
    date: '2026-03-02',
    description,
    merchant: null,
    amountMinor,
    currency: 'USD',
    direction: amountMinor > 0 ? 'out' : 'in',
    bankAccountKind,
  };
}

test("a card issuer's directory entry is a card payment out of the bank or into the card, and no opinion on money it sends a bank account", () => {
  assert.equal(directoryTier(row('SYNCHRONY BANK PAYMENT', 42_000, 'checking'))?.target, 'transfer');
  assert.equal(directoryTier(row('SYNCHRONY BANK PAYMENT', -42_000, 'credit_card'))?.target, 'transfer');
  assert.equal(directoryTier(row('SYNCHRONY BANK DEPOSIT 240802 QAF5WQTT', -42_000, 'checking')), null);
  // A bank that also keeps deposit accounts may be sending the business's own money across.
  assert.equal(
    directoryTier(
      row('DEPOSIT ACH WELLS FARGO BANK TYPE: TRANSFER ID: 8303308486 CO: WELLS FARGO BANK', -42_000, 'checking'),
    )?.target,
    'transfer',
  );
  assert.equal(
    directoryTier(row('SLACK TECHNOLOGIES', 1_250, 'checking'))?.target,
    '6200',
    'other entries are unchanged',
  );
  // A payment to a card-issuing bank that names a loan pays the loan.
  assert.equal(directoryTier(row('TD BANK CARD PAYMENT', 42_000, 'checking'))?.target, 'transfer');
  assert.equal(directoryTier(row('TD BANK CARD PAYMENT LOAN 44118720', 42_000, 'checking')), null);
});

test("a listed merchant's ACH credit into a deposit account is that company paying, not a refund of a purchase", () => {
  for (const payout of [
    'CCD DEPOSIT, UBER USA 6787 EDI PAYMNT 7215773782',
    'LYFT EXPRESS PAY VISA DIRECT CA',
    'Apple Inc.; APPLE INC.; App Store Proceeds 062024',
    'TRANSPERFECT TRANS VENDOR PAY 250115 LUMEN TRANSLATIONS LLC',
    'TIKTOK INC CREATOR REWARDS 250120',
    'USAA P&C CLAIM PMT 240415 DELGADOS AUTO SERVICE LLC',
  ])
    assert.equal(directoryTier(row(payout, -41_860, 'checking')), null, payout);
  // A platform whose listing files its money in (DoorDash pays its merchants) answers that, not a refund.
  assert.equal(directoryTier(row('DOORDASH INC DASHER PAY', -41_860, 'checking'))?.target, accountForRole('sales'));
  assert.equal(
    directoryTier(row('EZCATER INC PAYMENT 240322 GF4471 GOLDEN FORK CATERING', -41_860, 'checking'))?.target,
    accountForRole('sales'),
  );
  // A refund said so, or one back on the card, is still the purchase's account.
  assert.equal(
    directoryTier(row('UBER USA DES:REFUND ID:1 INDN:ACME LLC CO ID:2 CCD', -41_860, 'checking'))?.target,
    '6010',
  );
  assert.equal(directoryTier(row('UBER *TRIP HELP.UBER.COM CA', -1_850, 'credit_card'))?.target, '6010');
});

test("a station that prints its store (QuikTrip's INSIDE) sold from its store at any amount; a name that says store does not", () => {
  const inside = directoryTier(row('PURCHASE AUTHORIZED ON 04/18 QT 2123 INSIDE KANSAS CITY MO', 3_578, 'credit_card'));
  assert.equal(inside?.target, accountForRole('meals'));
  assert.equal(
    directoryTier(row('QT 2123 OUTSIDE KANSAS CITY MO', 3_578, 'credit_card'))?.target,
    accountForRole('fuel'),
  );
  // Holiday Stationstores prints its own name ("STNSTORE") on every sale, the pump's too.
  assert.equal(
    directoryTier(row('HOLIDAY STNSTORE #12878 MINNEAPOLIS MN', 4_812, 'credit_card'))?.target,
    accountForRole('fuel'),
  );
});

test('every card-only issuer named is a card-payment entry of the directory', () => {
  const entries = new Map(directoryEntries().map((entry) => [entry.name, entry]));
  for (const name of CARD_ONLY_ISSUERS)
    assert.equal(entries.get(name)?.out.target, TRANSFER, `${name} is a directory entry filing card payments`);
});

test("the bank's transfer wording answers a transfer only when the other leg was found or nobody looked", () => {
  assert.equal(directoryEntries().find((entry) => entry.name === BANK_TRANSFER_ENTRY)?.out.target, TRANSFER);
  const away = row('ONLINE TRANSFER TO XXXXXX4412', 200_000, 'checking');
  assert.equal(directoryTier({ ...away, transferLegFound: true })?.target, TRANSFER);
  assert.equal(directoryTier(away)?.target, TRANSFER, 'a re-decision after a correction does not look for legs');
  assert.equal(directoryTier({ ...away, transferLegFound: false }), null);
});

test('retrieval answers neither a transfer whose other leg is missing nor trust money off the trust account', () => {
  const deposit = row('BUILDIUM EPAY DES:EPAY DEP ID:Y8LEV2E6CSF', -120_000, 'checking');
  const withTrust = {
    ...deposit,
    heldAccountKinds: new Map([
      ['checking', 1],
      ['trust', 1],
    ] as const),
  };
  assert.equal(saysNothing(withTrust, '2000'), true);
  assert.equal(saysNothing({ ...withTrust, bankAccountKind: 'trust' }, '2000'), false);
  assert.equal(
    saysNothing({ ...deposit, heldAccountKinds: new Map([['checking', 1]] as const) }, '2000'),
    false,
    'without a trust account, 2000 is an ordinary answer',
  );
  assert.equal(saysNothing({ ...deposit, transferLegFound: false }, 'transfer'), true);
  assert.equal(saysNothing({ ...deposit, transferLegFound: true }, 'transfer'), false);
  assert.equal(saysNothing(deposit, '4100'), false);
});

test("property: a fuel station's or a convenience chain's card sale is fuel from a fill-up's amount on, below it a store sale held for review; a charger's is always fuel", () => {
  const aliasesOf = (category: string) =>
    directoryEntries()
      .filter((entry) => entry.category === category && entry.out.target === accountForRole('fuel'))
      .flatMap((entry) => entry.aliases.filter((alias) => alias.split(' ').length > 1 || alias.length >= 6))
      // "KIMS CONVENIENCE STORE 0042" reads as Kim's Convenience, store 0042: a name ending in STORE is not drawn.
      .filter((alias) => !/\bSTORE$/.test(alias))
      .filter((alias) => directoryTier(row(alias, 5_000, 'credit_card'))?.target === accountForRole('fuel'));
  // Convenience-store chains are filed as their pumps' fuel (grocery, fuel): their stores sell snacks too.
  const stations = [...aliasesOf('fuel'), ...aliasesOf('grocery')];
  const chargers = aliasesOf('charging');
  assert.ok(stations.length > 20 && aliasesOf('grocery').length > 20 && chargers.length > 3);
  fc.assert(
    fc.property(
      fc.constantFrom(...stations),
      fc.integer({ min: 1, max: 300_00 }),
      fc.constantFrom(' #1234', ' 0042 AUSTIN TX', ''),
      (alias, amountMinor, tail) => {
        const answer = directoryTier(row(`${alias}${tail}`, amountMinor, 'credit_card'));
        // A station's car wash washes the vehicle whatever it costs.
        if (amountMinor >= FILL_UP_MINOR || /\bCAR ?WASH\b/.test(alias))
          assert.equal(answer?.target, accountForRole('fuel'), alias);
        else {
          assert.equal(answer?.target, accountForRole('meals'), alias);
          assert.ok(answer!.rawScore <= PRIOR_SCORE, 'a guess for review');
        }
      },
    ),
  );
  for (const alias of chargers)
    assert.equal(directoryTier(row(alias, 900, 'credit_card'))?.target, accountForRole('fuel'));
  // A refund from a station is the fuel's, whatever its amount.
  assert.notEqual(directoryTier(row('SHELL OIL 57444', -900, 'credit_card'))?.target, accountForRole('meals'));
});

test("a listed word's longer name that the network codes as an eating place is a restaurant, not the brand", async () => {
  const { categorizeCold, coldEngineRow } = await import('../../../test/support/cold-engine.ts');
  const [driveIn, station, uncoded] = await categorizeCold([
    coldEngineRow({
      id: 'a',
      description: 'Pilot Butte Drive In Bend OR',
      amountMinor: 5_620,
      merchantCategoryCode: '5814',
    }),
    coldEngineRow({ id: 'b', description: 'PILOT 00412 BOISE ID', amountMinor: 5_620, merchantCategoryCode: '5814' }),
    coldEngineRow({ id: 'c', description: 'Pilot Butte Drive In Bend OR', amountMinor: 5_620 }),
  ]);
  assert.equal(driveIn.target, accountForRole('meals'));
  // The brand's own name alone, or a longer name with no code, stays the listing's.
  assert.equal(station.target, accountForRole('vehicle'));
  assert.equal(uncoded.target, accountForRole('vehicle'));
});

test("a short alias's name that goes on into another trade is that trade's business (BJ'S RESTAURANTS is no warehouse club)", async () => {
  const { categorizeCold, coldEngineRow } = await import('../../../test/support/cold-engine.ts');
  const [restaurant, club] = await categorizeCold([
    coldEngineRow({ id: 'a', description: "BJ'S RESTAURANTS 0523    TEMECULA     CA", amountMinor: 8_640 }),
    coldEngineRow({ id: 'b', description: "BJ'S WHOLESALE #0112 WALTHAM MA", amountMinor: 18_640 }),
  ]);
  assert.equal(restaurant.target, accountForRole('meals'));
  assert.notEqual(club.target, accountForRole('meals'));
});
