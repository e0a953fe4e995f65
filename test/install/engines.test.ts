import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import semver from 'semver';

/**
 * `npm ci` is the install step, and package.json's `engines` says which Node it supports: every
 * package the lock file installs has to run there, or `npm ci` warns (EBADENGINE) and the package may
 * use what that Node lacks. A dependency that moves past it is pinned back (an `overrides` entry) or
 * its parent changed, and this test names it.
 */
const root = new URL('../../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8'));

test('every locked package supports the oldest Node line that engines admits', () => {
  const supported = semver.minVersion(manifest.engines.node)!;
  // The whole of that major line need not work (a package may ask for a later 20.x), but some release of it must.
  const line = `>=${supported.version} <${supported.major + 1}.0.0`;
  const refusing = Object.entries(
    lock.packages as Record<string, { engines?: { node?: string } | string[]; dev?: boolean }>,
  )
    .filter(([path, entry]) => path !== '' && entry.engines && !Array.isArray(entry.engines) && entry.engines.node)
    .filter(([, entry]) => !semver.intersects(line, (entry.engines as { node: string }).node))
    .map(([path, entry]) => `${path} (node ${(entry.engines as { node: string }).node})`);
  assert.deepEqual(refusing, [], `engines.node is ${manifest.engines.node}`);
});

test('the cookie light-my-request (Fastify inject) resolves is the overridden 1.x, with the function it calls', () => {
  const fromLightMyRequest = createRequire(new URL('node_modules/light-my-request/lib/cookies.js', root));
  const cookiePackage = fromLightMyRequest('cookie/package.json') as { version: string };
  assert.equal(semver.major(cookiePackage.version), 1, `cookie ${cookiePackage.version}`);
  assert.equal(
    typeof (fromLightMyRequest('cookie') as { stringifySetCookie?: unknown }).stringifySetCookie,
    'function',
  );
  assert.equal(manifest.overrides['light-my-request'].cookie, '^1.1.1');
});
