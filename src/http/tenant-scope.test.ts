/**
 * Routes reach a tenant's data through the request's TenantScope only: a handler that read the
 * principal's tenant id (or minted a TenantId) could hand any id to a store. This test reads the
 * route files, so such a line fails here before it ever runs; and it checks that a scope's stores
 * answer for its own tenant alone.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createAccount, createHarness, push, type Harness, type TestTenant } from '../../test/support/harness.ts';
import { authenticate } from '../tenancy/api-keys.ts';
import { tenantScope } from './tenant-scope.ts';

const ROUTES = fileURLToPath(new URL('./routes/', import.meta.url));

/** Where a piece of source takes a tenant id other than from its TenantScope, each with its line. */
export function tenantIdsTakenIn(source: string): Array<{ line: number; text: string }> {
  const patterns = [
    /\bprincipal\??\.tenantId\b/g,
    /\bprincipal\??\[\s*['"]tenantId['"]\s*\]/g,
    /\{[^{}]*\btenantId\b[^{}]*\}\s*=\s*[\w.?]*\bprincipal\b/g,
    /\btrustedTenantId\s*\(/g,
  ];
  return patterns.flatMap((pattern) =>
    [...source.matchAll(pattern)].map((match) => ({
      line: source.slice(0, match.index).split('\n').length,
      text: match[0],
    })),
  );
}

describe('routes take the tenant from the request scope', () => {
  it('the scan sees each way of taking the id', () => {
    const taken = (source: string) => tenantIdsTakenIn(source).map((found) => found.text);
    assert.deepEqual(taken('await listRules(db, request.principal.tenantId);'), ['principal.tenantId']);
    assert.deepEqual(taken('const id = request.principal?.tenantId;'), ['principal?.tenantId']);
    assert.deepEqual(taken("f(request.principal['tenantId'])"), ["principal['tenantId']"]);
    assert.deepEqual(taken('const { tenantId, scopes } = request.principal;'), [
      '{ tenantId, scopes } = request.principal',
    ]);
    assert.deepEqual(taken('const id = trustedTenantId(request.params.id);'), ['trustedTenantId(']);
    assert.deepEqual(taken('await request.tenant.rules.list(); request.principal.actorLabel;'), []);
  });

  it('no route file reads the principal’s tenant id or makes a TenantId', () => {
    const files = readdirSync(ROUTES).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
    assert.ok(files.length >= 10, `read the route files (${files.length})`);
    const offences = files.flatMap((name) =>
      tenantIdsTakenIn(readFileSync(join(ROUTES, name), 'utf8')).map(
        (found) => `routes/${name}:${found.line}: ${found.text} (use request.tenant)`,
      ),
    );
    assert.deepEqual(offences, []);
  });
});

describe('a tenant scope', () => {
  let harness: Harness;
  let acme: TestTenant;
  let globex: TestTenant;
  before(async () => {
    harness = await createHarness();
    acme = await harness.newTenant('Acme LLC');
    globex = await harness.newTenant('Globex Inc');
  });
  after(() => harness.close());

  const scopeOf = async (tenant: TestTenant) => {
    const principal = await authenticate(harness.handle, tenant.key);
    assert.ok(principal, 'the test key authenticates');
    return tenantScope(harness.handle, principal, () => {
      throw new Error('no feeds in this test');
    });
  };

  it('finds its own tenant’s rows and none of another’s', async () => {
    const [acmeAccount, globexAccount] = [await createAccount(acme, 'chk'), await createAccount(globex, 'chk')];
    for (const tenant of [acme, globex])
      await push(tenant, [
        { accountExternalId: 'chk', id: 'r1', date: '2026-03-02', amount: 12.5, description: 'FEE' },
      ]);
    const [acmeScope, globexScope] = [await scopeOf(acme), await scopeOf(globex)];
    const globexRow = (await globexScope.bankRows.list({ limit: 10, offset: 0 }))[0];
    assert.ok(globexRow, 'Globex has its row');

    assert.equal(acmeScope.tenantId, acme.tenantId);
    assert.equal(await acmeScope.bankRows.find(globexRow.id), undefined);
    assert.deepEqual(
      (await acmeScope.bankRows.list({ limit: 10, offset: 0 })).map((row) => row.bankAccountId),
      [acmeAccount.id],
    );
    assert.equal(await acmeScope.bankAccounts.exists(globexAccount.id), false);
    assert.equal(await acmeScope.bankAccounts.exists(acmeAccount.id), true);
    assert.deepEqual(
      (await acmeScope.entities.list()).map((entity) => entity.id),
      [acme.entityId],
    );
    assert.equal(await acmeScope.entities.find(globex.entityId), undefined);
    assert.equal((await acmeScope.settings.find())?.name, 'Acme LLC');
  });
});
