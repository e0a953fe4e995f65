import { ACCOUNT } from '../../src/chart/us-chart.ts';
import type { DatabaseHandle } from '../../src/db/connection.ts';
import { bookingAccountNumber } from '../../src/ledger/row-entry.ts';
import { trialBalance } from '../../src/reports/trial-balance.ts';

/**
 * The journal recomputed from the rows, independently of how the service booked them. What the rows
 * and bank accounts say must be booked is derived here from their columns alone (a settled,
 * categorized row is one posting of its amount between its bank account's ledger account and its
 * category; a declared opening balance one posting against Opening Balance Equity), then compared with
 * what the journal, the per-day totals and the trial balance hold. Returns every violation found, as
 * sentences; an empty list means the books are exactly what the rows say.
 *
 * Reads the tables directly (one tenant's rows, scoped by tenant id like every store query), so it
 * works on a database a killed service left behind as well as on a test harness's.
 */
export interface RecomputationOptions {
  /** The trial balance is read as of this day; every row of the run must be dated on or before it. */
  asOf: string;
  /**
   * Rows may still wait for the sweep (a check in the middle of a run). The default, false, is the
   * drained state: every settled row must be booked.
   */
  allowWaitingRows?: boolean;
}

/** debit − credit per "entity|accountNumber", in minor units. */
type Net = Map<string, number>;

function add(net: Net, key: string, amountMinor: number): void {
  const sum = (net.get(key) ?? 0) + amountMinor;
  if (sum === 0) net.delete(key);
  else net.set(key, sum);
}

function differences(expected: Net, actual: Net): string[] {
  const keys = new Set([...expected.keys(), ...actual.keys()]);
  return [...keys]
    .sort()
    .filter((key) => (expected.get(key) ?? 0) !== (actual.get(key) ?? 0))
    .map((key) => `${key}: expected ${expected.get(key) ?? 0}, found ${actual.get(key) ?? 0}`);
}

export async function recomputationViolations(
  handle: DatabaseHandle,
  tenantId: string,
  options: RecomputationOptions,
): Promise<string[]> {
  const db = handle.db;
  const [rows, bankAccounts, entries, lines, dailyTotals, accounts, entities, rowDays] = await Promise.all([
    db.selectFrom('transactions').selectAll().where('tenant_id', '=', tenantId).orderBy('seq').execute(),
    db.selectFrom('bank_accounts').selectAll().where('tenant_id', '=', tenantId).execute(),
    db.selectFrom('journal_entries').selectAll().where('tenant_id', '=', tenantId).orderBy('seq').execute(),
    db.selectFrom('journal_lines').selectAll().where('tenant_id', '=', tenantId).orderBy('seq').execute(),
    db.selectFrom('account_daily_totals').selectAll().where('tenant_id', '=', tenantId).execute(),
    db.selectFrom('accounts').select(['id', 'entity_id', 'account_number']).where('tenant_id', '=', tenantId).execute(),
    db.selectFrom('entities').select(['id']).where('tenant_id', '=', tenantId).execute(),
    db.selectFrom('bank_account_row_days').selectAll().where('tenant_id', '=', tenantId).execute(),
  ]);
  const violations: string[] = [];
  const numberOfAccount = new Map(
    accounts.map((account) => [account.id, `${account.entity_id}|${account.account_number}`]),
  );
  const bankAccountById = new Map(bankAccounts.map((account) => [account.id, account]));

  // 1. Every entry balances with one-sided positive lines, on accounts of its own entity.
  const linesByEntry = new Map<string, typeof lines>();
  for (const line of lines) {
    const list = linesByEntry.get(line.entry_id) ?? [];
    list.push(line);
    linesByEntry.set(line.entry_id, list);
  }
  const entryById = new Map(entries.map((entry) => [entry.id, entry]));
  for (const line of lines) if (!entryById.has(line.entry_id)) violations.push(`line ${line.seq} belongs to no entry`);
  const netOfEntry = (entryId: string): Net => {
    const net: Net = new Map();
    for (const line of linesByEntry.get(entryId) ?? [])
      add(
        net,
        `${line.entity_id}|${line.account_number}|${line.currency}`,
        (line.debit_minor ?? 0) - (line.credit_minor ?? 0),
      );
    return net;
  };
  for (const entry of entries) {
    const entryLines = linesByEntry.get(entry.id) ?? [];
    if (entryLines.length < 2) violations.push(`entry ${entry.id} has ${entryLines.length} line(s)`);
    const perCurrency = new Map<string, number>();
    for (const line of entryLines) {
      const amount = line.debit_minor ?? line.credit_minor;
      if (
        (line.debit_minor === null) === (line.credit_minor === null) ||
        !Number.isSafeInteger(amount) ||
        amount! <= 0
      ) {
        violations.push(`entry ${entry.id}: line ${line.seq} is not one positive amount on one side`);
      }
      if (numberOfAccount.get(line.account_id) !== `${entry.entity_id}|${line.account_number}`) {
        violations.push(
          `entry ${entry.id}: line ${line.seq} names account ${line.account_number} but posts to another account`,
        );
      }
      if (line.entry_date !== entry.entry_date)
        violations.push(
          `entry ${entry.id}: line ${line.seq} is dated ${line.entry_date}, its entry ${entry.entry_date}`,
        );
      perCurrency.set(
        line.currency,
        (perCurrency.get(line.currency) ?? 0) + (line.debit_minor ?? 0) - (line.credit_minor ?? 0),
      );
    }
    for (const [currency, difference] of perCurrency)
      if (difference !== 0) violations.push(`entry ${entry.id} is off by ${difference} ${currency}`);
  }

  // 2. Reversals: each mirrors an existing entry of the same source, and no entry is reversed twice.
  const reversedBy = new Map<string, string>();
  for (const entry of entries) {
    if (entry.reverses_entry_id === null) continue;
    const original = entryById.get(entry.reverses_entry_id);
    if (!original) {
      violations.push(`entry ${entry.id} reverses ${entry.reverses_entry_id}, which does not exist`);
      continue;
    }
    if (original.reverses_entry_id !== null) violations.push(`entry ${entry.id} reverses a reversal`);
    if (reversedBy.has(original.id))
      violations.push(`entry ${original.id} is reversed twice (${reversedBy.get(original.id)}, ${entry.id})`);
    reversedBy.set(original.id, entry.id);
    if (original.source_id !== entry.source_id || original.source_type !== entry.source_type)
      violations.push(`reversal ${entry.id} has another source than ${original.id}`);
    const mirror = netOfEntry(original.id);
    for (const [key, amount] of mirror) mirror.set(key, -amount);
    const mismatch = differences(mirror, netOfEntry(entry.id));
    if (mismatch.length > 0)
      violations.push(`reversal ${entry.id} does not mirror ${original.id}: ${mismatch.join('; ')}`);
  }
  const live = (entry: { id: string; reverses_entry_id: string | null }) =>
    entry.reverses_entry_id === null && !reversedBy.has(entry.id);

  // 3. Each row: the net of its entries is exactly one posting of its amount, or nothing.
  const expectedBalances: Net = new Map();
  const entriesBySource = new Map<string, typeof entries>();
  for (const entry of entries) {
    if (entry.source_type !== 'bank_feed' && entry.source_type !== 'bank_statement') continue;
    const list = entriesBySource.get(entry.source_id ?? '') ?? [];
    list.push(entry);
    entriesBySource.set(entry.source_id ?? '', list);
  }
  for (const row of rows) {
    const bankAccount = bankAccountById.get(row.bank_account_id);
    if (!bankAccount) {
      violations.push(`row ${row.id} has no bank account`);
      continue;
    }
    const expected: Net = new Map();
    const bookable = row.pending === 0 && row.category_target !== null;
    if (bookable) {
      // Money out (positive) debits the category and credits the bank; money in the reverse.
      add(expected, `${row.entity_id}|${bookingAccountNumber(row.category_target!)}|${row.currency}`, row.amount_minor);
      add(expected, `${row.entity_id}|${bankAccount.ledger_account_number}|${row.currency}`, -row.amount_minor);
      add(expectedBalances, `${row.entity_id}|${bookingAccountNumber(row.category_target!)}`, row.amount_minor);
      add(expectedBalances, `${row.entity_id}|${bankAccount.ledger_account_number}`, -row.amount_minor);
    }
    const rowEntries = entriesBySource.get(row.id) ?? [];
    entriesBySource.delete(row.id);
    const actual: Net = new Map();
    for (const entry of rowEntries) for (const [key, amount] of netOfEntry(entry.id)) add(actual, key, amount);
    const liveEntries = rowEntries.filter(live);
    const waiting = row.sweep_state === 'pending' && options.allowWaitingRows;
    if (row.sweep_state !== 'done' && !options.allowWaitingRows)
      violations.push(`row ${row.id} still waits for the sweep (${row.sweep_state})`);
    if (bookable && row.journal_entry_id === null && waiting) continue;
    const mismatch = differences(expected, actual);
    if (mismatch.length > 0)
      violations.push(
        `row ${row.id} (${row.amount_minor}, ${row.pending ? 'pending' : 'settled'}, ${row.category_target}): its entries net ${mismatch.join('; ')}`,
      );
    if (bookable) {
      if (liveEntries.length !== 1) violations.push(`row ${row.id} has ${liveEntries.length} live entries`);
      else if (liveEntries[0].id !== row.journal_entry_id)
        violations.push(
          `row ${row.id} points at entry ${row.journal_entry_id}, its live entry is ${liveEntries[0].id}`,
        );
      else if (liveEntries[0].entry_date !== row.date)
        violations.push(`row ${row.id} dated ${row.date} is booked on ${liveEntries[0].entry_date}`);
    } else {
      if (liveEntries.length !== 0)
        violations.push(`row ${row.id} (pending or uncategorized) has ${liveEntries.length} live entries`);
      if (row.journal_entry_id !== null)
        violations.push(`row ${row.id} (pending or uncategorized) points at entry ${row.journal_entry_id}`);
    }
  }
  // Entries of rows that no longer exist must have been reversed (a removed row takes its posting with it).
  for (const [sourceId, orphans] of entriesBySource) {
    const net: Net = new Map();
    for (const entry of orphans) for (const [key, amount] of netOfEntry(entry.id)) add(net, key, amount);
    if (net.size > 0)
      violations.push(
        `entries of row ${sourceId}, which does not exist, still post ${[...net].map(([key, amount]) => `${key} ${amount}`).join('; ')}`,
      );
  }

  // 4. Opening balances: one live posting against Opening Balance Equity, or none.
  for (const account of bankAccounts) {
    const openingEntries = entries.filter(
      (entry) => entry.source_type === 'opening_balance' && entry.source_id === account.id,
    );
    const liveOpenings = openingEntries.filter(live);
    const minor = account.opening_balance_minor ?? 0;
    const expected: Net = new Map();
    if (minor !== 0) {
      // Money held on a deposit account, or a credit balance on a card, debits the bank ledger account.
      const bankDebit = account.type === 'credit' ? -minor : minor;
      add(expected, `${account.entity_id}|${account.ledger_account_number}|${account.currency}`, bankDebit);
      add(expected, `${account.entity_id}|${ACCOUNT.openingBalanceEquity}|${account.currency}`, -bankDebit);
      add(expectedBalances, `${account.entity_id}|${account.ledger_account_number}`, bankDebit);
      add(expectedBalances, `${account.entity_id}|${ACCOUNT.openingBalanceEquity}`, -bankDebit);
    }
    const actual: Net = new Map();
    for (const entry of openingEntries) for (const [key, amount] of netOfEntry(entry.id)) add(actual, key, amount);
    const mismatch = differences(expected, actual);
    if (mismatch.length > 0) violations.push(`opening balance of bank account ${account.id}: ${mismatch.join('; ')}`);
    if (liveOpenings.length !== (minor !== 0 ? 1 : 0))
      violations.push(`bank account ${account.id} has ${liveOpenings.length} live opening entries`);
    else if (minor !== 0 && liveOpenings[0].id !== account.opening_entry_id)
      violations.push(
        `bank account ${account.id} points at opening entry ${account.opening_entry_id}, the live one is ${liveOpenings[0].id}`,
      );
  }
  const otherSources = entries.filter(
    (entry) => !['bank_feed', 'bank_statement', 'opening_balance'].includes(entry.source_type),
  );
  if (otherSources.length > 0) violations.push(`${otherSources.length} entries of unknown source types`);

  // 5. The per-day totals the reports read equal the sum and the count of the lines.
  const linesPerDay: Net = new Map();
  for (const line of lines) {
    const key = `${line.account_id}|${line.currency}|${line.entry_date}`;
    add(linesPerDay, `${key}|debit`, line.debit_minor ?? 0);
    add(linesPerDay, `${key}|credit`, line.credit_minor ?? 0);
    add(linesPerDay, `${key}|lines`, 1);
  }
  const totalsPerDay: Net = new Map();
  for (const total of dailyTotals) {
    const key = `${total.account_id}|${total.currency}|${total.day}`;
    add(totalsPerDay, `${key}|debit`, Number(total.debit_minor));
    add(totalsPerDay, `${key}|credit`, Number(total.credit_minor));
    add(totalsPerDay, `${key}|lines`, Number(total.line_count));
  }
  for (const mismatch of differences(linesPerDay, totalsPerDay))
    violations.push(`per-day totals differ from the lines: ${mismatch}`);

  // 6. Each bank account's rows per date, kept by triggers for the health score, equal the rows.
  const rowsPerDay: Net = new Map();
  for (const row of rows) add(rowsPerDay, `${row.bank_account_id}|${row.date}`, 1);
  const keptPerDay: Net = new Map();
  for (const day of rowDays) add(keptPerDay, `${day.bank_account_id}|${day.date}`, Number(day.row_count));
  for (const mismatch of differences(rowsPerDay, keptPerDay))
    violations.push(`bank account row days differ from the rows: ${mismatch}`);

  // 7. The trial balance, as the service reports it, equals the balances recomputed from the rows.
  for (const entity of entities) {
    let report: Awaited<ReturnType<typeof trialBalance>>;
    try {
      report = await trialBalance(handle, tenantId, { asOf: options.asOf, entityId: entity.id });
    } catch (error) {
      violations.push(`trial balance as of ${options.asOf} fails: ${(error as Error).message}`);
      continue;
    }
    const reported: Net = new Map();
    for (const account of report.accounts)
      add(
        reported,
        `${entity.id}|${account.accountNumber}`,
        Math.round(Number(account.debit) * 100) - Math.round(Number(account.credit) * 100),
      );
    const expected: Net = new Map([...expectedBalances].filter(([key]) => key.startsWith(`${entity.id}|`)));
    for (const mismatch of differences(expected, reported))
      violations.push(`trial balance as of ${options.asOf}: ${mismatch}`);
  }
  for (const row of rows)
    if (row.date > options.asOf)
      violations.push(`row ${row.id} is dated ${row.date}, after the check's asOf ${options.asOf}`);
  return violations;
}
