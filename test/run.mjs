#!/usr/bin/env node
/**
 * `npm test [-- files…]`: type-checks (the service and the web app), then runs the test files with
 * node:test, two at a time, on the database DATABASE_URL names (SQLite by default).
 *
 * On PostgreSQL only the files that can reach the database run: a file whose imports never lead to
 * src/db/ or the test harness, and which starts no process of the service, behaves the same whatever
 * DATABASE_URL says (statement readers, OCR, date and money parsing, the compliance rules…), so
 * running it twice would measure nothing new. SKIP_TYPECHECK=1 leaves the type check out (CI runs it
 * once, in the SQLite pass).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.env.SKIP_TYPECHECK !== '1') {
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  run(process.execPath, [tsc, '--noEmit']);
  run(process.execPath, [tsc, '--noEmit', '-p', 'web']);
}

function testFiles(directory) {
  const found = [];
  for (const entry of readdirSync(directory)) {
    if (entry === 'node_modules') continue;
    const path = join(directory, entry);
    if (statSync(path).isDirectory()) found.push(...testFiles(path));
    else if (entry.endsWith('.test.ts')) found.push(relative(root, path));
  }
  return found;
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)|^\s*import\s+['"](\.[^'"]+)['"]/gm;
const DATABASE_LAYER = [join(root, 'src', 'db') + '/', join(root, 'test', 'support', 'harness.ts')];
// A test that starts the service's command line or names the database itself is a database test.
const STARTS_THE_SERVICE = /bin\/bookkeeping|DATABASE_URL|DATABASE_SCHEMA/;

/** The files among `tests` whose imports, followed through the tree, reach the database layer. */
function reachingDatabase(tests) {
  const importers = new Map(); // file → the files that import it
  const reaches = new Set();
  const pending = [...tests];
  const seen = new Set(pending);
  while (pending.length > 0) {
    const file = pending.pop();
    if (DATABASE_LAYER.some((layer) => file === layer || file.startsWith(layer))) {
      reaches.add(file);
      continue;
    }
    const source = readFileSync(file, 'utf8');
    if (STARTS_THE_SERVICE.test(source)) reaches.add(file);
    for (const match of source.matchAll(IMPORT)) {
      const target = resolve(dirname(file), match[1] ?? match[2] ?? match[3]);
      if (!existsSync(target) || !statSync(target).isFile()) continue;
      if (!importers.has(target)) importers.set(target, []);
      importers.get(target).push(file);
      if (!seen.has(target)) {
        seen.add(target);
        pending.push(target);
      }
    }
  }
  const spreading = [...reaches];
  while (spreading.length > 0) {
    for (const importer of importers.get(spreading.pop()) ?? []) {
      if (!reaches.has(importer)) {
        reaches.add(importer);
        spreading.push(importer);
      }
    }
  }
  return new Set(tests.filter((file) => reaches.has(file)));
}

const named = process.argv.slice(2);
let files = named.length > 0 ? named : [...testFiles('src'), ...testFiles('test')].sort();
const onPostgres = /^postgres(ql)?:/.test(process.env.DATABASE_URL ?? '');
if (onPostgres && named.length === 0) {
  const all = files.length;
  const reaching = reachingDatabase(files.map((file) => resolve(file)));
  files = files.filter((file) => reaching.has(resolve(file)));
  process.stdout.write(
    `# PostgreSQL: ${files.length} of ${all} test files reach the database; the other ${all - files.length} never import it and run on the SQLite pass\n`,
  );
}
if (process.env.TEST_LIST_ONLY === '1') {
  process.stdout.write(files.join('\n') + '\n');
  process.exit(0);
}
run(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...files]);
