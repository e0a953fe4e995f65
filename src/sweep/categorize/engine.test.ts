import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createAccount, createHarness, push, type Harness, type TestTenant } from '../../../test/support/harness.ts';
import { setReviewThreshold } from '../../tenancy/tenant-settings.ts';
import { accountForRole, type AccountCategory } from '../../chart/us-chart.ts';
import { categorizeRows, memoryRawScore, TRADE_DECIDES_CAP, type EngineContext, type EngineRow } from './engine.ts';
import { categorizeCold, coldEngineRow } from '../../../test/support/cold-engine.ts';
import type { Industry } from '../../tenancy/entity-profile.ts';

let harness: Harness;
let acme: TestTenant;
let globex: TestTenant;

before(async () => {
  harness = await createHarness();
  acme = await harness.newTenant('Acme LLC');
  globex = await harness.newTenant('Globex Inc');
  for (const tenant of [acme, globex]) {
    await createAccount(tenant, 'chk');
    await createAccount(tenant, 'sav', { kind: 'savings', name: 'Reserve' });
    const card = await tenant.call('POST', '/v1/bank-accounts', {
      institutionName: 'Zenith Card Services',
      accounts: [{ externalId: 'card-7788', name: 'Business Card', kind: 'credit_card', currency: 'USD' }],
    });
    assert.equal(card.statusCode, 200);
  }
});
after(() => harness.close());

const rowsOn = async (tenant: TestTenant, date: string) =>
  (await tenant.call('GET', `/v1/transactions?from=${date}&to=${date}`)).json().data;
const entriesOn = async (tenant: TestTenant, date: string) =>
  (await tenant.call('GET', `/v1/journal-entries?from=${date}&to=${date}`)).json().data;

test('the review threshold is per tenant; rows on a catch-all always need review, even from a rule', async () => {
  await setReviewThreshold(harness.handle, globex.tenantId, 1);
  await acme.call('POST', '/v1/rules', { pattern: 'QQV PARKING', category: '6999' });
  for (const tenant of [acme, globex]) {
    await push(tenant, [
      { accountExternalId: 'chk', id: 'fee', date: '2026-02-01', amount: 12, description: 'MONTHLY MAINTENANCE FEE' },
      { accountExternalId: 'chk', id: 'park', date: '2026-02-02', amount: 12, description: 'QQV PARKING LOT' },
    ]);
  }
  await harness.sweep();
  const [acmeFee] = await rowsOn(acme, '2026-02-01');
  const [globexFee] = await rowsOn(globex, '2026-02-01');
  assert.equal(acmeFee.category.accountNumber, globexFee.category.accountNumber);
  assert.ok(acmeFee.category.confidence < 1, 'a calibrated confidence never claims certainty');
  assert.equal(acmeFee.needsReview, false);
  assert.equal(globexFee.needsReview, true, 'no confidence reaches the stricter tenant threshold');
  const [parked] = await rowsOn(acme, '2026-02-02');
  assert.deepEqual(
    [parked.category.accountNumber, parked.category.source, parked.needsReview],
    ['6999', 'regex', true],
  );
  await assert.rejects(setReviewThreshold(harness.handle, acme.tenantId, 1.5), /review-threshold/);
});

test('equal and opposite amounts on two own accounts within 3 days are a transfer; the earlier leg is re-filed by reversal', async () => {
  await push(acme, [
    { accountExternalId: 'chk', id: 'leg-out', date: '2026-03-10', amount: 734.21, description: 'QZW FUNDS 4411' },
  ]);
  await harness.sweep();
  const [first] = await rowsOn(acme, '2026-03-10');
  // Alone it is a payment to a company nothing knows: at most a prior's guess, held for review.
  assert.deepEqual([first.transactionType, first.needsReview], ['expense', true]);
  const alone = first.category.accountNumber;
  await push(acme, [
    { accountExternalId: 'sav', id: 'leg-in', date: '2026-03-12', amount: -734.21, description: 'QZW FUNDS 4411' },
  ]);
  // An equal amount five days later on the other tenant's books pairs with nothing.
  await push(globex, [
    { accountExternalId: 'chk', id: 'far-out', date: '2026-03-10', amount: 734.21, description: 'QZW FUNDS 4411' },
    { accountExternalId: 'sav', id: 'far-in', date: '2026-03-15', amount: -734.21, description: 'QZW FUNDS 4411' },
  ]);
  await harness.sweep();
  const [second] = await rowsOn(acme, '2026-03-12');
  const refiled = (await acme.call('GET', `/v1/transactions/${first.id}`)).json().data;
  for (const row of [second, refiled]) {
    assert.equal(row.transactionType, 'transfer');
    assert.equal(row.category, null);
  }
  const entries = await entriesOn(acme, '2026-03-10');
  assert.equal(entries.length, 3, 'original, its reversal, the transfer booking');
  assert.ok(entries[2].lines.some((line: { accountNumber: string }) => line.accountNumber === '1900'));
  assert.equal((await rowsOn(globex, '2026-03-10'))[0].category.accountNumber, alone);
  // Unpaired, the savings leg is only the prior's guess of a transfer (a savings account moves money), for review.
  const unpaired = (await rowsOn(globex, '2026-03-15'))[0];
  assert.deepEqual([unpaired.transactionType, unpaired.needsReview], ['transfer', true]);
});

test('a payment naming a card the tenant holds is a transfer', async () => {
  await push(acme, [
    {
      accountExternalId: 'chk',
      id: 'card-pay',
      date: '2026-04-05',
      amount: 1500,
      description: 'ZENITH ONLINE PMT ENDING 7788',
    },
  ]);
  await push(globex, [
    {
      accountExternalId: 'chk',
      id: 'card-pay',
      date: '2026-04-05',
      amount: 1500,
      description: 'ORBITAL ONLINE PMT ENDING 9911',
    },
  ]);
  await harness.sweep();
  assert.equal((await rowsOn(acme, '2026-04-05'))[0].transactionType, 'transfer');
  assert.notEqual((await rowsOn(globex, '2026-04-05'))[0].transactionType, 'transfer', 'a card it does not hold');
});

test("a correction re-decides the merchant's waiting rows at once; rows a human decided are never re-run", async () => {
  await push(
    acme,
    [1, 2, 3].map((day) => ({
      accountExternalId: 'chk',
      id: `zorb-${day}`,
      date: `2026-05-0${day}`,
      amount: 40 + day,
      description: `ZORBLAX STUDIO ${day}00${day}`,
      merchant: 'Zorblax Studio',
    })),
  );
  await harness.sweep();
  const [first] = await rowsOn(acme, '2026-05-01');
  assert.equal(first.needsReview, true);
  const patched = await acme.call('PATCH', `/v1/transactions/${first.id}`, { category: '6200' });
  assert.equal(patched.statusCode, 200);
  for (const date of ['2026-05-02', '2026-05-03']) {
    const [row] = await rowsOn(acme, date);
    assert.deepEqual([row.category.accountNumber, row.category.source, row.needsReview], ['6200', 'memory', false]);
    const entries = await entriesOn(acme, date);
    assert.equal(entries.length, 3, 'booked on 6999, reversed, re-booked on 6200');
    assert.equal(entries[1].reversesEntryId, entries[0].id);
  }
  // A later correction of another row overrides the memory but never touches the human-decided row.
  const [second] = await rowsOn(acme, '2026-05-02');
  await acme.call('PATCH', `/v1/transactions/${second.id}`, { category: '6090' });
  const firstAfter = (await acme.call('GET', `/v1/transactions/${first.id}`)).json().data;
  assert.deepEqual([firstAfter.category.accountNumber, firstAfter.category.source], ['6200', 'user_override']);
  const [third] = await rowsOn(acme, '2026-05-03');
  await acme.call('PATCH', `/v1/transactions/${third.id}`, { category: '6090' });
  await push(acme, [
    {
      accountExternalId: 'chk',
      id: 'zorb-9',
      date: '2026-05-09',
      amount: 49,
      description: 'ZORBLAX STUDIO 9009',
      merchant: 'Zorblax Studio',
    },
  ]);
  await harness.sweep();
  const [later] = await rowsOn(acme, '2026-05-09');
  // An overridden memory is trusted less (calibrated well below the threshold), so rag, which reads the
  // same human decisions (two of three say 6090), may be the more confident: either follows the latest.
  assert.equal(later.category.accountNumber, '6090');
  assert.ok(['memory', 'rag'].includes(later.category.source), later.category.source);
});

test('memory raw score: consistent approvals strengthen it, overrides weaken it', () => {
  assert.equal(memoryRawScore({ approvals: 1, overrides: 0 }), 0.9);
  assert.ok(memoryRawScore({ approvals: 2, overrides: 0 }) > memoryRawScore({ approvals: 1, overrides: 0 }));
  assert.ok(memoryRawScore({ approvals: 2, overrides: 1 }) < memoryRawScore({ approvals: 2, overrides: 0 }));
  assert.ok(memoryRawScore({ approvals: 50, overrides: 0 }) <= 0.99);
});

test("a tax rule's reading of the owner's estimate is not overridden by the directory's listing of the agency", async () => {
  const accountCategories = new Map<string, AccountCategory>([
    ['3200', 'equity'],
    ['6140', 'expense'],
  ]);
  const context: EngineContext = {
    accountCategories,
    reviewThreshold: 0.85,
    tenantRules: [],
    preferences: new Map(),
    transfers: new Map(),
    batchTiers: [],
    directory: (row) =>
      /IRS/.test(row.description) ? { target: '6140', rawScore: 0.95, detail: 'directory IRS' } : null,
  };
  const estimate: EngineRow = {
    tenantId: 't',
    entityId: 'e',
    transactionId: 'r',
    date: '2026-04-14',
    description: 'IRS USATAXPYMT',
    merchant: null,
    amountMinor: 400_000,
    currency: 'USD',
    direction: 'out',
    bankAccountKind: 'checking',
    regime: 'sole_proprietor',
    merchantKey: 'IRS USATAXPYMT',
    cleanedDescriptor: 'IRS USATAXPYMT',
  };
  const decided = (await categorizeRows([estimate], context)).get('r')!;
  assert.deepEqual([decided.target, decided.needsReview], ['3200', true]);
});

test('confidence that means what it says: the processor beats a word of the name, short aliases need their number, unknown own transfers wait', async () => {
  await push(
    acme,
    [
      {
        accountExternalId: 'card-7788',
        id: 'water',
        date: '2026-09-01',
        amount: 64.2,
        description: 'TST* WALKING ON WATER',
      },
      {
        accountExternalId: 'card-7788',
        id: 'tree',
        date: '2026-09-02',
        amount: 31.5,
        description: 'TST* TREEHOUSE AUSTIN TX',
      },
      { accountExternalId: 'card-7788', id: 'take', date: '2026-09-03', amount: 18.75, description: 'TAKE 31' },
    ],
    'Zenith Card Services',
  );
  await push(acme, [
    {
      accountExternalId: 'chk',
      id: 'away',
      date: '2026-09-04',
      amount: 900,
      description: 'Online Transfer to CHK ...6254 transaction#: 123456',
    },
    {
      accountExternalId: 'chk',
      id: 'net',
      date: '2026-09-05',
      amount: 400,
      description: 'INTERNET BANKING TRANSFER TO CHECKING 4410',
    },
  ]);
  await harness.sweep();
  for (const date of ['2026-09-01', '2026-09-02']) {
    const [row] = await rowsOn(acme, date);
    assert.equal(row.category.accountNumber, '6160', `${row.description}: Toast runs restaurants' registers`);
  }
  const [take] = await rowsOn(acme, '2026-09-03');
  assert.notEqual(take.category.accountNumber, '6010', '"TAKE 5" (an oil change) is no alias of "TAKE 31"');
  for (const date of ['2026-09-04', '2026-09-05']) {
    const [row] = await rowsOn(acme, date);
    assert.deepEqual(
      [row.transactionType, row.needsReview],
      ['transfer', true],
      `${row.description}: a transfer awaiting its pair, never an approved draw`,
    );
  }
});

test('without an industry, shipped knowledge offers supplies for review; with one, the trade decides and files it', async () => {
  const lines = [
    { description: 'ULINE *S1290847 800-295-5510 WI', merchantCategoryCode: null },
    { description: 'MENARDS GOLDEN VALLEY MN', merchantCategoryCode: '5211' },
  ];
  for (const line of lines) {
    const [cold, office] = await categorizeCold(
      [null, 'professional_services'].map((industry, index) =>
        coldEngineRow({ id: `r${index}`, ...line, amountMinor: 41_837, industry: industry as Industry | null }),
      ),
    );
    assert.deepEqual([cold.target, cold.needsReview], [accountForRole('supplies'), true], line.description);
    assert.ok(cold.confidence! <= TRADE_DECIDES_CAP);
    assert.deepEqual([office.target, office.needsReview], [accountForRole('supplies'), false], line.description);
  }
});

test("a payroll service's charge on a card is its subscription, asked once, never its payroll", async () => {
  const [onpay, gusto] = await categorizeCold(
    ['ONPAY INC', 'GUSTO.COM'].map((description, index) =>
      coldEngineRow({ id: `r${index}`, description, amountMinor: 6_100, bankAccountKind: 'credit_card' }),
    ),
  );
  for (const answer of [onpay, gusto])
    assert.deepEqual([answer.target, answer.needsReview], [accountForRole('software'), true]);
});

test("an association's conference, course or exam is education, whether its listing or its card code said dues", async () => {
  const lines = [
    { description: 'APTA CSM REGISTRATION ALEXANDRIA VA', merchantCategoryCode: null },
    { description: 'AIA CONFERENCE ON ARCH 800-242-3837 DC', merchantCategoryCode: '8699' },
    { description: 'OREGON REALTORS CONF PORTLAND OR', merchantCategoryCode: '8699' },
    { description: 'STATE BAR OF WI CLE MADISON WI', merchantCategoryCode: null },
    { description: 'APTA MEMBERSHIP DUES', merchantCategoryCode: null },
  ];
  const answers = await categorizeCold(
    lines.map((line, index) => coldEngineRow({ id: `r${index}`, ...line, amountMinor: 56_000 })),
  );
  const [education, dues] = [accountForRole('education'), accountForRole('dues')];
  assert.deepEqual(
    answers.map((answer) => answer.target),
    [education, education, education, education, dues],
  );
});

test("a trade word that is part of a brand's own name is the brand's, not another trade; after the brand's name it speaks", async () => {
  const [costco, cafe] = await categorizeCold([
    coldEngineRow({ id: 'r0', description: 'Costco Business Center', amountMinor: 104_612 }),
    coldEngineRow({ id: 'r1', description: 'SQ *CAMPANILE COFFEE', amountMinor: 640 }),
  ]);
  assert.notEqual(costco.target, accountForRole('rent'), 'COSTCO BUSINESS CENTER rents no offices');
  assert.equal(cafe.target, accountForRole('meals'));
});

test("a company's ACH debit is never a meal, whatever the company's name or listing says; the same name on a card is", async () => {
  const lines: Array<[string, 'checking' | 'credit_card']> = [
    ['ACH WITHDRAWAL OPENTABLE INC BILLING CCD 240301', 'checking'],
    ['BUSINESS TO BUSINESS ACH DEBIT - ROYAL COFFEE INC PAYMENT 240917 INV315787', 'checking'],
    ['BULLS BAY SHELLFISH PAYMENT CCD', 'checking'],
    // Banks' own words for a company's ACH debit.
    ['ELECTRONIC WITHDRAWAL ROYAL COFFEE INC PAYMENT', 'checking'],
    ['ELECTRONIC PMT-WEB, ATLAS COFFEE IMP PAYMENT CROOKED PINE COFFE', 'checking'],
    ['SQ *BULLS BAY SHELLFISH', 'credit_card'],
    ['DEBIT CARD PURCHASE DOORDASH*PHO HOA', 'checking'],
  ];
  const answers = await categorizeCold(
    lines.map(([description, bankAccountKind], index) =>
      coldEngineRow({ id: `r${index}`, description, amountMinor: 41_900, bankAccountKind }),
    ),
  );
  const meals = accountForRole('meals');
  assert.deepEqual(
    answers.map((answer) => answer.target === meals),
    [false, false, false, false, false, true, true],
  );
  // With no listing left, a company named by its legal form is a supplier's bill, though its words could be a person's.
  assert.equal(answers[3].target, accountForRole('cost_of_goods'));
});

test('money in that names a place serving food is a sale of goods when no industry is stated; the guess stays a guess', async () => {
  const lines = [
    'ACH CREDIT SQUARE INC 240305P2 SLICE REPUBLIC PIZZA',
    'ORIG CO NAME:UBER EATS ORIG ID:3455542178 CO ENTRY DESCR:PAYMENT SEC:CCD IND NAME:BRASA CANTINA LLC',
    'ACH CREDIT SQUARE INC 240305P2 NORTHSIDE PLUMBING',
    // The settlement's merchant after its reference; Wells Fargo's labelled NAME: after CO:.
    'BANKCARD 8076 BTOT DEP 5432100987 MAGIC CITY BURGER CCD',
    'Deposit ACH SQUARE INC TYPE: NP2 ID: 1 CO: SQUARE INC NAME: RISE AND CRUMB BAKERY',
  ];
  const answers = await categorizeCold(
    lines.map((description, index) =>
      coldEngineRow({
        id: `r${index}`,
        description,
        amountMinor: -275_600,
        direction: 'in',
        bankAccountKind: 'checking',
      }),
    ),
  );
  assert.deepEqual(
    answers.map((answer) => [answer.target, answer.needsReview]),
    [
      [accountForRole('sales'), true],
      [accountForRole('sales'), true],
      [accountForRole('service_revenue'), true],
      [accountForRole('sales'), true],
      [accountForRole('sales'), true],
    ],
  );
  // Named by the entity itself: its own legal name says what it sells.
  const [own] = await categorizeCold([
    coldEngineRow({
      id: 'own',
      description: 'ACH CREDIT SQUARE INC 240305P2',
      amountMinor: -275_600,
      direction: 'in',
      bankAccountKind: 'checking',
      entityName: 'Rosas Taqueria LLC',
    }),
  ]);
  assert.equal(own.target, accountForRole('sales'));
});

test("a charity's course is education; a transit fare is local transportation, with rides, for review (bookkeepers split on it)", async () => {
  const [redCross, heart, gift, subway] = await categorizeCold(
    [
      'AMERICAN RED CROSS TRAINING',
      'AMERICAN HEART ASSOC ONLINE CPR 888-242-8883 TX',
      'AMERICAN RED CROSS DONATION',
      'MTA*NYCT OMNY       NEW YORK            NY',
    ].map((description, index) =>
      coldEngineRow({ id: `r${index}`, description, amountMinor: 4_200, bankAccountKind: 'credit_card' }),
    ),
  );
  assert.equal(redCross.target, accountForRole('education'));
  assert.equal(heart.target, accountForRole('education'));
  assert.equal(gift.target, accountForRole('charity'));
  // IRS Publication 463: travel is away from the tax home; a fare across town is local transportation, as a ride is.
  assert.deepEqual([subway.target, subway.needsReview], [accountForRole('rideshare'), true]);
});

test("a carrier's commission to its agent is revenue over the carrier's listing; a platform's payout keeps the listing's sales", async () => {
  const [commission, payout] = await categorizeCold(
    ['PROGRESSIVE INS AGENT COMM 250110 000481223 BLUEWATER INS GRP', 'ACH CREDIT DOORDASH INC MERCHANT PAYOUT'].map(
      (description, index) =>
        coldEngineRow({
          id: `r${index}`,
          description,
          amountMinor: -621_400,
          direction: 'in',
          bankAccountKind: 'checking',
        }),
    ),
  );
  assert.equal(commission.target, accountForRole('service_revenue'));
  assert.equal(payout.target, accountForRole('sales'));
});

test("a convenience-store chain the name-suggestion-index knows sells a business its vehicle's fuel, for review", async () => {
  const [stinker] = await categorizeCold([
    coldEngineRow({
      id: 'r0',
      description: 'DBT CARD STINKER #42 NAMPA ID',
      amountMinor: 7_910,
      bankAccountKind: 'checking',
    }),
  ]);
  assert.deepEqual([stinker.target, stinker.needsReview], [accountForRole('fuel'), true]);
});
