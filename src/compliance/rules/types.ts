import type { EntityType, Regime } from '../../tenancy/entity-profile.ts';

/**
 * An obligation rule is data: which entities it applies to, how its periods are cut, when each period
 * is due and what amount is knowable. Adding a state or a tax year is adding rows of this shape; the
 * generator (../generate.ts) is the only code that reads them.
 */
export type Frequency = 'annual' | 'biennial' | 'quarterly' | 'monthly';
export type JurisdictionLevel = 'federal' | 'state';

/**
 * How the periods of a rule are cut.
 * - `tax_year`: the entity's tax year (its fiscal year end month), named by the calendar year it
 *   begins in, as the IRS names a fiscal-year return ("2025 Form 1120" for July 2025–June 2026).
 * - `calendar`: January–December, its quarters or its months, whatever the fiscal year.
 */
export type PeriodBasis = 'tax_year' | 'calendar';

export type DeadlineDay = number | 'last';

export type DeadlineRule =
  /** `day` of the month that is `months` after the first month (`period_start`) or the last month (`period_end`) of the period. */
  | { kind: 'month_offset'; from: 'period_start' | 'period_end'; months: number; day: DeadlineDay }
  /** A fixed day of the calendar year the period starts in (plus `yearOffset` years). */
  | { kind: 'fixed'; month: number; day: number; yearOffset: number }
  /** Last day of the month the entity was formed in, in the period's year (annual reports tied to the formation anniversary). */
  | { kind: 'anniversary_month_end' }
  /**
   * Estimated-tax installments of a year: each is due on `day` of the month `months` after the year's
   * first month and covers income through the end of the month before; they are the rule's quarters.
   */
  | { kind: 'installments'; installments: ReadonlyArray<{ months: number; day: number }> };

export type AmountRule =
  /** A fee or tax fixed by law. */
  | { kind: 'flat'; amountMinor: number; note: string }
  /** A minimum tax: the amount shown is the floor; the note says when more is owed. */
  | { kind: 'minimum'; amountMinor: number; note: string }
  /** The credit balance of a liability account of the chart at the end of the period (undeposited payroll or sales tax). */
  | { kind: 'liability_balance'; accountNumber: string; note: string }
  /** Estimated tax from net income of the books, at the entity's rate, only when the owner asked for estimates. */
  | { kind: 'estimated_tax' }
  /** Not knowable from the books or the law alone: 0, with the reason. */
  | { kind: 'none'; note: string };

export interface Applicability {
  /** Federal tax classifications the rule applies to (any when absent). */
  regimes?: readonly Regime[];
  /** Legal forms the rule applies to (any when absent). */
  entityTypes?: readonly EntityType[];
  /** The entity's state of formation must be the rule's state. */
  formedInState?: boolean;
  /** The entity must be registered for sales tax in the rule's state, filing at this frequency. */
  salesTaxFrequency?: 'monthly' | 'quarterly' | 'annual';
  /** The entity must NOT be registered for sales tax in the rule's state (a return its registration would replace). */
  notSalesTaxRegistered?: boolean;
  /** The books must show wages or payroll liabilities for the period's year. */
  hasEmployees?: boolean;
  /** The books must show contract labor for the period's year. */
  hasContractors?: boolean;
}

/** A different deadline for some fiscal years (e.g. Form 1120 for June fiscal years before 2026). */
export interface DeadlineOverride {
  fiscalYearEndMonths: readonly number[];
  effectiveFrom?: number;
  effectiveTo?: number;
  deadline: DeadlineRule;
}

export interface ObligationRule {
  /** Stable identity: with the entity and the period, it names one obligation row for good. */
  id: string;
  country: 'US';
  jurisdictionLevel: JurisdictionLevel;
  stateCode: string | null;
  type: string;
  frequency: Frequency;
  periodBasis: PeriodBasis;
  /** Calendar-basis rules whose year does not start in January (New York's sales tax year starts in March). */
  yearStartMonth?: number;
  authority: string;
  formReference: string | null;
  /** Where the rule comes from (publication, instructions, statute). */
  source: string;
  /** Said on every row of the rule, e.g. when its deadline is an assumption. */
  deadlineNote?: string;
  /** First and last period years (see PeriodBasis) the rule applies to; open-ended when effectiveTo is absent. */
  effectiveFrom: number;
  effectiveTo?: number;
  appliesTo: Applicability;
  deadline: DeadlineRule;
  deadlineOverrides?: readonly DeadlineOverride[];
  /** The extension that moves this return's deadline once it is filed (an extension of time to file, not to pay). */
  extension?: { ruleId: string; deadline: DeadlineRule; deadlineOverrides?: readonly DeadlineOverride[] };
  amount: AmountRule;
}
