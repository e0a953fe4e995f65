import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { createAccount, createHarness, push, type Harness, type TestTenant } from '../../test/support/harness.ts';
import { upload } from '../../test/support/statements.ts';
import { negotiate } from './content-negotiation.ts';

/**
 * What a client generated from /v1/openapi.json relies on, checked by walking the contract, and the
 * behaviour behind each statement checked through HTTP.
 */
let harness: Harness;
let acme: TestTenant;

interface Operation {
  operationId?: string;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema: { default?: unknown } }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
}
interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: unknown;
  items?: Schema;
  anyOf?: Schema[];
  contentMediaType?: string;
  format?: string;
}

let contract: { paths: Record<string, Record<string, Operation>> };
const operations = () =>
  Object.entries(contract.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  );

before(async () => {
  harness = await createHarness();
  acme = await harness.newTenant('Acme LLC');
  contract = (await harness.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
});
after(() => harness.close());

/** A URL for an operation, with its required query parameters and path ids filled in plausibly. */
function urlFor(path: string, operation: Operation, extra = ''): string {
  const samples: Record<string, string> = { from: '2026-01-01', to: '2026-01-31', asOf: '2026-01-31' };
  const query = (operation.parameters ?? [])
    .filter((parameter) => parameter.in === 'query' && parameter.required)
    .map((parameter) => `${parameter.name}=${samples[parameter.name] ?? 'x'}`);
  if (extra) query.push(extra);
  // A path parameter in the shape its schema asks (a UUID, or a key id of twelve characters).
  const pathValue = (name: string) => {
    const schema = operation.parameters?.find((parameter) => parameter.in === 'path' && parameter.name === name)
      ?.schema as { pattern?: string } | undefined;
    return schema?.pattern === '^[A-Za-z0-9_-]{12}$' ? 'AbCdEfGhIjKl' : randomUUID();
  };
  return `/v1${path.replace(/\{(\w+)\}/g, (_, name: string) => pathValue(name))}${query.length > 0 ? `?${query.join('&')}` : ''}`;
}

test('contract: every operation has a unique operationId', () => {
  const ids = operations().map(({ path, method, operation }) => {
    assert.match(operation.operationId ?? '', /^[a-z][A-Za-z0-9]+$/, `${method} ${path}`);
    return operation.operationId;
  });
  assert.ok(ids.length >= 20);
  assert.equal(new Set(ids).size, ids.length, 'operationIds are unique');
  assert.equal(contract.paths['/transactions'].get.operationId, 'getTransactions');
  assert.equal(contract.paths['/transactions/{id}'].patch.operationId, 'patchTransactionsById');
});

test('contract: limit, offset and every parameter with a default are optional, and leaving them out works', async () => {
  let seen = 0;
  for (const { path, method, operation } of operations()) {
    for (const parameter of operation.parameters ?? []) {
      if (parameter.schema.default === undefined) continue;
      seen++;
      assert.notEqual(parameter.required, true, `${method} ${path} ${parameter.name} has a default, so it is optional`);
    }
  }
  assert.ok(seen >= 10, 'limit and offset of every listing');
  const listed = await acme.call('GET', '/v1/transactions');
  assert.equal(listed.statusCode, 200);
  assert.deepEqual(listed.json().meta.pagination, { limit: 50, offset: 0, nextOffset: null });
});

test('contract: 413 is declared on every operation that takes a body, and happens there', async () => {
  const withBody = operations().filter(({ method }) => !['GET', 'HEAD'].includes(method));
  assert.ok(withBody.length >= 8);
  for (const { path, method, operation } of withBody)
    assert.ok(operation.responses['413'], `${method} ${path} declares 413`);
  const oversized = JSON.stringify({ category: '6200', reason: 'x'.repeat(6 * 1024 * 1024) });
  for (const url of [`/v1/transactions/${randomUUID()}`, `/v1/obligations/${randomUUID()}/confirm`]) {
    const method = url.includes('confirm') ? 'POST' : 'PATCH';
    const response = await acme.call(method, url, oversized, { 'content-type': 'application/json' });
    assert.equal(response.statusCode, 413, `${method} ${url}`);
    assert.equal(response.json().error, 'payload_too_large');
  }
});

test('contract: the upload part `file` is binary content (contentMediaType), not text', () => {
  const body = contract.paths['/bank-statements'].post.requestBody!.content['multipart/form-data'].schema;
  assert.equal(body.properties!.file.contentMediaType, 'application/octet-stream');
  assert.equal(body.properties!.file.format, undefined);
});

test('contract: unknown query parameters and body fields are refused with 400 naming them, on every operation', async () => {
  // A key with every scope, so the owners' operations are reached too.
  const everyScope = { authorization: `Bearer ${await acme.keyWith(['read', 'write', 'admin'])}` };
  for (const { path, method, operation } of operations()) {
    const response = await acme.call(
      method,
      urlFor(path, operation, 'zzUnknown=1'),
      method === 'GET' || method === 'DELETE' ? undefined : {},
      everyScope,
    );
    assert.equal(response.statusCode, 400, `${method} ${path}: ${response.body}`);
    if (method === 'GET' || method === 'DELETE')
      assert.match(response.json().reason, /^zzUnknown: unknown query parameter/, `${method} ${path}`);
  }
  // Every JSON body schema admits no field it does not name, down to nested rows.
  const open: string[] = [];
  const walk = (schema: Schema | undefined, where: string) => {
    if (!schema) return;
    if (schema.type === 'object' && schema.properties) {
      if (schema.additionalProperties !== false) open.push(where);
      for (const [name, property] of Object.entries(schema.properties)) walk(property, `${where}.${name}`);
    }
    walk(schema.items, `${where}[]`);
    for (const branch of schema.anyOf ?? []) walk(branch, where);
  };
  for (const { path, method, operation } of operations())
    walk(operation.requestBody?.content['application/json']?.schema, `${method} ${path}`);
  assert.deepEqual(open, []);

  await createAccount(acme, 'chk');
  const row = { accountExternalId: 'chk', id: 'r1', date: '2026-03-02', amount: 10, description: 'FEE' };
  const nested = await push(acme, [{ ...row, memo: 'typo field' }]);
  assert.equal(nested.statusCode, 400);
  assert.match(
    nested.json().reason,
    /^transactions\[0\]\.memo: unknown field; the fields here are accountExternalId, id, date/,
  );
  const topLevel = await acme.call('POST', '/v1/transactions', {
    institutionName: 'Test Bank',
    transactions: [row],
    dryRun: true,
  });
  assert.match(topLevel.json().reason, /^dryRun: unknown field/);
  assert.equal(
    (await acme.call('GET', '/v1/transactions?from=2026-01-01&to=2026-12-31')).json().data.length,
    0,
    'a refused request changed nothing',
  );
  const misspelt = await acme.call('GET', '/v1/transactions?needReview=true');
  assert.equal(misspelt.statusCode, 400);
  assert.match(
    misspelt.json().reason,
    /^needReview: unknown query parameter; the query parameters here are .*needsReview/,
  );
  assert.equal((await push(acme, [row])).statusCode, 200, 'the same request without the stray field goes through');
});

test('contract: multipart uploads keep their own field rules (a stray part is refused, the known ones accepted)', async () => {
  const csv = Buffer.from('Date,Description,Amount,Currency,Balance\n2026-02-01,Opening deposit,2000.00,USD,2000.00\n');
  const accepted = await upload(
    harness,
    acme.key,
    { bytes: csv, filename: 'feb.csv', contentType: 'text/csv' },
    { openingBalance: '0', closingBalance: '2000' },
  );
  assert.equal(accepted.statusCode, 202, accepted.body);
  const stray = await upload(
    harness,
    acme.key,
    { bytes: csv, filename: 'feb.csv', contentType: 'text/csv' },
    { note: 'x' },
  );
  assert.equal(stray.statusCode, 400);
  assert.match(stray.json().reason, /^note: unknown field/);
});

test('Accept: every report answers CSV when asked, JSON by default, and 406 for what it cannot give', async () => {
  const reports = operations().filter(({ path }) => path.startsWith('/reports/'));
  assert.ok(reports.length >= 5, 'trial balance, P&L, balance sheet, cash flow, general ledger');
  for (const { path, operation } of reports) {
    assert.ok(operation.responses['200'].content?.['text/csv'], `${path} declares text/csv`);
    assert.ok(operation.responses['406'], `${path} declares 406`);
    const url = urlFor(path, operation);
    const csv = await acme.call('GET', url, undefined, { accept: 'text/csv' });
    assert.equal(csv.statusCode, 200, `${path}: ${csv.body}`);
    assert.match(String(csv.headers['content-type']), /^text\/csv/, path);
    assert.match(String(csv.headers['content-disposition']), /^attachment; filename=".+\.csv"$/, path);
    const json = await acme.call('GET', url, undefined, { accept: '*/*' });
    assert.match(String(json.headers['content-type']), /^application\/json/, path);
    const refused = await acme.call('GET', url, undefined, { accept: 'application/pdf' });
    assert.equal(refused.statusCode, 406, path);
    assert.equal(refused.json().error, 'not_acceptable');
    assert.match(refused.json().reason, /application\/json or text\/csv/);
  }
  const trialBalance = await acme.call('GET', '/v1/reports/trial-balance?asOf=2026-12-31', undefined, {
    accept: 'text/csv',
  });
  assert.equal(trialBalance.body.split('\n')[0], 'accountNumber,name,category,debit,credit,balance');
  // An endpoint that only has JSON says so too.
  assert.equal((await acme.call('GET', '/v1/entities', undefined, { accept: 'text/csv' })).statusCode, 406);
  assert.equal(
    (await acme.call('GET', '/v1/entities', undefined, { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }))
      .statusCode,
    200,
    'a browser gets JSON',
  );
});

test('content negotiation: highest quality wins; a named type beats a wildcard; a tie goes to JSON', () => {
  const both = ['application/json', 'text/csv'] as const;
  assert.equal(negotiate(undefined, both), 'application/json');
  assert.equal(negotiate('text/csv', both), 'text/csv');
  assert.equal(negotiate('text/csv, */*', both), 'text/csv');
  assert.equal(negotiate('text/*', both), 'text/csv');
  assert.equal(negotiate('application/json;q=0.5, text/csv', both), 'text/csv');
  assert.equal(negotiate('*/*', both), 'application/json');
  assert.equal(negotiate('application/json, text/csv', both), 'application/json');
  assert.equal(negotiate('text/csv;q=0.2, application/json;q=0.9', both), 'application/json');
  assert.equal(negotiate('text/csv;q=abc', both), 'application/json', 'a malformed range is ignored');
  assert.equal(negotiate('image/png', both), undefined);
  assert.equal(negotiate('text/csv;q=0, application/json;q=0', both), undefined);
  assert.equal(negotiate('text/csv', ['application/json']), undefined);
});
