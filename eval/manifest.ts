/**
 * The frozen development set: each business's generated rows hashed (sha256 over id, date, account, amount, description,
 * merchant and label, in order), with the generated test set of descriptors and the written sets beside them. manifest.json is the record; a
 * test regenerates the rows and compares, so a change to the data sets (a vocabulary edit, a generator change) cannot
 * pass unnoticed: rewriting the manifest (`node --import tsx eval/manifest.ts --write`) is a decision to commit
 * on purpose, with its reason, never a way to make figures move.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { generatedDescriptorSet } from './descriptors/generate.ts';
import { loadWrittenSet, WRITTEN_SETS } from './descriptors/written.ts';
import { loadEvalDataset, loadFreshHeldOutDataset, loadHeldOutDataset, type EvalRow } from './dataset/index.ts';

export const MANIFEST_FILE = new URL('./manifest.json', import.meta.url);

export interface ManifestEntry {
  rows: number;
  sha256: string;
}
export type Manifest = Record<string, Record<string, ManifestEntry>>;

function hashRows(rows: readonly object[], fields: readonly string[]): ManifestEntry {
  const hash = createHash('sha256');
  for (const row of rows)
    hash.update(`${JSON.stringify(fields.map((field) => (row as Record<string, unknown>)[field] ?? null))}\n`);
  return { rows: rows.length, sha256: hash.digest('hex') };
}

const EVAL_FIELDS = ['id', 'date', 'accountId', 'amount', 'description', 'merchant', 'label'] as const;

function byBusiness(rows: readonly EvalRow[]): Record<string, ManifestEntry> {
  const groups = new Map<string, EvalRow[]>();
  for (const row of rows) groups.set(row.profile, [...(groups.get(row.profile) ?? []), row]);
  return Object.fromEntries(
    [...groups]
      .sort((a, b) => a[0].localeCompare(b[0]))
      .map(([profile, list]) => [profile, hashRows(list, EVAL_FIELDS)]),
  );
}

export function datasetManifest(): Manifest {
  return {
    original: byBusiness(loadEvalDataset()),
    development: byBusiness(loadHeldOutDataset()),
    fresh: byBusiness(loadFreshHeldOutDataset()),
    generated: {
      descriptors: hashRows(generatedDescriptorSet(), [
        'id',
        'source',
        'description',
        'amountMinor',
        'date',
        'bankAccountKind',
        'merchantCategoryCode',
        'label',
      ]),
    },
    written: Object.fromEntries(
      WRITTEN_SETS.map((name) => [
        name,
        hashRows(loadWrittenSet(name), [
          'description',
          'direction',
          'amountMinor',
          'accountKind',
          'merchantCategoryCode',
          'label',
        ]),
      ]),
    ),
  };
}

export function storedManifest(): Manifest {
  return JSON.parse(readFileSync(MANIFEST_FILE, 'utf8')) as Manifest;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href && process.argv.includes('--write')) {
  writeFileSync(MANIFEST_FILE, `${JSON.stringify(datasetManifest(), null, 1)}\n`);
  console.log('eval/manifest.json written');
}
