import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { accountForRole, isChartRole } from '../../chart/us-chart.ts';
import { INDUSTRIES, type Industry } from '../../tenancy/entity-profile.ts';
import { SUPPLIER_INVOICE_WORDING, SUPPLIER_PAYMENT_WORDING } from './builtin-rules.ts';
import { cleanDescriptor, REGISTER_PROCESSORS } from '../../descriptor/descriptor.ts';
import type { CategorizationInput, CategoryTarget } from './types.ts';

/**
 * The keyword tier: generic trade words that say what kind of business a local merchant is, for
 * the many rows no directory lists (the taqueria round the corner, the town's hardware store, the
 * city's permit office). The words places are called by come from the OpenStreetMap editors' presets
 * (preset-words.csv, `npm run build:keywords`); the hand list (hand-keywords.csv) keeps, with a reason
 * per rule, only what no source covers. Never written from labeled rows. A word names the kind of merchant, not what the purchase was for, so the
 * signal is weaker than a rule's or the directory's; its confidence comes from its own calibration
 * curve (key `keyword`), and some words only mean something for a stated industry (a tortilleria is
 * a kitchen's supplier, but says little about a design studio's spending).
 *
 * Strength is the raw score: `clear` for words that almost always name one use of the money,
 * `likely` for words with a common second reading, `hint` for words several trades name themselves with (a fair's booth
 * or a shop called a market, a society's dues or its course): scored as `likely`, but never sure enough to approve.
 */
export type KeywordStrength = 'clear' | 'likely' | 'hint';
export const KEYWORD_SCORE: Record<KeywordStrength, number> = { clear: 0.7, likely: 0.6, hint: 0.6 };
/** A hint's confidence stays below the default review threshold: the owner is asked. */
export const HINT_CONFIDENCE_CAP = 0.84;
/**
 * One trade word inside a longer proper name ("WALKING ON WATER", "BLUE MOON TAVERN GROUP") says less than the word
 * that is the name's own trade ("JOES PIZZA"): the raw score drops below every strength, and calibration rates it apart.
 */
export const WORD_IN_LONG_NAME_SCORE = 0.45;
/** Words a business's legal name ends with that name no trade: not counted in the name's length. */
const LEGAL_FORM_WORDS: ReadonlySet<string> = new Set([
  'LLC',
  'INC',
  'CO',
  'CORP',
  'LTD',
  'LLP',
  'PLLC',
  'PC',
  'PA',
  'THE',
  '&',
]);

export interface KeywordRule {
  name: string;
  /** Words or phrases, matched on whole words of the cleaned descriptor and pushed merchant name. */
  words: readonly string[];
  /** Money out only: trade words name whom the business pays. */
  target: CategoryTarget | null;
  /** A different account for these industries; `null` there means no opinion. */
  byIndustry?: Partial<Record<Industry, CategoryTarget | null>>;
  strength: KeywordStrength;
  /** Wording of the whole line that means the words name someone else (a café's name on a supplier's invoice). */
  unless?: RegExp;
  /** Where the words come from: hand-keywords.csv, or the OpenStreetMap presets (preset-words.csv). */
  source: 'hand' | 'preset';
}

/** Ordered: the first rule with a word in the text decides, so specific phrases come before loose words. */
/** Wording of a whole line that means a rule's words name someone else, by the name the CSV files use. */
const UNLESS: Readonly<Record<string, RegExp>> = {
  supplier_invoice: SUPPLIER_INVOICE_WORDING,
  // ADV is an advance too: a card's cash advance, a lender's floor-plan advance, an adviser's fees, Advance Auto Parts.
  an_advance: /\b(CASH ADV|ADV LOAN|LOAN|FLOOR ADV|ADV FEES?|ADV SVCS|ADV AUTO)\b/,
  // An association is a body of members; "MARLTON PIKE ASSOC LLC" is a company of associates (a landlord, a practice).
  a_company_of_associates: /\bASSOC(IATES)? (LLC|LP|LLP|PLLC)\b/,
  // A payment's confirmation number ("Zelle payment to … Conf# 8HJ2") is no conference.
  a_confirmation_number: /\bCONF(IRMATION)?\s?(#|NO\b|NUMBER\b)/,
};

const HAND_KEYWORDS_FILE = new URL('./hand-keywords.csv', import.meta.url);
const PRESET_WORDS_FILE = new URL('./preset-words.csv', import.meta.url);

function roleTarget(role: string, file: string): CategoryTarget {
  if (!isChartRole(role)) throw new Error(`${file}: unknown chart role ${role}`);
  return accountForRole(role);
}

/**
 * The hand-kept keyword rules (hand-keywords.csv, each row with the reason no source covers it), in file order: trade
 * words whose account depends on the industry, payees that are offices rather than places, billing wording. Loaded and
 * checked at start-up: every role must be a chart role, every industry known.
 */
function loadHandRules(): KeywordRule[] {
  const records = parse(readFileSync(HAND_KEYWORDS_FILE), {
    columns: true,
    skip_empty_lines: true,
    trim: true,
  }) as Record<string, string>[];
  return records.map((record) => {
    if (!record.reason) throw new Error(`hand-keywords.csv: rule ${record.rule} has no reason`);
    if (record.strength !== 'clear' && record.strength !== 'likely' && record.strength !== 'hint')
      throw new Error(`hand-keywords.csv: rule ${record.rule} has strength ${record.strength}`);
    const byIndustry: Partial<Record<Industry, CategoryTarget | null>> = {};
    for (const pair of record.by_industry ? record.by_industry.split('|') : []) {
      const [industry, role] = pair.split('=');
      if (!(INDUSTRIES as readonly string[]).includes(industry))
        throw new Error(`hand-keywords.csv: rule ${record.rule} names industry ${industry}`);
      byIndustry[industry as Industry] = role === 'none' ? null : roleTarget(role, 'hand-keywords.csv');
    }
    if (record.unless && !UNLESS[record.unless])
      throw new Error(`hand-keywords.csv: rule ${record.rule} names unknown wording ${record.unless}`);
    return {
      name: record.rule,
      strength: record.strength,
      target: record.role ? roleTarget(record.role, 'hand-keywords.csv') : null,
      ...(record.by_industry ? { byIndustry } : {}),
      ...(record.unless ? { unless: UNLESS[record.unless] } : {}),
      words: record.words.split('|').filter(Boolean),
      source: 'hand',
    };
  });
}

/**
 * The words places are called by, from the OpenStreetMap editors' presets (preset-words.csv, written by
 * `npm run build:keywords`): one rule per role and strength (a preset's name or alias is `clear`, a search term
 * `likely`). They come after every hand rule, which holds the industry's exceptions. A meal word on an invoice payment
 * names a supplier ("CAFE IMPORTS"), as for the hand rule of restaurants.
 */
function loadPresetRules(): KeywordRule[] {
  const records = parse(readFileSync(PRESET_WORDS_FILE), {
    columns: true,
    skip_empty_lines: true,
    trim: true,
  }) as Record<string, string>[];
  const rules = new Map<string, KeywordRule & { words: string[] }>();
  for (const record of records) {
    const key = `${record.role}/${record.strength}`;
    let rule = rules.get(key);
    if (!rule) {
      rule = {
        name: `preset-${record.role}-${record.strength}`,
        strength: record.strength as KeywordStrength,
        target: roleTarget(record.role, 'preset-words.csv'),
        words: [],
        source: 'preset',
        unless: SUPPLIER_PAYMENT_WORDING,
      };
      rules.set(key, rule);
    }
    rule.words.push(record.phrase);
  }
  // Clear words before likely ones, so that a name beats a search term when both are in a line.
  return [...rules.values()].sort((a, b) => (a.strength === b.strength ? 0 : a.strength === 'clear' ? -1 : 1));
}

/** Ordered: the first rule with a word in the text decides, so specific phrases come before loose words; hand rules first. */
export const HAND_KEYWORD_RULES: readonly KeywordRule[] = loadHandRules();
export const PRESET_KEYWORD_RULES: readonly KeywordRule[] = loadPresetRules();
export const KEYWORD_RULES: readonly KeywordRule[] = withPresetsPlaced(HAND_KEYWORD_RULES, PRESET_KEYWORD_RULES);

/**
 * Each preset rule goes right after the first hand rule that files the same account for every industry (the meal words
 * after the hand rule of restaurants, before utilities' WATER: "WALKING ON WATER TAVERN" is a bar), so the order of the
 * kinds the hand list settled holds for the words that moved to the presets; the others go last.
 */
function withPresetsPlaced(hand: readonly KeywordRule[], presets: readonly KeywordRule[]): KeywordRule[] {
  const placed: KeywordRule[] = [];
  // A word the hand list files, with its reason, is the hand list's ("SOFTWARE" in a payee's name is a subscription, not
  // the presets' computer shop). A hand rule that speaks only for some industries ("SEAFOOD" is a kitchen's supplier)
  // leaves the word's everyday meaning to the presets for the rest ("PAPPADEAUX SEAFOOD" is a restaurant).
  const handWords = new Set(hand.filter((rule) => rule.target !== null).flatMap((rule) => rule.words));
  const remaining = presets
    .map((rule) => ({ ...rule, words: rule.words.filter((word) => !handWords.has(word)) }))
    .filter((rule) => rule.words.length > 0);
  for (const rule of hand) {
    placed.push(rule);
    if (rule.byIndustry || rule.target === null) continue;
    for (let index = 0; index < remaining.length; ) {
      if (remaining[index].target === rule.target) placed.push(...remaining.splice(index, 1));
      else index += 1;
    }
  }
  return [...placed, ...remaining];
}

export interface KeywordMatch {
  rule: KeywordRule;
  word: string;
  /**
   * The word was read from its cut start at the edge of the name's field, or from inside a run-on name (`word` then
   * shows where the name was parted: "GRANNYS+TACOS"); calibrated apart, key `cut-word`.
   */
  cut?: boolean;
  target: CategoryTarget;
  rawScore: number;
}

/** Phrase → the rules naming it, in rule order; a text is looked up by its runs of words, not scanned per word. */
const RULES_BY_PHRASE = new Map<string, number[]>();
for (const [index, rule] of KEYWORD_RULES.entries()) {
  for (const word of rule.words) RULES_BY_PHRASE.set(word, [...(RULES_BY_PHRASE.get(word) ?? []), index]);
}
const MAX_PHRASE_WORDS = Math.max(...KEYWORD_RULES.flatMap((rule) => rule.words.map((word) => word.split(' ').length)));

/** The fewest letters of a cut word read as the start of a longer one ("TAQ" for TAQUERIA; a start two accounts share is left out). */
export const MIN_CUT_WORD_LETTERS = 3;
/** Generated by `npm run build:cut-words` (scripts/build-cut-words.ts): which phrases' last words a cut start may be read as. */
const CUT_WORDS_FILE = new URL('./cut-words.csv', import.meta.url);
/**
 * Phrases whose last word is cut ("JOES TAQUE": TAQUERIA; "BAR & GRI": BAR & GRILL) → the rules naming the whole phrase, for
 * the phrases and lengths cut-words.csv allows: a start that is itself a word, or that begins a word names are made of
 * with another use ("AMERI": AMERICANO, AMERICAN), is not read. A cut form two accounts share is left out here too.
 */
const RULES_BY_CUT_PHRASE: ReadonlyMap<string, number[]> = (() => {
  const records = parse(readFileSync(CUT_WORDS_FILE), { columns: true, skip_empty_lines: true, trim: true }) as Array<
    Record<string, string>
  >;
  const found = new Map<string, Set<number>>();
  for (const record of records) {
    const ruleIndices = RULES_BY_PHRASE.get(record.phrase);
    // A phrase the rules no longer hold is skipped: the file is regenerated (and a test compares) when rules change.
    if (!ruleIndices) continue;
    const words = record.phrase.split(' ');
    const last = words[words.length - 1];
    for (let length = Math.max(MIN_CUT_WORD_LETTERS, Number(record.from_letters)); length < last.length; length += 1) {
      const cut = [...words.slice(0, -1), last.slice(0, length)].join(' ');
      const set = found.get(cut) ?? new Set<number>();
      for (const index of ruleIndices) set.add(index);
      found.set(cut, set);
    }
  }
  const unambiguous = new Map<string, number[]>();
  for (const [cut, set] of found) {
    const rules = [...set].sort((a, b) => a - b).map((index) => KEYWORD_RULES[index]);
    const oneAccount = rules.every(
      (rule) =>
        rule.target === rules[0].target && JSON.stringify(rule.byIndustry) === JSON.stringify(rules[0].byIndustry),
    );
    if (oneAccount && !RULES_BY_PHRASE.has(cut))
      unambiguous.set(
        cut,
        [...set].sort((a, b) => a - b),
      );
  }
  return unambiguous;
})();
/** A trade word read from its cut start is less sure than the whole word: at most this raw score. */
export const CUT_WORD_SCORE = KEYWORD_SCORE.likely;

/**
 * Run-on names: processors that close a merchant's name up ("PAYPAL *GRANNYSTACOS", "SQ*BLUELINECOFFEE")
 * leave its trade word at the end of one token, or at its start where the name puts it first ("TACOSCHIWAS"). A one-word
 * trade phrase of `GLUED_TRADE_WORD_LETTERS` or more is looked for, with at least `GLUED_NAME_LETTERS` letters of name
 * beside it; a word of its own that begins or ends so ("BREAKWATER", "CLEARWATER", "VEGETABLE": glued-words.csv, from
 * `npm run build:cut-words`) is read as itself. Read like a cut word: at most `CUT_WORD_SCORE`, calibrated with them.
 */
const GLUED_TRADE_WORD_LETTERS = 4;
const GLUED_NAME_LETTERS = 3;
const GLUED_WORDS_FILE = new URL('./glued-words.csv', import.meta.url);
const WORDS_OF_THEIR_OWN: ReadonlySet<string> = new Set(
  (
    parse(readFileSync(GLUED_WORDS_FILE), { columns: true, skip_empty_lines: true, trim: true }) as Array<
      Record<string, string>
    >
  ).map((record) => record.word),
);

/**
 * The processors whose merchants' names are seen closed up: PayPal's payee name and the registers of small sellers
 * (REGISTER_PROCESSORS: Square, Clover, SpotOn, Toast, Zettle). A name closed up elsewhere is mostly a brand made of
 * words ("REPAIRDESK.CO", "DRIPJOBS", "PAPERBELL INC": software named for its customers' trade), and an online store's
 * (Shopify's) too.
 */
const GLUING_PROCESSORS: ReadonlySet<string> = new Set(['paypal', ...REGISTER_PROCESSORS]);

/** A token parted into a name and the trade word glued to it (the longest at the end, else at the start), or null. */
export function tradeWordInside(token: string): { parts: [string, string]; word: string } | null {
  if (!/^[A-Z]+$/.test(token) || RULES_BY_PHRASE.has(token)) return null;
  for (let at = GLUED_NAME_LETTERS; at <= token.length - GLUED_TRADE_WORD_LETTERS; at += 1)
    if (RULES_BY_PHRASE.has(token.slice(at)))
      return { parts: [token.slice(0, at), token.slice(at)], word: token.slice(at) };
  for (let at = token.length - GLUED_NAME_LETTERS; at >= GLUED_TRADE_WORD_LETTERS; at -= 1)
    if (RULES_BY_PHRASE.has(token.slice(0, at)))
      return { parts: [token.slice(0, at), token.slice(at)], word: token.slice(0, at) };
  return null;
}

const ownNameWords = new Map<string, readonly string[]>();
function cleanedWordsOf(name: string): readonly string[] {
  let words = ownNameWords.get(name);
  if (!words) {
    words = cleanDescriptor(name).tokens;
    if (ownNameWords.size > 10_000) ownNameWords.clear();
    ownNameWords.set(name, words);
  }
  return words;
}

/** The words without every run equal to `name` ("… INS PREM ROSAS TACOS LLC" loses "ROSAS TACOS LLC"). */
function withoutRun(words: readonly string[], name: readonly string[]): string[] {
  if (name.length === 0) return [...words];
  const kept: string[] = [];
  for (let index = 0; index < words.length; ) {
    if (name.every((word, offset) => words[index + offset] === word)) {
      index += name.length;
      continue;
    }
    kept.push(words[index]);
    index += 1;
  }
  return kept;
}

export function matchKeyword(
  input: Pick<CategorizationInput, 'description' | 'merchant' | 'direction' | 'industry' | 'entityName' | 'descriptor'>,
): KeywordMatch | null {
  if (input.direction !== 'out') return null;
  const cleaned = input.descriptor ?? cleanDescriptor(input.description, input.merchant);
  // "PROGRESSIVE INS PREM ROSAS TACOS LLC" is the insurer's debit of a taco business, not a taqueria.
  const ownName = input.entityName ? cleanedWordsOf(input.entityName) : [];
  const line = input.description.toUpperCase();
  const found: PhraseMatch[] = [];
  for (const [source, words] of [
    ['descriptor', cleaned.tokens],
    ['merchant', cleaned.merchantName?.split(' ') ?? []],
    // "CITY OF AUSTIN-UTILITIES": the words a hyphen joined.
    ['split', cleaned.splitTokens ?? []],
  ] as const) {
    const text = withoutRun(words, ownName);
    for (let start = 0; start < text.length; start += 1) {
      let phrase = '';
      for (let end = start; end < Math.min(text.length, start + MAX_PHRASE_WORDS); end += 1) {
        phrase = phrase ? `${phrase} ${text[end]}` : text[end];
        // The word at the edge of the name's field may be the start of a trade word the field had no room for.
        const cut = source === 'descriptor' && cleaned.cutWords.includes(text[end]);
        const exact = RULES_BY_PHRASE.get(phrase) ?? [];
        const fromCut = cut && exact.length === 0 ? (RULES_BY_CUT_PHRASE.get(phrase) ?? []) : [];
        for (const ruleIndex of [...exact, ...fromCut]) {
          if (
            targetFor(KEYWORD_RULES[ruleIndex], input.industry) === null ||
            KEYWORD_RULES[ruleIndex].unless?.test(line)
          )
            continue;
          found.push({
            ruleIndex,
            word: phrase,
            cut: exact.length === 0,
            source,
            start,
            fromEnd: text.length - 1 - end,
          });
        }
      }
    }
  }
  // Only when no whole word spoke, and behind a processor whose descriptor field closes names up: a trade word glued
  // inside one token of the name.
  if (found.length === 0 && GLUING_PROCESSORS.has(cleaned.processor ?? '')) {
    const text = withoutRun(cleaned.tokens, ownName);
    for (const [start, token] of text.entries()) {
      const glued = WORDS_OF_THEIR_OWN.has(token) ? null : tradeWordInside(token);
      if (!glued) continue;
      for (const ruleIndex of RULES_BY_PHRASE.get(glued.word) ?? []) {
        const rule = KEYWORD_RULES[ruleIndex];
        if (targetFor(rule, input.industry) === null || rule.unless?.test(line)) continue;
        found.push({
          ruleIndex,
          word: glued.parts.join('+'),
          cut: true,
          source: 'glued',
          start,
          fromEnd: text.length - 1 - start,
        });
      }
    }
  }
  const best = headMatch(found, input.industry);
  const hint = cleaned.kindHint ? accountForRole(cleaned.kindHint) : null;
  if (best) {
    const rule = KEYWORD_RULES[best.ruleIndex];
    const target = targetFor(rule, input.industry)!;
    // The processor knows its merchants' trade better than a word of their name ("TST* WALKING ON WATER" is a restaurant).
    if (!hint || target === hint) {
      // An ACH line's entry description ("INVOICE", "PAYMENT") follows the company's name and is no part of it.
      const entryWords = new Set(cleaned.achEntry?.split(' ') ?? []);
      const nameLength = cleaned.tokens.filter((word) => !LEGAL_FORM_WORDS.has(word) && !entryWords.has(word)).length;
      const wordScore =
        !best.word.includes(' ') && nameLength >= 3 ? WORD_IN_LONG_NAME_SCORE : KEYWORD_SCORE[rule.strength];
      const rawScore = best.cut ? Math.min(wordScore, CUT_WORD_SCORE) : wordScore;
      return {
        rule,
        word: best.cut && best.source !== 'glued' ? `${best.word}…` : best.word,
        target,
        rawScore,
        ...(best.cut ? { cut: true } : {}),
      };
    }
  }
  return null;
}

interface PhraseMatch {
  ruleIndex: number;
  word: string;
  cut: boolean;
  /**
   * Which words it was found in: the descriptor's, the pushed merchant name's, the descriptor's hyphens split, or a run-on
   * name parted (`glued`).
   */
  source: string;
  /** Where the phrase starts in those words. */
  start: number;
  /** How many of those words follow it. */
  fromEnd: number;
}

/**
 * English names put their head noun last ("REGIONAL HVAC TRAINING" is a school, "HARBOR LUMBER & SUPPLY" a supplier,
 * "COFFEE EXPO" a fair), except a name built on OF, whose head comes before it when its field follows ("NEBRASKA
 * SOCIETY OF CPAS"; "CITY OF BEND WATER" is still the city's water office): the trade word nearest the head says what
 * the place is; of two that end there, the longer ("WATER SUPPLY" over SUPPLY). Among the words that agree with it, the
 * first rule in order decides, and within it the longest phrase,
 * so a name's strongest wording is the one weighed ("BUCKEYE SMALL ENGINE REPAIR" by SMALL ENGINE).
 */
function headMatch(found: readonly PhraseMatch[], industry: Industry | null | undefined): PhraseMatch | null {
  if (found.length === 0) return null;
  const nearHead = (match: PhraseMatch) =>
    match.word.endsWith(' OF') &&
    found.some((field) => field.source === match.source && field.start === match.start + match.word.split(' ').length)
      ? -1
      : match.fromEnd;
  const words = (match: PhraseMatch) => match.word.split(/[ +]/).length;
  const head = found.reduce((nearest, match) =>
    nearHead(match) < nearHead(nearest) ||
    (nearHead(match) === nearHead(nearest) &&
      (words(match) > words(nearest) || (words(match) === words(nearest) && match.ruleIndex < nearest.ruleIndex)))
      ? match
      : nearest,
  );
  const headTarget = targetFor(KEYWORD_RULES[head.ruleIndex], industry);
  return found
    .filter((match) => targetFor(KEYWORD_RULES[match.ruleIndex], industry) === headTarget)
    .reduce((best, match) =>
      match.ruleIndex < best.ruleIndex || (match.ruleIndex === best.ruleIndex && match.word.length > best.word.length)
        ? match
        : best,
    );
}

/**
 * The answer a processor's trade gives alone (decodeDescriptor's kind hint: Toast runs restaurants' registers), offered
 * beside a trade word that agrees with it: "TST* THE RUSTY NAIL TAVERN" is no less sure of being a meal than
 * "TST* JOES CRAB SHACK" because a word of its long name says so too.
 */
export function matchProcessorKind(
  input: Pick<CategorizationInput, 'description' | 'merchant' | 'direction' | 'descriptor'>,
): KeywordMatch | null {
  if (input.direction !== 'out') return null;
  const cleaned = input.descriptor ?? cleanDescriptor(input.description, input.merchant);
  if (!cleaned.kindHint) return null;
  const target = accountForRole(cleaned.kindHint);
  return {
    rule: processorKindRule(cleaned.kindHint, target),
    word: `${cleaned.processor} merchant`,
    target,
    rawScore: KEYWORD_SCORE.likely,
  };
}

/** The answer a processor's trade gives (decodeDescriptor's kind hint), reported as a keyword rule of its own. */
function processorKindRule(role: string, target: CategoryTarget): KeywordRule {
  return { name: `processor-kind-${role}`, words: [], target, strength: 'likely', source: 'hand' };
}

function targetFor(rule: KeywordRule, industry: Industry | null | undefined): CategoryTarget | null {
  return industry && rule.byIndustry && industry in rule.byIndustry ? rule.byIndustry[industry]! : rule.target;
}
