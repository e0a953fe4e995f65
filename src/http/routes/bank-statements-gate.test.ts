import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { readerFor } from '../../intake/statements/readers/index.ts';
import { plainEvidence } from '../../intake/statements/readers/common.ts';
import {
  layOut,
  makeTruth,
  renderDamagedPdf,
  runningBalances,
  type DamageLayout,
  type Damage,
} from '../../../test/fixtures/statements/damage.ts';
import { seededRandom } from '../../../test/fixtures/statements/models.ts';
import { createHarness, type Harness, type TestTenant } from '../../../test/support/harness.ts';
import { processStatements, upload, uploadAndProcess } from '../../../test/support/statements.ts';

let harness: Harness;
let acme: TestTenant;

before(async () => {
  harness = await createHarness();
  acme = await harness.newTenant('Acme LLC');
});
after(() => harness.close());

const LAYOUT: DamageLayout = {
  dateStyle: 'MM/DD/YYYY',
  separator: 'dot',
  symbol: '$',
  amounts: 'split-out-first',
  balanceColumn: true,
  summary: 'top',
  totals: false,
  counts: false,
  pageMarkers: true,
  forwardRows: false,
  rowsPerPage: 10,
};

async function statementPdf(seed: number, damage: Damage, layout: DamageLayout = LAYOUT) {
  const truth = makeTruth(seededRandom(seed), 25);
  const truthWithUsd = { ...truth, currency: 'USD' as const, kind: 'checking' as const };
  truthWithUsd.closingMinor = runningBalances(truthWithUsd).at(-1)!;
  const pages = layOut(truthWithUsd, layout, damage);
  return { truth: truthWithUsd, pdf: await renderDamagedPdf({ seed, truth: truthWithUsd, layout, damage, pages }) };
}

test('a three-page statement missing its middle page is rejected as incomplete, naming the page; the whole one ingests', async () => {
  const dropped = await statementPdf(11, { kind: 'page_dropped', page: 1 });
  const rejected = await uploadAndProcess(harness, acme, {
    bytes: dropped.pdf,
    filename: 'statement.pdf',
    contentType: 'application/pdf',
  });
  assert.equal(rejected.status, 'rejected');
  assert.equal(rejected.rejection.reason, 'incomplete');
  assert.match(rejected.rejection.message, /page 2 of 3 is missing/);

  // Without page markers the running balances show where the lines stop joining.
  const unmarked = await statementPdf(11, { kind: 'page_dropped', page: 1 }, { ...LAYOUT, pageMarkers: false });
  const chainBroken = await uploadAndProcess(harness, acme, {
    bytes: unmarked.pdf,
    filename: 'statement.pdf',
    contentType: 'application/pdf',
  });
  assert.equal(chainBroken.rejection.reason, 'incomplete');
  assert.match(chainBroken.rejection.message, /line 11 \(page 2\): the printed balance does not follow/);

  const whole = await statementPdf(11, { kind: 'none' });
  const ingested = await uploadAndProcess(harness, acme, {
    bytes: whole.pdf,
    filename: 'statement.pdf',
    contentType: 'application/pdf',
  });
  assert.equal(ingested.status, 'ingested', JSON.stringify(ingested.rejection));
  assert.equal(ingested.statement.transactionCount, 25);
  assert.equal(ingested.statement.periodStart, whole.truth.periodStart);
  assert.equal(ingested.statement.closingBalance, whole.truth.closingMinor / 100);
  assert.deepEqual(ingested.corrections, []);
});

test('a rejected upload keeps its file and is read again on retry; processing and ingested uploads are not retried (409)', async () => {
  const { pdf, truth } = await statementPdf(12, { kind: 'none' });
  const response = await upload(harness, acme.key, {
    bytes: pdf,
    filename: 'retry.pdf',
    contentType: 'application/pdf',
  });
  const { documentId } = response.json().data;
  const busy = await acme.call('POST', `/v1/bank-statements/${documentId}/retry`);
  assert.equal(busy.statusCode, 409, 'still processing');
  assert.equal(busy.json().error, 'conflict');

  // A reader that fails (the bug a fix would remove) rejects it; the bytes stay.
  await processStatements(harness, {
    readerFor: () => async () => ({ ok: false, reason: 'document_unreadable', message: 'a reader bug' }),
  });
  const rejected = (await acme.call('GET', `/v1/bank-statements/${documentId}`)).json().data;
  assert.equal(rejected.status, 'rejected');

  const retried = await acme.call('POST', `/v1/bank-statements/${documentId}/retry`);
  assert.equal(retried.statusCode, 202);
  assert.deepEqual(retried.json().data, { documentId, status: 'processing' });
  assert.equal((await acme.call('GET', `/v1/bank-statements/${documentId}`)).json().data.status, 'processing');
  await processStatements(harness);
  const ingested = (await acme.call('GET', `/v1/bank-statements/${documentId}`)).json().data;
  assert.equal(ingested.status, 'ingested', JSON.stringify(ingested.rejection));
  assert.equal(ingested.rejection, undefined);
  assert.equal(ingested.statement.transactionCount, truth.lines.length);

  assert.equal(
    (await acme.call('POST', `/v1/bank-statements/${documentId}/retry`)).statusCode,
    409,
    'already ingested',
  );
  assert.equal(
    (await acme.call('POST', '/v1/bank-statements/00000000-0000-4000-8000-000000000000/retry')).statusCode,
    404,
  );
  const other = await harness.newTenant('Globex Inc');
  assert.equal(
    (await other.call('POST', `/v1/bank-statements/${documentId}/retry`)).statusCode,
    404,
    "another tenant's upload is not found",
  );
});

test('a digit that OCR misread and the running balances pin is corrected, and the correction is shown on the upload', async () => {
  const { pdf, truth } = await statementPdf(13, { kind: 'none' });
  const pdfReader = readerFor('pdf')!;
  // The text PDF read as OCR would read it, with line 4's balance misread by one digit.
  const ocrLike = () => async (bytes: Buffer, context: Parameters<typeof pdfReader>[1]) => {
    const outcome = await pdfReader(bytes, context);
    assert.ok(outcome.ok);
    const lines = outcome.statement.lines.map((line, index) =>
      index === 3
        ? { ...line, balance: line.balance!.replace(/\d(?=\.\d\d$)/, (digit) => String((Number(digit) + 1) % 10)) }
        : line,
    );
    return {
      ...outcome,
      statement: { ...outcome.statement, lines },
      evidence: { ...outcome.evidence, recognised: true },
      format: 'pdf-ocr',
    };
  };
  const response = await upload(harness, acme.key, {
    bytes: pdf,
    filename: 'scan.pdf',
    contentType: 'application/pdf',
  });
  await processStatements(harness, { readerFor: ocrLike });
  const status = (await acme.call('GET', `/v1/bank-statements/${response.json().data.documentId}`)).json().data;
  assert.equal(status.status, 'ingested', JSON.stringify(status.rejection));
  const balances = runningBalances(truth);
  const read = balances[3] + (Math.floor(balances[3] / 100) % 10 === 9 ? -900 : 100);
  assert.deepEqual(status.corrections, [{ line: 4, field: 'balance', read: read / 100, corrected: balances[3] / 100 }]);

  // The same misread in a text layer is the document's own: rejected.
  const textLike = () => async (bytes: Buffer, context: Parameters<typeof pdfReader>[1]) => ({
    ...(await ocrLike()(bytes, context)),
    evidence: plainEvidence({ period: 'stated', openingBalance: 'stated', closingBalance: 'stated' }, false),
    format: 'pdf',
  });
  const again = await upload(harness, acme.key, { bytes: pdf, filename: 'text.pdf', contentType: 'application/pdf' });
  await processStatements(harness, { readerFor: textLike });
  const rejected = (await acme.call('GET', `/v1/bank-statements/${again.json().data.documentId}`)).json().data;
  assert.equal(rejected.rejection.reason, 'incomplete');
  assert.match(rejected.rejection.message, /line 4 \(|line 4:/);
});

test('the contract lists incomplete, the corrections and the retry route', async () => {
  const document = (await harness.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
  const status = document.components.schemas.StatementUploadStatus;
  assert.ok(status.properties.rejection.properties.reason.enum.includes('incomplete'));
  assert.ok(status.properties.corrections);
  const retry = document.paths['/bank-statements/{documentId}/retry'].post;
  for (const code of ['202', '404', '409']) assert.ok(retry.responses[code], code);
});
