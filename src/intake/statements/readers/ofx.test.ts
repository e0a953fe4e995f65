import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { readOfxStatement } from './ofx.ts';
import type { ReadOutcome, ReaderContext } from '../types.ts';
import { KINDS, expectedStatement, makeStatement } from '../../../../test/fixtures/statements/formats/model.ts';
import { OFX_LAYOUTS, renderOfx } from '../../../../test/fixtures/statements/formats/ofx.ts';

const context: ReaderContext = { filename: 'statement.ofx', mediaType: 'application/x-ofx', hints: {} };

function statementOf(outcome: ReadOutcome) {
  assert.ok(outcome.ok, `expected a statement, got ${JSON.stringify(outcome)}`);
  return outcome.statement;
}

test('OFX: every layout, checking, savings and credit card, read field by field', async () => {
  let seed = 100;
  for (const [name, layout] of Object.entries(OFX_LAYOUTS)) {
    for (const kind of KINDS) {
      for (const currency of ['USD', 'EUR', 'JPY']) {
        const model = makeStatement(seed++, { kind, currency });
        const outcome = await readOfxStatement(renderOfx(model, layout), context);
        const expected = expectedStatement(model, {
          institutionName: layout.withoutInstitution ? null : model.institution,
        });
        assert.deepEqual(
          statementOf(outcome),
          { ...expected, lines: expected.lines.map((line) => ({ ...line, balance: null })) },
          `${name} ${kind} ${currency}`,
        );
        assert.equal(outcome.ok && outcome.format, 'ofx');
      }
    }
  }
});

test('OFX: a year-boundary period and a 120-line statement', async () => {
  const model = makeStatement(7, { kind: 'checking', periodStart: '2025-12-15', days: 31, lineCount: 120 });
  const read = statementOf(await readOfxStatement(renderOfx(model, OFX_LAYOUTS['qfx-crlf-datetimes']), context));
  assert.equal(read.periodStart, '2025-12-15');
  assert.equal(read.periodEnd, '2026-01-14');
  assert.equal(read.lines.length, 120);
  assert.deepEqual(
    read.lines.map((line) => line.amount),
    expectedStatement(model).lines.map((line) => line.amount),
  );
});

// A hand-written QFX as a US bank sends it, with the expected values spelled out rather than derived.
const LITERAL_QFX = `OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

<OFX>
<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20260402083000.000<LANGUAGE>ENG<FI><ORG>B1<FID>10898</FI><INTU.BID>10898</SONRS></SIGNONMSGSRSV1>
<CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>
<CCSTMTRS><CURDEF>USD<CCACCTFROM><ACCTID>4147202212345678</CCACCTFROM>
<BANKTRANLIST><DTSTART>20260301<DTEND>20260331
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260303<TRNAMT>-54.20<FITID>A1<NAME>SQ *BLUE BOTTLE COFFEE<MEMO>SQ *BLUE BOTTLE COFFEE</STMTTRN>
<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20260315<TRNAMT>1200.00<FITID>A2<NAME>Payment Thank You-Mobile</STMTTRN>
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260320<TRNAMT>-1,5<FITID>A3<NAME>FOREIGN TXN FEE</STMTTRN>
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260328<TRNAMT>-2310.75<FITID>A4<NAME>DELTA AIR<MEMO>TKT 0062345 ATL</STMTTRN>
</BANKTRANLIST>
<LEDGERBAL><BALAMT>-2415.45<DTASOF>20260331</LEDGERBAL>
</CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1>
</OFX>
`;

test('OFX: a literal QFX credit-card statement (sign conventions spelled out)', async () => {
  const read = statementOf(await readOfxStatement(Buffer.from(LITERAL_QFX.replace(/\n/g, '\r\n'), 'latin1'), context));
  assert.deepEqual(read, {
    institutionName: 'B1',
    accountLast4: '5678',
    accountKind: 'credit_card',
    currency: 'USD',
    periodStart: '2026-03-01',
    periodEnd: '2026-03-31',
    // Owed 2415.45 at the end; purchases 54.20 + 1.50 + 2310.75, payment 1200.00 → owed 1249.00 before.
    openingBalance: '1249.00',
    closingBalance: '2415.45',
    lines: [
      { date: '2026-03-03', description: 'SQ *BLUE BOTTLE COFFEE', amount: '54.20', balance: null },
      { date: '2026-03-15', description: 'Payment Thank You-Mobile', amount: '-1200.00', balance: null },
      { date: '2026-03-20', description: 'FOREIGN TXN FEE', amount: '1.50', balance: null },
      { date: '2026-03-28', description: 'DELTA AIR TKT 0062345 ATL', amount: '2310.75', balance: null },
    ],
  });
});

test('OFX: a checking statement in OFX 2 XML with entities, the hint never overriding ACCTTYPE', async () => {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS><DTSERVER>20260201</DTSERVER><LANGUAGE>ENG</LANGUAGE><FI><ORG>Smith &amp; Sons Bank</ORG></FI></SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1><STMTTRNRS><TRNUID>0</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
<STMTRS><CURDEF>CAD</CURDEF><BANKACCTFROM><BANKID>00012</BANKID><ACCTID>000-4471-09</ACCTID><ACCTTYPE>SAVINGS</ACCTTYPE></BANKACCTFROM>
<BANKTRANLIST><DTSTART>20260101</DTSTART><DTEND>20260131</DTEND>
<STMTTRN><TRNTYPE>INT</TRNTYPE><DTPOSTED>20260131</DTPOSTED><TRNAMT>3.07</TRNAMT><FITID>9</FITID><NAME>Interest</NAME><MEMO></MEMO></STMTTRN>
<STMTTRN><TRNTYPE>XFER</TRNTYPE><DTPOSTED>20260110</DTPOSTED><TRNAMT>-500</TRNAMT><FITID>8</FITID><NAME>To chequing &lt;0012&gt;</NAME></STMTTRN>
</BANKTRANLIST><LEDGERBAL><BALAMT>10503.07</BALAMT><DTASOF>20260131</DTASOF></LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
  const read = statementOf(await readOfxStatement(Buffer.from(xml), { ...context, hints: { kind: 'checking' } }));
  assert.equal(read.institutionName, 'Smith & Sons Bank');
  assert.equal(read.accountLast4, '7109');
  assert.equal(read.accountKind, 'savings');
  assert.equal(read.currency, 'CAD');
  assert.equal(read.closingBalance, '10503.07');
  assert.equal(read.openingBalance, '11000.00');
  assert.deepEqual(read.lines, [
    { date: '2026-01-31', description: 'Interest', amount: '-3.07', balance: null },
    { date: '2026-01-10', description: 'To chequing <0012>', amount: '500.00', balance: null },
  ]);
});

test('OFX: damaged, empty and foreign files are rejected with the right reason', async () => {
  const model = makeStatement(3, { kind: 'checking' });
  const good = renderOfx(model, OFX_LAYOUTS['sgml-102-bare-leaves']);
  const cases: Array<[string, Buffer, string]> = [
    ['cut short', good.subarray(0, Math.floor(good.length * 0.6)), 'document_unreadable'],
    [
      'binary noise',
      Buffer.from(Array.from({ length: 3000 }, (_, index) => (index * 7919) % 256)),
      'document_unreadable',
    ],
    ['no OFX element', Buffer.from('OFXHEADER:100\nDATA:OFXSGML\n\nhello'), 'document_unreadable'],
    [
      'crossed aggregates',
      Buffer.from(good.toString('latin1').replace('</BANKTRANLIST>', '</STMTRS>')),
      'document_unreadable',
    ],
    [
      'unreadable amount',
      Buffer.from(good.toString('latin1').replace(/<TRNAMT>[^<\n]+/, '<TRNAMT>twelve')),
      'document_unreadable',
    ],
    [
      'no transactions',
      Buffer.from(good.toString('latin1').replace(/<STMTTRN>[\s\S]*<\/STMTTRN>/, '')),
      'no_transactions',
    ],
    [
      'signon only (an error answer)',
      Buffer.from(
        '<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>15500<SEVERITY>ERROR<MESSAGE>Signon invalid</STATUS></SONRS></SIGNONMSGSRSV1></OFX>',
      ),
      'not_a_bank_statement',
    ],
  ];
  for (const [name, bytes, reason] of cases) {
    const outcome = await readOfxStatement(bytes, context);
    assert.equal(outcome.ok, false, name);
    assert.equal(!outcome.ok && outcome.reason, reason, name);
    assert.ok(!outcome.ok && outcome.message.length > 10, name);
  }
});

test('OFX: with several accounts in one download, the first statement that has lines is read', async () => {
  const empty = makeStatement(1, { kind: 'checking', lineCount: 0 });
  const full = makeStatement(2, { kind: 'savings' });
  const emptyText = renderOfx(empty, OFX_LAYOUTS['xml-220']).toString();
  const fullText = renderOfx(full, OFX_LAYOUTS['xml-220']).toString();
  const fullResponse = /<STMTTRNRS>[\s\S]*<\/STMTTRNRS>/.exec(fullText)![0];
  const combined = emptyText.replace('</BANKMSGSRSV1>', `${fullResponse}</BANKMSGSRSV1>`);
  const read = statementOf(await readOfxStatement(Buffer.from(combined), context));
  assert.equal(read.accountLast4, full.accountNumber.slice(-4));
  assert.equal(read.lines.length, full.lines.length);
});

test('property: any generated OFX statement reads back exactly, and its implied opening reconciles', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      fc.constantFrom(...KINDS),
      fc.constantFrom(...Object.keys(OFX_LAYOUTS)),
      fc.constantFrom('USD', 'EUR', 'KWD', 'JPY'),
      fc.integer({ min: 1, max: 40 }),
      async (seed, kind, layoutName, currency, lineCount) => {
        const model = makeStatement(seed, { kind, currency, lineCount });
        const read = statementOf(await readOfxStatement(renderOfx(model, OFX_LAYOUTS[layoutName]), context));
        const expected = expectedStatement(model);
        assert.equal(read.openingBalance, expected.openingBalance);
        assert.equal(read.closingBalance, expected.closingBalance);
        assert.deepEqual(
          read.lines.map((line) => [line.date, line.description, line.amount]),
          expected.lines.map((line) => [line.date, line.description, line.amount]),
        );
      },
    ),
    { numRuns: 60 },
  );
});
