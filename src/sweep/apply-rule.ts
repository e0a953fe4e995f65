import { ACCOUNT } from '../chart/us-chart.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import type { CategorizationRulesTable } from '../db/schema.ts';
import { withTenantTransaction, type Executor } from '../db/transaction.ts';
import type { RecordChange } from '../shared/audit-change.ts';
import { assertInvariant, conflict } from '../errors.ts';
import { findBankAccountsByIds } from '../bank-rows/bank-accounts-store.ts';
import type { BankRow } from '../bank-rows/bank-row.ts';
import { lockRowsToRefile, machineFiledRows } from '../bank-rows/transactions-store.ts';
import { toMajorUnits } from '../money/minor-units.ts';
import { systemClock, type Clock } from '../shared/clock.ts';
import { findTenant } from '../tenancy/tenancy-store.ts';
import { describe, TENANT_RULE_CONFIDENCE } from './categorize/engine.ts';
import { toEngineRow } from './categorize/run.ts';
import {
  compileRules,
  insertTenantRule,
  matchTenantRule,
  toRuleView,
  validRule,
  type RuleInput,
  type RuleView,
} from './categorize/tenant-rules.ts';
import { TRANSFER } from './categorize/types.ts';
import { refile } from './rebook.ts';
import { loadEntityChart, type EntityChart } from '../ledger/row-entry.ts';

/**
 * A rule applied to rows already booked, as an owner asks when writing it: the rows it matches are filed again under its
 * category, each by a reversal and a new entry as a correction through PATCH is. Rows a human decided stay as they are;
 * a rule only states what the engine should have decided.
 */
export const RULE_SCOPES = ['uncategorized', 'needsReview', 'all'] as const;
export type RuleScope = (typeof RULE_SCOPES)[number];

/** Rows one request may file again; a pattern that matches more is too broad to apply at once (409). */
export const MAX_RULE_CHANGES = 2000;
const SCAN_PAGE_ROWS = 5000;

export interface RuleChange {
  transactionId: string;
  date: string;
  description: string;
  /** Signed like the row: positive is money out. */
  amount: number;
  currency: string;
  /** The category the row has now (an account number or "transfer"), and the one the rule gives it. */
  from: string;
  to: string;
}

export interface AppliedRule {
  /** The rule as stored; on a dry run, as it would be stored (nothing is). */
  rule: RuleView;
  dryRun: boolean;
  /** The rows filed again (or that would be), oldest first. */
  changes: RuleChange[];
}

/** Rows of the scope whose category the rule changes, oldest first: booked, not decided by a human, now filed elsewhere. */
async function rowsTheRuleChanges(
  trx: Executor,
  tenantId: string,
  stored: CategorizationRulesTable,
  scope: RuleScope,
): Promise<BankRow[]> {
  const [rule] = compileRules([stored]);
  const changed: BankRow[] = [];
  let afterSeq = 0;
  for (;;) {
    const page = await machineFiledRows(trx, tenantId, {
      afterSeq,
      notTarget: rule.target,
      targets: scope === 'uncategorized' ? [ACCOUNT.uncategorizedExpense, ACCOUNT.uncategorizedIncome] : undefined,
      onlyNeedingReview: scope === 'needsReview',
      limit: SCAN_PAGE_ROWS,
    });
    for (const row of page) {
      // The account's kind plays no part in a tenant rule's match.
      const input = toEngineRow(tenantId, row, 'checking');
      if (!matchTenantRule([rule], input, input.cleanedDescriptor)) continue;
      changed.push(row);
      if (changed.length > MAX_RULE_CHANGES)
        throw conflict(
          `the rule would file again more than ${MAX_RULE_CHANGES} rows at once; narrow its pattern, direction or amounts, or a smaller applyTo`,
        );
    }
    if (page.length < SCAN_PAGE_ROWS) return changed;
    afterSeq = page[page.length - 1].seq;
  }
}

/**
 * Adds a rule and files again the rows of `scope` it matches, in one transaction; with `dryRun`, stores and books
 * nothing and returns the rows that would change. A row whose entity's chart lacks the rule's account is left alone.
 */
export async function addRuleAndApply(
  handle: DatabaseHandle,
  tenantId: string,
  input: RuleInput,
  scope: RuleScope,
  options: { dryRun: boolean; reviewThreshold: number; clock?: Clock; recordChange?: RecordChange },
): Promise<AppliedRule> {
  return withTenantTransaction(handle, tenantId, async (trx) => {
    const now = (options.clock ?? systemClock)().toISOString();
    const stored = await validRule(trx, tenantId, input, now);
    if (!options.dryRun) await insertTenantRule(trx, stored);
    const tenant = await findTenant(trx, tenantId);
    assertInvariant(tenant, `tenant ${tenantId} exists`);
    const reviewThreshold = tenant.review_threshold ?? options.reviewThreshold;
    const matched = await rowsTheRuleChanges(trx, tenantId, stored, scope);
    // Filed again only as they are now, under their lock (a row the sweep or a correction holds is left).
    const rows = options.dryRun
      ? matched
      : (
          await lockRowsToRefile(
            trx,
            tenantId,
            matched.map((row) => row.id),
            handle.dialect === 'postgres',
          )
        ).filter(
          (row) =>
            row.sweepState === 'done' &&
            row.categorySource !== 'user_override' &&
            row.categoryTarget !== null &&
            row.categoryTarget !== stored.target,
        );
    const charts = new Map<string, EntityChart>();
    for (const entityId of new Set(rows.map((row) => row.entityId)))
      charts.set(entityId, await loadEntityChart(trx, tenantId, entityId));
    const bankAccounts = new Map(
      (await findBankAccountsByIds(trx, tenantId, [...new Set(rows.map((row) => row.bankAccountId))])).map(
        (account) => [account.id, account],
      ),
    );
    const changes: RuleChange[] = [];
    for (const row of rows) {
      const chart = charts.get(row.entityId)!;
      const bankAccount = bankAccounts.get(row.bankAccountId);
      assertInvariant(bankAccount, `row ${row.id} has its bank account`);
      if (
        stored.target !== TRANSFER &&
        (!chart.byNumber.has(stored.target) || stored.target === bankAccount.ledger_account_number)
      )
        continue;
      changes.push({
        transactionId: row.id,
        date: row.date,
        description: row.description,
        amount: toMajorUnits(row.amountMinor, row.currency),
        currency: row.currency,
        from: row.categoryTarget!,
        to: stored.target,
      });
      if (options.dryRun) continue;
      const categorization = describe(stored.target, TENANT_RULE_CONFIDENCE, 'regex', {
        accountCategories: chart.categories,
        reviewThreshold,
      });
      await refile(trx, tenantId, row, bankAccount, chart, categorization, now);
    }
    const rule = toRuleView(stored);
    if (!options.dryRun)
      await options.recordChange?.(trx, {
        action: 'rule.create',
        targetType: 'rule',
        targetId: rule.id,
        before: null,
        after: { ...rule, applyTo: scope, transactionsChanged: changes.map((change) => change.transactionId) },
      });
    return { rule, dryRun: options.dryRun, changes };
  });
}
