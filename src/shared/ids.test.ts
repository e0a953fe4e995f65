import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isUuid, newId } from './ids.ts';

test('ids are version-7 UUIDs in lower-case hex', () => {
  for (let index = 0; index < 1000; index++) {
    const id = newId();
    assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.ok(isUuid(id));
  }
});

test('ids made later sort later, even many within one millisecond', () => {
  const ids = Array.from({ length: 20_000 }, () => newId());
  assert.deepEqual([...ids].sort(), ids);
  assert.equal(new Set(ids).size, ids.length);
});

test('the first 48 bits are the creation time in milliseconds', () => {
  const before = Date.now();
  const id = newId();
  const createdMs = parseInt(id.replace(/-/g, '').slice(0, 12), 16);
  assert.ok(createdMs >= before && createdMs <= Date.now() + 5, `${createdMs} not near ${before}`);
});
