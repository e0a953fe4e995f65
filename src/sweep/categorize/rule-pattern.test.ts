import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { compilePattern, normalizeForMatching, patternMatches, patternProblem } from './rule-pattern.ts';

const matches = (pattern: string, text: string) => patternMatches(compilePattern(pattern), normalizeForMatching(text));

test('a pattern is a case-insensitive substring; * spans any run of characters', () => {
  assert.equal(matches('figma', 'POS FIGMA MONTHLY 0601'), true);
  assert.equal(matches('FIG*MONTHLY', 'figma  monthly plan'), true);
  assert.equal(matches('MONTHLY*FIG', 'FIGMA MONTHLY'), false, 'pieces must appear in order');
  assert.equal(matches('AA*AA', 'AAA'), false, 'pieces do not overlap');
  assert.equal(matches('uber', 'SUBERB CAFE'), true, 'a substring is a substring');
});

test('patterns that are empty, too long, all wildcards or carry control characters are refused', () => {
  assert.match(patternProblem('') ?? '', /empty/);
  assert.match(patternProblem('*  *') ?? '', /at least/);
  assert.match(patternProblem('a*') ?? '', /at least/);
  assert.match(patternProblem('x'.repeat(101)) ?? '', /at most 100/);
  assert.match(patternProblem('AB\u0007') ?? '', /control/);
  assert.equal(patternProblem('GUSTO*NET PAY'), null);
});

test('matching agrees with an equivalent regular expression and stays fast on hostile input', () => {
  fc.assert(
    fc.property(
      fc.array(fc.stringMatching(/^[AB ]{0,4}$/), { minLength: 1, maxLength: 5 }),
      fc.stringMatching(/^[AB ]{0,30}$/),
      (pieces, text) => {
        const pattern = pieces.join('*');
        const compiled = compilePattern(pattern);
        if (compiled.pieces.length === 0) return;
        const escaped = compiled.pieces.map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
        const expected = new RegExp(escaped.join('.*')).test(normalizeForMatching(text));
        assert.equal(patternMatches(compiled, normalizeForMatching(text)), expected);
      },
    ),
  );
  const hostile = `${'A*'.repeat(49)}B`;
  const started = performance.now();
  assert.equal(matches(hostile, 'A'.repeat(100_000)), false);
  assert.ok(performance.now() - started < 200, 'no backtracking blow-up');
});
