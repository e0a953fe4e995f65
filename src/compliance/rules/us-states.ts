import type { DeadlineRule, ObligationRule } from './types.ts';

/**
 * United States, state level: obligations of an entity in its state of formation (foreign
 * qualification in other states is not modelled). Each rule cites its source; amounts in cents.
 * Sales tax returns are in ./us-sales-tax.ts.
 */
const monthAfterYearEnd = (months: number, day: number): DeadlineRule => ({
  kind: 'month_offset',
  from: 'period_end',
  months,
  day,
});
const monthOfTaxYear = (months: number, day: number): DeadlineRule => ({
  kind: 'month_offset',
  from: 'period_start',
  months,
  day,
});

const DELAWARE = 'Delaware Division of Corporations';
const CALIFORNIA_FTB = 'California Franchise Tax Board';
const CALIFORNIA_SOS = 'California Secretary of State';
const TEXAS = 'Texas Comptroller of Public Accounts';
const NEW_YORK_TAX = 'New York State Department of Taxation and Finance';
const NEW_YORK_DOS = 'New York Department of State';
const FLORIDA_DOS = 'Florida Department of State, Division of Corporations';
const FLORIDA_DOR = 'Florida Department of Revenue';
const WASHINGTON_SOS = 'Washington Secretary of State';
const WASHINGTON_DOR = 'Washington State Department of Revenue';

export const US_STATE_RULES: readonly ObligationRule[] = [
  // ── Delaware ──────────────────────────────────────────────────────────────────────────────────
  // 8 Del. C. §§ 502-503: the annual franchise tax report and tax are due March 1 for the prior year;
  // minimum tax $175 under the Authorized Shares method, plus the $50 annual report filing fee.
  {
    id: 'us-de-franchise-tax',
    country: 'US',
    jurisdictionLevel: 'state',
    stateCode: 'DE',
    type: 'franchise_tax_and_annual_report',
    frequency: 'annual',
    periodBasis: 'calendar',
    authority: DELAWARE,
    formReference: 'Annual Franchise Tax Report',
    source: '8 Del. C. §§ 502, 503; Delaware Division of Corporations, Annual Report and Tax Instructions',
    effectiveFrom: 2018,
    appliesTo: { formedInState: true, entityTypes: ['c_corp', 's_corp'] },
    deadline: { kind: 'fixed', month: 3, day: 1, yearOffset: 1 },
    amount: {
      kind: 'minimum',
      amountMinor: 22_500,
      note: 'Minimum: $175 franchise tax (Authorized Shares method, 5,000 shares or fewer) plus the $50 annual report fee; more shares mean more tax (compare the Assumed Par Value Capital method).',
    },
  },
  // 6 Del. C. § 18-1107 (LLCs) and § 17-1109 (LPs): an annual tax of $300, due June 1 for the prior year; no report.
  {
    id: 'us-de-annual-tax',
    country: 'US',
    jurisdictionLevel: 'state',
    stateCode: 'DE',
    type: 'annual_tax',
    frequency: 'annual',
    periodBasis: 'calendar',
    authority: DELAWARE,
    formReference: 'LLC / LP Annual Tax',
    source: '6 Del. C. § 18-1107(b), § 17-1109(b); Delaware Division of Corporations, LLC/LP/GP Annual Taxes',
    effectiveFrom: 2014,
    appliesTo: { formedInState: true, entityTypes: ['llc', 'partnership'] },
    deadline: { kind: 'fixed', month: 6, day: 1, yearOffset: 1 },
    amount: { kind: 'flat', amountMinor: 30_000, note: 'Flat annual tax of $300 set by statute.' },
  },

  // ── California ────────────────────────────────────────────────────────────────────────────────
  // R&TC § 17941 and FTB Form 3522 instructions: an LLC (not taxed as a corporation) pays the $800
  // annual tax by the 15th day of the 4th month of its taxable year.
  {
    id: 'us-ca-llc-annual-tax',
    country: 'US',
    jurisdictionLevel: 'state',
    stateCode: 'CA',
    type: 'annual_tax',
    frequency: 'annual',
    periodBasis: 'tax_year',
    authority: CALIFORNIA_FTB,
    formReference: 'FTB Form 3522 (LLC Tax Voucher)',
    source: 'Cal. Rev. & Tax. Code § 17941; FTB Form 3522 instructions',
    effectiveFrom: 2020,
    appliesTo: { formedInState: true, entityTypes: ['llc'], regimes: ['sole_proprietor', 'partnership'] },
    deadline: monthOfTaxYear(3, 15),
    amount: { kind: 'flat', amountMinor: 80_000, note: 'Annual LLC tax of $800 set by statute.' },
  },
  // FTB Form 568 instructions, When and Where to File: 15th day of the 3rd month after the close of the
  // taxable year for an LLC classified as a partnership; the 4th month for a single-member LLC
  // disregarded into an individual.
  {
    id: 'us-ca-568',
    country: 'US',
    jurisdictionLevel: 'state',
    stateCode: 'CA',
    type: 'income_tax_return',
    frequency: 'annual',
    periodBasis: 'tax_year',
    authority: CALIFORNIA_FTB,
    formReference: 'FTB Form 568 (LLC Return of Income)',
    source: 'FTB Form 568 Booklet, When and Where to File',
    effectiveFrom: 2020,
    appliesTo: { formedInState: true, entityTypes: ['llc'], regimes: ['partnership'] },
    deadline: monthAfterYearEnd(3, 15),
    amount: {
      kind: 'none',
      note: 'The $800 annual tax is paid with Form 3522; the LLC fee (Form 3536) applies from $250,000 of California gross receipts and is not computed here.',
    },
  },
  {
    id: 'us-ca-568',
    country: 'US',
    jurisdictionLevel: 'state',
    stateCode: 'CA',
    type: 'income_tax_return',
    frequency: 'annual',
    periodBasis: 'tax_year',
    authority: CALIFORNIA_FTB,
    formReference: 'FTB Form 568 (LLC Return of Income)',
    source: 'FTB Form 568 Booklet, When and Where to File (single-member LLC owned by an individual)',
    effectiveFrom: 2020,
    appliesTo: { formedInState: true, entityTypes: ['llc'], regimes: ['sole_proprietor'] },
    deadline: monthAfterYearEnd(4, 15),
    amount: {
      kind: 'none',
      note: 'The $800 annual tax is paid with Form 3522; the LLC fee (Form 3536) applies from $250,000 of California gross receipts and is not computed here.',
    },
  },
  // FTB Form 100 / 100S instructions: 15th day of the 4th (Form 100) / 3rd (Form 100S) month after the close of the taxable year.
  {
    id: 'us-ca-100',
    country: 'US',
    jurisdictionLevel: 'state',
    stateCode: 'CA',
    type: 'income_tax_return',
    frequency: 'annual',
    periodBasis: 'tax_year',
    authority: CALIFORNIA_FTB,
    formReference: 'FTB Form 100',
    source: 'FTB Form 100 Booklet, When and Where to File; Cal. Rev. & Tax. Code § 18601',
    effectiveFrom: 2016,
    appliesTo: { formedInState: true, regimes: ['c_corporation'] },
    deadline: monthAfterYearEnd(4, 15),
    amount: {
      kind: 'none',
      note: 'Tax above the $800 minimum (8.84% of California net income) is computed on the return.',
    },
  },
  {
    id: 'us-ca-100s',
    country: 'US',
    jurisdictionLevel: 'state',
    stateCode: 'CA',
    type: 'income_tax_return',
    frequency: 'annual',
    periodBasis: 'tax_year',
    authority: CALIFORNIA_FTB,
    formReference: 'FTB Form 100S',
    source: 'FTB Form 100S Booklet, When and Where to File; Cal. Rev. & Tax. Code § 18601',
    effectiveFrom: 2016,
    appliesTo: { formedInState: true, regimes: ['s_corporation'] },
    deadline: monthAfterYearEnd(3, 15),
    amount: {
      kind: 'none',
      note: 'Tax above the $800 minimum (1.5% of California net income) is computed on the return.',
    },
  },
  // R&TC § 23153: the $800 minimum franchise tax, paid with the first estimate (Form 100-ES), due the
  // 15th day of the 4th month of the taxable year; a new corporation's first taxable year is exempt.
  {
    id: 'us-ca-minimum-franchise-tax',
    country: 'US',
    jurisdictionLevel: 'state',
    stateCode: 'CA',
    type: 'minimum_franchise_tax',
    frequency: 'annual',
    periodBasis: 'tax_year',
    authority: CALIFORNIA_FTB,
    formReference: 'FTB Form 100-ES (first installment)',
    source: 'Cal. Rev. & Tax. Code §§ 23153, 19025; FTB Form 100-ES instructions',
    effectiveFrom: 2016,
    appliesTo: { formedInState: true, regimes: ['c_corporation', 's_corporation'] },
    deadline: monthOfTaxYear(3, 15),
    amount: {
      kind: 'minimum',
      amountMinor: 80_000,
      note: "The $800 minimum franchise tax (none in a new corporation's first taxable year); the first estimate is the larger of this and 30% of the estimated tax.",
    },
  },
  // Cal. Corp. Code § 1502: a corporation files its Statement of Information every year, by the end of
  // its anniversary month ($25); § 17702.09: an LLC every two years ($20).
  {
    id: 'us-ca-statement-of-information',
    country: 'US',
    jurisdictionLevel: 'state',
    stateCode: 'CA',
    type: 'statement_of_information',
    frequency: 'annual',
    periodBasis: 'calendar',
    authority: CALIFORNIA_SOS,
    formReference: 'Form SI-550',
    source: 'Cal. Corp. Code § 1502; California Secretary of State, Statements of Information',
    effectiveFrom: 2016,
    appliesTo: { formedInState: true, entityTypes: ['c_corp', 's_corp'] },
    deadline: { kind: 'anniversary_month_end' },
    amount: { kind: 'flat', amountMinor: 2_500, note: 'Filing fee of $25.' },
  },
  {
    id: 'us-ca-statement-of-information',
    country: 'US',
    jurisdictionLevel: 'state',
    stateCode: 'CA',
    type: 'statement_of_information',
    frequency: 'biennial',
    periodBasis: 'calendar',
    authority: CALIFORNIA_SOS,
    formReference: 'Form LLC-12',
    source: 'Cal. Corp. Code § 17702.09; California Secretary of State, Statements of Information',
    effectiveFrom: 2016,
    appliesTo: { formedInState: true, entityTypes: ['llc'] },
    deadline: { kind: 'anniversary_month_end' },
    amount: { kind: 'flat', amountMinor: 2_000, note: 'Filing fee of $20.' },
  },

  // ── Texas ─────────────────────────────────────────────────────────────────────────────────────
  // Tex. Tax Code § 171.202: the annual franchise tax report is due May 15. For reports due from 2024 an
  // entity at or below the no-tax-due threshold files only the Public/Ownership Information Report;
  // the threshold is $2.47 million for 2024-2025 reports and $2.65 million for 2026-2027 reports.
  {
    id: 'us-tx-franchise-tax',
    country: 'US',
    jurisdictionLevel: 'state',
    stateCode: 'TX',
    type: 'franchise_tax_report',
    frequency: 'annual',
    periodBasis: 'calendar',
    authority: TEXAS,
    formReference:
      'Form 05-102 Public Information Report or 05-167 Ownership Information Report; Form 05-158 / 05-169 when tax is due',
    source:
      'Tex. Tax Code §§ 171.002, 171.202; Texas Comptroller, 2026 Franchise Tax Report Information and Instructions',
    effectiveFrom: 2026,
    effectiveTo: 2027,
    appliesTo: { formedInState: true, entityTypes: ['llc', 'partnership', 's_corp', 'c_corp'] },
    deadline: { kind: 'fixed', month: 5, day: 15, yearOffset: 0 },
    amount: {
      kind: 'none',
      note: 'No tax due at or below $2.65 million of annualized total revenue (2026-2027 reports); above it the margin tax (0.75%, 0.375% retail/wholesale) is computed on the report, not here.',
    },
  },
  {
    id: 'us-tx-franchise-tax',
    country: 'US',
    jurisdictionLevel: 'state',
    stateCode: 'TX',
    type: 'franchise_tax_report',
    frequency: 'annual',
    periodBasis: 'calendar',
    authority: TEXAS,
    formReference:
      'Form 05-102 Public Information Report or 05-167 Ownership Information Report; Form 05-158 / 05-169 when tax is due',
    source:
      'Tex. Tax Code §§ 171.002, 171.202; Texas Comptroller, 2024 Franchise Tax Report Information and Instructions',
    effectiveFrom: 2024,
    effectiveTo: 2025,
    appliesTo: { formedInState: true, entityTypes: ['llc', 'partnership', 's_corp', 'c_corp'] },
    deadline: { kind: 'fixed', month: 5, day: 15, yearOffset: 0 },
    amount: {
      kind: 'none',
      note: 'No tax due at or below $2.47 million of annualized total revenue (2024-2025 reports); above it the margin tax is computed on the report, not here.',
    },
  },

  // ── New York ──────────────────────────────────────────────────────────────────────────────────
  // Form CT-3 / CT-3-S instructions (Tax Law § 211(1)): 15th day of the 4th / 3rd month after the tax
  // year; the fixed dollar minimum is $25 for New York receipts of $100,000 or less (Tax Law § 210(1)(d)).
  {
    id: 'us-ny-ct-3',
    country: 'US',
    jurisdictionLevel: 'state',
    stateCode: 'NY',
    type: 'income_tax_return',
    frequency: 'annual',
    periodBasis: 'tax_year',
    authority: NEW_YORK_TAX,
    formReference: 'Form CT-3',
    source: 'Instructions for Form CT-3, When to file; N.Y. Tax Law §§ 210(1)(d), 211(1)',
    effectiveFrom: 2016,
    appliesTo: { formedInState: true, regimes: ['c_corporation'] },
    deadline: monthAfterYearEnd(4, 15),
    amount: {
      kind: 'minimum',
      amountMinor: 2_500,
      note: 'Fixed dollar minimum for New York receipts up to $100,000; higher with more receipts or when the business income base gives more tax.',
    },
  },
  {
    id: 'us-ny-ct-3-s',
    country: 'US',
    jurisdictionLevel: 'state',
    stateCode: 'NY',
    type: 'income_tax_return',
    frequency: 'annual',
    periodBasis: 'tax_year',
    authority: NEW_YORK_TAX,
    formReference: 'Form CT-3-S',
    source: 'Instructions for Form CT-3-S, When to file; N.Y. Tax Law § 210(1)(d)(4)',
    effectiveFrom: 2016,
    appliesTo: { formedInState: true, regimes: ['s_corporation'] },
    deadline: monthAfterYearEnd(3, 15),
    amount: {
      kind: 'minimum',
      amountMinor: 2_500,
      note: 'Fixed dollar minimum for New York receipts up to $100,000; higher with more receipts.',
    },
  },
  // Instructions for Form IT-204-LL (Tax Law § 658(c)): LLCs taxed as partnerships or disregarded pay a
  // filing fee from $25 (disregarded single-member LLCs: $25) by the 15th day of the 3rd month after the year.
  {
    id: 'us-ny-it-204-ll',
    country: 'US',
    jurisdictionLevel: 'state',
    stateCode: 'NY',
    type: 'filing_fee',
    frequency: 'annual',
    periodBasis: 'tax_year',
    authority: NEW_YORK_TAX,
    formReference: 'Form IT-204-LL',
    source: 'Instructions for Form IT-204-LL; N.Y. Tax Law § 658(c)',
    effectiveFrom: 2016,
    appliesTo: { formedInState: true, entityTypes: ['llc'], regimes: ['sole_proprietor', 'partnership'] },
    deadline: monthAfterYearEnd(3, 15),
    amount: {
      kind: 'minimum',
      amountMinor: 2_500,
      note: 'Minimum fee ($25, the whole fee for a disregarded single-member LLC); for LLCs taxed as partnerships it grows with New York-source gross income of the preceding year, up to $4,500.',
    },
  },
  // N.Y. Bus. Corp. Law § 408 and LLC Law § 301(e): a biennial statement in the calendar month of
  // formation, every two years, fee $9.
  {
    id: 'us-ny-biennial-statement',
    country: 'US',
    jurisdictionLevel: 'state',
    stateCode: 'NY',
    type: 'biennial_statement',
    frequency: 'biennial',
    periodBasis: 'calendar',
    authority: NEW_YORK_DOS,
    formReference: 'Biennial Statement',
    source: 'N.Y. Bus. Corp. Law § 408; N.Y. Ltd. Liab. Co. Law § 301(e); NY Department of State, Biennial Statements',
    effectiveFrom: 2016,
    appliesTo: { formedInState: true, entityTypes: ['llc', 's_corp', 'c_corp'] },
    deadline: { kind: 'anniversary_month_end' },
    amount: { kind: 'flat', amountMinor: 900, note: 'Filing fee of $9.' },
  },

  // ── Florida ───────────────────────────────────────────────────────────────────────────────────
  // Fla. Stat. §§ 607.1622 (corporations, $150), 605.0212 (LLCs, $138.75), 620.1210 (LPs, $500): the
  // annual report is filed between January 1 and May 1; a $400 late fee applies after May 1.
  {
    id: 'us-fl-annual-report',
    country: 'US',
    jurisdictionLevel: 'state',
    stateCode: 'FL',
    type: 'annual_report',
    frequency: 'annual',
    periodBasis: 'calendar',
    authority: FLORIDA_DOS,
    formReference: 'Annual Report (Sunbiz)',
    source: 'Fla. Stat. §§ 607.1622, 607.0122; Florida Division of Corporations, Annual Report',
    effectiveFrom: 2016,
    appliesTo: { formedInState: true, entityTypes: ['c_corp', 's_corp'] },
    deadline: { kind: 'fixed', month: 5, day: 1, yearOffset: 0 },
    amount: {
      kind: 'flat',
      amountMinor: 15_000,
      note: 'Annual report fee of $150 (filing window January 1 to May 1; $400 late fee after May 1).',
    },
  },
  {
    id: 'us-fl-annual-report',
    country: 'US',
    jurisdictionLevel: 'state',
    stateCode: 'FL',
    type: 'annual_report',
    frequency: 'annual',
    periodBasis: 'calendar',
    authority: FLORIDA_DOS,
    formReference: 'Annual Report (Sunbiz)',
    source: 'Fla. Stat. §§ 605.0212, 605.0213; Florida Division of Corporations, Annual Report',
    effectiveFrom: 2016,
    appliesTo: { formedInState: true, entityTypes: ['llc'] },
    deadline: { kind: 'fixed', month: 5, day: 1, yearOffset: 0 },
    amount: {
      kind: 'flat',
      amountMinor: 13_875,
      note: 'Annual report fee of $138.75 (filing window January 1 to May 1; $400 late fee after May 1).',
    },
  },
  {
    id: 'us-fl-annual-report',
    country: 'US',
    jurisdictionLevel: 'state',
    stateCode: 'FL',
    type: 'annual_report',
    frequency: 'annual',
    periodBasis: 'calendar',
    authority: FLORIDA_DOS,
    formReference: 'Annual Report (Sunbiz)',
    source: 'Fla. Stat. §§ 620.1210, 620.1109; Florida Division of Corporations, Annual Report',
    effectiveFrom: 2016,
    appliesTo: { formedInState: true, entityTypes: ['partnership'] },
    deadline: { kind: 'fixed', month: 5, day: 1, yearOffset: 0 },
    amount: {
      kind: 'flat',
      amountMinor: 50_000,
      note: 'Limited partnership annual report fee of $500 (filing window January 1 to May 1).',
    },
  },
  // Fla. Stat. § 220.222 and Form F-1120 instructions: the 1st day of the 5th month after the tax year
  // (the 4th month for a June 30 year end), or the 15th day after the federal due date if later.
  {
    id: 'us-fl-f-1120',
    country: 'US',
    jurisdictionLevel: 'state',
    stateCode: 'FL',
    type: 'income_tax_return',
    frequency: 'annual',
    periodBasis: 'tax_year',
    authority: FLORIDA_DOR,
    formReference: 'Form F-1120',
    source: 'Fla. Stat. § 220.222(1); Florida Form F-1120N instructions',
    effectiveFrom: 2016,
    appliesTo: { formedInState: true, regimes: ['c_corporation'] },
    deadline: monthAfterYearEnd(5, 1),
    deadlineOverrides: [{ fiscalYearEndMonths: [6], deadline: monthAfterYearEnd(4, 1) }],
    amount: {
      kind: 'none',
      note: 'Florida corporate income tax (5.5% above a $50,000 exemption) is computed on the return.',
    },
  },

  // ── Washington ────────────────────────────────────────────────────────────────────────────────
  // RCW 23.95.255 and WAC 434-112: the annual report is due by the end of the entity's renewal
  // (formation anniversary) month; fee $70.
  {
    id: 'us-wa-annual-report',
    country: 'US',
    jurisdictionLevel: 'state',
    stateCode: 'WA',
    type: 'annual_report',
    frequency: 'annual',
    periodBasis: 'calendar',
    authority: WASHINGTON_SOS,
    formReference: 'Annual Report',
    source: 'RCW 23.95.255; WAC 434-112-085; Washington Secretary of State, Annual Reports',
    effectiveFrom: 2025,
    appliesTo: { formedInState: true, entityTypes: ['llc', 's_corp', 'c_corp', 'partnership'] },
    deadline: { kind: 'anniversary_month_end' },
    amount: { kind: 'flat', amountMinor: 7_000, note: 'Annual report fee of $70.' },
  },
  // RCW 82.32.045; Department of Revenue, Due dates: every Washington business files the combined excise
  // tax return (B&O tax); one not registered to collect sales tax is assumed on the annual frequency,
  // due April 15 of the next year. Registered ones get it from ./us-sales-tax.ts at their frequency.
  {
    id: 'us-wa-excise-tax-return',
    country: 'US',
    jurisdictionLevel: 'state',
    stateCode: 'WA',
    type: 'excise_tax_return',
    frequency: 'annual',
    periodBasis: 'calendar',
    authority: WASHINGTON_DOR,
    formReference: 'Combined Excise Tax Return (B&O tax)',
    source: 'RCW 82.32.045; Washington Department of Revenue, Filing frequencies and due dates',
    effectiveFrom: 2016,
    appliesTo: { formedInState: true, notSalesTaxRegistered: true },
    deadline: { kind: 'fixed', month: 4, day: 15, yearOffset: 1 },
    amount: {
      kind: 'none',
      note: 'B&O tax is a rate on gross receipts by classification (with a small business credit); not computed here.',
    },
  },
];
