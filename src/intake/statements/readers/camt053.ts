import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { ParsedStatementLine, ReadOutcome, ReaderContext, StatementAccountKind } from '../types.ts';
import {
  accepted,
  plainEvidence,
  accountLast4,
  collapseSpaces,
  compactDate,
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
 * ISO 20022 camt.053 (Bank-to-Customer Statement), versions .001.02 to .001.08 and later ones of the
 * same shape. Element names that changed between versions are read in both spellings (BIC → BICFI,
 * Cdtr/Nm → Cdtr/Pty/Nm, Sts → Sts/Cd).
 *
 * Amounts in camt are unsigned with a CdtDbtInd: an entry marked DBIT is money out (our positive), CRDT
 * money in. A balance marked CRDT is money held; for a credit card the amount owed is the DBIT
 * balance, which we report positive. Only booked entries count: pending (PDNG) and information-only
 * (INFO) entries do not move the booked balance.
 *
 * A file may carry several Stmt elements (banks often send one per day); those for the same account
 * and currency as the first are read as one statement, opening from the earliest and closing from the
 * latest. Statements for other accounts in the same file are left aside.
 */
type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
});

export async function readCamt053Statement(bytes: Buffer, context: ReaderContext): Promise<ReadOutcome> {
  if (looksBinary(bytes)) return reject('document_unreadable', 'The CAMT.053 file is binary data, not XML.');
  const text = expandCharacterReferences(decodeText(bytes));
  const validation = XMLValidator.validate(text);
  if (validation !== true) {
    return reject(
      'document_unreadable',
      `The XML could not be read: ${validation.err.msg} (line ${validation.err.line}).`,
    );
  }
  const documentNode = parser.parse(text) as XmlNode;
  const root = (node(documentNode, 'Document') ?? documentNode) as XmlNode;
  const statementsNode = node(root, 'BkToCstmrStmt');
  if (!statementsNode) {
    const kind = node(root, 'BkToCstmrAcctRpt')
      ? 'a camt.052 account report'
      : node(root, 'BkToCstmrDbtCdtNtfctn')
        ? 'a camt.054 notification'
        : 'not a camt.053 statement';
    return reject('not_a_bank_statement', `The XML is ${kind}, not a camt.053 bank statement.`);
  }
  const allStatements = all(statementsNode, 'Stmt');
  if (allStatements.length === 0) return reject('no_transactions', 'The camt.053 file holds no statement.');

  const first = allStatements[0];
  const accountKey = (statement: XmlNode) =>
    `${accountIdentifier(statement)}|${textOf(node(statement, 'Acct', 'Ccy'))}`;
  const statements = allStatements
    .filter((statement) => accountKey(statement) === accountKey(first))
    .map((statement, index) => ({ statement, index, from: periodOf(statement).start ?? '' }))
    .sort((left, right) => left.from.localeCompare(right.from) || left.index - right.index)
    .map(({ statement }) => statement);

  const account = node(first, 'Acct');
  const entryCurrency = all(first, 'Ntry')
    .map((entry) => attribute(node(entry, 'Amt'), 'Ccy'))
    .find(Boolean);
  const balanceCurrency = all(first, 'Bal')
    .map((balance) => attribute(node(balance, 'Amt'), 'Ccy'))
    .find(Boolean);
  const currency = currencyCode(textOf(node(account, 'Ccy')) ?? entryCurrency ?? balanceCurrency);
  const kind = resolveKind(kindFromAccountType(textOf(node(account, 'Tp', 'Cd'))), context.hints.kind);
  const owed = kind === 'credit_card';

  const lines: ParsedStatementLine[] = [];
  for (const statement of statements) {
    for (const entry of all(statement, 'Ntry')) {
      const status = textOf(node(entry, 'Sts', 'Cd')) ?? textOf(node(entry, 'Sts'));
      if (status === 'PDNG' || status === 'INFO') continue;
      const amount = signedAmount(entry, 'out');
      const date =
        compactDate(textOf(node(entry, 'BookgDt', 'Dt')) ?? textOf(node(entry, 'BookgDt', 'DtTm'))) ??
        compactDate(textOf(node(entry, 'ValDt', 'Dt')) ?? textOf(node(entry, 'ValDt', 'DtTm')));
      if (!amount || !date) {
        return reject(
          'document_unreadable',
          `An entry (${textOf(node(entry, 'NtryRef')) ?? textOf(node(entry, 'AcctSvcrRef')) ?? 'no reference'}) has an unreadable ${amount ? 'booking date' : 'amount or CdtDbtInd'}.`,
        );
      }
      lines.push({ date, description: describeEntry(entry), amount: amountText(amount, currency), balance: null });
    }
  }
  if (lines.length === 0) return reject('no_transactions', 'The camt.053 statement has no booked entries.');

  const opening = balanceOf(statements[0], ['OPBD', 'PRCD'], owed);
  const closing = balanceOf(statements[statements.length - 1], ['CLBD'], owed);
  if (opening === 'unreadable' || closing === 'unreadable')
    return reject('document_unreadable', 'A balance (Bal) in the camt.053 file is unreadable.');

  const range = lineDateRange(lines);
  const periodStart = periodOf(statements[0]).start;
  const periodEnd = periodOf(statements[statements.length - 1]).end;
  const servicer = node(account, 'Svcr', 'FinInstnId');
  return accepted(
    {
      institutionName: textOf(node(servicer, 'Nm')) ?? textOf(node(servicer, 'BICFI')) ?? textOf(node(servicer, 'BIC')),
      accountLast4: accountLast4(accountIdentifier(first)),
      accountKind: kind,
      currency,
      periodStart: periodStart && periodStart <= range.first ? periodStart : range.first,
      periodEnd: periodEnd && periodEnd >= range.last ? periodEnd : range.last,
      openingBalance: opening === null ? null : amountText(opening, currency),
      closingBalance: closing === null ? null : amountText(closing, currency),
      lines,
    },
    'camt053',
    plainEvidence(
      {
        period: periodStart && periodEnd ? 'stated' : 'lines',
        openingBalance: opening === null ? 'lines' : 'stated',
        closingBalance: closing === null ? 'lines' : 'stated',
      },
      true,
    ),
  );
}

const MARKUP_ENTITIES: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  '"': '&quot;',
  "'": '&apos;',
};

/**
 * fast-xml-parser decodes the five named XML entities but not numeric references ("M&#252;nchen"),
 * so those are expanded first; the ones that stand for markup characters become named entities.
 */
function expandCharacterReferences(xml: string): string {
  return xml.replace(/&#(x[0-9a-f]+|\d+);/gi, (reference, code: string) => {
    const point = code[0] === 'x' || code[0] === 'X' ? parseInt(code.slice(1), 16) : parseInt(code, 10);
    if (!(point > 0 && point <= 0x10ffff)) return reference;
    const character = String.fromCodePoint(point);
    return MARKUP_ENTITIES[character] ?? character;
  });
}

function node(start: unknown, ...path: string[]): XmlNode | string | undefined {
  let current: unknown = start;
  for (const name of path) {
    if (Array.isArray(current)) current = current[0];
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as XmlNode)[name];
  }
  if (Array.isArray(current)) current = current[0];
  return current as XmlNode | string | undefined;
}

/** Every occurrence of a repeatable element at the end of a path. */
function all(start: unknown, ...path: string[]): XmlNode[] {
  const parent = node(start, ...path.slice(0, -1));
  return parent && typeof parent === 'object' ? list(parent[path[path.length - 1]]) : [];
}

/** The parser gives one occurrence as an object and several as an array; this always gives an array. */
function list(value: unknown): XmlNode[] {
  if (value === undefined || value === null || value === '') return [];
  return (Array.isArray(value) ? value : [value]).filter(
    (item): item is XmlNode => typeof item === 'object' && item !== null,
  );
}

function allTexts(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  const items = Array.isArray(value) ? value : [value];
  return items.map((item) => textOf(item as XmlNode | string)).filter((item): item is string => Boolean(item));
}

function textOf(value: XmlNode | string | undefined): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : collapseSpaces(value);
  const inner = value['#text'];
  return typeof inner === 'string' || typeof inner === 'number' ? collapseSpaces(String(inner)) || null : null;
}

function attribute(value: XmlNode | string | undefined, name: string): string | null {
  if (!value || typeof value === 'string') return null;
  const found = value[`@_${name}`];
  return typeof found === 'string' ? found : null;
}

function accountIdentifier(statement: XmlNode): string | null {
  return textOf(node(statement, 'Acct', 'Id', 'IBAN')) ?? textOf(node(statement, 'Acct', 'Id', 'Othr', 'Id'));
}

function kindFromAccountType(code: string | null): StatementAccountKind | null {
  switch (code) {
    case 'CACC':
    case 'CASH':
    case 'TRAN':
    case 'ODFT':
    case 'SLRY':
    case 'COMM':
      return 'checking';
    case 'SVGS':
    case 'MOMA':
      return 'savings';
    case 'CARD':
      return 'credit_card';
    default:
      return null;
  }
}

function periodOf(statement: XmlNode): { start: string | null; end: string | null } {
  return {
    start: compactDate(textOf(node(statement, 'FrToDt', 'FrDtTm')) ?? textOf(node(statement, 'FrToDt', 'FrDt'))),
    end: compactDate(textOf(node(statement, 'FrToDt', 'ToDtTm')) ?? textOf(node(statement, 'FrToDt', 'ToDt'))),
  };
}

/** An unsigned camt amount with its CdtDbtInd, signed so that positive means `positive`. */
function signedAmount(element: XmlNode, positive: 'out' | 'held' | 'owed'): Decimal | null {
  const magnitude = Decimal.parse(textOf(node(element, 'Amt')) ?? '');
  const indicator = textOf(node(element, 'CdtDbtInd'));
  if (!magnitude || (indicator !== 'CRDT' && indicator !== 'DBIT')) return null;
  const positiveIndicator = positive === 'held' ? 'CRDT' : 'DBIT';
  return indicator === positiveIndicator ? magnitude : magnitude.negate();
}

function balanceOf(statement: XmlNode, codes: string[], owed: boolean): Decimal | null | 'unreadable' {
  const balances = all(statement, 'Bal');
  for (const code of codes) {
    const balance = balances.find(
      (candidate) =>
        (textOf(node(candidate, 'Tp', 'CdOrPrtry', 'Cd')) ?? textOf(node(candidate, 'Tp', 'CdOrPrtry', 'Prtry'))) ===
        code,
    );
    if (balance) return signedAmount(balance, owed ? 'owed' : 'held') ?? 'unreadable';
  }
  return null;
}

function partyName(party: unknown): string | null {
  return textOf(node(party, 'Pty', 'Nm')) ?? textOf(node(party, 'Nm'));
}

/**
 * The counterparty (the creditor of a payment out, the debtor of money in) and the unstructured
 * remittance text; failing those, the bank's additional entry information. A batch entry (several
 * transactions booked as one) is described by the bank's entry text, else by its parts joined.
 */
function describeEntry(entry: XmlNode): string {
  const details = all(entry, 'NtryDtls').flatMap((detail) => list((detail as XmlNode).TxDtls));
  const additional = textOf(node(entry, 'AddtlNtryInf'));
  const outgoing = textOf(node(entry, 'CdtDbtInd')) === 'DBIT';
  if (details.length === 1) return describeTransaction(details[0], outgoing) || additional || bankCode(entry);
  if (details.length > 1)
    return (
      additional ||
      details
        .map((detail) => describeTransaction(detail, outgoing))
        .filter(Boolean)
        .join('; ') ||
      bankCode(entry)
    );
  return additional || bankCode(entry);
}

function describeTransaction(transaction: XmlNode, outgoing: boolean): string {
  const parties = node(transaction, 'RltdPties');
  const counterparty = outgoing
    ? (partyName(node(parties, 'Cdtr')) ?? partyName(node(parties, 'UltmtCdtr')))
    : (partyName(node(parties, 'Dbtr')) ?? partyName(node(parties, 'UltmtDbtr')));
  const remittanceNode = node(transaction, 'RmtInf');
  const remittance =
    (typeof remittanceNode === 'object' ? allTexts(remittanceNode.Ustrd).join(' ') : '') ||
    textOf(node(transaction, 'RmtInf', 'Strd', 'CdtrRefInf', 'Ref')) ||
    textOf(node(transaction, 'AddtlTxInf'));
  return [counterparty, remittance].filter(Boolean).join(' ');
}

function bankCode(entry: XmlNode): string {
  return textOf(node(entry, 'BkTxCd', 'Prtry', 'Cd')) ?? textOf(node(entry, 'BkTxCd', 'Domn', 'Cd')) ?? '';
}
