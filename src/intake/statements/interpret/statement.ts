/**
 * The last phase every reader shares: resolved lines and balances, with the facts the document
 * states, become the ParsedStatement handed to the reconciliation gate.
 */
import { currencyExponent } from '../../../money/currency.ts';
import type { Decimal } from '../../../money/decimal.ts';
import type { ParsedStatement, StatementAccountKind } from '../types.ts';
import type { ResolvedStatement } from './signs.ts';

export interface StatementFacts {
  institutionName: string | null;
  accountLast4: string | null;
  accountKind: StatementAccountKind | null;
  currency: string | null;
  /** The period's ends the document states; an end it does not state is the lines' earliest or latest date. */
  periodStart: string | null;
  periodEnd: string | null;
}

/** With the currency's minor-unit count of decimals (two when it is unknown), never rounded. */
export function amountText(value: Decimal, currency: string | null): string {
  return value.withScale((currency ? currencyExponent(currency) : undefined) ?? 2).toString();
}

/**
 * `widenToLines` stretches a stated period over lines dated outside it (a CSV export's preamble may
 * name the month while its rows run past it); a printed statement's period stands as printed.
 */
export function buildStatement(
  facts: StatementFacts,
  resolved: ResolvedStatement,
  options: { widenToLines: boolean },
): ParsedStatement {
  const { currency } = facts;
  const lines = resolved.lines.map((line) => ({
    date: line.date,
    description: line.description,
    amount: amountText(line.out, currency),
    balance: line.balance ? amountText(line.balance, currency) : null,
  }));
  // YYYY-MM-DD dates compare as text; a scan, not a sort of a copy (a statement may have a million lines).
  let earliest = lines[0]?.date;
  let latest = earliest;
  for (const { date } of lines) {
    if (date < earliest) earliest = date;
    if (date > latest) latest = date;
  }
  let periodStart = facts.periodStart ?? earliest;
  let periodEnd = facts.periodEnd ?? latest;
  if (options.widenToLines) {
    if (earliest < periodStart) periodStart = earliest;
    if (latest > periodEnd) periodEnd = latest;
  }
  return {
    institutionName: facts.institutionName,
    accountLast4: facts.accountLast4,
    accountKind: facts.accountKind,
    currency,
    periodStart,
    periodEnd,
    openingBalance: resolved.opening === null ? null : amountText(resolved.opening, currency),
    closingBalance: resolved.closing === null ? null : amountText(resolved.closing, currency),
    lines,
  };
}
