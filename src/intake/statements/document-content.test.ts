import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { createHarness, type Harness, type TestTenant } from '../../../test/support/harness.ts';
import * as store from './statements-store.ts';
import { receiveStatement, removeAbandonedUploads } from './uploads.ts';

// A document's bytes live in chunks of their own (migration 0021): written a chunk a statement, read
// back whole, removed when the upload that wrote them never became a document. On both databases.

let harness: Harness;
let acme: TestTenant;

before(async () => {
  harness = await createHarness();
  acme = await harness.newTenant('Acme LLC');
});

after(() => harness.close());

const chunksOf = async (documentId: string) =>
  harness.handle.db
    .selectFrom('statement_document_chunks')
    .select(['seq', 'tenant_id'])
    .where('document_id', '=', documentId)
    .orderBy('seq')
    .execute();

test('any bytes are read back exactly as they were stored, in chunks of at most CONTENT_CHUNK_BYTES (48 KiB)', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 0, max: 3 * store.CONTENT_CHUNK_BYTES + 10 }),
      fc.integer({ min: 0, max: 255 }),
      async (length, seed) => {
        const bytes = Buffer.alloc(length);
        for (let index = 0; index < length; index++) bytes[index] = (index * 31 + seed) & 0xff;
        const documentId = `doc-${length}-${seed}-${Math.random()}`;
        let turns = 0;
        await store.writeDocumentContent(
          harness.handle.db,
          acme.tenantId,
          documentId,
          bytes,
          '2026-03-01',
          async () => {
            turns++;
          },
        );
        const chunks = await chunksOf(documentId);
        assert.equal(chunks.length, Math.max(1, Math.ceil(length / store.CONTENT_CHUNK_BYTES)));
        assert.equal(turns, chunks.length, 'the event loop is offered a turn after every chunk');
        assert.ok(chunks.every((chunk, index) => chunk.seq === index && chunk.tenant_id === acme.tenantId));
        let readTurns = 0;
        const read = await store.documentContent(harness.handle.db, acme.tenantId, documentId, async () => {
          readTurns++;
        });
        assert.ok(read && read.equals(bytes));
        assert.equal(readTurns, 2 * chunks.length, 'a turn after every chunk read and every chunk joined');
        assert.equal(read.byteOffset, 0, 'the bytes own their buffer, to be handed to a reader thread');
        assert.equal(read.buffer.byteLength, bytes.length);
        assert.equal(await store.documentContent(harness.handle.db, 'another-tenant', documentId), undefined);
      },
    ),
    {
      numRuns: 12,
      examples: [
        [0, 0],
        [store.CONTENT_CHUNK_BYTES, 7],
        [store.CONTENT_CHUNK_BYTES + 1, 9],
      ],
    },
  );
});

test('an upload stores its bytes once; the same upload again stores none and answers the first', async () => {
  const bytes = Buffer.from(`Date,Description,Amount\n${'2026-03-02,COFFEE,-3.50\n'.repeat(60_000)}`);
  assert.ok(bytes.length > store.CONTENT_CHUNK_BYTES);
  const incoming = { bytes, filename: 'march.csv', mediaType: 'text/csv', source: 'api' as const };
  const first = await receiveStatement(harness.handle, acme.tenantId, incoming);
  assert.equal(first.duplicate, false);
  assert.ok((await store.documentContent(harness.handle.db, acme.tenantId, first.documentId))?.equals(bytes));
  const again = await receiveStatement(harness.handle, acme.tenantId, incoming);
  assert.deepEqual(again, { documentId: first.documentId, status: first.status, duplicate: true });
  const stored = await harness.handle.db
    .selectFrom('statement_document_chunks')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('tenant_id', '=', acme.tenantId)
    .where('document_id', '!=', first.documentId)
    .where('document_id', 'not like', 'doc-%')
    .executeTakeFirstOrThrow();
  assert.equal(Number(stored.n), 0, 'no bytes beside the first document');
});

test('bytes whose document never came are removed once an hour old; a document keeps its own', async () => {
  // Two hours from now: the real upload below is then as old as the crashed one, and only its document keeps it.
  const now = new Date(Date.now() + 2 * 3_600_000);
  const minutesBefore = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
  const upload = await receiveStatement(harness.handle, acme.tenantId, {
    bytes: Buffer.from('Date,Description,Amount\n2026-03-02,TEA,-2.00\n'),
    filename: 'tea.csv',
    mediaType: 'text/csv',
    source: 'api',
  });
  const noop = async () => {};
  await store.writeDocumentContent(
    harness.handle.db,
    acme.tenantId,
    'crashed-long-ago',
    Buffer.from('x'),
    minutesBefore(120),
    noop,
  );
  await store.writeDocumentContent(
    harness.handle.db,
    acme.tenantId,
    'still-uploading',
    Buffer.from('y'),
    minutesBefore(30),
    noop,
  );
  await removeAbandonedUploads(harness.handle, now);
  assert.equal((await chunksOf('crashed-long-ago')).length, 0);
  assert.equal((await chunksOf('still-uploading')).length, 1);
  assert.equal((await chunksOf(upload.documentId)).length, 1);
});
