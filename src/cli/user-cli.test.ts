import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../db/connection.ts';
import { verifyPassword } from '../people/passwords.ts';
import { confirmPasswordReset } from '../people/users.ts';
import { ON_POSTGRES, TARGET_DATABASE_URL } from '../../test/support/harness.ts';

/** `bookkeeping user …` as an administrator runs it: the package's bin, a real process, the same database. */
const bin = fileURLToPath(new URL('../../bin/bookkeeping.js', import.meta.url));
let env: NodeJS.ProcessEnv;
let cleanup: () => Promise<void>;
let handle: DatabaseHandle | undefined;

before(() => {
  if (ON_POSTGRES) {
    const schema = `cli_${randomBytes(5).toString('hex')}`;
    env = {
      ...process.env,
      DATABASE_URL: TARGET_DATABASE_URL,
      DATABASE_SCHEMA: schema,
      APP_URL: 'https://books.example.com',
    };
    cleanup = async () => {
      const admin = await openDatabase(TARGET_DATABASE_URL, { poolSize: 1 });
      await sql.raw(`drop schema if exists ${schema} cascade`).execute(admin.db);
      await admin.close();
    };
  } else {
    const directory = mkdtempSync(join(tmpdir(), 'bookkeeping-user-cli-'));
    env = { ...process.env, DATABASE_URL: `file:${join(directory, 'books.db')}`, APP_URL: 'https://books.example.com' };
    cleanup = async () => rmSync(directory, { recursive: true, force: true });
  }
});
after(async () => {
  await handle?.close();
  await cleanup();
});

async function database(): Promise<DatabaseHandle> {
  handle ??= await openDatabase(env.DATABASE_URL!, ON_POSTGRES ? { schema: env.DATABASE_SCHEMA, poolSize: 1 } : {});
  return handle;
}

interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

function run(args: string[], stdin?: string): Promise<CommandResult> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [bin, ...args], { env }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
    child.stdin?.end(stdin ?? '');
  });
}

function json({ code, stdout, stderr }: CommandResult) {
  assert.equal(code, 0, `exit ${code}: ${stderr}`);
  return JSON.parse(stdout.trim());
}

function failure(result: CommandResult, reason: RegExp) {
  assert.notEqual(result.code, 0);
  assert.equal(result.stdout, '');
  const error = JSON.parse(result.stderr.trim());
  assert.match(error.reason, reason);
  return error;
}

test('user add (password as option or on standard input), list, role, remove, reset-password', async () => {
  const { tenantId } = json(await run(['tenant', 'create', '--name', 'Acme LLC']));
  const owner = json(
    await run([
      'user',
      'add',
      '--tenant',
      tenantId,
      '--email',
      'Owner@Example.com',
      '--role',
      'owner',
      '--password',
      'owner password 1',
    ]),
  );
  assert.equal(owner.email, 'owner@example.com');
  assert.equal(owner.role, 'owner');
  const bookkeeper = json(
    await run(
      ['user', 'add', '--tenant', tenantId, '--email', 'books@example.com', '--role', 'bookkeeper'],
      'piped password 2\n',
    ),
  );
  assert.equal(bookkeeper.hasPassword, true);
  const stored = await (await database()).db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', bookkeeper.id)
    .executeTakeFirstOrThrow();
  assert.match(stored.password_hash!, /^\$argon2id\$/);
  assert.equal(
    await verifyPassword(stored.password_hash, 'piped password 2'),
    true,
    'the final line break is not part of the password',
  );
  assert.equal(await verifyPassword(stored.password_hash, 'piped password 2\n'), false);

  const listed = json(await run(['user', 'list', '--tenant', tenantId])).users;
  assert.deepEqual(
    listed.map((user: { email: string; role: string }) => [user.email, user.role]),
    [
      ['books@example.com', 'bookkeeper'],
      ['owner@example.com', 'owner'],
    ],
  );
  assert.ok(!JSON.stringify(listed).includes('argon2'), 'no hashes printed');

  failure(
    await run([
      'user',
      'add',
      '--tenant',
      tenantId,
      '--email',
      'books@example.com',
      '--role',
      'viewer',
      '--password',
      'whatever password',
    ]),
    /already a member/,
  );
  failure(
    await run([
      'user',
      'add',
      '--tenant',
      tenantId,
      '--email',
      'x@example.com',
      '--role',
      'admin',
      '--password',
      'whatever password',
    ]),
    /^role: one of owner, bookkeeper, viewer/,
  );
  failure(
    await run([
      'user',
      'add',
      '--tenant',
      tenantId,
      '--email',
      'not-an-email',
      '--role',
      'viewer',
      '--password',
      'whatever password',
    ]),
    /^email:/,
  );
  failure(
    await run([
      'user',
      'add',
      '--tenant',
      tenantId,
      '--email',
      'short@example.com',
      '--role',
      'viewer',
      '--password',
      'short',
    ]),
    /^password: at least 10/,
  );
  failure(await run(['user', 'remove', '--tenant', tenantId, '--email', 'owner@example.com']), /last owner/);
  failure(
    await run(['user', 'role', '--tenant', tenantId, '--email', 'owner@example.com', '--role', 'viewer']),
    /last owner/,
  );
  assert.equal(
    json(await run(['user', 'role', '--tenant', tenantId, '--email', 'books@example.com', '--role', 'viewer'])).role,
    'viewer',
  );

  const reset = json(await run(['user', 'reset-password', '--email', 'books@example.com']));
  assert.equal(reset.link, `https://books.example.com/reset-password#token=${reset.token}`);
  assert.ok(Date.parse(reset.expiresAt) > Date.now());
  await confirmPasswordReset(await database(), reset.token, 'a new password 3');
  const changed = await (await database()).db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', bookkeeper.id)
    .executeTakeFirstOrThrow();
  assert.equal(await verifyPassword(changed.password_hash, 'a new password 3'), true);
  failure(await run(['user', 'reset-password', '--email', 'nobody@example.com']), /not found/);

  assert.equal(
    json(await run(['user', 'remove', '--tenant', tenantId, '--email', 'books@example.com'])).email,
    'books@example.com',
  );
  assert.equal(json(await run(['user', 'list', '--tenant', tenantId])).users.length, 1);
});
