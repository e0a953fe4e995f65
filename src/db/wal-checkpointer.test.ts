import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { sql } from 'kysely';
import { openDatabase } from './connection.ts';

const MEGABYTE = 1024 * 1024;

async function withFile(work: (path: string) => Promise<void>) {
  const directory = mkdtempSync(join(tmpdir(), 'wal-checkpointer-'));
  try {
    await work(join(directory, 'books.db'));
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

test("commits never checkpoint on the caller's thread; the checkpointer thread copies the WAL into the database file", async () => {
  await withFile(async (path) => {
    const handle = await openDatabase(`file:${path}`, { walCheckpoint: 'background' });
    try {
      const [setting] = (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(handle.db)).rows;
      assert.equal(setting.wal_autocheckpoint, 0);
      await sql`create table filler (bytes blob not null)`.execute(handle.db);
      // 12 MB committed: it lands in the WAL, and only a checkpoint brings it into the database file.
      await handle.db.transaction().execute(async (trx) => {
        for (let index = 0; index < 12; index++)
          await sql`insert into filler (bytes) values (${Buffer.alloc(MEGABYTE, index)})`.execute(trx);
      });
      const deadline = Date.now() + 20_000;
      while (statSync(path).size < 12 * MEGABYTE && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      assert.ok(
        statSync(path).size >= 12 * MEGABYTE,
        `the database file holds the committed pages (${statSync(path).size} bytes)`,
      );
      await sql`insert into filler (bytes) values (${Buffer.alloc(10)})`.execute(handle.db);
      const [{ total }] = (
        await sql<{ total: number }>`select sum(length(bytes)) as total from filler`.execute(handle.readDb)
      ).rows;
      assert.equal(total, 12 * MEGABYTE + 10);
    } finally {
      await handle.close();
    }
  });
});

test('inline, the default: SQLite checkpoints inside commits and no thread is started', async () => {
  await withFile(async (path) => {
    const handle = await openDatabase(`file:${path}`);
    try {
      const [setting] = (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(handle.db)).rows;
      assert.equal(setting.wal_autocheckpoint, 20_000);
    } finally {
      await handle.close();
    }
  });
});
