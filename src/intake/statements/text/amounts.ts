/**
 * Amounts as statements print them, read into exact decimals. Nothing here goes through a
 * floating-point number: digits are moved as text, so "0.10" stays "0.10" and 9,007,199,254,740.99
 * stays exact.
 */
import { Decimal } from '../../../money/decimal.ts';

/** Which character separates the decimals: `1,234.56` is 'dot', `1.234,56` and `1 234,56` are 'comma'. */
export type DecimalSeparator = 'dot' | 'comma';

/** CR/DR printed after an amount. What it means (money in or out, balance owed or held) depends on the column and the account kind, so it is reported, not applied. */
export type AmountIndicator = 'CR' | 'DR';

export interface ParsedAmount {
  /** Signed, as printed: the sign from a minus (leading or trailing) or parentheses only, never from CR/DR. */
  value: Decimal;
  indicator: AmountIndicator | null;
  /** ISO code when the token itself says it (`€`, `£`, `EUR`, `US$`); plain `$` is reported as '$'. */
  currency: string | null;
}

const SYMBOL_CURRENCIES: Record<string, string> = {
  '€': 'EUR',
  '£': 'GBP',
  US$: 'USD',
  U$S: 'USD',
  C$: 'CAD',
  CA$: 'CAD',
  A$: 'AUD',
  AU$: 'AUD',
  NZ$: 'NZD',
  HK$: 'HKD',
  S$: 'SGD',
  MX$: 'MXN',
  R$: 'BRL',
  $: '$',
  '₹': 'INR',
  '₩': 'KRW',
  CHF: 'CHF',
  'Fr.': 'CHF',
  kr: 'kr',
  zł: 'PLN',
};

// Longest first so that "US$" is matched before "$".
const SYMBOL_PATTERN = Object.keys(SYMBOL_CURRENCIES)
  .sort((a, b) => b.length - a.length)
  .map((symbol) => symbol.replace(/[$.]/g, (c) => `\\${c}`))
  .join('|');

const MINUS = '[-\u2212\u2013]';
const GROUPED_NUMBER = String.raw`\d{1,3}(?:[.,'\u00a0\u202f ]\d{3})+(?:[.,]\d{1,3})?|\d+(?:[.,]\d{1,3})?|[.,]\d{2}`;

/**
 * One amount token, whole: optional sign or parenthesis, optional currency (symbol or ISO code)
 * before or after, the number, optional trailing minus and CR/DR.
 */
const AMOUNT_TOKEN = new RegExp(
  String.raw`^(?<open>\()?\s*(?<lead>${MINUS}|\+)?\s*(?<pre>${SYMBOL_PATTERN}|[A-Z]{3}(?=[\s\d]))?\s*(?<lead2>${MINUS}|\+)?\s*` +
    String.raw`(?<number>${GROUPED_NUMBER})\s*(?<post>${SYMBOL_PATTERN}|[A-Z]{3}(?![A-Za-z]))?\s*(?<trail>${MINUS})?\s*(?<close>\))?\s*` +
    String.raw`(?<ind>CR|DR|Cr|Dr|cr|dr|CR\.|DR\.)?\s*(?<trail2>${MINUS})?$`,
);

/**
 * Reads one amount. `separator` is the document's convention (see detectDecimalSeparator); without it
 * the token alone decides where it can (both separators present, or one followed by exactly two
 * digits) and falls back to 'dot'. Returns null for anything that is not an amount.
 */
export function parseAmount(text: string, separator?: DecimalSeparator): ParsedAmount | null {
  const match = AMOUNT_TOKEN.exec(text.trim());
  if (!match?.groups) return null;
  const { open, close, lead, lead2, trail, trail2, pre, post, ind, number } = match.groups;
  if (Boolean(open) !== Boolean(close)) return null;
  const signs = [open ? '(' : null, lead, lead2, trail, trail2].filter((sign) => sign && sign !== '+');
  if (signs.length > 1) return null;
  const code = currencyOf(pre) ?? currencyOf(post);
  if (pre && post && currencyOf(pre) !== currencyOf(post)) return null;
  // A token carrying both separators says its own convention, whatever the document's.
  const tokenDecides = separator === undefined || (number.includes('.') && number.includes(','));
  const unsigned = normalizeNumber(number, tokenDecides ? guessSeparator(number) : separator);
  if (unsigned === null) return null;
  const negative = signs.length === 1 && !/^0(\.0+)?$/.test(unsigned);
  return {
    value: Decimal.from(negative ? `-${unsigned}` : unsigned),
    indicator: ind ? (ind.toUpperCase().startsWith('CR') ? 'CR' : 'DR') : null,
    currency: code,
  };
}

function currencyOf(token: string | undefined): string | null {
  if (!token) return null;
  return SYMBOL_CURRENCIES[token] ?? (/^[A-Z]{3}$/.test(token) ? token : null);
}

function guessSeparator(number: string): DecimalSeparator {
  const lastDot = number.lastIndexOf('.');
  const lastComma = number.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) return lastComma > lastDot ? 'comma' : 'dot';
  if (lastComma >= 0 && number.length - lastComma - 1 !== 3) return 'comma';
  if (/\d[\u00a0\u202f ]\d{3},\d{2}$/.test(number)) return 'comma';
  return 'dot';
}

/** "1.234,56" with 'comma' → "1234.56"; null when the grouping does not fit the convention. */
function normalizeNumber(number: string, separator: DecimalSeparator): string | null {
  const decimalChar = separator === 'dot' ? '.' : ',';
  const decimalAt = number.lastIndexOf(decimalChar);
  const whole = decimalAt >= 0 ? number.slice(0, decimalAt) : number;
  const fraction = decimalAt >= 0 ? number.slice(decimalAt + 1) : '';
  if (decimalAt >= 0 && !/^\d+$/.test(fraction)) return null;
  if (whole === '') return `0.${fraction}`;
  // Group separators must all be one character, other than the decimal one, and every group three digits.
  const groups = whole.split(/[.,'\u00a0\u202f ]/);
  if (groups.length > 1) {
    const separators = new Set(whole.replace(/\d/g, ''));
    if (separators.size > 1 || separators.has(decimalChar)) return null;
    if (groups.slice(1).some((group) => group.length !== 3) || groups[0].length > 3 || groups[0].length === 0)
      return null;
  }
  const digits = groups.join('').replace(/^0+(?=\d)/, '');
  return fraction ? `${digits}.${fraction}` : digits;
}

/**
 * The decimal separator of a whole document, from every amount-shaped token in it: a token whose last
 * separator is followed by exactly two digits is counted for that separator. Dates such as 14.03.2026
 * are not counted (the two digits are followed by another separator). Ties and documents with no
 * evidence are 'dot'.
 */
export function detectDecimalSeparator(text: string): DecimalSeparator {
  let dot = 0;
  let comma = 0;
  for (const match of text.matchAll(/(?<![\d.,])\d{1,3}(?:[.,'\u00a0\u202f ]\d{3})*([.,])\d{2}(?![\d.,]*\d)/g)) {
    if (match[1] === '.') dot += 1;
    else comma += 1;
  }
  return comma > dot ? 'comma' : 'dot';
}
