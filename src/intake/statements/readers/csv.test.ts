import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { readCsvStatement } from './csv.ts';
import { readStatementTable } from './table.ts';
import type { ReadOutcome, ReaderContext } from '../types.ts';
import { makeStatement } from '../../../../test/fixtures/statements/formats/model.ts';
import { TABLE_LAYOUTS, renderCsv, toCsv } from '../../../../test/fixtures/statements/formats/tables.ts';

const context: ReaderContext = { filename: 'export.csv', mediaType: 'text/csv', hints: {} };

function statementOf(outcome: ReadOutcome) {
  assert.ok(outcome.ok, `expected a statement, got ${JSON.stringify(outcome)}`);
  return outcome.statement;
}

test('CSV: every layout, for each kind it exports, read field by field', async () => {
  let seed = 1300;
  for (const [name, layout] of Object.entries(TABLE_LAYOUTS)) {
    for (const kind of layout.kinds) {
      for (const currency of layout.currencies) {
        for (let variant = 0; variant < 3; variant += 1) {
          const model = makeStatement(seed++, { kind, currency });
          const hints = layout.needsKindHint ? { kind } : {};
          const outcome = await readCsvStatement(renderCsv(model, name), { ...context, hints });
          assert.deepEqual(
            statementOf(outcome),
            layout.expected(model),
            `${name} ${kind} ${currency} seed ${seed - 1}`,
          );
          assert.equal(outcome.ok && outcome.format, 'csv');
        }
      }
    }
  }
});

test('CSV: a newest-first export across New Year, with running balances, keeps chronological lines', async () => {
  const model = makeStatement(4242, {
    kind: 'checking',
    currency: 'USD',
    periodStart: '2025-12-10',
    days: 40,
    lineCount: 80,
  });
  const layout = TABLE_LAYOUTS['bank-export-details-indicator-balance'];
  const read = statementOf(
    await readCsvStatement(renderCsv(model, 'bank-export-details-indicator-balance'), {
      ...context,
      hints: { kind: 'checking' },
    }),
  );
  assert.deepEqual(read, layout.expected(model));
  assert.ok(read.periodStart.startsWith('2025-12') && read.periodEnd.startsWith('2026-01'));
});

test('CSV: a literal card export (post date preferred, payments positive, memo appended)', async () => {
  const csv = [
    'Card,Transaction Date,Post Date,Description,Category,Type,Amount,Memo',
    '4821,03/30/2026,03/31/2026,AMAZON MKTPLACE PMTS,Shopping,Sale,-1234.50,',
    '4821,03/14/2026,03/15/2026,Payment Thank You-Mobile,,Payment,2000.00,',
    '4821,03/01/2026,03/02/2026,"UBER   *TRIP",Travel,Sale,-18.07,"Ride, airport"',
  ].join('\n');
  assert.deepEqual(statementOf(await readCsvStatement(Buffer.from(csv), context)), {
    institutionName: null,
    accountLast4: '4821',
    accountKind: 'credit_card',
    currency: null,
    periodStart: '2026-03-02',
    periodEnd: '2026-03-31',
    openingBalance: null,
    closingBalance: null,
    lines: [
      { date: '2026-03-02', description: 'UBER *TRIP Ride, airport', amount: '18.07', balance: null },
      { date: '2026-03-15', description: 'Payment Thank You-Mobile', amount: '-2000.00', balance: null },
      { date: '2026-03-31', description: 'AMAZON MKTPLACE PMTS', amount: '1234.50', balance: null },
    ],
  });
});

test('CSV: a literal German export with a Soll/Haben column, stated balances and times on the dates', async () => {
  const csv = [
    'Umsätze Girokonto;;;;',
    'IBAN:;DE02 1203 0000 0000 2020 51;;;',
    'Alter Kontostand:;1.000,00 EUR;;;',
    'Neuer Kontostand:;-234,56 EUR;;;',
    ';;;;',
    'Buchungstag;Empfänger;Verwendungszweck;Umsatz;Soll/Haben',
    '05.03.2026 09:14;Finanzamt;Umsatzsteuer Q4;"1.500,00";S',
    '03.03.2026 17:02;Kunde GmbH;Rechnung 7;265,44;H',
  ].join('\r\n');
  const read = statementOf(
    await readCsvStatement(Buffer.from(csv, 'latin1'), { ...context, hints: { kind: 'checking', currency: 'EUR' } }),
  );
  assert.deepEqual(read, {
    institutionName: null,
    accountLast4: '2051',
    accountKind: 'checking',
    currency: 'EUR',
    periodStart: '2026-03-03',
    periodEnd: '2026-03-05',
    openingBalance: '1000.00',
    closingBalance: '-234.56',
    lines: [
      { date: '2026-03-03', description: 'Kunde GmbH Rechnung 7', amount: '-265.44', balance: null },
      { date: '2026-03-05', description: 'Finanzamt Umsatzsteuer Q4', amount: '1500.00', balance: null },
    ],
  });
});

test('CSV: a currency column names the currency, and dates that read both ways are day-first outside US dollars', async () => {
  const csv = [
    'Date,Description,Amount,Currency,Balance',
    '02/03/2026,Rent,-1200.00,GBP,800.00',
    '01/03/2026,Opening deposit,2000.00,GBP,2000.00',
  ].join('\n');
  const read = statementOf(await readCsvStatement(Buffer.from(csv), context));
  assert.equal(read.currency, 'GBP');
  assert.deepEqual(
    read.lines.map((line) => line.date),
    ['2026-03-01', '2026-03-02'],
  );
  assert.equal(read.openingBalance, '0.00');
  assert.equal(read.closingBalance, '800.00');
  const dollars = statementOf(await readCsvStatement(Buffer.from(csv.replace(/GBP/g, 'USD')), context));
  assert.deepEqual(
    dollars.lines.map((line) => line.date),
    ['2026-01-03', '2026-02-03'],
  );
});

test('CSV: not statements, damaged files and empty tables are rejected with the right reason', async () => {
  const cases: Array<[string, Buffer, string]> = [
    [
      'a contact list',
      Buffer.from(
        'Name,Email,Phone,Company\nAda Lovelace,ada@example.com,555-0100,Analytical Engines\nAlan Turing,alan@example.com,555-0199,Bletchley\n',
      ),
      'not_a_bank_statement',
    ],
    ['a letter', Buffer.from('Dear customer\nthank you for your business\n'), 'not_a_bank_statement'],
    ['binary noise', Buffer.from(Array.from({ length: 3000 }, (_, index) => (index * 7) % 256)), 'document_unreadable'],
    [
      'an unclosed quote',
      Buffer.from('Date,Description,Amount\n03/01/2026,"COFFEE,-4.50\n03/02/2026,TEA,-3.00\n'),
      'document_unreadable',
    ],
    [
      'an unreadable amount',
      Buffer.from(
        'Date,Description,Amount\n03/01/2026,COFFEE,-4.50\n03/02/2026,TEA,three\n03/03/2026,CAKE,-2.00\n03/04/2026,PIE,-1.00\n',
      ),
      'document_unreadable',
    ],
    [
      'rows in two currencies',
      Buffer.from('Date,Description,Amount,Currency\n03/01/2026,COFFEE,-4.50,USD\n03/02/2026,TEA,-3.00,EUR\n'),
      'document_unreadable',
    ],
    ['a header and no rows', Buffer.from('Date,Description,Amount,Balance\n'), 'no_transactions'],
    ['an empty file', Buffer.from(''), 'no_transactions'],
  ];
  for (const [name, bytes, reason] of cases) {
    const outcome = await readCsvStatement(bytes, context);
    assert.equal(!outcome.ok && outcome.reason, reason, `${name}: ${JSON.stringify(outcome).slice(0, 300)}`);
  }
});

test('CSV: UTF-16 exports with a byte-order mark read like UTF-8 ones', async () => {
  const model = makeStatement(55, { kind: 'savings', currency: 'GBP' });
  const utf8 = renderCsv(model, 'uk-tab-money-in-out').subarray(3).toString('utf8');
  const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(utf8, 'utf16le')]);
  assert.deepEqual(
    statementOf(await readCsvStatement(utf16, context)),
    TABLE_LAYOUTS['uk-tab-money-in-out'].expected(model),
  );
});

test('property: any generated statement in any CSV layout reads back exactly', async () => {
  const cases = Object.entries(TABLE_LAYOUTS).flatMap(([name, layout]) =>
    layout.kinds.flatMap((kind) => layout.currencies.map((currency) => ({ name, kind, currency }))),
  );
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      fc.constantFrom(...cases),
      fc.integer({ min: 1, max: 40 }),
      async (seed, { name, kind, currency }, lineCount) => {
        const model = makeStatement(seed, { kind, currency, lineCount });
        const layout = TABLE_LAYOUTS[name];
        const outcome = await readCsvStatement(renderCsv(model, name), {
          ...context,
          hints: layout.needsKindHint ? { kind } : {},
        });
        assert.deepEqual(statementOf(outcome), layout.expected(model));
      },
    ),
    { numRuns: 80 },
  );
});

test('CSV: a card export whose balances are all below zero, with nothing that says which way money moved, is rejected rather than guessed', async () => {
  // Printed from the holder's side (owed negative, purchases negative), this export reads exactly like
  // a card in credit whose every line is a refund: each reading turns every amount.
  const model = makeStatement(77, { kind: 'credit_card', currency: 'EUR' });
  const holderView = renderCsv(model, 'german-semicolon-preamble');
  const outcome = await readCsvStatement(holderView, context);
  assert.equal(outcome.ok, false);
  assert.equal(!outcome.ok && outcome.reason, 'document_unreadable');
  assert.match(!outcome.ok ? outcome.message : '', /does not show which way its money moved/);
  // The same lines with the balances printed owed-positive, as a card statement states them: read exactly.
  const turn = (field: string) =>
    field.replace(/^("?)(-?)/, (_, quote: string, minus: string) => `${quote}${minus ? '' : '-'}`);
  const owed = holderView
    .toString('latin1')
    .split('\n')
    .map((row) => {
      const fields = row.split(';');
      if (/saldo:$/i.test(fields[0]) || (fields.length === 6 && /^\d{2}\.\d{2}\.\d{4}$/.test(fields[0])))
        fields[fields.length - 1] = turn(fields[fields.length - 1]);
      return fields.join(';');
    })
    .join('\n');
  assert.deepEqual(
    statementOf(await readCsvStatement(Buffer.from(owed, 'latin1'), context)),
    TABLE_LAYOUTS['german-semicolon-preamble'].expected(model),
  );
});

test('a table is consumed by its reading: its rows are let go before the lines are built', () => {
  const rows = [
    ['Date', 'Description', 'Amount'],
    ['2026-03-02', 'COFFEE', '-4.50'],
    ['2026-03-03', 'CLIENT PAYMENT', '1200.00'],
  ];
  const outcome = readStatementTable(rows, { ...context, hints: { kind: 'checking' } }, 'csv', 'CSV file');
  assert.deepEqual(
    statementOf(outcome).lines.map((line) => [line.date, line.amount]),
    [
      ['2026-03-02', '4.50'],
      ['2026-03-03', '-1200.00'],
    ],
  );
  // The caller's array no longer holds the rows: a million-row table is not kept beside its lines.
  assert.equal(rows.length, 0);
});
