/**
 * The words statements use, in one place for every reader (PDF text, OCR, CSV, xlsx): what a column
 * header names, what kind of account a document is about, which labels carry its opening and closing
 * balance, and which lines are payments. English first, then the German, French, Spanish, Dutch and
 * Italian words common on EUR statements. Matching is on normalised text (see normaliseWords).
 */
import type { StatementAccountKind } from '../types.ts';

export type ColumnRole =
  | 'date'
  | 'valueDate'
  | 'description'
  | 'memo'
  | 'amount'
  | 'debit'
  | 'credit'
  | 'indicator'
  | 'balance'
  | 'currency'
  | 'account'
  | 'card';

/** Lower case, accents off, punctuation as single spaces: "Withdrawals (Débits)" → "withdrawals debits". */
export function normaliseWords(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9+#]+/g, ' ')
    .trim();
}

interface RoleWords {
  role: ColumnRole;
  /** Words that name the role wherever they stand in a header cell. */
  words?: string;
  /** Phrases that name it only at the start of the cell ("Payments" is a column, "Payment due date" is not). */
  leading?: string;
  /** Headers that name it only when they are the whole cell ("In", "Out", "S/H"). */
  whole?: string;
}

// Order matters: the first role that matches wins, so "value date" is a date before "value" could be
// an amount, and "balance" is a balance before anything else in "running balance" is read.
const ROLE_WORDS: RoleWords[] = [
  {
    role: 'indicator',
    whole: String.raw`dr ?cr|cr ?dr|debit ?credit|credit ?debit|s ?h|soll ?haben|af ?bij|d ?c|c ?d|credit debit indicator|debit credit indicator|cd indicator|sign`,
  },
  {
    role: 'valueDate',
    whole: String.raw`value ?date|valuta ?datum|valutadatum|wertstellung|date de valeur|date valeur|fecha valor|rentedatum|data valuta`,
  },
  {
    role: 'date',
    words: String.raw`date|datum|fecha|data|buchungstag|tag|posted|posting`,
    leading: String.raw`(?:trans(?:action)?|tran|post(?:ed|ing)?|booking|entry|value) date`,
  },
  {
    role: 'balance',
    words: String.raw`balance|bal|saldo|solde|kontostand|balans`,
    leading: String.raw`(?:running|daily|ledger) balance`,
  },
  { role: 'card', words: String.raw`card ?member|card ?no|card ?number|cardholder|card` },
  { role: 'account', words: String.raw`account|acct|iban|kontonummer|konto|rekening|compte|cuenta` },
  {
    role: 'debit',
    words: String.raw`debit|debits|withdrawal|withdrawals|withdrawn|money out|paid out|outflow|soll|debito|cargo|cargos|uscite|af|ausgang|ausgaben|lastschrift|belastung`,
    leading: 'charges|purchases',
    whole: 'out',
  },
  {
    role: 'credit',
    words: String.raw`credit|credits|deposit|deposits|money in|paid in|inflow|haben|credito|abono|abonos|entrate|bij|eingang|einnahmen|gutschrift`,
    leading: 'payments(?: and credits)?',
    whole: 'in',
  },
  {
    role: 'amount',
    words: String.raw`amount|amt|betrag|montant|importe|bedrag|importo|umsatz|value|sum`,
    leading: 'transaction amount',
  },
  { role: 'currency', whole: String.raw`currency|ccy|curr|wahrung|waehrung|devise|moneda|valuta|munt|divisa` },
  {
    role: 'memo',
    words: String.raw`memo|verwendungszweck|purpose|reference|notes?|remarks?|mededelingen|communication|motif|causale|message|details|additional information|remittance`,
  },
  {
    role: 'description',
    words: String.raw`description|payee|merchant|name|beneficiary|counterparty|narrative|particulars|transaction|empfanger|empfaenger|auftraggeber|beguenstigter|zahlungspflichtiger|libelle|concepto|omschrijving|naam|tegenpartij|descrizione|beschreibung|buchungstext|text|descripcion|beneficiario`,
  },
];
// Columns that look like descriptions by name but would make descriptions unstable or wrong.
const IGNORED_HEADER =
  /\b(category|categorie|kategorie|status|check|cheque|slip|id|fitid|reference number|ref no|type|mcc)\b/;

const ROLE_PATTERNS = ROLE_WORDS.map(({ role, words, leading, whole }) => ({
  role,
  anywhere: words ? new RegExp(String.raw`\b(?:${words})\b`) : null,
  atStart: new RegExp(
    [words, leading]
      .filter(Boolean)
      .map((source) => String.raw`^(?:${source})\b`)
      .join('|') || '(?!)',
  ),
  whole: whole ? new RegExp(String.raw`^(?:${whole})$`) : null,
}));

/**
 * The role a header cell names, or null. `anchored` (text laid out on a page, where a header cell may
 * run into a neighbour's words) takes the role only from the cell's first words; a table cell
 * (CSV, xlsx) is one header whole, so its words count wherever they stand.
 */
export function headerRole(text: string, options: { anchored: boolean }): ColumnRole | null {
  const name = normaliseWords(text);
  if (!name) return null;
  for (const { role, anywhere, atStart, whole } of ROLE_PATTERNS) {
    const matches = whole?.test(name) || atStart.test(name) || (!options.anchored && anywhere?.test(name));
    if (!matches) continue;
    // "Transaction date" is a date, "Transaction" alone a description, "Category" is ignored.
    if ((role === 'description' || role === 'memo') && IGNORED_HEADER.test(name)) return null;
    return role;
  }
  return null;
}

/** Headers a date column prefers: the posting/booking date is the statement's, then a transaction date. */
export function isPostingDateHeader(text: string): boolean {
  return /post|book|buchung|comptab|contable|boek/.test(normaliseWords(text));
}

/** Values of a debit/credit indicator column, as the direction they give. */
export const INDICATOR_VALUES: Readonly<Record<string, 'in' | 'out'>> = {
  cr: 'in',
  c: 'in',
  credit: 'in',
  h: 'in',
  haben: 'in',
  bij: 'in',
  '+': 'in',
  crdt: 'in',
  gutschrift: 'in',
  deposit: 'in',
  dr: 'out',
  d: 'out',
  debit: 'out',
  s: 'out',
  soll: 'out',
  af: 'out',
  '-': 'out',
  dbit: 'out',
  lastschrift: 'out',
  withdrawal: 'out',
};

/** Card lines that are money in whatever the sign convention: payments, returns and refunds. */
export const PAYMENT_TEXT =
  /\b(payments?|autopay|auto pay|pymt|paiement|zahlung|pago|returns?|refunds?|remboursement|erstattung|reembolso)\b/i;

const CARD_WORDS = String.raw`credit ?card|kreditkarte|carte de credit|tarjeta de credito|carta di credito|creditcard|visa|mastercard|american express|amex`;
const SAVINGS_WORDS = String.raw`savings?|saver|sparkonto|tagesgeld|epargne|ahorro|risparmio|spaarrekening|livret|money market`;
const CHECKING_WORDS = String.raw`checking|chequing|current account|girokonto|compte courant|cuenta corriente|conto corrente|betaalrekening`;

/** The kind a value names ("Account type: Savings", "Girokonto", "Business account"). */
export function kindNamed(text: string): StatementAccountKind | null {
  const name = normaliseWords(text);
  if (new RegExp(CARD_WORDS).test(name)) return 'credit_card';
  if (new RegExp(`${SAVINGS_WORDS}|spar`).test(name)) return 'savings';
  if (new RegExp(`${CHECKING_WORDS}|current|giro|business account`).test(name)) return 'checking';
  return null;
}

/**
 * The kind a whole document speaks of. Running text says "current balance" and "payment" on any
 * statement, so only unambiguous phrases count; card-only phrases (credit limit, minimum payment due)
 * name a card.
 */
export function kindInText(text: string): StatementAccountKind | null {
  // A bank's own name ("Lakeshore Savings Bank", "savings and loan") says nothing of the account.
  const name = normaliseWords(text).replace(/\bsavings (?:bank|and loan|institution|association)\b/g, ' ');
  if (
    new RegExp(
      String.raw`\b(?:${CARD_WORDS}|credit limit|minimum (?:payment|amount) due|card ?(?:member|holder))\b`,
    ).test(name)
  )
    return 'credit_card';
  if (new RegExp(String.raw`\b(?:${SAVINGS_WORDS})\b`).test(name)) return 'savings';
  if (new RegExp(String.raw`\b(?:${CHECKING_WORDS})\b`).test(name)) return 'checking';
  return null;
}

const OPENING_WORDS = String.raw`beginning|opening|previous|starting|start|prior|last statement|old|initial`;
const CLOSING_WORDS = String.raw`ending|closing|new|final|current statement|end`;

/**
 * Labels of the opening and closing balance in running text ("Beginning balance", "Balance
 * forward", "Previous balance", "Alter Kontostand"), matched case-insensitively on the text as printed.
 */
export const OPENING_LABEL = new RegExp(
  String.raw`\b(?:${OPENING_WORDS})\s+balance\b|\bbalance\s+(?:brought\s+)?forward\b|\bbrought\s+forward\b|\balter\s+kontostand\b|\banfangssaldo\b|\bsolde\s+(?:pr[ée]c[ée]dent|initial|d[ée]but)\b|\bsaldo\s+(?:anterior|inicial|iniziale)\b|\bbeginsaldo\b`,
  'i',
);
export const CLOSING_LABEL = new RegExp(
  String.raw`\b(?:${CLOSING_WORDS})\s+balance\b|\bbalance\s+carried\s+forward\b|\bcarried\s+forward\b|\bneuer\s+kontostand\b|\bendsaldo\b|\bschlusssaldo\b|\bsolde\s+(?:nouveau|final|fin)\b|\bsaldo\s+(?:final|finale)\b|\beindsaldo\b`,
  'i',
);

/**
 * Which balance a key names ("Opening balance", "Saldo anterior", "Balance at start"), for
 * preamble key/value pairs where the balance word and its qualifier may stand apart.
 */
export function balanceKey(key: string): 'opening' | 'closing' | null {
  const name = normaliseWords(key);
  if (!/(balance|saldo|solde|kontostand)/.test(name)) return null;
  if (
    /\b(opening|beginning|starting|start|previous|old|initial|brought forward|anfangs\w*|alter kontostand|anfangssaldo|solde (initial|precedent|de debut)|saldo (inicial|iniziale|anterior)|beginsaldo)\b/.test(
      name,
    )
  )
    return 'opening';
  if (
    /\b(closing|ending|end balance|new balance|current balance|final|carried forward|endsaldo|schlusssaldo|neuer kontostand|solde (final|nouveau)|saldo (final|finale)|eindsaldo)\b/.test(
      name,
    )
  )
    return 'closing';
  return null;
}
