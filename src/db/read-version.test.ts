import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase } from './connection.ts';

/** readVersion (what answers kept from readDb are kept under) changes with every write a read could see, never by a read. */
const count = (handle: Awaited<ReturnType<typeof openDatabase>>) =>
  sql<{ n: number }>`select count(*) as n from tenants`.execute(handle.readDb);

test('SQLite in a file: a commit by this handle or by another connection to the file changes the read version', async () => {
  const directory = mkdtempSync(join(tmpdir(), 'read-version-'));
  const url = `file:${join(directory, 'books.db')}`;
  const handle = await openDatabase(url);
  await migrateToLatest(handle);
  const other = await openDatabase(url);
  try {
    const before = handle.readVersion!();
    await count(handle);
    assert.equal(handle.readVersion!(), before, 'a read changes nothing');
    await sql`insert into tenants (id, name, created_at) values ('t1', 'One', '2026-01-01')`.execute(handle.db);
    const afterOwn = handle.readVersion!();
    assert.notEqual(afterOwn, before, "the handle's own writer committed");
    await sql`insert into tenants (id, name, created_at) values ('t2', 'Two', '2026-01-01')`.execute(other.db);
    assert.notEqual(handle.readVersion!(), afterOwn, 'another connection committed');
  } finally {
    await other.close();
    await handle.close();
    rmSync(directory, { recursive: true, force: true });
  }
});

test('SQLite in memory (one connection): its own writes change the read version, even rolled back', async () => {
  const handle = await openDatabase('file::memory:');
  await migrateToLatest(handle);
  try {
    const before = handle.readVersion!();
    await sql`insert into tenants (id, name, created_at) values ('t1', 'One', '2026-01-01')`.execute(handle.db);
    const afterWrite = handle.readVersion!();
    assert.notEqual(afterWrite, before);
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into tenants (id, name, created_at) values ('t2', 'Two', '2026-01-01')`.execute(trx);
        throw new Error('roll back');
      })
      .catch(() => {});
    assert.notEqual(handle.readVersion!(), afterWrite);
  } finally {
    await handle.close();
  }
});
