/**
 * Statement facts from a table's preamble and footer rows: "key, value" pairs such as "Account
 * number, 1234", "Currency: EUR", "Opening balance, 1,234.56".
 */
import { accountLast4, collapseSpaces, currencyCode } from '../common.ts';
import type { Conventions } from '../../interpret/conventions.ts';
import type { Money } from '../../interpret/signs.ts';
import { balanceKey, kindNamed, normaliseWords } from '../../interpret/vocabulary.ts';
import type { StatementAccountKind } from '../../types.ts';
import { cellText, readDate, readMoney, type TableCell } from './cells.ts';

export interface KeyValue {
  key: string;
  value: string;
  /** A number cell among the values (xlsx), read as the number it is rather than as its text. */
  number: TableCell | null;
}

/** Key/value pairs from preamble or footer rows: "Account number, 1234" or "Currency: EUR". */
export function keyValues(rows: TableCell[][]): KeyValue[] {
  const pairs: KeyValue[] = [];
  for (const row of rows) {
    const cells = row.filter((cell) => cellText(cell) !== '');
    const texts = cells.map(cellText);
    if (texts.length === 0) continue;
    if (texts.length === 1) {
      const colon = texts[0].indexOf(':');
      if (colon > 0)
        pairs.push({ key: texts[0].slice(0, colon).trim(), value: texts[0].slice(colon + 1).trim(), number: null });
      else pairs.push({ key: texts[0], value: '', number: null });
      continue;
    }
    const number = cells.slice(1).find((cell) => typeof cell === 'object' && 'number' in cell) ?? null;
    pairs.push({ key: texts[0].replace(/:\s*$/, ''), value: texts.slice(1).join(' '), number });
  }
  return pairs;
}

const KEY_PATTERNS = {
  account:
    /^(account|account number|account no|acct|account #|iban|kontonummer|konto|konto nr|rekening|rekeningnummer|numero de compte|compte|cuenta|numero de cuenta|conto)$/,
  card: /(card number|card no|card ending|kartennummer|numero de carte)/,
  currency: /^(currency|account currency|wahrung|waehrung|devise|moneda|valuta|divisa)$/,
  bank: /^(bank|bank name|institution|financial institution|kreditinstitut|banque|banco|banca)$/,
  type: /^(account type|type|kontoart|kontotyp|type de compte|tipo de cuenta|product|produkt|account name|account description)$/,
  period: /(statement period|period|zeitraum|date range|periode|periodo|from to|von bis)/,
  from: /^(from|start date|from date|von|du|desde|dal|van|period start|statement start)$/,
  to: /^(to|end date|to date|bis|au|hasta|al|tot|period end|statement end)$/,
};

/** Two dates in one value ("01.03.2026 - 31.03.2026", "March 1, 2026 to March 31, 2026"). */
function periodFromText(text: string, conventions: Conventions): { start: string; end: string } | null {
  const parts = text.split(/\s+(?:-|–|to|bis|au|al|a|tot|through|thru)\s+|\s*[–]\s*/i);
  if (parts.length !== 2) return null;
  const start = readDate(parts[0].trim(), conventions, null);
  const end = readDate(parts[1].trim(), conventions, null);
  return start && end && start <= end ? { start, end } : null;
}

export interface Preamble {
  institution: string | null;
  accountLast4: string | null;
  kind: StatementAccountKind | null;
  currency: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  opening: Money | null;
  closing: Money | null;
}

export function readKeyValues(pairs: KeyValue[], conventions: Conventions, currency: string | null = null): Preamble {
  const found: Preamble = {
    institution: null,
    accountLast4: null,
    kind: null,
    currency: null,
    periodStart: null,
    periodEnd: null,
    opening: null,
    closing: null,
  };
  const firstDate = (text: string) => {
    for (const match of text.matchAll(
      /\d{4}-\d{2}-\d{2}|\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{1,2}\.? [A-Za-zäé]{3,9}\.? \d{4}|[A-Za-z]{3,9}\.? \d{1,2},? \d{4}/g,
    )) {
      const date = readDate(match[0], conventions, null);
      if (date) return date;
    }
    return null;
  };
  const moneyOf = ({ value: text, number }: KeyValue) => {
    if (number) {
      const money = readMoney(number, conventions, currency);
      if (money && money !== 'invalid') return money;
    }
    const candidates = text
      .split(/\s{2,}|\s(?=[-+(]?[$€£]?\d)/)
      .map((part) => part.trim())
      .filter(Boolean)
      .reverse();
    for (const candidate of [text.trim(), ...candidates]) {
      const money = readMoney(candidate, conventions, null);
      if (money && money !== 'invalid') return money;
    }
    return null;
  };
  for (const pair of pairs) {
    const { key, value } = pair;
    const name = normaliseWords(key);
    if (!name) continue;
    const balance = balanceKey(key);
    if (balance === 'opening') {
      found.opening ??= moneyOf(pair);
      found.periodStart ??= firstDate(key);
    } else if (balance === 'closing') {
      found.closing ??= moneyOf(pair);
      found.periodEnd ??= firstDate(key);
    } else if (KEY_PATTERNS.card.test(name)) {
      found.accountLast4 ??= accountLast4(value);
      found.kind ??= 'credit_card';
    } else if (KEY_PATTERNS.account.test(name)) {
      found.accountLast4 ??= accountLast4(value);
    } else if (KEY_PATTERNS.currency.test(name)) {
      found.currency ??= currencyCode(value);
    } else if (KEY_PATTERNS.bank.test(name)) {
      found.institution ??= collapseSpaces(value) || null;
    } else if (KEY_PATTERNS.type.test(name)) {
      found.kind ??= kindNamed(value);
    } else if (KEY_PATTERNS.from.test(name)) {
      found.periodStart ??= readDate(value, conventions, null);
    } else if (KEY_PATTERNS.to.test(name)) {
      found.periodEnd ??= readDate(value, conventions, null);
    } else if (KEY_PATTERNS.period.test(name)) {
      const period = periodFromText(value, conventions);
      if (period) {
        found.periodStart ??= period.start;
        found.periodEnd ??= period.end;
      }
    }
  }
  return found;
}
