import { addDays, isValidDate } from '../../../shared/dates.ts';
import type { ParsedStatementLine, ReadOutcome, ReaderContext } from '../types.ts';
import {
  accepted,
  plainEvidence,
  accountLast4,
  collapseSpaces,
  currencyCode,
  decodeText,
  lineDateRange,
  looksBinary,
  reject,
  resolveKind,
} from './common.ts';
import { Decimal } from '../../../money/decimal.ts';
import { amountText } from '../interpret/statement.ts';

/**
 * SWIFT MT940 customer statements, with or without the SWIFT envelope ({1:…}{2:…}{4: … -}), as banks
 * export them for accounting software.
 *
 * Signs: a :61: line marked D (debit) or RC (reversal of a credit) is money out, our positive; C or RD
 * is money in. A balance marked C is money held; for a credit card the amount owed is the D balance,
 * reported positive. Amounts use a decimal comma ("1234,56").
 *
 * A file may hold several messages for one account (one per day, or a long statement split over
 * :62M:/:60M: intermediate balances): those for the first account are read as one statement, opening
 * from the first :60F:/:60M:, closing from the last :62F:/:62M:.
 *
 * Dates: a line's date is its entry (booking) date when given, else its value date. MT940 has no
 * period field; by the standard the :60F: date is the date of the previous statement's closing
 * balance, so the period starts the day after it (or on it, for a same-day statement, or earlier if a
 * line is dated earlier) and ends on the :62F: date (or the last line's date, if later).
 */
interface Field {
  tag: string;
  value: string;
}

interface Message {
  account: string | null;
  institution: string | null;
  opening: Balance | null;
  closing: Balance | null;
  lines: Array<{ date: string; amount: Decimal; description: string }>;
}

interface Balance {
  date: string;
  currency: string;
  /** Signed: C positive, D negative. */
  amount: Decimal;
}

class Mt940Error extends Error {}

export async function readMt940Statement(bytes: Buffer, context: ReaderContext): Promise<ReadOutcome> {
  if (looksBinary(bytes)) return reject('document_unreadable', 'The MT940 file is binary data, not text.');
  let messages: Message[];
  try {
    messages = parseMessages(decodeText(bytes).replace(/\r\n?/g, '\n'));
  } catch (error) {
    if (error instanceof Mt940Error)
      return reject('document_unreadable', `The MT940 file could not be read: ${error.message}.`);
    throw error;
  }
  if (messages.length === 0)
    return reject('document_unreadable', 'The file holds no MT940 statement (no :20: … :62F: message).');

  const account = messages[0].account;
  const mine = messages.filter((message) => message.account === account);
  const first = mine[0];
  const last = mine[mine.length - 1];
  const kind = resolveKind(null, context.hints.kind);
  const owed = kind === 'credit_card';
  const currency = currencyCode(first.opening?.currency ?? last.closing?.currency);
  if (!first.opening || !last.closing)
    return reject('document_unreadable', 'The MT940 statement lacks its opening (:60F:) or closing (:62F:) balance.');

  const lines: ParsedStatementLine[] = mine
    .flatMap((message) => message.lines)
    .map((line) => ({
      date: line.date,
      description: line.description,
      amount: amountText(line.amount, currency),
      balance: null,
    }));
  if (lines.length === 0) return reject('no_transactions', 'The MT940 statement has no :61: transaction lines.');

  const balanceText = (balance: Balance) => amountText(owed ? balance.amount.negate() : balance.amount, currency);
  const range = lineDateRange(lines);
  const openingDate = first.opening.date;
  const closingDate = last.closing.date;
  const startAfterOpening = openingDate < closingDate ? addDays(openingDate, 1) : openingDate;
  return accepted(
    {
      institutionName: first.institution,
      accountLast4: accountLast4(account?.includes('/') ? account.slice(account.indexOf('/') + 1) : account),
      accountKind: kind,
      currency,
      periodStart: startAfterOpening < range.first ? startAfterOpening : range.first,
      periodEnd: closingDate > range.last ? closingDate : range.last,
      openingBalance: balanceText(first.opening),
      closingBalance: balanceText(last.closing),
      lines,
    },
    'mt940',
    plainEvidence({ period: 'stated', openingBalance: 'stated', closingBalance: 'stated' }, true),
  );
}

function parseMessages(text: string): Message[] {
  const senderBic = /\{2:O940\d{10}([A-Z]{6}[A-Z0-9]{2})[A-Z0-9]([A-Z0-9]{3})/.exec(text);
  const envelopeInstitution = senderBic ? senderBic[1] + (senderBic[2] === 'XXX' ? '' : senderBic[2]) : null;
  // With the SWIFT envelope, the statement is block 4; without it, the whole file.
  const enveloped = text.includes('{4:');
  const bodies = enveloped ? [...text.matchAll(/\{4:\n?([\s\S]*?)\n?-\}/g)].map((match) => match[1]) : [text];
  if (enveloped && bodies.length !== text.split('{4:').length - 1)
    throw new Mt940Error('a SWIFT block 4 is never closed (file cut short?)');

  const fields: Field[] = [];
  for (const body of bodies) {
    // Trailing spaces are kept: a :86: cut at a fixed width may end a line in the middle of its text.
    for (const line of body.split('\n')) {
      const start = /^:(\d{2}[A-Z]?):(.*)$/.exec(line);
      if (start) fields.push({ tag: start[1], value: start[2] });
      else if (line.trim() === '-' || line.trim() === '') continue;
      else if (fields.length > 0) fields[fields.length - 1].value += `\n${line}`;
    }
  }

  const messages: Message[] = [];
  let current: Message | null = null;
  let lastLine: Message['lines'][number] | null = null;
  for (const field of fields) {
    if (field.tag === '20') {
      current = { account: null, institution: envelopeInstitution, opening: null, closing: null, lines: [] };
      messages.push(current);
      lastLine = null;
      continue;
    }
    if (!current) continue;
    switch (field.tag) {
      case '25':
        current.account = field.value.trim();
        current.institution ??= institutionFromAccount(current.account);
        break;
      case '60F':
      case '60M':
        current.opening = parseBalance(field);
        break;
      case '62F':
      case '62M':
        current.closing = parseBalance(field);
        lastLine = null;
        break;
      case '61':
        lastLine = parseStatementLine(field.value);
        current.lines.push(lastLine);
        break;
      case '86':
        // Only the :86: right after a :61: describes it; one after :62F: is about the whole statement.
        if (lastLine) {
          const described = describe(field.value);
          if (described) lastLine.description = described;
        }
        lastLine = null;
        break;
      default:
        break;
    }
  }
  for (const message of messages) {
    if (message.opening && !message.closing)
      throw new Mt940Error(`statement for ${message.account ?? 'an account'} has no closing balance (file cut short?)`);
  }
  return messages.filter((message) => message.opening || message.closing || message.lines.length > 0);
}

/** ":25:COBADEFF/0532013000" names the bank before the slash, by BIC or national bank code. */
function institutionFromAccount(account: string): string | null {
  const bank = account.includes('/') ? account.slice(0, account.indexOf('/')).trim() : '';
  return /^([A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?|\d{5,9})$/.test(bank) ? bank : null;
}

function swiftDate(yymmdd: string): string {
  const year = Number(yymmdd.slice(0, 2));
  const date = `${year < 80 ? 2000 + year : 1900 + year}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
  if (!isValidDate(date)) throw new Mt940Error(`${yymmdd} is not a date`);
  return date;
}

function swiftAmount(text: string): Decimal {
  const amount = Decimal.parse(text.replace(',', '.'));
  if (!amount) throw new Mt940Error(`${text} is not an amount`);
  return amount;
}

function parseBalance(field: Field): Balance {
  const match = /^([CD])(\d{6})([A-Z]{3})(\d+(?:[,.]\d*)?)\s*$/.exec(field.value.trim());
  if (!match) throw new Mt940Error(`:${field.tag}: balance "${field.value.slice(0, 40)}" is malformed`);
  const amount = swiftAmount(match[4]);
  return { date: swiftDate(match[2]), currency: match[3], amount: match[1] === 'D' ? amount.negate() : amount };
}

/** ":61:2603140314D1234,56NTRFNONREF//B1234\nsupplementary details" */
function parseStatementLine(value: string): Message['lines'][number] {
  const [first, ...more] = value.split('\n');
  const match = /^(\d{6})(\d{4})?(RC|RD|C|D)([A-Z])?(\d+(?:[,.]\d*)?)(?:([NSF][A-Z0-9]{3})(.*))?$/.exec(first.trim());
  if (!match) throw new Mt940Error(`:61: line "${first.slice(0, 40)}" is malformed`);
  const [, valueDateText, entryDateText, mark, , amountText, , references = ''] = match;
  const valueDate = swiftDate(valueDateText);
  let date = valueDate;
  if (entryDateText) {
    const valueYear = Number(valueDate.slice(0, 4));
    const entryMonth = Number(entryDateText.slice(0, 2));
    const valueMonth = Number(valueDate.slice(5, 7));
    // The entry date has no year: it is the value date's, unless the two straddle a new year.
    const year =
      entryMonth === 1 && valueMonth === 12
        ? valueYear + 1
        : entryMonth === 12 && valueMonth === 1
          ? valueYear - 1
          : valueYear;
    date = `${year}-${entryDateText.slice(0, 2)}-${entryDateText.slice(2, 4)}`;
    if (!isValidDate(date)) throw new Mt940Error(`entry date ${entryDateText} is not a date`);
  }
  const magnitude = swiftAmount(amountText);
  const moneyOut = mark === 'D' || mark === 'RC';
  const customerReference = references.split('//')[0].trim();
  const fallback =
    collapseSpaces(more.join(' ')) || (customerReference && customerReference !== 'NONREF' ? customerReference : '');
  return { date, amount: moneyOut ? magnitude : magnitude.negate(), description: fallback };
}

const SEPA_KEYS = /(EREF|KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE|IBAN|BIC|COAM|OAMT)\+/;
const SWIFT_SUBFIELDS =
  /\/(TRTP|IBAN|BIC|NAME|REMI|EREF|ORDP|BENM|CSID|MARF|RTRN|ADDR|ISDT|PURP|ULTC|ULTD|CNTP|PREF|ID|CODE|SVCL|BUSP|CDTRREF|CDTRREFTP|FEES)\//g;

/** The text of a :86: field: German ?-subfields, SWIFT /CODE/ subfields, or free text. */
function describe(value: string): string {
  const unwrapped = value.split('\n');
  const joined = unwrapped.join('');
  if (/^\d{3}\?/.test(joined)) return describeGermanSubfields(joined);
  if (/^\/[A-Z]{2,9}\//.test(joined) && /\/(NAME|REMI|CNTP)\//.test(joined)) return describeSwiftSubfields(joined);
  // Free text wrapped at the field width (65) was cut mid-word; a shorter line ended at a word.
  const text = unwrapped
    .map((line, index) => (index === 0 ? line : unwrapped[index - 1].length >= 65 ? line : ` ${line}`))
    .join('');
  return collapseSpaces(text);
}

/** "166?00SEPA-UEBERWEISUNG?20EREF+1?21SVWZ+Rechnung 12?32Kunde GmbH": name, then the purpose. */
function describeGermanSubfields(joined: string): string {
  const parts = new Map<number, string>();
  for (const match of joined.matchAll(/\?(\d{2})([^?]*)/g)) parts.set(Number(match[1]), match[2]);
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, offset) => parts.get(from + offset) ?? '').join('');
  const name = collapseSpaces(range(32, 33));
  let purpose = range(20, 29) + range(60, 63);
  if (SEPA_KEYS.test(purpose)) {
    const remittance = /SVWZ\+(.*?)(?=(?:EREF|KREF|MREF|CRED|DEBT|ABWA|ABWE|IBAN|BIC|COAM|OAMT)\+|$)/.exec(purpose);
    purpose = remittance ? remittance[1] : '';
  }
  const described = collapseSpaces([name, collapseSpaces(purpose)].filter(Boolean).join(' '));
  return described || collapseSpaces(parts.get(0) ?? '');
}

/** "/TRTP/SEPA OVERBOEKING/IBAN/NL…/NAME/J. Jansen/REMI/Factuur 12/EREF/NOTPROVIDED": name and remittance. */
function describeSwiftSubfields(joined: string): string {
  const values = new Map<string, string>();
  const matches = [...joined.matchAll(SWIFT_SUBFIELDS)];
  matches.forEach((match, index) => {
    const end = index + 1 < matches.length ? matches[index + 1].index : joined.length;
    if (!values.has(match[1]))
      values.set(match[1], joined.slice(match.index + match[0].length, end).replace(/\/+$/, ''));
  });
  const counterparty = values.get('NAME') ?? values.get('CNTP')?.split('/').filter(Boolean)[2] ?? '';
  const remittance = (values.get('REMI') ?? '').replace(/^(USTD|STRD)\/\//, '').replace(/\/+$/, '');
  return collapseSpaces([counterparty, remittance].filter(Boolean).join(' '));
}
