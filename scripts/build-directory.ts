/**
 * `npm run build:directory`: writes src/sweep/categorize/directory/brands.csv from the name-suggestion-index package
 * (BSD-3-Clause: the canonical names of brands as OpenStreetMap tags them, with where they operate). Each US brand whose
 * OSM tag has a row in osm-roles.csv becomes an entry with its chart role; its names and match names become aliases.
 * The service reads the generated CSV at start-up, so it starts without network and without the package (a dev
 * dependency); run this again after upgrading the package and commit the result.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { cleanDescriptor, RESERVED_WORDS } from '../src/descriptor/descriptor.ts';
import { KEYWORD_RULES } from '../src/sweep/categorize/keywords.ts';

export interface NsiItem {
  displayName: string;
  id: string;
  locationSet?: { include?: string[]; exclude?: string[] };
  matchNames?: string[];
  tags: Record<string, string>;
}

// The package exports its code only; its data files sit beside it in dist/json.
const nsiCode = pathToFileURL(createRequire(import.meta.url).resolve('name-suggestion-index'));
const nsiData = (file: string) => JSON.parse(readFileSync(new URL(`../json/${file}`, nsiCode), 'utf8'));
export const nsi = nsiData('nsi.json') as { _meta: { version: string }; nsi: Record<string, { items: NsiItem[] }> };
const genericWords = (nsiData('genericWords.json') as { genericWords: string[] }).genericWords.map(
  (pattern) => new RegExp(pattern, 'i'),
);

const OSM_ROLES_FILE = new URL('../src/sweep/categorize/directory/osm-roles.csv', import.meta.url);
const BRANDS_FILE = new URL('../src/sweep/categorize/directory/brands.csv', import.meta.url);
const roles = new Map(
  (parse(readFileSync(OSM_ROLES_FILE), { columns: true, trim: true }) as Array<Record<string, string>>).map((row) => [
    `${row.key}=${row.value}`,
    row,
  ]),
);

/**
 * The US's territories have ISO 3166-1 codes of their own (Puerto Rico, the Virgin Islands, Guam, the Northern Mariana
 * Islands, American Samoa): their banks are US banks and their brands' lines reach US books.
 */
const US_TERRITORIES = new Set(['pr', 'vi', 'gu', 'mp', 'as']);

/**
 * World (001), the Americas (019), Northern America (021), the US, one of its states or one of its territories, and not
 * excluded there.
 */
export function operatesInTheUs(locationSet: NsiItem['locationSet']): boolean {
  const include = locationSet?.include ?? [];
  const exclude = locationSet?.exclude ?? [];
  const us = (code: string) =>
    typeof code === 'string' && (code === 'us' || code.startsWith('us-') || US_TERRITORIES.has(code));
  return (
    include.some((code) => code === '001' || code === '019' || code === '021' || us(code)) &&
    !exclude.some((code) => code === 'us')
  );
}

/** Words a place is called by (the keyword tier's trade words, bank noise): a one-word brand made of one names nobody. */
const COMMON_WORDS = new Set<string>([...RESERVED_WORDS, ...KEYWORD_RULES.flatMap((rule) => rule.words)]);

/** A name the directory can match on a descriptor: Latin letters, several words or one long distinctive word. */
function usableAlias(name: string): string | null {
  if (!/^[\x20-\x7e]+$/.test(name) || genericWords.some((pattern) => pattern.test(name))) return null;
  const cleaned = cleanDescriptor(name);
  if (cleaned.bankPrefix !== null || cleaned.tokens.length === 0 || cleaned.domain) return null;
  const letters = cleaned.tokens.join('');
  if (letters.length < 5) return null;
  if (cleaned.tokens.length === 1 && COMMON_WORDS.has(cleaned.tokens[0])) return null;
  // A name that cleaning shortened (a number dropped, a state code taken for a place) would match something else.
  if (
    cleaned.cleaned !==
    name
      .toUpperCase()
      .replace(/[^A-Z0-9& ]+/g, (match) => (match === "'" || match === '’' ? '' : ' '))
      .replace(/\s+/g, ' ')
      .trim()
  )
    return null;
  return cleaned.cleaned;
}

/**
 * One brand in five, chosen by a hash of its index id, is held out of the directory: the generated test set of
 * `npm run eval` prints their names in bank descriptors, so the directory's figures there are on names it was not built
 * from. Deterministic, so the split is the same on every machine and every upgrade of the package keeps most of it.
 */
export function isHeldOutBrand(nsiId: string): boolean {
  return createHash('sha256').update(nsiId).digest()[0] % 5 === 0;
}

/**
 * The role a brand of a tag gets: the tag's `brand_role` where a chain of such places sells otherwise than one such place
 * (a convenience-store chain's pumps), else the tag's role.
 */
function brandRole(mapping: Record<string, string>): string {
  return mapping.brand_role || mapping.role;
}

/** The US brands of the index whose OSM tag has a role, with that role: what the directory and the held-out set draw from. */
export function usBrandsWithRoles(): Array<{ item: NsiItem; tag: string; role: string; category: string }> {
  const found: Array<{ item: NsiItem; tag: string; role: string; category: string }> = [];
  for (const [path, { items }] of Object.entries(nsi.nsi)) {
    if (!path.startsWith('brands/')) continue;
    const tag = path.split('/').slice(1).join('=');
    const mapping = roles.get(tag);
    if (!mapping) continue;
    for (const item of items)
      if (operatesInTheUs(item.locationSet))
        found.push({ item, tag, role: brandRole(mapping), category: mapping.category });
  }
  return found;
}

/** The brands file's text, from the installed package: what `npm run build:directory` writes and a test compares. */
export function brandsCsv(): string {
  const rows: Array<{ name: string; role: string; category: string; tag: string; wikidata: string; aliases: string }> =
    [];
  const seenAliases = new Set<string>();
  for (const [path, { items }] of Object.entries(nsi.nsi)) {
    if (!path.startsWith('brands/')) continue;
    const tag = path.split('/').slice(1).join('=');
    const mapping = roles.get(tag);
    if (!mapping) continue;
    for (const item of items) {
      if (!operatesInTheUs(item.locationSet) || isHeldOutBrand(item.id)) continue;
      const names = [item.displayName, item.tags.name, item.tags.brand, ...(item.matchNames ?? [])].filter(Boolean);
      const aliases = [...new Set(names.map(usableAlias).filter((alias): alias is string => alias !== null))].filter(
        (alias) => !seenAliases.has(alias.replace(/ /g, '')),
      );
      if (aliases.length === 0) continue;
      for (const alias of aliases) seenAliases.add(alias.replace(/ /g, ''));
      rows.push({
        name: item.displayName,
        role: brandRole(mapping),
        category: mapping.category,
        tag,
        wikidata: item.tags['brand:wikidata'] ?? '',
        aliases: aliases.join('|'),
      });
    }
  }
  rows.sort((a, b) => a.tag.localeCompare(b.tag) || a.name.localeCompare(b.name));
  return stringify(rows, { header: true, columns: ['name', 'role', 'category', 'tag', 'wikidata', 'aliases'] });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const csv = brandsCsv();
  writeFileSync(BRANDS_FILE, csv);
  console.log(
    `name-suggestion-index ${nsi._meta.version}: ${csv.split('\n').length - 2} US brands written to brands.csv`,
  );
}
