import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTenant } from '../tenancy/tenants.ts';
import { openTestDatabase } from '../../test/support/harness.ts';
import { analyzeStaleTables } from './statistics.ts';

// PostgreSQL's planner statistics are refreshed by the service itself where autovacuum does not
// (a table planned as empty after a million rows arrived made the sweep read every pending row).

let database: Awaited<ReturnType<typeof openTestDatabase>>;
before(async () => {
  database = await openTestDatabase();
});
after(async () => {
  await database.dispose();
});

test('tables changed past the threshold are analyzed once, then left alone', async () => {
  // Each new tenant writes its chart into the accounts table: two of them pass 50 rows + 10%.
  await createTenant(database.handle, { legalName: 'Stats LLC', stateCode: 'DE' });
  await createTenant(database.handle, { legalName: 'Figures Inc', stateCode: 'NY' });
  if (database.handle.dialect !== 'postgres') {
    assert.deepEqual(await analyzeStaleTables(database.handle), [], 'SQLite plans without them');
    return;
  }
  // The server's activity counters are flushed shortly after a transaction ends.
  let analyzed: string[] = [];
  for (let attempt = 0; attempt < 50 && !analyzed.includes('accounts'); attempt++) {
    analyzed = [...analyzed, ...(await analyzeStaleTables(database.handle))];
    if (!analyzed.includes('accounts')) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.ok(analyzed.includes('accounts'), `analyzed: ${analyzed.join(', ')}`);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  assert.ok(!(await analyzeStaleTables(database.handle)).includes('accounts'), 'fresh statistics are left alone');
});
