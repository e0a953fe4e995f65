import assert from 'node:assert/strict';
import { test } from 'node:test';
import { datasetManifest, storedManifest } from '../../eval/manifest.ts';

test('the development and test sets are frozen: regenerating them matches the manifest, business by business', () => {
  const stored = storedManifest();
  const now = datasetManifest();
  assert.deepEqual(Object.keys(now).sort(), Object.keys(stored).sort());
  for (const group of Object.keys(stored)) {
    assert.deepEqual(Object.keys(now[group]).sort(), Object.keys(stored[group]).sort(), group);
    for (const [name, entry] of Object.entries(stored[group])) {
      assert.deepEqual(
        now[group][name],
        entry,
        `${group}/${name} changed: a data set edit must rewrite eval/manifest.json on purpose`,
      );
    }
  }
});
