import { SALES_TAX_FREQUENCIES, type SalesTaxFrequency } from '../../tenancy/entity-profile.ts';
import type { DeadlineRule, ObligationRule } from './types.ts';

/**
 * Sales tax returns, one row per state: who collects, the return, and when each frequency is due.
 * The state assigns the frequency (by volume); the entity profile records it (default quarterly).
 * States not listed use the DEFAULT row, the most common rule (20th of the month after the period),
 * and their rows say so in `deadlineNote`.
 */
export interface SalesTaxSchedule {
  stateCode: string;
  authority: string;
  formReference: string | null;
  source: string;
  /** Month the state's sales tax year starts in (New York: March); 1 when absent. */
  yearStartMonth?: number;
  due: Record<SalesTaxFrequency, DeadlineRule>;
  /** Said on every row of the state, e.g. when the deadline is an assumption. */
  deadlineNote?: string;
}

const afterPeriod = (months: number, day: number | 'last'): DeadlineRule => ({
  kind: 'month_offset',
  from: 'period_end',
  months,
  day,
});

export const SALES_TAX_SCHEDULES: readonly SalesTaxSchedule[] = [
  // Cal. Rev. & Tax. Code §§ 6451, 6455; CDTFA, Filing Due Dates: the last day of the month after the period.
  {
    stateCode: 'CA',
    authority: 'California Department of Tax and Fee Administration',
    formReference: 'CDTFA-401 Sales and Use Tax Return',
    source: 'Cal. Rev. & Tax. Code §§ 6451, 6455; CDTFA publication "Filing Due Dates"',
    due: { monthly: afterPeriod(1, 'last'), quarterly: afterPeriod(1, 'last'), annual: afterPeriod(1, 'last') },
  },
  // Tex. Tax Code § 151.403; Texas Comptroller, Sales and Use Tax due dates: the 20th of the month after the period.
  {
    stateCode: 'TX',
    authority: 'Texas Comptroller of Public Accounts',
    formReference: 'Form 01-114 Sales and Use Tax Return',
    source: 'Tex. Tax Code § 151.403; Texas Comptroller, Sales and Use Tax Due Dates',
    due: { monthly: afterPeriod(1, 20), quarterly: afterPeriod(1, 20), annual: afterPeriod(1, 20) },
  },
  // N.Y. Tax Law § 1136; Publication 750: quarterly periods March-May, June-August, September-November,
  // December-February, due the 20th of the month after; the annual period March-February is due March 20.
  {
    stateCode: 'NY',
    authority: 'New York State Department of Taxation and Finance',
    formReference: 'Form ST-100 (quarterly) / ST-809 (monthly) / ST-101 (annual)',
    source: 'N.Y. Tax Law § 1136; NYS Publication 750, A Guide to Sales Tax in New York State',
    yearStartMonth: 3,
    due: { monthly: afterPeriod(1, 20), quarterly: afterPeriod(1, 20), annual: afterPeriod(1, 20) },
    deadlineNote:
      "New York's sales tax quarters run March-May, June-August, September-November and December-February; Q1 is March-May.",
  },
  // Fla. Stat. § 212.11; Florida DOR Form DR-15 instructions: due the 1st, late after the 20th of the month after the period.
  {
    stateCode: 'FL',
    authority: 'Florida Department of Revenue',
    formReference: 'Form DR-15 Sales and Use Tax Return',
    source: 'Fla. Stat. § 212.11; Florida DOR, Form DR-15 instructions',
    due: { monthly: afterPeriod(1, 20), quarterly: afterPeriod(1, 20), annual: afterPeriod(1, 20) },
    deadlineNote: 'Florida returns are due on the 1st and late after the 20th; the deadline shown is the 20th.',
  },
  // RCW 82.32.045; WA DOR, Due dates: monthly the 25th of the next month, quarterly the last day of the
  // month after the quarter, annual April 15 of the next year. The combined excise tax return also carries B&O tax.
  {
    stateCode: 'WA',
    authority: 'Washington State Department of Revenue',
    formReference: 'Combined Excise Tax Return (sales and use tax, B&O tax)',
    source: 'RCW 82.32.045; Washington Department of Revenue, Filing frequencies and due dates',
    due: {
      monthly: afterPeriod(1, 25),
      quarterly: afterPeriod(1, 'last'),
      annual: { kind: 'fixed', month: 4, day: 15, yearOffset: 1 },
    },
  },
];

const DEFAULT_SCHEDULE: Omit<SalesTaxSchedule, 'stateCode' | 'authority'> = {
  formReference: null,
  source:
    "Assumed: most states want the return by the 20th of the month after the period; check the state revenue department's calendar",
  due: { monthly: afterPeriod(1, 20), quarterly: afterPeriod(1, 20), annual: afterPeriod(1, 20) },
  deadlineNote:
    "This state's calendar is not in the rules yet: the deadline assumes the common rule (20th of the month after the period).",
};

/** The sales tax rules of the states an entity is registered in, one per state and frequency. */
export function salesTaxRules(stateCodes: readonly string[]): ObligationRule[] {
  return stateCodes.flatMap((stateCode) => {
    const schedule = SALES_TAX_SCHEDULES.find((row) => row.stateCode === stateCode) ?? {
      ...DEFAULT_SCHEDULE,
      stateCode,
      authority: `${stateCode} state tax agency`,
    };
    return SALES_TAX_FREQUENCIES.map(
      (frequency): ObligationRule => ({
        id: `us-${stateCode.toLowerCase()}-sales-tax-${frequency}`,
        country: 'US',
        jurisdictionLevel: 'state',
        stateCode,
        type: stateCode === 'WA' ? 'excise_tax_return' : 'sales_tax_return',
        frequency,
        periodBasis: 'calendar',
        yearStartMonth: schedule.yearStartMonth,
        authority: schedule.authority,
        formReference: schedule.formReference,
        source: schedule.source,
        effectiveFrom: 2016,
        appliesTo: { salesTaxFrequency: frequency },
        deadline: schedule.due[frequency],
        amount: {
          kind: 'liability_balance',
          accountNumber: '2300',
          note: "Sales tax collected and not yet remitted: the credit balance of Sales Tax Payable (2300) at the end of the period. The sweep books customers' receipts whole, tax included, and remittances as Taxes and Licenses (6140), so 2300 holds only the tax the owner records there.",
        },
        deadlineNote: schedule.deadlineNote,
      }),
    );
  });
}
