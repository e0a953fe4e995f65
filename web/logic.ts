/** The app's pure decisions, kept apart from the components so node tests can check them directly. */

function nextDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** The calendar months no statement covers between two consecutive periods ("2026-03"). */
export function missingMonths(periods: Array<{ periodStart: string; periodEnd: string }>): string[] {
  const sorted = [...periods].sort((a, b) => a.periodStart.localeCompare(b.periodStart));
  const missing: string[] = [];
  for (let index = 1; index < sorted.length; index++) {
    const gapStart = nextDay(sorted[index - 1].periodEnd);
    const gapEnd = sorted[index].periodStart;
    if (gapStart >= gapEnd) continue;
    let [year, month] = gapStart.split('-').map(Number);
    // A month counts as missing when the gap holds the whole of it, or its start when the gap starts on day 1.
    for (;;) {
      const monthStart = `${year}-${String(month).padStart(2, '0')}-01`;
      const following = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
      if (monthStart >= gapEnd) break;
      if (monthStart >= gapStart && following <= gapEnd) missing.push(monthStart.slice(0, 7));
      [year, month] = following.split('-').map(Number);
    }
  }
  return missing;
}

/** Accounts a row may be filed under: not bank or card ledgers (those have a parent), plus "transfer". */
export function categoryChoices(
  accounts: Array<{ accountNumber: string; name: string; isActive: boolean; parentNumber: string | null }>,
): Array<{ value: string; label: string }> {
  return [
    ...accounts
      .filter((account) => account.isActive && !account.parentNumber)
      .map((account) => ({ value: account.accountNumber, label: `${account.accountNumber} · ${account.name}` })),
    { value: 'transfer', label: 'transfer · Transfer between own accounts' },
  ];
}

/** What the person typed in the picker: an account number, a whole label, or words matching exactly one account. */
export function resolveCategory(
  text: string,
  choices: Array<{ value: string; label: string }>,
): { value?: string; problem?: string } {
  const typed = text.trim().toLowerCase();
  if (!typed) return { problem: 'type an account number or name' };
  const exact = choices.find(
    (choice) =>
      choice.value.toLowerCase() === typed ||
      choice.label.toLowerCase() === typed ||
      typed.startsWith(`${choice.value.toLowerCase()} `),
  );
  if (exact) return { value: exact.value };
  const matches = choices.filter((choice) => choice.label.toLowerCase().includes(typed));
  if (matches.length === 1) return { value: matches[0].value };
  if (matches.length === 0) return { problem: `no account matches "${text.trim()}"` };
  return { problem: `${matches.length} accounts match "${text.trim()}"; type more of the name or the number` };
}

/** The fields of a transaction the review queue orders by. */
export interface ReviewCandidate {
  id: string;
  date: string;
  amount: number;
  category: { accountNumber: string; confidence: number | null } | null;
}

const CATCH_ALL = new Set(['6999', '4999']);

/** A suggestion worth accepting as is: a real account, not the catch-all a row lands on when nothing decided. */
export const acceptable = (row: ReviewCandidate) => row.category !== null && !CATCH_ALL.has(row.category.accountNumber);

/**
 * Best first: the suggestions most likely right (highest confidence) lead, so a reviewer clears them
 * with one key each; rows with no real suggestion follow, larger amounts before smaller.
 */
export function reviewOrder(a: ReviewCandidate, b: ReviewCandidate): number {
  const confidence = (row: ReviewCandidate) => (acceptable(row) ? (row.category!.confidence ?? 0) : -1);
  return (
    confidence(b) - confidence(a) ||
    Math.abs(b.amount) - Math.abs(a.amount) ||
    a.date.localeCompare(b.date) ||
    a.id.localeCompare(b.id)
  );
}

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

/**
 * What an audit entry changed, field by field: the fields whose values differ between the before
 * and after objects (a created thing has no before, a removed one no after), values shown as JSON.
 */
export function auditChanges(before: unknown, after: unknown): FieldChange[] {
  const asFields = (value: unknown): Record<string, unknown> =>
    value === null || value === undefined
      ? {}
      : typeof value === 'object' && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : { value };
  const was = asFields(before);
  const is = asFields(after);
  // Own fields only: a field named like an Object.prototype member ("constructor") is a field.
  const shown = (record: Record<string, unknown>, field: string) =>
    Object.hasOwn(record, field) ? JSON.stringify(record[field]) : '—';
  return [...new Set([...Object.keys(was), ...Object.keys(is)])]
    .map((field) => ({ field, before: shown(was, field), after: shown(is, field) }))
    .filter((change) => change.before !== change.after);
}
