import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { expectedWild, renderWildPdf, wildDocument } from '../../../test/fixtures/statements/wild-layouts.ts';
import { createHarness, type Harness, type TestTenant } from '../../../test/support/harness.ts';
import { uploadAndProcess } from '../../../test/support/statements.ts';

let harness: Harness;
let acme: TestTenant;
let globex: TestTenant;

before(async () => {
  harness = await createHarness();
  acme = await harness.newTenant('Acme LLC');
  globex = await harness.newTenant('Globex Inc');
});
after(() => harness.close());

const pdf = (bytes: Buffer) => ({ bytes, filename: 'combined.pdf', contentType: 'application/pdf' });
const major = (value: string) => Number(value);

test('one PDF holding a checking and a savings account ingests as two statements, two accounts and their rows', async () => {
  const document = wildDocument(5, ['two_accounts']);
  const expected = expectedWild(document);
  const status = await uploadAndProcess(harness, acme, pdf(await renderWildPdf(document)));
  assert.equal(status.status, 'ingested', JSON.stringify(status.rejection));
  assert.equal(status.statements.length, 2);
  assert.deepEqual(status.statement, status.statements[0], 'statement stays the first, for clients that read one');
  const accounts = (await acme.call('GET', '/v1/bank-accounts')).json().data as Array<{
    id: string;
    kind: string;
    externalAccountId: string;
  }>;
  for (const [index, period] of status.statements.entries()) {
    const truth = expected[index];
    assert.equal(period.documentId, status.documentId);
    assert.deepEqual(
      [period.periodStart, period.periodEnd, period.openingBalance, period.closingBalance, period.transactionCount],
      [
        truth.periodStart,
        truth.periodEnd,
        major(truth.openingBalance!),
        major(truth.closingBalance!),
        truth.lines.length,
      ],
    );
    const account = accounts.find((candidate) => candidate.id === period.bankAccountId)!;
    assert.deepEqual([account.kind, account.externalAccountId], [truth.accountKind, `****${truth.accountLast4}`]);
    const rows = (
      await acme.call('GET', `/v1/transactions?from=${truth.periodStart}&to=${truth.periodEnd}&limit=200`)
    ).json().data as Array<{ bankAccountId: string }>;
    assert.equal(rows.filter((row) => row.bankAccountId === account.id).length, truth.lines.length);
  }
  assert.equal(accounts.length, 2);
  assert.equal(status.bankAccountId, status.statements[0].bankAccountId);
});

test('a two-account PDF whose second section does not add up is rejected whole: nothing of the first stays', async () => {
  const document = wildDocument(8, ['two_accounts']);
  const truth = document.sections[1].lines[0].amount;
  const tampered = await renderWildPdf(document, {
    tamper: { section: 1, line: 0, amount: (Number(truth) + 10).toFixed(2) },
  });
  const status = await uploadAndProcess(harness, globex, pdf(tampered));
  assert.equal(status.status, 'rejected');
  // The section prints running balances, so the completeness gate finds the changed line itself.
  assert.equal(status.rejection.reason, 'incomplete', status.rejection.message);
  assert.match(
    status.rejection.message,
    /^account section 2 of 2 \(\*\*\*\*\d{4}\): .*line 1 .*printed balance does not follow/,
  );
  assert.equal(status.statement, undefined);
  assert.equal(status.statements, undefined);
  assert.deepEqual((await globex.call('GET', '/v1/bank-accounts')).json().data, []);
  assert.deepEqual((await globex.call('GET', '/v1/bank-statements')).json().data, []);
  assert.deepEqual(
    (await globex.call('GET', `/v1/transactions?from=${document.periodStart}&to=${document.periodEnd}&limit=10`)).json()
      .data,
    [],
  );
});
