import type { DatabaseHandle } from '../../db/connection.ts';
import type { CategorizationRulesTable } from '../../db/schema.ts';
import { withWriteTransaction, type Executor } from '../../db/transaction.ts';
import type { RecordChange } from '../../shared/audit-change.ts';
import { conflict, invalid, notFound } from '../../errors.ts';
import { isKnownCurrency } from '../../money/currency.ts';
import { AmountError, toMajorUnits, toMinorUnits } from '../../money/minor-units.ts';
import { newId } from '../../shared/ids.ts';
import { findPrimaryEntity } from '../../tenancy/tenancy-store.ts';
import {
  compilePattern,
  normalizeForMatching,
  patternMatches,
  patternProblem,
  type CompiledPattern,
} from './rule-pattern.ts';
import * as store from './rules-store.ts';
import { TRANSFER, type CategorizationInput, type CategoryTarget } from './types.ts';

export const MAX_RULES_PER_TENANT = 500;
export const DEFAULT_RULE_PRIORITY = 100;
export const MAX_RULE_PRIORITY = 1000;

export interface RuleInput {
  pattern: string;
  direction?: 'in' | 'out' | null;
  minAmount?: number | null;
  maxAmount?: number | null;
  currency?: string | null;
  category: string;
  priority?: number;
}

export interface RuleView {
  id: string;
  pattern: string;
  direction: 'in' | 'out' | null;
  minAmount: number | null;
  maxAmount: number | null;
  currency: string | null;
  category: string;
  priority: number;
  createdAt: string;
}

export function toRuleView(row: CategorizationRulesTable): RuleView {
  const currency = row.currency ?? 'USD';
  return {
    id: row.id,
    pattern: row.pattern,
    direction: row.direction as RuleView['direction'],
    minAmount: row.min_amount_minor === null ? null : toMajorUnits(row.min_amount_minor, currency),
    maxAmount: row.max_amount_minor === null ? null : toMajorUnits(row.max_amount_minor, currency),
    currency: row.currency,
    category: row.target,
    priority: row.priority,
    createdAt: row.created_at,
  };
}

export async function listTenantRules(handle: DatabaseHandle, tenantId: string): Promise<RuleView[]> {
  return (await store.listRules(handle.readDb, tenantId)).map(toRuleView);
}

/**
 * Adds a rule. Amount bounds apply to the row's magnitude (money in or out alike; `direction` says
 * which) in `currency`, which defaults to the primary entity's base currency; rows in another
 * currency never match a rule that has bounds.
 */
export async function createTenantRule(
  handle: DatabaseHandle,
  tenantId: string,
  input: RuleInput,
  recordChange?: RecordChange,
): Promise<RuleView> {
  return withWriteTransaction(handle, async (trx) => {
    const row = await validRule(trx, tenantId, input, new Date().toISOString());
    await insertTenantRule(trx, row);
    const view = toRuleView(row);
    await recordChange?.(trx, {
      action: 'rule.create',
      targetType: 'rule',
      targetId: view.id,
      before: null,
      after: view,
    });
    return view;
  });
}

/** Stores a validated rule, unless the tenant already has the most rules allowed (409). */
export async function insertTenantRule(trx: Executor, row: CategorizationRulesTable): Promise<void> {
  if ((await store.countRules(trx, row.tenant_id)) >= MAX_RULES_PER_TENANT)
    throw conflict(`the tenant already has ${MAX_RULES_PER_TENANT} rules, the most allowed; delete some first`);
  await store.insertRule(trx, row);
}

/** The rule as it would be stored, or a 400 naming the field that is wrong; stores nothing. */
export async function validRule(
  trx: Executor,
  tenantId: string,
  input: RuleInput,
  now: string,
): Promise<CategorizationRulesTable> {
  const problem = patternProblem(input.pattern);
  if (problem) throw invalid(`pattern: ${problem}`);
  const priority = input.priority ?? DEFAULT_RULE_PRIORITY;
  if (!Number.isInteger(priority) || priority < 0 || priority > MAX_RULE_PRIORITY)
    throw invalid(`priority: an integer from 0 to ${MAX_RULE_PRIORITY}`);
  const hasBounds = (input.minAmount ?? null) !== null || (input.maxAmount ?? null) !== null;
  if (!hasBounds && input.currency) throw invalid('currency: only meaningful with minAmount or maxAmount');
  const primary = await findPrimaryEntity(trx, tenantId);
  if (!primary) throw notFound(`tenant ${tenantId}`);
  const currency = hasBounds ? (input.currency ?? primary.base_currency) : null;
  if (currency !== null && !isKnownCurrency(currency))
    throw invalid(`currency: "${currency}" is not an ISO 4217 currency code`);
  const bound = (field: 'minAmount' | 'maxAmount'): number | null => {
    const value = input[field];
    if (value === undefined || value === null) return null;
    if (value < 0)
      throw invalid(`${field}: bounds the amount's magnitude, so it must be >= 0 (use direction for in or out)`);
    try {
      return toMinorUnits(value, currency!);
    } catch (error) {
      if (error instanceof AmountError) throw invalid(`${field}: ${error.message}`);
      throw error;
    }
  };
  const minAmountMinor = bound('minAmount');
  const maxAmountMinor = bound('maxAmount');
  if (minAmountMinor !== null && maxAmountMinor !== null && minAmountMinor > maxAmountMinor)
    throw invalid('maxAmount: must be >= minAmount');
  if (input.category !== TRANSFER) {
    const account = await trx
      .selectFrom('accounts')
      .select(['parent_number'])
      .where('tenant_id', '=', tenantId)
      .where('account_number', '=', input.category)
      .limit(1)
      .executeTakeFirst();
    if (!account)
      throw invalid(
        `category: "${input.category}" is not an account number of this tenant's chart (see GET /accounts) nor "transfer"`,
      );
    if (account.parent_number !== null)
      throw invalid(
        `category: ${input.category} is a bank or card account; use "transfer" for moves between your own accounts`,
      );
  }
  return {
    id: newId(),
    tenant_id: tenantId,
    pattern: input.pattern.trim(),
    direction: input.direction ?? null,
    min_amount_minor: minAmountMinor,
    max_amount_minor: maxAmountMinor,
    currency,
    target: input.category,
    priority,
    created_at: now,
  };
}

export async function deleteTenantRule(
  handle: DatabaseHandle,
  tenantId: string,
  ruleId: string,
  recordChange?: RecordChange,
): Promise<RuleView> {
  return withWriteTransaction(handle, async (trx) => {
    const deleted = await store.deleteRule(trx, tenantId, ruleId);
    if (!deleted) throw notFound(`rule ${ruleId}`);
    const view = toRuleView(deleted);
    await recordChange?.(trx, {
      action: 'rule.delete',
      targetType: 'rule',
      targetId: view.id,
      before: view,
      after: null,
    });
    return view;
  });
}

/** A tenant's rules ready to match, best first: higher priority, then the more specific (longer) pattern, then the older. */
export interface CompiledRule {
  id: string;
  pattern: CompiledPattern;
  direction: 'in' | 'out' | null;
  minAmountMinor: number | null;
  maxAmountMinor: number | null;
  currency: string | null;
  target: CategoryTarget;
  priority: number;
}

export function compileRules(rows: CategorizationRulesTable[]): CompiledRule[] {
  const patternLength = (row: CategorizationRulesTable) => row.pattern.replace(/\*/g, '').length;
  return [...rows]
    .sort(
      (a, b) =>
        b.priority - a.priority ||
        patternLength(b) - patternLength(a) ||
        a.created_at.localeCompare(b.created_at) ||
        a.id.localeCompare(b.id),
    )
    .map((row) => ({
      id: row.id,
      pattern: compilePattern(row.pattern),
      direction: row.direction as CompiledRule['direction'],
      minAmountMinor: row.min_amount_minor,
      maxAmountMinor: row.max_amount_minor,
      currency: row.currency,
      target: row.target,
      priority: row.priority,
    }));
}

/** The first of the (sorted) rules that matches the row's descriptor, merchant or cleaned descriptor. */
export function matchTenantRule(
  rules: readonly CompiledRule[],
  input: CategorizationInput,
  cleanedDescriptor: string,
): CompiledRule | null {
  if (rules.length === 0) return null;
  const texts = [
    normalizeForMatching(input.description),
    normalizeForMatching(input.merchant ?? ''),
    normalizeForMatching(cleanedDescriptor),
  ];
  const magnitude = Math.abs(input.amountMinor);
  for (const rule of rules) {
    if (rule.direction && rule.direction !== input.direction) continue;
    if (rule.currency !== null && rule.currency !== input.currency) continue;
    if (rule.minAmountMinor !== null && magnitude < rule.minAmountMinor) continue;
    if (rule.maxAmountMinor !== null && magnitude > rule.maxAmountMinor) continue;
    if (texts.some((text) => text.length > 0 && patternMatches(rule.pattern, text))) return rule;
  }
  return null;
}
