import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import {
  processStatementsOnce,
  type StatementProcessingOptions,
  type StatementProcessingSettings,
} from '../../src/intake/statements/process.ts';
import type { Harness, TestTenant } from './harness.ts';

export interface FilePart {
  bytes: Buffer;
  filename?: string;
  contentType?: string;
  /** The part name; "file" unless a test sends a wrong one. */
  name?: string;
}

/** A multipart/form-data body as curl -F would send it. */
export function multipartBody(
  fields: Record<string, string>,
  files: FilePart[],
): { payload: Buffer; contentType: string } {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'file'}"; filename="${file.filename ?? 'statement.bin'}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    chunks.push(file.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function upload(
  harness: Harness,
  key: string,
  file: FilePart | FilePart[] | null,
  fields: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipartBody(fields, file === null ? [] : Array.isArray(file) ? file : [file]);
  return harness.app.inject({
    method: 'POST',
    url: '/v1/bank-statements',
    headers: { authorization: `Bearer ${key}`, 'content-type': contentType },
    payload,
  });
}

export const TEST_PROCESSING: StatementProcessingSettings = { leaseMs: 60_000, maxAttempts: 3, batchSize: 4 };

/** Reads every waiting document, as the background worker would; returns how many reached an outcome. */
export async function processStatements(
  harness: Harness,
  options: StatementProcessingOptions = {},
  settings: StatementProcessingSettings = TEST_PROCESSING,
): Promise<number> {
  let total = 0;
  for (;;) {
    const finished = await processStatementsOnce(harness.handle, settings, options);
    if (finished === 0) return total;
    total += finished;
  }
}

/** Uploads, processes, and returns the upload's status. */
export async function uploadAndProcess(
  harness: Harness,
  tenant: TestTenant,
  file: FilePart,
  fields: Record<string, string> = {},
) {
  const response = await upload(harness, tenant.key, file, fields);
  if (response.statusCode !== 202) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  await processStatements(harness);
  return (await tenant.call('GET', `/v1/bank-statements/${response.json().data.documentId}`)).json().data;
}
