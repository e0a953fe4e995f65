import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createAccount, createHarness, push, type Harness } from '../../test/support/harness.ts';
import { fileObligation } from '../compliance/obligations.ts';
import { addRuleAndApply } from '../sweep/apply-rule.ts';
import { createTenantRule, deleteTenantRule } from '../sweep/categorize/tenant-rules.ts';
import { recategorize, removeTransaction } from '../sweep/correct.ts';
import { createApiKey, revokeApiKey } from '../tenancy/api-keys.ts';
import { updateEntityProfile } from '../tenancy/tenants.ts';
import { recordAudit, type RecordChange } from './audit.ts';

/**
 * A change and its audit entry are one transaction: when the entry cannot be stored, the change is
 * not made either (and when it is made, its entry is there). Each domain change that the API audits
 * is run with a recorder that fails after the change's own writes.
 */
let harness: Harness;
before(async () => {
  harness = await createHarness();
});
after(() => harness.close());

class AuditStoreDown extends Error {}
const failingRecorder: RecordChange = async () => {
  throw new AuditStoreDown('the audit entry could not be stored');
};

async function snapshot(tenantId: string) {
  const db = harness.handle.db;
  const count = async (table: 'journal_entries' | 'categorization_rules' | 'audit_log') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('tenant_id', '=', tenantId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    rows: await db
      .selectFrom('transactions')
      .select(['id', 'category_target', 'journal_entry_id', 'needs_review'])
      .where('tenant_id', '=', tenantId)
      .orderBy('id')
      .execute(),
    entries: await count('journal_entries'),
    rules: await count('categorization_rules'),
    audit: await count('audit_log'),
    keys: await db
      .selectFrom('api_keys')
      .select(['id', 'revoked_at'])
      .where('tenant_id', '=', tenantId)
      .orderBy('id')
      .execute(),
    entity: await db.selectFrom('entities').selectAll().where('tenant_id', '=', tenantId).execute(),
    obligations: await db
      .selectFrom('obligations')
      .select(['id', 'status'])
      .where('tenant_id', '=', tenantId)
      .orderBy('id')
      .execute(),
  };
}

test('a change whose audit entry cannot be stored is not made; with the entry, both are there', async () => {
  const tenant = await harness.newTenant('Atomic Audit LLC');
  await createAccount(tenant, 'atomic-chk');
  const pushed = await push(tenant, [
    {
      accountExternalId: 'atomic-chk',
      id: 'a-1',
      date: '2026-03-02',
      amount: 49.99,
      description: 'MONTHLY SERVICE FEE',
    },
    { accountExternalId: 'atomic-chk', id: 'a-2', date: '2026-03-03', amount: 12.5, description: 'ACME HARDWARE 0042' },
  ]);
  assert.equal(pushed.statusCode, 200, pushed.body);
  await harness.sweep();
  const rows = (await tenant.call('GET', '/v1/transactions?from=2026-03-01&to=2026-03-31')).json().data;
  const rule = (await tenant.call('POST', '/v1/rules', { pattern: 'SOME VENDOR', category: '6200' })).json().data;
  const obligations = (await tenant.call('GET', '/v1/obligations?limit=1')).json().data;
  assert.ok(obligations.length === 1, 'a new tenant has obligations');
  const handle = harness.handle;
  const settings = { reviewThreshold: harness.config.reviewThreshold };

  const changes: Array<[string, (recordChange: RecordChange) => Promise<unknown>]> = [
    [
      'recategorize',
      (record) => recategorize(handle, tenant.tenantId, rows[0].id, { category: '6080' }, settings, record),
    ],
    ['remove a row', (record) => removeTransaction(handle, tenant.tenantId, rows[1].id, undefined, record)],
    [
      'create a rule',
      (record) => createTenantRule(handle, tenant.tenantId, { pattern: 'OTHER', category: '6200' }, record),
    ],
    [
      'create a rule and apply it',
      (record) =>
        addRuleAndApply(handle, tenant.tenantId, { pattern: 'MONTHLY SERVICE FEE', category: '6080' }, 'all', {
          dryRun: false,
          reviewThreshold: settings.reviewThreshold,
          recordChange: record,
        }),
    ],
    ['delete a rule', (record) => deleteTenantRule(handle, tenant.tenantId, rule.id, record)],
    ['create a key', (record) => createApiKey(handle, tenant.tenantId, ['read'], 'atomic', record)],
    ['revoke a key', (record) => revokeApiKey(handle, tenant.keyId, tenant.tenantId, record)],
    ['file an obligation', (record) => fileObligation(handle, obligations[0].id, new Date(), tenant.tenantId, record)],
    [
      'update the entity',
      (record) =>
        updateEntityProfile(handle, tenant.tenantId, tenant.entityId, { legalName: 'Renamed LLC' }, undefined, record),
    ],
  ];
  for (const [name, change] of changes) {
    const before = await snapshot(tenant.tenantId);
    await assert.rejects(change(failingRecorder), AuditStoreDown, name);
    assert.deepEqual(await snapshot(tenant.tenantId), before, `${name}: nothing changed without its audit entry`);
  }
  // The same changes with a recorder that stores: each leaves its change and one more entry.
  for (const [name, change] of changes) {
    const before = await snapshot(tenant.tenantId);
    const recorded: string[] = [];
    await change(async (trx, entry) => {
      recorded.push(entry.action);
      await recordAudit(trx, tenant.tenantId, { type: 'user', id: 'test', label: null }, entry);
    });
    const afterwards = await snapshot(tenant.tenantId);
    assert.equal(recorded.length, 1, `${name}: one entry`);
    assert.equal(afterwards.audit, before.audit + 1, `${name}: the entry is stored`);
    assert.notDeepEqual({ ...afterwards, audit: 0 }, { ...before, audit: 0 }, `${name}: the change is made`);
  }
});
