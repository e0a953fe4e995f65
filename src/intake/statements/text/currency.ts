/**
 * The currency a statement is in, from its own text. Never assumed: a page with no currency evidence
 * gives null. Evidence, strongest first:
 * 1. a label: "Currency: EUR", "Account currency EUR", "Währung EUR", "Devise EUR";
 * 2. ISO codes written beside amounts ("EUR 1.234,56", "1,234.56 USD") or anywhere as a whole
 *    upper-case word, counting only codes that are real ISO 4217 currencies AND common enough
 *    that the word is not an ordinary one (ALL, TOP, CUP, BAM are words first);
 * 3. unambiguous symbols and prefixed dollars: € → EUR, £ → GBP, US$ → USD, C$/CA$ → CAD, A$ → AUD…;
 * 4. a plain `$`: USD, unless the hint names another dollar currency (CAD, AUD, NZD…), which a plain
 *    `$` is equally consistent with. This is a decision: US bank statements print `$` and never "USD",
 *    and rejecting them all would make the most common statement unreadable without a hint. A
 *    Canadian or Australian statement with only `$` on it needs the account's currency or a hint.
 */
import { isKnownCurrency } from '../../../money/currency.ts';

const COMMON_CODES = new Set([
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'NZD',
  'CHF',
  'JPY',
  'CNY',
  'HKD',
  'SGD',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'RON',
  'BGN',
  'MXN',
  'BRL',
  'INR',
  'ZAR',
  'ILS',
  'AED',
  'SAR',
  'KRW',
  'TRY',
  'ISK',
]);
const DOLLAR_CODES = new Set(['USD', 'CAD', 'AUD', 'NZD', 'HKD', 'SGD', 'MXN']);
const PREFIXED_DOLLARS: Array<[RegExp, string]> = [
  [/\bUS\$/, 'USD'],
  [/\b(?:C|CA|CAN)\$/, 'CAD'],
  [/\b(?:A|AU)\$/, 'AUD'],
  [/\bNZ\$/, 'NZD'],
  [/\bHK\$/, 'HKD'],
  [/\bS\$/, 'SGD'],
  [/\bR\$/, 'BRL'],
  [/\bMX\$/, 'MXN'],
];

export function detectCurrency(text: string, hint?: string | null): string | null {
  const labelled = /\b(?:currency|währung|devise|divisa|valuta)\s*[:\-]?\s*([A-Z]{3})\b/i.exec(text);
  if (labelled && isKnownCurrency(labelled[1].toUpperCase())) return labelled[1].toUpperCase();

  const codeCounts = new Map<string, number>();
  for (const match of text.matchAll(/(?<![A-Za-z])([A-Z]{3})(?![A-Za-z])/g)) {
    const code = match[1];
    const besideAmount =
      /^\s?[-(]?\d/.test(text.slice(match.index + 3, match.index + 6)) ||
      /\d[)-]?\s?$/.test(text.slice(Math.max(0, match.index - 3), match.index));
    if (COMMON_CODES.has(code) || (besideAmount && isKnownCurrency(code))) {
      codeCounts.set(code, (codeCounts.get(code) ?? 0) + 1);
    }
  }
  const symbols: Array<[string, number]> = [
    ['EUR', count(text, /€/g)],
    ['GBP', count(text, /£/g)],
  ];
  for (const [pattern, code] of PREFIXED_DOLLARS) symbols.push([code, count(text, new RegExp(pattern.source, 'g'))]);
  for (const [code, seen] of symbols) if (seen > 0) codeCounts.set(code, (codeCounts.get(code) ?? 0) + seen);

  // Plain dollars compete by count, so one "EUR" in a foreign-fee description does not turn a page of
  // `$` amounts into a euro statement.
  const prefixed = symbols
    .filter(([code]) => DOLLAR_CODES.has(code) || code === 'BRL')
    .reduce((sum, [, seen]) => sum + seen, 0);
  const plainDollars = count(text, /\$/g) - prefixed;
  if (plainDollars > 0) {
    const code = hint && DOLLAR_CODES.has(hint) ? hint : 'USD';
    codeCounts.set(code, (codeCounts.get(code) ?? 0) + plainDollars);
  }
  const ranked = [...codeCounts.entries()].sort((a, b) => b[1] - a[1]);
  return ranked.length > 0 ? ranked[0][0] : null;
}

function count(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}
