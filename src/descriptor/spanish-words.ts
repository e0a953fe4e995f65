import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';

/**
 * Puerto Rico's banks (Banco Popular, FirstBank, Oriental) and some mainland ones print their own words in Spanish
 * ("COMPRA ATH", "PAGO ACH LUMA ENERGY", "CARGO POR SERVICIO", "TRANSFERENCIA A CTA"). The rules, keywords and the
 * descriptor cleaner know the English words banks print for the same things, so a line is read in English first:
 * spanish-bank-words.csv lists each phrase, its English, and why. Phrases that are also English or names ("CARGO" is
 * freight, "RENTA" a surname) are read so only in a line that already says something in Spanish. Names stay as printed.
 */
interface SpanishPhrase {
  spanish: string;
  english: string;
  needsSpanishLine: boolean;
}

const WORDS_FILE = new URL('./spanish-bank-words.csv', import.meta.url);

export function loadSpanishPhrases(text: string | Buffer = readFileSync(WORDS_FILE)): SpanishPhrase[] {
  const records = parse(text, { columns: true, skip_empty_lines: true, trim: true }) as Record<string, string>[];
  return records.map((record) => {
    if (!/^[A-Z]+( [A-Z]+)*$/.test(record.spanish) || !/^[A-Z]+( [A-Z]+)*$/.test(record.english))
      throw new Error(`spanish-bank-words.csv: ${record.spanish} → ${record.english} is not upper-case words`);
    if (record.needs_spanish_line !== 'yes' && record.needs_spanish_line !== 'no')
      throw new Error(`spanish-bank-words.csv: ${record.spanish} needs_spanish_line is yes or no`);
    if (!record.reason) throw new Error(`spanish-bank-words.csv: ${record.spanish} needs a reason`);
    return { spanish: record.spanish, english: record.english, needsSpanishLine: record.needs_spanish_line === 'yes' };
  });
}

const PHRASES = loadSpanishPhrases();
const ENGLISH = new Map(PHRASES.map((phrase) => [phrase.spanish, phrase.english]));
/** Longest first, so that "PAGO TARJETA" is read before "PAGO". */
const alternation = (phrases: readonly SpanishPhrase[]) =>
  new RegExp(
    String.raw`\b(${phrases
      .map((phrase) => phrase.spanish.replace(/ /g, String.raw`\s+`))
      .sort((a, b) => b.length - a.length)
      .join('|')})\b`,
    'gi',
  );
/** Words that say a line is in Spanish: only these are read in a line that says nothing else in Spanish. */
const SPANISH_LINE = alternation(PHRASES.filter((phrase) => !phrase.needsSpanishLine));
const ANY_PHRASE = alternation(PHRASES);

/** The line with its accents dropped ("DEPÓSITO", "NÓMINA") and its Spanish bank words in English; other lines unchanged. */
export function inEnglish(description: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the printable ASCII range is the point
  const plain = /[^\x00-\x7F]/.test(description)
    ? description.normalize('NFD').replace(/[\u0300-\u036f]/g, '')
    : description;
  SPANISH_LINE.lastIndex = 0;
  if (!SPANISH_LINE.test(plain)) return plain;
  return plain.replace(ANY_PHRASE, (phrase) => ENGLISH.get(phrase.toUpperCase().replace(/\s+/g, ' ')) ?? phrase);
}
