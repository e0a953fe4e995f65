import assert from 'node:assert/strict';
import test from 'node:test';
import { newKeyId } from './api-keys.ts';

test('a key id is twelve base64url characters that never start with a dash or underscore', () => {
  // 1 in 32 raw base64url ids starts with "-" or "_"; 5,000 draws would meet one with near certainty.
  for (let draw = 0; draw < 5000; draw += 1) {
    const id = newKeyId();
    assert.match(id, /^[A-Za-z0-9][A-Za-z0-9_-]{11}$/);
  }
});
