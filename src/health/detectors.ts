import { toMajorUnits } from '../money/minor-units.ts';
import { addDays } from '../shared/dates.ts';
import { daysBetween, monthsTouched } from '../reports/period.ts';
import type { StatementDocumentFacts, StatementPeriodFacts } from './health-store.ts';

/**
 * The health score's detectors: pure functions from facts about the books to issues, each with a
 * stable code, a severity, a message that says what to do, and the points it costs. Every number
 * here is documented in docs/reports-health.md; change both together.
 */
export type Severity = 'critical' | 'warning';

export interface Issue {
  code: string;
  severity: Severity;
  message: string;
  /** Points this finding costs before its component's cap. */
  penalty: number;
}

export interface ComponentRule {
  label: string;
  /** The most a component can cost, so one neglected area cannot hide every other. */
  maxPenalty: number;
}

export const COMPONENTS = {
  profile: { label: 'Entity profile', maxPenalty: 20 },
  obligations: { label: 'Obligation hygiene', maxPenalty: 40 },
  statements: { label: 'Statements and uploads', maxPenalty: 25 },
  books: { label: 'Bookkeeping upkeep', maxPenalty: 40 },
} as const satisfies Record<string, ComponentRule>;

export const STALE_AFTER_DAYS = 45;
export const VERY_STALE_AFTER_DAYS = 90;
export const REVIEW_AGE_DAYS = 14;

// ---------------------------------------------------------------------------------------------
// Profile completeness

export interface ProfileFacts {
  legalName: string;
  taxId: string | null;
  stateCode: string | null;
  regime: string | null;
  formationDate: string | null;
}

export function profileIssues(profile: ProfileFacts): Issue[] {
  const issues: Issue[] = [];
  if (!profile.taxId) {
    issues.push({
      code: 'profile.tax_id_missing',
      severity: 'critical',
      penalty: 10,
      message: `Add ${profile.legalName}'s tax id (an EIN, or the owner's SSN for a sole proprietor) to the entity profile: returns, extensions and 1099s cannot be filed without it.`,
    });
  }
  if (!profile.stateCode) {
    issues.push({
      code: 'profile.state_missing',
      severity: 'warning',
      penalty: 5,
      message: `Set the state where ${profile.legalName} was formed: state annual reports, franchise taxes and their deadlines depend on it.`,
    });
  }
  if (!profile.regime) {
    issues.push({
      code: 'profile.regime_missing',
      severity: 'warning',
      penalty: 5,
      message: `Set how ${profile.legalName} is taxed federally (sole proprietor, partnership, S corporation or C corporation): it decides which income tax return is due and when.`,
    });
  }
  if (!profile.formationDate) {
    issues.push({
      code: 'profile.formation_date_missing',
      severity: 'warning',
      penalty: 3,
      message: `Record the date ${profile.legalName} was formed: annual reports fall on its anniversary and nothing is owed for the years before it.`,
    });
  }
  return issues;
}

// ---------------------------------------------------------------------------------------------
// Obligation hygiene

export interface OverdueObligationFacts {
  id: string;
  type: string;
  period: string;
  deadline: string;
  formReference: string | null;
  authority: string;
  daysOverdue: number;
}

/** An overdue filing costs more the older it is: penalties and interest grow, and so does the risk. */
export function overduePenalty(daysOverdue: number): { penalty: number; severity: Severity } {
  if (daysOverdue > 90) return { penalty: 15, severity: 'critical' };
  if (daysOverdue > 30) return { penalty: 10, severity: 'critical' };
  return { penalty: 5, severity: 'warning' };
}

export function obligationIssues(overdue: OverdueObligationFacts[]): Issue[] {
  return overdue.map((obligation) => {
    const { penalty, severity } = overduePenalty(obligation.daysOverdue);
    const what = obligation.formReference ? `${obligation.formReference} (${obligation.type})` : obligation.type;
    return {
      code: 'obligation.overdue',
      severity,
      penalty,
      message: `${what} for ${obligation.period} was due to ${obligation.authority} on ${obligation.deadline}, ${obligation.daysOverdue} day${obligation.daysOverdue === 1 ? '' : 's'} ago: file it now, or mark it filed (bookkeeping obligation file ${obligation.id}) if it already is.`,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Statements and uploads

export interface BankAccountFacts {
  id: string;
  label: string;
  kind: string;
  currency: string;
}

export function statementIssues(
  accounts: BankAccountFacts[],
  periods: StatementPeriodFacts[],
  documents: StatementDocumentFacts[],
): Issue[] {
  const issues: Issue[] = [];
  const labelOf = new Map(accounts.map((account) => [account.id, account.label]));
  const currencyOf = new Map(accounts.map((account) => [account.id, account.currency]));
  const byAccount = new Map<string, StatementPeriodFacts[]>();
  for (const period of periods)
    byAccount.set(period.bankAccountId, [...(byAccount.get(period.bankAccountId) ?? []), period]);

  for (const [accountId, list] of byAccount) {
    const label = labelOf.get(accountId) ?? 'a bank account';
    const sorted = [...list].sort((a, b) => a.periodStart.localeCompare(b.periodStart));
    const covered = new Set(sorted.flatMap((period) => monthsTouched(period.periodStart, period.periodEnd)));
    const latestEnd = sorted.reduce(
      (latest, period) => (period.periodEnd > latest ? period.periodEnd : latest),
      sorted[0].periodEnd,
    );
    const missing = monthsTouched(sorted[0].periodStart, latestEnd).filter((month) => !covered.has(month));
    if (missing.length > 0) {
      issues.push({
        code: 'statements.missing_month',
        severity: 'warning',
        penalty: 4 * missing.length,
        message: `${label} has no statement for ${missing.join(', ')} between its first and latest statements: upload ${missing.length === 1 ? 'it' : 'them'} so those months' transactions are in the books.`,
      });
    }
    const money = (minor: number) => toMajorUnits(minor, currencyOf.get(accountId) ?? 'USD').toFixed(2);
    const broken = new Set<string>();
    sorted.forEach((period, index) => {
      const previous = index > 0 ? sorted[index - 1] : undefined;
      const adjacentMismatch =
        previous !== undefined &&
        addDays(previous.periodEnd, 1) === period.periodStart &&
        previous.closingMinor !== period.openingMinor;
      if (!(adjacentMismatch || !period.continuityOk) || broken.has(period.id)) return;
      broken.add(period.id);
      const detail = previous
        ? ` opens at ${money(period.openingMinor)} but the one before it closed at ${money(previous.closingMinor)}`
        : ' does not join the statement before it';
      issues.push({
        code: 'statements.continuity_break',
        severity: 'critical',
        penalty: 8,
        message: `The ${label} statement for ${period.periodStart} to ${period.periodEnd}${detail}: upload the missing or corrected statement so the balances join.`,
      });
    });
  }

  const ingested = documents.filter((document) => document.status === 'ingested');
  for (const document of documents) {
    if (document.status !== 'rejected') continue;
    const followed = ingested.some(
      (good) =>
        good.createdAt > document.createdAt &&
        (document.bankAccountId === null || good.bankAccountId === document.bankAccountId),
    );
    if (followed) continue;
    const name = document.filename ? `"${document.filename}"` : 'A statement upload';
    const where = document.bankAccountId ? ` for ${labelOf.get(document.bankAccountId) ?? 'a bank account'}` : '';
    issues.push({
      code: 'statements.rejected_upload',
      severity: 'warning',
      penalty: 4,
      message: `${name}${where} was rejected (${document.rejectionReason ?? 'no reason recorded'}) on ${document.createdAt.slice(0, 10)} and no good statement has been uploaded since: upload a readable, complete statement for that period.`,
    });
  }
  return issues;
}

// ---------------------------------------------------------------------------------------------
// Bookkeeping upkeep

export interface AccountUpkeepFacts extends BankAccountFacts {
  /** Null when the account's ledger account is missing, inactive, of the wrong category or of another entity. */
  ledgerProblem: string | null;
  /** Latest periodEnd of its statements, null when it has none (then it is feed- or API-fed). */
  latestPeriodEnd: string | null;
  latestRowDate: string | null;
  rowCount: number;
  reviewBacklog: number;
  /** Ledger balance as of the account's own books date, natural direction (for savings). */
  balanceMinor: number;
  /**
   * A connected account's balance as its bank last reported it (currentBalance) beside the balance
   * the service derives (opening balance rolled through settled rows); null for accounts no feed reports.
   */
  reportedBalance?: { currentMinor: number; derivedMinor: number } | null;
}

export interface UpkeepFacts {
  today: string;
  accounts: AccountUpkeepFacts[];
  /** Money left on the uncategorized catch-alls 6999 and 4999, and all revenue and expense money, absolute minor units. */
  uncategorizedMinor: number;
  profitAndLossActivityMinor: number;
  currency: string;
}

export function upkeepIssues(facts: UpkeepFacts): Issue[] {
  const issues: Issue[] = [];
  if (facts.accounts.length === 0) {
    issues.push({
      code: 'books.no_bank_accounts',
      severity: 'warning',
      penalty: 10,
      message:
        'No bank account is connected: add one (POST /bank-accounts) or upload a statement so the books can start.',
    });
  }
  for (const account of facts.accounts) {
    if (account.ledgerProblem) {
      issues.push({
        code: 'books.unmapped_bank_account',
        severity: 'critical',
        penalty: 10,
        message: `${account.label} is not mapped to a usable ledger account (${account.ledgerProblem}): its transactions cannot be booked correctly; map it to its own ${account.kind === 'credit_card' ? 'card liability' : 'bank asset'} account.`,
      });
    }
    const latest = [account.latestPeriodEnd, account.latestRowDate]
      .filter((date): date is string => date !== null)
      .sort()
      .at(-1);
    if (!latest) {
      issues.push({
        code: 'books.stale',
        severity: 'warning',
        penalty: 8,
        message: `${account.label} has no transactions or statements yet: push its transactions or upload its statements.`,
      });
    } else {
      const age = daysBetween(latest, facts.today);
      if (age > STALE_AFTER_DAYS) {
        const very = age > VERY_STALE_AFTER_DAYS;
        issues.push({
          code: 'books.stale',
          severity: very ? 'critical' : 'warning',
          penalty: very ? 15 : 8,
          message: `${account.label} is current only through ${latest} (${age} days ago): upload its latest statements or sync its transactions.`,
        });
      }
    }
    const reported = account.reportedBalance;
    if (reported && reported.currentMinor !== reported.derivedMinor) {
      const difference = reported.currentMinor - reported.derivedMinor;
      issues.push({
        code: 'books.balance_drift',
        severity: 'warning',
        penalty: 6,
        message: `${account.label}: the bank reports a balance of ${toMajorUnits(reported.currentMinor, account.currency).toFixed(2)}, the books derive ${toMajorUnits(reported.derivedMinor, account.currency).toFixed(2)} from its rows (${difference > 0 ? 'the bank holds' : 'the books hold'} ${toMajorUnits(Math.abs(difference), account.currency).toFixed(2)} more): look for a row the feed missed or sent twice, or a wrong opening balance.`,
      });
    }
    if (account.kind === 'savings' && account.balanceMinor < 0) {
      issues.push({
        code: 'books.negative_savings',
        severity: 'critical',
        penalty: 8,
        message: `${account.label} shows a negative balance of ${toMajorUnits(account.balanceMinor, account.currency).toFixed(2)} in the books, which a savings account cannot have: look for a missing deposit, a duplicated withdrawal or a wrong opening balance.`,
      });
    }
  }

  const backlog = facts.accounts.reduce((total, account) => total + account.reviewBacklog, 0);
  const rows = facts.accounts.reduce((total, account) => total + account.rowCount, 0);
  if (backlog > 0) {
    const share = backlog / rows;
    const penalty = share >= 0.25 ? 12 : share >= 0.1 ? 8 : 4;
    issues.push({
      code: 'books.review_backlog',
      severity: share >= 0.25 ? 'critical' : 'warning',
      penalty,
      message: `${backlog} transaction${backlog === 1 ? '' : 's'} (${(share * 100).toFixed(1)}% of all) ${backlog === 1 ? 'has' : 'have'} waited more than ${REVIEW_AGE_DAYS} days for review: confirm or correct ${backlog === 1 ? 'its category' : 'their categories'} (PATCH /transactions/{id}).`,
    });
  }

  if (facts.uncategorizedMinor > 0) {
    const share =
      facts.profitAndLossActivityMinor > 0 ? facts.uncategorizedMinor / facts.profitAndLossActivityMinor : 1;
    const penalty = share >= 0.2 ? 10 : share >= 0.05 ? 6 : 3;
    issues.push({
      code: 'books.uncategorized',
      severity: share >= 0.2 ? 'critical' : 'warning',
      penalty,
      message: `${toMajorUnits(facts.uncategorizedMinor, facts.currency).toFixed(2)} ${facts.currency} (${(share * 100).toFixed(1)}% of income and spending) sits on Uncategorized Income 4999 and Uncategorized Expense 6999: file those transactions under their real accounts so the reports and the tax figures are right.`,
    });
  }
  return issues;
}
