/**
 * One owner per table group: every write to a table (Kysely's insertInto/updateTable/deleteFrom,
 * db/bulk.ts's insertRows, or SQL text) stands in its owner's folder or file. A module that needs
 * another group's rows changed asks the owner's store; this test reads the source, so a stray write
 * fails here before it ever runs.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const SRC = fileURLToPath(new URL('..', import.meta.url));

/** Table → the one folder (or file) of src/ that writes it. */
export const TABLE_OWNERS: Record<string, string> = {
  transactions: 'bank-rows/',
  bank_accounts: 'bank-rows/',
  // Written only by its triggers (migration 0022): a write from src/ anywhere is a stray.
  bank_account_row_days: 'db/migrations/',
  accounts: 'chart/',
  journal_entries: 'ledger/',
  journal_lines: 'ledger/',
  account_daily_totals: 'ledger/',
  tenants: 'tenancy/',
  entities: 'tenancy/',
  api_keys: 'tenancy/',
  obligations: 'compliance/',
  statement_documents: 'intake/statements/',
  statement_document_chunks: 'intake/statements/',
  statement_periods: 'intake/statements/',
  statement_inboxes: 'intake/statements/',
  merchant_memory: 'sweep/memory-store.ts',
  categorization_rules: 'sweep/categorize/',
  llm_usage: 'sweep/categorize/llm/',
  rate_limit_buckets: 'http/rate-limit.ts',
  users: 'people/',
  memberships: 'people/',
  sessions: 'people/',
  one_time_tokens: 'people/',
  login_throttle: 'people/',
  audit_log: 'people/',
  bank_connections: 'intake/feeds/',
  bank_connection_accounts: 'intake/feeds/',
  bank_feed_rows: 'intake/feeds/',
};

/** The tables a piece of source writes, each with the line it does so on. */
export function writesIn(source: string, tables: readonly string[]): Array<{ table: string; line: number }> {
  const names = tables.join('|');
  const patterns = [
    new RegExp(`\\b(?:insertInto|updateTable|deleteFrom|insertRows)\\((?:[^,()]+,\\s*)?'(${names})'`, 'g'),
    new RegExp(`\\b(?:insert\\s+into|update|delete\\s+from)\\s+(${names})\\b`, 'gi'),
  ];
  const found: Array<{ table: string; line: number }> = [];
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) {
      found.push({ table: match[1].toLowerCase(), line: source.slice(0, match.index).split('\n').length });
    }
  }
  return found;
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('table owners', () => {
  it('names an owner for every table of the schema', () => {
    const schema = readFileSync(join(SRC, 'db/schema.ts'), 'utf8');
    const body = schema.slice(
      schema.indexOf('export interface Database {'),
      schema.indexOf('}', schema.indexOf('export interface Database {')),
    );
    const tables = [...body.matchAll(/^\s+(\w+): \w+Table;/gm)].map((match) => match[1]);
    assert.ok(tables.length >= 17, `read the tables of db/schema.ts (${tables.length})`);
    assert.deepEqual(
      tables.filter((table) => !(table in TABLE_OWNERS)),
      [],
    );
  });

  it('finds writes in each form the service spells them', () => {
    const tables = Object.keys(TABLE_OWNERS);
    assert.deepEqual(
      writesIn(`await db.updateTable('transactions').set({})`, tables).map((write) => write.table),
      ['transactions'],
    );
    assert.deepEqual(
      writesIn(`await insertRows(trx, 'journal_lines', COLUMNS, values)`, tables).map((write) => write.table),
      ['journal_lines'],
    );
    assert.deepEqual(
      writesIn('sql`delete from obligations where id = ${id}`', tables).map((write) => write.table),
      ['obligations'],
    );
    assert.deepEqual(writesIn(`db.selectFrom('transactions').selectAll()`, tables), []);
  });

  it('sees every table written only from its owner', () => {
    const tables = Object.keys(TABLE_OWNERS);
    const strays: string[] = [];
    let writes = 0;
    for (const file of sourceFiles(SRC)) {
      const path = relative(SRC, file).split('\\').join('/');
      // Migrations create and reshape every table; they own no rows.
      if (path.startsWith('db/migrations/')) continue;
      for (const { table, line } of writesIn(readFileSync(file, 'utf8'), tables)) {
        writes++;
        if (!path.startsWith(TABLE_OWNERS[table]))
          strays.push(`src/${path}:${line} writes ${table} (owner: src/${TABLE_OWNERS[table]})`);
      }
    }
    assert.ok(writes > 20, `the scan found the service's writes (${writes})`);
    assert.deepEqual(strays, []);
  });
});
