import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { readCsvStatement } from './csv.ts';
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
          assert.deepEqual(statementOf(outcome), layout.expected(model), `${name} ${kind} ${currency} seed ${seed - 1}`);
          assert.equal(outcome.ok && outcome.format, 'csv');
        }
      }
    }
  }
});
