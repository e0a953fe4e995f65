/**
 * Statement ingestion end to end: POST /bank-statements, the worker's read, the gate and the one
 * transaction that writes account, period and rows, until GET /bank-statements/{id} says ingested.
 * A 10,000-row CSV, a 20-page 1,000-line text PDF and one scanned page (PNG), each generated here.
 * Peak memory is the resident set sampled during the run, over the resident set before it.
 */
import assert from 'node:assert/strict';
import type { Bench } from './run.ts';
import { loadConfig } from '../src/config/config.ts';
import { buildApp } from '../src/http/app.ts';
import { processStatementsOnce, DEFAULT_STATEMENT_PROCESSING } from '../src/intake/statements/process.ts';
import { createApiKey } from '../src/tenancy/api-keys.ts';
import { createTenant } from '../src/tenancy/tenants.ts';
import { largeFixture, scanSource } from '../test/fixtures/statements/models.ts';
import { renderStatementPdf } from '../test/fixtures/statements/render-pdf.ts';
import { scanPdf } from '../test/fixtures/statements/render-scan.ts';
import { generousRateLimits } from '../test/support/harness.ts';
import { multipartBody } from '../test/support/statements.ts';

function tenThousandRowCsv(): { csv: Buffer; closing: string } {
  const lines = ['Date,Description,Amount'];
  let balanceCents = 1_000_000;
  for (let index = 0; index < 10_000; index++) {
    const day = new Date(Date.UTC(2026, 0, 1 + Math.floor(index / 28))).toISOString().slice(0, 10);
    const cents = ((index * 7919) % 90_000) + 1;
    const amountCents = index % 4 === 0 ? cents : -cents; // money in is positive in this export
    balanceCents += amountCents;
    lines.push(`${day},VENDOR ${index % 500} REF ${index},${(amountCents / 100).toFixed(2)}`);
  }
  return { csv: Buffer.from(`${lines.join('\n')}\n`), closing: (balanceCents / 100).toFixed(2) };
}

const bench: Bench = async (context) => {
  const { handle, dispose } = await context.openDatabase();
  const config = generousRateLimits(
    loadConfig({ DATABASE_URL: context.dialect === 'postgres' ? context.databaseUrl : 'file::memory:' }),
  );
  const app = await buildApp({ handle, config });
  try {
    const { tenantId } = await createTenant(handle, { legalName: 'Bench LLC', stateCode: 'DE' });
    const { key } = await createApiKey(handle, tenantId, ['read', 'write'], 'bench');
    const headers = { authorization: `Bearer ${key}` };

    async function ingest(
      name: string,
      file: { bytes: Buffer; filename: string; contentType: string },
      fields: Record<string, string>,
      target: string,
    ) {
      const baseline = process.memoryUsage.rss();
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage.rss());
      }, 5);
      const started = process.hrtime.bigint();
      const cpuBefore = process.cpuUsage();
      const { payload, contentType } = multipartBody(fields, [file]);
      const response = await app.inject({
        method: 'POST',
        url: '/v1/bank-statements',
        headers: { ...headers, 'content-type': contentType },
        payload,
      });
      assert.equal(response.statusCode, 202, response.body);
      const { documentId } = response.json().data;
      while ((await processStatementsOnce(handle, DEFAULT_STATEMENT_PROCESSING)) === 0) {
        /* the document is claimed on the first pass */
      }
      const status = (await app.inject({ method: 'GET', url: `/v1/bank-statements/${documentId}`, headers })).json()
        .data;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const cpu = process.cpuUsage(cpuBefore);
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage.rss());
      assert.equal(status.status, 'ingested', JSON.stringify(status.rejection));
      context.report(`${name}: upload to ingested`, seconds, 's', target);
      // CPU time of the whole process (its worker threads included): what the run costs on a machine that is not shared.
      context.report(`${name}: CPU time`, (cpu.user + cpu.system) / 1e6, 's');
      context.report(`${name}: peak RSS over baseline`, (peak - baseline) / 2 ** 20, 'MB');
      return status;
    }

    const account = (
      await app.inject({
        method: 'POST',
        url: '/v1/bank-accounts',
        headers,
        payload: {
          institutionName: 'Bench Bank',
          accounts: [{ externalId: 'bench-csv', name: 'CSV', kind: 'checking', currency: 'USD' }],
        },
      })
    ).json().data.accounts[0];
    const { csv, closing } = tenThousandRowCsv();
    const csvStatus = await ingest(
      'CSV 10,000 rows',
      { bytes: csv, filename: 'year.csv', contentType: 'text/csv' },
      { bankAccountId: account.id, openingBalance: '10000.00', closingBalance: closing },
      '≤ 2 s',
    );
    assert.equal(csvStatus.statement.transactionCount, 10_000);

    const pdf = await renderStatementPdf(largeFixture(), { fontSize: 7 });
    const pdfStatus = await ingest(
      'text PDF 20 pages 1,000 lines',
      { bytes: pdf, filename: 'year.pdf', contentType: 'application/pdf' },
      {},
      '≤ 3 s',
    );
    assert.equal(pdfStatus.statement.transactionCount, 1_000);

    const scan = await scanPdf(await renderStatementPdf(scanSource), {
      dpi: 200,
      quarterTurns: 0,
      skewDegrees: 1,
      speckle: 0.001,
      format: 'png',
      seed: 9,
    });
    await ingest(
      'scanned page (PNG, 200 dpi)',
      { bytes: scan, filename: 'scan.png', contentType: 'image/png' },
      {},
      '≤ 15 s',
    );
  } finally {
    await app.close();
    await dispose();
  }
};

export default bench;
