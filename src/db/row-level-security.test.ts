/**
 * Row-level security (migration 0017) as a second wall: a query that forgets its tenant filter, run in
 * a transaction that declared its tenant, still sees and changes only that tenant's rows. The test
 * harness connects as a superuser, whom PostgreSQL never subjects to policies, so the walled queries
 * run as a role of their own without superuser or BYPASSRLS, as the service's role would in
 * production. On SQLite, which has no row-level security, the migration must leave the tables alone.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import {
  createAccount,
  createHarness,
  ON_POSTGRES,
  push,
  type Harness,
  type TestTenant,
} from '../../test/support/harness.ts';
import { withTenantTransaction, type Executor } from './transaction.ts';
import { TENANT_TABLES } from './migrations/0017-row-level-security.ts';
import { CONTENT_CHUNK_TABLES } from './migrations/0021-statement-content-chunks.ts';
import { ROW_DAY_TABLES } from './migrations/0022-bank-account-row-days.ts';

describe('row-level security', () => {
  let harness: Harness;
  let first: TestTenant;
  let second: TestTenant;

  before(async () => {
    harness = await createHarness();
    first = await harness.newTenant('First LLC');
    second = await harness.newTenant('Second LLC');
    for (const tenant of [first, second]) {
      await createAccount(tenant, 'chk-1');
      await push(tenant, [
        { accountExternalId: 'chk-1', id: 'r1', date: '2026-03-02', amount: 12.5, description: 'FIGMA MONTHLY' },
      ]);
    }
    await harness.sweep();
  });
  after(() => harness.close());

  if (!ON_POSTGRES) {
    it('changes nothing on SQLite: every row is read as before', async () => {
      const rows = await harness.handle.db.selectFrom('transactions').select('tenant_id').execute();
      assert.deepEqual(new Set(rows.map((row) => row.tenant_id)), new Set([first.tenantId, second.tenantId]));
      // A tenant's handle is the database's own: SQLite has no wall to declare a tenant to.
      assert.equal(harness.handle.forTenant(first.tenantId), harness.handle);
    });
    return;
  }

  const role = `rls_probe_${process.pid}`;
  /** `work` as a non-superuser role that does not own the tables, in one transaction walled to `tenantId` (null: none declared). */
  async function asServiceRole<T>(tenantId: string | null, work: (trx: Executor) => Promise<T>): Promise<T> {
    const run = async (trx: Executor) => {
      await sql.raw(`set local role ${role}`).execute(trx);
      return work(trx);
    };
    return tenantId === null
      ? harness.handle.db.transaction().execute(run)
      : withTenantTransaction(harness.handle, tenantId, run);
  }

  before(async () => {
    const schema = harness.schema!;
    await sql
      .raw(
        `do $$ begin if not exists (select from pg_roles where rolname = '${role}') then create role ${role} nosuperuser nobypassrls; end if; end $$`,
      )
      .execute(harness.handle.db);
    await sql
      .raw(
        `grant usage on schema ${schema} to ${role}; grant select, insert, update, delete on all tables in schema ${schema} to ${role}`,
      )
      .execute(harness.handle.db);
  });
  after(async () => {
    await sql
      .raw(`drop owned by ${role}; drop role if exists ${role}`)
      .execute(harness.handle.db)
      .catch(() => {});
  });

  it('enables and forces a policy on every tenant table', async () => {
    const tables = await sql<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean }>`
      select relname, relrowsecurity, relforcerowsecurity from pg_class
      where relnamespace = ${harness.schema!}::regnamespace and relkind = 'r'`.execute(harness.handle.db);
    const walled = new Set(
      tables.rows.filter((table) => table.relrowsecurity && table.relforcerowsecurity).map((table) => table.relname),
    );
    assert.deepEqual(
      [...TENANT_TABLES, ...CONTENT_CHUNK_TABLES, ...ROW_DAY_TABLES]
        .map(([table]) => table)
        .filter((table) => !walled.has(table)),
      [],
    );
  });

  it("shows a query that forgot its tenant filter only the declared tenant's rows", async () => {
    const unfiltered = (trx: Executor) => trx.selectFrom('transactions').select('tenant_id').execute();
    const seenByFirst = await asServiceRole(first.tenantId, unfiltered);
    assert.ok(seenByFirst.length > 0);
    assert.deepEqual(new Set(seenByFirst.map((row) => row.tenant_id)), new Set([first.tenantId]));
    const linesOfSecond = await asServiceRole(second.tenantId, (trx) =>
      trx.selectFrom('journal_lines').select('tenant_id').execute(),
    );
    assert.ok(linesOfSecond.length > 0);
    assert.deepEqual(new Set(linesOfSecond.map((row) => row.tenant_id)), new Set([second.tenantId]));
    // Without a declared tenant (the sweep's queue scan, the key lookup) every tenant's rows are there.
    const seenByService = await asServiceRole(null, unfiltered);
    assert.deepEqual(new Set(seenByService.map((row) => row.tenant_id)), new Set([first.tenantId, second.tenantId]));
  });

  it("declares its tenant for every statement of a tenant's handle, in a transaction or not, and never on the shared pool", async () => {
    const declared = (db: Executor) =>
      sql<{ tenant: string | null }>`select nullif(current_setting('app.tenant_id', true), '') as tenant`
        .execute(db)
        .then((result) => result.rows[0].tenant);
    const [firstHandle, secondHandle] = [first, second].map((tenant) => harness.handle.forTenant(tenant.tenantId));
    // Both tenants at once over the same few pooled connections: each statement runs under its own.
    const seen = await Promise.all(
      Array.from({ length: 24 }, (_, index) => declared((index % 2 === 0 ? firstHandle : secondHandle).readDb)),
    );
    assert.deepEqual(
      seen,
      Array.from({ length: 24 }, (_, index) => (index % 2 === 0 ? first.tenantId : second.tenantId)),
    );
    assert.equal(await firstHandle.db.transaction().execute(declared), first.tenantId);
    assert.equal(await declared(harness.handle.readDb), null);
    assert.equal(await declared(harness.handle.db), null);
    // As the service's role, in a transaction that set nothing itself, a query that forgot its filter
    // sees only the handle's tenant.
    const unfiltered = await secondHandle.db.transaction().execute(async (trx) => {
      await sql.raw(`set local role ${role}`).execute(trx);
      return trx.selectFrom('transactions').select('tenant_id').execute();
    });
    assert.ok(unfiltered.length > 0);
    assert.deepEqual(new Set(unfiltered.map((row) => row.tenant_id)), new Set([second.tenantId]));
  });

  it('keeps an unfiltered update or delete to the declared tenant, and refuses writing a row of another', async () => {
    const updated = await asServiceRole(first.tenantId, (trx) =>
      trx.updateTable('transactions').set({ needs_review: 1 }).executeTakeFirst(),
    );
    assert.equal(Number(updated.numUpdatedRows), 1);
    const deleted = await asServiceRole(first.tenantId, (trx) =>
      trx.deleteFrom('categorization_rules').executeTakeFirst(),
    );
    assert.equal(Number(deleted.numDeletedRows), 0);
    const [memory] = await harness.handle.db
      .selectFrom('merchant_memory')
      .selectAll()
      .where('tenant_id', '=', second.tenantId)
      .execute()
      .then((rows) =>
        rows.length > 0
          ? rows
          : harness.handle.db
              .selectFrom('entities')
              .select(['tenant_id', 'id as entity_id'])
              .where('tenant_id', '=', second.tenantId)
              .execute(),
      );
    await assert.rejects(
      asServiceRole(first.tenantId, (trx) =>
        trx
          .insertInto('merchant_memory')
          .values({
            tenant_id: second.tenantId,
            entity_id: memory.entity_id,
            merchant_key: 'probe',
            target: '6000',
            approvals: 1,
            updated_at: '2026-03-02T00:00:00.000Z',
          })
          .execute(),
      ),
      /row-level security/,
    );
    const rowsOfSecond = await harness.handle.db
      .selectFrom('transactions')
      .select('needs_review')
      .where('tenant_id', '=', second.tenantId)
      .execute();
    assert.equal(rowsOfSecond.length, 1);
  });
});
