import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { DomainError, invalid } from '../../errors.ts';
import type { UploadHints } from '../../intake/statements/prepare.ts';
import { ACCEPTED_FORMATS_TEXT, MAX_STATEMENT_BYTES } from '../../intake/statements/readers/index.ts';
import type { StatementAccountKind } from '../../intake/statements/types.ts';
import { MAX_STATEMENT_MEGABYTES } from '../../intake/statements/uploads.ts';
import { isUuid } from '../../shared/ids.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../errors.ts';
import { Data, DateString, Limit, Nullable, Offset, Pagination, Uuid } from '../schemas.ts';

const FIELD_NAMES = ['bankAccountId', 'kind', 'openingBalance', 'closingBalance'] as const;
type FieldName = (typeof FIELD_NAMES)[number];

const Balance = (description: string) =>
  Type.String({
    pattern: '^-?\\d{1,13}(\\.\\d{1,4})?$',
    description: `${description} Plain decimal in the statement currency (1234.56, -12.5); used only when the document prints none.`,
    examples: ['1234.56'],
  });

/** The multipart body, for the contract; the handler reads the parts itself as they stream. */
const UploadBody = Type.Object({
  // OpenAPI 3.1 names binary content by its media type (format: binary was 3.0's way); generators
  // then type the part as a file or blob rather than as text.
  file: Type.String({
    contentMediaType: 'application/octet-stream',
    description: `The statement: ${ACCEPTED_FORMATS_TEXT}; at most ${MAX_STATEMENT_MEGABYTES} MB`,
  }),
  bankAccountId: Type.Optional(
    Uuid('Attach the statement to this bank account (its currency and kind are used where the document is silent)'),
  ),
  kind: Type.Optional(
    Type.String({
      enum: ['checking', 'savings', 'credit_card'],
      description: 'A hint used only when the document does not say',
    }),
  ),
  openingBalance: Type.Optional(Balance('Opening balance for exports that carry none (CSV, spreadsheets).')),
  closingBalance: Type.Optional(Balance('Closing balance for exports that carry none.')),
});

interface ReceivedUpload {
  bytes: Buffer;
  /** The file's sha-256 (hex), hashed as it streamed in. */
  sha256: string;
  filename: string | null;
  mediaType: string | null;
  fields: Partial<Record<FieldName, string>>;
}

/**
 * A file part's bytes and their sha-256, taken as they stream in: each chunk is copied into a buffer
 * sized from the request's Content-Length (doubled, should a chunked request outgrow it) and hashed on
 * arrival, so a 20 MB upload never holds the event loop for a whole-file copy or a whole-file hash
 * (about 50 ms together). Past the limit the rest is drained and the upload refused
 * (FST_REQ_FILE_TOO_LARGE, as @fastify/multipart's own toBuffer does).
 */
async function receiveFile(
  stream: AsyncIterable<Buffer> & { truncated?: boolean },
  capacityHint: number,
): Promise<{ bytes: Buffer; sha256: string }> {
  let bytes = Buffer.allocUnsafe(Math.min(MAX_STATEMENT_BYTES, Math.max(64 * 1024, capacityHint || 0)));
  const hash = createHash('sha256');
  let length = 0;
  let truncated = false;
  for await (const chunk of stream) {
    if (truncated || stream.truncated || length + chunk.length > MAX_STATEMENT_BYTES) {
      truncated = true;
      continue;
    }
    if (length + chunk.length > bytes.length) {
      const grown = Buffer.allocUnsafe(
        Math.min(MAX_STATEMENT_BYTES, Math.max(bytes.length * 2, length + chunk.length)),
      );
      bytes.copy(grown, 0, 0, length);
      bytes = grown;
    }
    chunk.copy(bytes, length);
    hash.update(chunk);
    length += chunk.length;
  }
  if (truncated) throw Object.assign(new Error('request file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
  return { bytes: bytes.subarray(0, length), sha256: hash.digest('hex') };
}

/**
 * Reads the parts of a multipart upload: exactly one file, in the part named `file`, and the known
 * fields. The size limit is enforced while the file streams in, so an oversized file is never held whole.
 */
async function readUpload(request: FastifyRequest): Promise<ReceivedUpload> {
  if (!request.isMultipart()) {
    throw new DomainError(
      'unsupported_media_type',
      `send the statement as multipart/form-data with the file in the part named "file"; accepted: ${ACCEPTED_FORMATS_TEXT}`,
    );
  }
  let file: Omit<ReceivedUpload, 'fields'> | undefined;
  const fields: ReceivedUpload['fields'] = {};
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_STATEMENT_BYTES, files: 1, fields: 10, fieldSize: 1000, parts: 12 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file')
          throw invalid(`${part.fieldname}: unknown part; send the statement in the part named "file"`);
        file = {
          ...(await receiveFile(part.file, Number(request.headers['content-length']))),
          filename: part.filename || null,
          mediaType: part.mimetype || null,
        };
      } else {
        if (!(FIELD_NAMES as readonly string[]).includes(part.fieldname))
          throw invalid(`${part.fieldname}: unknown field; the fields are file, ${FIELD_NAMES.join(', ')}`);
        fields[part.fieldname as FieldName] = String(part.value).trim();
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new DomainError(
        'payload_too_large',
        `file: a statement file may be at most ${MAX_STATEMENT_MEGABYTES} MB; accepted: ${ACCEPTED_FORMATS_TEXT}`,
      );
    }
    if (code === 'FST_FILES_LIMIT')
      throw invalid('file: one statement file per upload (send each file in its own request)');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw invalid(`body: too many parts; the fields are file, ${FIELD_NAMES.join(', ')}`);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_MULTIPART_INVALID_CONTENT_TYPE')
      throw invalid('body: malformed multipart body');
    if (error instanceof DomainError) throw error;
    if (error instanceof Error && /multipart|boundary|unexpected end/i.test(error.message))
      throw invalid(`body: malformed multipart body (${error.message})`);
    throw error;
  }
  if (!file) throw invalid('file: is required (the statement goes in the multipart part named "file")');
  return { ...file, fields };
}

function hintsFrom(fields: ReceivedUpload['fields']): UploadHints {
  if (fields.kind !== undefined && !['checking', 'savings', 'credit_card'].includes(fields.kind))
    throw invalid('kind: must be one of checking, savings, credit_card');
  return {
    kind: fields.kind as StatementAccountKind | undefined,
    openingBalance: fields.openingBalance || undefined,
    closingBalance: fields.closingBalance || undefined,
  };
}

export function bankStatementRoutes(app: FastifyInstance, context: AppContext): void {
  // Multipart parsing is registered for these routes only; every other route keeps its JSON body limit.
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_STATEMENT_BYTES, files: 1 } });
    const api = scope.withTypeProvider<TypeBoxTypeProvider>();

    api.post(
      '/bank-statements',
      {
        config: { scope: 'write' },
        // The body is multipart and read by the handler; the schema below documents it for the contract.
        validatorCompiler: () => () => true,
        schema: {
          summary: 'Upload a statement file',
          description: `Multipart/form-data with the file in the part \`file\` (${ACCEPTED_FORMATS_TEXT}; at most ${MAX_STATEMENT_MEGABYTES} MB) and the optional fields below. Answers 202 with the documentId at once (the same file with the same bankAccountId and hints, sent again while the first is still processing, answers that document with \`duplicate: true\` and stores nothing; once read, it is stored and read again); the statement is read, reconciled and ingested in the background: poll GET /bank-statements/{documentId}. 413 over ${MAX_STATEMENT_MEGABYTES} MB, 415 for other file types; both reasons list what is accepted.`,
          consumes: ['multipart/form-data'],
          body: UploadBody,
          response: {
            202: Data(
              Type.Object({
                documentId: Type.String({ format: 'uuid' }),
                status: Type.String({ enum: ['processing'] }),
                duplicate: Type.Boolean({
                  description:
                    'true when the same document (same bytes, bankAccountId and hints) was still waiting to be read: nothing was stored and documentId is the earlier one',
                }),
              }),
            ),
            ...errorResponses(400, 403, 413, 415),
          },
        },
      },
      async (request, reply) => {
        // The validator is off on this route (the body is read as it streams), so the query's rule is kept here.
        const stray = Object.keys((request.query ?? {}) as Record<string, unknown>)[0];
        if (stray !== undefined) throw invalid(`${stray}: unknown query parameter; no query parameter is taken here`);
        const upload = await readUpload(request);
        const bankAccountId = upload.fields.bankAccountId || undefined;
        if (bankAccountId !== undefined && !isUuid(bankAccountId)) throw invalid('bankAccountId: must be a UUID');
        const received = await request.tenant.statements.receive({
          bytes: upload.bytes,
          sha256: upload.sha256,
          filename: upload.filename,
          mediaType: upload.mediaType,
          source: 'api',
          bankAccountId,
          hints: hintsFrom(upload.fields),
        });
        if (!received.duplicate) context.onRowsArrived();
        return reply
          .code(202)
          .send({ data: { documentId: received.documentId, status: received.status, duplicate: received.duplicate } });
      },
    );
  });

  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/bank-statements',
    {
      config: { scope: 'read' },
      schema: {
        summary: 'List ingested statement periods, newest first',
        description:
          'Ordered by periodEnd, newest first. `meta.booksCurrentThrough` is the latest ingested periodEnd (of the account when bankAccountId is given): statement-fed books are current through that date, not through today.',
        querystring: Type.Object({
          bankAccountId: Type.Optional(Uuid("Only this bank account's periods")),
          limit: Limit(200, 50),
          offset: Offset,
        }),
        response: {
          200: Type.Object({
            data: Type.Array(Type.Ref('StatementPeriod')),
            meta: Type.Object({
              pagination: Pagination,
              booksCurrentThrough: Nullable(DateString('Latest ingested periodEnd; null before the first statement')),
            }),
          }),
          ...errorResponses(400, 403),
        },
      },
    },
    async (request) => {
      const { limit, offset, bankAccountId } = request.query;
      const listed = await request.tenant.statements.periods({ bankAccountId, limit, offset });
      return {
        data: listed.periods,
        meta: {
          pagination: { limit, offset, nextOffset: listed.nextOffset },
          booksCurrentThrough: listed.booksCurrentThrough,
        },
      };
    },
  );

  api.get(
    '/bank-statements/:documentId',
    {
      config: { scope: 'read' },
      schema: {
        summary: 'Status of a statement upload',
        description:
          'processing until the worker has read it; then ingested (with the statement period, `statements` listing one period per account when one document holds several, and any conflicts) or rejected (with rejection.reason and a message; for did_not_reconcile also the expected and stated closing balance).',
        params: Type.Object({ documentId: Uuid() }),
        response: { 200: Data(Type.Ref('StatementUploadStatus')), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ({ data: await request.tenant.statements.uploadStatus(request.params.documentId) }),
  );

  api.post(
    '/bank-statements/:documentId/retry',
    {
      config: { scope: 'write' },
      schema: {
        summary: 'Read a rejected statement upload again',
        description:
          'A rejected upload keeps its file: this puts it back to processing, to be read by the current readers and checked by the gate again (poll GET /bank-statements/{documentId}). 409 while it is processing or once it is ingested (upload a new copy to replace an ingested period).',
        params: Type.Object({ documentId: Uuid() }),
        response: {
          202: Data(
            Type.Object({ documentId: Type.String({ format: 'uuid' }), status: Type.String({ enum: ['processing'] }) }),
          ),
          ...errorResponses(400, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const retried = await request.tenant.statements.retry(request.params.documentId);
      context.onRowsArrived();
      return reply.code(202).send({ data: retried });
    },
  );
}
