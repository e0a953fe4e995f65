import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { presetWordsCsv } from '../../../scripts/build-keywords.ts';
import { accountForRole, isChartRole } from '../../chart/us-chart.ts';
import {
  HAND_KEYWORD_RULES,
  KEYWORD_RULES,
  KEYWORD_SCORE,
  matchKeyword,
  PRESET_KEYWORD_RULES,
  WORD_IN_LONG_NAME_SCORE,
} from './keywords.ts';

const PRESET_WORDS_FILE = new URL('./preset-words.csv', import.meta.url);
const presetWords = parse(readFileSync(PRESET_WORDS_FILE), { columns: true, trim: true }) as Array<
  Record<string, string>
>;

test('preset-words.csv is what the @openstreetmap/id-tagging-schema package gives: regenerating it changes nothing', () => {
  assert.equal(
    readFileSync(PRESET_WORDS_FILE, 'utf8'),
    presetWordsCsv(),
    'run `npm run build:keywords` and commit preset-words.csv',
  );
  assert.ok(presetWords.length > 200, `${presetWords.length} words`);
  for (const word of presetWords) assert.ok(isChartRole(word.role), word.phrase);
});

test('the hand list keeps only what no source covers: no hand word is a preset word filing the same account for every industry', () => {
  const presetAccount = new Map(
    presetWords.map((word) => [word.phrase, accountForRole(word.role as Parameters<typeof accountForRole>[0])]),
  );
  for (const rule of HAND_KEYWORD_RULES) {
    if (rule.byIndustry || rule.target === null) continue;
    for (const word of rule.words)
      assert.notEqual(presetAccount.get(word), rule.target, `${rule.name}: ${word} is covered by the presets`);
  }
  // A word the hand list files (for another account, with its reason) is not the presets' any more: "SOFTWARE" is a
  // subscription, not the presets' computer shop. A hand rule that speaks only for some industries leaves it to them.
  const handWords = new Set(HAND_KEYWORD_RULES.filter((rule) => rule.target !== null).flatMap((rule) => rule.words));
  const placedPresets = KEYWORD_RULES.filter((rule) => rule.source === 'preset');
  for (const rule of placedPresets)
    for (const word of rule.words) assert.ok(!handWords.has(word), `${rule.name}: ${word}`);
  const keptPresets = PRESET_KEYWORD_RULES.filter((rule) => rule.words.some((word) => !handWords.has(word)));
  assert.equal(KEYWORD_RULES.length, HAND_KEYWORD_RULES.length + keptPresets.length);
  assert.equal(
    matchKeyword({ description: 'JOBBER* SOFTWARE 888-721-1115 AB', merchant: null, direction: 'out' })?.target,
    accountForRole('software'),
  );
});

const out = (description: string) => matchKeyword({ description, merchant: null, direction: 'out' });

test('preset words match whole words only, and a name beats a word inside a longer proper name', () => {
  assert.equal(out('SQ *PIZZERIA NAPOLI')?.target, accountForRole('meals'));
  assert.equal(out('SQ *PIZZERIA NAPOLI')?.rule.source, 'preset');
  assert.equal(out('PIZZAZZ SALON SUPPLY')?.word === 'PIZZA', false, 'PIZZA inside PIZZAZZ is no word');
  assert.equal(out('MOTELS4U')?.rule.source === 'preset', false);
  assert.equal(out('BLUE HERON MOTEL')?.rawScore, WORD_IN_LONG_NAME_SCORE, 'one word in a three-word name');
  assert.equal(out('BLUE MOTEL')?.rawScore, KEYWORD_SCORE.clear, "the name's own trade word");
  // A meal word comes right after the hand rule of restaurants, before utilities' WATER.
  assert.equal(out('TST* WALKING ON WATER TAVERN')?.target, accountForRole('meals'));
});

test("the cuisine field's values are restaurants' words, likely as search terms are; a cuisine that names a region is not", () => {
  const byPhrase = new Map(presetWords.map((word) => [word.phrase, word]));
  for (const phrase of ['CREPE', 'PASTRY', 'TAPAS', 'SHAWARMA', 'FROZEN YOGURT']) {
    assert.equal(byPhrase.get(phrase)?.role, 'meals', phrase);
    assert.match(byPhrase.get(phrase)!.presets, /field\/cuisine=/, phrase);
  }
  assert.equal(byPhrase.get('CREPE')?.strength, 'likely');
  // A preset's own name keeps its strength when the cuisine field names it too.
  assert.equal(byPhrase.get('PIZZA')?.strength, 'clear');
  for (const phrase of ['REGIONAL', 'WESTERN', 'ORIENTAL', 'EUROPEAN'])
    assert.equal(byPhrase.has(phrase), false, phrase);
  assert.equal(out('SQ *CREPE EXPECTATIONS')?.target, accountForRole('meals'));
});

test("a food preset's plural search term gives its singular, which places are named with; other shops' plurals do not", () => {
  const byPhrase = new Map(presetWords.map((word) => [word.phrase, word]));
  for (const phrase of ['LOBSTER', 'TACO', 'OYSTER', 'TAMALE'])
    assert.equal(byPhrase.get(phrase)?.role, 'meals', phrase);
  assert.equal(byPhrase.get('LOBSTER')?.strength, 'likely');
  // Clothes shops list SHORTS, SLIPS, SUITS: in the singular they are everyday words.
  for (const phrase of ['SHORT', 'SLIP', 'SUIT', 'BRIEF']) assert.equal(byPhrase.has(phrase), false, phrase);
  assert.equal(out("SQ *MCLOONE'S LOBSTER SHACK")?.target, accountForRole('meals'));
});
