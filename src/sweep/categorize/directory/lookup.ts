import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { assertInvariant } from '../../../errors.ts';
import { accountForRole, isChartRole } from '../../../chart/us-chart.ts';
import { cleanDescriptor, REGISTER_PROCESSORS, type CleanedDescriptor } from '../../../descriptor/descriptor.ts';
import { PROFESSIONAL_LETTERS } from '../../../descriptor/person-name.ts';
import { TRANSFER, type CategoryTarget } from '../types.ts';
import { guessesRevenueKind, revenueTargetFor, REVENUE_GUESS_SCORE, tradeMapping } from '../industry.ts';
import type { Industry } from '../../../tenancy/entity-profile.ts';

/**
 * The merchant directory shipped with the service: well-known US merchants and payees, each with the
 * forms its name takes on bank descriptors and the chart role it books to (the chart's role column names the account), per direction
 * (a Stripe payout is revenue, a Stripe charge is a fee). Stored as data in merchants.csv and indexed
 * once, on first use.
 */
export interface DirectoryEntry {
  name: string;
  /** Coverage group ("airline", "software", …): for reporting and tuning, not booked anywhere. */
  category: string;
  /** Where money out to this merchant books, with its confidence. */
  out: { target: CategoryTarget; confidence: number };
  /**
   * Where money in from this merchant books. When the file leaves it empty, money in is a refund of
   * what was bought: the same account as money out, trusted a little less.
   */
  in: { target: CategoryTarget; confidence: number };
  /** The aliases as written in the file (raw descriptor forms; cleaned before indexing). */
  aliases: string[];
  /** Where the entry comes from: the hand-kept merchants.csv, or brands.csv generated from name-suggestion-index. */
  source: DirectorySource;
}

export type DirectorySource = 'curated' | 'name-suggestion-index';

export interface DirectoryMatch {
  target: CategoryTarget;
  confidence: number;
  merchantName: string;
  category: string;
  /** The cleaned alias that matched. */
  alias: string;
  /** `start`: the alias begins the descriptor; `inner`: it was found after a few leading words (less certain). */
  position: 'start' | 'inner';
  /** Set when the entity's industry chose the target instead of the entry's generic mapping. */
  industry?: Industry;
  source: DirectorySource;
  /**
   * Set when the alias is one word that other names are made of too (ambiguous-aliases.csv: a common surname, a town's
   * name, an English word) and other words of a longer name follow it ("MURPHY PLUMBING", "TREEHOUSE PIZZA"): those
   * words, which may say whose business it is instead (a trade word of another kind: the tier then yields). For a
   * surname or a town the match's confidence was lowered too (`needsContext`).
   */
  nameGoesOn?: readonly string[];
  needsContext?: boolean;
  /** The alias was found from the cut start of its last word at the edge of the name's field ("QUIKTR"). */
  cut?: boolean;
}

export interface DirectoryLookupInput {
  /** The cleaned descriptor's words (CleanedDescriptor.tokens). */
  tokens: readonly string[];
  /** The words at the edges of the name's field, which may be cut (CleanedDescriptor.cutWords). */
  cutWords?: readonly string[];
  /** The pushed merchant name, cleaned (CleanedDescriptor.merchantName): tried first when present. */
  merchantName?: string | null;
  /** The processor that fronts the merchant (CleanedDescriptor.processor). */
  processor?: string | null;
}

/** A refund is likely but not certain to belong where the purchase went. */
const REFUND_CONFIDENCE_FACTOR = 0.85;
/** An alias found after leading words ("BILL PAY COMCAST") is weaker evidence than one that starts the text. */
const INNER_MATCH_CONFIDENCE_FACTOR = 0.8;
/**
 * Inner matches only for aliases specific enough not to hit by chance: several words ("GUSTO NET PAY")
 * or one long word ("SPECTRUM"), never a short one ("ATT", "HARVEST" inside "SECOND HARVEST").
 */
const INNER_MATCH_MIN_CHARACTERS = 8;
const INNER_MATCH_MAX_OFFSET = 3;
/**
 * A one-word alias that is also a common surname or a town's name, followed by more words of a name ("MURPHY & OKAFOR
 * DESIGN"), names the listed merchant no more surely than an alias found inside the text: lowered the same way.
 */
export const NAME_GOES_ON_CONFIDENCE_FACTOR = INNER_MATCH_CONFIDENCE_FACTOR;
/**
 * A licensed profession's letters or words right after a name ("BRIGHTLINE CPAS", "SUMMIT DDS", "HARBOR LAW GROUP"): the
 * name is a practice's, which borrowed the brand's word; brands are not named so.
 */
const PRACTICE_WORDS: ReadonlySet<string> = new Set([
  ...PROFESSIONAL_LETTERS,
  'LLP',
  'PLLC',
  'LAW',
  'ATTORNEYS',
  'ACCOUNTANTS',
  'ARCHITECTS',
]);
/** Words after a name that belong to no longer name: legal forms, billing words. */
const NAME_TAIL_WORDS: ReadonlySet<string> = new Set([
  'LLC',
  'INC',
  'CO',
  'CORP',
  'LTD',
  'THE',
  '&',
  'USA',
  'US',
  'COM',
  'ONLINE',
  'PAYMENT',
  'PMT',
  'BILL',
  'BILLING',
  'AUTOPAY',
  'MONTHLY',
  'ANNUAL',
  'SUBSCRIPTION',
  // What a coworking space, a club or a warehouse store bills ("INDUSTRIOUS NATL MEMBERSHIP"): its own plan, no trade.
  'MEMBERSHIP',
  'MEMBERSHIPS',
  'RENEWAL',
  // A chain's own word for its shops ("JOANN STORES", "ROSS STORES").
  'STORE',
  'STORES',
]);
const CARD_WORDS: ReadonlySet<string> = new Set(['CARD', 'CRD']);

/** The word sequences an alias answers for: its cleaned words, and without a last card word ("CHARLIE CARD": CHARLIE). */
export function aliasForms(tokens: readonly string[]): string[][] {
  const forms = [[...tokens]];
  if (tokens.length > 1 && CARD_WORDS.has(tokens[tokens.length - 1])) forms.push(tokens.slice(0, -1));
  return forms;
}

interface Directory {
  entries: DirectoryEntry[];
  /** Alias with its spaces removed → entry. Spaces are ignored so "BLUE BOTTLE" also finds "BLUEBOTTLE". */
  byCompactAlias: Map<string, { entry: DirectoryEntry; alias: string }>;
  /** Web-address aliases ("BOOKING.COM"): matched against the address a descriptor starts with, not its words. */
  byDomain: Map<string, { entry: DirectoryEntry; alias: string }>;
  maxAliasTokens: number;
  /** One-word aliases that are also common surnames or towns' names: they need their whole-word context. */
  /** One-word aliases other names share, and how: `name` (a surname, a town) or `word` (an English word). */
  ambiguous: ReadonlyMap<string, 'name' | 'word'>;
  /** Every alias's compact form, sorted: the aliases a cut name may be the start of are a run of it. */
  sortedCompact: readonly string[];
}

/** A cut name is read as a listed one only when it keeps this many letters, the cut word at least MIN_CUT_WORD_LETTERS. */
export const MIN_CUT_NAME_LETTERS = 6;
const MIN_CUT_WORD_LETTERS = 3;
/** A name read from its cut start is a little less sure than the whole name. */
export const CUT_NAME_CONFIDENCE_FACTOR = 0.9;

const DIRECTORY_FILE = new URL('./merchants.csv', import.meta.url);
/** Generated by `npm run build:directory` from the name-suggestion-index package (scripts/build-directory.ts). */
const BRANDS_FILE = new URL('./brands.csv', import.meta.url);
/** Generated by `npm run build:name-words` (scripts/build-name-words.ts) from the census surnames and the US towns. */
const AMBIGUOUS_ALIASES_FILE = new URL('./ambiguous-aliases.csv', import.meta.url);
/**
 * A brand known only by its OpenStreetMap tag: its name says what kind of place it is, not what this business bought
 * there. Its answers are calibrated apart (key `brand`); with no curve fitted the raw score is the confidence, below the
 * default review threshold, so such rows are filed but reviewed until rows measure how often the tag holds.
 */
export const BRAND_CONFIDENCE = 0.78;
let loaded: Directory | undefined;

/** The file names chart roles ("meals", "fuel") or `transfer`, never account numbers: the chart's role column books them. */
function parseTarget(raw: string, where: string): CategoryTarget {
  if (raw === TRANSFER) return TRANSFER;
  assertInvariant(isChartRole(raw), `${where}: target ${raw} is neither a chart role nor ${TRANSFER}`);
  return accountForRole(raw);
}

function loadDirectory(): Directory {
  const records = parse(readFileSync(DIRECTORY_FILE), { columns: true, skip_empty_lines: true, trim: true }) as Record<
    string,
    string
  >[];
  const entries: DirectoryEntry[] = [];
  const byCompactAlias = new Map<string, { entry: DirectoryEntry; alias: string }>();
  const byDomain = new Map<string, { entry: DirectoryEntry; alias: string }>();
  let maxAliasTokens = 1;
  for (const record of records) {
    const where = `merchant directory, ${record.name}`;
    const confidence = Number(record.confidence);
    assertInvariant(confidence > 0 && confidence < 1, `${where}: confidence ${record.confidence} outside (0, 1)`);
    const outTarget = parseTarget(record.out, where);
    const entry: DirectoryEntry = {
      name: record.name,
      category: record.category,
      out: { target: outTarget, confidence },
      in: record.in
        ? { target: parseTarget(record.in, where), confidence }
        : { target: outTarget, confidence: Number((confidence * REFUND_CONFIDENCE_FACTOR).toFixed(3)) },
      aliases: [record.name, ...record.aliases.split('|')].map((alias) => alias.trim()).filter(Boolean),
      source: 'curated',
    };
    entries.push(entry);
    for (const raw of entry.aliases) {
      const cleaned = cleanDescriptor(raw);
      assertInvariant(cleaned.tokens.length > 0, `${where}: alias "${raw}" cleans to nothing`);
      if (cleaned.domain && !/\s/.test(raw.trim())) {
        // "Booking.com" would otherwise answer for every descriptor starting with "BOOKING".
        const existing = byDomain.get(cleaned.domain);
        assertInvariant(
          !existing || existing.entry === entry,
          `${where}: address "${raw}" already belongs to ${existing?.entry.name}`,
        );
        byDomain.set(cleaned.domain, { entry, alias: cleaned.domain });
        continue;
      }
      // Aliases are descriptor forms of a name: one that the cleaner would cut down (bank words in
      // front, a state code eating a short name) would match something else than what it says.
      assertInvariant(cleaned.bankPrefix === null, `${where}: alias "${raw}" starts with bank words`);
      assertInvariant(
        cleaned.tokens.length > 1 || cleaned.tokens[0].length > 2 || raw.trim().toUpperCase() === cleaned.tokens[0],
        `${where}: alias "${raw}" cleans to "${cleaned.cleaned}"`,
      );
      // "TAKE 5", "SUPER 8", "MOTEL 6" clean to one common word (descriptors lose short numbers too), which would
      // answer for "TAKE 31" or any "SUPER …": such a name is known only by its longer forms ("TAKE 5 OIL").
      if (losesItsNumber(raw, cleaned.tokens)) continue;
      const compact = cleaned.tokens.join('');
      const existing = byCompactAlias.get(compact);
      assertInvariant(
        !existing || existing.entry === entry,
        `${where}: alias "${raw}" already belongs to ${existing?.entry.name}`,
      );
      byCompactAlias.set(compact, { entry, alias: cleaned.cleaned });
      maxAliasTokens = Math.max(maxAliasTokens, cleaned.tokens.length);
      // The cleaner drops "CARD 1234" as a card number, so "CHASE CREDIT CARD 1234" reaches the
      // lookup as "CHASE CREDIT": such aliases also answer without their last word, unless taken.
      for (const stem of aliasForms(cleaned.tokens).slice(1))
        if (!byCompactAlias.has(stem.join(''))) byCompactAlias.set(stem.join(''), { entry, alias: stem.join(' ') });
    }
  }
  for (const record of parse(readFileSync(BRANDS_FILE), {
    columns: true,
    skip_empty_lines: true,
    trim: true,
  }) as Record<string, string>[]) {
    const where = `brand directory, ${record.name}`;
    const target = parseTarget(record.role, where);
    const entry: DirectoryEntry = {
      name: record.name,
      category: record.category,
      source: 'name-suggestion-index',
      out: { target, confidence: BRAND_CONFIDENCE },
      in: { target, confidence: Number((BRAND_CONFIDENCE * REFUND_CONFIDENCE_FACTOR).toFixed(3)) },
      aliases: record.aliases
        .split('|')
        .map((alias) => alias.trim())
        .filter(Boolean),
    };
    // The build script wrote each alias already cleaned, so indexing needs no cleaning. The hand-kept file knows these
    // names better: a brand adds only the names nobody listed.
    const fresh = entry.aliases
      .map((alias) => alias.split(' '))
      .filter((tokens) => !byCompactAlias.has(tokens.join('')));
    if (fresh.length === 0) continue;
    entries.push(entry);
    for (const tokens of fresh) {
      byCompactAlias.set(tokens.join(''), { entry, alias: tokens.join(' ') });
      maxAliasTokens = Math.max(maxAliasTokens, tokens.length);
    }
  }
  const ambiguous = new Map(
    (
      parse(readFileSync(AMBIGUOUS_ALIASES_FILE), { columns: true, skip_empty_lines: true, trim: true }) as Array<
        Record<string, string>
      >
    ).map((record) => {
      if (record.reading !== 'name' && record.reading !== 'word')
        throw new Error(`ambiguous-aliases.csv: ${record.alias} has reading ${record.reading}`);
      return [record.alias, record.reading] as const;
    }),
  );
  const sortedCompact = [...byCompactAlias.keys()].sort();
  return { entries, byCompactAlias, byDomain, maxAliasTokens, ambiguous, sortedCompact };
}

/** The shortest single word a name may shrink to when cleaning drops its number and still name one business ("PHILLIPS"). */
const MIN_NUMBERLESS_WORD_LENGTH = 8;

export function losesItsNumber(raw: string, tokens: readonly string[]): boolean {
  return (
    tokens.length === 1 && /\d/.test(raw) && !/\d/.test(tokens[0]) && tokens[0].length < MIN_NUMBERLESS_WORD_LENGTH
  );
}

function directory(): Directory {
  loaded ??= loadDirectory();
  return loaded;
}

export function directoryEntries(): readonly DirectoryEntry[] {
  return directory().entries;
}

/** The longest alias that the words starting at `offset` begin with. */
function longestAliasAt(
  tokens: readonly string[],
  offset: number,
  index: Directory,
): { entry: DirectoryEntry; alias: string; end: number } | null {
  let best: { entry: DirectoryEntry; alias: string; end: number } | null = null;
  let compact = '';
  // Aliases glued together on a descriptor ("BLUEBOTTLE") span fewer words than in the file, so the
  // window is measured in words of the text, bounded by the longest alias plus slack.
  const end = Math.min(tokens.length, offset + index.maxAliasTokens + 2);
  for (let position = offset; position < end; position += 1) {
    compact += tokens[position];
    const found = index.byCompactAlias.get(compact);
    if (found) best = { ...found, end: position + 1 };
  }
  return best;
}

/**
 * "QT QUIKTR", "HOME DEPO": the words up to the cut word are the start of exactly one listed merchant's alias. Several
 * merchants sharing the start leave it unread: the cut took what told them apart.
 */
function aliasFromCut(
  tokens: readonly string[],
  cutWords: readonly string[] | undefined,
  index: Directory,
): { entry: DirectoryEntry; alias: string; end: number } | null {
  for (const cutWord of cutWords ?? []) {
    const at = tokens.indexOf(cutWord);
    // A word cut to a letter or two says little alone, but after whole words that are a name's start ("PUGET SOUND EN")
    // the name is read by them.
    const wholeWordsBefore = tokens.slice(0, Math.max(0, at)).join('').length;
    const found =
      cutWord.length >= MIN_CUT_WORD_LETTERS || wholeWordsBefore >= MIN_CUT_NAME_LETTERS
        ? aliasFromCutAt(tokens, at + 1, index)
        : null;
    if (found) return found;
  }
  return null;
}

function aliasFromCutAt(
  tokens: readonly string[],
  end: number,
  index: Directory,
): { entry: DirectoryEntry; alias: string; end: number } | null {
  if (end === 0) return null;
  const compact = tokens.slice(0, end).join('');
  if (compact.length < MIN_CUT_NAME_LETTERS) return null;
  let low = 0;
  let high = index.sortedCompact.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (index.sortedCompact[middle] < compact) low = middle + 1;
    else high = middle;
  }
  let found: { entry: DirectoryEntry; alias: string } | null = null;
  for (let position = low; position < index.sortedCompact.length; position += 1) {
    const key = index.sortedCompact[position];
    if (!key.startsWith(compact)) break;
    if (key === compact) return null;
    const candidate = index.byCompactAlias.get(key)!;
    if (found && found.entry !== candidate.entry) return null;
    found ??= candidate;
  }
  return found ? { ...found, end } : null;
}

function decide(
  found: { entry: DirectoryEntry; alias: string },
  direction: 'in' | 'out',
  position: DirectoryMatch['position'],
  industry?: Industry | null,
  context: { nameGoesOn?: readonly string[]; needsContext?: boolean } = {},
  cut = false,
): DirectoryMatch {
  const { nameGoesOn, needsContext } = context;
  const generic = direction === 'out' ? found.entry.out : found.entry.in;
  const byTrade = tradeMapping(found.entry, generic.target, direction, industry);
  const decision = byTrade
    ? { target: byTrade.target, confidence: byTrade.rawScore }
    : {
        target: revenueTargetFor(generic.target, direction, industry),
        confidence: guessesRevenueKind(generic.target, direction, industry)
          ? Math.min(generic.confidence, REVENUE_GUESS_SCORE)
          : generic.confidence,
      };
  const confidence =
    position === 'start' && !needsContext && !cut
      ? decision.confidence
      : Number(
          (
            decision.confidence *
            (position === 'start' ? 1 : INNER_MATCH_CONFIDENCE_FACTOR) *
            (needsContext ? NAME_GOES_ON_CONFIDENCE_FACTOR : 1) *
            (cut ? CUT_NAME_CONFIDENCE_FACTOR : 1)
          ).toFixed(3),
        );
  return {
    target: decision.target,
    confidence,
    merchantName: found.entry.name,
    category: found.entry.category,
    alias: found.alias,
    position,
    source: found.entry.source,
    ...(byTrade && industry ? { industry } : {}),
    ...(nameGoesOn ? { nameGoesOn } : {}),
    ...(needsContext ? { needsContext } : {}),
    ...(cut ? { cut } : {}),
  };
}

/** The top-level domains software makers took up (priors.ts reads them too). */
export const SOFTWARE_MAKERS_DOMAIN = /\.(IO|AI|APP|DEV|SO|SH|TECH|CLOUD)$/;
/** The directory's categories of services sold only online (merchants.csv `category`). */
const SOLD_ONLINE_ONLY: ReadonlySet<string> = new Set(['software', 'cloud']);
/** A bank's word for a sale at a terminal, card in hand ("POS DEBIT", "POINT OF SALE"). */
export const CARD_PRESENT = /\b(POS|POINT OF SALE)\b/;
/**
 * Payees that bill their customers and never ring a sale on a small seller's register: utilities, agencies, banks,
 * lenders, insurers, payroll services and phone carriers, and (NEVER_AT_A_SMALL_REGISTER) what is sold online only.
 * Behind such a register their name is a shop's or a restaurant's ("SQ *BLACK HILLS BURGER" is no Black Hills Energy bill).
 */
const BILLERS: ReadonlySet<string> = new Set([
  'utility',
  'government',
  'bank',
  'bankfee',
  'lender',
  'insurance',
  'health_payer',
  'benefits',
  'payroll',
  'telecom',
]);
const NEVER_AT_A_SMALL_REGISTER: ReadonlySet<string> = new Set([...SOLD_ONLINE_ONLY, ...BILLERS]);

/** Where the bank says the sale was made: a small seller's register or own online store, or a card's terminal. */
interface SaleSite {
  atSmallSellersRegister?: boolean;
  atSmallSellersStore?: boolean;
  cardPresent?: boolean;
}

function matchTokens(
  tokens: readonly string[],
  direction: 'in' | 'out',
  index: Directory,
  industry?: Industry | null,
  cutWords?: readonly string[],
  { atSmallSellersRegister = false, atSmallSellersStore = false, cardPresent = false }: SaleSite = {},
): DirectoryMatch | null {
  if (tokens.length === 0) return null;
  let position: DirectoryMatch['position'] = 'start';
  let found = longestAliasAt(tokens, 0, index);
  const fromCut = found ? null : aliasFromCut(tokens, cutWords, index);
  if (fromCut) return decide(fromCut, direction, 'start', industry, {}, true);
  for (let offset = 1; !found && offset <= INNER_MATCH_MAX_OFFSET && offset < tokens.length; offset += 1) {
    const candidate = longestAliasAt(tokens, offset, index);
    if (candidate && (candidate.alias.includes(' ') || candidate.alias.length >= INNER_MATCH_MIN_CHARACTERS)) {
      found = candidate;
      position = 'inner';
    }
  }
  if (!found) return null;
  const nextWord = tokens[found.end];
  if (nextWord && PRACTICE_WORDS.has(nextWord) && !found.entry.name.toUpperCase().split(' ').includes(nextWord))
    return null;
  // Software and cloud services sell online, never through a shop's card reader, and billers never do: behind a small
  // seller's register their name is someone else's ("SQ *BASECAMP ESPRESSO" is a café, not the project-management service).
  if (atSmallSellersRegister && NEVER_AT_A_SMALL_REGISTER.has(found.entry.category)) return null;
  // Shopify's checkout is a small seller's own online store ("SP XCEL WETSUITS"): digital goods are sold there, bills not.
  if (atSmallSellersStore && BILLERS.has(found.entry.category)) return null;
  // "MURPHY PLUMBING": a common surname or a town's name that a longer name goes on from is only maybe the listed
  // merchant. A brand's one word followed by its own trade's words ("VALERO CORNER STORE", "ANTHEM BLUE ... INS PREM")
  // is the brand: only names that many people and places share need the context. An English word is the brand unless the
  // words after it name another trade ("TREEHOUSE PIZZA"). Behind a small seller's register, a shared word that a longer
  // name goes on from is someone else's ("SQ *BLADE RUNNER SHARPENIN" is a local sharpener, "SQ *COPPER KETTLE" a café):
  // chains ring their sales on registers of their own.
  const rest = found.alias.includes(' ') ? [] : tokens.slice(found.end).filter((word) => !NAME_TAIL_WORDS.has(word));
  // An alias of three letters or fewer is an acronym other names are made of too ("PGW AUTO GLASS" is no Philadelphia Gas
  // Works bill): it is read as a shared word.
  const shared = index.ambiguous.get(found.alias) ?? (found.alias.length <= 3 ? 'word' : undefined);
  // Found after other words of the name, a brand's shared word is only a word of someone else's name ("AMERICAN ALLIANCE
  // OF MUSEUMS" is no Alliance Tire, "TACO MAMA - HOMEWOOD" no Homewood Suites). The hand-kept names were listed in the
  // forms their merchants print, words before them included ("MERCURY TREASURY").
  if (shared && position === 'inner' && !found.alias.includes(' ') && found.entry.source === 'name-suggestion-index')
    return null;
  if (rest.length === 0 || !shared) return decide(found, direction, position, industry);
  // A service sold online is never bought at a shop's terminal either: a sale the bank marks as made there ("POS", "POINT OF
  // SALE") under a shared word's longer name ("POS #4029 HARVEST MARKET FORT BRAGG CA") is a local shop's.
  if (atSmallSellersRegister || (cardPresent && SOLD_ONLINE_ONLY.has(found.entry.category))) return null;
  return decide(found, direction, position, industry, { nameGoesOn: rest, needsContext: shared === 'name' });
}

function specificity(match: DirectoryMatch): number {
  return match.position === 'start' ? match.alias.replace(/ /g, '').length : 0;
}

/**
 * The directory's answer for a cleaned descriptor: exact alias matches on whole words, longest first.
 * The web address a descriptor starts with is the most precise; otherwise the pushed merchant name
 * (what the bank feed already resolved) and the descriptor both answer, and the more specific alias
 * wins ("GUSTO TAX" in the descriptor says more than the merchant name "Gusto"). With the entity's
 * industry, merchants whose use depends on the trade answer by it (industry.ts).
 */
export function lookupDirectory(
  descriptor: DirectoryLookupInput | CleanedDescriptor,
  direction: 'in' | 'out',
  industry?: Industry | null,
): DirectoryMatch | null {
  const index = directory();
  const domain = 'domain' in descriptor ? descriptor.domain : null;
  const byAddress = domain ? index.byDomain.get(domain) : undefined;
  if (byAddress) return decide(byAddress, direction, 'start', industry);
  const fromMerchant = descriptor.merchantName
    ? matchTokens(descriptor.merchantName.split(' '), direction, index, industry)
    : null;
  const split = 'splitTokens' in descriptor ? descriptor.splitTokens : null;
  const site: SaleSite = {
    atSmallSellersRegister: descriptor.processor != null && REGISTER_PROCESSORS.has(descriptor.processor),
    atSmallSellersStore: descriptor.processor === 'shopify',
    cardPresent: 'bankPrefix' in descriptor && CARD_PRESENT.test(descriptor.bankPrefix ?? ''),
  };
  // A word the field's edge cut, or the line's last when an export cut the whole line short.
  const lineEndWord = 'lineEndWord' in descriptor ? descriptor.lineEndWord : null;
  const cutWords = lineEndWord ? [...(descriptor.cutWords ?? []), lineEndWord] : descriptor.cutWords;
  const fromDescriptor =
    matchTokens(descriptor.tokens, direction, index, industry, cutWords, site) ??
    (split ? matchTokens(split, direction, index, industry, undefined, site) : null);
  if (fromMerchant && fromDescriptor)
    return specificity(fromDescriptor) > specificity(fromMerchant) ? fromDescriptor : fromMerchant;
  // A name read from an address in a software maker's domain ("SEAMLESS.AI") is that maker's, not a listed shop's or
  // restaurant's of the same word (Grubhub's Seamless is seamless.com).
  if (fromDescriptor && domain && SOFTWARE_MAKERS_DOMAIN.test(domain) && !SOLD_ONLINE_ONLY.has(fromDescriptor.category))
    return fromMerchant;
  return fromMerchant ?? fromDescriptor ?? billedFrom(descriptor, direction, industry, index);
}

/**
 * The merchant's own site printed in the city's columns, when the name says nothing the directory knows ("SPLS1156892688
 * STAPLES.COM MA"): an inner match, less certain than a name. A processor's address (PAYPAL.COM, SQUAREUP.COM) or a line
 * behind a processor names the front, not the seller.
 */
function billedFrom(
  descriptor: DirectoryLookupInput | CleanedDescriptor,
  direction: 'in' | 'out',
  industry: Industry | null | undefined,
  index: Directory,
): DirectoryMatch | null {
  if (!('laterDomain' in descriptor) || descriptor.laterDomain === null || descriptor.processor !== null) return null;
  const labels = descriptor.laterDomain.split('.');
  const name = labels[labels.length - 2];
  const site = index.byDomain.get(descriptor.laterDomain) ?? (name ? longestAliasAt([name], 0, index) : null);
  if (!site || site.entry.category === 'processor') return null;
  return decide(site, direction, 'inner', industry);
}
