import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lookupDirectory } from '../../src/sweep/categorize/directory/lookup.ts';
import { cleanDescriptor } from '../../src/descriptor/descriptor.ts';
import { directoryEntries } from '../../src/sweep/categorize/directory/lookup.ts';
import { isHeldOutBrand } from '../../scripts/build-directory.ts';
import { generatedDescriptorSet, isFittingRow } from '../../eval/descriptors/generate.ts';
import { US_CHART } from '../../src/chart/us-chart.ts';

const rows = generatedDescriptorSet();

test('the generated set is deterministic, labelled with chart accounts, money out, and split about in half for fitting', () => {
  assert.ok(rows.length > 1500, `${rows.length} rows`);
  assert.equal(new Set(rows.map((row) => row.id)).size, rows.length);
  const accounts = new Set(US_CHART.map((account) => account.accountNumber));
  for (const row of rows) {
    assert.ok(accounts.has(row.label), row.id);
    assert.ok(row.amountMinor > 0 && Number.isInteger(row.amountMinor), row.id);
    assert.ok(row.merchantCategoryCode === null || /^\d{4}$/.test(row.merchantCategoryCode), row.id);
    assert.ok(row.description.length > 0 && row.description.length <= 500, row.id);
  }
  const fitting = rows.filter((row) => isFittingRow(row.id)).length;
  assert.ok(fitting > rows.length * 0.4 && fitting < rows.length * 0.6, `${fitting} of ${rows.length} fit`);
  for (const source of ['brand', 'local'])
    assert.ok(
      rows.some((row) => row.source === source),
      source,
    );
});

test('no brand of the test set is in the directory: held out by the split, and none the hand-kept directory lists', () => {
  const brandNames = new Set(
    directoryEntries()
      .filter((entry) => entry.source === 'name-suggestion-index')
      .map((entry) => entry.name.toUpperCase()),
  );
  for (const row of rows.filter((candidate) => candidate.source === 'brand')) {
    assert.ok(
      !brandNames.has(row.merchantName.normalize('NFD').replace(/[\u0300-\u036f]/g, '')),
      `${row.merchantName} is in brands.csv`,
    );
    const listed = lookupDirectory(cleanDescriptor(row.merchantName), 'out', null);
    assert.ok(!listed || listed.source !== 'curated', `${row.merchantName} is hand-listed`);
  }
  // The split is a pure function of the index id.
  assert.equal(isHeldOutBrand('abc'), isHeldOutBrand('abc'));
});

test('the shapes banks print are all there: processors, network padding, CHECKCARD, POS DEBIT, ACH with company ids', () => {
  const shapes = new Set(rows.map((row) => row.shape.split(' ')[0]));
  for (const shape of [
    'processor',
    'network',
    'checkcard',
    'pos-debit',
    'debit-card',
    'wallet',
    'truncated',
    'ach',
    'bank',
  ])
    assert.ok(shapes.has(shape), shape);
  assert.ok(rows.some((row) => row.description.startsWith('TST* ')));
  assert.ok(rows.some((row) => /^CHECKCARD \d{4} /.test(row.description)));
  assert.ok(rows.some((row) => /ORIG ID:\d{10}|ID:/.test(row.description)));
  // Network padding: the city starts at column 26 and the state follows the 13 columns of the city.
  assert.ok(rows.some((row) => row.shape === 'network' && /^.{25}[A-Z ]{13}[A-Z]{2}$/.test(row.description)));
});
