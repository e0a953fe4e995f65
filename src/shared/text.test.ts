import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import {
  findControlCharacter,
  hasControlCharacter,
  replaceControlCharacters,
  visibleControlCharacters,
} from './text.ts';

test('every C0 control character and DEL is refused; tab, line feed and carriage return only where white space is allowed', () => {
  for (let code = 0; code < 0x80; code++) {
    const text = `a${String.fromCharCode(code)}b`;
    const control = code < 0x20 || code === 0x7f;
    assert.equal(hasControlCharacter(text, { allowWhiteSpace: false }), control, `U+${code.toString(16)}`);
    assert.equal(
      hasControlCharacter(text, { allowWhiteSpace: true }),
      control && ![0x09, 0x0a, 0x0d].includes(code),
      `U+${code.toString(16)} in free text`,
    );
  }
  assert.ok(!hasControlCharacter('Crème brûlée 💸 \u00a0\u2028', { allowWhiteSpace: false }), 'other unicode is text');
});

test('the first offending string or key is named the way clients name fields', () => {
  const policy = { allowWhiteSpace: true };
  assert.equal(
    findControlCharacter({ transactions: [{ description: 'ok' }, { description: 'a\u0000' }] }, policy),
    'transactions[1].description',
  );
  assert.equal(findControlCharacter({ 'we\u0000ird': 1 }, policy), 'we\\u0000ird');
  assert.equal(findControlCharacter('\u0001', policy), '');
  assert.equal(findControlCharacter({ a: ['x\ty', { b: 'line\r\n' }], n: 1, z: null }, policy), undefined);
  assert.equal(findControlCharacter({ search: 'x\ty' }, { allowWhiteSpace: false }), 'search');
});

test('a body nested far deeper than any stack is walked without overflowing', () => {
  let deep: unknown = 'bottom\u0000';
  for (let level = 0; level < 200_000; level++) deep = [deep];
  assert.equal(findControlCharacter(deep, { allowWhiteSpace: true })?.length, '[0]'.length * 200_000);
});

test('property: replacing and showing control characters leaves none', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary' }), (text) => {
      assert.ok(!hasControlCharacter(replaceControlCharacters(text), { allowWhiteSpace: false }));
      assert.ok(!hasControlCharacter(visibleControlCharacters(text), { allowWhiteSpace: false }));
    }),
  );
});
