import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase } from '../db/connection.ts';
import { ON_POSTGRES, TARGET_DATABASE_URL } from '../../test/support/harness.ts';

/**
 * The admin command line as a user runs it: the package's bin, a real process, the same
 * DATABASE_URL (a temporary SQLite file, or a PostgreSQL schema of its own through DATABASE_SCHEMA).
 */
const bin = fileURLToPath(new URL('../../bin/bookkeeping.js', import.meta.url));
let env: NodeJS.ProcessEnv;
let cleanup: () => Promise<void>;

before(() => {
  if (ON_POSTGRES) {
    const schema = `cli_${randomBytes(5).toString('hex')}`;
    env = { ...process.env, DATABASE_URL: TARGET_DATABASE_URL, DATABASE_SCHEMA: schema };
    cleanup = async () => {
      const handle = await openDatabase(TARGET_DATABASE_URL, { poolSize: 1 });
      await sql.raw(`drop schema if exists ${schema} cascade`).execute(handle.db);
      await handle.close();
    };
  } else {
    const directory = mkdtempSync(join(tmpdir(), 'bookkeeping-cli-'));
    env = { ...process.env, DATABASE_URL: `file:${join(directory, 'books.db')}` };
    cleanup = async () => rmSync(directory, { recursive: true, force: true });
  }
});
after(() => cleanup());

interface CommandResult {
  code: number;
  signal: string | null;
  stdout: string;
  stderr: string;
}

function run(...args: string[]): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { env }, (error, stdout, stderr) => {
      resolve({
        code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
        signal: error?.signal ?? null,
        stdout,
        stderr,
      });
    });
  });
}

/** The one JSON object a successful command prints; a failure shows its stderr. */
function json({ code, signal, stdout, stderr }: CommandResult) {
  assert.equal(code, 0, `exit ${code}${signal ? ` (${signal})` : ''}: ${stderr}`);
  const lines = stdout.trim().split('\n');
  assert.equal(lines.length, 1, `one JSON object on stdout, got: ${stdout}`);
  return JSON.parse(lines[0]);
}

test('tenant create, entity add, key create/list/revoke print one JSON object each', async () => {
  const created = await run(
    'tenant',
    'create',
    '--name',
    'Acme LLC',
    '--entity-type',
    'llc',
    '--state',
    'DE',
    '--tax-id',
    '12-3456789',
  );
  const { tenantId, entityId } = json(created);
  assert.match(tenantId, /^[0-9a-f-]{36}$/);
  assert.match(entityId, /^[0-9a-f-]{36}$/);

  const added = await run('entity', 'add', '--tenant', tenantId, '--name', 'Acme Holdings', '--entity-type', 'c_corp');
  assert.notEqual(json(added).entityId, entityId);

  const key = await run('key', 'create', '--tenant', tenantId, '--scopes', 'read,write', '--name', 'laptop');
  const createdKey = json(key);
  assert.deepEqual(createdKey.scopes, ['read', 'write']);
  assert.match(createdKey.key, /^bk_/);

  const listed = json(await run('key', 'list', '--tenant', tenantId));
  assert.equal(listed.keys.length, 1);
  assert.equal(listed.keys[0].id, createdKey.id);
  assert.equal(listed.keys[0].name, 'laptop');
  const secret = createdKey.key.slice(`bk_${createdKey.id}_`.length);
  assert.ok(secret.length >= 40 && !JSON.stringify(listed).includes(secret), 'the secret is never shown again');

  const revoked = await run('key', 'revoke', createdKey.id);
  assert.ok(json(revoked).revokedAt);
  assert.ok(json(await run('key', 'list', '--tenant', tenantId)).keys[0].revokedAt);
});

test("the entity's industry is stated at creation, changed and cleared by update", async () => {
  const created = await run('tenant', 'create', '--name', 'Rosa Tacos LLC', '--industry', 'food_service');
  const { tenantId, entityId } = json(created);
  const changed = await run('entity', 'update', entityId, '--tenant', tenantId, '--industry', 'retail');
  assert.equal(json(changed).industry, 'retail');
  const renamed = await run('entity', 'update', entityId, '--tenant', tenantId, '--name', 'Rosa Tacos & Market LLC');
  assert.equal(json(renamed).industry, 'retail', 'an update without --industry keeps it');
  const cleared = await run('entity', 'update', entityId, '--tenant', tenantId, '--industry', '');
  assert.equal(json(cleared).industry, null);
});

test('errors go to stderr as {error, reason} with a non-zero exit, and nothing on stdout', async () => {
  const cases: Array<[string[], RegExp]> = [
    [['tenant', 'create', '--name', 'X', '--entity-type', 'gmbh'], /entity-type/],
    [['tenant', 'create', '--name', 'X', '--tax-id', '12'], /tax-id/],
    [['tenant', 'create', '--name', 'X', '--industry', 'wizardry'], /industry/],
    [['key', 'create', '--tenant', '00000000-0000-4000-8000-000000000000', '--scopes', 'read'], /not found/],
    [['key', 'create', '--tenant', '00000000-0000-4000-8000-000000000000', '--scopes', 'superuser'], /scope/],
    [['key', 'revoke', 'nope'], /not found/],
    [['tenant', 'create', '--name', 'X', '--formed-on', '0000-01-01'], /^formed-on: .*from 1900-01-01 to 2199-12-31/],
    [
      ['obligation', 'list', '--tenant', '00000000-0000-4000-8000-000000000000', '--from', '9999-12-31'],
      /^from: .*from 1900-01-01 to 2199-12-31/,
    ],
  ];
  const results = await Promise.all(cases.map(([args]) => run(...args)));
  for (const [index, [args, reason]] of cases.entries()) {
    const result = results[index];
    assert.notEqual(result.code, 0, args.join(' '));
    assert.equal(result.stdout, '');
    const error = JSON.parse(result.stderr.trim());
    assert.ok(error.error);
    assert.match(error.reason, reason);
  }
  const missing = await run('tenant', 'create');
  assert.notEqual(missing.code, 0);
  assert.match(missing.stderr, /--name/);
});

test('entity update takes --entity as the README shows (or the id as an argument), and refuses two different ids', async () => {
  const { tenantId, entityId } = json(await run('tenant', 'create', '--name', 'Flag LLC'));
  assert.equal(
    json(await run('entity', 'update', '--tenant', tenantId, '--entity', entityId, '--industry', 'retail')).industry,
    'retail',
  );
  assert.equal(
    json(await run('entity', 'update', entityId, '--tenant', tenantId, '--industry', 'construction')).industry,
    'construction',
  );
  const both = await run(
    'entity',
    'update',
    entityId,
    '--tenant',
    tenantId,
    '--entity',
    '00000000-0000-4000-8000-000000000000',
    '--industry',
    'retail',
  );
  assert.notEqual(both.code, 0);
  assert.match(JSON.parse(both.stderr.trim()).reason, /differ/);
  const none = await run('entity', 'update', '--tenant', tenantId, '--industry', 'retail');
  assert.notEqual(none.code, 0);
  assert.match(JSON.parse(none.stderr.trim()).reason, /--entity/);
  // The README's table shows the same form the command accepts.
  const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');
  assert.match(readme, /`entity update --tenant ID --entity ID /);
});

test('usage errors (unknown option or command, missing option or subcommand) are {error, reason} JSON on stderr with exit 2', async () => {
  const cases: Array<[string[], RegExp]> = [
    [['tenant', 'create'], /--name/],
    [['tenant', 'create', '--name', 'X', '--colour', 'blue'], /unknown option '--colour'/],
    [['tenant', 'frobnicate'], /unknown command 'frobnicate'|subcommand/],
    [['nonsense'], /unknown command 'nonsense'/],
    [['key'], /subcommand is missing; see bookkeeping key --help/],
    [['obligation', 'list', '--tenant', 'x', '--limit', 'lots'], /--limit/],
  ];
  const results = await Promise.all(cases.map(([args]) => run(...args)));
  for (const [index, [args, reason]] of cases.entries()) {
    const result = results[index];
    assert.equal(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
    assert.equal(result.stdout, '');
    const lines = result.stderr.trim().split('\n');
    assert.equal(lines.length, 1, `only the JSON on stderr: ${result.stderr}`);
    const error = JSON.parse(lines[0]);
    assert.equal(error.error, 'invalid_usage', args.join(' '));
    assert.match(error.reason, reason, args.join(' '));
  }
  const help = await run('--help');
  assert.equal(help.code, 0);
  assert.match(help.stdout, /Usage: bookkeeping/);
});

test('a second instance on a taken SMTP or HTTP port says which port and how to change it, and exits', async () => {
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const takenPort = (holder.address() as AddressInfo).port;
  try {
    const serve = (extra: NodeJS.ProcessEnv) =>
      new Promise<CommandResult>((resolve) => {
        execFile(
          process.execPath,
          [bin, 'serve', '--no-worker'],
          { env: { ...env, HOST: '127.0.0.1', ...extra }, timeout: 120_000 },
          (error, stdout, stderr) => {
            resolve({
              code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
              signal: error?.signal ?? null,
              stdout,
              stderr,
            });
          },
        );
      });
    const smtp = await serve({ PORT: '0', SMTP_PORT: String(takenPort) });
    assert.equal(smtp.signal, null, 'it exits by itself');
    assert.equal(smtp.code, 1);
    const smtpError = JSON.parse(smtp.stderr.trim().split('\n').at(-1)!);
    assert.equal(smtpError.error, 'port_in_use');
    assert.match(
      smtpError.reason,
      new RegExp(
        `^SMTP_PORT ${takenPort}: 127\\.0\\.0\\.1:${takenPort}.* already in use.*set SMTP_PORT to a free port, or SMTP_PORT=0`,
      ),
    );
    assert.doesNotMatch(smtp.stderr, /\n\s+at /, 'no stack trace');
    const http = await serve({ PORT: String(takenPort), SMTP_PORT: '0' });
    assert.equal(http.code, 1);
    assert.match(
      JSON.parse(http.stderr.trim().split('\n').at(-1)!).reason,
      new RegExp(`^PORT ${takenPort}: .*set PORT to a free port`),
    );
  } finally {
    holder.close();
  }
});

test('connection add, list, sync and remove: a SimpleFIN login through the command line, its secret never printed', async () => {
  const { FakeSimplefinServer, unix } = await import('../../test/support/fake-simplefin-server.ts');
  const bridge = await new FakeSimplefinServer().start();
  const today = new Date().toISOString().slice(0, 10);
  bridge.accounts.push({
    org: { domain: 'cu.example', name: 'Cli Credit Union', 'sfin-url': `${bridge.url}/simplefin` },
    id: 'A1',
    name: 'Checking 7788',
    currency: 'USD',
    balance: '100.00',
    'balance-date': unix(today),
    transactions: [{ id: 'x1', posted: unix(today) - 86_400, amount: '-12.50', description: 'COFFEE ROASTERS' }],
  });
  const feedEnv = { ...env, BOOKKEEPING_SECRET_KEY: 'c3'.repeat(32) };
  const runWithKey = (...args: string[]) =>
    new Promise<CommandResult>((resolve) => {
      execFile(process.execPath, [bin, ...args], { env: feedEnv }, (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
          signal: error?.signal ?? null,
          stdout,
          stderr,
        }),
      );
    });
  try {
    const { tenantId } = json(
      await runWithKey('tenant', 'create', '--name', 'Feed Cli LLC', '--state', 'DE', '--tax-id', '12-3456789'),
    );
    const added = await runWithKey(
      'connection',
      'add',
      '--tenant',
      tenantId,
      '--provider',
      'simplefin',
      '--setup-token',
      bridge.setupToken(),
    );
    const connection = json(added);
    assert.equal(connection.institutionName, 'Cli Credit Union');
    assert.ok(!added.stdout.includes('@127.0.0.1'), 'the access URL is not printed');
    const synced = json(await runWithKey('connection', 'sync', connection.id, '--tenant', tenantId));
    assert.equal(synced.outcome.status, 'ok');
    assert.equal(synced.outcome.counts.added, 1);
    assert.equal(synced.connection.status, 'ok');
    const listed = json(await runWithKey('connection', 'list', '--tenant', tenantId));
    assert.equal(listed.connections.length, 1);
    assert.ok(listed.connections[0].lastSyncedAt);
    assert.deepEqual(json(await runWithKey('connection', 'remove', connection.id, '--tenant', tenantId)), {
      id: connection.id,
      removed: true,
    });
    const gone = await runWithKey('connection', 'sync', connection.id, '--tenant', tenantId);
    assert.notEqual(gone.code, 0);
    assert.equal(JSON.parse(gone.stderr.trim()).error, 'not_found');
  } finally {
    await bridge.close();
  }
});
