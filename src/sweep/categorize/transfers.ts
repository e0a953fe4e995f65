import { addDays } from '../../shared/dates.ts';
import type { CategorizationInput } from './types.ts';

/**
 * Transfers between the tenant's own accounts. Two signals: the two legs of one move (equal and
 * opposite amounts on two of the entity's accounts within TRANSFER_WINDOW_DAYS), or a payment whose
 * descriptor names a card the tenant holds. Both legs are filed as transfers, booked through 1900,
 * so the move nets to zero there.
 */
export const TRANSFER_WINDOW_DAYS = 3;

export interface PairCandidate {
  id: string;
  entityId: string;
  bankAccountId: string;
  currency: string;
  date: string;
  amountMinor: number;
  description: string;
  /** Already filed by a human under something other than a transfer: never paired. */
  humanNonTransfer: boolean;
  alreadyPaired: boolean;
}

const TRANSFER_WORDS =
  /\b(TRANSFER|XFER|TRNSFR|TFR|MOVE|SWEEP|PAYMENT|PMT|PYMT|AUTOPAY|EPAY|DEPOSIT|WITHDRAWAL|FUNDING|ZELLE|WIRE|ACH)\b/;

/** How telling a pair is: legs that say "transfer" or "payment" are surer than two bare equal amounts. */
export function pairRawScore(a: Pick<PairCandidate, 'description'>, b: Pick<PairCandidate, 'description'>): number {
  const worded = [a, b].filter((leg) => TRANSFER_WORDS.test(leg.description.toUpperCase())).length;
  return worded === 2 ? 0.95 : worded === 1 ? 0.85 : 0.7;
}

/**
 * Pairs each row of `rows` with at most one counterpart from `pool` (which may include `rows`
 * themselves), nearest date first, each counterpart used once. Rows are taken in the given order so
 * the result is deterministic.
 */
export function matchTransferPairs(
  rows: readonly PairCandidate[],
  pool: readonly PairCandidate[],
): Map<string, PairCandidate> {
  const byKey = new Map<string, PairCandidate[]>();
  for (const candidate of pool) {
    if (candidate.alreadyPaired || candidate.humanNonTransfer) continue;
    const key = `${candidate.entityId}|${candidate.currency}|${candidate.amountMinor}`;
    const list = byKey.get(key) ?? [];
    list.push(candidate);
    byKey.set(key, list);
  }
  const taken = new Set<string>();
  const pairs = new Map<string, PairCandidate>();
  for (const row of rows) {
    if (taken.has(row.id) || row.alreadyPaired || row.humanNonTransfer) continue;
    const options = byKey.get(`${row.entityId}|${row.currency}|${-row.amountMinor}`) ?? [];
    const from = addDays(row.date, -TRANSFER_WINDOW_DAYS);
    const to = addDays(row.date, TRANSFER_WINDOW_DAYS);
    let best: PairCandidate | undefined;
    for (const option of options) {
      if (option.id === row.id || option.bankAccountId === row.bankAccountId || taken.has(option.id)) continue;
      if (option.date < from || option.date > to) continue;
      if (!best || dayDistance(option.date, row.date) < dayDistance(best.date, row.date)) best = option;
    }
    if (!best) continue;
    taken.add(row.id);
    taken.add(best.id);
    pairs.set(row.id, best);
    if (rows.some((other) => other.id === best.id)) pairs.set(best.id, row);
  }
  return pairs;
}

function dayDistance(a: string, b: string): number {
  return Math.abs(Date.parse(a) - Date.parse(b));
}

export interface HeldCard {
  institutionName: string;
  name: string;
  externalId: string;
}

const ISSUER_ALIASES: Array<[RegExp, string[]]> = [
  [/AMERICAN EXPRESS|AMEX/, ['AMEX', 'AMERICAN EXPRESS']],
  [/CAPITAL ONE/, ['CAPITAL ONE', 'CAP ONE', 'CAPITALONE']],
  [/CITI/, ['CITI', 'CITIBANK', 'CITICARDS']],
  [/BANK OF AMERICA|BOFA/, ['BANK OF AMERICA', 'BK OF AMER', 'BOFA', 'BA ELECTRONIC']],
  [/WELLS FARGO/, ['WELLS FARGO', 'WF CREDIT', 'WF CARD']],
  [/CHASE|JPMORGAN/, ['CHASE', 'CARDMEMBER SERV']],
  [/DISCOVER/, ['DISCOVER']],
  [/BARCLAY/, ['BARCLAYCARD', 'BARCLAYS']],
  [/U\.?S\.? BANK/, ['US BANK', 'USBANK', 'U.S. BANK']],
];
const GENERIC_WORDS = new Set([
  'BANK',
  'CARD',
  'CARDS',
  'CREDIT',
  'THE',
  'OF',
  'NA',
  'N.A.',
  'FINANCIAL',
  'FEDERAL',
  'NATIONAL',
  'BUSINESS',
  'CORP',
  'INC',
  'CO',
  'COMPANY',
  'SERVICES',
  'UNION',
  'ACCOUNT',
  'VISA',
  'MASTERCARD',
]);
/** Payments of debts that are not cards, even when the lender shares a card issuer's name. */
const NOT_A_CARD_WORDS = /\b(LOAN|MORTGAGE|MTG|LEASE|AUTO FIN|AUTO FINANCE|AUTO LOAN)\b/;
const CARD_PAYMENT_WORDS =
  /\b(PAYMENT|PMT|PYMT|AUTOPAY|AUTO PAY|EPAY|E-PAYMENT|EPAYMENT|CRCARDPMT|CRD|CARD|BILL PAY|BILLPAY)\b/;

/** The words by which a held card shows on a bank line: issuer names and aliases, and its last four digits. */
export function cardTokens(card: HeldCard): string[] {
  const institution = card.institutionName.toUpperCase();
  const tokens = new Set<string>();
  for (const [pattern, aliases] of ISSUER_ALIASES)
    if (pattern.test(institution)) for (const alias of aliases) tokens.add(alias);
  // A known issuer is named by its aliases; its single words (CAPITAL, AMERICAN, EXPRESS) are too
  // common in other payees' names ("ONDECK CAPITAL LOAN PMT") to stand for the card.
  if (tokens.size === 0)
    for (const word of institution.split(/[^A-Z0-9.&]+/))
      if (word.length >= 4 && !GENERIC_WORDS.has(word)) tokens.add(word);
  for (const text of [card.externalId, card.name]) {
    const digits = text.match(/(\d{4})\D*$/);
    if (digits) tokens.add(digits[1]);
  }
  return [...tokens];
}

/** A money-out line on a bank account that pays one of the tenant's cards. */
export function paysHeldCard(
  input: Pick<CategorizationInput, 'description' | 'merchant' | 'direction' | 'bankAccountKind'>,
  cardTokenLists: readonly string[][],
): boolean {
  if (input.direction !== 'out' || input.bankAccountKind === 'credit_card' || cardTokenLists.length === 0) return false;
  const text = ` ${`${input.description} ${input.merchant ?? ''}`.toUpperCase().replace(/\s+/g, ' ')} `;
  if (!CARD_PAYMENT_WORDS.test(text) || NOT_A_CARD_WORDS.test(text)) return false;
  return cardTokenLists.some((tokens) =>
    tokens.some((token) => new RegExp(`(^|[^A-Z0-9])${escapeRegExp(token)}([^A-Z0-9]|$)`).test(text)),
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
