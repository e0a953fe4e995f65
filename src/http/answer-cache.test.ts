import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { AnswerCache } from './answer-cache.ts';

test('property: an answer comes back only under the version it was kept under, within the bounds, newest kept', () => {
  const operation = fc.oneof(
    fc.record({ kind: fc.constant('set' as const), key: fc.nat(6), version: fc.nat(3), length: fc.nat(40) }),
    fc.record({ kind: fc.constant('get' as const), key: fc.nat(6), version: fc.nat(3) }),
  );
  fc.assert(
    fc.property(fc.array(operation, { maxLength: 80 }), (operations) => {
      const maxEntries = 4;
      const maxCharacters = 200;
      const cache = new AnswerCache(maxEntries, maxCharacters);
      // The model: what was last kept per key, and in which order keys were last touched.
      const kept = new Map<number, { version: number; body: string }>();
      for (const [index, step] of operations.entries()) {
        if (step.kind === 'set') {
          const body = `${index}`.padEnd(step.length, '.');
          cache.set(`k${step.key}`, `v${step.version}`, body);
          if (body.length <= maxCharacters / 10) kept.set(step.key, { version: step.version, body });
          continue;
        }
        const answer = cache.get(`k${step.key}`, `v${step.version}`);
        const model = kept.get(step.key);
        // Never an answer of another version, nor one that was not the last kept for its key.
        if (answer !== undefined) assert.deepEqual({ version: step.version, body: answer }, model);
        if (model && model.version !== step.version) kept.delete(step.key);
        assert.ok(cache.size <= maxEntries);
      }
    }),
    { numRuns: 500 },
  );
});

test('the most recently used answers are the ones kept', () => {
  const cache = new AnswerCache(2, 1_000);
  cache.set('a', 'v', 'A');
  cache.set('b', 'v', 'B');
  assert.equal(cache.get('a', 'v'), 'A');
  cache.set('c', 'v', 'C');
  assert.deepEqual([cache.get('a', 'v'), cache.get('b', 'v'), cache.get('c', 'v')], ['A', undefined, 'C']);
  cache.set('big', 'v', 'x'.repeat(101));
  assert.equal(cache.get('big', 'v'), undefined, 'longer than a tenth of the characters: not kept');
});
