import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';
import nodemailer from 'nodemailer';
import pino from 'pino';
import { camt, month } from '../../../test/fixtures/statements/pipeline.ts';
import { createHarness, type Harness, type TestTenant } from '../../../test/support/harness.ts';
import { processStatements, upload } from '../../../test/support/statements.ts';
import { inboxAddress } from './inbox.ts';
import { startInboxListener, type InboxListener } from './smtp.ts';
import { inboxTlsCertificate } from './smtp-tls.ts';
import { listUploads, receiveStatement } from './uploads.ts';
import { migrateToLatest, openDatabase } from '../../db/connection.ts';
import { createTenant } from '../../tenancy/tenants.ts';

const DOMAIN = 'inbox.test';
let harness: Harness;
let acme: TestTenant;
let globex: TestTenant;
let listener: InboxListener;
let received = 0;
const tlsDirectory = mkdtempSync(join(tmpdir(), 'bookkeeping-smtp-tls-'));

before(async () => {
  harness = await createHarness();
  acme = await harness.newTenant('Acme LLC');
  globex = await harness.newTenant('Globex Inc');
  const tls = await inboxTlsCertificate({ certFile: null, keyFile: null, selfSignedDirectory: tlsDirectory }, DOMAIN);
  listener = await startInboxListener(
    harness.handle,
    { host: '127.0.0.1', port: 0, domain: DOMAIN, tls },
    () => received++,
    pino({ level: 'silent' }),
  );
});
after(async () => {
  await listener.close();
  await harness.close();
  rmSync(tlsDirectory, { recursive: true, force: true });
});

const transport = () =>
  nodemailer.createTransport({ host: '127.0.0.1', port: listener.port, secure: false, ignoreTLS: true });
const april = month({
  accountNumber: '6600001234',
  periodStart: '2026-04-01',
  periodEnd: '2026-04-30',
  openingMinor: 20_000,
  lines: [
    { date: '2026-04-02', description: 'MONTHLY SERVICE FEE', amountMinor: 1_500 },
    { date: '2026-04-20', description: 'INVOICE 7 PAID', amountMinor: -40_000 },
  ],
});

const may = month({
  accountNumber: '6600005555',
  periodStart: '2026-05-01',
  periodEnd: '2026-05-31',
  openingMinor: 10_000,
  lines: [{ date: '2026-05-03', description: 'MONTHLY SERVICE FEE', amountMinor: 1_500 }],
});
const june = month({
  accountNumber: '6600007777',
  periodStart: '2026-06-01',
  periodEnd: '2026-06-30',
  openingMinor: 30_000,
  lines: [{ date: '2026-06-09', description: 'INVOICE 9 PAID', amountMinor: -2_500 }],
});

test('each tenant has one stable, unguessable inbox address on the configured domain', async () => {
  const first = await inboxAddress(harness.handle, acme.tenantId, DOMAIN);
  assert.match(first.address, /^st-[a-z2-7]{20}@inbox\.test$/);
  assert.deepEqual(await inboxAddress(harness.handle, acme.tenantId, DOMAIN), first);
  assert.notEqual((await inboxAddress(harness.handle, globex.tenantId, DOMAIN)).address, first.address);
  await assert.rejects(inboxAddress(harness.handle, '00000000-0000-4000-8000-000000000000', DOMAIN), /not found/);
});

test('a forwarded statement arrives over a real SMTP session: every attachment is an upload of its own, read like any upload', async () => {
  const { address } = await inboxAddress(harness.handle, acme.tenantId, DOMAIN);
  const info = await transport().sendMail({
    from: 'owner@example.com',
    to: address.toUpperCase(),
    subject: 'Fwd: your April statement',
    text: 'See attached.',
    attachments: [
      { filename: 'april.xml', content: camt(april), contentType: 'application/xml' },
      {
        filename: 'notes.docx',
        content: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('word/document.xml')]),
      },
    ],
  });
  assert.deepEqual(info.rejected, []);
  assert.match(info.response, /^250 .*2 attachment\(s\) received/);
  assert.equal(received, 1, 'the worker was nudged');

  const uploads = await listUploads(harness.handle, acme.tenantId);
  assert.equal(uploads.length, 2);
  assert.ok(uploads.every((upload) => upload.source === 'email'));
  const documentIds = uploads.map((upload) => upload.documentId);
  assert.ok(
    documentIds.every((id) => info.response.includes(id)),
    'the SMTP answer names each documentId',
  );
  const docx = uploads.find((upload) => upload.filename === 'notes.docx')!;
  assert.equal(docx.status, 'rejected', 'a file the service cannot read is kept and marked, not lost');
  assert.equal(docx.rejection!.reason, 'document_unreadable');

  await processStatements(harness);
  const statement = (
    await acme.call(
      'GET',
      `/v1/bank-statements/${uploads.find((upload) => upload.filename === 'april.xml')!.documentId}`,
    )
  ).json().data;
  assert.equal(statement.status, 'ingested');
  assert.equal(statement.source, 'email');
  assert.equal(statement.statement.closingBalance, 585);
  assert.deepEqual(await listUploads(harness.handle, globex.tenantId), [], 'the other tenant received nothing');
});

test('mail to unknown addresses is refused at RCPT; a message without attachment is refused at DATA', async () => {
  const { address } = await inboxAddress(harness.handle, globex.tenantId, DOMAIN);
  const unknown = transport().sendMail({
    from: 'a@example.com',
    to: `st-aaaaaaaaaaaaaaaaaaaa@${DOMAIN}`,
    text: 'x',
    attachments: [{ filename: 'a.xml', content: camt(april) }],
  });
  await assert.rejects(
    unknown,
    (error: { code?: string; responseCode?: number; rejected?: string[] }) =>
      error.code === 'EENVELOPE' && error.responseCode === 550,
  );
  const otherDomain = transport().sendMail({
    from: 'a@example.com',
    to: address.replace(DOMAIN, 'elsewhere.test'),
    text: 'x',
    attachments: [{ filename: 'a.xml', content: camt(april) }],
  });
  await assert.rejects(otherDomain, (error: { responseCode?: number }) => error.responseCode === 550);
  const bare = transport().sendMail({ from: 'a@example.com', to: address, text: 'statement is in the body' });
  await assert.rejects(bare, (error: { responseCode?: number }) => error.responseCode === 554);
  assert.deepEqual(await listUploads(harness.handle, globex.tenantId), []);

  // One known and one unknown recipient: the known one gets the mail.
  const mixed = await transport().sendMail({
    from: 'a@example.com',
    to: [address, `nobody@${DOMAIN}`],
    text: 'x',
    attachments: [{ filename: 'a.xml', content: camt(april) }],
  });
  assert.deepEqual(mixed.rejected, [`nobody@${DOMAIN}`]);
  assert.equal((await listUploads(harness.handle, globex.tenantId)).length, 1);
});

test('STARTTLS is offered and used; the self-signed certificate is made once and kept owner-only', async () => {
  const { address } = await inboxAddress(harness.handle, acme.tenantId, DOMAIN);
  // requireTLS: the client refuses to send unless the session was upgraded with STARTTLS.
  const secure = nodemailer.createTransport({
    host: '127.0.0.1',
    port: listener.port,
    secure: false,
    requireTLS: true,
    tls: { rejectUnauthorized: false, servername: DOMAIN },
  });
  const info = await secure.sendMail({
    from: 'owner@example.com',
    to: address,
    text: 'x',
    attachments: [{ filename: 'may.xml', content: camt(may) }],
  });
  assert.match(info.response, /^250 .*1 attachment\(s\) received/);

  for (const file of ['smtp-tls-key.pem', 'smtp-tls-cert.pem'])
    assert.equal(statSync(join(tlsDirectory, file)).mode & 0o777, 0o600, `${file} is readable by its owner only`);
  const again = await inboxTlsCertificate({ certFile: null, keyFile: null, selfSignedDirectory: tlsDirectory }, DOMAIN);
  assert.equal(
    again.cert,
    (
      await inboxTlsCertificate(
        {
          certFile: join(tlsDirectory, 'smtp-tls-cert.pem'),
          keyFile: join(tlsDirectory, 'smtp-tls-key.pem'),
          selfSignedDirectory: '/nonexistent',
        },
        DOMAIN,
      )
    ).cert,
    'the next start reuses the pair; configured files are read as given',
  );
  assert.match(again.cert, /^-----BEGIN CERTIFICATE-----/);
});

test('a resent e-mail stores no attachment twice; an upload of the same bytes answers the document while it waits', async () => {
  const tenant = await harness.newTenant('Resent LLC');
  const { address } = await inboxAddress(harness.handle, tenant.tenantId, DOMAIN);
  const message = {
    from: 'owner@example.com',
    to: address,
    subject: 'June',
    text: 'x',
    attachments: [{ filename: 'june.xml', content: camt(june) }],
  };
  const first = await transport().sendMail(message);
  assert.match(first.response, /1 attachment\(s\) received/);
  const nudges = received;
  const resent = await transport().sendMail({ ...message, subject: 'Fwd: June' });
  assert.match(resent.response, /0 attachment\(s\) received as upload\(s\) ; 1 already received as [0-9a-f-]{36}/);
  assert.equal(received, nudges, 'nothing new, no nudge');
  const [stored] = await listUploads(harness.handle, tenant.tenantId);
  assert.ok(resent.response.includes(stored.documentId));

  // Through the API, while it waits to be read: the same bytes without hints are that document.
  const file = { filename: 'june.xml', bytes: camt(june), contentType: 'application/xml' };
  const retried = await upload(harness, tenant.key, file);
  assert.equal(retried.statusCode, 202, retried.body);
  assert.deepEqual(retried.json().data, { documentId: stored.documentId, status: 'processing', duplicate: true });
  assert.equal((await listUploads(harness.handle, tenant.tenantId)).length, 1);

  // Once read, a resent mail is still a duplicate; an upload asks for another reading.
  await processStatements(harness);
  const late = await transport().sendMail({ ...message, subject: 'Re: June' });
  assert.match(late.response, new RegExp(`1 already received as ${stored.documentId}`));
  const again = await upload(harness, tenant.key, file);
  assert.equal(again.json().data.duplicate, false);
  assert.notEqual(again.json().data.documentId, stored.documentId);
  const withHint = await upload(harness, tenant.key, file, { kind: 'savings' });
  assert.equal(withHint.json().data.duplicate, false, 'read with other hints, it is another reading');
  assert.equal((await listUploads(harness.handle, tenant.tenantId)).length, 3);
});

const run = promisify(execFile);
const cli = async (databaseUrl: string, ...args: string[]) =>
  JSON.parse(
    (
      await run(process.execPath, ['bin/bookkeeping.js', ...args], {
        env: { ...process.env, DATABASE_URL: databaseUrl, INBOX_DOMAIN: 'mail.example.com' },
      })
    ).stdout,
  );

test('CLI: tenant inbox prints the address, uploads lists what arrived', async () => {
  // The command line always runs against a database file of its own here: its wiring, not the database, is under test.
  const directory = mkdtempSync(join(tmpdir(), 'bookkeeping-cli-'));
  try {
    const databaseUrl = `file:${join(directory, 'cli.db')}`;
    const handle = await openDatabase(databaseUrl);
    await migrateToLatest(handle);
    const { tenantId } = await createTenant(handle, { legalName: 'Initech LLC', stateCode: 'DE' });
    const { documentId } = await receiveStatement(handle, tenantId, {
      bytes: camt(april),
      filename: 'april.xml',
      mediaType: 'application/xml',
      source: 'email',
    });
    const stored = await inboxAddress(handle, tenantId, 'mail.example.com');
    await handle.close();
    const [inbox, uploads] = await Promise.all([
      cli(databaseUrl, 'tenant', 'inbox', '--tenant', tenantId),
      cli(databaseUrl, 'uploads', '--tenant', tenantId),
    ]);
    assert.deepEqual(inbox, stored);
    assert.deepEqual(
      uploads.uploads.map((upload: { documentId: string; status: string; source: string }) => [
        upload.documentId,
        upload.status,
        upload.source,
      ]),
      [[documentId, 'processing', 'email']],
    );
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});
