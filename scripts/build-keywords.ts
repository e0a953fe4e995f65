/**
 * `npm run build:keywords`: writes src/sweep/categorize/preset-words.csv, the keyword tier's words for the kinds of
 * places, from the `@openstreetmap/id-tagging-schema` package (ISC licence: the presets the OpenStreetMap editors offer
 * for every kind of place, each with its OSM tags, and in dist/translations/en.json its English name, aliases and search
 * terms). A preset whose tags have a row in directory/osm-roles.csv gives its chart role to its words; the words of places
 * the chart cannot tell apart (a term two roles share, or that presets without a role use too) are left out. The service
 * reads the generated CSV (the package is a dev dependency); run this again after upgrading the package and commit.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import englishWordsFile from 'word-list';
import { accountForRole, isChartRole } from '../src/chart/us-chart.ts';
import { cleanDescriptor, RESERVED_WORDS } from '../src/descriptor/descriptor.ts';

interface Preset {
  tags: Record<string, string>;
  searchable?: boolean;
}
interface PresetText {
  name?: string;
  aliases?: string | string[];
  terms?: string | string[];
}

const require = createRequire(import.meta.url);
const schemaVersion = (require('@openstreetmap/id-tagging-schema/package.json') as { version: string }).version;
const presets = require('@openstreetmap/id-tagging-schema/dist/presets.json') as Record<string, Preset>;
const englishPresets = (
  require('@openstreetmap/id-tagging-schema/dist/translations/en.json') as {
    en: {
      presets: { presets: Record<string, PresetText>; fields: Record<string, { options?: Record<string, unknown> }> };
    };
  }
).en.presets;
const english = englishPresets.presets;
/**
 * The same presets' Spanish names, aliases and terms (dist/translations/es.json): Spanish is the country's second language
 * and its places' names ("TAQUERIA", "FERRETERIA", "PANADERIA", "LLANTERA") are on US bank lines.
 */
const spanish = (
  require('@openstreetmap/id-tagging-schema/dist/translations/es.json') as {
    es: { presets: { presets: Record<string, PresetText> } };
  }
).es.presets.presets;
/** The English words of the `word-list` package: a Spanish word that is also English ("PASTEL", "TALLER") tells nothing. */
const ENGLISH_WORDS = new Set(englishWordsFile ? readFileSync(englishWordsFile, 'utf8').toUpperCase().split('\n') : []);
/** The cuisines the editors offer for a place that serves food ("poke", "crepe"), by value, with their English labels. */
const cuisineOptions = Object.entries(englishPresets.fields.cuisine?.options ?? {}).filter(
  (option): option is [string, string] => typeof option[1] === 'string',
);

const OSM_ROLES_FILE = new URL('../src/sweep/categorize/directory/osm-roles.csv', import.meta.url);
const PRESET_WORDS_FILE = new URL('../src/sweep/categorize/preset-words.csv', import.meta.url);
const roles = new Map(
  (parse(readFileSync(OSM_ROLES_FILE), { columns: true, trim: true }) as Array<Record<string, string>>).map((row) => [
    `${row.key}=${row.value}`,
    row.role,
  ]),
);

/** Presets of places that are gone or only planned name no merchant anyone pays today. */
const LIFECYCLE = /^(disused|demolished|abandoned|was|construction|proposed|razed|removed)\//;
/** Words that join a name's parts, and what every shop is: they name no kind of place. */
const FILLER = new Set([
  'AND',
  'OF',
  'THE',
  'FOR',
  'WITH',
  'SHOP',
  'STORE',
  'PLACE',
  'SERVICE',
  'SERVICES',
  'CENTER',
  'CENTRE',
  'POINT',
  'STATION',
  'OFFICE',
  // Spanish's
  'DE',
  'DEL',
  'LA',
  'LAS',
  'EL',
  'LOS',
  'Y',
  'E',
  'O',
  'EN',
  'PARA',
  'CON',
  'TIENDA',
  'CENTRO',
  'LUGAR',
  'OFICINA',
  'ESTACION',
  'SERVICIO',
  'SERVICIOS',
  'PUNTO',
  'CASA',
  'SALA',
  'ZONA',
  'PUESTO',
  'LOCAL',
]);

const REGION_CUISINES = new Set(['regional', 'western', 'oriental', 'european', 'american', 'asian', 'african']);

const list = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value : (value ?? '').split(/[,\n]/)).map((word) => word.trim()).filter(Boolean);

/** A preset word as descriptors print it: Latin capitals, digits and &, single-spaced; null when it cannot be printed so. */
function printable(word: string): string | null {
  const plain = word
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9&]+/g, ' ')
    .trim();
  if (!plain || /[^\x20-\x7e]/.test(word.normalize('NFD').replace(/[\u0300-\u036f]/g, ''))) return null;
  return plain;
}

/**
 * The singular of a one-word plural search term ("LOBSTERS": LOBSTER), when it is an English word: the editors list what a
 * place serves in the plural, and eating places are named for the dish as a modifier ("LOBSTER SHACK", "TACO TRUCK").
 * Only food's terms: other shops' plurals (SHORTS, SLIPS, BRIEFS, SUITS) become everyday words in the singular.
 */
function singular(phrase: string | null): string | null {
  if (!phrase || phrase.includes(' ') || !phrase.endsWith('S') || phrase.endsWith('SS')) return null;
  const forms = [phrase.slice(0, -1), phrase.replace(/(CH|SH|X|S|Z|O)ES$/, '$1'), phrase.replace(/IES$/, 'Y')];
  return forms.find((form) => form !== phrase && ENGLISH_WORDS.has(form)) ?? null;
}

/** The role a preset's tags give: the first of its tags that osm-roles.csv maps (cuisine and the like only refine it). */
function roleOf(preset: Preset): string | null {
  for (const [key, value] of Object.entries(preset.tags)) {
    const role = roles.get(`${key}=${value}`);
    if (role) return role;
  }
  return null;
}

/**
 * How many brands of the name-suggestion-index carry each word in their names, and for which accounts (null: a kind of
 * place the chart has no role for): the same index the directory is built from.
 */
interface NsiItem {
  displayName: string;
  tags: Record<string, string>;
}
const nsiCode = pathToFileURL(require.resolve('name-suggestion-index'));
const nsi = JSON.parse(readFileSync(new URL('../json/nsi.json', nsiCode), 'utf8')) as {
  nsi: Record<string, { items: NsiItem[] }>;
};
const MAX_OTHER_BRANDS = 3;
const brandWordRoles = new Map<string, { roles: Set<string>; others: number }>();
for (const [path, { items }] of Object.entries(nsi.nsi)) {
  if (!path.startsWith('brands/')) continue;
  const role = roles.get(path.split('/').slice(1).join('='));
  const account = role ? accountForRole(role as Parameters<typeof accountForRole>[0]) : null;
  for (const item of items) {
    for (const word of new Set((printable(item.displayName) ?? '').split(' '))) {
      const entry = brandWordRoles.get(word) ?? { roles: new Set<string>(), others: 0 };
      if (account) entry.roles.add(account);
      brandWordRoles.set(word, entry);
    }
  }
}
/** Counts, per word, the brands not of `account`: filled lazily per account because most words are asked once. */
for (const [path, { items }] of Object.entries(nsi.nsi)) {
  if (!path.startsWith('brands/')) continue;
  const role = roles.get(path.split('/').slice(1).join('='));
  const account = role ? accountForRole(role as Parameters<typeof accountForRole>[0]) : null;
  for (const item of items) {
    for (const word of new Set((printable(item.displayName) ?? '').split(' '))) {
      const entry = brandWordRoles.get(word)!;
      if (account === null || entry.roles.size > 1) entry.others += 1;
    }
  }
}

type Kind = 'name' | 'term';
interface Use {
  presetId: string;
  role: string | null;
  kind: Kind;
  spanish?: boolean;
}

/** The preset-words file's text from the installed package: what `npm run build:keywords` writes and a test compares. */
export function presetWordsCsv(): string {
  const uses = new Map<string, Use[]>();
  const add = (phrase: string | null, use: Use) => {
    if (!phrase) return;
    uses.set(phrase, [...(uses.get(phrase) ?? []), use]);
  };
  const restaurantRole = roles.get('amenity=restaurant') ?? null;
  for (const [presetId, preset] of Object.entries(presets)) {
    if (LIFECYCLE.test(presetId) || !english[presetId]) continue;
    const role = roleOf(preset);
    const text = english[presetId];
    for (const name of [text.name ?? '', ...list(text.aliases)]) add(printable(name), { presetId, role, kind: 'name' });
    // The value a sub-preset adds to its parent's tags is the word its places are called by ("cuisine=pizza": PIZZA).
    for (const [key, value] of Object.entries(preset.tags)) {
      if (role && key === 'cuisine' && /^[a-z]+$/.test(value)) add(printable(value), { presetId, role, kind: 'name' });
    }
    for (const term of list(text.terms)) {
      add(printable(term), { presetId, role, kind: 'term' });
      if (role === restaurantRole) add(singular(printable(term)), { presetId, role, kind: 'term' });
    }
  }
  // The cuisine field is offered only on places that serve food, so its values and labels are words restaurants are
  // called by ("JOES CREPE", "TAPAS BAR"): search terms of the restaurant presets, as likely as other terms, and dropped
  // by the same filters below when other kinds of place share them. A cuisine that names a region, not a food or a
  // people's cooking ("regional", "western"), is a word of every trade's names.
  for (const [value, label] of cuisineOptions) {
    if (REGION_CUISINES.has(value)) continue;
    for (const phrase of new Set([printable(value.replace(/_/g, ' ')), printable(label)]))
      add(phrase, { presetId: `field/cuisine=${value}`, role: restaurantRole, kind: 'term' });
  }
  // Spanish words after the English: a phrase English already uses keeps the English uses alone, and a word that is also
  // an English word is left out (an English line means the English word). A preset's Spanish name is what its places are
  // called; of its search terms, which list what such a place sells or does ("PLATA", "ALIANZA" for a jeweller), only a
  // phrase of several words is kept, or a word made with the suffix -ería, which Spanish names shops and workshops with
  // ("TAQUERIA", "LLANTERIA", "PUPUSERIA").
  const englishPhrases = new Set(uses.keys());
  const addSpanish = (phrase: string | null, use: Use) => {
    if (!phrase || englishPhrases.has(phrase)) return;
    const oneWord = !phrase.includes(' ');
    if (oneWord && ENGLISH_WORDS.has(phrase)) return;
    if (oneWord && use.kind === 'term' && !phrase.endsWith('ERIA')) return;
    add(phrase, use);
  };
  for (const [presetId, preset] of Object.entries(presets)) {
    if (LIFECYCLE.test(presetId) || !spanish[presetId]) continue;
    const role = roleOf(preset);
    const text = spanish[presetId];
    for (const name of [text.name ?? '', ...list(text.aliases)])
      for (const part of name.split('/')) addSpanish(printable(part), { presetId, role, kind: 'name', spanish: true });
    for (const term of list(text.terms)) addSpanish(printable(term), { presetId, role, kind: 'term', spanish: true });
  }
  const rows: Array<{ phrase: string; role: string; strength: string; presets: string }> = [];
  for (const [phrase, phraseUses] of uses) {
    const words = phrase.split(' ');
    if (phrase.replace(/[^A-Z]/g, '').length < 3 || words.every((word) => FILLER.has(word) || RESERVED_WORDS.has(word)))
      continue;
    // A phrase cleaning would change (a state code, a number) is not what the tier sees on a descriptor.
    if (cleanDescriptor(phrase).cleaned !== phrase) continue;
    const mapped = phraseUses.filter((use) => use.role !== null);
    if (mapped.length === 0) continue;
    const accounts = new Set(mapped.map((use) => accountForRole(use.role as Parameters<typeof accountForRole>[0])));
    // A word two kinds of place are called by tells neither; so does one that names places the chart has no role for.
    if (accounts.size > 1) continue;
    const unmappedNames = phraseUses.filter((use) => use.role === null && use.kind === 'name').length;
    const unmappedTerms = phraseUses.filter((use) => use.role === null && use.kind === 'term').length;
    if (unmappedNames > 0 || unmappedTerms > mapped.length) continue;
    // One word that many brands of other kinds carry in their names ("AMERICAN", "FOOD") says little about a place.
    if (
      words.length === 1 &&
      (brandWordRoles.get(phrase)?.others ?? 0) >= MAX_OTHER_BRANDS &&
      !(
        brandWordRoles.get(phrase)?.roles.size === 1 &&
        brandWordRoles.get(phrase)!.roles.has(accountForRole(mapped[0].role as Parameters<typeof accountForRole>[0]))
      )
    )
      continue;
    // A word only Spanish names places by is likely, never clear: the line may be a name in either language.
    const strength = mapped.some((use) => use.kind === 'name' && !use.spanish) ? 'clear' : 'likely';
    const role = mapped.find((use) => use.kind === 'name')?.role ?? mapped[0].role!;
    if (!isChartRole(role)) throw new Error(`osm-roles.csv names an unknown role ${role}`);
    rows.push({
      phrase,
      role,
      strength,
      presets: [...new Set(mapped.map((use) => use.presetId))].sort().slice(0, 4).join('|'),
    });
  }
  rows.sort((a, b) => a.role.localeCompare(b.role) || a.phrase.localeCompare(b.phrase));
  return stringify(rows, { header: true, columns: ['phrase', 'role', 'strength', 'presets'] });
}

export const PRESET_SCHEMA_VERSION = schemaVersion;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const csv = presetWordsCsv();
  writeFileSync(PRESET_WORDS_FILE, csv);
  console.log(
    `@openstreetmap/id-tagging-schema ${schemaVersion}: ${csv.split('\n').length - 2} preset words written to preset-words.csv`,
  );
}
