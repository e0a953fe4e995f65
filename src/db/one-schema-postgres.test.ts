import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase } from './connection.ts';
import { ON_POSTGRES, TARGET_DATABASE_URL } from '../../test/support/harness.ts';

// Schemas are PostgreSQL's; SQLite has one database per file and nothing to share.
if (ON_POSTGRES)
  test("migrations read only the service's own schema, so neighbours' schemas coming and going never fail them", async () => {
    const own = `own_${randomBytes(5).toString('hex')}`;
    const neighbour = `nb_${randomBytes(5).toString('hex')}`;
    const handle = await openDatabase(TARGET_DATABASE_URL, { schema: own, poolSize: 2 });
    const admin = await openDatabase(TARGET_DATABASE_URL, { poolSize: 2 });
    try {
      await sql.raw(`create schema ${neighbour}; create table ${neighbour}.stranger (id int)`).execute(admin.db);
      const tables = await handle.db.introspection.getTables({ withInternalKyselyTables: true });
      assert.deepEqual(tables, [], 'a new schema holds nothing, whatever its neighbours hold');

      // A neighbour's schema is dropped and created again and again while the migration runs.
      let churning = true;
      const churn = (async () => {
        for (let round = 0; churning; round++) {
          await sql
            .raw(
              `drop schema if exists ${neighbour}_${round % 3} cascade; create schema ${neighbour}_${(round + 1) % 3}; create table ${neighbour}_${(round + 1) % 3}.t (id serial)`,
            )
            .execute(admin.db);
        }
      })();
      try {
        await migrateToLatest(handle);
      } finally {
        churning = false;
        await churn;
      }
      const names = (await handle.db.introspection.getTables()).map((table) => table.name);
      assert.ok(names.includes('transactions') && names.includes('journal_lines'), names.join(', '));
      assert.ok(!names.includes('kysely_migration'), 'internal tables only when asked for');
      assert.ok((await handle.db.introspection.getTables()).every((table) => table.schema === own));
      assert.deepEqual(await handle.db.introspection.getSchemas(), [{ name: own }]);
    } finally {
      await sql
        .raw(
          `drop schema if exists ${own} cascade; drop schema if exists ${neighbour} cascade; drop schema if exists ${neighbour}_0 cascade; drop schema if exists ${neighbour}_1 cascade; drop schema if exists ${neighbour}_2 cascade`,
        )
        .execute(admin.db);
      await handle.close();
      await admin.close();
    }
  });
