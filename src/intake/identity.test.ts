import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import fc from 'fast-check';
import { contentKey, externalIdFor } from './identity.ts';

test('the content key is the first 128 bits of the sha-256 of date|amount|normalized description, as stored rows have it', () => {
  // Keys already stored must keep matching: the key is a stored identity, not an implementation detail.
  fc.assert(
    fc.property(
      fc.date({ min: new Date('1900-01-01'), max: new Date('2199-12-31'), noInvalidDate: true }),
      fc.integer({ min: -1e12, max: 1e12 }),
      fc.string({ minLength: 1, maxLength: 80 }),
      (date, amountMinor, description) => {
        const day = date.toISOString().slice(0, 10);
        const normalized = description.trim().replace(/\s+/g, ' ').toUpperCase();
        const expected = createHash('sha256').update(`${day}|${amountMinor}|${normalized}`).digest('hex').slice(0, 32);
        assert.equal(contentKey(day, amountMinor, description), expected);
      },
    ),
  );
  assert.equal(contentKey('2026-03-01', 1234, ' coffee   shop '), contentKey('2026-03-01', 1234, 'COFFEE SHOP'));
  assert.equal(externalIdFor(undefined, 'abc'), 'derived:abc');
  assert.equal(externalIdFor('r1', 'abc'), 'id:r1');
});
