import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import {
  ENTITY_TYPES,
  REGIMES,
  SALES_TAX_FREQUENCIES,
  type EntityType,
  type Regime,
} from '../tenancy/entity-profile.ts';
import { isBusinessDay } from './calendar.ts';
import { clockStatus, planObligations, planWindow, type BooksFacts, type ComplianceProfile } from './generate.ts';

/**
 * Expected deadlines of 2026 and 2027, built by hand from the authorities' published calendars, not
 * from the rules: IRS Publication 509 (2026) and the form instructions (federal), the states' due-date
 * pages cited in the rules, with weekends and holidays (OPM 2026/2027 calendars, DC Emancipation Day
 * for the IRS) applied by hand. Each comment says why a date moved.
 */
const NO_BOOKS: BooksFacts = {
  yearsWithEmployees: new Set(),
  yearsWithContractors: new Set(),
  liabilityBalanceMinor: () => 0,
  netIncomeMinor: () => 0,
};
const EMPLOYER: BooksFacts = {
  ...NO_BOOKS,
  yearsWithEmployees: new Set([2025, 2026]),
  yearsWithContractors: new Set([2025, 2026]),
};

function profile(overrides: Partial<ComplianceProfile>): ComplianceProfile {
  return {
    country: 'US',
    entityType: 'llc',
    regime: 'sole_proprietor',
    stateCode: null,
    fiscalYearEndMonth: 12,
    formationDate: '2019-03-10',
    addedOn: '2026-01-05',
    salesTaxStates: [],
    salesTaxFrequency: 'quarterly',
    estimatedTaxRatePercent: null,
    ...overrides,
  };
}

interface Case {
  name: string;
  profile: Partial<ComplianceProfile>;
  books?: BooksFacts;
  filedExtensions?: string[];
  expected: Array<[ruleId: string, period: string, deadline: string]>;
}

const CASES: Case[] = [
  {
    name: 'sole proprietor, calendar year (Form 1040 + Schedule C, 1040-ES)',
    profile: { entityType: 'sole_prop', regime: 'sole_proprietor' },
    expected: [
      ['us-fed-1040-schedule-c', '2025', '2026-04-15'],
      ['us-fed-1040-schedule-c', '2026', '2027-04-15'], // Thursday; Emancipation Day is Friday the 16th
      ['us-fed-4868', '2025', '2026-04-15'],
      ['us-fed-1040-es', '2025-Q4', '2026-01-15'],
      ['us-fed-1040-es', '2026-Q1', '2026-04-15'],
      ['us-fed-1040-es', '2026-Q2', '2026-06-15'],
      ['us-fed-1040-es', '2026-Q3', '2026-09-15'],
      ['us-fed-1040-es', '2026-Q4', '2027-01-15'],
      ['us-fed-1040-es', '2027-Q1', '2027-04-15'],
      ['us-fed-1040-es', '2027-Q2', '2027-06-15'],
      ['us-fed-1040-es', '2027-Q3', '2027-09-15'],
    ],
  },
  {
    name: 'partnership, calendar year (Form 1065)',
    profile: { entityType: 'partnership', regime: 'partnership' },
    expected: [
      ['us-fed-1065', '2025', '2026-03-16'], // March 15, 2026 is a Sunday
      ['us-fed-1065', '2026', '2027-03-15'],
      ['us-fed-7004-1065', '2025', '2026-03-16'],
      ['us-fed-1040-es', '2026-Q1', '2026-04-15'],
    ],
  },
  {
    name: "partnership, fiscal year ending November (15th day of 3rd month lands on Washington's Birthday 2027)",
    profile: { entityType: 'partnership', regime: 'partnership', fiscalYearEndMonth: 11 },
    expected: [
      ['us-fed-1065', '2024', '2026-02-17'], // Dec 2024–Nov 2025: February 15, 2026 is a Sunday, the 16th Washington's Birthday
      ['us-fed-1065', '2025', '2027-02-16'], // Dec 2025–Nov 2026: February 15, 2027 is Washington's Birthday
    ],
  },
  {
    name: 'S corporation, calendar year (Form 1120-S)',
    profile: { entityType: 's_corp', regime: 's_corporation' },
    expected: [
      ['us-fed-1120s', '2025', '2026-03-16'],
      ['us-fed-1120s', '2026', '2027-03-15'],
      ['us-fed-7004-1120s', '2026', '2027-03-15'],
    ],
  },
  {
    name: 'C corporation, calendar year (Form 1120, 1120-W)',
    profile: { entityType: 'c_corp', regime: 'c_corporation' },
    expected: [
      ['us-fed-1120', '2025', '2026-04-15'],
      ['us-fed-1120', '2026', '2027-04-15'],
      ['us-fed-7004-1120', '2025', '2026-04-15'],
      ['us-fed-1120-w', '2026-Q1', '2026-04-15'],
      ['us-fed-1120-w', '2026-Q2', '2026-06-15'],
      ['us-fed-1120-w', '2026-Q3', '2026-09-15'],
      ['us-fed-1120-w', '2026-Q4', '2026-12-15'],
      ['us-fed-1120-w', '2027-Q4', '2027-12-15'],
    ],
  },
  {
    name: 'C corporation, June fiscal year (3rd-month exception for tax years beginning before 2026)',
    profile: { entityType: 'c_corp', regime: 'c_corporation', fiscalYearEndMonth: 6 },
    expected: [
      ['us-fed-1120', '2025', '2026-09-15'], // July 2025–June 2026: 15th day of the 3rd month
      ['us-fed-1120', '2026', '2027-10-15'], // July 2026–June 2027: the 4th month from 2026 on
      ['us-fed-1120-w', '2025-Q3', '2026-03-16'], // 9th month of July 2025–June 2026: March 15, 2026 is a Sunday
      ['us-fed-1120-w', '2025-Q4', '2026-06-15'],
      ['us-fed-1120-w', '2026-Q1', '2026-10-15'],
      ['us-fed-1120-w', '2026-Q2', '2026-12-15'],
    ],
  },
  {
    name: "C corporation, October fiscal year (Washington's Birthday 2027)",
    profile: { entityType: 'c_corp', regime: 'c_corporation', fiscalYearEndMonth: 10 },
    expected: [['us-fed-1120', '2025', '2027-02-16']], // Nov 2025–Oct 2026: February 15, 2027 is a holiday
  },
  {
    name: 'employer with contractors (941, 940, W-2/W-3, 1099-NEC)',
    profile: {},
    books: EMPLOYER,
    expected: [
      ['us-fed-941', '2025-Q4', '2026-02-02'], // January 31, 2026 is a Saturday
      ['us-fed-941', '2026-Q1', '2026-04-30'],
      ['us-fed-941', '2026-Q2', '2026-07-31'],
      ['us-fed-941', '2026-Q3', '2026-11-02'], // October 31, 2026 is a Saturday
      ['us-fed-941', '2026-Q4', '2027-02-01'], // January 31, 2027 is a Sunday
      ['us-fed-941', '2027-Q1', '2027-04-30'],
      ['us-fed-941', '2027-Q2', '2027-08-02'], // July 31, 2027 is a Saturday
      ['us-fed-941', '2027-Q3', '2027-11-01'], // October 31, 2027 is a Sunday
      ['us-fed-940', '2025', '2026-02-02'],
      ['us-fed-940', '2026', '2027-02-01'],
      ['us-fed-w2-w3', '2025', '2026-02-02'],
      ['us-fed-w2-w3', '2026', '2027-02-01'],
      ['us-fed-1099-nec', '2025', '2026-02-02'],
      ['us-fed-1099-nec', '2026', '2027-02-01'],
    ],
  },
  {
    name: 'extensions filed move the returns',
    profile: { entityType: 'c_corp', regime: 'c_corporation' },
    filedExtensions: ['us-fed-7004-1120|2025', 'us-fed-7004-1120|2026'],
    expected: [
      ['us-fed-1120', '2025', '2026-09-15'], // 5-month extension for a December year beginning before 2026
      ['us-fed-1120', '2026', '2027-10-15'], // 6 months from 2026 on
    ],
  },
  {
    name: 'sole proprietor with Form 4868 filed',
    profile: { entityType: 'sole_prop' },
    filedExtensions: ['us-fed-4868|2025'],
    expected: [['us-fed-1040-schedule-c', '2025', '2026-10-15']],
  },
  {
    name: 'Delaware corporation',
    profile: { entityType: 'c_corp', regime: 'c_corporation', stateCode: 'DE' },
    expected: [
      ['us-de-franchise-tax', '2025', '2026-03-02'], // March 1, 2026 is a Sunday
      ['us-de-franchise-tax', '2026', '2027-03-01'],
    ],
  },
  {
    name: 'Delaware LLC',
    profile: { stateCode: 'DE' },
    expected: [
      ['us-de-annual-tax', '2025', '2026-06-01'],
      ['us-de-annual-tax', '2026', '2027-06-01'],
    ],
  },
  {
    name: 'California single-member LLC formed in May 2020',
    profile: { stateCode: 'CA', formationDate: '2020-05-12' },
    expected: [
      ['us-ca-llc-annual-tax', '2026', '2026-04-15'],
      ['us-ca-llc-annual-tax', '2027', '2027-04-15'],
      ['us-ca-568', '2025', '2026-04-15'],
      ['us-ca-568', '2026', '2027-04-15'],
      ['us-ca-statement-of-information', '2026', '2026-06-01'], // biennial; May 31, 2026 is a Sunday
    ],
  },
  {
    name: 'California LLC taxed as a partnership',
    profile: { stateCode: 'CA', regime: 'partnership' },
    expected: [
      ['us-ca-568', '2025', '2026-03-16'],
      ['us-ca-568', '2026', '2027-03-15'],
      ['us-ca-llc-annual-tax', '2026', '2026-04-15'],
    ],
  },
  {
    name: 'California corporations formed in August 2021',
    profile: { entityType: 'c_corp', regime: 'c_corporation', stateCode: 'CA', formationDate: '2021-08-03' },
    expected: [
      ['us-ca-100', '2025', '2026-04-15'],
      ['us-ca-minimum-franchise-tax', '2026', '2026-04-15'],
      ['us-ca-statement-of-information', '2026', '2026-08-31'],
      ['us-ca-statement-of-information', '2027', '2027-08-31'],
    ],
  },
  {
    name: 'California S corporation',
    profile: { entityType: 's_corp', regime: 's_corporation', stateCode: 'CA' },
    expected: [
      ['us-ca-100s', '2025', '2026-03-16'],
      ['us-ca-minimum-franchise-tax', '2027', '2027-04-15'],
    ],
  },
  {
    name: 'Texas LLC',
    profile: { stateCode: 'TX' },
    expected: [
      ['us-tx-franchise-tax', '2026', '2026-05-15'],
      ['us-tx-franchise-tax', '2027', '2027-05-17'], // May 15, 2027 is a Saturday
    ],
  },
  {
    name: 'New York corporations and LLCs formed in September 2022',
    profile: { entityType: 'c_corp', regime: 'c_corporation', stateCode: 'NY', formationDate: '2022-09-14' },
    expected: [
      ['us-ny-ct-3', '2025', '2026-04-15'],
      ['us-ny-ct-3', '2026', '2027-04-15'],
      ['us-ny-biennial-statement', '2026', '2026-09-30'],
    ],
  },
  {
    name: 'New York S corporation',
    profile: { entityType: 's_corp', regime: 's_corporation', stateCode: 'NY' },
    expected: [['us-ny-ct-3-s', '2025', '2026-03-16']],
  },
  {
    name: 'New York LLC (IT-204-LL)',
    profile: { stateCode: 'NY' },
    expected: [
      ['us-ny-it-204-ll', '2025', '2026-03-16'],
      ['us-ny-it-204-ll', '2026', '2027-03-15'],
    ],
  },
  {
    name: 'Florida LLC and corporation',
    profile: { stateCode: 'FL' },
    expected: [
      ['us-fl-annual-report', '2026', '2026-05-01'],
      ['us-fl-annual-report', '2027', '2027-05-03'], // May 1, 2027 is a Saturday
    ],
  },
  {
    name: 'Florida C corporation (F-1120)',
    profile: { entityType: 'c_corp', regime: 'c_corporation', stateCode: 'FL' },
    expected: [
      ['us-fl-f-1120', '2025', '2026-05-01'],
      ['us-fl-annual-report', '2026', '2026-05-01'],
    ],
  },
  {
    name: 'Washington LLC formed in March 2019, not collecting sales tax',
    profile: { stateCode: 'WA' },
    expected: [
      ['us-wa-annual-report', '2026', '2026-03-31'],
      ['us-wa-annual-report', '2027', '2027-03-31'],
      ['us-wa-excise-tax-return', '2025', '2026-04-15'],
      ['us-wa-excise-tax-return', '2026', '2027-04-15'],
    ],
  },
  {
    name: 'sales tax, quarterly: CA, TX, NY (March quarters), WA, and a state without rules yet (GA)',
    profile: { salesTaxStates: ['CA', 'GA', 'NY', 'TX', 'WA'] },
    expected: [
      ['us-ca-sales-tax-quarterly', '2026-Q1', '2026-04-30'],
      ['us-ca-sales-tax-quarterly', '2026-Q3', '2026-11-02'],
      ['us-tx-sales-tax-quarterly', '2025-Q4', '2026-01-20'],
      ['us-tx-sales-tax-quarterly', '2026-Q2', '2026-07-20'],
      ['us-ny-sales-tax-quarterly', '2025-Q4', '2026-03-20'], // December 2025–February 2026
      ['us-ny-sales-tax-quarterly', '2026-Q1', '2026-06-22'], // March–May 2026; June 20 is a Saturday
      ['us-wa-sales-tax-quarterly', '2026-Q1', '2026-04-30'],
      ['us-ga-sales-tax-quarterly', '2026-Q1', '2026-04-20'],
    ],
  },
  {
    name: 'sales tax, monthly: CA (Memorial Day 2027), TX, FL, WA',
    profile: { salesTaxStates: ['CA', 'FL', 'TX', 'WA'], salesTaxFrequency: 'monthly' },
    expected: [
      ['us-ca-sales-tax-monthly', '2027-04', '2027-06-01'], // May 31, 2027 is Memorial Day
      ['us-tx-sales-tax-monthly', '2026-01', '2026-02-20'],
      ['us-tx-sales-tax-monthly', '2026-05', '2026-06-22'], // June 20, 2026 is a Saturday
      ['us-fl-sales-tax-monthly', '2026-01', '2026-02-20'],
      ['us-wa-sales-tax-monthly', '2026-01', '2026-02-25'],
    ],
  },
  {
    name: 'sales tax, annual: CA and WA',
    profile: { salesTaxStates: ['CA', 'WA'], salesTaxFrequency: 'annual' },
    expected: [
      ['us-ca-sales-tax-annual', '2025', '2026-02-02'], // January 31, 2026 is a Saturday
      ['us-wa-sales-tax-annual', '2025', '2026-04-15'],
    ],
  },
];

for (const testCase of CASES) {
  test(`deadlines 2026-2027: ${testCase.name}`, () => {
    const planned = planObligations(profile(testCase.profile), testCase.books ?? NO_BOOKS, {
      today: '2026-01-10',
      filedExtensions: new Set(testCase.filedExtensions ?? []),
    });
    const byKey = new Map(planned.map((row) => [`${row.ruleId}|${row.period}`, row]));
    for (const [ruleId, period, deadline] of testCase.expected) {
      const row = byKey.get(`${ruleId}|${period}`);
      assert.ok(
        row,
        `${ruleId} ${period} is missing; planned: ${planned.map((p) => `${p.ruleId}|${p.period}`).join(', ')}`,
      );
      assert.equal(row.deadline, deadline, `${ruleId} ${period}`);
    }
  });
}

test('a calendar-year sole proprietor in a state without rules, no books: exactly the federal rows', () => {
  const planned = planObligations(profile({ entityType: 'sole_prop', stateCode: 'GA' }), NO_BOOKS, {
    today: '2026-01-10',
    filedExtensions: new Set(),
  });
  assert.deepEqual(
    planned.map((row) => `${row.deadline} ${row.ruleId} ${row.period}`),
    [
      '2026-01-15 us-fed-1040-es 2025-Q4',
      '2026-04-15 us-fed-1040-es 2026-Q1',
      '2026-04-15 us-fed-1040-schedule-c 2025',
      '2026-04-15 us-fed-4868 2025',
      '2026-06-15 us-fed-1040-es 2026-Q2',
      '2026-09-15 us-fed-1040-es 2026-Q3',
      '2027-01-15 us-fed-1040-es 2026-Q4',
      '2027-04-15 us-fed-1040-es 2027-Q1',
      '2027-04-15 us-fed-1040-schedule-c 2026',
      '2027-04-15 us-fed-4868 2026',
      '2027-06-15 us-fed-1040-es 2027-Q2',
      '2027-09-15 us-fed-1040-es 2027-Q3',
    ],
  );
});

test('applicability: payroll rows only with wages, a period before formation owes nothing, biennial skips a year', () => {
  const plan = (overrides: Partial<ComplianceProfile>, books = NO_BOOKS) =>
    planObligations(profile(overrides), books, { today: '2026-01-10', filedExtensions: new Set() }).map(
      (row) => `${row.ruleId}|${row.period}`,
    );
  assert.ok(!plan({}).some((key) => key.startsWith('us-fed-941')));
  assert.ok(plan({}, EMPLOYER).includes('us-fed-941|2026-Q1'));
  // Only 2024 wages: 2025's forms are not owed, and neither are this year's.
  const stoppedPayroll = { ...NO_BOOKS, yearsWithEmployees: new Set([2024]) };
  assert.ok(!plan({}, stoppedPayroll).some((key) => key.startsWith('us-fed-941')));
  // Formed in June 2026: no 2025 return, no 1040-ES for 2026-Q1 (January-March).
  const newBusiness = plan({ formationDate: '2026-06-02' });
  assert.ok(!newBusiness.includes('us-fed-1040-schedule-c|2025'));
  assert.ok(!newBusiness.includes('us-fed-1040-es|2026-Q1'));
  assert.ok(newBusiness.includes('us-fed-1040-es|2026-Q3'));
  // A California LLC formed in 2021 files its Statement of Information in 2027 (odd years), not 2026.
  const odd = plan({ stateCode: 'CA', formationDate: '2021-02-01' });
  assert.ok(
    odd.includes('us-ca-statement-of-information|2027') && !odd.includes('us-ca-statement-of-information|2026'),
  );
  // An LLC taxed as a C corporation pays no California LLC tax but the corporate minimum.
  const llcAsCorp = plan({ stateCode: 'CA', regime: 'c_corporation' });
  assert.ok(
    !llcAsCorp.some((key) => key.startsWith('us-ca-llc-annual-tax')) &&
      llcAsCorp.includes('us-ca-minimum-franchise-tax|2026'),
  );
});

test('amounts: law fixes fees, the books give liabilities, estimates only when asked', () => {
  const books: BooksFacts = {
    ...EMPLOYER,
    liabilityBalanceMinor: (account, asOf) =>
      account === '2200' ? (asOf >= '2026-03-31' ? 420_000 : 100_000) : account === '2300' ? 55_500 : 0,
    netIncomeMinor: (from, to) =>
      (to >= '2026-05-31' ? 4_000_000 : to >= '2026-03-31' ? 1_000_000 : 0) * (from <= '2026-01-01' ? 1 : 0),
  };
  const plan = (overrides: Partial<ComplianceProfile>, today = '2026-06-20') =>
    new Map(
      planObligations(profile(overrides), books, { today, filedExtensions: new Set() }).map((row) => [
        `${row.ruleId}|${row.period}`,
        row,
      ]),
    );
  const delaware = plan({ stateCode: 'DE' });
  assert.equal(delaware.get('us-de-annual-tax|2026')?.amountDueMinor, 30_000);
  const employer = plan({ salesTaxStates: ['TX'] });
  assert.equal(employer.get('us-fed-941|2026-Q1')?.amountDueMinor, 420_000);
  assert.equal(employer.get('us-tx-sales-tax-quarterly|2026-Q1')?.amountDueMinor, 55_500);
  assert.equal(employer.get('us-fed-940|2026')?.amountDueMinor, 0);
  assert.match(employer.get('us-fed-940|2026')?.amountNote ?? '', /per employee/);
  // Two registrations share one Sales Tax Payable account: no split is invented.
  const twoStates = plan({ salesTaxStates: ['CA', 'TX'] });
  assert.equal(twoStates.get('us-tx-sales-tax-quarterly|2026-Q1')?.amountDueMinor, 0);
  assert.match(twoStates.get('us-tx-sales-tax-quarterly|2026-Q1')?.amountNote ?? '', /cannot tell/);
  // Estimated tax: 0 with the reason until asked; then rate × year-to-date net income less earlier installments.
  assert.equal(employer.get('us-fed-1040-es|2026-Q1')?.amountDueMinor, 0);
  assert.match(employer.get('us-fed-1040-es|2026-Q1')?.amountNote ?? '', /--estimate-taxes/);
  const estimating = plan({ estimatedTaxRatePercent: 25 });
  assert.equal(estimating.get('us-fed-1040-es|2026-Q1')?.amountDueMinor, 250_000, '25% of 10,000.00 through March');
  assert.equal(
    estimating.get('us-fed-1040-es|2026-Q2')?.amountDueMinor,
    750_000,
    '25% of 40,000.00 through May, less the first installment',
  );
});

test("clock statuses: payment_pending within 30 days when something is due; the owner's marks stay", () => {
  assert.equal(clockStatus('upcoming', '2026-04-15', 100, '2026-03-16'), 'payment_pending');
  assert.equal(clockStatus('upcoming', '2026-04-15', 100, '2026-03-15'), 'upcoming');
  assert.equal(clockStatus('payment_pending', '2026-04-15', 0, '2026-04-01'), 'upcoming');
  assert.equal(
    clockStatus('payment_pending', '2026-04-15', 100, '2026-05-01'),
    'payment_pending',
    'overdue and still owed',
  );
  assert.equal(clockStatus('confirmed', '2026-04-15', 100, '2026-04-01'), 'confirmed');
  assert.equal(clockStatus('filed', '2026-04-15', 100, '2026-04-01'), 'filed');
});

test('invariants for any profile and day: unique identities, deadlines on business days inside the window, sorted, amounts ≥ 0', () => {
  const profiles = fc.record({
    entityType: fc.constantFrom(...ENTITY_TYPES),
    regime: fc.constantFrom(...REGIMES),
    stateCode: fc.constantFrom(null, 'DE', 'CA', 'TX', 'NY', 'FL', 'WA', 'GA'),
    fiscalYearEndMonth: fc.integer({ min: 1, max: 12 }),
    formationDate: fc.option(fc.constantFrom('2015-01-31', '2020-02-29', '2023-07-15', '2026-05-01'), { nil: null }),
    salesTaxStates: fc.subarray(['CA', 'TX', 'NY', 'FL', 'WA', 'GA']),
    salesTaxFrequency: fc.constantFrom(...SALES_TAX_FREQUENCIES),
    estimatedTaxRatePercent: fc.option(fc.integer({ min: 1, max: 40 }), { nil: null }),
  });
  const days = fc
    .integer({ min: 0, max: 4 * 365 })
    .map((offset) => new Date(Date.UTC(2025, 0, 1 + offset)).toISOString().slice(0, 10));
  fc.assert(
    fc.property(profiles, days, fc.boolean(), (overrides, today, employer) => {
      const planned = planObligations(
        profile({ ...overrides, entityType: overrides.entityType as EntityType, regime: overrides.regime as Regime }),
        employer ? EMPLOYER : NO_BOOKS,
        { today, filedExtensions: new Set() },
      );
      const window = planWindow(today);
      const keys = new Set<string>();
      let previous = '';
      for (const row of planned) {
        const key = `${row.ruleId}|${row.period}`;
        assert.ok(!keys.has(key), key);
        keys.add(key);
        assert.ok(row.deadline >= window.from && row.deadline <= window.to);
        assert.ok(
          isBusinessDay(row.deadline, row.jurisdictionLevel === 'federal' ? 'federal' : 'state'),
          `${key} ${row.deadline}`,
        );
        assert.ok(row.deadline >= previous);
        previous = row.deadline;
        assert.ok(Number.isInteger(row.amountDueMinor) && row.amountDueMinor >= 0);
        assert.ok(row.amountNote.length > 0 && row.authority.length > 0 && row.source.length > 0);
        assert.match(row.period, /^\d{4}(-Q[1-4]|-\d{2})?$/);
      }
    }),
    { numRuns: 300 },
  );
});
