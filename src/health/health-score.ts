import { listAccounts } from '../chart/accounts-store.ts';
import { ACCOUNT } from '../chart/us-chart.ts';
import { overdueObligations } from '../compliance/obligations.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { assertInvariant } from '../errors.ts';
import { listBankAccounts, settledNetByAccount } from '../bank-rows/bank-accounts-store.ts';
import { cumulativeTotals } from '../ledger/journal-store.ts';
import { addDays, todayUtc } from '../shared/dates.ts';
import { resolveEntity } from '../tenancy/tenants.ts';
import { netDebitByAccount } from '../reports/totals-store.ts';
import {
  COMPONENTS,
  obligationIssues,
  profileIssues,
  REVIEW_AGE_DAYS,
  statementIssues,
  upkeepIssues,
  type AccountUpkeepFacts,
  type ComponentRule,
  type Issue,
} from './detectors.ts';
import { accountNetDebit, accountRowFacts, statementDocumentsOf, statementPeriodsOf } from './health-store.ts';

export interface HealthComponent {
  label: string;
  penalty: number;
  issues: Issue[];
}

export interface HealthScore {
  country: string;
  entityId: string;
  /** The date the books are judged as of: the latest statement periodEnd when every account is statement-fed, else today. */
  booksAsOf: string;
  score: number;
  grade: string;
  summary: string;
  components: HealthComponent[];
  criticalIssues: Issue[];
  warningIssues: Issue[];
}

export function gradeOf(score: number): string {
  if (score >= 90) return 'A';
  if (score >= 80) return 'B';
  if (score >= 70) return 'C';
  if (score >= 60) return 'D';
  return 'F';
}

const byPenalty = (a: Issue, b: Issue) => b.penalty - a.penalty || a.code.localeCompare(b.code);

/** 100 minus each component's penalty (its issues' points, capped per component), never below 0. */
export function scoreComponents(
  found: Array<{ rule: ComponentRule; issues: Issue[] }>,
): Pick<HealthScore, 'score' | 'grade' | 'summary' | 'components' | 'criticalIssues' | 'warningIssues'> {
  const components = found.map(({ rule, issues }) => ({
    label: rule.label,
    penalty: Math.min(
      rule.maxPenalty,
      issues.reduce((total, issue) => total + issue.penalty, 0),
    ),
    issues: [...issues].sort(byPenalty),
  }));
  const score = Math.max(0, 100 - components.reduce((total, component) => total + component.penalty, 0));
  assertInvariant(
    Number.isInteger(score) && score >= 0 && score <= 100,
    `health score ${score} is an integer from 0 to 100`,
  );
  const all = components.flatMap((component) => component.issues);
  const criticalIssues = all.filter((issue) => issue.severity === 'critical').sort(byPenalty);
  const warningIssues = all.filter((issue) => issue.severity === 'warning').sort(byPenalty);
  const grade = gradeOf(score);
  return {
    score,
    grade,
    summary: summaryOf(score, grade, components, criticalIssues.length, warningIssues.length),
    components,
    criticalIssues,
    warningIssues,
  };
}

function summaryOf(
  score: number,
  grade: string,
  components: HealthComponent[],
  critical: number,
  warnings: number,
): string {
  if (critical + warnings === 0)
    return `Grade ${grade} (${score}/100): no issues found, the books and filings are in order.`;
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  const counts = [
    critical > 0 ? plural(critical, 'critical issue') : null,
    warnings > 0 ? plural(warnings, 'warning') : null,
  ]
    .filter(Boolean)
    .join(' and ');
  const worst = [...components].sort((a, b) => b.penalty - a.penalty)[0];
  return `Grade ${grade} (${score}/100) with ${counts}; most points are lost on ${worst.label.toLowerCase()}, so start there.`;
}

/**
 * The fiscal health of one entity (the primary by default): profile completeness, overdue
 * obligations, and the document and bookkeeping detectors. Statement-fed accounts are judged as of
 * their latest periodEnd (contract rule 9); obligations and staleness against `now`.
 */
export async function healthScore(
  handle: DatabaseHandle,
  tenantId: string,
  query: { entityId?: string },
  now: Date,
): Promise<HealthScore> {
  const today = todayUtc(now);
  const entity = await resolveEntity(handle, tenantId, query.entityId);
  const db = handle.readDb;
  const [overdue, bankAccounts, ledgerAccounts, periods, documents] = await Promise.all([
    overdueObligations(handle, tenantId, { entityId: entity.id }, now),
    listBankAccounts(db, tenantId, entity.id),
    listAccounts(db, tenantId, entity.id),
    statementPeriodsOf(db, tenantId, entity.id),
    statementDocumentsOf(db, tenantId, entity.id),
  ]);

  const latestPeriodEnd = new Map<string, string>();
  for (const period of periods) {
    if (period.periodEnd > (latestPeriodEnd.get(period.bankAccountId) ?? ''))
      latestPeriodEnd.set(period.bankAccountId, period.periodEnd);
  }
  const ledgerById = new Map(ledgerAccounts.map((account) => [account.id, account]));
  const labelOf = (account: (typeof bankAccounts)[number]) =>
    `${account.institution_name} ${account.name} (${account.kind.replace('_', ' ')})`;

  // Connected accounts: what the bank reports against what the rows derive (bank-accounts.ts's rule).
  const settledNet = await settledNetByAccount(
    db,
    tenantId,
    bankAccounts.filter((account) => account.current_balance_minor !== null).map((account) => account.id),
  );
  const reportedBalanceOf = (account: (typeof bankAccounts)[number]) => {
    if (account.current_balance_minor === null) return null;
    const opening = BigInt(account.opening_balance_minor ?? 0);
    const net = settledNet.get(account.id) ?? 0n;
    return {
      currentMinor: account.current_balance_minor,
      derivedMinor: Number(account.type === 'credit' ? opening + net : opening - net),
    };
  };
  const accounts: AccountUpkeepFacts[] = await Promise.all(
    bankAccounts.map(async (account) => {
      const booksDate = latestPeriodEnd.get(account.id) ?? today;
      const ledger = ledgerById.get(account.ledger_account_id);
      const expectedCategory = account.type === 'credit' ? 'liability' : 'asset';
      const ledgerProblem = !ledger
        ? `its ledger account ${account.ledger_account_number} is not in this entity's chart`
        : !ledger.isActive
          ? `its ledger account ${ledger.accountNumber} is inactive`
          : ledger.category !== expectedCategory
            ? `its ledger account ${ledger.accountNumber} is ${ledger.category === 'asset' ? 'an' : 'a'} ${ledger.category} account, not ${expectedCategory === 'asset' ? 'an' : 'a'} ${expectedCategory} account`
            : null;
      const [rows, netDebit] = await Promise.all([
        accountRowFacts(db, tenantId, account.id, addDays(booksDate, -REVIEW_AGE_DAYS)),
        account.kind === 'savings' && ledger
          ? accountNetDebit(db, tenantId, ledger.id, account.currency, booksDate)
          : Promise.resolve(0),
      ]);
      return {
        id: account.id,
        label: labelOf(account),
        kind: account.kind,
        currency: account.currency,
        ledgerProblem,
        latestPeriodEnd: latestPeriodEnd.get(account.id) ?? null,
        latestRowDate: rows.latestDate,
        rowCount: rows.rowCount,
        reviewBacklog: rows.reviewBacklog,
        balanceMinor: netDebit,
        reportedBalance: reportedBalanceOf(account),
      };
    }),
  );

  // The entity's books date: the latest statement when every account is statement-fed, else today.
  const statementFed = accounts.length > 0 && accounts.every((account) => account.latestPeriodEnd !== null);
  const booksAsOf = statementFed
    ? accounts
        .map((account) => account.latestPeriodEnd!)
        .sort()
        .at(-1)!
    : today;
  const currency = entity.base_currency;
  const net = netDebitByAccount(await cumulativeTotals(db, tenantId, entity.id, booksAsOf), currency);
  let uncategorizedMinor = 0n;
  let activityMinor = 0n;
  for (const account of ledgerAccounts) {
    if (account.category !== 'revenue' && account.category !== 'expense') continue;
    const netMinor = net.get(account.id) ?? 0n;
    const magnitude = netMinor < 0n ? -netMinor : netMinor;
    activityMinor += magnitude;
    if (account.accountNumber === ACCOUNT.uncategorizedExpense || account.accountNumber === ACCOUNT.uncategorizedIncome)
      uncategorizedMinor += magnitude;
  }

  const scored = scoreComponents([
    {
      rule: COMPONENTS.profile,
      issues: profileIssues({
        legalName: entity.legal_name,
        taxId: entity.tax_id,
        stateCode: entity.state_code,
        regime: entity.regime,
        formationDate: entity.formation_date ?? null,
      }),
    },
    { rule: COMPONENTS.obligations, issues: obligationIssues(overdue) },
    { rule: COMPONENTS.statements, issues: statementIssues(accounts, periods, documents) },
    // The sums are exact; the score only compares their ratio, which a double holds well enough.
    {
      rule: COMPONENTS.books,
      issues: upkeepIssues({
        today,
        accounts,
        uncategorizedMinor: Number(uncategorizedMinor),
        profitAndLossActivityMinor: Number(activityMinor),
        currency,
      }),
    },
  ]);
  return { country: entity.country, entityId: entity.id, booksAsOf, ...scored };
}
