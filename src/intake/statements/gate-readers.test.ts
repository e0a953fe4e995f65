import assert from 'node:assert/strict';
import { test } from 'node:test';
import { prepareStatement } from './prepare.ts';
import { readCamt053Statement } from './readers/camt053.ts';
import { readCsvStatement } from './readers/csv.ts';
import { readMt940Statement } from './readers/mt940.ts';
import { readOfxStatement } from './readers/ofx.ts';
import { readPdfStatement } from './readers/pdf.ts';
import type { ReadOutcome, StatementAccountKind } from './types.ts';
import { CAMT_LAYOUTS, renderCamt053 } from '../../../test/fixtures/statements/formats/camt053.ts';
import { closingMinor, makeStatement } from '../../../test/fixtures/statements/formats/model.ts';
import { MT940_LAYOUTS, renderMt940 } from '../../../test/fixtures/statements/formats/mt940.ts';
import { OFX_LAYOUTS, renderOfx } from '../../../test/fixtures/statements/formats/ofx.ts';
import { TABLE_LAYOUTS, renderCsv } from '../../../test/fixtures/statements/formats/tables.ts';
import { textFixtures } from '../../../test/fixtures/statements/models.ts';
import { renderStatementPdf } from '../../../test/fixtures/statements/render-pdf.ts';

/**
 * The gate must not reject well-formed statements: every reader's fixture that states its period and
 * balances passes it as read, and one that states neither passes exactly when the upload supplies them.
 */
function gate(
  outcome: ReadOutcome,
  hints: { openingBalance?: string; closingBalance?: string; kind?: StatementAccountKind } = {},
) {
  assert.ok(outcome.ok, JSON.stringify(outcome));
  return prepareStatement(outcome.statement, outcome.evidence, undefined, hints);
}

test('every text PDF fixture passes the gate as read', async () => {
  for (const fixture of textFixtures) {
    const prepared = gate(
      await readPdfStatement(await renderStatementPdf(fixture), {
        filename: 's.pdf',
        mediaType: 'application/pdf',
        hints: {},
      }),
    );
    assert.ok(prepared.ok, `${fixture.name}: ${prepared.ok ? '' : prepared.rejection.message}`);
  }
});

test('data files (OFX, CAMT.053, MT940) pass the gate as read', async () => {
  let seed = 7100;
  for (const [name, layout] of Object.entries(OFX_LAYOUTS)) {
    const prepared = gate(
      await readOfxStatement(renderOfx(makeStatement(seed++, { kind: 'checking', currency: 'USD' }), layout), {
        filename: 'a.ofx',
        mediaType: null,
        hints: {},
      }),
    );
    assert.ok(prepared.ok, `ofx ${name}: ${prepared.ok ? '' : prepared.rejection.message}`);
  }
  for (const [name, layout] of Object.entries(CAMT_LAYOUTS)) {
    const prepared = gate(
      await readCamt053Statement(renderCamt053(makeStatement(seed++, { kind: 'checking', currency: 'EUR' }), layout), {
        filename: 'a.xml',
        mediaType: null,
        hints: {},
      }),
    );
    assert.ok(prepared.ok, `camt ${name}: ${prepared.ok ? '' : prepared.rejection.message}`);
  }
  for (const [name, layout] of Object.entries(MT940_LAYOUTS)) {
    const prepared = gate(
      await readMt940Statement(renderMt940(makeStatement(seed++, { kind: 'checking', currency: 'EUR' }), layout), {
        filename: 'a.sta',
        mediaType: null,
        hints: {},
      }),
      { kind: 'checking' },
    );
    assert.ok(prepared.ok, `mt940 ${name}: ${prepared.ok ? '' : prepared.rejection.message}`);
  }
});

test('CSV layouts pass the gate as read when they state their period and balances, and with the balances supplied when they do not', async () => {
  let seed = 7300;
  const outcomes = { asRead: 0, supplied: 0 };
  for (const [name, layout] of Object.entries(TABLE_LAYOUTS)) {
    for (const kind of layout.kinds) {
      const model = makeStatement(seed++, { kind, currency: layout.currencies[0] });
      const outcome = await readCsvStatement(renderCsv(model, name), {
        filename: 'a.csv',
        mediaType: 'text/csv',
        hints: layout.needsKindHint ? { kind } : {},
      });
      assert.ok(outcome.ok);
      const stated = Object.values(outcome.evidence.sources).every((source) => source === 'stated');
      const decimal = (minor: number) => (minor / 100).toFixed(2);
      const hints = stated
        ? { kind }
        : { kind, openingBalance: decimal(model.openingMinor), closingBalance: decimal(closingMinor(model)) };
      const prepared = prepareStatement(
        { ...outcome.statement, currency: outcome.statement.currency ?? model.currency },
        outcome.evidence,
        undefined,
        hints,
      );
      assert.ok(prepared.ok, `${name} ${kind}: ${prepared.ok ? '' : prepared.rejection.message}`);
      outcomes[stated ? 'asRead' : 'supplied'] += 1;
    }
  }
  assert.ok(outcomes.asRead > 0 && outcomes.supplied > 0, JSON.stringify(outcomes));
});
