import { cleanDescriptor } from '../../descriptor/descriptor.ts';
import { directoryEntries, lookupDirectory } from './directory/lookup.ts';
import { accountForRole, US_CHART } from '../../chart/us-chart.ts';
import { BANK_LOAN_WORDING, HELD_FOR_OTHERS } from './builtin-rules.ts';
import { matchKeyword } from './keywords.ts';
import { matchMcc } from './mcc.ts';
import { PRIOR_SCORE } from './priors.ts';
import type { BatchTier, EngineRow, RowTier } from './engine.ts';
import type { TenantBatchTier } from './llm/llm-batch-tier.ts';
import { getRagIndex } from './rag/rag-index.ts';
import { TRANSFER, type CategorizationInput, type CategoryTarget } from './types.ts';
import type { TierRuntime } from './run.ts';

const US_ACCOUNT_CATEGORIES = new Map(US_CHART.map((account) => [account.accountNumber, account.category]));

/**
 * The tiers the running service categorizes with beyond the tenant's rules, the memory and the
 * built-in rules: the shipped merchant directory and retrieval over the entity's categorized rows.
 * The sweep and corrections both use them, so a row re-decided after a correction is judged exactly
 * as the sweep would judge it. The optional llm tier is added by the sweep (`withLlmTier`), which
 * asks the model before its write transaction; corrections never wait on a model.
 */
export const directoryTier: RowTier = (row) => {
  const match = lookupDirectory(
    row.descriptor ?? cleanDescriptor(row.description, row.merchant),
    row.direction,
    row.industry,
  );
  if (
    !match ||
    paysNoCard(row, match) ||
    paysABanksLoan(row, match) ||
    movesToNoHeldAccount(row, match) ||
    namesAnotherTrade(row, match) ||
    codedAsARestaurant(row, match) ||
    namesARoutingBank(row, match) ||
    paysTheBusiness(row, match)
  )
    return null;
  const storeSale = storeSaleAtFuelStation(row, match);
  if (storeSale) return storeSale;
  if (match.source === 'curated')
    return {
      target: match.target,
      rawScore: match.confidence,
      detail: `directory ${match.merchantName} (${match.cut ? 'cut' : match.position})`,
      ...(match.cut ? { calibrationKey: 'cut-name' as const } : {}),
    };
  return {
    target: match.target,
    rawScore: match.confidence,
    detail: `brand ${match.merchantName} (${match.position}, ${match.source})`,
    calibrationKey: 'brand',
    nameWords: match.alias,
  };
};

/**
 * A fuel station's card sale below what a fill-up costs was most likely rung up in its store: US convenience stores'
 * in-store baskets average under $10 (NACS), a fill-up several times that. Offered as a meal (a snack, a coffee) for
 * review; at or above the amount, the station's own answer (fuel) stands. Stations only: a charger, a fleet card's
 * invoice or a fuel app sells nothing else.
 */
export const FILL_UP_MINOR = 2_000;
/** Stations that print where the card was taken: QuikTrip's "QT 2123 INSIDE" (the pump's is OUTSIDE). */
const IN_THE_STORE = /\b(INSIDE|C-STORE|CSTORE)\b/;
const CAR_WASH = /\b(CAR ?WASH|AUTO ?WASH|WASH CLUB|WASH PASS)\b/;

function storeSaleAtFuelStation(
  row: Pick<CategorizationInput, 'direction' | 'amountMinor' | 'currency' | 'description'>,
  match: { category: string; merchantName: string; target: CategoryTarget },
): { target: CategoryTarget; rawScore: number; detail: string } | null {
  // A convenience-store chain is filed as its pumps' fuel (osm-roles.csv): its small sales are its store's as a station's are.
  const station =
    match.category === 'fuel' || (match.category === 'grocery' && match.target === accountForRole('fuel'));
  if (!station || row.direction !== 'out' || row.currency !== 'USD') return null;
  const line = row.description.toUpperCase();
  // A station's car wash ("HOLIDAY CAR WASH 0234") washes the vehicle, whatever it costs.
  if (CAR_WASH.test(line)) return null;
  if (Math.abs(row.amountMinor) >= FILL_UP_MINOR && !IN_THE_STORE.test(line)) return null;
  return { target: accountForRole('meals'), rawScore: PRIOR_SCORE, detail: `store sale at ${match.merchantName}` };
}

/**
 * "MURPHY PLUMBING", "BURLINGTON PIZZA": a one-word alias that is also a common surname or a town's name, followed by words
 * that name another trade, is someone else's business of that name; the directory leaves the row to the trade word.
 */
function namesAnotherTrade(
  row: Pick<CategorizationInput, 'direction' | 'industry' | 'entityName'>,
  match: { target: string; nameGoesOn?: readonly string[] },
): boolean {
  if (!match.nameGoesOn) return false;
  const word = matchKeyword({
    description: match.nameGoesOn.join(' '),
    merchant: null,
    direction: row.direction,
    industry: row.industry,
    entityName: row.entityName,
  });
  return word !== null && word.target !== match.target;
}

/**
 * "PILOT BUTTE DRIVE IN" with the card network's code for fast food (5814): a shared word's longer name that the network
 * files as a place to eat (bakeries, caterers, restaurants, bars, fast food: 5462, 5811-5814, codes given to no other
 * trade) is a business of that name, not the listed brand; the code speaks instead of the listing. Other codes are left
 * to the listing, which knows better what a brand sells than a code assigned long ago (Amazon's is still a book store's).
 */
function codedAsARestaurant(
  row: Pick<CategorizationInput, 'direction' | 'merchantCategoryCode'>,
  match: { target: string; nameGoesOn?: readonly string[] },
): boolean {
  if (!match.nameGoesOn) return false;
  const code = matchMcc(row.merchantCategoryCode, row.direction);
  const meals = accountForRole('meals');
  return code !== null && code.target === meals && match.target !== meals;
}

/**
 * A wire names the banks it passed through ("FEDWIRE CREDIT VIA: WELLS FARGO BANK … B/O: HIGHLAND REALTY"): a name found
 * inside such a line, past its start, is a routing bank's, not the payer's or the payee's.
 */
const WIRE_LINE = /\b(FEDWIRE|WIRE TYPE|WIRE TRANSFER|WIRE IN|WIRE OUT|WT FED|BNF|B\/O|SND BK|RCV BK)\b/;

function namesARoutingBank(row: Pick<CategorizationInput, 'description'>, match: { position: string }): boolean {
  return match.position === 'inner' && WIRE_LINE.test(row.description.toUpperCase());
}

/**
 * A platform paying out its workers' or sellers' earnings ("UBER USA 6787 PAYMENTS", "DOORDASH INC DASHER PAY", "TIKTOK INC
 * CREATOR REWARDS"), an insurer paying a claim ("USAA P&C CLAIM PMT"), or a company paying under the ACH entry PAYMENT or
 * its payables' words ("EZCATER INC PAYMENT 240322", "TRANSPERFECT TRANS VENDOR PAY").
 */
const PAYOUT_WORDING =
  /\b(EDI (PAYMNT|PYMNTS?|PMTS?)|PAYOUTS?|PAYMENTS?|PROCEEDS|DIR DEP|DIRECT DEP|CASH ?OUT|INSTANT PAY|EXPRESS PAY|VISA DIRECT|EARNINGS|DASHER PAY|DRIVER PAY|VENDOR (PAY|PMT|PYMT|PAYMENT)|PAYABLES|AP (PMTS?|PAYMENTS?)|CREATOR (REWARDS|FUND|PAY\w*)|ROYALT\w*|CLAIMS?|CLM)\b/;

/**
 * Money a listed merchant sends into a deposit account by ACH or as a payout ("CCD DEPOSIT, UBER USA 6787 EDI PAYMNT",
 * "LYFT EXPRESS PAY VISA DIRECT") is that company paying the business (a platform's payout, a customer's remittance), not
 * a refund of a purchase, which goes back the way it was paid: to the card. The entry's refund reading has no opinion
 * there unless the line says it is a refund.
 */
function paysTheBusiness(row: EngineRow, match: { target: CategoryTarget }): boolean {
  if (row.direction !== 'in' || row.bankAccountKind === 'credit_card') return false;
  if (match.target === TRANSFER || US_ACCOUNT_CATEGORIES.get(match.target) !== 'expense') return false;
  const descriptor = row.descriptor ?? cleanDescriptor(row.description, row.merchant);
  const byAch =
    descriptor.achEntry !== null ||
    /\b(ACH|CCD|PPD|CTX)\b/.test(descriptor.bankPrefix ?? '') ||
    PAYOUT_WORDING.test(row.description.toUpperCase());
  return (
    byAch && !/\b(REFUND|REFUNDS|RETURN|RETURNS|REVERSAL|CREDIT MEMO|REBATE)\b/.test(row.description.toUpperCase())
  );
}

/**
 * A card-only issuer's entry files its name as a card payment, which is money out of a bank account
 * or money into the card. Money from such an issuer into a bank account is something else (a
 * merchant settlement, a reward), so the entry has no opinion there.
 */
function paysNoCard(
  row: Pick<CategorizationInput, 'direction' | 'bankAccountKind'>,
  match: { target: string; merchantName: string },
): boolean {
  return (
    match.target === TRANSFER &&
    row.direction === 'in' &&
    row.bankAccountKind !== 'credit_card' &&
    CARD_ONLY_ISSUERS.has(match.merchantName)
  );
}

/** A bank that issues cards lends too: its card-payment listing has no opinion on a payment that names a loan. */
function paysABanksLoan(row: Pick<CategorizationInput, 'description'>, match: { target: string }): boolean {
  return match.target === TRANSFER && BANK_LOAN_WORDING.test(row.description.toUpperCase());
}

/**
 * The bank's own transfer wording ("ONLINE TRANSFER TO XXXXXX4412") is a transfer only when the other leg is on one of the
 * entity's accounts; when the sweep looked and found none, the money went outside the books and the built-in rules guess what.
 */
function movesToNoHeldAccount(
  row: Pick<CategorizationInput, 'transferLegFound'>,
  match: { merchantName: string },
): boolean {
  return row.transferLegFound === false && match.merchantName === BANK_TRANSFER_ENTRY;
}
export const BANK_TRANSFER_ENTRY = 'Online Transfer';

/** Issuers that hold no business's bank account: a bank that also keeps accounts may send a real transfer in. */
export const CARD_ONLY_ISSUERS: ReadonlySet<string> = new Set([
  'Synchrony Payment',
  'American Express Payment',
  'Discover Card Payment',
  'Barclaycard Payment',
  'Apple Card Payment',
  'Ramp Card Payment',
  'Divvy Card Payment',
]);

/**
 * Loads the shipped knowledge (the merchant directory, about a second of parsing) before the first
 * row arrives, so a new server's first booking does not wait for it.
 */
export function loadServiceKnowledge(): void {
  directoryEntries();
}

export function serviceTiers(): TierRuntime {
  return {
    directory: directoryTier,
    batchTiers: (trx, tenantId, entityId): BatchTier[] => [
      {
        name: 'rag',
        calibrationKey: 'rag',
        async decide(rows) {
          const index = await getRagIndex(trx, tenantId, entityId);
          const answers = new Map<string, { target: string; rawScore: number; detail?: string }>();
          index.queryAll(rows).forEach((decision, position) => {
            if (!decision || saysNothing(rows[position], decision.target)) return;
            answers.set(rows[position].transactionId, {
              target: decision.target,
              rawScore: decision.confidence,
              detail: 'rag neighbours',
            });
          });
          return answers;
        },
      },
    ],
  };
}

/**
 * Neighbours that read alike but whose answer came from something other than their words: past transfers, when this row's
 * other leg was looked for and is not there; money held for others, which a trust account's rows are because of the account
 * ("BUILDIUM EPAY DEP" is an owner's rent on the trust account and the manager's fee on the operating one).
 */
export function saysNothing(row: EngineRow, target: string): boolean {
  if (target === TRANSFER) return row.transferLegFound === false;
  return target === HELD_FOR_OTHERS && row.bankAccountKind !== 'trust' && (row.heldAccountKinds?.get('trust') ?? 0) > 0;
}

/** The runtime with the llm tier asked last, after rag, about rows still undecided. */
export function withLlmTier(runtime: TierRuntime, llm: TenantBatchTier): TierRuntime {
  return {
    ...runtime,
    batchTiers: (trx, tenantId, entityId) => [
      ...(runtime.batchTiers?.(trx, tenantId, entityId) ?? []),
      llm(trx, tenantId, entityId),
    ],
  };
}
