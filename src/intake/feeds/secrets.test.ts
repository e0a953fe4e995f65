import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { assertProviderUrl, isLoopback } from './provider.ts';
import { loadSecretKey, parseSecretKey, SECRET_KEY_FILE, SecretBox, SecretKeyError } from './secrets.ts';

test('a sealed secret opens with its key and connection only, and never shows the plain text', () => {
  const box = new SecretBox(Buffer.alloc(32, 7));
  const sealed = box.seal('https://user:pass@bridge.example/simplefin', 'conn-1');
  assert.ok(!sealed.includes('pass') && !sealed.includes('bridge'));
  assert.notEqual(box.seal('same', 'conn-1'), box.seal('same', 'conn-1'), 'a fresh IV each time');
  assert.equal(box.open(sealed, 'conn-1'), 'https://user:pass@bridge.example/simplefin');
  assert.throws(() => box.open(sealed, 'conn-2'), SecretKeyError, 'bound to its connection');
  assert.throws(() => new SecretBox(Buffer.alloc(32, 8)).open(sealed, 'conn-1'), SecretKeyError, 'another key');
  const bytes = Buffer.from(sealed.slice(3), 'base64');
  bytes[bytes.length - 1] ^= 1;
  assert.throws(() => box.open(`v1:${bytes.toString('base64')}`, 'conn-1'), SecretKeyError, 'tampered');
  assert.equal(JSON.stringify({ box }), '{"box":"[SecretBox]"}');
});

test('the key comes from BOOKKEEPING_SECRET_KEY, or a 0600 key file made once beside the data', () => {
  assert.equal(parseSecretKey('ab'.repeat(32)).length, 32);
  assert.equal(parseSecretKey(Buffer.alloc(32, 1).toString('base64')).length, 32);
  assert.throws(() => parseSecretKey('short'), SecretKeyError);
  const directory = mkdtempSync(join(tmpdir(), 'feed-key-'));
  try {
    const first = loadSecretKey(null, join(directory, 'data'));
    const mode = statSync(join(directory, 'data', SECRET_KEY_FILE)).mode & 0o777;
    assert.equal(mode, 0o600);
    assert.deepEqual(loadSecretKey(null, join(directory, 'data')), first, 'the same key on the next start');
    assert.deepEqual(
      loadSecretKey('cd'.repeat(32), join(directory, 'data')),
      Buffer.from('cd'.repeat(32), 'hex'),
      'configuration wins',
    );
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});

test('provider URLs are https, or plain http on a loopback address only', () => {
  assert.equal(assertProviderUrl('https://bridge.simplefin.org/simplefin', 'x').hostname, 'bridge.simplefin.org');
  for (const url of ['http://127.0.0.1:8080/a', 'http://127.5.6.7/a', 'http://[::1]:9000/a'])
    assert.ok(assertProviderUrl(url, 'x'));
  for (const url of [
    'http://bridge.simplefin.org/a',
    'http://10.0.0.1/a',
    'http://localhost.evil.example/a',
    'http://127.0.0.1.nip.io/a',
    'ftp://127.0.0.1/a',
    'not a url',
  ]) {
    assert.throws(() => assertProviderUrl(url, 'x'), /https|not a URL/, url);
  }
  assert.equal(isLoopback('128.0.0.1'), false);
  assert.equal(isLoopback('127.0.0.256'), false);
});
