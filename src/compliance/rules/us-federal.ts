import type { DeadlineRule, ObligationRule } from './types.ts';

/**
 * United States federal obligations. Deadlines follow the IRS's own calendar, Publication 509 "Tax
 * Calendars" (2026 edition), and the form instructions cited on each rule; a deadline on a weekend or a
 * legal holiday moves to the next business day (IRC § 7503, see ../calendar.ts).
 */
const IRS = 'Internal Revenue Service';

const fifteenthOfMonthAfterYearEnd = (months: number): DeadlineRule => ({
  kind: 'month_offset',
  from: 'period_end',
  months,
  day: 15,
});
const lastDayOfMonthAfterPeriod: DeadlineRule = { kind: 'month_offset', from: 'period_end', months: 1, day: 'last' };

const NO_INCOME_TAX_COMPUTED =
  'Income tax is computed on the return itself from figures the books alone do not hold (other income, deductions, credits); pay during the year with the estimated-tax installments.';
const EXTENSION_NOTE =
  'Optional: file only if the return will not be ready. It extends the time to file, not the time to pay.';

export const US_FEDERAL_RULES: readonly ObligationRule[] = [
  // Publication 509, "Individuals": April 15; IRC § 6072(a): 15th day of the 4th month after the tax year.
  {
    id: 'us-fed-1040-schedule-c',
    country: 'US',
    jurisdictionLevel: 'federal',
    stateCode: null,
    type: 'income_tax_return',
    frequency: 'annual',
    periodBasis: 'tax_year',
    authority: IRS,
    formReference: 'Form 1040 with Schedule C (and Schedule SE)',
    source: 'IRS Publication 509 (2026), Individuals, April 15; IRC § 6072(a)',
    effectiveFrom: 2020,
    appliesTo: { regimes: ['sole_proprietor'] },
    deadline: fifteenthOfMonthAfterYearEnd(4),
    // Form 4868 instructions: an automatic 6-month extension, to October 15.
    extension: { ruleId: 'us-fed-4868', deadline: fifteenthOfMonthAfterYearEnd(10) },
    amount: { kind: 'none', note: NO_INCOME_TAX_COMPUTED },
  },
  {
    id: 'us-fed-4868',
    country: 'US',
    jurisdictionLevel: 'federal',
    stateCode: null,
    type: 'income_tax_extension',
    frequency: 'annual',
    periodBasis: 'tax_year',
    authority: IRS,
    formReference: 'Form 4868',
    source: 'Instructions for Form 4868; IRS Publication 509 (2026), April 15',
    effectiveFrom: 2020,
    appliesTo: { regimes: ['sole_proprietor'] },
    deadline: fifteenthOfMonthAfterYearEnd(4),
    amount: { kind: 'none', note: EXTENSION_NOTE },
  },
  // Instructions for Form 1065, "When To File": 15th day of the 3rd month after the tax year ends;
  // Form 7004 gives 6 months (IRC § 6072(b), Treas. Reg. § 1.6081-2).
  {
    id: 'us-fed-1065',
    country: 'US',
    jurisdictionLevel: 'federal',
    stateCode: null,
    type: 'income_tax_return',
    frequency: 'annual',
    periodBasis: 'tax_year',
    authority: IRS,
    formReference: 'Form 1065 (with Schedules K-1)',
    source: 'Instructions for Form 1065, When To File; IRS Publication 509 (2026), Partnerships, March 15',
    effectiveFrom: 2016,
    appliesTo: { regimes: ['partnership'] },
    deadline: fifteenthOfMonthAfterYearEnd(3),
    extension: { ruleId: 'us-fed-7004-1065', deadline: fifteenthOfMonthAfterYearEnd(9) },
    amount: { kind: 'none', note: 'An information return: the partners pay the tax on their own returns.' },
  },
  {
    id: 'us-fed-7004-1065',
    country: 'US',
    jurisdictionLevel: 'federal',
    stateCode: null,
    type: 'income_tax_extension',
    frequency: 'annual',
    periodBasis: 'tax_year',
    authority: IRS,
    formReference: 'Form 7004 (for Form 1065)',
    source: 'Instructions for Form 7004',
    effectiveFrom: 2016,
    appliesTo: { regimes: ['partnership'] },
    deadline: fifteenthOfMonthAfterYearEnd(3),
    amount: { kind: 'none', note: EXTENSION_NOTE },
  },
  // Instructions for Form 1120-S, "When To File": 15th day of the 3rd month after the tax year ends.
  {
    id: 'us-fed-1120s',
    country: 'US',
    jurisdictionLevel: 'federal',
    stateCode: null,
    type: 'income_tax_return',
    frequency: 'annual',
    periodBasis: 'tax_year',
    authority: IRS,
    formReference: 'Form 1120-S (with Schedules K-1)',
    source: 'Instructions for Form 1120-S, When To File; IRS Publication 509 (2026), S corporations, March 15',
    effectiveFrom: 2016,
    appliesTo: { regimes: ['s_corporation'] },
    deadline: fifteenthOfMonthAfterYearEnd(3),
    extension: { ruleId: 'us-fed-7004-1120s', deadline: fifteenthOfMonthAfterYearEnd(9) },
    amount: {
      kind: 'none',
      note: 'Shareholders pay income tax on their own returns; entity-level taxes (built-in gains, excess passive income) are not computed here.',
    },
  },
  {
    id: 'us-fed-7004-1120s',
    country: 'US',
    jurisdictionLevel: 'federal',
    stateCode: null,
    type: 'income_tax_extension',
    frequency: 'annual',
    periodBasis: 'tax_year',
    authority: IRS,
    formReference: 'Form 7004 (for Form 1120-S)',
    source: 'Instructions for Form 7004',
    effectiveFrom: 2016,
    appliesTo: { regimes: ['s_corporation'] },
    deadline: fifteenthOfMonthAfterYearEnd(3),
    amount: { kind: 'none', note: EXTENSION_NOTE },
  },
  // Instructions for Form 1120, "When To File": 15th day of the 4th month after the tax year ends; a
  // corporation whose tax year ends June 30 files by the 15th day of the 3rd month for tax years
  // beginning before January 1, 2026 (IRC § 6072(b) as amended by Pub. L. 114-41 § 2006).
  // Extensions (Form 7004 instructions): 6 months; for tax years beginning before 2026, 5 months for a
  // December year end and 7 months for a June year end.
  {
    id: 'us-fed-1120',
    country: 'US',
    jurisdictionLevel: 'federal',
    stateCode: null,
    type: 'income_tax_return',
    frequency: 'annual',
    periodBasis: 'tax_year',
    authority: IRS,
    formReference: 'Form 1120',
    source: 'Instructions for Form 1120, When To File; IRS Publication 509 (2026), Corporations, April 15',
    effectiveFrom: 2016,
    appliesTo: { regimes: ['c_corporation'] },
    deadline: fifteenthOfMonthAfterYearEnd(4),
    deadlineOverrides: [{ fiscalYearEndMonths: [6], effectiveTo: 2025, deadline: fifteenthOfMonthAfterYearEnd(3) }],
    extension: {
      ruleId: 'us-fed-7004-1120',
      deadline: fifteenthOfMonthAfterYearEnd(10),
      deadlineOverrides: [
        { fiscalYearEndMonths: [12], effectiveTo: 2025, deadline: fifteenthOfMonthAfterYearEnd(9) },
        { fiscalYearEndMonths: [6], effectiveTo: 2025, deadline: fifteenthOfMonthAfterYearEnd(10) },
      ],
    },
    amount: {
      kind: 'none',
      note: 'The tax is computed on the return (21% of taxable income, IRC § 11(b)); pay it during the year with the Form 1120-W installments.',
    },
  },
  {
    id: 'us-fed-7004-1120',
    country: 'US',
    jurisdictionLevel: 'federal',
    stateCode: null,
    type: 'income_tax_extension',
    frequency: 'annual',
    periodBasis: 'tax_year',
    authority: IRS,
    formReference: 'Form 7004 (for Form 1120)',
    source: 'Instructions for Form 7004',
    effectiveFrom: 2016,
    appliesTo: { regimes: ['c_corporation'] },
    deadline: fifteenthOfMonthAfterYearEnd(4),
    deadlineOverrides: [{ fiscalYearEndMonths: [6], effectiveTo: 2025, deadline: fifteenthOfMonthAfterYearEnd(3) }],
    amount: { kind: 'none', note: EXTENSION_NOTE },
  },
  // Form 1040-ES instructions and Publication 509: April 15, June 15, September 15 and January 15 of
  // the next year. Owners of partnerships and S corporations pay them on their own returns.
  {
    id: 'us-fed-1040-es',
    country: 'US',
    jurisdictionLevel: 'federal',
    stateCode: null,
    type: 'estimated_tax',
    frequency: 'quarterly',
    periodBasis: 'calendar',
    authority: IRS,
    formReference: 'Form 1040-ES',
    source: 'Form 1040-ES (2026), When To Pay Estimated Tax; IRS Publication 509 (2026); IRC § 6654(c)',
    effectiveFrom: 2020,
    appliesTo: { regimes: ['sole_proprietor', 'partnership', 's_corporation'] },
    deadline: {
      kind: 'installments',
      installments: [
        { months: 3, day: 15 },
        { months: 5, day: 15 },
        { months: 8, day: 15 },
        { months: 12, day: 15 },
      ],
    },
    amount: { kind: 'estimated_tax' },
  },
  // Form 1120-W instructions; IRC § 6655(c): 15th day of the 4th, 6th, 9th and 12th months of the tax year.
  {
    id: 'us-fed-1120-w',
    country: 'US',
    jurisdictionLevel: 'federal',
    stateCode: null,
    type: 'estimated_tax',
    frequency: 'quarterly',
    periodBasis: 'tax_year',
    authority: IRS,
    formReference: 'Form 1120-W (worksheet; deposits through EFTPS)',
    source: 'Instructions for Form 1120-W, Installment due dates; IRC § 6655(c)',
    effectiveFrom: 2018,
    appliesTo: { regimes: ['c_corporation'] },
    deadline: {
      kind: 'installments',
      installments: [
        { months: 3, day: 15 },
        { months: 5, day: 15 },
        { months: 8, day: 15 },
        { months: 11, day: 15 },
      ],
    },
    amount: { kind: 'estimated_tax' },
  },
  // Publication 509, Employer's Tax Calendar; Instructions for Form 941: April 30, July 31, October 31, January 31.
  {
    id: 'us-fed-941',
    country: 'US',
    jurisdictionLevel: 'federal',
    stateCode: null,
    type: 'payroll_tax_return',
    frequency: 'quarterly',
    periodBasis: 'calendar',
    authority: IRS,
    formReference: 'Form 941',
    source: "IRS Publication 509 (2026), Employer's Tax Calendar; Instructions for Form 941, When Must You File",
    effectiveFrom: 2020,
    appliesTo: { hasEmployees: true },
    deadline: lastDayOfMonthAfterPeriod,
    amount: {
      kind: 'liability_balance',
      accountNumber: '2200',
      note: 'Payroll taxes withheld and owed but not yet deposited: the credit balance of Payroll Liabilities (2200) at the end of the quarter.',
    },
  },
  // Instructions for Form 940: January 31 of the next year.
  {
    id: 'us-fed-940',
    country: 'US',
    jurisdictionLevel: 'federal',
    stateCode: null,
    type: 'unemployment_tax_return',
    frequency: 'annual',
    periodBasis: 'calendar',
    authority: IRS,
    formReference: 'Form 940',
    source:
      "Instructions for Form 940, When Must You File; IRS Publication 509 (2026), Employer's Tax Calendar, January 31",
    effectiveFrom: 2020,
    appliesTo: { hasEmployees: true },
    deadline: lastDayOfMonthAfterPeriod,
    amount: {
      kind: 'none',
      note: "FUTA is 0.6% of the first $7,000 of each employee's wages after the state credit; the books do not hold wages per employee.",
    },
  },
  // General Instructions for Forms W-2 and W-3: furnish to employees and file with the SSA by January 31.
  {
    id: 'us-fed-w2-w3',
    country: 'US',
    jurisdictionLevel: 'federal',
    stateCode: null,
    type: 'wage_statements',
    frequency: 'annual',
    periodBasis: 'calendar',
    authority: 'Internal Revenue Service / Social Security Administration',
    formReference: 'Forms W-2 and W-3',
    source: 'General Instructions for Forms W-2 and W-3, When To File; IRS Publication 509 (2026), January 31',
    effectiveFrom: 2020,
    appliesTo: { hasEmployees: true },
    deadline: lastDayOfMonthAfterPeriod,
    amount: { kind: 'none', note: 'An information return: nothing is paid with it.' },
  },
  // Instructions for Forms 1099-MISC and 1099-NEC: file and furnish Form 1099-NEC by January 31.
  {
    id: 'us-fed-1099-nec',
    country: 'US',
    jurisdictionLevel: 'federal',
    stateCode: null,
    type: 'contractor_information_return',
    frequency: 'annual',
    periodBasis: 'calendar',
    authority: IRS,
    formReference: 'Form 1099-NEC (with Form 1096 on paper)',
    source: 'Instructions for Forms 1099-MISC and 1099-NEC; IRS Publication 509 (2026), January 31',
    effectiveFrom: 2020,
    appliesTo: { hasContractors: true },
    deadline: lastDayOfMonthAfterPeriod,
    amount: {
      kind: 'none',
      note: 'An information return for each contractor paid at least the reporting threshold ($600; $2,000 for payments made after 2025); nothing is paid with it.',
    },
  },
];
