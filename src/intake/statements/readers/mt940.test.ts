import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { readMt940Statement } from './mt940.ts';
import type { ReadOutcome, ReaderContext } from '../types.ts';
import { KINDS, expectedStatement, makeStatement } from '../../../../test/fixtures/statements/formats/model.ts';
import { MT940_LAYOUTS, mt940Institution, renderMt940 } from '../../../../test/fixtures/statements/formats/mt940.ts';

const context: ReaderContext = { filename: 'statement.sta', mediaType: 'text/plain', hints: {} };

function statementOf(outcome: ReadOutcome) {
  assert.ok(outcome.ok, `expected a statement, got ${JSON.stringify(outcome)}`);
  return outcome.statement;
}

test('MT940: every layout, checking, savings and credit card, read field by field', async () => {
  let seed = 900;
  for (const [name, layout] of Object.entries(MT940_LAYOUTS)) {
    for (const kind of KINDS) {
      for (const currency of ['EUR', 'GBP', 'JPY']) {
        const model = makeStatement(seed++, { kind, currency });
        // MT940 does not say what kind of account it is: the upload's hint tells.
        const outcome = await readMt940Statement(renderMt940(model, layout), { ...context, hints: { kind } });
        const expected = expectedStatement(model, { institutionName: mt940Institution(model, layout) });
        assert.deepEqual(
          statementOf(outcome),
          { ...expected, lines: expected.lines.map((line) => ({ ...line, balance: null })) },
          `${name} ${kind} ${currency}`,
        );
        assert.equal(outcome.ok && outcome.format, 'mt940');
      }
    }
  }
});

test('MT940: without a hint the kind is unknown; entry dates straddling New Year get the right year', async () => {
  const model = makeStatement(31, {
    kind: 'checking',
    currency: 'EUR',
    periodStart: '2025-12-20',
    days: 20,
    lineCount: 40,
  });
  const read = statementOf(
    await readMt940Statement(renderMt940(model, MT940_LAYOUTS['envelope-bank-code-german-entry-dates']), context),
  );
  assert.equal(read.accountKind, null);
  assert.equal(read.periodStart, '2025-12-20');
  assert.equal(read.periodEnd, '2026-01-08');
  assert.deepEqual(
    read.lines.map((line) => line.date),
    model.lines.map((line) => line.date),
  );
});

// A hand-written export (no envelope), expected values spelled out: RC/RD marks, a funds code, a
// line described only by its :61: supplementary details, a statement-level :86: after :62F:.
const LITERAL_MT940 = [
  ':20:STARTUMSE',
  ':25:10020030/1234567890',
  ':28C:00012/001',
  ':60F:C260228EUR1000,00',
  ':61:2603020302DR150,25NMSCNONREF',
  ':86:Stadtwerke Musterstadt Abschlag',
  'Maerz 2026',
  ':61:260303C2000,NTRFREF-88//B77',
  'Honorar Projekt X',
  ':61:2603050305RC10,00NCHGNONREF',
  ':86:/NAME/Bank Fees/REMI/USTD//Reversal of fee credit/',
  ':61:2603060306RD5,5NCHGNONREF',
  ':86:166?00GUTSCHRIFT?20EREF+X1?21SVWZ+Erstattung?22 Gebuehr?32Muster Bank',
  ':62F:C260331EUR2845,25',
  ':86:Kontoauszug 12',
  '-',
].join('\r\n');

test('MT940: a literal statement with every mark and description style', async () => {
  const read = statementOf(
    await readMt940Statement(Buffer.from(LITERAL_MT940, 'latin1'), { ...context, hints: { kind: 'checking' } }),
  );
  assert.deepEqual(read, {
    institutionName: '10020030',
    accountLast4: '7890',
    accountKind: 'checking',
    currency: 'EUR',
    periodStart: '2026-03-01',
    periodEnd: '2026-03-31',
    openingBalance: '1000.00',
    closingBalance: '2845.25',
    lines: [
      {
        date: '2026-03-02',
        description: 'Stadtwerke Musterstadt Abschlag Maerz 2026',
        amount: '150.25',
        balance: null,
      },
      { date: '2026-03-03', description: 'Honorar Projekt X', amount: '-2000.00', balance: null },
      { date: '2026-03-05', description: 'Bank Fees Reversal of fee credit', amount: '10.00', balance: null },
      { date: '2026-03-06', description: 'Muster Bank Erstattung Gebuehr', amount: '-5.50', balance: null },
    ],
  });
});

test('MT940: damaged, empty and foreign files are rejected with the right reason', async () => {
  const model = makeStatement(5, { kind: 'checking', currency: 'EUR' });
  const good = renderMt940(model, MT940_LAYOUTS['iban-free-hard-wrap-entry-dates']).toString('latin1');
  const enveloped = renderMt940(model, MT940_LAYOUTS['envelope-bank-code-german-entry-dates']).toString('latin1');
  const cases: Array<[string, string | Buffer, string]> = [
    ['cut before the closing balance', good.slice(0, good.indexOf(':62F:')), 'document_unreadable'],
    ['envelope cut short', enveloped.slice(0, enveloped.length - 10), 'document_unreadable'],
    [
      'binary noise',
      Buffer.from(Array.from({ length: 2000 }, (_, index) => (index * 13) % 256)),
      'document_unreadable',
    ],
    ['malformed :61:', good.replace(/:61:\d+/, ':61:XYZ'), 'document_unreadable'],
    ['malformed balance', good.replace(/:60F:C?D?/, ':60F:Q'), 'document_unreadable'],
    ['impossible date', good.replace(/:62F:([CD])\d{6}/, ':62F:$1261345'), 'document_unreadable'],
    [
      'no :61: lines',
      renderMt940(
        makeStatement(5, { kind: 'checking', currency: 'EUR', lineCount: 0 }),
        MT940_LAYOUTS['iban-free-hard-wrap-entry-dates'],
      ),
      'no_transactions',
    ],
    ['not MT940 at all', 'Dear customer,\nyour statement is attached.\n', 'document_unreadable'],
  ];
  for (const [name, content, reason] of cases) {
    const outcome = await readMt940Statement(
      Buffer.isBuffer(content) ? content : Buffer.from(content, 'latin1'),
      context,
    );
    assert.equal(!outcome.ok && outcome.reason, reason, `${name}: ${JSON.stringify(outcome).slice(0, 200)}`);
  }
});

test('MT940: messages for a second account in the same file are left aside', async () => {
  const mine = makeStatement(21, { kind: 'savings', currency: 'EUR' });
  const other = makeStatement(22, { kind: 'savings', currency: 'EUR' });
  const layout = MT940_LAYOUTS['iban-swift-subfields-daily'];
  const combined = Buffer.concat([renderMt940(mine, layout), renderMt940(other, layout)]);
  const read = statementOf(await readMt940Statement(combined, { ...context, hints: { kind: 'savings' } }));
  assert.deepEqual(read, {
    ...expectedStatement(mine, { institutionName: null }),
    lines: expectedStatement(mine).lines.map((line) => ({ ...line, balance: null })),
  });
});

test('property: any generated MT940 statement reads back exactly', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      fc.constantFrom(...KINDS),
      fc.constantFrom(...Object.keys(MT940_LAYOUTS)),
      fc.constantFrom('EUR', 'USD', 'KWD', 'JPY'),
      fc.integer({ min: 1, max: 30 }),
      async (seed, kind, layoutName, currency, lineCount) => {
        const model = makeStatement(seed, { kind, currency, lineCount });
        const read = statementOf(
          await readMt940Statement(renderMt940(model, MT940_LAYOUTS[layoutName]), { ...context, hints: { kind } }),
        );
        const expected = expectedStatement(model);
        assert.equal(read.openingBalance, expected.openingBalance);
        assert.equal(read.closingBalance, expected.closingBalance);
        assert.deepEqual([read.periodStart, read.periodEnd], [expected.periodStart, expected.periodEnd]);
        assert.deepEqual(
          read.lines.map((line) => [line.date, line.description, line.amount]),
          expected.lines.map((line) => [line.date, line.description, line.amount]),
        );
      },
    ),
    { numRuns: 60 },
  );
});
