import { assertInvariant } from '../errors.ts';
import type { EntityType, Regime } from '../tenancy/entity-profile.ts';
import { daysBetween, nextBusinessDay, type HolidayCalendar } from './calendar.ts';
import { rulesFor } from './rules/index.ts';
import type { DeadlineOverride, DeadlineRule, ObligationRule } from './rules/types.ts';
import type { SalesTaxFrequency } from '../tenancy/entity-profile.ts';

/** What the rules read of an entity. */
export interface ComplianceProfile {
  country: string;
  entityType: EntityType;
  regime: Regime;
  stateCode: string | null;
  fiscalYearEndMonth: number;
  /** Date of formation, when the owner gave it. */
  formationDate: string | null;
  /** When the entity was added to the service: the fallback for the formation anniversary. */
  addedOn: string;
  salesTaxStates: readonly string[];
  salesTaxFrequency: SalesTaxFrequency;
  /** Percent of net income for estimated-tax installments; null until the owner asks for estimates. */
  estimatedTaxRatePercent: number | null;
}

/** What the rules read of the books. */
export interface BooksFacts {
  /** Calendar years with wages (6180) or payroll liabilities (2200) booked. */
  yearsWithEmployees: ReadonlySet<number>;
  /** Calendar years with contract labor (6030) booked. */
  yearsWithContractors: ReadonlySet<number>;
  /** Credit balance (credits − debits) of a liability account through `asOf`, in minor units. */
  liabilityBalanceMinor(accountNumber: string, asOf: string): number;
  /** Revenue − expenses booked from `from` through `to`, in minor units. */
  netIncomeMinor(from: string, to: string): number;
}

export interface PlannedObligation {
  ruleId: string;
  country: string;
  type: string;
  period: string;
  periodStart: string;
  periodEnd: string;
  frequency: string;
  deadline: string;
  jurisdictionLevel: string;
  stateCode: string | null;
  authority: string;
  formReference: string | null;
  source: string;
  amountDueMinor: number;
  amountNote: string;
  deadlineNote: string | null;
}

export interface PlanContext {
  today: string;
  /** `ruleId|period` of extensions already filed: their return moves to the extended deadline. */
  filedExtensions: ReadonlySet<string>;
}

/** The calendar covers obligations due in the current and the next calendar year. */
export function planWindow(today: string): { from: string; to: string } {
  const year = Number(today.slice(0, 4));
  return { from: `${year}-01-01`, to: `${year + 1}-12-31` };
}

const monthIndex = (year: number, month: number) => year * 12 + (month - 1);
const yearOf = (index: number) => Math.floor(index / 12);
const monthOf = (index: number) => (index % 12) + 1;
const pad = (value: number) => String(value).padStart(2, '0');
const lastDayOfMonth = (index: number) => new Date(Date.UTC(yearOf(index), monthOf(index), 0)).getUTCDate();
const dateAt = (index: number, day: number | 'last') =>
  `${yearOf(index)}-${pad(monthOf(index))}-${pad(day === 'last' ? lastDayOfMonth(index) : Math.min(day, lastDayOfMonth(index)))}`;
const firstDay = (index: number) => dateAt(index, 1);
const lastDay = (index: number) => dateAt(index, 'last');

interface Period {
  label: string;
  /** The year the rule's effective range and the books' facts are judged by. */
  year: number;
  startIndex: number;
  endIndex: number;
  /** For installments: the due month and day. */
  due?: { index: number; day: number };
}

function periodsOf(rule: ObligationRule, profile: ComplianceProfile, cycleYear: number): Period[] {
  const startMonth =
    rule.periodBasis === 'tax_year' ? (profile.fiscalYearEndMonth % 12) + 1 : (rule.yearStartMonth ?? 1);
  const start = monthIndex(cycleYear, startMonth);
  if (rule.deadline.kind === 'installments') {
    let from = start;
    return rule.deadline.installments.map((installment, index) => {
      const endIndex = start + installment.months - 1;
      const period = {
        label: `${cycleYear}-Q${index + 1}`,
        year: cycleYear,
        startIndex: from,
        endIndex,
        due: { index: start + installment.months, day: installment.day },
      };
      from = endIndex + 1;
      return period;
    });
  }
  switch (rule.frequency) {
    case 'annual':
    case 'biennial':
      return [{ label: String(cycleYear), year: cycleYear, startIndex: start, endIndex: start + 11 }];
    case 'quarterly':
      return [0, 1, 2, 3].map((quarter) => ({
        label: `${cycleYear}-Q${quarter + 1}`,
        year: cycleYear,
        startIndex: start + quarter * 3,
        endIndex: start + quarter * 3 + 2,
      }));
    case 'monthly':
      return Array.from({ length: 12 }, (_, offset) => {
        const index = start + offset;
        return {
          label: `${yearOf(index)}-${pad(monthOf(index))}`,
          year: yearOf(index),
          startIndex: index,
          endIndex: index,
        };
      });
  }
}

function inRange(year: number, from: number | undefined, to: number | undefined): boolean {
  return (from === undefined || year >= from) && (to === undefined || year <= to);
}

function pickDeadline(
  base: DeadlineRule,
  overrides: readonly DeadlineOverride[] | undefined,
  profile: ComplianceProfile,
  year: number,
): DeadlineRule {
  const override = overrides?.find(
    (candidate) =>
      candidate.fiscalYearEndMonths.includes(profile.fiscalYearEndMonth) &&
      inRange(year, candidate.effectiveFrom, candidate.effectiveTo),
  );
  return override?.deadline ?? base;
}

function formationMonthIndex(profile: ComplianceProfile, year: number): number {
  const formed = profile.formationDate ?? profile.addedOn;
  return monthIndex(year, Number(formed.slice(5, 7)));
}

/** The statutory date, before the weekend and holiday shift. */
function statutoryDate(deadline: DeadlineRule, period: Period, profile: ComplianceProfile): string {
  switch (deadline.kind) {
    case 'month_offset':
      return dateAt(
        (deadline.from === 'period_start' ? period.startIndex : period.endIndex) + deadline.months,
        deadline.day,
      );
    case 'fixed':
      return dateAt(monthIndex(yearOf(period.startIndex) + deadline.yearOffset, deadline.month), deadline.day);
    case 'anniversary_month_end':
      return lastDay(formationMonthIndex(profile, period.year));
    case 'installments':
      assertInvariant(period.due, `installment period ${period.label} without a due month`);
      return dateAt(period.due.index, period.due.day);
  }
}

const calendarOf = (rule: ObligationRule): HolidayCalendar =>
  rule.jurisdictionLevel === 'federal' ? 'federal' : 'state';

export function deadlineOf(rule: ObligationRule, period: Period, profile: ComplianceProfile): string {
  const deadline = pickDeadline(rule.deadline, rule.deadlineOverrides, profile, period.year);
  return nextBusinessDay(statutoryDate(deadline, period, profile), calendarOf(rule));
}

function applies(
  rule: ObligationRule,
  profile: ComplianceProfile,
  facts: BooksFacts,
  period: Period,
  today: string,
): boolean {
  const { appliesTo } = rule;
  if (!inRange(period.year, rule.effectiveFrom, rule.effectiveTo)) return false;
  if (appliesTo.regimes && !appliesTo.regimes.includes(profile.regime)) return false;
  if (appliesTo.entityTypes && !appliesTo.entityTypes.includes(profile.entityType)) return false;
  if (appliesTo.formedInState && rule.stateCode !== profile.stateCode) return false;
  const registered = rule.stateCode !== null && profile.salesTaxStates.includes(rule.stateCode);
  if (appliesTo.salesTaxFrequency && !(registered && profile.salesTaxFrequency === appliesTo.salesTaxFrequency))
    return false;
  if (appliesTo.notSalesTaxRegistered && registered) return false;
  const currentYear = Number(today.slice(0, 4));
  // Books of a past year speak for that year; for this year and the next, last year's payroll is
  // taken to continue until the books say otherwise (a January payroll is not booked on January 1).
  const shows = (years: ReadonlySet<number>) =>
    years.has(period.year) || (period.year >= currentYear && (years.has(period.year - 1) || years.has(currentYear)));
  if (appliesTo.hasEmployees && !shows(facts.yearsWithEmployees)) return false;
  if (appliesTo.hasContractors && !shows(facts.yearsWithContractors)) return false;
  // Nothing is owed for a period that ended before the entity existed.
  if (profile.formationDate && lastDay(period.endIndex) < profile.formationDate) return false;
  if (rule.deadline.kind === 'anniversary_month_end' || rule.frequency === 'biennial') {
    const formedYear = Number((profile.formationDate ?? profile.addedOn).slice(0, 4));
    if (period.year <= formedYear) return false;
    if (rule.frequency === 'biennial' && (period.year - formedYear) % 2 !== 0) return false;
  }
  return true;
}

const fmtMoney = (minor: number) => `$${(minor / 100).toFixed(2)}`;

interface AmountResult {
  amountDueMinor: number;
  amountNote: string;
}

function amountOf(
  rule: ObligationRule,
  period: Period,
  profile: ComplianceProfile,
  facts: BooksFacts,
  today: string,
  earlierInstallmentsMinor: number,
  yearStart: string,
): AmountResult {
  const { amount } = rule;
  const periodStart = firstDay(period.startIndex);
  const periodEnd = lastDay(period.endIndex);
  switch (amount.kind) {
    case 'flat':
    case 'minimum':
    case 'none':
      return { amountDueMinor: amount.kind === 'none' ? 0 : amount.amountMinor, amountNote: amount.note };
    case 'liability_balance': {
      if (rule.stateCode !== null && rule.jurisdictionLevel === 'state' && profile.salesTaxStates.length > 1) {
        return {
          amountDueMinor: 0,
          amountNote: `Sales Tax Payable (${amount.accountNumber}) holds the tax of all ${profile.salesTaxStates.length} registered states together; the books cannot tell this state's share.`,
        };
      }
      if (today < periodStart) return { amountDueMinor: 0, amountNote: `${amount.note} The period has not started.` };
      const asOf = periodEnd < today ? periodEnd : today;
      const balanceMinor = facts.liabilityBalanceMinor(amount.accountNumber, asOf);
      return {
        amountDueMinor: Math.max(0, balanceMinor),
        amountNote: `${amount.note}${asOf === periodEnd ? '' : ` So far: as of ${asOf}.`}`,
      };
    }
    case 'estimated_tax': {
      const owners =
        profile.regime === 'partnership' || profile.regime === 's_corporation'
          ? 'Paid by the owners on their own returns. '
          : '';
      const rate = profile.estimatedTaxRatePercent;
      if (rate === null) {
        return {
          amountDueMinor: 0,
          amountNote: `${owners}Estimated from the books only when the owner asks for estimates (entity option --estimate-taxes); 0 until then.`,
        };
      }
      if (today < yearStart)
        return { amountDueMinor: 0, amountNote: `${owners}The tax year has not started: nothing is booked yet.` };
      const through = periodEnd < today ? periodEnd : today;
      const cumulativeMinor = Math.max(0, Math.round((facts.netIncomeMinor(yearStart, through) * rate) / 100));
      const dueMinor = Math.max(0, cumulativeMinor - earlierInstallmentsMinor);
      return {
        amountDueMinor: dueMinor,
        amountNote: `${owners}${rate}% of net income booked from ${yearStart} through ${through} (${fmtMoney(cumulativeMinor)}), less ${fmtMoney(earlierInstallmentsMinor)} of earlier installments of the year. An estimate from the books, not a safe-harbor computation.`,
      };
    }
  }
}

/**
 * Every obligation the rules give this entity with a deadline in the current or the next calendar
 * year: one row per rule and period. Pure: the clock and the books come in as arguments.
 */
export function planObligations(
  profile: ComplianceProfile,
  facts: BooksFacts,
  context: PlanContext,
): PlannedObligation[] {
  const window = planWindow(context.today);
  const currentYear = Number(context.today.slice(0, 4));
  const rules = rulesFor(profile.country, profile.salesTaxStates);
  const planned = new Map<string, PlannedObligation>();
  for (const rule of rules) {
    // Periods of up to two years back still have deadlines inside the window (a fiscal-year return
    // for a year that began two calendar years ago, the January forms of last year).
    for (let cycleYear = currentYear - 2; cycleYear <= currentYear + 1; cycleYear += 1) {
      let installmentsSoFarMinor = 0;
      const periods = periodsOf(rule, profile, cycleYear);
      const yearStart = firstDay(periods[0].startIndex);
      for (const period of periods) {
        if (!applies(rule, profile, facts, period, context.today)) continue;
        let deadline = deadlineOf(rule, period, profile);
        let deadlineNote = rule.deadlineNote ?? null;
        if (rule.extension && context.filedExtensions.has(`${rule.extension.ruleId}|${period.label}`)) {
          const extended = pickDeadline(
            rule.extension.deadline,
            rule.extension.deadlineOverrides,
            profile,
            period.year,
          );
          deadline = nextBusinessDay(statutoryDate(extended, period, profile), calendarOf(rule));
          deadlineNote = 'Extended: the extension for this period is marked filed.';
        } else if (rule.deadline.kind === 'anniversary_month_end' && !profile.formationDate) {
          deadlineNote =
            'Formation date unknown: the anniversary month is assumed from the date the entity was added to the service (set it with --formed-on).';
        }
        const amount = amountOf(rule, period, profile, facts, context.today, installmentsSoFarMinor, yearStart);
        installmentsSoFarMinor += amount.amountDueMinor;
        if (deadline < window.from || deadline > window.to) continue;
        const key = `${rule.id}|${period.label}`;
        assertInvariant(!planned.has(key), `two rules give ${key} for one profile`);
        planned.set(key, {
          ruleId: rule.id,
          country: rule.country,
          type: rule.type,
          period: period.label,
          periodStart: firstDay(period.startIndex),
          periodEnd: lastDay(period.endIndex),
          frequency: rule.frequency,
          deadline,
          jurisdictionLevel: rule.jurisdictionLevel,
          stateCode: rule.stateCode,
          authority: rule.authority,
          formReference: rule.formReference,
          source: rule.source,
          amountDueMinor: amount.amountDueMinor,
          amountNote: amount.amountNote,
          deadlineNote,
        });
      }
    }
  }
  return [...planned.values()].sort((a, b) =>
    a.deadline < b.deadline
      ? -1
      : a.deadline > b.deadline
        ? 1
        : a.ruleId.localeCompare(b.ruleId) || a.period.localeCompare(b.period),
  );
}

export type ObligationStatus = 'upcoming' | 'payment_pending' | 'confirmed' | 'filed';
export const OBLIGATION_STATUSES: readonly ObligationStatus[] = ['upcoming', 'payment_pending', 'confirmed', 'filed'];

/** Days before a deadline from which an obligation with an amount due is payment_pending. */
export const PAYMENT_PENDING_WINDOW_DAYS = 30;

/**
 * The status the clock gives a row the owner has not acted on; confirmed and filed are the owner's
 * word and stay. A past deadline with an amount due stays payment_pending (and overdue).
 */
export function clockStatus(
  current: ObligationStatus,
  deadline: string,
  amountDueMinor: number,
  today: string,
): ObligationStatus {
  if (current === 'confirmed' || current === 'filed') return current;
  return amountDueMinor > 0 && daysBetween(today, deadline) <= PAYMENT_PENDING_WINDOW_DAYS
    ? 'payment_pending'
    : 'upcoming';
}
