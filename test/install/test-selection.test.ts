import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const runner = fileURLToPath(new URL('../run.mjs', import.meta.url));

function selected(databaseUrl: string): string[] {
  const output = execFileSync(process.execPath, [runner], {
    env: { ...process.env, DATABASE_URL: databaseUrl, SKIP_TYPECHECK: '1', TEST_LIST_ONLY: '1' },
    encoding: 'utf8',
  });
  return output.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
}

test('the PostgreSQL pass runs every test file that touches the database, and leaves out only pure logic', () => {
  const all = selected('file:./unused.db');
  const onPostgres = new Set(selected('postgres://postgres@127.0.0.1:5432/test'));
  assert.ok(all.length > 50);
  for (const file of all) {
    const source = readFileSync(file, 'utf8');
    const touchesDatabase =
      /from '[./]*\/(db|test\/support\/harness)|support\/harness\.ts'|\/db\/[a-z-]+\.ts'|bin\/bookkeeping|DATABASE_URL/.test(
        source,
      );
    if (touchesDatabase) assert.ok(onPostgres.has(file), `${file} uses the database and must run on PostgreSQL`);
  }
  // Through other modules: the ledger routes reach the database only through the service.
  assert.ok(onPostgres.has('src/http/routes/ledger.test.ts'));
  // Readers and parsers never do, and run once.
  for (const pure of ['src/intake/statements/readers/csv.test.ts', 'src/money/minor-units.test.ts'])
    assert.ok(all.includes(pure) && !onPostgres.has(pure), `${pure} is pure logic`);
});
