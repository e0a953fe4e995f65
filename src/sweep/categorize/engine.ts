import { ACCOUNT, accountForRole, type AccountCategory } from '../../chart/us-chart.ts';
import { cleanDescriptor } from '../../descriptor/descriptor.ts';
import type { MerchantPreference } from '../memory-store.ts';
import { achReceiverName, duesOrEducation, matchBuiltinRule } from './builtin-rules.ts';
import { boughtInBulk, capitalization } from './capitalization.ts';
import { matchPrior, PRIOR_SCORE } from './priors.ts';
import { HINT_CONFIDENCE_CAP, matchKeyword, matchProcessorKind } from './keywords.ts';
import { matchMcc, MIXED_STORE_CONFIDENCE_CAP } from './mcc.ts';
import { inEnglish } from '../../descriptor/spanish-words.ts';
import { applyCurve, SHIPPED_CURVES, type CalibrationCurves, type CalibrationKey } from './calibration.ts';
import { matchTenantRule, type CompiledRule } from './tenant-rules.ts';
import { TRANSFER, type CategorizationInput, type CategoryTarget, type TierName } from './types.ts';

/**
 * The categorization engine. Every tier that has an opinion about a row offers a candidate: a target
 * and a raw score, which calibration turns into a confidence. Precedence, highest first:
 *
 *   tenant rule → memory → transfer → built-in rule → directory → merchant category code → keyword → rag → llm
 *
 * The first candidate in that order whose confidence reaches the review threshold decides (so an
 * explicit instruction or the owner's own past decision beats a guess, but only when it is sure);
 * when none is sure enough, the most confident candidate decides and the row needs review. The
 * expensive tiers (rag, llm) are asked only about rows no cheaper tier decided with confidence. A row
 * no tier had any opinion on may get a prior (priors.ts), always for review; else the catch-all.
 */
export const TENANT_RULE_CONFIDENCE = 0.95;

/**
 * Answers read from a name the network or the bank cut at its field's edge ("JOES TAQUER", "QUIKTR") guess where the cut
 * fell and what the word was: on the generated set they are right about nine times in ten, too often wrong to file
 * without a look whatever their curve says on one half. Their confidence stays below the default review threshold.
 */
export const CUT_CONFIDENCE_CAP = 0.84;
/**
 * What a business buys at a general or a trade retailer (a home-improvement store, a warehouse club, a beauty or packaging
 * supplier) is consumed as supplies by one trade and built into jobs or resold, cost of goods, by another: the entity's
 * industry decides (industry.ts). Without one, shipped knowledge's supplies answer is a likely account, not one to file
 * unseen: on the lines written for the evaluation it was right about two times in three.
 */
export const TRADE_DECIDES_CAP = 0.84;
const SUPPLIES = accountForRole('supplies');
const MEALS = accountForRole('meals');
/**
 * A company's ACH debit (the NACHA entry's codes, a bank's "ACH" label, or the words banks print for one: Citizens' and
 * TD's "ELECTRONIC WITHDRAWAL" and "ELECTRONIC PMT-WEB", "PREAUTHORIZED DEBIT") or a bill paid through the bank's bill pay.
 */
const COMPANY_DEBIT =
  /\b(ACH|CCD|PPD|CTX|EFT|BILL ?PAY|BILL PAYMENT|ELECTRONIC (WITHDRAWAL|PMT|PAYMENT|DEBIT)|PREAUTH(ORIZED)? (DEBIT|WD|WITHDRAWAL))\b|\b(DES|CO ENTRY DESCR|ORIG CO NAME):|\bBUSINESS TO BUSINESS\b/;
const PAYPAL = /\bPAYPAL\b/;
const SERVICE_REVENUE = accountForRole('service_revenue');
const SALES = accountForRole('sales');

/**
 * Money in whose line or whose entity's name names a place that serves food ("SQUARE INC 240304P2 SLICE REPUBLIC PIZZA",
 * "IND NAME:BRASA CANTINA LLC"): a payout to a restaurant, a café or a caterer, whose sales are of goods. When no industry
 * is stated, that names the revenue a guess would otherwise call services (on the read sets, 46 of 51 such lines were
 * sales).
 */
function sellsMeals(row: EngineRow): boolean {
  if (row.direction !== 'in' || row.industry) return false;
  const asNamed = (description: string, descriptor?: EngineRow['descriptor']) =>
    matchKeyword({ description, merchant: null, direction: 'out', industry: null, descriptor })?.target === MEALS;
  const receiver = achReceiverName(row.description);
  const afterReference = SETTLEMENT_TAIL.exec(row.description.toUpperCase())?.[1];
  return (
    asNamed(row.description, row.descriptor) ||
    (!!receiver && asNamed(receiver)) ||
    (!!afterReference && asNamed(afterReference)) ||
    (!!row.entityName && asNamed(row.entityName))
  );
}
/**
 * A card processor's settlement prints the merchant's own name after its long reference ("BANKCARD 8076 BTOT DEP
 * 5432100987 MAGIC CITY BURGER CCD", "HEARTLAND PYMT SYS MERCH DEP 650000012345671 BUCKEYE SUBS 1").
 */
const SETTLEMENT_TAIL = /\b\d{8,}\s+([A-Z][A-Z&' ]*[A-Z])(?:\s+(?:CCD|PPD|\d+))?\s*$/;

/**
 * A deposit account's debit by a company or through bill pay is a bill a company sends, never a meal bought: a meal is
 * paid at a register or online by card, and a restaurant platform, a roaster or a brewer that debits the account is
 * billing a business (its ads, its subscription, its goods). PayPal's transfers pay its sellers whatever they sell, so
 * they stay out.
 */
function billedByACompany(row: EngineRow): boolean {
  if (row.bankAccountKind === 'credit_card' || row.direction !== 'out') return false;
  const text = row.description.toUpperCase();
  return COMPANY_DEBIT.test(text) && !PAYPAL.test(text);
}

const CONFIDENCE_CAPS: Partial<Record<CalibrationKey, number>> = {
  'cut-word': CUT_CONFIDENCE_CAP,
  'cut-name': CUT_CONFIDENCE_CAP,
  prior: PRIOR_SCORE,
};

export interface EngineRow extends CategorizationInput {
  /** The normalized merchant the memory tier remembers decisions by. */
  merchantKey: string;
  /** The descriptor with processor prefixes, store numbers and references removed. */
  cleanedDescriptor: string;
}

export interface Candidate {
  tier: TierName;
  /** Which calibration curve applies; null for a tenant rule, whose confidence is fixed. */
  calibrationKey: CalibrationKey | null;
  target: CategoryTarget;
  rawScore: number;
  confidence: number;
  /** What in the tier produced it (rule name, pair id…), for explanations and the evaluation. */
  detail: string;
}

export interface Categorization {
  target: string;
  confidence: number | null;
  source: string | null;
  needsReview: boolean;
  transactionType: 'expense' | 'income' | 'transfer' | null;
}

export interface TransferEvidence {
  rawScore: number;
  detail: string;
}

/** A tier that works on a whole batch at once and may take time (retrieval, a model). */
export interface BatchTier {
  name: Extract<TierName, 'directory' | 'rag' | 'llm'>;
  calibrationKey: CalibrationKey;
  /** Raw answers for the rows it has an opinion on, by transaction id. */
  decide(
    rows: readonly EngineRow[],
  ): Promise<Map<string, { target: CategoryTarget; rawScore: number; detail?: string }>>;
}

/** What a synchronous tier answers for one row; `calibrationKey` when its answers are calibrated apart (default: the tier's). */
export type RowTier = (row: EngineRow) => {
  target: CategoryTarget;
  rawScore: number;
  detail: string;
  calibrationKey?: CalibrationKey;
  /** The words of the name the row was known by (a directory's alias): a trade word among them is part of the name. */
  nameWords?: string;
} | null;

export interface EngineContext {
  accountCategories: ReadonlyMap<string, AccountCategory>;
  reviewThreshold: number;
  tenantRules: readonly CompiledRule[];
  preferences: ReadonlyMap<string, MerchantPreference>;
  transfers: ReadonlyMap<string, TransferEvidence>;
  /** The directory tier, when the service has one; synchronous because it is an in-memory lookup. */
  directory?: RowTier;
  /** rag, then llm: asked in this order about rows still undecided. */
  batchTiers: readonly BatchTier[];
  curves?: CalibrationCurves;
  /** Sees every candidate of every row (the evaluation fits calibration from them). */
  observe?: (row: EngineRow, candidates: readonly Candidate[]) => void;
}

/**
 * The memory's raw score: one human decision starts at 0.9, each consistent approval halves the
 * remaining doubt, and every override of the merchant costs a tenth (a merchant filed under changing
 * accounts is trusted less).
 */
export function memoryRawScore(preference: Pick<MerchantPreference, 'approvals' | 'overrides'>): number {
  const consistent = 1 - 0.1 / 2 ** (Math.max(1, preference.approvals) - 1);
  return Math.min(0.99, consistent) * 0.9 ** preference.overrides;
}

/** The row as shipped knowledge reads it: the same row unless its line has Spanish bank words (spanish-words.ts). */
function readInEnglish(row: EngineRow): EngineRow {
  const description = inEnglish(row.description);
  return description === row.description ? row : { ...row, description };
}

export async function categorizeRows(
  rows: readonly EngineRow[],
  context: EngineContext,
): Promise<Map<string, Categorization>> {
  const curves = context.curves ?? SHIPPED_CURVES;
  const calibrate = (key: CalibrationKey | null, raw: number) =>
    key === null
      ? TENANT_RULE_CONFIDENCE
      : Math.min(applyCurve(curves[key], raw), CONFIDENCE_CAPS[key] ?? Number.POSITIVE_INFINITY);
  const usable = (target: CategoryTarget) => target === TRANSFER || context.accountCategories.has(target);
  const candidatesById = new Map<string, Candidate[]>();

  for (const printed of rows) {
    // The owner's rules match the line as the bank printed it; shipped knowledge reads its Spanish bank words in English.
    const row = readInEnglish(printed);
    const candidates: Candidate[] = [];
    const offer = (
      tier: TierName,
      key: CalibrationKey | null,
      answer: CategoryTarget,
      rawScore: number,
      detail: string,
      { confidenceCap = 1 }: { confidenceCap?: number } = {},
    ) => {
      const shipped = key !== null && key !== 'memory' && key !== 'transfer';
      // The owner's rules and corrections say what they say; shipped knowledge's dues may be an association's event.
      const target = shipped ? duesOrEducation(answer, row.description) : answer;
      if (!usable(target)) return;
      if (shipped && target === MEALS && billedByACompany(row)) return;
      const confidence = Math.min(
        calibrate(key, rawScore),
        confidenceCap,
        shipped && !row.industry && target === SUPPLIES ? TRADE_DECIDES_CAP : 1,
      );
      candidates.push({ tier, calibrationKey: key, target, rawScore, confidence, detail });
    };
    const rule = matchTenantRule(context.tenantRules, printed, printed.cleanedDescriptor);
    if (rule) offer('regex', null, rule.target, 1, `tenant rule ${rule.id}`);
    const preference = context.preferences.get(row.merchantKey);
    if (preference)
      offer('memory', 'memory', preference.target, memoryRawScore(preference), `merchant ${row.merchantKey}`);
    const transfer = context.transfers.get(row.transactionId);
    if (transfer) offer('regex', 'transfer', TRANSFER, transfer.rawScore, transfer.detail);
    const keywordOfLine = lazily(() => matchKeyword(row));
    const namedRule = matchBuiltinRule(row);
    const listing = lazily(() => agreesWithProcessor(row, context.directory?.(row) ?? null));
    const builtin =
      (namedRule?.rule.yieldsToTradeWords &&
        keywordOfLine() !== null &&
        keywordOfLine()!.target !== namedRule.target) ||
      (namedRule?.rule.yieldsToListing && listing() !== null && listing()!.calibrationKey !== 'brand') ||
      (namedRule?.rule.yieldsToListedRevenue &&
        listing() !== null &&
        context.accountCategories.get(listing()!.target) === 'revenue')
        ? null
        : namedRule;
    if (builtin)
      offer(
        'regex',
        'regex',
        builtin.target,
        builtin.rawScore,
        `built-in rule ${builtin.rule.name}${builtin.target === builtin.rule.target ? '' : ` → ${builtin.target}`}`,
      );
    const listed = builtin?.rule.supersedesDirectory ? null : listing();
    if (listed) offer('directory', listed.calibrationKey ?? 'directory', listed.target, listed.rawScore, listed.detail);
    // The network's code for the merchant's trade, when the feed carried one: after what knows the merchant by name, and
    // silent when the hand-kept directory lists the merchant under another account (Amazon's code is still a book
    // store's, 5942; Netflix's a cable company's, 4899): the listing says what the brand sells, unsure or not.
    const listedByHand = listed !== null && listed.calibrationKey !== 'brand';
    const mccOfRow = builtin?.rule.supersedesKeywords ? null : matchMcc(row.merchantCategoryCode, row.direction);
    const mcc = mccOfRow && listedByHand && mccOfRow.target !== listed.target ? null : mccOfRow;
    if (mcc)
      offer('regex', 'mcc', mcc.target, mcc.rawScore, `mcc ${mcc.code} (${mcc.range.role})`, {
        confidenceCap: mcc.range.strength === 'mixed' ? MIXED_STORE_CONFIDENCE_CAP : 1,
      });
    // Trade words are rules too (source `regex`) with their own curve; a merchant the hand-kept directory lists is known
    // better than a word in its name says ("HARBOR FREIGHT" sells tools, not shipping). A brand known only by its
    // OpenStreetMap tag leaves the word its say ("SQ *CAMPANILE COFFEE" is a café, not the Campanile hotels).
    // A word the brand itself is named with is its name, not another trade ("COSTCO BUSINESS CENTER" rents no offices),
    // unless it files where the brand does ("JOES PIZZA"): then it speaks at its own confidence.
    const wordsSpeak = !listedByHand && !builtin?.rule.supersedesKeywords;
    const lineWord = wordsSpeak ? keywordOfLine() : null;
    const keyword =
      lineWord && (lineWord.target === listed?.target || !` ${listed?.nameWords ?? ''} `.includes(` ${lineWord.word} `))
        ? lineWord
        : null;
    if (keyword)
      offer(
        'regex',
        keyword.cut ? 'cut-word' : keyword.rule.source === 'preset' ? 'preset' : 'keyword',
        keyword.target,
        keyword.rawScore,
        `keyword ${keyword.word} (${keyword.rule.name})`,
        { confidenceCap: keyword.rule.strength === 'hint' ? HINT_CONFIDENCE_CAP : 1 },
      );
    // What the processor says of its merchants' trade stands on its own, with or without a word that agrees.
    const processorKind = wordsSpeak ? matchProcessorKind(row) : null;
    if (processorKind)
      offer(
        'regex',
        'keyword',
        processorKind.target,
        processorKind.rawScore,
        `keyword ${processorKind.word} (${processorKind.rule.name})`,
      );
    candidatesById.set(row.transactionId, candidates);
  }

  const isSure = (row: EngineRow) =>
    candidatesById.get(row.transactionId)!.some((candidate) => candidate.confidence >= context.reviewThreshold);
  for (const tier of context.batchTiers) {
    const undecided = rows.filter((row) => !isSure(row));
    if (undecided.length === 0) break;
    const answers = await tier.decide(undecided);
    for (const row of undecided) {
      const answer = answers.get(row.transactionId);
      if (answer && usable(answer.target)) {
        candidatesById.get(row.transactionId)!.push({
          tier: tier.name,
          calibrationKey: tier.calibrationKey,
          target: answer.target,
          rawScore: answer.rawScore,
          confidence: calibrate(tier.calibrationKey, answer.rawScore),
          detail: answer.detail ?? tier.name,
        });
      }
    }
  }

  const results = new Map<string, Categorization>();
  for (const row of rows) {
    const candidates = candidatesById.get(row.transactionId)!;
    // The likeliest account of a row nothing explained (priors.ts): only when no tier had an opinion; never filed unseen.
    const prior = candidates.length === 0 ? matchPrior(row) : null;
    if (prior)
      candidates.push({
        tier: 'regex',
        calibrationKey: 'prior',
        target: prior.target,
        rawScore: prior.rawScore,
        confidence: calibrate('prior', prior.rawScore),
        detail: prior.detail,
      });
    context.observe?.(row, candidates);
    const chosen = choose(candidates, context.reviewThreshold);
    if (chosen) {
      // The owner's own rules and corrections say what they say; shipped knowledge's office purchase may be equipment.
      const shipped = chosen.calibrationKey !== null && chosen.calibrationKey !== 'memory';
      // A large purchase that knowledge filed as an office expense or supplies: equipment, or stock bought in bulk.
      const bySize =
        shipped && capitalization(row, chosen.target, chosen.calibrationKey === 'prior') === 'equipment'
          ? accountForRole('equipment')
          : shipped && boughtInBulk(row, chosen.target)
            ? accountForRole('cost_of_goods')
            : null;
      const target =
        chosen.confidence < context.reviewThreshold && chosen.target === SERVICE_REVENUE && sellsMeals(row)
          ? SALES
          : chosen.target;
      const described = bySize
        ? describe(bySize, calibrate('prior', PRIOR_SCORE), chosen.tier, context)
        : describe(target, chosen.confidence, chosen.tier, context);
      // A prior's guess and a purchase offered by its size are held for review whatever the threshold.
      const held = bySize !== null || chosen.calibrationKey === 'prior';
      results.set(row.transactionId, held ? { ...described, needsReview: true } : described);
    } else {
      const catchAll = row.direction === 'out' ? ACCOUNT.uncategorizedExpense : ACCOUNT.uncategorizedIncome;
      results.set(row.transactionId, describe(catchAll, null, null, context));
    }
  }
  return results;
}

/**
 * A listing that contradicts what the processor says of its merchants is another business of the same name: behind
 * Toast, which runs only restaurants' registers, "TREEHOUSE" is a restaurant, not the online school the directory lists.
 */
function agreesWithProcessor<T extends { target: CategoryTarget }>(row: EngineRow, listed: T | null): T | null {
  if (!listed) return null;
  const kindHint = (row.descriptor ?? cleanDescriptor(row.description, row.merchant)).kindHint;
  return kindHint && listed.target !== accountForRole(kindHint) ? null : listed;
}

/** A value computed on first use, then kept. */
function lazily<T>(compute: () => T): () => T {
  let computed = false;
  let value: T;
  return () => {
    if (!computed) {
      value = compute();
      computed = true;
    }
    return value;
  };
}

/** The first sure candidate in precedence order (the order they were offered), else the most confident. */
export function choose(candidates: readonly Candidate[], reviewThreshold: number): Candidate | undefined {
  const sure = candidates.find((candidate) => candidate.confidence >= reviewThreshold);
  if (sure) return sure;
  let best: Candidate | undefined;
  for (const candidate of candidates) if (!best || candidate.confidence > best.confidence) best = candidate;
  return best;
}

export function describe(
  target: string,
  confidence: number | null,
  source: string | null,
  context: Pick<EngineContext, 'accountCategories' | 'reviewThreshold'>,
): Categorization {
  return {
    target,
    confidence,
    source,
    needsReview: needsReview(target, confidence, source, context.reviewThreshold),
    transactionType: transactionTypeOf(target, context.accountCategories),
  };
}

/** A human still owes a decision: the row is parked on a catch-all, or no tier was sure enough. */
export function needsReview(
  target: string,
  confidence: number | null,
  source: string | null,
  threshold: number,
): boolean {
  if (target === ACCOUNT.uncategorizedExpense || target === ACCOUNT.uncategorizedIncome) return true;
  if (source === 'user_override') return false;
  return confidence === null || confidence < threshold;
}

export function transactionTypeOf(
  target: string,
  accountCategories: ReadonlyMap<string, AccountCategory>,
): Categorization['transactionType'] {
  if (target === TRANSFER || target === ACCOUNT.transfersInTransit) return 'transfer';
  const category = accountCategories.get(target);
  if (category === 'revenue') return 'income';
  if (category === 'expense') return 'expense';
  return null;
}
