import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { readCamt053Statement } from './camt053.ts';
import type { ReadOutcome, ReaderContext } from '../types.ts';
import { KINDS, expectedStatement, makeStatement } from '../../../../test/fixtures/statements/formats/model.ts';
import { CAMT_LAYOUTS, renderCamt053 } from '../../../../test/fixtures/statements/formats/camt053.ts';

const context: ReaderContext = { filename: 'statement.xml', mediaType: 'application/xml', hints: {} };

function statementOf(outcome: ReadOutcome) {
  assert.ok(outcome.ok, `expected a statement, got ${JSON.stringify(outcome)}`);
  return outcome.statement;
}

test('camt.053: every layout, checking, savings and credit card, read field by field', async () => {
  let seed = 500;
  for (const [name, layout] of Object.entries(CAMT_LAYOUTS)) {
    for (const kind of KINDS) {
      for (const currency of ['EUR', 'CHF', 'SEK']) {
        const model = makeStatement(seed++, { kind, currency });
        const hints = layout.withoutAccountType ? { kind } : {};
        const outcome = await readCamt053Statement(renderCamt053(model, layout), { ...context, hints });
        const expected = expectedStatement(model, {
          institutionName: layout.servicer === 'bic' ? model.bic : model.institution,
        });
        assert.deepEqual(
          statementOf(outcome),
          { ...expected, lines: expected.lines.map((line) => ({ ...line, balance: null })) },
          `${name} ${kind} ${currency}`,
        );
        assert.equal(outcome.ok && outcome.format, 'camt053');
      }
    }
  }
});

test('camt.053: without Acct/Tp and without a hint the kind is unknown, never guessed', async () => {
  const model = makeStatement(9, { kind: 'savings', currency: 'EUR' });
  const read = statementOf(
    await readCamt053Statement(renderCamt053(model, CAMT_LAYOUTS['v08-no-account-type']), context),
  );
  assert.equal(read.accountKind, null);
  assert.equal(read.openingBalance, expectedStatement(model).openingBalance);
});

test('camt.053: a year-boundary period split into daily statements is one statement', async () => {
  const model = makeStatement(77, {
    kind: 'checking',
    currency: 'EUR',
    periodStart: '2025-12-16',
    days: 31,
    lineCount: 60,
  });
  const read = statementOf(
    await readCamt053Statement(renderCamt053(model, CAMT_LAYOUTS['v06-daily-statements-pending']), context),
  );
  const expected = expectedStatement(model);
  assert.equal(read.periodStart, '2025-12-16');
  assert.equal(read.periodEnd, '2026-01-15');
  assert.equal(read.openingBalance, expected.openingBalance);
  assert.equal(read.closingBalance, expected.closingBalance);
  assert.equal(read.lines.length, 60);
  assert.ok(!read.lines.some((line) => line.description.includes('PENDING')));
});

// A hand-written camt.053.001.02 as a German bank sends it, expected values spelled out.
const LITERAL_CAMT = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
 <BkToCstmrStmt>
  <GrpHdr><MsgId>053D2026-04-01</MsgId><CreDtTm>2026-04-01T06:12:00</CreDtTm></GrpHdr>
  <Stmt>
   <Id>0352C5320260331</Id>
   <FrToDt><FrDtTm>2026-03-01T00:00:00</FrDtTm><ToDtTm>2026-03-31T23:59:59</ToDtTm></FrToDt>
   <Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy>
    <Svcr><FinInstnId><BIC>COBADEFFXXX</BIC><Nm>Commerzbank AG</Nm></FinInstnId></Svcr></Acct>
   <Bal><Tp><CdOrPrtry><Cd>PRCD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">150.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Dt><Dt>2026-02-28</Dt></Dt></Bal>
   <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">2349.51</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-03-31</Dt></Dt></Bal>
   <Ntry><Amt Ccy="EUR">3000.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-03-02</Dt></BookgDt><ValDt><Dt>2026-03-02</Dt></ValDt>
    <NtryDtls><TxDtls><RltdPties><Dbtr><Nm>Kunde GmbH</Nm></Dbtr><Cdtr><Nm>Us</Nm></Cdtr></RltdPties><RmtInf><Ustrd>RE 2026-0042</Ustrd><Ustrd>Danke</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
   <Ntry><Amt Ccy="EUR">480.49</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-03-05</Dt></BookgDt><ValDt><Dt>2026-03-04</Dt></ValDt>
    <AddtlNtryInf>Lastschrift Stadtwerke</AddtlNtryInf>
    <NtryDtls><TxDtls><RltdPties><Cdtr><Nm>Stadtwerke M&#252;nchen &#x26; Co</Nm></Cdtr></RltdPties></TxDtls></NtryDtls></Ntry>
   <Ntry><Amt Ccy="EUR">20.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>PDNG</Sts><BookgDt><Dt>2026-03-31</Dt></BookgDt></Ntry>
   <Ntry><Amt Ccy="EUR">400.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-03-20</Dt></BookgDt>
    <AddtlNtryInf>Sammelueberweisung</AddtlNtryInf>
    <NtryDtls><TxDtls><RltdPties><Cdtr><Nm>A</Nm></Cdtr></RltdPties></TxDtls><TxDtls><RltdPties><Cdtr><Nm>B</Nm></Cdtr></RltdPties></TxDtls></NtryDtls></Ntry>
  </Stmt>
 </BkToCstmrStmt>
</Document>`;

test('camt.053: a literal statement with a debit opening balance, a pending entry and a batch', async () => {
  const read = statementOf(await readCamt053Statement(Buffer.from(LITERAL_CAMT), context));
  assert.deepEqual(read, {
    institutionName: 'Commerzbank AG',
    accountLast4: '3000',
    accountKind: null,
    currency: 'EUR',
    periodStart: '2026-03-01',
    periodEnd: '2026-03-31',
    openingBalance: '-150.00',
    closingBalance: '2349.51',
    lines: [
      { date: '2026-03-02', description: 'Kunde GmbH RE 2026-0042 Danke', amount: '-3000.00', balance: null },
      { date: '2026-03-05', description: 'Stadtwerke München & Co', amount: '480.49', balance: null },
      { date: '2026-03-20', description: 'Sammelueberweisung', amount: '400.00', balance: null },
    ],
  });
});

test('camt.053: damaged, empty and foreign XML are rejected with the right reason', async () => {
  const model = makeStatement(4, { kind: 'checking', currency: 'EUR' });
  const good = renderCamt053(model, CAMT_LAYOUTS['v02-iban-opbd-parties']).toString();
  const cases: Array<[string, string | Buffer, string]> = [
    ['cut short', good.slice(0, Math.floor(good.length / 2)), 'document_unreadable'],
    [
      'binary noise',
      Buffer.from(Array.from({ length: 2000 }, (_, index) => (index * 31) % 256)),
      'document_unreadable',
    ],
    ['unreadable amount', good.replace(/(<Ntry><Amt Ccy="EUR">)[^<]+/, '$1lots'), 'document_unreadable'],
    ['no entries', good.replace(/<Ntry>[\s\S]*<\/Ntry>/, ''), 'no_transactions'],
    [
      'camt.052 report',
      good.replace(/BkToCstmrStmt/g, 'BkToCstmrAcctRpt').replace(/<Stmt>|<\/Stmt>/g, ''),
      'not_a_bank_statement',
    ],
    [
      'an invoice in XML',
      '<?xml version="1.0"?><Invoice><ID>42</ID><Total>10.00</Total></Invoice>',
      'not_a_bank_statement',
    ],
  ];
  for (const [name, content, reason] of cases) {
    const outcome = await readCamt053Statement(Buffer.isBuffer(content) ? content : Buffer.from(content), context);
    assert.equal(!outcome.ok && outcome.reason, reason, name);
  }
});

test('camt.053: statements of another account in the same file are left aside', async () => {
  const mine = makeStatement(11, { kind: 'checking', currency: 'EUR' });
  const other = makeStatement(12, { kind: 'savings', currency: 'EUR' });
  const mineXml = renderCamt053(mine, CAMT_LAYOUTS['v02-iban-opbd-parties']).toString();
  const otherStmt = /<Stmt>[\s\S]*<\/Stmt>/.exec(
    renderCamt053(other, CAMT_LAYOUTS['v02-iban-opbd-parties']).toString(),
  )![0];
  const read = statementOf(
    await readCamt053Statement(
      Buffer.from(mineXml.replace('</BkToCstmrStmt>', `${otherStmt}</BkToCstmrStmt>`)),
      context,
    ),
  );
  assert.equal(read.accountLast4, mine.accountNumber.slice(-4));
  assert.equal(read.lines.length, mine.lines.length);
  assert.equal(read.closingBalance, expectedStatement(mine).closingBalance);
});

test('property: any generated camt.053 statement reads back exactly', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      fc.constantFrom(...KINDS),
      fc.constantFrom(...Object.keys(CAMT_LAYOUTS)),
      fc.constantFrom('EUR', 'JPY', 'BHD'),
      fc.integer({ min: 1, max: 30 }),
      async (seed, kind, layoutName, currency, lineCount) => {
        const model = makeStatement(seed, { kind, currency, lineCount });
        const read = statementOf(
          await readCamt053Statement(renderCamt053(model, CAMT_LAYOUTS[layoutName]), { ...context, hints: { kind } }),
        );
        const expected = expectedStatement(model);
        assert.equal(read.openingBalance, expected.openingBalance);
        assert.equal(read.closingBalance, expected.closingBalance);
        assert.deepEqual(
          read.lines.map((line) => [line.date, line.description, line.amount]),
          expected.lines.map((line) => [line.date, line.description, line.amount]),
        );
      },
    ),
    { numRuns: 50 },
  );
});
