import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { categorizeCold, coldEngineRow } from '../../../test/support/cold-engine.ts';
import type { Industry, Regime } from '../../tenancy/entity-profile.ts';
import { builtinRuleText, GUESS_SCORE, matchBuiltinRule, STRENGTH_SCORE } from './builtin-rules.ts';
import { REVENUE_GUESS_SCORE } from './industry.ts';
import type { BankAccountKind, CategorizationInput } from './types.ts';

function row(
  description: string,
  amountMinor: number,
  extra: {
    kind?: BankAccountKind;
    industry?: Industry;
    regime?: Regime;
    date?: string;
    held?: Partial<Record<BankAccountKind, number>>;
  } = {},
): CategorizationInput {
  return {
    tenantId: 't',
    entityId: 'e',
    transactionId: 'r',
    date: extra.date ?? '2026-02-01',
    description,
    merchant: null,
    amountMinor,
    currency: 'USD',
    direction: amountMinor > 0 ? 'out' : 'in',
    bankAccountKind: extra.kind ?? 'checking',
    industry: extra.industry,
    regime: extra.regime,
    heldAccountKinds: extra.held ? new Map(Object.entries(extra.held) as Array<[BankAccountKind, number]>) : undefined,
  };
}
const decide = (input: CategorizationInput) => {
  const match = matchBuiltinRule(input);
  return match && [match.rule.name, match.target];
};

test('credit unions call interest a dividend, treasury accounts a yield', () => {
  assert.deepEqual(decide(row('DIVIDEND', -312)), ['dividend-or-yield', '4500']);
  assert.deepEqual(decide(row('Treasury yield', -1_204)), ['dividend-or-yield', '4500']);
  assert.equal(matchBuiltinRule(row('DIVIDEND', 312)), null, 'money out is no dividend earned');
});

test("a customer's accounts-payable ACH and incoming wires are revenue, of the kind the industry says", () => {
  const ach = 'GLOBEX CORP DES:VENDOR PAY ID:LGVF4 INDN:ACME CO ID:3064748611 CCD';
  assert.deepEqual(decide(row(ach, -250_000, { industry: 'professional_services' })), [
    'customer-ach-and-wires',
    '4100',
  ]);
  assert.deepEqual(decide(row(ach, -250_000, { industry: 'retail' })), ['customer-ach-and-wires', '4000']);
  assert.equal(matchBuiltinRule(row(ach, -250_000, { industry: 'retail' }))!.rawScore, STRENGTH_SCORE.fair);
  assert.equal(
    matchBuiltinRule(row(ach, -250_000))!.rawScore,
    REVENUE_GUESS_SCORE,
    'without the industry, goods or services is a guess',
  );
  assert.deepEqual(
    decide(row('WIRE TYPE:WIRE IN DATE: 240808 ORIG:LUMEN ANALYTICS INC', -900_000, { industry: 'construction' })),
    ['customer-ach-and-wires', '4100'],
  );
  assert.deepEqual(decide(row('STRIPE TRANSFER ST-X1Y2', -120_000, { industry: 'professional_services' })), [
    'platform-payouts',
    '4100',
  ]);
});

test('a marketplace cut is a commission, a processor fee a processing cost, a chargeback takes back a sale', () => {
  assert.deepEqual(decide(row('ETSY, INC.; ETSY FEES', 4_210)), ['marketplace-fees', '6020']);
  assert.deepEqual(decide(row('STRIPE BILLING FEE', 2_900)), ['platform-fees', '6210']);
  assert.deepEqual(decide(row('SHOPIFY; CHARGEBACK', 5_400)), ['chargeback', '4200']);
  assert.deepEqual(decide(row('STRIPE CHARGEBACK FEE', 1_500)), ['platform-fees', '6210']);
});

test('a rent-a-car is travel, not rent; ATM withdrawals in any wording are cash on hand, held for review', () => {
  assert.deepEqual(decide(row('ENTERPRISE RENT-A-CA DALLAS TX', 18_000)), ['car-rental', '6150']);
  assert.deepEqual(decide(row('HERTZ RENT-A-CAR CHICAGO IL', 18_000)), ['car-rental', '6150']);
  assert.deepEqual(decide(row('RENT PAYMENT OAK STREET PROPERTIES', 250_000)), ['rent', '6110']);
  for (const description of [
    'BKOFAMERICA ATM 07/18 #903523882 WITHDRWL DENVER CO',
    'ATM WITHDRAWAL AUTHORIZED ON 03/08 2400 E MAIN ST AUSTIN TX 0009214 ATM ID 0418H CARD 4417',
    'ATM CASH WITHDRAWAL 0412 TD BANK TAMPA FL',
  ]) {
    const match = matchBuiltinRule(row(description, 20_000))!;
    assert.deepEqual([match.rule.name, match.target], ['atm-cash', '1000'], description);
  }
});

test("KeyBank's and credit unions' own words for a move between accounts are a transfer", () => {
  for (const description of [
    'Internet Trf To DDA 0000412233 Savings',
    'SHARE TRANSFER TO 0001 JOINT SHARE M LUCERO',
    // Online banks' sub-accounts ("envelopes", "pockets") move money inside the business's own balance.
    'Envelope Transfer: Quarterly Taxes',
    'Envelope Transfer: Payroll Reserve',
    'POCKET TRANSFER - EQUIPMENT FUND',
  ])
    assert.deepEqual(decide(row(description, 150_000))?.slice(0, 2), ['own-transfer', 'transfer'], description);
});

test('a transfer to a kind of account the entity does not hold (besides this one) waits for its pair as a question', () => {
  const held = { checking: 1, savings: 1, credit_card: 1 };
  // The owner's own account or one not connected yet: never an equity move approved on its own.
  for (const description of [
    'ONLINE TRANSFER TO CHK ...9931 transaction#: 25616798276',
    'Online Transfer to CHK ...6254 transaction#: 123456',
    'ONLINE TRANSFER TO ACME LLC BUSINESS CHECKING XXXXXX2147',
  ]) {
    const match = matchBuiltinRule(row(description, 50_000, { held }))!;
    assert.deepEqual([match.rule.name, match.target], ['own-transfer', 'transfer'], description);
    assert.equal(match.rawScore, GUESS_SCORE, description);
  }
  assert.equal(
    matchBuiltinRule({ ...row('ONLINE TRANSFER TO XXXXXX4412', 50_000), transferLegFound: false })!.rawScore,
    GUESS_SCORE,
  );
  assert.deepEqual(decide(row('ONLINE TRANSFER TO SAV 4410', 50_000, { held })), ['own-transfer', 'transfer']);
  assert.deepEqual(
    decide(row('ONLINE TRANSFER TO CHK 7782', 50_000, { kind: 'savings', held })),
    ['own-transfer', 'transfer'],
    'from savings, the checking account is the business’s',
  );
  assert.deepEqual(
    decide(row('ONLINE TRANSFER TO CHK 7782', 50_000, { held: { checking: 2 } })),
    ['own-transfer', 'transfer'],
    'a second checking account is held',
  );
  assert.deepEqual(
    decide(row('ONLINE TRANSFER FROM SAV 7782', -50_000, { held: { checking: 1 } })),
    ['own-transfer', 'transfer'],
    'money in from a savings account the books do not hold waits too',
  );
  assert.deepEqual(
    decide(row('ONLINE TRANSFER TO CHK 7782', 50_000)),
    ['own-transfer', 'transfer'],
    'accounts unknown: a transfer',
  );
  assert.deepEqual(
    decide(row('ONLINE TRANSFER TO TREASURY', 50_000, { held })),
    ['own-transfer', 'transfer'],
    'no kind named: the business’s own',
  );
});

test("a sole proprietor's or partnership's income-tax estimates are the owners' draws; the business's own taxes stay 6140", () => {
  const soleProp = { regime: 'sole_proprietor' as const, date: '2026-04-14' };
  const match = (description: string, extra: Parameters<typeof row>[2]) => {
    const found = matchBuiltinRule(row(description, 420_000, extra))!;
    return [found.rule.name, found.target, found.rawScore];
  };
  // In an installment window an IRS payment is likely the estimate, but a monthly 941 deposit falls there too: a guess, for review.
  assert.deepEqual(match('IRS USATAXPYMT 260414 ABC123', soleProp), ['federal-tax', '3200', GUESS_SCORE]);
  assert.deepEqual(match('IRS USATAXPYMT 260414 ABC123', { ...soleProp, regime: 'partnership' }), [
    'federal-tax',
    '3200',
    GUESS_SCORE,
  ]);
  assert.deepEqual(
    match('CO DEPT REVENUE DES:TAX PYMT ID:P1NMMAWVM', soleProp),
    ['state-tax', '3200', GUESS_SCORE],
    'states follow the federal dates',
  );
  // Said outright, in any month, federal or state.
  assert.deepEqual(match('OREGON DEPT OF REVENU EST TAX', { ...soleProp, date: '2026-02-03' }), [
    'state-tax',
    '3200',
    STRENGTH_SCORE.strong,
  ]);
  assert.deepEqual(match('US TREASURY 1040ES', { ...soleProp, date: '2026-11-02' }), [
    'federal-tax',
    '3200',
    STRENGTH_SCORE.strong,
  ]);
  // States' own words for an individual's income tax and its estimate; a city's bare EST is the business's net-profit tax.
  for (const line of [
    'NYS DTF PIT EST PAYMT',
    'ELECTRONIC PMT-WEB, NJ DIV TAXATION GIT EST',
    'ACH WEB IL DEPT OF REVENUE IL-1040-ES',
    'ACH DEBIT FRANCHISE TAX BD PERS EST',
    'ACH debit to NC DEPT OF REVENUE - NCDOR EST',
    'WITHDRAWAL ACH VT DEPT TAXES IND EST',
  ])
    assert.deepEqual(
      match(line, { ...soleProp, date: '2026-02-03' }),
      ['state-tax', '3200', STRENGTH_SCORE.strong],
      line,
    );
  assert.deepEqual(match('ACH DEBIT CITY OF COLUMBUS INC TAX EST', { ...soleProp, date: '2026-02-03' }), [
    'local-income-tax',
    '6140',
    STRENGTH_SCORE.strong,
  ]);
  assert.deepEqual(match('ACH WD CITY OF BOSTON TREAS PERS PROP TAX', { ...soleProp, date: '2026-02-03' })[1], '6140');
  // Outside the windows, an IRS payment in no class that names no taxpayer is still more likely the owners' (the business
  // owes no income tax of its own, and a payroll service makes most deposits); one naming the business, or a state's
  // payment naming no form, is the business's tax, as a guess: either may be the other.
  assert.deepEqual(match('IRS USATAXPYMT 260214 270451234567', { ...soleProp, date: '2026-02-14' }), [
    'federal-tax',
    '3200',
    GUESS_SCORE,
  ]);
  assert.deepEqual(
    match('IRS USATAXPYMT 260421 270451234567890 HILL COUNTRY LAWN & LAND', { ...soleProp, date: '2026-04-21' }),
    ['federal-tax', '6140', GUESS_SCORE],
  );
  assert.deepEqual(match('CO DEPT REVENUE DES:TAX PYMT ID:P1NMMAWVM', { ...soleProp, date: '2026-02-14' }), [
    'state-tax',
    '6140',
    GUESS_SCORE,
  ]);
  // A consumer's entry (PPD) is the owner's own payment in any month; a business's (CCD) names no one.
  assert.deepEqual(
    match('IRS DES:USATAXPYMT ID:270575531985225 INDN:DARNELL WHITAKER CO ID:3387702000 PPD', {
      ...soleProp,
      date: '2026-02-14',
    }),
    ['federal-tax', '3200', GUESS_SCORE],
  );
  assert.deepEqual(
    match('NC DEPT REVENUE DES:TAX PAYMNT ID:0232626017914 INDN:D WHITAKER CO ID:1566000372 PPD', {
      ...soleProp,
      date: '2026-02-14',
    }),
    ['state-tax', '3200', GUESS_SCORE],
  );
  assert.deepEqual(
    match('IRS DES:USATAXPYMT ID:270575531985225 INDN:ACME LLC CO ID:3387702000 CCD', {
      ...soleProp,
      date: '2026-02-14',
    }),
    ['federal-tax', '6140', GUESS_SCORE],
  );
  // With payroll wording, or for corporations: the business's tax.
  assert.deepEqual(match('IRS USATAXPYMT 260421 941 ABC123', { ...soleProp, date: '2026-04-21' }), [
    'federal-tax',
    '6140',
    STRENGTH_SCORE.strong,
  ]);
  assert.deepEqual(match('EFTPS 941 TAX PAYMENT', soleProp), ['federal-tax', '6140', STRENGTH_SCORE.strong]);
  assert.deepEqual(match('NC DEPT OF REVENUE WITHHOLDNG', soleProp), ['state-tax', '6140', STRENGTH_SCORE.strong]);
  assert.deepEqual(
    match('FRANCHISE TAX BD DES:LLC FEE', soleProp),
    ['state-tax', '6140', STRENGTH_SCORE.strong],
    "the LLC's own fee, due the same day",
  );
  assert.deepEqual(match('IRS USATAXPYMT 260414 ABC123', { ...soleProp, regime: 's_corporation' }), [
    'federal-tax',
    '6140',
    STRENGTH_SCORE.strong,
  ]);
  assert.deepEqual(match('IRS USATAXPYMT EST TAX', { ...soleProp, regime: 'c_corporation' }), [
    'federal-tax',
    '6140',
    STRENGTH_SCORE.strong,
  ]);
  // The classification unknown is read as an LLC's default (taxed through its owners): the same guess, for review.
  assert.deepEqual(match('IRS USATAXPYMT 260414 ABC123', { date: '2026-04-14' }), ['federal-tax', '3200', GUESS_SCORE]);
  assert.deepEqual(match('IRS USATAXPYMT 260421 ABC123', { date: '2026-04-21' }), ['federal-tax', '3200', GUESS_SCORE]);
  assert.deepEqual(match('IRS USATAXPYMT 260421 ABC123 CCD', { date: '2026-04-21' }), [
    'federal-tax',
    '6140',
    GUESS_SCORE,
  ]);
  // A state that taxes no individual's income collects none from the owners, whatever the entry's class.
  assert.deepEqual(match('FL DEPT REVENUE DES:C01 ID:0XN6PBFE7 INDN:ACME LLC CO ID:8439251169 PPD', soleProp), [
    'state-tax',
    '6140',
    STRENGTH_SCORE.strong,
  ]);
});

test("a bank's merchant services: batch deposits are sales, the month's discount a processing fee; never on the card itself", () => {
  assert.deepEqual(decide(row('BANKCARD-8076 BTOT DEP 240701 LJM87WJU ACME LLC', -184_022, { industry: 'retail' })), [
    'merchant-services-deposits',
    '4000',
  ]);
  assert.deepEqual(decide(row('BANKCARD 8076 MTOT DEP', -52_000, { industry: 'healthcare' })), [
    'merchant-services-deposits',
    '4100',
  ]);
  assert.deepEqual(decide(row('MERCHANT SVCS DEPOSIT 4412', -9_900, { industry: 'food_service' })), [
    'merchant-services-deposits',
    '4000',
  ]);
  assert.deepEqual(
    decide(row('AMERICAN EXPRESS AXP DISCNT 240714 DNQVNVQ3 ACME LLC', -31_000, { industry: 'construction' })),
    ['merchant-services-deposits', '4100'],
  );
  assert.deepEqual(decide(row('BANKCARD-8076 MTOT DISC 240703 6UZQDJ ACME LLC', 61_000)), [
    'merchant-services-fees',
    '6210',
  ]);
  assert.deepEqual(decide(row('ELAVON MERCH FEES', 4_000)), ['merchant-services-fees', '6210']);
  // On the card account an Amex credit is a refund or an offer, and paying Amex from checking is a transfer.
  assert.notDeepEqual(decide(row('AMEX OFFER CREDIT', -2_500, { kind: 'credit_card' })), [
    'merchant-services-deposits',
    '4000',
  ]);
  assert.deepEqual(decide(row('AMERICAN EXPRESS ACH PMT', 250_000)), ['card-payment-sent', 'transfer']);
});

test("a card's payment from checking in the words of any bank: a card word followed by a payment word, or paid to a card", () => {
  for (const line of [
    'Direct Withdrawal, KEYBANK CARD PMT',
    'ACH DEBIT INTRUST CARD PMT 240618',
    'ACH WITHDRAWAL ELAN CARDMEMBER PAYMENT RIDGEVIEW CHIROPRACTIC',
    'External Withdrawal BECU VISA - PAYMENT',
    'BS&L VISA BUS PMT ONLINE',
    'ONLINE PAYMENT TO HUNTINGTON VOICE CARD',
  ])
    assert.deepEqual(decide(row(line, 161_400)), ['card-payment-sent', 'transfer'], line);
  // A card the business bought something with is no card it paid off.
  assert.notEqual(
    decide(row('ONLINE PAYMENT TO HUNTINGTON VOICE CARD SERVICES LLC INVOICE 22', 161_400))?.[0],
    'card-payment-sent',
  );
});

test('QuickBooks Payroll tax debits, and equipment finance leases', () => {
  assert.deepEqual(decide(row('INTUIT 28634895 DES:TAX ID:KP4FS1XMD INDN:ACME LLC CO ID:4580378613 WEB', 120_000)), [
    'payroll-taxes',
    '6140',
  ]);
  assert.notEqual(decide(row('INTUIT *QBOOKS ONLINE', 9_000))?.[0], 'payroll-taxes');
  assert.deepEqual(decide(row('ACH WEB-RECUR 670973388 DLL FINANCE LEASE PMT', 48_000)), ['vehicle-lease', '6100']);
});

test("a customer's ACH naming the invoice it pays is revenue", () => {
  assert.deepEqual(
    decide(
      row('ACH CREDIT 054972954 STEEL VALLEY FABRICAT INV PAYMENT', -420_000, { industry: 'professional_services' }),
    ),
    ['customer-payments', '4100'],
  );
  assert.equal(decide(row('INV PAYMENT 4411', 420_000)), null, 'money out is not a customer paying');
});

test("a card-issuing bank's loan is a loan; a state's tax payment is the state's; Paychex billing is a fee; an equipment lessor is not rent", () => {
  assert.deepEqual(decide(row('ACH WEB-RECUR 770210552 PNC LOAN SERVICE LOAN PMT', 120_000)), ['loan-payment', '2400']);
  assert.deepEqual(decide(row('ACH WEB-RECUR 801225183 PNC BANK NA COMM LOAN', 120_000)), ['loan-payment', '2400']);
  // Banks print a mortgage as MTG; a home's ("WF HOME MTG AUTO PAY") is the owner's own, a guessed draw.
  const home = matchBuiltinRule(row('WF HOME MTG AUTO PAY 260301 0123456789', 240_000))!;
  assert.deepEqual([home.rule.name, home.target, home.rawScore], ['home-mortgage', '3200', GUESS_SCORE]);
  assert.deepEqual(decide(row('FIRST BANK MTG PMT 260301 0123456789', 240_000)), ['loan-payment', '2400']);
  assert.deepEqual(decide(row('ONLINE MTG PMT TO ROCKET', 240_000)), ['loan-payment', '2400']);
  assert.deepEqual(decide(row('CHASE CREDIT CRD AUTOPAY', 120_000)), ['card-payment-sent', 'transfer']);
  assert.deepEqual(decide(row('WITHDRAWAL ACH CO DEPT OF REVENUE TYPE: TAX PYMT ID: 5514742473', 40_000)), [
    'state-tax',
    '6140',
  ]);
  assert.deepEqual(decide(row('ACH WEB-RECUR 062215847 PAYCHEX EIB INVOICE', 18_000)), ['payroll-fees', '6080']);
  assert.equal(
    matchBuiltinRule(row('GUSTO DES:FEE 240301 ID:7XQ2K9 CCD', 8_000))?.rawScore,
    GUESS_SCORE,
    'a convention: asked',
  );
  assert.deepEqual(decide(row('PAYCHEX TPS TAXES', 380_000)), ['payroll-taxes', '6140']);
  assert.deepEqual(
    decide(row('WITHDRAWAL ACH TOAST PAYROLL TYPE: TAXES ID: 8290717718 CO: TOAST PAYROLL', 380_000)),
    ['payroll-taxes', '6140'],
    'any payroll service',
  );
  assert.deepEqual(decide(row('ELECTRONIC WITHDRAWAL MARLIN LEASING LEASE PMT', 28_740)), ['vehicle-lease', '6100']);
  // A finance company's name cut at the ACH company field's 16 characters still names it, and a bank's lease is no card.
  for (const line of [
    'ACH Debit ENGS COMMERCIAL FI LEASE PMT 240215 HEADWATERS SPIRITS',
    'ASCENTIUM CAPITA DES:LEASE PMT ID:00418827 INDN:SAGUARO SUN COFFEE ID:1263001892 CCD',
    'External Withdrawal WELLS FARGO EQU - LEASE PYMT',
    'ACH DEBIT XTRA LEASE LLC INV 9021877',
  ])
    assert.deepEqual(decide(row(line, 84_500)), ['vehicle-lease', '6100'], line);
  assert.deepEqual(decide(row('SYNCHRONY BANK MERCH SETL 240713 M4FY7HH2', -65_000, { industry: 'automotive' })), [
    'merchant-services-deposits',
    '4100',
  ]);
});

test("transfer wording with no other leg on the entity's accounts is a transfer awaiting its pair, for review", () => {
  const away = row('ONLINE TRANSFER TO XXXXXX4412', 50_000);
  assert.deepEqual(decide({ ...away, transferLegFound: true }), ['own-transfer', 'transfer']);
  assert.deepEqual(decide({ ...away, transferLegFound: false }), ['own-transfer', 'transfer']);
  assert.equal(matchBuiltinRule({ ...away, transferLegFound: false })!.rawScore, GUESS_SCORE);
  assert.deepEqual(decide({ ...row('ONLINE TRANSFER FROM XXXXXX4412', -50_000), transferLegFound: false }), [
    'own-transfer',
    'transfer',
  ]);
});

test("on a trust account everything but the bank's own fee is money held for others (2000)", () => {
  for (const [description, amountMinor] of [
    ['LAWPAY DEPOSIT', -450_000],
    ['CHECK 1042', 1_825_000],
    ['GEORGIA POWER BILL PAY', 9_000],
    ['GUSTO NET PAY', 10_000],
  ] as const) {
    assert.deepEqual(decide(row(description, amountMinor, { kind: 'trust' })), ['trust-account', '2000'], description);
  }
  assert.deepEqual(decide(row('MONTHLY SERVICE FEE', 1_500, { kind: 'trust' })), ['bank-fees', '6210']);
  assert.notDeepEqual(decide(row('GUSTO NET PAY', 10_000)), ['trust-account', '2000'], 'only on a trust account');
});

test('money sent to a person is a guessed contractor payment; a deposited check is a customer payment', () => {
  for (const description of [
    'ZELLE TO PRIYA RAMAN ON 07/01 REF # PP02R9JWS4',
    'Zelle payment to Tomasz Nowak JPM99v4f8fk',
    'Zelle Transfer Conf# vnaeduy9j; Darnell Cooke',
    'Send Money to Jenna Kowalski',
    'WITHDRAWAL ZELLE TO BEN TOLLIVER',
  ]) {
    const match = matchBuiltinRule(row(description, 45_000));
    assert.deepEqual(
      [match?.rule.name, match?.target, match?.rawScore],
      ['person-to-person-payment', '6030', GUESS_SCORE],
      description,
    );
  }
  assert.notEqual(matchBuiltinRule(row('ZELLE FROM TASHA GREENE', -45_000))?.rule.name, 'person-to-person-payment');
  for (const description of ['Check deposit', 'DEPOSIT MOBILE', 'TRUIST MOBILE DEPOSIT']) {
    assert.deepEqual(
      decide(row(description, -120_000, { industry: 'professional_services' })),
      ['deposit-at-the-bank', '4100'],
      description,
    );
  }
});

test("a deposit's words outrank the bank's name before them, which the directory lists for its card", async () => {
  const [deposit] = await categorizeCold([
    coldEngineRow({ id: 'truist', description: 'TRUIST MOBILE DEPOSIT', direction: 'in', bankAccountKind: 'checking' }),
  ]);
  assert.equal(deposit.target, '4100');
});

test('an account-maintenance fee is a bank fee; a neobank\'s "Received from" is a customer payment', () => {
  assert.deepEqual(decide(row('FEE ACCOUNT MAINTENANCE', 1_200)), ['bank-fees', '6210']);
  assert.deepEqual(decide(row('Received from Benjamin Larson', -45_000, { industry: 'professional_services' })), [
    'customer-payments',
    '4100',
  ]);
});

test("Ohio's sales tax, a city's payroll expense tax and a bank's equipment lease", () => {
  assert.deepEqual(decide(row('ACH WEB-RECUR 724800278 OH DEPT OF TAXATION UST 1', 84_000)), ['sales-tax', '6140']);
  assert.deepEqual(decide(row('ACH WEB-RECUR 268643646 CITY OF PGH FINANCE PAYROLL EXP', 21_000)), [
    'payroll-taxes',
    '6140',
  ]);
  assert.deepEqual(decide(row('ELECTRONIC WITHDRAWAL MARLIN BUSINESS BANK LEASE PMT', 31_000)), [
    'vehicle-lease',
    '6100',
  ]);
  assert.deepEqual(
    decide(row('WITHDRAWAL ACH MICROSTAR LOGISTICS TYPE: KEG RENT ID: 1167273759', 42_000)),
    ['vehicle-lease', '6100'],
    'rented equipment',
  );
  assert.deepEqual(
    decide(row('HARBOR PROPERTIES LEASE PMT', 310_000)),
    ['lease-payment', '6110'],
    "a landlord's lease is still rent",
  );
});

test("a business's corporate payment and commissions received are revenue", () => {
  assert.deepEqual(decide(row('MOUNTAINVIEW ACADEMY; CORP PMT', -240_000, { industry: 'professional_services' })), [
    'customer-ach-and-wires',
    '4100',
  ]);
  assert.deepEqual(decide(row('ELECTRONIC DEPOSIT VETSOURCE COMMISSION', -12_000, { industry: 'retail' })), [
    'commissions-received',
    '4000',
  ]);
  assert.notEqual(
    decide(row('SALES COMMISSION', 12_000))?.[0],
    'commissions-received',
    'a commission paid out is no payout received',
  );
});

test("a payroll service's insurance is insurance and its card charge software; a retirement plan is a benefit", () => {
  assert.deepEqual(decide(row('ACH WEB-RECUR 908683556 PAYCHEX INS AGY WC PREM', 41_000)), [
    'payroll-insurance',
    '6060',
  ]);
  assert.deepEqual(decide(row('PATRIOT SOFTWARE 877-968-7147 OH', 4_000, { kind: 'credit_card' })), [
    'payroll-service-on-card',
    '6200',
  ]);
  assert.deepEqual(decide(row('GUSTO NET PAY', 400_000)), ['payroll-net-pay', '6180'], 'from checking, payroll');
  // Net pay leaves by ACH: a card purchase is the payroll software, a government's payroll entry a payroll tax.
  const subscription =
    'RECURRING PAYMENT AUTHORIZED ON 09/02 INTUIT *QBooks Payroll CL.INTUIT.COM CA S492516852201320 CARD 6621';
  assert.notEqual(decide(row(subscription, 6_800))?.[0], 'payroll-net-pay');
  assert.notEqual(decide(row('ACH DEBIT CITY OF PGH TREAS LST PAYROLL 74664313', 5_200))?.[0], 'payroll-net-pay');
  assert.deepEqual(decide(row('ACH WEB-RECUR 842961768 CAPITAL GROUP SIMPLE IRA', 90_000)), [
    'retirement-plan',
    '6050',
  ]);
  assert.deepEqual(decide(row('GUIDELINE 401K CONTRIB', 90_000)), ['retirement-plan', '6050']);
});

test("money sent to a person reads its sum: round thousands are the owner's draw, under $100 a refund, else labor", () => {
  const people = [
    'ZELLE TO PRIYA RAMAN ON 07/01 REF # PP02R9JWS4',
    'Zelle payment to Tomasz Nowak',
    'Send Money to Jenna Kowalski',
  ];
  fc.assert(
    fc.property(fc.constantFrom(...people), fc.integer({ min: 1, max: 5_000_000 }), (description, amountMinor) => {
      const match = matchBuiltinRule(row(description, amountMinor));
      const expected =
        amountMinor >= 100_000 && amountMinor % 10_000 === 0 ? '3200' : amountMinor < 10_000 ? '4200' : '6030';
      assert.deepEqual(
        [match?.rule.name, match?.target, match?.rawScore],
        ['person-to-person-payment', expected, GUESS_SCORE],
      );
    }),
  );
  // The sums at the edges: $1,000.00 is a draw, $1,050.00 labor; $99.99 a refund, $100.00 labor.
  for (const [amountMinor, target] of [
    [100_000, '3200'],
    [105_000, '6030'],
    [90_000, '6030'],
    [9_999, '4200'],
    [10_000, '6030'],
  ] as const)
    assert.equal(matchBuiltinRule(row('ZELLE TO BEN TOLLIVER', amountMinor))?.target, target, String(amountMinor));
  // The sender's memo outranks the sum: work paid is labor at a round $2,000, a distribution is a draw at an odd one.
  for (const [description, amountMinor, target] of [
    ['Zelle payment to CARLOS MEJIA for "tile - Hendricks bath"; Conf# p3d9kx2m1', 200_000, '6030'],
    ['Send to Lina Haddad; instructional design INV 7', 200_000, '6030'],
    ['ZELLE TO RIOS ANDREA LABOR 3/2', 300_000, '6030'],
    ['Zelle payment to AMELIA TRUJILLO for April dist; Conf# u2x9ak7p', 812_345, '3200'],
    ['ZELLE TO BEN TOLLIVER OWNER DRAW', 45_000, '3200'],
  ] as const)
    assert.equal(matchBuiltinRule(row(description, amountMinor))?.target, target, description);
});

test("banks' shorter words and payers the rules know by documented facts: royalties, state agencies, resale marketplaces, makers' finance arms, federal and crop payments, utilities cut short", () => {
  for (const [description, amountMinor, expected] of [
    ['ACH DEBIT, MATHBRIDGE FRAN ROYALTY 0324', 184_200, ['royalty-paid', '6020']],
    ['External Withdrawal WA ST EMPL SEC D - ESD PMT', 131_200, ['state-tax', '6140']],
    ['Withdrawal to MD SDAT ANNUAL REPORT', 30_000, ['state-tax', '6140']],
    ['ACH DEBIT CAMPMINDER LLC RFND ADJ', 184_000, ['refund-paid', '4200']],
    ['ACH CREDIT POSHMARK INC PAYOUT', -28_840, ['platform-payouts', '4000']],
    ['ACH CREDIT DISCOGS PAYMENTS Payout 5P8K2R', -61_244, ['platform-payouts', '4000']],
    ['CORPORATE ACH MKTPLPMNT AMAZON.COM SVCS 6KHN3XZ7P', -128_865, ['platform-payouts', '4000']],
    ['APPLE INC. App Store Proceeds 062024', -1_410_277, ['platform-payouts', '4000']],
    ['HUMANA CLAIMS PHARM PMT 240617', -328_819, ['pharmacy-benefit-payments', '4000']],
    ['Withdrawal ACH INTUIT TYPE: TAX ID: 9215986202 CO: INTUIT', 264_130, ['payroll-taxes', '6140']],
    ['ACH WITHDRAWAL PDX REVENUE DIV BUS TAX', 112_000, ['state-tax', '6140']],
    ['Withdrawal ATM #000452 SUMMIT CU 1601 S 76TH ST MILWAUKEE WI', 8_000, ['atm-cash', '1000']],
    [
      'ORIG CO NAME:CATERPILLAR FIN ORIG ID:9111111101 CO ENTRY DESCR:CAT PYMT SEC:PPD',
      231_866,
      ['loan-payment', '2400'],
    ],
    ['MERCEDES-BENZ FIN AUTO PAY', 114_467, ['loan-payment', '2400']],
    ['ACH Debit CHRYSLER CAPITAL PAYMENT', 91_248, ['loan-payment', '2400']],
    ['HILLSBOROUGH CNTY CHILD CARE LIC TAMPA FL', 15_000, ['state-tax', '6140']],
    ['POS DEBIT 0518 TRANSYLVANIA CO HEALTH BREVARD NC', 15_000, ['state-tax', '6140']],
    ['WIRE IN FEE', 1_600, ['bank-fees', '6210']],
    ['ALLY BANK $TRANSFER', 50_000, ['own-transfer', 'transfer']],
    ['ACH CREDIT RAIN AND HAIL LLC CLAIM PMT', -4_481_200, ['crop-insurance-proceeds', '4900']],
    ['ACH CREDIT TREAS 310 MISC PAY 240614 VAN DER BERG', -1_123_600, ['federal-misc-payment', '4900']],
    ['ACH CREDIT PAYMENT CARD INTERCHANGE FEE SETTLEMENT', -8_317, ['legal-settlement-received', '4900']],
    ['ZELLE RECEIVED FROM T RUSSO LOAN TO BUSINESS', -1_000_000, ['owner-loan', '2500']],
    ['INCOMING WIRE R VIERRA SR LOAN TO FARM REF 0328F7710', -2_000_000, ['loan-to-the-business', '2500']],
    ['ONLINE TRANSFER FROM LOC LOAN TO CHECKING', -500_000, ['loan-proceeds', '2400']],
    ['Zelle Payment From KEVIN ALVAREZ OWNER INVEST', -500_000, ['owner-contribution', '3100']],
    ['PayPal Payouts; AFFILIATE COMMISSIONS MAY LAUNCH', 384_000, ['commission-paid', '6020']],
    ['ACH CORP CREDIT NC DPI SUMMER MEALS SFSP', -391_625, ['donations-and-grants', '4900']],
    ['ACH DEPOSIT FAMILY CC FOOD PGM REIMBURSE 0324', -48_621, ['donations-and-grants', '4900']],
    ['ACH Withdrawal ROCKY MOUNTAIN POWE PAYMENT 250812 8841203', 15_630, ['utility-bill', '6170']],
    ['ARIZONA PUBLIC SE APS PAYMNT 250812 001234567', 41_288, ['utility-bill', '6170']],
    ['Withdrawal ACH SECO ENERGY TYPE: ONLINE PMT CO: SECO ENERGY', 48_622, ['utility-bill', '6170']],
    ['DORA DPO ONLINE LICENSIN', 12_000, ['state-tax', '6140']],
    ['Withdrawal ACH ID ST TAX COMM TYPE: IDTAXPMT ID: 1826000564 CO: ID ST TAX COMM', 120_000, ['state-tax', '6140']],
    ['SCDLLR ONLINE RENEW COLUMBIA SC', 10_000, ['state-tax', '6140']],
    ['DCA BREEZE ONLINE SACRAMENTO CA', 18_000, ['state-tax', '6140']],
    ['ACH DEBIT POTOMAC EDISON BILLPAY 250409', 16_622, ['utility-bill', '6170']],
    ['VA STATE CORP COMM 04/01 PURCHASE RICHMOND VA', 5_000, ['state-tax', '6140']],
    ['ACH Withdrawal INTUIT TAX QBOOKS TAX 520412 EASTSIDE MOTORS', 157_740, ['payroll-taxes', '6140']],
    ['OHIO BMV EREG 614-752-7500 OH', 7_625, ['vehicle-registration', '6140']],
    ['MN DVS TAB RENEWAL SAINT PAUL MN', 18_725, ['vehicle-registration', '6140']],
    ['FULTON CO TAG OFFICE ATLANTA GA', 11_200, ['vehicle-registration', '6140']],
    ['WA DOL VEHICLE LIC OLYMPIA WA', 18_675, ['vehicle-registration', '6140']],
    ['DMV RENEWAL 0412', 18_000, ['vehicle-registration', '6140']],
    ['CREDIT CARD 3333 PAYMENT *//', 2_500, ['card-payment-sent', 'transfer']],
    ['INTRST PYMNT', -420, ['interest-earned', '4500']],
    ['CD DEPOSIT .INITIAL.', 100_000, ['own-transfer', 'transfer']],
    ['ACH Debit DENVER TREASURY OPT', 1_725, ['state-tax', '6140']],
    ['ONLINE PMT FULTON BANK VISA', 311_248, ['card-payment-sent', 'transfer']],
    ['ONLINE PMT FULTON BANK CREDIT CARD', 321_847, ['card-payment-sent', 'transfer']],
    ['Withdrawal - Online Banking Transfer To 0008 Savings', 150_000, ['transfer-to-masked-account', 'transfer']],
  ] as const)
    assert.deepEqual(decide(row(description, amountMinor)), expected, description);
  // A royalty received stays a payout; QuickBooks' payroll plan billed under Intuit's star is no net pay.
  assert.notEqual(decide(row('ACH CREDIT AMAZON KDP ROYALTY', -40_000))?.[0], 'royalty-paid');
  assert.notEqual(decide(row('ACME CO HEALTH INS PREMIUM', 40_000))?.[0], 'state-tax', "a company's health plan");
  // An SBA disaster loan comes through the Treasury too; an auto insurer's claim payment may pay a body shop's work.
  assert.notEqual(decide(row('SBAD TREAS 310 DES:MISC PAY ID:1234', -1_500_000))?.[1], '4900');
  assert.notEqual(decide(row('ACH CREDIT GEICO CLAIMS DRP PMT 9203050009', -300_000))?.[1], '4900');
  assert.notEqual(decide(row('SHELL OIL 57444 GAS PMT', 5_000))?.[0], 'utility-bill', "a station's gas is fuel");
  assert.notEqual(decide(row('ACH DEBIT WA DEPT L&I PREMIUM Q2 240731', 341_280))?.[0], 'state-agency', 'a premium');
  assert.notEqual(decide(row('ACH CORP DEBIT INTUIT *QBooks Payroll', 13_000))?.[0], 'payroll-net-pay');
  assert.deepEqual(decide(row('INTUIT PAYROLL DES:NET PAY ID:123', 400_000)), ['payroll-net-pay', '6180']);
});

test("money out that says REFUND gives a sale back; money to or from a person named like the business is an owner's", () => {
  assert.deepEqual(decide(row('ELECTRONIC WITHDRAWAL AFFINIPAY LLC REFUND', 24_000)), ['refund-paid', '4200']);
  const owned = (description: string, amountMinor: number) => {
    const match = matchBuiltinRule({
      ...row(description, amountMinor, { industry: 'professional_services' }),
      entityName: 'VASQUEZ & LINDQVIST CPAS LLP',
    });
    return match && [match.rule.name, match.target, match.rawScore];
  };
  assert.deepEqual(owned('ZELLE INSTANT PMT TO ERIK LINDQVIST', 300_000), [
    'person-to-person-payment',
    '3200',
    GUESS_SCORE,
  ]);
  assert.deepEqual(owned('ZELLE TO RAY TOLLIVER', 30_000), ['person-to-person-payment', '6030', GUESS_SCORE]);
  assert.deepEqual(owned('ZELLE FROM ANA VASQUEZ', -500_000), ['customer-payments', '3100', GUESS_SCORE]);
  assert.deepEqual(owned('ZELLE FROM GARY MUELLER', -50_000), ['customer-payments', '4100', STRENGTH_SCORE.fair]);
  assert.notEqual(
    decide(row('Zelle payment to Trucker Tax Pros LLC JPM99qwj2aj', 30_000))?.[0],
    'person-to-person-payment',
    'a business is no person',
  );
});

test("a revenue department's sales tax and local taxes are taxes; an individual's estimate is read", () => {
  assert.deepEqual(
    decide(
      row('FL DEPT REVENUE DES:C01 ID:0XN6PBFE7 INDN:BAYSHORE JANITORIAL SERVICES LLC CO ID:8439251169 PPD', 61_000),
    ),
    ['state-tax', '6140'],
  );
  assert.deepEqual(decide(row('FL DEPT REVENUE REEMPLOYMENT TAX', 61_000)), ['state-tax', '6140']);
  assert.deepEqual(decide(row('ACH WEB-RECUR 981012768 LOU METRO REVENUE COMM OL TAX', 30_000)), ['state-tax', '6140']);
  assert.deepEqual(decide(row('ACH WEB-RECUR 120013161 JEFFERSON CO SHERIFF PROP TAX', 30_000)), ['state-tax', '6140']);
  assert.deepEqual(
    decide(
      row('ACH WEB-RECUR 621042200 KENTUCKY DOR IND EST', 300_000, { regime: 'sole_proprietor', date: '2026-08-02' }),
    ),
    ['state-tax', '3200'],
  );
});

test("customers' payments through Bill.com, a county's vendor pay, a broker's carrier pay and an ACH credit naming a payment", () => {
  const services = { industry: 'professional_services' as const };
  assert.deepEqual(decide(row('ELECTRONIC DEPOSIT BILL.COM GRETNA FAMILY F', -90_000, services)), [
    'customer-payments',
    '4100',
  ]);
  assert.deepEqual(
    decide(
      row(
        'HILLSBOROUGH CNTY BOCC DES:VENDORPAY ID:0QRT0FLPP2T INDN:BAYSHORE JANITORIAL SERVICES LLC',
        -90_000,
        services,
      ),
    ),
    ['customer-ach-and-wires', '4100'],
  );
  assert.deepEqual(
    decide(
      row('ORIG CO NAME:TOTAL QUALITY LOGIS CO ENTRY DESCR:CARRIER PY SEC:PPD', -90_000, {
        industry: 'transportation',
      }),
    ),
    ['customer-ach-and-wires', '4100'],
  );
  assert.deepEqual(decide(row('ELECTRONIC DEPOSIT PAPIO VALLEY MECHANIC PAYMENT', -90_000, services)), [
    'ach-credit-payment',
    '4100',
  ]);
  assert.deepEqual(decide(row('WIRE TRANS SVC CHARGE - SEQUENCE: 401282', 3_000, { kind: 'trust' })), [
    'bank-fees',
    '6210',
  ]);
});

test('patient financing pays the provider for the sale', () => {
  assert.deepEqual(decide(row('SYNCHRONY BANK CARECREDIT 240702', -180_000, { industry: 'healthcare' })), [
    'consumer-financing-settlements',
    '4100',
  ]);
  assert.deepEqual(decide(row('GREENSKY MERCH PMT', -980_000, { industry: 'construction' })), [
    'consumer-financing-settlements',
    '4100',
  ]);
});

test("a pharmacy benefit manager pays for drugs dispensed; a health-care trade's other customer money is only leaning to services", () => {
  const healthcare = { industry: 'healthcare' as const };
  assert.deepEqual(
    decide(row('EXPRESS SCRIPTS HCCLAIMPMT 240706 RAQY2YHY DESERT WILLOW PHARMACY INC', -410_000, healthcare)),
    ['pharmacy-benefit-payments', '4000'],
  );
  assert.deepEqual(decide(row('AETNA HCCLAIMPMT 240706', -41_000, healthcare)), ['health-claim-payments', '4100']);
  const cards = matchBuiltinRule(row('ELAVON MERCH SVCS BATCH DEP 240702 RE498A6A', -90_000, healthcare))!;
  assert.deepEqual(
    [cards.target, cards.rawScore],
    ['4100', REVENUE_GUESS_SCORE],
    'a clinic bills visits, a pharmacy or an optician sells goods',
  );
  assert.deepEqual(decide(row('ELAVON MERCH SVCS CHARGEBACK 241108', 9_000)), ['chargeback', '4200']);
  // Processors abbreviate the dispute (Square's CBK); a payer takes back a claim it overpaid from the practice's revenue.
  assert.deepEqual(decide(row('SQUARE INC SQ241104 CBK T11A0C', 6_250)), ['chargeback', '4200']);
  assert.deepEqual(decide(row('AETNA HCCLAIMPMT RECOUPMENT 88120', 31_000, healthcare)), ['chargeback', '4200']);
  assert.deepEqual(decide(row('CIGNA CLAIM OVERPYMT RECOVERY', 12_500)), ['chargeback', '4200']);
  // The deposited item itself came back, not the bank's fee for it.
  assert.deepEqual(decide(row('RETURN ITEM CHARGEBACK DEPOSITED ITEM 0093', 40_000))?.[0], 'deposited-item-returned');
  assert.deepEqual(decide(row('PEAC SOLUTIONS LEASE PMT 250320 H135B5', 21_000)), ['vehicle-lease', '6100']);
  assert.deepEqual(decide(row('NYS DTF SALES TYPE: Tax Paymnt ID: 6156808084', 61_000)), ['sales-tax', '6140']);
  assert.deepEqual(
    decide(row('NV DEPT OF TAXATION MBT PAYMENT 240730', 61_000)),
    ['state-tax', '6140'],
    "Nevada's modified business tax is a payroll tax",
  );
  assert.deepEqual(decide(row('ORIG CO NAME:WA ST EMPLOYMENT SEC CO ENTRY DESCR:UI TAX SEC:CCD', 31_000)), [
    'state-tax',
    '6140',
  ]);
  assert.deepEqual(
    decide(row('WITHDRAWAL TRANSFER TO DRAFT 08', 100_000, { held: { checking: 1, savings: 1 } })),
    ['own-transfer', 'transfer'],
    "a credit union's share draft is checking",
  );
});

test("a state's numbered sales-tax return is sales tax; only a revenue department takes an owner's estimate", () => {
  assert.deepEqual(decide(row('SCDOR ST-388 240720 3UHQW4 DELIA M PRICE DBA MAGNOLIA & MOSS', 41_000)), [
    'sales-tax',
    '6140',
  ]);
  assert.deepEqual(
    decide(row('SCDOR IIT ESTPMT 240915 D0H7JG', 300_000, { regime: 'sole_proprietor', date: '2026-08-02' })),
    ['state-tax', '3200'],
  );
  assert.deepEqual(
    decide(row('TN SECRETARY OF STATE NASHVILLE TN', 30_000, { regime: 'sole_proprietor', date: '2026-04-10' })),
    ['state-tax', '6140'],
  );
  assert.deepEqual(
    decide(
      row('IL DEPT OF REVENUE CO ENTRY DESCR:IL-1120-ST', 300_000, { regime: 'sole_proprietor', date: '2026-04-10' }),
    ),
    ['state-tax', '6140'],
    "a business's own return",
  );
  assert.deepEqual(decide(row('SQUARE INC PAYROLL FEE 240701 Z0YSGY', 4_500)), ['payroll-fees', '6080']);
  // QuickBooks Payroll's tax impound where the bank prints the company id before the entry.
  assert.deepEqual(decide(row('INTUIT 74859034 TAX 240315', 210_000)), ['payroll-taxes', '6140']);
  assert.deepEqual(decide(row('SQUARE INC PAYROLLTAX 240712 53YYQ5', 145_000)), ['payroll-taxes', '6140']);
  assert.deepEqual(
    decide(
      row('DEPOSIT ACH PROGRESSIVE TYPE: AGENT COMM ID: 2709701546 CO: PROGRESSIVE', -145_000, {
        industry: 'professional_services',
      }),
    ),
    ['commissions-received', '4100'],
  );
  assert.deepEqual(decide(row('WITHDRAWAL ACH PROGRESSIVE INS TYPE: COMM ADJ ID: 9693442491', 14_000)), [
    'commission-adjustment',
    '4100',
  ]);
  assert.deepEqual(decide(row('ORIG CO NAME:CROWN CREDIT COMPANY CO ENTRY DESCR:LEASE PMT SEC:CCD', 64_000)), [
    'vehicle-lease',
    '6100',
  ]);
});

test("floor-plan financing is a loan; a payments company's fees are processing costs; buy-now-pay-later settles sales", () => {
  assert.deepEqual(decide(row('WITHDRAWAL ACH WELLS FARGO COMM DIST TYPE: CDF PAYMENT ID: 4545', 900_000)), [
    'loan-payment',
    '2400',
  ]);
  assert.deepEqual(decide(row('WITHDRAWAL ACH LIGHTSPEED PAYMENTS TYPE: FEES ID: 4320393196', 21_000)), [
    'platform-fees',
    '6210',
  ]);
  assert.deepEqual(
    decide(row('DEPOSIT ACH AFFIRM TYPE: SETTLEMENT ID: 6656559577 CO: AFFIRM', -210_000, { industry: 'retail' })),
    ['consumer-financing-settlements', '4000'],
  );
  assert.deepEqual(decide(row('ELECTRONIC WITHDRAWAL ENTERPRISE FM TRUST LEASE PMT', 61_000)), [
    'vehicle-lease',
    '6100',
  ]);
  assert.deepEqual(
    decide(
      row('WITHDRAWAL ACH AR DEPT FIN & ADMIN TYPE: IND EST ID: 7669392387', 300_000, {
        regime: 'sole_proprietor',
        date: '2026-08-02',
      }),
    ),
    ['state-tax', '3200'],
  );
});

test("a booking platform's payout is service revenue even for a shop", () => {
  assert.deepEqual(
    decide(row('DEPOSIT ACH FAREHARBOR TYPE: PAYOUT ID: 5056899572 CO: FAREHARBOR', -61_000, { industry: 'retail' })),
    ['booking-platform-payouts', '4100'],
  );
});

test("an auto lender's dealer funding is a car sold; a lease from a finance arm is equipment; a surname, not a trade word, names an owner", () => {
  assert.deepEqual(
    decide(row('ELECTRONIC DEPOSIT CREDIT ACCEPTANCE DLR FUNDING', -1_210_000, { industry: 'automotive' })),
    ['dealer-funding', '4000'],
  );
  assert.deepEqual(
    decide(row('ELECTRONIC DEPOSIT CAPITAL ONE AUTO FIN DEALER FUND', -1_210_000, { industry: 'automotive' })),
    ['dealer-funding', '4000'],
  );
  assert.deepEqual(decide(row('ACH WEB-RECUR 718422452 LINCOLN AUTOMOTIVE FIN LEASE PMT', 61_000)), [
    'vehicle-lease',
    '6100',
  ]);
  assert.deepEqual(decide(row('WEB AUTHORIZED PMT NEXTGEAR CAPITAL', 1_000_000)), ['loan-payment', '2400']);
  const dealer = {
    ...row('ZELLE INSTANT PMT TO PLAINS AUTO TRANSPORT', 45_000),
    entityName: 'AIR CAPITAL AUTO SALES INC',
  };
  assert.notEqual(matchBuiltinRule(dealer)?.target, '3200', 'AUTO is a trade word, not a surname');
  assert.deepEqual(
    decide(
      row('ACH WEB-RECUR 036399089 MD COMPTROLLER EST PMT', 300_000, { regime: 'sole_proprietor', date: '2026-08-02' }),
    ),
    ['state-tax', '3200'],
  );
});

test("New Mexico's gross receipts (CRS) are collected from customers like a sales tax", () => {
  assert.deepEqual(decide(row('NM TAXATION & REVENU CRS PAYMENT 240724 XMGH8N', 41_000)), ['sales-tax', '6140']);
});

test("an ACH entry's receiver is the business itself: its name is not read as the payee's trade", () => {
  const water = 'CITY OF BOISE DES:UTILITY ID:FD14DQET9J INDN:BLUE HERON CAFE LLC CO ID:6826001234 PPD';
  assert.notEqual(decide(row(water, 8_412))?.[0], 'coffee');
  const chase =
    'ORIG CO NAME:SYSCO CORPORATION ORIG ID:1741648648 DESC DATE:240315 CO ENTRY DESCR:ACH PMT SEC:CCD TRACE#:0210 EED:240315 IND ID:X1 IND NAME:BLUE HERON CAFE LLC TRN: 0751234567TC';
  assert.notEqual(decide(row(chase, 212_000))?.[0], 'coffee');
  // Banks that print the entry's fields unlabelled put the receiver last, after the date and the receiver's number.
  assert.equal(
    builtinRuleText({ description: 'NW NATURAL WEB PAY 240911 0174533030 EMBER AND OAK COFFEE', merchant: null }),
    'NW NATURAL WEB PAY 240911 0174533030 | ',
  );
  assert.equal(
    builtinRuleText({
      description: 'COMCAST BUSINESS PAYMENT 240926 849756576491 EMBER AND OAK COFFEE',
      merchant: null,
    }),
    'COMCAST BUSINESS PAYMENT 240926 849756576491 | ',
  );
  // The payee's own words still speak, and a line without that layout keeps its last words.
  assert.equal(
    builtinRuleText({ description: 'BLUE HERON CAFE DES:PURCHASE ID:1 INDN:ACME LLC CO ID:2 PPD', merchant: null }),
    'BLUE HERON CAFE DES:PURCHASE ID:1 INDN: CO ID:2 PPD | ',
  );
  assert.equal(
    builtinRuleText({ description: 'ZELLE TO ALBERTA CORNER CAFE ON 11/14 REF # WFCT0733MLL8', merchant: null }),
    'ZELLE TO ALBERTA CORNER CAFE ON 11/14 REF # WFCT0733MLL8 | ',
  );
  assert.equal(
    builtinRuleText({ description: 'ACH DEBIT SYSCO 991231 12345 SALES', merchant: null }),
    'ACH DEBIT SYSCO 991231 12345 | ',
  );
  assert.equal(
    builtinRuleText({ description: 'CHECK 123456 7 DELI', merchant: null }),
    'CHECK 123456 7 DELI | ',
    'not a date (month 34)',
  );
});

test("banks' own wordings: a card paid online, a payroll service named after its entry, a cash deposit fee, a city and county", () => {
  assert.deepEqual(decide(row('Online Banking payment to CRD 2290 Confirmation# 3522726370', 48_611)), [
    'card-payment-sent',
    'transfer',
  ]);
  assert.deepEqual(decide(row('ONLINE CREDIT CARD PMT 1015 TO XXXXXXXXXXXX3390', 68_422)), [
    'card-payment-sent',
    'transfer',
  ]);
  assert.deepEqual(decide(row('CORPORATE ACH NET MP7NZC GUSTO 375BBMHUS', 84_216)), ['payroll-net-pay', '6180']);
  assert.deepEqual(decide(row('CORPORATE ACH TAX MP7NZC GUSTO X2ACMUK3M', 21_438)), ['payroll-taxes', '6140']);
  assert.deepEqual(decide(row('Withdrawal to GUSTO NET 5SNT3', 310_422)), ['payroll-net-pay', '6180']);
  assert.deepEqual(decide(row('CASH DEPOSIT PROCESSING FEE', 460)), ['bank-fees', '6210']);
  assert.deepEqual(decide(row('PURCHASE AUTHORIZED ON 04/06 THE HOME DEPOT TOOL RENT TAMPA FL', 8_900)), [
    'vehicle-lease',
    '6100',
  ]);
  const benefits =
    'ORIG CO NAME:JUSTWORKS INC ORIG ID:1462384920 DESC DATE:240605 CO ENTRY DESCR:BENEFITS SEC:CCD TRACE#:021000024541187';
  assert.deepEqual(decide(row(benefits, 180_000)), ['payroll-benefits', '6050']);
  assert.deepEqual(decide(row('eTransfer Debit, Online Xfer Transfer to SV 4327715567', 200_000))?.[1], 'transfer');
  assert.equal(
    decide(row('TD ZELLE SENT, 081878887 Zelle TORTILLERIA LA POBLANA', 34_000))?.[0],
    'person-to-person-payment',
  );
  assert.deepEqual(decide(row('Withdrawal to CITY&COUNTY DENVER OPT Q1', 2_925)), ['state-tax', '6140']);
  assert.deepEqual(
    decide(row('PURCHASE AUTHORIZED ON 10/08 OREGON DEPT OF AGRI SALEM OR S548125711818039 CARD 6621', 44_300)),
    ['state-agency', '6140'],
    "a state's name before its agency, after the bank's words",
  );
  assert.deepEqual(decide(row('Withdrawal to Business Savings ...4433', 200_000)), [
    'transfer-to-masked-account',
    'transfer',
  ]);
});

test("payment apps' and neobanks' wordings: money to and from people, pockets and round-ups, instant-transfer fees, bonuses", () => {
  for (const description of [
    'Cash App payment to Rosa Martinez',
    'Payment Sent to Lena Park',
    'Pay Friends Transfer to Keisha W',
  ])
    assert.equal(decide(row(description, 6_500))?.[0], 'person-to-person-payment', description);
  assert.equal(decide(row('Cash App from AALIYAH B', -4_500))?.[0], 'customer-payments');
  for (const description of [
    'Round Ups to Savings',
    'Save Your Change',
    'Transfer to pocket: Taxes',
    'Transfer To Shares',
  ])
    assert.equal(decide(row(description, 2_000))?.[1], 'transfer', description);
  for (const description of [
    'Instant Deposit Fee',
    'Instant Transfer Fee',
    'Paper Money Deposit Fee',
    'Out-of-Network ATM Withdrawal Fee',
  ])
    assert.deepEqual(decide(row(description, 250)), ['bank-fees', '6210'], description);
  assert.deepEqual(decide(row('NEW ACCOUNT BONUS', -30_000)), ['rewards-and-bonuses', '4900']);
  // Wise and treasury accounts: the business's own balances, people paid abroad, conversion fees, a fund's dividends.
  assert.deepEqual(decide(row('Converted 5,000.00 USD to 4,612.30 EUR', 500_000)), ['currency-conversion', 'transfer']);
  for (const description of ['SWEEP TO MONEY MARKET 4471', 'Topped up balance from Chase ••5512'])
    assert.equal(decide(row(description, 2_500_000))?.[1], 'transfer', description);
  assert.equal(decide(row('Sent money to Rahul Mehta', 240_000))?.[0], 'person-to-person-payment');
  assert.deepEqual(decide(row('Currency conversion fee - EUR to USD', 1_450)), ['bank-fees', '6210']);
  assert.deepEqual(decide(row('SVB MMF DIVIDEND REINVESTMENT', -8_200)), ['dividend-or-yield', '4500']);
});

test("a card's rewards redeemed are other income", () => {
  for (const description of [
    'CASH REWARD STATEMENT CREDIT',
    'REDEMPTION CREDIT',
    'CHASE ULTIMATE REWARDS DEPOSIT',
    'Ramp Cashback',
  ])
    assert.deepEqual(
      decide(row(description, -8_422, { kind: 'credit_card' })),
      ['rewards-and-bonuses', '4900'],
      description,
    );
});

test("a wire names its beneficiary's bank, which makes it no card payment", () => {
  const wire =
    'WIRE TYPE:WIRE OUT DATE:240628 TIME:1502 ET TRN:2024062800456712 BNF:MICHAEL D BNF BK:CITIBANK NA ID:021000089 PMT DET:Q2 MEMBER DISTRIBUTION';
  assert.deepEqual(decide(row(wire, 1_500_000)), ['owner-draw', '3200']);
  assert.deepEqual(
    decide(row('CITI AUTOPAY PAYMENT 123456789012345 WEB ID: CITICTP', 90_000))?.[0],
    'card-payment-sent',
  );
});

test("marketplaces' selling fees are commissions; payment platforms' fees are processing fees", () => {
  assert.deepEqual(decide(row('ETSY.COM - BILLING', 4_210)), ['marketplace-fees', '6020']);
  assert.deepEqual(decide(row('EBAY O*12-34567-89012 SELLER FEES', 2_250)), ['marketplace-fees', '6020']);
  assert.deepEqual(decide(row('STRIPE FEES', 1_200)), ['platform-fees', '6210']);
});

test("the owner's money said in words outranks the channel it came by", () => {
  assert.deepEqual(
    decide(row('Zelle payment from JENNIFER PARK for "capital contribution"; Conf# d8c1v4n7q', -500_000)),
    ['owner-contribution', '3100'],
  );
  const wire =
    'WIRE TYPE:WIRE IN DATE: 240305 TIME:1044 ET TRN:2024030500345612 ORIG:MICHAEL D TRAN SND BK:CITIBANK NA ID:0008 PMT DET:OWNER CAPITAL CONTRIBUTION';
  assert.deepEqual(decide(row(wire, -2_500_000)), ['owner-contribution', '3100']);
  assert.deepEqual(
    decide(row('FEDWIRE CREDIT VIA: WELLS FARGO BANK B/O: HIGHLAND REALTY GROUP LLC', -900_000))?.[0],
    'customer-ach-and-wires',
  );
});

test("banks' own wordings: a masked account's transfer, a card's payment, a loan's, a credit union's fee and dividend", () => {
  // Online banks name the other account and mask its number: a transfer, fairly sure (the owner's account looks alike).
  for (const description of [
    'Transfer to Tax Savings (••4417)',
    'Transfer from Mercury Checking ••7761',
    'ACH Transfer to KESTREL MARKETING CO Mercury ••7761',
    'Transfer to Mercury Treasury',
    // Relay prints a space after the dots; a business names its own accounts the Profit First way.
    'Transfer to Profit (•• 4412)',
    "Transfer to Owner's Pay (•• 4419)",
    "Transfer from Operating ••4410 to Owner's Pay ••7703",
  ]) {
    const match = matchBuiltinRule(row(description, 50_000))!;
    assert.deepEqual([match.rule.name, match.target], ['transfer-to-masked-account', 'transfer'], description);
  }
  // An account the bank sells to businesses is no owner's, whoever's name it carries.
  assert.equal(
    decide(row('ONLINE TRANSFER TO DELGADO M BUSINESS MARKET RATE SAVINGS XXXXXX8830 REF #IB0M5N6P7Q', 50_000))?.[1],
    'transfer',
  );
  // The owner's pay at another bank is still the owner's.
  assert.equal(decide(row('Transfer to TRUIST ****3108 Owner Pay', 200_000))?.[1], '3200');
  assert.equal(decide(row("Outgoing ACH to Teresa Nguyen - Owner's Pay", 550_000))?.[1], '3200');
  // A city's utilities commission is its utility; a state's regulates.
  assert.notEqual(decide(row('ORLANDO UTILITIES COMM ORLANDO FL', 8_840))?.[1], '6140');
  assert.deepEqual(decide(row('NC UTILITIES COMM FEE', 30_000)), ['state-tax', '6140']);
  assert.equal(matchBuiltinRule(row('TRANSFER STATION DUMP FEE', 4_500)), null, 'a transfer station takes trash');
  assert.deepEqual(decide(row('INTERNET BANKING PAYMENT TO CREDIT CARD 6621', 120_000)), [
    'card-payment-sent',
    'transfer',
  ]);
  assert.deepEqual(decide(row('Withdrawal Transfer To Loan 0012', 41_000)), ['loan-payment', '2400']);
  assert.deepEqual(decide(row('JOHN DEERE FIN JD FIN PMT 240315 0071932288', 61_000)), ['loan-payment', '2400']);
  assert.deepEqual(decide(row('COURTESY PAY FEE', 3_000)), ['bank-fees', '6210']);
  // The fee for an item names the item after it: the fee is the bank's, not the payroll's it was charged for.
  assert.deepEqual(decide(row('OVERDRAFT FEE FOR A TRANSACTION POSTED ON 08/09 $38,772.19 ADP WAGE PAY', 3_500)), [
    'fee-for-an-item',
    '6210',
  ]);
  assert.deepEqual(decide(row('BMO LOAN PAYMENT INTEREST', 61_000)), ['interest-charged', '6070']);
  assert.deepEqual(decide(row('RETURN ITEM FEE', 3_600)), ['bank-fees', '6210']);
  assert.deepEqual(decide(row('ACH DEBIT BA ELECTRONIC PAYMENT', 250_000)), ['card-payment-sent', 'transfer']);
  assert.equal(decide(row('DIRECTPAY FULL BALANCE', -250_000, { kind: 'credit_card' }))?.[1], 'transfer');
  assert.deepEqual(decide(row('Mercury Treasury Dividend', -1_830, { kind: 'savings' })), [
    'dividend-or-yield',
    '4500',
  ]);
});

test("government: a city's utility bill is a utility; a state's workforce agency and secretary of state are taxes and licences", () => {
  const expected: Array<[rule: string, target: string, descriptions: string[]]> = [
    [
      'municipal-utility',
      '6170',
      [
        'CITY OF AUSTIN UTILITY BILL 240320 8812440033',
        'CITY OF BOISE DES:UTILITY ID:0042 INDN:BLUE HERON CAFE LLC CO ID:1846000580 PPD',
        'TOWN OF CARY WATER SEWER',
      ],
    ],
    // A utility's own words for its bill.
    [
      'utility-bill',
      '6170',
      [
        'ACH DEBIT NATL FUEL GAS DIST UTILITY PMT',
        'PEDERNALES ELECTRIC COOP ONLINE PMT',
        'SAWS WATER AUTHORITY WEB PMT',
      ],
    ],
    // State agencies and local government's fees for a business's permits, inspections and licences.
    [
      'state-tax',
      '6140',
      [
        'CITY OF AUSTIN BUSINESS LICENSE',
        'TEXAS WORKFORCE TWC TAX 240430 1839022',
        'NC SECRETARY OF DES:WEBPAY ID:ANNRPT2024 INDN:BALLANTYNE FAMILY DENT CO ID:1566000288 WEB',
        'HILLSBOROUGH CTY FIRE RESCUE',
        'ORIG CO NAME:DENVER TREASURY ORIG ID:1846000580 DESC DATE:240430 CO ENTRY DESCR:OPT TAX SEC:CCD',
        'TRAVIS COUNTY TREASURER PROP TAX',
        'CITY OF MESA BUILDING PERMIT',
        'ACH DEBIT NYS DOL UI PAYMENT',
      ],
    ],
    // A state's agencies as banks print them: a state's code or name first, then the agency's kind.
    [
      'state-agency',
      '6140',
      [
        'AL BD COSMETOLOGY      MONTGOMERY          AL',
        'TX DEPT OF LIC & REG AUSTIN TX',
        'UT DIV OF REAL ESTATE SALT LAKE CITYUT',
        'NYS AGRICULTURE & MARKETS ALBANY NY',
        'RI DEPT OF STATE',
      ],
    ],
  ];
  for (const [rule, target, descriptions] of expected)
    for (const description of descriptions)
      assert.deepEqual(decide(row(description, 18_000)), [rule, target], description);
  assert.equal(decide(row('TX ROADHOUSE 0412 AUSTIN TX', 9_000)), null, "a state's code before a name is no agency");
});

test("an insurer's premium is read from its ACH entry; a consumer's entry to a person is the owner's policy, a health plan's a guess", () => {
  for (const line of [
    'ELECTRONIC WITHDRAWAL PINNACOL ASSURANC REF=913797484345819N00 8955839016PREMIUM',
    'PINNACOL ASSURAN PREMIUM   4015523        CCD ID: 1840862116',
    'CORPORATE ACH PREMIUM PA SWIF 250805 WC0048812',
    'EMPLOYERS PREMIUM 240305 EIG4471902 GOLDEN FORK CATERING',
    'COPPERPOINT INS PREMIUM 250810 1189023 VOLT BROTHERS ELECTRIC',
    'ACH DEBIT UTICA NATIONAL PREMIUM',
    'Direct Withdrawal, GREAT WEST CASU PREMIUM',
  ])
    assert.deepEqual(decide(row(line, 128_800)), ['insurance-premium', '6060'], line);
  assert.deepEqual(
    decide(row('ANTHEM BLUE DES:INS PREM ID:XPK4TK7M3 INDN:MORGAN ELLIS CO ID:2898548009 PPD', 41_200)),
    ['personal-policy-premium', '3200'],
  );
  // A consumer's entry to a receiver that is a business, or to no one named, is the business's own policy.
  for (const line of [
    'ORIG CO NAME:COPPERPOINT INS ORIG ID:9860008122 DESC DATE:240415 CO ENTRY DESCR:PREMIUM SEC:PPD',
    'ACH PPD INSPECTORPRO INS PREMIUM 0012984',
  ])
    assert.deepEqual(decide(row(line, 41_200)), ['insurance-premium', '6060'], line);
  const health = matchBuiltinRule(
    row('QUARTZ HEALTH SOL DES:PREMIUM ID:4183381155 INDN:ACORNS CO ID:6048694794 CCD', 742_000),
  );
  assert.deepEqual([health?.rule.name, health?.target, health?.rawScore], ['health-plan-premium', '6050', GUESS_SCORE]);
  assert.deepEqual(decide(row('ACH CORP DEBIT BCBSNC PREMIUM G0048812', 142_280)), ['health-plan-premium', '6050']);
  assert.equal(
    decide(row('PINNACOL ASSURAN PREMIUM', 12_000, { kind: 'credit_card' })),
    null,
    'a card is no ACH debit',
  );
  assert.equal(decide(row('SPOTIFY PREMIUM', 1_199)), null);
});

test("U.S. Bank's originator id glued to the entry still leaves the entry readable", () => {
  assert.equal(
    builtinRuleText(row('ELECTRONIC DEPOSIT UNITED CONCORDIA REF=274403697677144N00 9889551743HCCLAIMPMT', -50_360)),
    'ELECTRONIC DEPOSIT UNITED CONCORDIA REF=274403697677144N00 9889551743 HCCLAIMPMT | ',
  );
  assert.deepEqual(
    decide(row('ELECTRONIC DEPOSIT UNITED CONCORDIA REF=274403697677144N00 9889551743HCCLAIMPMT', -50_360)),
    ['health-claim-payments', '4100'],
  );
  assert.deepEqual(
    decide(row('ELECTRONIC WITHDRAWAL BANK OF AMERICA REF=341895456813856N00 7626238799LOAN PMT', 621_384)),
    ['loan-payment', '2400'],
  );
});

test("payroll services' tax impounds and net pay under their own names; tip-outs are wages; processors' fees either way round", () => {
  assert.deepEqual(decide(row('INTUIT TAX SVC QBOOKS TAX 240315 4471902 GOLDEN FORK CATERING', 221_461)), [
    'payroll-taxes',
    '6140',
  ]);
  assert.deepEqual(decide(row('ACH DEBIT HEARTLAND PAYRO TAX IMPOUND 250815 DELGADO AUTO CARE', 298_106)), [
    'payroll-taxes',
    '6140',
  ]);
  assert.deepEqual(decide(row('INTUIT PYRL SVC QBOOKS PYR 240315 4471902 GOLDEN FORK CATERING', 784_220)), [
    'payroll-net-pay',
    '6180',
  ]);
  assert.deepEqual(decide(row('KICKFIN INC      TIPOUT     240316 OSTERIA LUC CCD ID: 1851234567', 128_400)), [
    'payroll-net-pay',
    '6180',
  ]);
  assert.deepEqual(decide(row('Withdrawal ACH HPS TYPE: DISCOUNT ID: 3268979862 CO: HEARTLAND PAYMENT', 61_240)), [
    'merchant-services-fees',
    '6210',
  ]);
  assert.deepEqual(
    decide(row('ACH CREDIT SUMUP PAYMENTS SETTLEMENT 0317', -131_844))?.[0],
    'merchant-services-deposits',
  );
});

test('agencies as banks cut them: revenue departments, unemployment and paid-leave contributions, licences', () => {
  for (const line of [
    'NY DOL UI EMPLOYER 2618105763',
    'ACH DEBIT PA DEPT L&I UC TAX',
    'Withdrawal ACH OR EMPLOYMENT DE TYPE: PFML CONTR ID: 0027298394 CO: OREGON EMPLOYMENT',
    'ACH DEBIT LA DEPT OF REV LA TAXPYMT 250820',
  ])
    assert.equal(decide(row(line, 45_288))?.[1], '6140', line);
  assert.deepEqual(decide(row('NC ABC COMMISSION 919-7797700 NC', 40_000, { kind: 'credit_card' })), [
    'state-agency',
    '6140',
  ]);
});

test("a customer's deposited check returned reverses the sale; its fee and a past-due fee are fees", () => {
  const returned = matchBuiltinRule(row('RETURNED ITEM DEPOSITED 0821', 240_000));
  assert.deepEqual(
    [returned?.rule.name, returned?.target, returned?.rawScore],
    ['deposited-item-returned', '4100', GUESS_SCORE],
  );
  assert.deepEqual(decide(row('RETURNED DEPOSITED ITEM FEE', 1_200)), ['bank-fees', '6210']);
  assert.deepEqual(decide(row('PAST DUE FEE', 3_900, { kind: 'credit_card' })), ['bank-fees', '6210']);
  assert.deepEqual(decide(row('Deposit Dividend 0.150%', -418, { kind: 'savings' })), ['dividend-or-yield', '4500']);
});

test("card payments by the network's name, transfers to deposit accounts and reserves, a line of credit paid down", () => {
  assert.deepEqual(decide(row('HWB VISA PAYMENT XXXX2209', 388_416)), ['card-payment-sent', 'transfer']);
  assert.deepEqual(decide(row('Bluevine Business Mastercard payment', 61_240)), ['card-payment-sent', 'transfer']);
  assert.deepEqual(decide(row('Transfer To Credit Card', 162_344)), ['card-payment-sent', 'transfer']);
  assert.deepEqual(decide(row('Statement payment - Bluevine x8812', -621_480, { kind: 'credit_card' })), [
    'card-payment-received',
    'transfer',
  ]);
  assert.deepEqual(
    decide(row('INTERNET BANKING TRANSFER TO DEPOSIT ACCOUNT 104798047811', 500_000))?.[0],
    'own-transfer',
  );
  assert.deepEqual(decide(row('Transfer to Reserve: Taxes', 100_000))?.[0], 'own-transfer');
  assert.deepEqual(decide(row('ONLINE TRANSFER TO ACME LLC BUSINESS LINE OF CREDIT XXXXXX8814', 150_000)), [
    'loan-payment',
    '2400',
  ]);
  assert.deepEqual(decide(row('ACH Withdrawal JOHN DEERE FINANC PAYMENT 250815 JDF44127', 61_255)), [
    'loan-payment',
    '2400',
  ]);
});

test("the owner's money said in words: a distribution or a draw, and a transfer to an account called personal", () => {
  assert.deepEqual(decide(row('Transfer to DAVID OKONKWO; owner distribution', 1_200_000)), ['owner-draw', '3200']);
  assert.deepEqual(decide(row('WIRE OUT PARTNER DISTRIBUTION Q2', 500_000)), ['owner-draw', '3200']);
  const personal = matchBuiltinRule(row('Transfer to CALEB HOLLIS PERSONAL', 300_000));
  assert.deepEqual(
    [personal?.rule.name, personal?.target, personal?.rawScore],
    ['to-personal-account', '3200', GUESS_SCORE],
  );
});

test("the owners' money in: a loan in their words, money from an account called personal, an investor's SAFE", () => {
  // A loan from the owners is a liability to them whichever way it moves and whatever app carried it.
  for (const [description, amountMinor] of [
    ['ZELLE PAYMENT FROM MARCUS BELL LOAN PER NOTE REF ZLE0305PT7', -500_000],
    ['TRANSFER FROM R SALINAS SHAREHOLDER LOAN', -1_000_000],
    ['Zelle payment to DANA REYES MEMBER LOAN REPAYMENT', 150_000],
    ['ONLINE TRANSFER TO CHK 4412 OWNER LOAN PMT', 200_000],
  ] as const)
    assert.deepEqual(decide(row(description, amountMinor)), ['owner-loan', '2500'], description);
  // A bank's own loan stays a loan payable.
  assert.deepEqual(decide(row('SBA LOAN PAYMENT 0412', 81_200)), ['loan-payment', '2400']);
  const personal = matchBuiltinRule(row('ACH TRANSFER FROM CHASE PERSONAL 6621', -50_000));
  assert.deepEqual(
    [personal?.rule.name, personal?.target, personal?.rawScore],
    ['from-personal-account', '3100', GUESS_SCORE],
  );
  assert.deepEqual(
    decide(row('Incoming wire from HARBOR ANGELS LLC; OBI: SAFE POST-MONEY VALUATION CAP 12M', -25_000_000)),
    ['equity-investment', '3100'],
  );
  assert.notEqual(decide(row('SAFE DEPOSIT BOX ANNUAL FEE', 7_500))?.[0], 'equity-investment');
});

test("a merchant bankcard's deposit, fee and chargeback; a fee for a returned deposit; a purchase order's goods", () => {
  const citi = (entry: string) => `ACH Electronic DebitMERCHANT BANKCD ${entry} 445120002814 LANTERN STREET BOOKS`;
  assert.deepEqual(decide(row(citi('FEE'), 31_248)), ['merchant-services-fees', '6210']);
  assert.equal(decide(row(citi('CHARGEBACK'), 8_695))?.[1], '4200');
  assert.deepEqual(decide(row('Fee - Returned Deposit Item', 2_900)), ['bank-fees', '6210']);
  assert.equal(decide(row('Returned Deposit Item', 45_000))?.[0], 'deposited-item-returned');
  // The check itself, returned unpaid, names why ("NSF") without being the bank's fee for it.
  assert.equal(decide(row('Returned Check Deposit - NSF', 18_000))?.[0], 'deposited-item-returned');
  assert.deepEqual(decide(row('NSF RETURNED CHECK DEPOSIT FEE', 3_500)), ['bank-fees', '6210']);
  const order = matchBuiltinRule(
    row(
      'ONLINE INTERNATIONAL WIRE TRANSFER A/C: NINGBO HOMEWARE TRADING CO LTD REF: PO CK2403 INV NH240217',
      1_486_000,
    ),
  );
  assert.deepEqual([order?.rule.name, order?.target, order?.rawScore], ['purchase-order', '5000', GUESS_SCORE]);
  assert.notEqual(decide(row('USPS PO BOX 66 800-344-7779 DC', 11_200))?.[0], 'purchase-order');
});

test("regional banks' wording: a bank's own card paid by its masked number, transfers abbreviated, fees named first", () => {
  for (const line of [
    'ONLINE PAYMENT TO VOICE CARD XXXX7702',
    'ONLINE PMT CITIZENS BUSINESS CARD XXXX1123',
    '5/3 ONLINE PAYMENT TO 5/3 BUSINESS CARD XXXX4418',
    'Internet Trf To Credit Card XXXX3310',
    'eTransfer Debit, Online Xfer Transfer to CC **4401',
    'ACH DEBIT WEX INC FLEET PMT 240315',
    'ACH Debit FleetCor Fuelman Pymt 031524',
  ])
    assert.deepEqual(decide(row(line, 250_000)), ['card-payment-sent', 'transfer'], line);
  // A debit card's purchase prints the card's last digits unmasked: a bill paid with the card is no card payment.
  assert.notEqual(
    decide(row('CARD PURCHASE 07/23 AT&T *PAYMENT 800-288-2020 CA CARD 4821', 8_512))?.[0],
    'card-payment-sent',
  );
  for (const line of ['M&T ONLINE XFR TO SAV XXXXXX6604', 'Internet Trf To Savings XXXXXX5518'])
    assert.equal(decide(row(line, 500_000))?.[0], 'own-transfer', line);
  assert.equal(decide(row('Cash Out to Chime ****3321', 10_000))?.[0], 'transfer-to-masked-account');
  // Banks' and neobanks' saving features move money between the business's own accounts.
  for (const line of [
    'SAVE AS YOU GO TRANSFER DEBIT TO XXXXXX1198',
    'Save When I Get Paid',
    'Transfer to Emergency Bucket',
    'Transfer to sub-account: Taxes',
    'Lili Tax Savings Transfer',
  ])
    assert.equal(decide(row(line, 10_000))?.[0], 'own-transfer', line);
  for (const line of [
    'Withdrawal Zelle SARAH KNUDSEN',
    'Send to Lina Haddad; instructional design INV 7',
    'Send Money transaction initiated on Mercury - Jordan Reyes',
  ])
    assert.equal(decide(row(line, 90_000))?.[0], 'person-to-person-payment', line);
  assert.deepEqual(decide(row("Outgoing ACH to Teresa Nguyen - Owner's Pay", 300_000)), ['owner-draw', '3200']);
  for (const line of ['Fee Business Checking Monthly', 'POSITIVE PAY FEE'])
    assert.deepEqual(decide(row(line, 1_000)), ['bank-fees', '6210'], line);
  assert.deepEqual(decide(row('ACH WITHDRAWAL - PROVIDENCE WATER SUPPLY BD', 4_810)), ['utility-bill', '6170']);
});

test("a bank's loan, a group premium, a water bill, a quarter's distribution, an agent's commission, a licence board", () => {
  assert.deepEqual(decide(row('TD BANK PAYMENT, LOAN 44118720', 128_836)), ['loan-payment', '2400']);
  for (const line of [
    'BCBSNM DES:GRP PREM ID:G0012774 INDN:SANDIA PAWS ANIMAL CO ID:1360544100 CCD',
    'CCD DEBIT, INDEPENDENCE BLUE IBC PREM 00441207',
  ])
    assert.deepEqual(decide(row(line, 392_088)), ['health-plan-premium', '6050'], line);
  assert.deepEqual(decide(row('ABCWUA DES:WATERBILL ID:A992018 INDN:SANDIA PAWS CO ID:1850000731 PPD', 18_677)), [
    'utility-bill',
    '6170',
  ]);
  assert.deepEqual(decide(row('WIRE OUT BENE:BRADLEY J NIELSEN REF:Q1 DISTRIBUTION', 1_500_000)), [
    'owner-draw',
    '3200',
  ]);
  for (const line of ['ONLINE BANKING ACH PMT TO M OYELARAN AGENT COMMISSION', 'Zelle to MORENO LUCIA COMM SPLIT'])
    assert.deepEqual(decide(row(line, 589_000)), ['commission-paid', '6020'], line);
  for (const line of ['NJ DIV OF REV ANNUAL RPT', 'NJ CONSUMER AFFAIRS LIC'])
    assert.deepEqual(decide(row(line, 7_500, { kind: 'credit_card' })), ['state-tax', '6140'], line);
  assert.deepEqual(decide(row('CITY OF WHITE PLAINS PKG', 1_200, { kind: 'credit_card' })), ['vehicle', '6010']);
  for (const line of ['ACH DEBIT GUSTO CND 240329 3K7P3A RIVERBEND COUNS', 'External Withdrawal GUSTO - CND 9TR3L2'])
    assert.deepEqual(decide(row(line, 641_500)), ['payroll-contractors', '6030'], line);
  assert.equal(decide(row('USPS PO 3546000417', 2_280, { kind: 'credit_card' }))?.[0], undefined);
  const refund = matchBuiltinRule(row('ACH DEPOSIT IRS TREAS 310 TAX REF', -41_200));
  assert.deepEqual([refund?.rule.name, refund?.rawScore], ['tax-refund', GUESS_SCORE]);
  // An income-tax refund that names no one or a person is the owners' money; one naming a business is the business's.
  for (const [line, target] of [
    ['ACH DEPOSIT IRS TREAS 310 TAX REF', '3100'],
    ['IRS TREAS 310 DES:TAX REF ID:XXXXXXXXXX INDN:LUIS ORTEGA CO ID:XXXXX36151 PPD', '3100'],
    ['ACH CREDIT CA FTB TAX REFUND', '3100'],
    ['ACH CREDIT IRS TREAS 310 TAX REF KEYSTONE TALENT', '4900'],
    ['IRS TREAS 310 DES:TAX REF ID:XXXXXXXXX5678 INDN:NORTHWIND CONSULTING CO ID:9101036151 CCD', '4900'],
    ['IRS TREAS 310 TAX REF 941 OVERPAYMENT', '4900'],
  ] as const)
    assert.deepEqual(decide(row(line, -128_400)), ['tax-refund', target], line);
  assert.equal(decide(row('ACH DEPOSIT IRS TREAS 310 TAX REF', -41_200, { regime: 's_corporation' }))?.[1], '4900');
});

test("net pay leaves by ACH, QuickBooks payroll's direct deposits too; a card's payroll line is the service's fee", () => {
  assert.deepEqual(decide(row('ACH Debit Intuit 87654321 Dir Dep 031524', 941_120)), ['payroll-net-pay', '6180']);
  assert.notEqual(
    decide(row('INTUIT *QBOOKS PAYROLL 800-446-8848 CA', 8_500, { kind: 'credit_card' }))?.[0],
    'payroll-net-pay',
  );
});

test("a power company's payment is a utility bill, cut short or after the entry's TYPE:; a state's revenue department cut short is a tax", () => {
  for (const line of [
    'ACH Withdrawal CENTRAL MAINE PWR CMP PAYMNT',
    'Withdrawal ACH ROCKY MTN POWER TYPE: PAYMENT ID: 1931087000 CO: ROCKY MTN POWER',
  ])
    assert.deepEqual(decide(row(line, 9_622)), ['utility-bill', '6170'], line);
  assert.deepEqual(decide(row('COLORADO DEPT RE TAXPAYMNT 240720 0003719920 ARKANSAS VALLEY', 41_822)), [
    'state-tax',
    '6140',
  ]);
});

test("more payroll services' tax impounds, a note's payment, premiums in two more banks' wordings, Wells Fargo's business card", () => {
  for (const line of ['ACH DEBIT EVEREE INC TAXES 240705 LONE STAR LABOR SOL', 'ACH DEBIT ISOLVED TAX IMPND 240308'])
    assert.deepEqual(decide(row(line, 1_190_431)), ['payroll-taxes', '6140'], line);
  for (const line of [
    'JAN-PRO OF TAMPA DES:NOTE PMT ID:FR-20931 INDN:SPARKLE PRO JANITORIAL CO ID:1593822710 CCD',
    'XFER TO LOAN ...2217',
  ])
    assert.deepEqual(decide(row(line, 41_500)), ['loan-payment', '2400'], line);
  for (const line of [
    'ACH CORP DEBIT PREMIUM AMERISURE MUTUAL PEACHTREE EVENT',
    'ELECTRONIC WITHDRAWAL To EMPLOYERS PREF REF=232830042218840N00 PREMIUM',
  ])
    assert.deepEqual(decide(row(line, 421_600)), ['insurance-premium', '6060'], line);
  assert.deepEqual(decide(row('WF BUS CREDIT AUTO PAY 240520 xxxxxxxxxxx8802 COASTAL CONNECT CON', 531_147)), [
    'card-payment-sent',
    'transfer',
  ]);
  assert.deepEqual(decide(row('DEBIT CARD PURCHASE - LCG OCCUPATIONAL LIC LAFAYETTE LA CARD6183', 5_000)), [
    'state-tax',
    '6140',
  ]);
});

test("a fuel jobber's draft or invoice for a load's price is stock for resale, for review; a fill-up's is driving", () => {
  for (const line of ['ACH Withdrawal GLOBAL PARTNERS LP FUEL EFT INV 88421', 'EFT DEBIT U S VENTURE INC FUEL'])
    assert.deepEqual(decide(row(line, 2_841_260)), ['fuel-load', '5000'], line);
  assert.deepEqual(decide(row('ACH Withdrawal GLOBAL PARTNERS LP FUEL EFT INV 88421', 41_260)), ['vehicle', '6010']);
  assert.deepEqual(decide(row('ACH DEBIT JONES OIL CO FUEL ACCT', 2_241_860)), ['vehicle', '6010']);
  // A health plan's name cut at the ACH company field's edge still names a health plan.
  assert.deepEqual(decide(row('ACH WITHDRAWAL 250101 PRESBYTERIAN HEA PREMIUM GRP 118402', 820_466)), [
    'health-plan-premium',
    '6050',
  ]);
});

test("earned fees moved out of a clients' or owners' trust account are the firm's revenue, not its own money moved", () => {
  for (const line of [
    'ONLINE TRANSFER FROM IOLTA XXXXXX2207 EARNED FEES',
    'Online Transfer from DDA XXXXXX5521 Mgmt Fees 04/04',
    'INTERNET TRANSFER FROM XXXXXX3329 TRUST LEASING FEES',
  ])
    assert.deepEqual(decide(row(line, -620_000)), ['fees-from-trust', '4100'], line);
  assert.notEqual(decide(row('Online Transfer from DDA XXXXXX5521', -620_000))?.[0], 'fees-from-trust');
});

test("field-service software's payment fees are the card processing it does, not its subscription", () => {
  assert.deepEqual(decide(row('ACH CORP DEBIT SERVICETITAN PMT FEES 241001 ST-44812', 61_288)), [
    'merchant-services-fees',
    '6210',
  ]);
});

test("utilities cut at the ACH field's edge, a card paid online with its number, a bank's monthly fee in plain words", () => {
  for (const line of [
    'ELECTRONIC PMT-WEB, VERMONT GAS SYSTE VGS ONLINE',
    'ELECTRONIC PMT-WEB, BURLINGTON TELEC AUTOPAY',
    'EXTERNAL WITHDRAWAL PUGET SOUND ENER - PSE WEB',
  ])
    assert.deepEqual(decide(row(line, 11_873)), ['utility-bill', '6170'], line);
  assert.deepEqual(decide(row('ONLINE PMT SYNOVUS CREDIT CARD 2203', 274_418)), ['card-payment-sent', 'transfer']);
  assert.deepEqual(decide(row('Monthly Business Fee', 500)), ['bank-fees', '6210']);
});

test("a control state's liquor board buys the cases it pays for; alcohol's excise and privilege taxes are taxes", () => {
  for (const line of [
    'CORPORATE ACH VENDOR PYMT PA LIQUOR CONTROL 231020',
    'ACH Credit IDAHO STATE LIQU VENDOR PMT 240209 HEADWATERS SPIRITS',
    'ACH CREDIT UTAH DABS VENDOR PAY 240611',
  ])
    assert.deepEqual(decide(row(line, -864_000)), ['state-liquor-board-payments', '4000'], line);
  // A Spanish bank's "DEP LIQ" is a settlement (liquidación), not a liquor board.
  assert.notEqual(decide(row('CREDITO ACH DEP LIQ COMERCIO 051224', -120_000))?.[0], 'state-liquor-board-payments');
  for (const line of ['ACH DEBIT MICH LIQUOR CONTR BEER TAX 240614 GRAND RIVER ALEHOUSE', 'ACH WD OLCC PRIVILEGE TAX'])
    assert.deepEqual(decide(row(line, 18_840)), ['state-tax', '6140'], line);
});

test('a business paid by Zelle is a guessed subcontractor, apart from the person-to-person guess', () => {
  const business = matchBuiltinRule(row('Zelle payment to Martinez Drain Services LLC JPM99B3K2X7Q', 145_000));
  assert.deepEqual(
    [business?.rule.name, business?.target, business?.rawScore, business?.rule.yieldsToTradeWords],
    ['app-payment-to-a-business', '6030', GUESS_SCORE, true],
  );
  assert.deepEqual(decide(row('Zelle payment to Luis Ortega JPM99C8R5T1M', 60_000)), [
    'person-to-person-payment',
    '6030',
  ]);
  // A licensed profession's letters after the name, or a professional firm's form, make the payee a practice paid for
  // its work: a round sum to it is no owner's draw.
  for (const line of [
    'ZELLE BUSINESS PAYMENT TO ANAND MEHTA DDS',
    'ZELLE BUSINESS PAYMENT TO MARISOL TREVINO ESQ CONF# Tr9004QA',
    'ZELLE TO NASHVILLE AESTHETIC MD PLLC CONF# Q8K1M2',
  ])
    assert.deepEqual(decide(row(line, 200_000)), ['app-payment-to-a-business', '6030'], line);
  assert.deepEqual(decide(row('ZELLE BUSINESS PAYMENT TO ANAND MEHTA', 200_000)), ['person-to-person-payment', '3200']);
});

test("a transfer to or from a person's own account is the owner's money, as a guess, unless its other leg is the business's", () => {
  for (const [description, amountMinor, target] of [
    ['ONLINE TRANSFER TO XXXXXX3387 HOLLOWAY', 800_000, '3200'],
    ['ONLINE TRANSFER TO ALVAREZ C EVERYDAY CHECKING XXXXXX0147 REF #IB0MRB2XL8 ON 03/29/24', 400_000, '3200'],
    ['ONLINE TRANSFER TO XXXXXX8821 PERSONAL CHECKING', 250_000, '3200'],
    ['WITHDRAWAL TRANSFER TO 7731455-S10 KOWALSKI, HENRY', 120_000, '3200'],
    ['Transfer to ANDRE WHITFIELD - TRUIST ****2217', 200_000, '3200'],
    ['ONLINE TRANSFER FROM XXXXXX4419 ANJALI MEHTA', -200_000, '3100'],
  ] as const) {
    const match = matchBuiltinRule(row(description, amountMinor));
    assert.deepEqual([match?.target, match?.rawScore], [target, GUESS_SCORE], description);
    // Once the other leg is found on the entity's own accounts, it is the business's own transfer.
    assert.notEqual(
      matchBuiltinRule({ ...row(description, amountMinor), transferLegFound: true })?.target,
      target,
      description,
    );
  }
  // The business's own accounts, and a payment app's transfer to a helper, are not the owner's.
  assert.equal(decide(row('TRANSFER TO SAVINGS XXXXX8802 BUILDING FUND', 10_000))?.[1], 'transfer');
  assert.equal(decide(row('Zelle Transfer To REYES UPHOLSTERY', 84_000))?.[1], '6030');
  assert.equal(decide(row('TRANSFER TO SHARE 0009 BUSINESS CHECKING', 50_000))?.[1], 'transfer');
});

test("an income-tax payment naming a person as the taxpayer is the owners' tax, as a guess; a business's name is not", () => {
  for (const description of [
    'IRS USATAXPYMT 041524 270551294783310 KRISTEN DOYLE',
    'IRS DES:USATAXPYMT ID:270461581294455 INDN:LUIS ORTEGA CO ID:3387702000 CCD',
  ]) {
    const match = matchBuiltinRule(row(description, 120_000, { date: '2026-03-02' }));
    assert.deepEqual([match?.target, match?.rawScore], ['3200', GUESS_SCORE], description);
  }
  assert.equal(
    decide(row('IRS USATAXPYMT 240415 270451234567890 HILL COUNTRY LAWN & LAND', 182_000, { date: '2026-03-02' }))?.[1],
    '6140',
  );
});

test("a farm's crop and livestock sold, a cooperative's patronage, a Farm Credit advance, a payroll service's tax impound", () => {
  for (const description of [
    'ACH CREDIT AGROPUR INC MILK PMT 240315 VAN DER BERG DAIRY',
    'ACH Deposit LANDUS GRAIN SETTLEMENT 240118 HOFFMANN GRAIN FARMS',
    'ACH CREDIT PRODUCERS LIVEST AUCTION PROCEEDS 240618 DIAMOND R RANCH',
  ]) {
    const match = matchBuiltinRule(row(description, -5_000_000));
    assert.deepEqual([match?.rule.name, match?.target, match?.rawScore], ['farm-product-sales', '4000', GUESS_SCORE]);
  }
  assert.deepEqual(decide(row('ACH CREDIT KEWAUNEE CO-OP PATRONAGE 240228', -174_266)), ['patronage-dividend', '4900']);
  assert.deepEqual(decide(row('ACH CREDIT NORTHWEST FCS DISBURSE 9001835', -15_000_000)), [
    'farm-credit-advance',
    '2400',
  ]);
  // Money leaving for a crop is no sale.
  assert.notEqual(decide(row('ACH DEBIT BIRDSONG PEANUTS SEED ACCT', 4_288_000))?.[0], 'farm-product-sales');
  for (const description of [
    'ACH DEBIT INTUIT TAX 0424 TAX 240615 DOUBLE BAR K',
    'ACH DEBIT HEARTLAND PAYRLL TAX IMPOUND 240726',
  ])
    assert.deepEqual(decide(row(description, 94_137)), ['payroll-taxes', '6140'], description);
});

test("a city's income tax and a state's treasury or tax department read as whose income it is; a driver's platform pay is service income", () => {
  // A business's remittance (withheld from wages), unless an estimate or a person is named.
  assert.deepEqual(
    decide(row('CITY OF COLUMBUS DES:INC TAX ID:JXJE6QAC5 INDN:OLENTANGY FAMILY DENTISTRY INC PPD', 4_500)),
    ['local-income-tax', '6140'],
  );
  assert.equal(decide(row('CITY OF COLUMBUS INCOME TAX EST PMT', 4_500))?.[1], '3200');
  for (const description of [
    'OHIO DEPT TAX ESTIMATED PMT',
    'WITHDRAWAL ACH STATE OF MICH TREAS TYPE: MI-1040ES CO: MICHIGAN DEPT TREAS',
  ])
    assert.equal(decide(row(description, 30_000))?.[1], '3200', description);
  for (const description of [
    'Direct Deposit from DOORDASH, INC.',
    'Instant Transfer from DOORDASH DASHER FAST PAY',
    'GRUBHUB HOLDINGS DES:DRIVERPAY ID:XXXXX0312 INDN:LUIS ORTEGA CO ID:XXXXX02163 CCD',
  ])
    assert.deepEqual(decide(row(description, -40_000)), ['gig-driver-pay', '4100'], description);
  // A restaurant's payout from the same platform is no driver's pay.
  assert.notEqual(decide(row('DOORDASH INC PAYOUT 0412', -120_000))?.[0], 'gig-driver-pay');
});

test("an online bank's paid plan is its fee, Pay.gov a federal agency's charge, a line of credit's interest said after its number", () => {
  for (const description of ['Found Plus subscription', 'Lili Pro Subscription', 'SpotMe Tip'])
    assert.deepEqual(decide(row(description, 1_999)), ['bank-plan-fee', '6210'], description);
  assert.equal(decide(row('Mercury Treasury', 1_999))?.[0], undefined);
  assert.deepEqual(decide(row('WWW.PAY.GOV DEA REGISTR 800-882-9539 TX', 88_800, { kind: 'credit_card' })), [
    'federal-fees',
    '6140',
  ]);
  assert.deepEqual(decide(row('LOAN PAYMENT LOC XXXXX8830 INTEREST', 31_255)), ['interest-charged', '6070']);
  assert.deepEqual(decide(row('LOAN PAYMENT LOC XXXXX8830', 31_255)), ['loan-payment', '2400']);
  assert.equal(decide(row('ACH DEBIT MAINE REVENUE SVC ESTPMT 240415', 42_000))?.[1], '3200');
});

test('an SBA disaster loan repaid through Pay.gov stays a loan payment', () => {
  assert.deepEqual(decide(row('ACH Paid To Sba Eidl Loan Pay.gov', 73_100)), ['loan-payment', '2400']);
});

test("a travel site's commission billed to a host, a regulator's fee, an occupancy or property tax, a linen service", () => {
  for (const description of ['BOOKING.COM BV DIRECTDEBIT 0304 INV1099231', 'ACH DEBIT EXPEDIA INC PAYMENT 0000088123'])
    assert.deepEqual(decide(row(description, 38_810)), ['travel-site-commission', '6020'], description);
  // A trip bought on a card is not a commission.
  assert.notEqual(
    decide(row('EXPEDIA 72634 EXPEDIA.COM WA', 41_200, { kind: 'credit_card' }))?.[0],
    'travel-site-commission',
  );
  for (const description of [
    'CA PUBLIC UTILITIES COMMISSION',
    'BUNCOMBE CO TAX OCCUPANCY TAX 0420',
    'ACH DEBIT WILSON CO TRUSTEE PROPTAX 022824',
    'LARA CORP ANNUAL REPORT',
  ])
    assert.deepEqual(decide(row(description, 15_000)), ['state-tax', '6140'], description);
  const linen = matchBuiltinRule(row('ACH DEBIT OC LINEN SVC INV 4410', 184_620));
  assert.deepEqual([linen?.rule.name, linen?.target, linen?.rawScore], ['linen-service', '6120', GUESS_SCORE]);
});

test("a dealer's floor plan: advances borrowed, payoffs and curtailments repaid, its interest an expense; a card paid to a bank's card services", () => {
  assert.deepEqual(decide(row('ACH Deposit NEXTGEAR CAPITAL FLOOR ADV 7712304 EASTSIDE MOTORS', -980_000)), [
    'loan-proceeds',
    '2400',
  ]);
  for (const description of [
    'CORPORATE ACH TD BANK INV FIN PAYOFF 240420 GREENWAY SMALL ENGINE',
    'PREAUTHORIZED DEBIT NORTHPOINT COMM CURTAIL 240401 THUNDER VALLEY',
    'ACH Withdrawal WESTLAKE FLOORI PAYOFF 240418 EASTSIDE MOTORS LLC',
  ])
    assert.deepEqual(decide(row(description, 582_000)), ['loan-payment', '2400'], description);
  for (const description of [
    'CORPORATE ACH TD BANK INV FIN INTEREST 240401 GREENWAY SMALL ENGI',
    'ACH Withdrawal NEXTGEAR CAPITAL INT FEES 7712304 EASTSIDE MOTORS',
  ])
    assert.deepEqual(decide(row(description, 21_438)), ['interest-charged', '6070'], description);
  assert.deepEqual(decide(row('ACH Withdrawal PNFP CARD SVC CARD PMT 4401 EASTSIDE MOTORS LLC', 287_455)), [
    'card-payment-sent',
    'transfer',
  ]);
  // An own transfer under a business's equipment-rental name rents nothing.
  assert.notEqual(
    decide(row('Online Transfer to SUMMIT EQUIPMENT RENTAL Business Market Rate Savings xxxxxx4521', 1_000_000))?.[1],
    '6100',
  );
  for (const description of [
    'CORPORATE ACH LFUCG REVENUE OCC LIC 240415 GREENWAY SMALL ENGINE',
    'ACH Withdrawal KNOX CO CLERK TITLE FEES 0416 EASTSIDE MOTORS',
  ])
    assert.deepEqual(decide(row(description, 64_217)), ['state-tax', '6140'], description);
});

test('gifts and grants received are other income, whatever platform paid them out', () => {
  for (const description of [
    'GIVEBUTTER INC   PAYOUT    240304 EASTSIDE COMMUNITY FO',
    'ACH DEPOSIT UNITED WAY OF GR GRANT PMT 240325',
    'ELECTRONIC DEPOSIT BENEVITY FUND      REF=240501000447210',
    'ACH CREDIT PAYPAL GIVING FUND DONATIONS',
  ])
    assert.deepEqual(decide(row(description, -25_000)), ['donations-and-grants', '4900'], description);
  // A person paying by Zelle is no grant, though GRANT is their name.
  assert.notEqual(
    decide(row('ZELLE FROM TAMEKA GRANT ON 08/02 REF # WFCT0NUR1PU', -40_000))?.[0],
    'donations-and-grants',
  );
  // A gift given is no income.
  assert.notEqual(decide(row('DONATION AMERICAN RED CROSS', 5_000))?.[0], 'donations-and-grants');
});

test("a tenant's refundable deposit is held for them, taken in or given back; a chargeback takes back a sale", () => {
  assert.deepEqual(decide(row('ZELLE FROM LATOYA BROOKS SEC DEPOSIT 5518 CAMINO', -150_000)), [
    'security-deposit-held',
    '2000',
  ]);
  assert.deepEqual(
    decide(row('ZELLE TO DIANA ORTIZ ON 03/27 REF # WFCT0R8T1N3C DEPOSIT REFUND SECURITY DEP', 100_000)),
    ['security-deposit-returned', '2000'],
  );
  assert.notEqual(
    decide(row('ZELLE FROM DIANA ORTIZ SECURITY DEPOSIT REFUND', -100_000))?.[0],
    'security-deposit-held',
  );
  assert.deepEqual(decide(row('ACH DEBIT GINGR PAYMENTS CHARGEBACK CB240311 BARKLEY ACRES', 31_200)), [
    'chargeback',
    '4200',
  ]);
  assert.deepEqual(decide(row('BANKCARD 8076 CHGBK 518089201114', 7_499)), ['chargeback', '4200']);
  assert.notEqual(decide(row('STRIPE CHARGEBACK FEE', 1_500))?.[0], 'chargeback');
});

test("courts' filing fees are legal costs; a state's treasury, a county treasurer's real-estate tax and a licence year are taxes and licences", () => {
  assert.deepEqual(decide(row('BEXAR CO JP PCT 3 SAN ANTONIO TX', 5_400, { kind: 'credit_card' })), [
    'court-costs',
    '6080',
  ]);
  assert.deepEqual(decide(row('DEBIT CARD PURCHASE 04-09-24 ALEXANDRIA GEN DIST COURT ALEXANDRIA VA', 5_800)), [
    'court-costs',
    '6080',
  ]);
  assert.deepEqual(decide(row('Withdrawal ACH MICHIGAN TREASURY TYPE: SUW TAX CO: STATE OF MICHIGAN', 28_614)), [
    'state-tax',
    '6140',
  ]);
  assert.deepEqual(decide(row('ACH DEBIT FRANKLIN CO TREAS REAL ESTATE TAX 010-218834', 348_216)), [
    'state-tax',
    '6140',
  ]);
  assert.deepEqual(decide(row('ACH DEBIT DELAWARE CO AUDITOR KENNEL LIC 2024', 17_500)), ['state-tax', '6140']);
  assert.equal(decide(row('TREASURY DIRECT', 100_000))?.[0] === 'state-tax', false, 'a savings bond is no state tax');
});

test('a utility is paid by its bill-pay wording; a credit union numbers cards among loans and savings as shares', () => {
  assert.deepEqual(decide(row('GREEN MTN POWER WEB PMT 0911283', 31_847)), ['utility-bill', '6170']);
  assert.deepEqual(decide(row('ACH Debit INTERMOUNTAIN GAS - WEB PMT', 6_145)), ['utility-bill', '6170']);
  assert.deepEqual(decide(row('ACH DEBIT SEVIER CO ELEC SYS BILL PAY', 38_827)), ['utility-bill', '6170']);
  assert.notEqual(
    decide(row('SHELL GAS STATION 1234', 4_500))?.[0],
    'utility-bill',
    'a gas station is paid at its pump',
  );
  assert.deepEqual(decide(row('Transfer To Loan 0080 ICCU VISA BUSINESS', 98_624)), [
    'credit-union-card-loan',
    'transfer',
  ]);
  assert.notEqual(
    decide(row('Transfer To Loan 0080 ICCU VISA BUSINESS', 98_624, { kind: 'credit_card' }))?.[0],
    'credit-union-card-loan',
    'a card account pays no card',
  );
  assert.equal(decide(row('Withdrawal Transfer To 0000440552 S01', 500_000))?.[1], 'transfer');
});

test("California's Franchise Tax Board collects owners' income tax too: its name says nothing of whose tax is paid", () => {
  assert.deepEqual(decide(row('ACH Withdrawal FRANCHISE TAX BD - PIT ESTPMT', 45_000)), ['state-tax', '3200']);
  assert.deepEqual(decide(row('FRANCHISE TAX BD PAYMENTS LLC FEE', 80_000)), ['state-tax', '6140']);
  assert.equal(matchBuiltinRule(row('FRANCHISE TAX BOARD WEB PMT', 40_000))!.rawScore, GUESS_SCORE);
});

test("a transfer to a credit-union member named as a person or as the owner is the owner's draw, as a guess; a neobank's reserve is the business's own", () => {
  assert.deepEqual(decide(row('Withdrawal Transfer To Member 2283114 DANA K OWNER', 220_000)), [
    'transfer-to-a-person',
    '3200',
  ]);
  const ownerPay = matchBuiltinRule(row('Transfer to TRUIST ****3108 Owner Pay', 200_000));
  assert.deepEqual([ownerPay?.target, ownerPay?.rawScore], ['3200', GUESS_SCORE]);
  assert.equal(decide(row('Transfer to Novo Reserve - Taxes', 200_000))?.[1], 'transfer');
});

test("a person paid with a memo of DRAW or DISTRIBUTION is the owner's draw, as a guess; a debit entered as SUBSCRIPTION is software", () => {
  assert.deepEqual(decide(row('ZELLE PAYMENT TO NOAH FITZGERALD DRAW', 200_000)), ['draw-memo', '3200']);
  assert.equal(matchBuiltinRule(row('ZELLE PAYMENT TO NOAH FITZGERALD DRAW', 200_000))!.rawScore, GUESS_SCORE);
  assert.notEqual(decide(row('ZELLE PAYMENT TO METRO DISTRIBUTION LLC', 80_000))?.[0], 'draw-memo');
  assert.deepEqual(decide(row('ACH WITHDRAWAL IDEXX NEO SUBSCRIPTION', 34_900)), ['subscription-debit', '6200']);
  assert.deepEqual(decide(row('ACH DEBIT BUILDIUM LLC SUBSCRIP 9920341', 6_200)), ['subscription-debit', '6200']);
  assert.notEqual(decide(row('NETFLIX SUBSCRIPTION', 1_549, { kind: 'credit_card' }))?.[0], 'subscription-debit');
});

test("a payment to someone whose memo says what for: a contractor's pay, a tip-out, mileage, the owner's pay", () => {
  for (const [line, rule, target] of [
    ['ACH to Tyler Brandt - Contractor Pay', 'contractor-memo', '6030'],
    ['ACH Out: DeShawn Carter - 1099 labor', 'contractor-memo', '6030'],
    ['Zelle payment to Maria Lopez subcontractor framing', 'contractor-memo', '6030'],
    ['TD ZELLE SENT, 6YT3KP Zelle Kyle Perreault TIPS 3/9-3/15', 'tips-memo', '6180'],
    ['Zelle payment to Hoang Le for "tips 3/4-3/10"; Conf# T0P8HJ2QK', 'tips-memo', '6180'],
    ['Zelle Payment To JORDAN HAYES mileage wk 3/11', 'mileage-memo', '6010'],
    ['ACH Out: Jalen Brooks - Owner Pay', 'draw-memo', '3200'],
  ] as const)
    assert.deepEqual(decide(row(line, 41_200)), [rule, target], line);
  // The memo's word must follow a payee: a company whose name begins with it is no memo.
  assert.notEqual(decide(row('ACH DEBIT TIPS RESTAURANT SUPPLY', 41_200))?.[0], 'tips-memo');
  assert.notEqual(decide(row('ZELLE TO MILEAGE PLUS TRAVEL LLC', 41_200))?.[0], 'mileage-memo');
});

test("a town's treasurer, an employer's tax, a licence a city or a health department issues, a coin order's fee, a power company's bill", () => {
  for (const [line, target] of [
    ['5/3 BILL PAYMENT TO GARFIELD CHARTER TOWNSHIP TREAS', '6140'],
    ['KY REVENUE WITHHOLDING SUMMIT CLAIMS', '6140'],
    ['ACH WITHDRAWAL RI DLT EMPLOYER TAX CCD', '6140'],
    ['ACH DEBIT MN UI PROGRAM EMPLOYER TAX', '6140'],
    ['SEATTLEGOV BUS LIC 206-684-8484 WA', '6140'],
    ['ACH DEBIT CDH FOOD ESTABLISHMENT LIC', '6140'],
    ['ACH DEBIT COLUMBUS PUBLIC HLTH FOOD LIC', '6140'],
    ['COIN AND CURRENCY ORDER FEE', '6210'],
    ['CCD DEBIT, CENTRAL MAINE PWR CMP BILL 031224', '6170'],
    ['PUGET SOUND ENER BILLPAY 240307', '6170'],
    ['HAWAIIAN TELCOM BUS PYMT 240308', '6170'],
    ['GCI COMMUNICATION BUS PMT 240308', '6170'],
    ['FIRST HAWAIIAN BK CC PMT 240318', 'transfer'],
    ['ONLINE PMT CAMDEN NATIONAL BANK CARD WEB PMT', 'transfer'],
  ] as const)
    assert.equal(decide(row(line, 41_200))?.[1], target, line);
});

test("a maker's finance arm, an equipment lender, a payroll service's tax impound", () => {
  for (const [line, target] of [
    ['ACH Withdrawal JOHN DEERE FIN JDF PMT 3300451 HOFFMANN', '2400'],
    ['Withdrawal ACH TOYOTA MOTOR CR TYPE: PAYMENT', '2400'],
    ['STEARNS BANK NA DES:EQUIP PMT ID:0004418 INDN:BIG RIG DIESEL SERVICE CO ID:1410787021 CCD', '2400'],
    ['ESSEX CREDIT CO PAYMENT 240505 XXXXX8812', '2400'],
    ['ACH DEBIT ADP TX/FINCL SVC 240315 SENTINEL PEST CONTROL', '6140'],
    ['INTUIT TAX PAYMT 240308 5582019 TWO BROTHERS MOVING LLC', '6140'],
  ] as const)
    assert.equal(decide(row(line, 241_200))?.[1], target, line);
  assert.equal(decide(row('CAPITAL ONE CRCARDPMT', 241_200))?.[1], 'transfer');
});

test('an ACH debit whose entry says ads or promotion is advertising, whichever company bills it', () => {
  assert.deepEqual(
    decide(row('DOORDASH, INC. DES:ADS ID:ST-ADS0311 INDN:PHO BAC EXPRESS LLC CO ID:XXXXX95413 CCD', 12_000)),
    ['ads-billed', '6000'],
  );
  assert.deepEqual(decide(row('ACH DEBIT GRUBHUB INC MKTG PROMO', 7_500)), ['ads-billed', '6000']);
  assert.notEqual(decide(row('PROMO PRINTING LLC', 7_500))?.[0], 'ads-billed');
});

test("a card's payment said as coming from checking; a bank's own words for a move between the business's accounts", () => {
  assert.deepEqual(decide(row('PAYMENT FROM CHK 9921', -531_288, { kind: 'credit_card' })), [
    'card-payment-received',
    'transfer',
  ]);
  // Issuers print the paying bank, or only that a payment came, in as many words.
  for (const line of [
    'PAYMENT FROM REGIONS BANK ...4410',
    'PMT RECEIVED - ONLINE BANKING',
    'CARD PAYMENT',
    'MOBILE PYMT',
  ])
    assert.deepEqual(decide(row(line, -84_000, { kind: 'credit_card' })), ['card-payment-received', 'transfer'], line);
  assert.notEqual(
    decide(row('RETURN HOBBY LOBBY #412', -3_499, { kind: 'credit_card' }))?.[0],
    'card-payment-received',
  );
  assert.equal(decide(row('MOBILE BANKING TRANSFER WITHDRAWAL 7702', 800_000))?.[0], 'own-transfer');
});

test("employers' state premiums, payroll services' legal names, cards paid by their own names, investors' wires", () => {
  for (const [description, amountMinor, expected] of [
    ['DOMINION NC GAS PAYMENT 240517 PPD', 7_240, ['utility-bill', '6170']],
    ['Fee Outgoing Wire', 2_500, ['bank-fees', '6210']],
    ['Fee for Instant Transfer', 1_050, ['bank-fees', '6210']],
    ['ACH to TN DEPT OF LABOR - SUI Q1', 41_200, ['state-tax', '6140']],
    ['CO FAMLI PREMIUM 250430 Q1-2025 QUILLMARK DATA LLC', 61_700, ['state-tax', '6140']],
    ['ACH DEBIT PEOPLE CENTER INC TAXES 250115', 912_000, ['payroll-taxes', '6140']],
    ['ACH DEBIT: INTUIT * NETPAY 250731', 1_840_000, ['payroll-net-pay', '6180']],
    ['ACH DEBIT: INTUIT * TAXPAY 250715', 512_000, ['payroll-taxes', '6140']],
    ['ELECTRONIC WITHDRAWAL TO REGENCE BLUESHIELD INS PREM', 118_400, ['health-plan-premium', '6050']],
    ['Withdrawal Transfer To Visa 80', 221_685, ['card-payment-sent', 'transfer']],
    ['Online Payment to Regions Visa ...2087', 264_190, ['card-payment-sent', 'transfer']],
    [
      'INCOMING WIRE TRANSFER 0307 FROM NORTHGATE CAPITAL PARTNERS REF SERIES A',
      -150_000_000,
      ['equity-investment', '3100'],
    ],
    ['Wire Transfer Deposit PRAIRIEWIND VENTURES II LP', -50_000_000, ['venture-investor', '3100']],
    ['ACH DEBIT OHIO IT 1040ES ESTIMATED PMT', 80_000, ['individual-estimate', '3200']],
    ['ACH DEBIT HEARTLAND PMT SYS TXNS/FEES 650000012874412', 9_614, ['merchant-services-fees', '6210']],
    ['SQUARE INC SQ PRL TAX 250110 CCD', 118_220, ['payroll-taxes', '6140']],
    ['RETURN ITEM CHARGEBACK FEE', 1_200, ['bank-fees', '6210']],
    ['ACH Payment - DESERT FINANCIAL VISA PMT', 84_210, ['card-payment-sent', 'transfer']],
    ['Withdrawal ACH DFCU VISA TYPE: PAYMENT CO: DFCU FINANCIAL', 120_000, ['card-payment-sent', 'transfer']],
    ['CURRENCY ORDER LOOMIS 010224 VAULT 118', 500_000, ['atm-cash', '1000']],
    ['ACH Payment - ADOR TPT EFT 2900018842 TPT-EZ', 64_410, ['state-tax', '6140']],
    ['ACH DEBIT GWINNETT CO DWR WEB PMT', 18_840, ['utility-bill', '6170']],
    ['RETURN ITEM CHARGEBACK CK 4418 NSF', 112_640, ['deposited-item-returned', '4100']],
    ['DEPOSIT ITEM RETURNED CK 0311', 17_500, ['deposited-item-returned', '4100']],
    ['INGLES GAS #045', 5_420, ['vehicle', '6010']],
    ['ACH Withdrawal CENTRAL MAINE POW PAYMENT 250415', 14_220, ['utility-bill', '6170']],
    ['ACH Withdrawal MAINE REV SVCS EST PYMT 250415', 60_000, ['state-tax', '3200']],
    ['Outgoing ACH to KEVIN OSEI', 45_000, ['ach-to-a-person', '6030']],
    ['AMERICAN RED CROSS DONATION', 5_000, ['donation-made', '6250']],
    ['Mercury ACH to Sam Carver (Chase 4471)', 500_000, ['ach-to-a-person', '3200']],
    ['CCD DEBIT, MERCEDES-BENZ FIN LEASE PMT 0031887', 118_400, ['vehicle-lease', '6100']],
    ['ACH DEBIT PATHWARD TRAILER LN PMT 0044817', 64_210, ['loan-payment', '2400']],
    ['MAINT FEE', 1_500, ['bank-fees', '6210']],
    ['ACH DEBIT DENVER TREASURY BPP TAX 250228', 41_800, ['state-tax', '6140']],
    ['ACH DB GREAT CLIPS INC ADV FUND 1184', 153_555, ['franchise-ad-fund', '6000']],
    ['CORPORATE ACH SCENTHOUND BRAND FUND', 24_660, ['franchise-ad-fund', '6000']],
    ['ACH DB GREAT CLIPS INC MKT COOP 1184', 61_240, ['franchise-ad-fund', '6000']],
    ['XPONENTIAL FITNESS TECH FEE 240301 CP2041', 45_000, ['franchise-tech-fee', '6200']],
    ['ACH DEBIT - TN DEPT LAB WKF PREMIUM 240430 GLOW AESTHETICS', 28_460, ['state-tax', '6140']],
    ['PAYMENT ACH HACIENDA SURI IVU 0324', 74_260, ['state-tax', '6140']],
    ['ACH DEBIT MUNICIPALITY CAGUAS PATENTE', 64_200, ['state-tax', '6140']],
    ['ATH MOVIL SENT TO JOSE M RIVERA', 48_000, ['person-to-person-payment', '6030']],
    ['WF Business LOC Auto Pay', 150_000, ['loan-payment', '2400']],
    ['Withdrawal - Teller', 20_000, ['atm-cash', '1000']],
    ['ACH DEBIT GUSTO TAX 031524 2C4 VEGA TAX & NOTA', 128_815, ['payroll-taxes', '6140']],
    ['ACH DEBIT - IBEW LOCAL 143 FUNDS 031524 KEYSTONE', 241_060, ['union-benefit-funds', '6050']],
    ['ACH Debit HOME DEPOT CRD SVCS PAYMENT 240318', 132_045, ['card-payment-sent', 'transfer']],
  ] as const)
    assert.deepEqual(decide(row(description, amountMinor)), expected, description);
  // Oregon's corporate activity tax and Ohio's commercial activity tax are the business's own, estimate or not.
  assert.deepEqual(decide(row('ELECTRONIC WITHDRAWAL To OR DEPT OF REVENUE REF=250430020112009Y00 CAT EST', 120_000)), [
    'state-tax',
    '6140',
  ]);
  // A payroll service's net pay is wages whatever tax the receiver's name holds; GRANT after a transfer's FROM is a name.
  assert.notEqual(decide(row('ACH DEBIT GUSTO NET 031524 2C4 VEGA TAX & NOTA', 426_030))?.[0], 'payroll-taxes');
  assert.notEqual(
    decide(row('TRUIST ONLINE TRANSFER FROM XXXXXX3307 MARISOL GRANT', -250_000))?.[0],
    'donations-and-grants',
  );
  // Teachers Pay Teachers prints TPT* as a processor's prefix: no Arizona transaction privilege tax.
  assert.equal(decide(row('DEBIT CARD PURCHASE XXXXX4412 TPT* TEACHERSPAYTEACH NEW YORK NY', 2_400)), null);
  // Hacienda alone names restaurants; Form 941-PR is a payroll deposit, the business's own tax.
  assert.equal(decide(row('HACIENDA MEXICAN RESTAURANT', 4_200)), null);
  assert.deepEqual(decide(row('ACH PAYMENT IRS USATAXPYMT 941PR', 135_490)), ['federal-tax', '6140']);
  // Washington's workers' compensation premiums, plural too, are no licence (the insurance keywords read them).
  assert.equal(decide(row('EXTERNAL WITHDRAWAL WA DEPT OF L&I - PREMIUMS', 88_412)), null);
  // An ACH to a company is no person paid.
  assert.notEqual(decide(row('ACH to GREENLEAF PROPERTIES - RENT', 250_000))?.[0], 'ach-to-a-person');
  // A suite's rent cut short ("FLEX SUI RENT") is no state unemployment insurance.
  assert.deepEqual(decide(row('ELECTRONIC PAYMENT GRANDVIEW FLEX SUI RENT 250102', 85_000)), ['rent', '6110']);
  // Washington's Labor & Industries bills workers' compensation, an insurance premium, not a tax.
  assert.notEqual(decide(row('WA DEPT LABOR & INDUSTRIES QTRLY PREM', 68_840))?.[0], 'state-tax');
  // A station's fuel card bill prints a short payment after GAS; a venture fund's name alone is a guess.
  assert.notEqual(decide(row('SHELL OIL 57444 GAS PMT', 5_000))?.[0], 'utility-bill');
  assert.equal(
    matchBuiltinRule(row('Wire Transfer Deposit PRAIRIEWIND VENTURES II LP', -50_000_000))?.rawScore,
    GUESS_SCORE,
  );
});

test("a co-op's and a town's utilities, a line of credit drawn and repaid, a business's own estimated taxes, an EBT settlement", () => {
  // Electric membership corporations (the South's electric co-ops), a town's gas department, a board of water supply.
  for (const line of [
    'ACH DEBIT DUCK RIVER ELEC MEMB CORP',
    'ACH DEBIT MIDDLE TN ELECTRIC MEMB',
    'ACH DEBIT LEWISBURG GAS DEPT',
    'ACH DEBIT BOARD OF WATER SUPPLY HNL',
    'ELECTRONIC PMT-WEB, CENTRAL MAINE POW BILLPAY 0312',
    // Utilities' names cut where the ACH company field ends (16 characters).
    'ACH DEBIT MIDDLE TN ELECTR BILL PAY 240311',
    'CORPORATE ACH KENTUCKY UTILITIE BILLPAY 240414',
    'ACH WITHDRAWAL LUBBOCK POWER & BILL PAY 4412900',
    'External Withdrawal TACOMA PUBLIC UT - WEB PMT',
  ])
    assert.deepEqual(decide(row(line, 28_840)), ['utility-bill', '6170'], line);
  assert.deepEqual(decide(row('MONTHLY BUSINESS ACCT FEE', 1_500)), ['bank-fees', '6210']);
  assert.deepEqual(decide(row('OUTWARD REMITTANCE CHARGE', 3_500)), ['bank-fees', '6210']);
  assert.deepEqual(decide(row('ONLINE TRANSFER FROM LOC XXXX9027', -1_000_000)), ['loan-proceeds', '2400']);
  assert.deepEqual(decide(row('ONLINE TRANSFER TO LOC XXXX9027', 250_000)), ['loan-payment', '2400']);
  // An equipment lender's payment is a loan's, not a card's, whichever bank's name leads it; a fleet card's bill is a card's.
  assert.deepEqual(decide(row('ACH Withdrawal WELLS FARGO EQUIP FIN PAYMENT DEEP ROCK WELL', 486_240)), [
    'loan-payment',
    '2400',
  ]);
  assert.deepEqual(decide(row('ELECTRONIC WITHDRAWAL VOYAGER FLEET SYS PAYMENT 240318', 114_465)), [
    'card-payment-sent',
    'transfer',
  ]);
  // An insurance premium's finance company is paid for the policy, not a bank loan (the directory lists them).
  assert.notEqual(decide(row('ACH DEBIT IPFS CORP FINANCE PMT 7744102', 112_044))?.[0], 'loan-payment');
  // New York City's unincorporated business tax and a corporation's estimate are the business's own taxes, not the owners'.
  assert.deepEqual(decide(row('NYC DEPT OF FINANCE UBT EST PMT', 68_000))?.[1], '6140');
  assert.deepEqual(decide(row('ACH DEBIT FRANCHISE TAX BD CORP EST PMT 1Q24', 180_000))?.[1], '6140');
  assert.deepEqual(decide(row('ACH DEBIT FRANCHISE TAX BD PIT EST PMT 1Q24', 180_000))?.[1], '3200');
  assert.deepEqual(decide(row('ACH Debit CDLE UI PREMIUM Q1 2024', 41_250)), ['state-tax', '6140']);
  // Licences a contractor holds, and a trade's permits.
  assert.deepEqual(decide(row('AURORA CO CONTRACTOR LIC AURORA CO', 15_000, { kind: 'credit_card' }))?.[1], '6140');
  assert.deepEqual(decide(row('OH ELICENSE CILB COLUMBUS OH', 12_000, { kind: 'credit_card' }))?.[1], '6140');
  assert.deepEqual(decide(row('WA L&I ELECTRICAL PERMIT', 28_650, { kind: 'credit_card' }))?.[1], '6140');
  // SNAP paid to a grocer through the state's EBT processor is its food sales.
  assert.deepEqual(decide(row('ACH CREDIT CONDUENT EBT SETTLEMENT NY 0311', -341_280)), ['ebt-settlement', '4000']);
  assert.deepEqual(
    decide(row('ACH CREDIT NAB MERCH SETTLE 4440012788', -1_421_866))?.[0],
    'merchant-services-deposits',
  );
  assert.deepEqual(decide(row('ACH DEBIT TWIA POLICY PREMIUM 2024-25', 884_000)), ['insurance-premium', '6060']);
  // A platform's negative balance taken back is refunds after the payout, not the platform's plan.
  assert.deepEqual(decide(row('KAJABI PAYMENTS NEG BAL DEBIT', 29_700)), ['platform-negative-balance', '4200']);
  // Stripe pays out net of its fees: its debit of the bank account is a shortfall, unless it names a fee or its Capital.
  assert.deepEqual(decide(row('ACH DEBIT STRIPE TRANSFER ST-P8X2L0R4F7H1', 41_200)), [
    'platform-negative-balance',
    '4200',
  ]);
  assert.notEqual(decide(row('STRIPE BILLING FEES 240301', 2_900))?.[0], 'platform-negative-balance');
  assert.notEqual(decide(row('STRIPE CAPITAL LOAN PMT 240301', 82_000))?.[0], 'platform-negative-balance');
  // An ACH to an account its wording calls personal is the owner's.
  assert.deepEqual(decide(row('ACH DEBIT SADIE BURKE PERSONAL XFER', 120_000)), ['to-personal-account', '3200']);
  assert.deepEqual(decide(row('ACH Debit TESSA HOLLIS PERSONAL', 500_000)), ['to-personal-account', '3200']);
  assert.notEqual(decide(row('ACH DEBIT PERSONAL TRAINING INSTITUTE', 50_000))?.[0], 'to-personal-account');
});

test("a payer the directory lists as paying revenue of its kind decides over a deposit's entry words", async () => {
  const [eats, unlisted] = await categorizeCold([
    coldEngineRow({
      id: 'eats',
      description: 'Electronic Deposit From UBER EATS REF=240670011223344N00 1800948598PAYMENT',
      direction: 'in',
      bankAccountKind: 'checking',
    }),
    coldEngineRow({
      id: 'unlisted',
      description: 'ELECTRONIC DEPOSIT PAPIO VALLEY MECHANIC PAYMENT',
      direction: 'in',
      bankAccountKind: 'checking',
    }),
  ]);
  // Uber Eats pays a restaurant for the food it sold; an unlisted company's payment stays the service default.
  assert.equal(eats.target, '4000');
  assert.equal(unlisted.target, '4100');
});

test("Texas's comptroller and appraisal districts, a payroll service's net pay for a dental practice, a lender's FIN PAYMENT", () => {
  // Texas taxes no individual's income: its comptroller's debit is the business's own tax, as are its appraisal districts'.
  assert.deepEqual(decide(row('COMPTROLLER PUB A TAX PAYMNT PPD ID: 1746000164', 112_240)), ['state-tax', '6140']);
  assert.deepEqual(decide(row('ACH DEBIT ECTOR CAD TAX PMT 240129', 220_677)), ['state-tax', '6140']);
  assert.deepEqual(
    decide(row('MCLENNAN CAD DES:TAX PMT ID:P00412288 INDN:BRAZOS CRUMB BAKERY CO ID:1746001882 PPD', 61_130)),
    ['state-tax', '6140'],
  );
  assert.deepEqual(decide(row('ACH DEBIT GILLESPIE APPRAISAL DISTRICT 240130', 482_016)), ['state-tax', '6140']);
  // The business's own name after a payroll service's entry is no benefit plan.
  assert.deepEqual(decide(row('ACH DEBIT PAYLOCITY CORP NET PAY 240315 LEGACY SMILES DENTAL', 1_873_306))?.[1], '6180');
  assert.deepEqual(decide(row('ACH DEBIT PAYLOCITY CORP TAX COLL 240315 LEGACY SMILES DENTAL', 642_091))?.[1], '6140');
  assert.deepEqual(decide(row('ACH DEBIT PAYLOCITY CORP DENTAL PLAN 240315', 84_000))?.[1], '6050');
  assert.deepEqual(decide(row('ACH Withdrawal JOHN DEERE FIN PAYMENT 240315', 61_200)), ['loan-payment', '2400']);
  // A credit union's card among its loans, paid as a VISA; a board that licenses contractors.
  assert.deepEqual(decide(row('ROGUE CU VISA PMT TRANSFER TO LOAN 09', 450_000))?.[1], 'transfer');
  assert.deepEqual(
    decide(row('OR Construction Contractors Bd Salem OR', 32_500, { kind: 'credit_card' }))?.[1],
    '6140',
  );
  // A travel site debits a host's checking by ACH for its commission: a traveller pays it by card.
  assert.deepEqual(decide(row('Withdrawal ACH BOOKING.COM TYPE: B.V. ID: 1184299001 CO: BOOKING.COM', 112_430)), [
    'travel-site-commission',
    '6020',
  ]);
  // Tax words glued or cut where the field ends, a county collector's, Pennsylvania's earned-income collectors, FINRA's
  // registration, a state's driver and vehicle services glued to its code.
  assert.deepEqual(decide(row('CORPORATE ACH TAXPAYMENT OHIO BUS GATEWAY CAT', 48_000))?.[1], '6140');
  assert.deepEqual(
    decide(row('ORIG CO NAME:TEXAS COMPTROLL ORIG ID:1746000111 CO ENTRY DESCR:TAXPAYMENTSEC:CCD', 9_000))?.[1],
    '6140',
  );
  assert.deepEqual(decide(row('ACH DEBIT ARKANSAS COUNTY COLL TAX PMT', 184_000))?.[1], '6140');
  assert.deepEqual(decide(row('ACH Debit KEYSTONE COLLECT EIT WH 240430', 41_200))?.[1], '6140');
  assert.deepEqual(decide(row('ACH WITHDRAWAL FINRA IARD RENEWAL 250110', 25_000))?.[1], '6140');
  assert.deepEqual(decide(row('ACH DEBIT MNDVS ONLINE PMT 240422', 12_500))?.[1], '6140');
});

test("words a narrow export cut: a town's water, a payroll service's abbreviation, a loan after its bank, a claim payment", () => {
  assert.deepEqual(decide(row('TOWN OF BARNSTABLE WAT', 9_640)), ['municipal-utility', '6170']);
  assert.deepEqual(decide(row('CITY OF ASHEVILLE WATE', 7_418)), ['municipal-utility', '6170']);
  assert.deepEqual(decide(row('HEARTLAND PAYRL NET', 712_033))?.[1], '6180');
  assert.deepEqual(decide(row('HEARTLAND PAYRL TAX', 248_011))?.[1], '6140');
  assert.deepEqual(
    decide(row('ORIG CO NAME:PATRIOT SOFTWA ORIG ID:1 CO ENTRY DESCR:TAXES SEC:CCD', 78_860))?.[1],
    '6140',
  );
  assert.deepEqual(decide(row('ACH DEBIT ZIONS LOAN', 120_000)), ['loan-payment', '2400']);
  assert.deepEqual(decide(row('ach debit huntington loa', 91_500)), ['loan-payment', '2400']);
  // A person repaid, a course on signing loans: no bank's loan.
  assert.notEqual(decide(row('ZELLE TO ROSA VEGA MEMO LOAN REPAYMT 1 OF 5', 40_000))?.[0], 'loan-payment');
  assert.notEqual(decide(row('LOAN SIGNING SYSTEM', 19_700, { kind: 'credit_card' }))?.[0], 'loan-payment');
  assert.deepEqual(decide(row('LINE OF CREDIT INT', 14_288))?.[1], '6070');
  assert.deepEqual(decide(row('RET ITEM FEE', 1_200)), ['bank-fees', '6210']);
  assert.deepEqual(decide(row('TRANSFER TO RAMAN PERS', 250_000))?.[1], '3200');
  assert.deepEqual(decide(row('UNITEDHEALTHCARE HCCLA', -384_000))?.[1], '4100');
  assert.deepEqual(decide(row('Withdrawal BK OF AMER CC', 187_713)), ['card-payment-sent', 'transfer']);
  // Dues outrank the collector's listing; a card service's payment after a dash; an online-banking fee; Ohio's RITA; a
  // board that licenses a trade.
  assert.deepEqual(decide(row('ACH DEBIT MICH FARM BUREAU DUES', 9_500)), ['dues', '6240']);
  assert.deepEqual(decide(row('ACH DEBIT - TCF CARD SVCS - PAYMENT', 228_044)), ['card-payment-sent', 'transfer']);
  assert.deepEqual(decide(row('KEY BUSINESS ONLINE FEE', 2_000)), ['bank-fees', '6210']);
  assert.deepEqual(decide(row('ACH DEBIT RITA OHIO TAX PAYMT', 3_640))?.[1], '6140');
  assert.deepEqual(decide(row('OHIO CONSTR IND LIC BOARD COLUMBUS OH', 12_000, { kind: 'credit_card' }))?.[1], '6140');
});

test("a lender's interest said by its entry or cut short is interest; a finance company's lease rents equipment", () => {
  for (const line of [
    'ACH DEBIT NEXTGEAR CAPITAL INT/FEES CCD 0000471882',
    'YAMAHA MOTOR FIN DES:INTEREST ID:TRP00412 INDN:THUNDER ROAD POWERSP CO ID:9954421180 CCD',
    'ACH DR HUNTINGTON DIST FIN FLRPLN INT HTS00218',
    'LOAN PMT XXXXXX0412 INT ONLY',
  ])
    assert.deepEqual(decide(row(line, 118_427))?.[1], '6070', line);
  assert.deepEqual(decide(row('ACH DEBIT MITSUBISHI HC CAP LEASE PMT', 164_400)), ['vehicle-lease', '6100']);
  assert.deepEqual(decide(row('ACH DEBIT MAPLE PLAZA LEASE PMT', 164_400)), ['lease-payment', '6110']);
});

test('giving platforms and donor-advised funds pay a charity its donations; heating oil is a utility', () => {
  for (const line of [
    'PUSHPAY USA INC DEPOSIT 240304 GRACE FELLOWSHI',
    'TITHE.LY DEPOSIT 240318 ST-2K8F9Q',
    'GOFUNDME PAYOUT 240320 SECOND CHANCE PAWS',
    'WT FED#03218 JPMORGAN CHASE BAN /ORG=SCHWAB CHARITABLE FUND SRF# 0329148821',
    'ACH CREDIT BLACKBAUD GIVING F BBGF 240328',
    'ACH DEPOSIT THE KROGER CO COMM REWARDS 240318',
  ])
    assert.deepEqual(decide(row(line, -250_000)), ['donations-and-grants', '4900'], line);
  assert.deepEqual(decide(row('ACH DEBIT WACHUSETT FUEL OIL AUTOPAY 240314', 61_240)), ['utility-bill', '6170']);
  assert.deepEqual(decide(row('RETURNED ITEM - DEPOSITED CHECK CK# 2214', 8_500))?.[0], 'deposited-item-returned');
  assert.deepEqual(decide(row('RETURNED ITEM FEE', 1_200)), ['bank-fees', '6210']);
});

test('a landlord holds its building in an entity named for the street or plaza: paid from the bank, it is rent', () => {
  for (const description of [
    'TRUIST ONLINE BILL PAY BROUGHTON ST HOLDINGS LLC',
    'ONLINE BILL PAY MARLTON PIKE ASSOC LLC',
    'BILL PAY OAKHURST PLAZA LLC',
  ])
    assert.deepEqual(decide(row(description, 385_000)), ['landlord-named-for-its-street', '6110'], description);
  // A card pays no rent, a shop is named for its trade, and a saint is no street.
  assert.equal(decide(row('BROUGHTON ST HOLDINGS LLC SAVANNAH GA', 385_000, { kind: 'credit_card' })), null);
  assert.equal(decide(row('MAIN ST HARDWARE LLC', 4_200)), null);
  assert.equal(decide(row('BILL PAY ST LUKES PARISH', 120_000)), null);
});

test("a fleet's and a utility's wordings: gallons pumped, a card program's fee, a processor's discount, a premium by its policy number", () => {
  for (const [description, amountMinor, expected] of [
    ['TOM THUMB #142 MILTON FL UNL 18.390 GAL', 5_608, ['fuel-by-the-gallon', '6010']],
    ['FLYING J #0621 AMARILLO TX DEF 2.50 GAL', 1_499, ['fuel-by-the-gallon', '6010']],
    ['COMDATA EXPRESS CODE FEE', 350, ['bank-fees', '6210']],
    ['CCD DEBIT, OPENEDGE PAYMENT DISCOUNT 8788400311582', 41_276, ['merchant-services-fees', '6210']],
    ['MINDBODY INC MERCH FEE HL786FWQ68M9 CCD ID: 7703219944', 84_219, ['merchant-services-fees', '6210']],
    ['ACH WITHDRAWAL 250116 NEW MEXICO MUTUA PREMIUM NMM-0441827', 114_600, ['insurance-premium', '6060']],
    ['ACH DEBIT INS PAYMNT ACUITY A MUTUAL Z82014', 26_417, ['insurance-premium', '6060']],
    ['ACH DEBIT WATER CITY OF ASHEVILL 000337215', 14_266, ['municipal-utility', '6170']],
    ['PURCHASE - DEBIT CARD 0207 UTAH DOPL SALT LAKE CITY UT #4406', 12_300, ['state-tax', '6140']],
    ['BILL PAYMENT COMANCHE INDUSTRIAL PARK LLC 805564', 380_000, ['landlord-named-for-its-street', '6110']],
  ] as const)
    assert.deepEqual(decide(row(description, amountMinor)), expected, description);
  // Propane is sold by the gallon too, and heats; a subscription's PREMIUM names no policy.
  assert.notEqual(decide(row('AMERIGAS PROPANE 100 GAL', 30_000))?.[0], 'fuel-by-the-gallon');
  assert.notEqual(decide(row('YOUTUBE PREMIUM', 1_399))?.[0], 'insurance-premium');
});

test("a city's parking app is named for the city, glued: PARKBOSTON, PARKCOLUMBUS; a name that only starts so is not", () => {
  assert.deepEqual(decide(row('POS DEBIT - 4417 PARKBOSTON 617-635-4000 MA', 1_250)), ['city-parking-app', '6010']);
  assert.deepEqual(decide(row('PARKCOLUMBUS 614-645-7275 OH', 450)), ['city-parking-app', '6010']);
  assert.notEqual(decide(row('PARK DENVER CAFE', 2_400))?.[0], 'city-parking-app');
});

test("whose tax: a receiver named last that is a person, or PERSONAL, is the owner's; tax money set aside in an own account is no tax paid", () => {
  const chase = (receiver: string, entryClass: string) =>
    `ORIG CO NAME:IRS ORIG ID:3387702000 DESC DATE:021524 CO ENTRY DESCR:USATAXPYMTSEC:${entryClass} TRACE#:061036015029384 EED:240215 IND ID:270460592813321 IND NAME:${receiver} TRN: 1065029384TC`;
  assert.deepEqual(decide(row(chase('KEVIN OSEI', 'PPD'), 85_000)), ['federal-tax', '3200']);
  assert.deepEqual(decide(row(chase('ACME ROOFING LLC', 'CCD'), 85_000)), ['federal-tax', '6140']);
  assert.deepEqual(decide(row('Withdrawal to OREGON DOR PERSONAL', 120_000)), ['state-tax', '3200']);
  assert.notEqual(decide(row('Transfer to Sales Tax Reserve', 250_000))?.[0], 'sales-tax');
});

test("a bank's fee for coin deposited, interest on a credit line, a transfer to the card, a state's meals and UI taxes", () => {
  assert.deepEqual(decide(row('CURRENCY/COIN DEPOSITED FEE', 1_875)), ['bank-fees', '6210']);
  assert.deepEqual(decide(row('INTEREST ON LINE OF CREDIT 0004412', 18_300))?.[1], '6070');
  assert.deepEqual(decide(row('XFER TO CREDIT CARD 4410 VIA MOBILE BANKING', 250_000)), [
    'card-payment-sent',
    'transfer',
  ]);
  // Vermont's agency is the Department of Taxes; Vermont and Massachusetts tax meals and rooms as sales.
  assert.deepEqual(decide(row('ACH DEBIT VT DEPT OF TAXES MEALS AND ROOMS 0315', 91_000)), ['sales-tax', '6140']);
  assert.equal(decide(row('ACH DEBIT VT DEPT OF TAXES WH 0315', 41_000))?.[1], '6140');
  // A state's unemployment insurance is a payroll tax, whatever its agency calls the payment.
  assert.deepEqual(decide(row('CDLE UI PREMIUM 250430 HIGHLINE DELI', 6_100))?.[1], '6140');
  assert.deepEqual(decide(row('ACH DEBIT TRAVELERS INS PREMIUM 0412', 61_000)), ['insurance-premium', '6060']);
});

test("a loan paid online, a register's payroll tax, a platform's credit on a card is a refund, not a payout", () => {
  assert.deepEqual(decide(row('Online Banking payment to LOAN 2207 Confirmation# 5512093318', 91_400))?.[1], '2400');
  assert.deepEqual(decide(row('ACH DEBIT SQUARE INC SQ250115 PYRL TAX', 144_000)), ['payroll-taxes', '6140']);
  assert.deepEqual(decide(row('AMAZON MARKETPLACE SELLER PAYOUT', -88_000)), ['platform-payouts', '4000']);
  assert.notEqual(
    decide(row('AMAZON MARKETPLACE AMZN.COM/BILL WA', -2_999, { kind: 'credit_card' }))?.[0],
    'platform-payouts',
  );
});

test("a financial company's funding names no car dealer; a processor's month-end discount abbreviated; Rhode Island's UI", () => {
  assert.notEqual(decide(row('ACH DEPOSIT GREENLEAF FINANCIAL LLC FUNDING 240304', -721_500))?.[0], 'dealer-funding');
  assert.deepEqual(decide(row('ACH DEPOSIT WESTLAKE FINANCIA DLR FUNDNG 0412', -1_421_500)), [
    'dealer-funding',
    '4000',
  ]);
  assert.deepEqual(decide(row('ACH WITHDRAWAL BANKCARD 8076 MTOT DSC 4445019922', 11_822)), [
    'merchant-services-fees',
    '6210',
  ]);
  assert.equal(decide(row('ACH WITHDRAWAL RI DLT UI/JDF', 11_825))?.[1], '6140');
});

test("Medicare's equipment contractors and hearing-aid benefit managers pay for goods; a PBM cut at the ACH field's edge", () => {
  assert.deepEqual(decide(row('PREAUTHORIZED CREDIT NORIDIAN JD DME HCCLAIMPMT 250112', -441_800)), [
    'device-claim-payments',
    '4000',
  ]);
  assert.deepEqual(decide(row('ACH CREDIT TRUHEARING INC PROVIDER PMT 250114', -218_000)), [
    'device-claim-payments',
    '4000',
  ]);
  assert.deepEqual(decide(row('PRIME THERAPEUTI HCCLAIMPMT 1411754310', -90_112)), [
    'pharmacy-benefit-payments',
    '4000',
  ]);
  assert.deepEqual(decide(row('AETNA HCCLAIMPMT 250114 1066033492', -31_500)), ['health-claim-payments', '4100']);
});

test("a bank's analysis charge abbreviated is its fee; a credit union's transfer entry is a move to be paired", () => {
  assert.deepEqual(decide(row('CLIENT ANALYSIS SRVC CHRG 250131 SVC CHGE 0125 000004102', 5_220)), [
    'bank-fees',
    '6210',
  ]);
  assert.deepEqual(decide(row('CCD DEBIT, LAKEVIEW FCU TRANSFER 0001187', 150_000)), [
    'credit-union-transfer',
    'transfer',
  ]);
  assert.deepEqual(decide(row('RIVERBEND CREDIT UN DES:TRANSFER ID:5512093318 PPD', 80_000)), [
    'credit-union-transfer',
    'transfer',
  ]);
});

test("a wire's or a letter of credit's fee is the bank's; a loan's interest abbreviated; a city's water and power is no state agency", () => {
  assert.deepEqual(decide(row('WIRE OUT INTL FEE', 4_500)), ['bank-fees', '6210']);
  assert.deepEqual(decide(row('EXPORT LC NEGOTIATION FEE EXP25-0211', 35_000)), ['bank-fees', '6210']);
  assert.equal(decide(row('ACH DEBIT FARM CREDIT SVCS LOAN INT', 481_233))?.[1], '6070');
  assert.notEqual(decide(row('ACH DEBIT LA DEPT WATER & POWER', 31_244))?.[0], 'state-agency');
  assert.deepEqual(decide(row('ACH DEBIT LA DEPT OF AGRICULTURE', 5_000))?.[0], 'state-agency');
  assert.deepEqual(decide(row('ACH WD CARDCONNECT FEES 496233001882', 70_233)), ['merchant-services-fees', '6210']);
});

test("a premium after the dash some banks print, a doctor's malpractice cover, a payment to an insurer's group", () => {
  assert.deepEqual(decide(row('EXTERNAL WITHDRAWAL THE DOCTORS CO - PREMIUM', 71_200)), ['insurance-premium', '6060']);
  assert.deepEqual(decide(row('Withdrawal ACH MEDICAL PROTECT TYPE: PREMIUM', 64_000)), ['insurance-premium', '6060']);
  assert.deepEqual(decide(row('ACH DEBIT BCBSTX GROUP PREMIUM 250401', 481_000)), ['health-plan-premium', '6050']);
  assert.notEqual(decide(row('PAYMENT TO ERIE INSURANCE GRP', 18_240))?.[0], 'person-to-person-payment');
  assert.deepEqual(decide(row('PAYMENT TO MARIA LOPEZ', 30_000)), ['person-to-person-payment', '6030']);
});

test("an employer's contribution to a 401(k) provider or to employees' HSAs is a benefit; a state's is a payroll tax", () => {
  assert.deepEqual(decide(row('GUIDELINE INC EMPLOYER CONTRIB CCD', 90_000)), ['retirement-plan', '6050']);
  assert.deepEqual(decide(row('LIVELY HSA; EMPLOYER CONTRIB; HARBOR LABS INC', 50_000)), ['retirement-plan', '6050']);
  assert.deepEqual(decide(row('OR EMPLOYMENT DEPT EMPLOYER CONTRIB', 50_000))?.[1], '6140');
});

test("a buyer's express checkout names the buyer, whose surname may be Grant", () => {
  assert.notEqual(decide(row('Express Checkout Payment - Alyssa Grant', -4_500))?.[0], 'donations-and-grants');
  assert.deepEqual(decide(row('ACH CREDIT STATE ARTS COUNCIL GRANT PMT', -500_000)), ['donations-and-grants', '4900']);
});
