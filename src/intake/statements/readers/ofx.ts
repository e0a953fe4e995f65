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
import { type OfxElement, OfxSyntaxError, child, childrenNamed, descendants, leaf, parseOfxTree } from './ofx-tree.ts';

/**
 * OFX 1.x (SGML, which is also what QFX is) and OFX 2.x (XML) statements: bank statements
 * (BANKMSGSRSV1/STMTTRNRS/STMTRS) and credit-card statements (CREDITCARDMSGSRSV1/CCSTMTTRNRS/CCSTMTRS).
 *
 * OFX signs amounts from the account holder's side: TRNAMT < 0 takes money out of the account (a
 * debit, or a card purchase), and a credit card's BALAMT < 0 is money owed. Our lines are positive
 * for money out, so every TRNAMT is negated; a card balance is negated so that positive = owed.
 *
 * OFX carries a closing balance (LEDGERBAL) but no opening one, so the opening balance is what the
 * file implies: the closing balance rolled back over every line of the statement.
 */
export async function readOfxStatement(bytes: Buffer, context: ReaderContext): Promise<ReadOutcome> {
  if (looksBinary(bytes)) return reject('document_unreadable', 'The OFX file is binary data, not OFX text.');
  const text = decodeText(bytes, declaredCharset(bytes));
  let ofx: OfxElement;
  try {
    ofx = parseOfxTree(text);
  } catch (error) {
    if (error instanceof OfxSyntaxError)
      return reject('document_unreadable', `The OFX file could not be read: ${error.message}.`);
    throw error;
  }

  const statements = [...descendants(ofx, 'STMTRS'), ...descendants(ofx, 'CCSTMTRS')];
  if (statements.length === 0) {
    const status = descendants(ofx, 'STATUS')
      .map((element) => leaf(element, 'MESSAGE') ?? leaf(element, 'CODE'))
      .find((message) => message && message !== '0');
    return reject(
      'not_a_bank_statement',
      `The OFX file holds no bank or credit-card statement${status ? ` (the bank answered: ${status})` : ''}.`,
    );
  }
  // A download can hold several accounts; the first statement with lines is the one read.
  const statement =
    statements.find((candidate) => childrenNamed(child(candidate, 'BANKTRANLIST'), 'STMTTRN').length > 0) ??
    statements[0];
  const isCard = statement.name === 'CCSTMTRS';
  const currency = currencyCode(leaf(statement, 'CURDEF'));

  const accountFrom =
    child(statement, isCard ? 'CCACCTFROM' : 'BANKACCTFROM') ??
    child(statement, 'BANKACCTFROM') ??
    child(statement, 'CCACCTFROM');
  const documentKind: StatementAccountKind | null = isCard
    ? 'credit_card'
    : kindFromAccountType(leaf(accountFrom, 'ACCTTYPE'));
  const kind = resolveKind(documentKind, context.hints.kind);
  const balanceIsOwed = kind === 'credit_card';

  const transactionList = child(statement, 'BANKTRANLIST');
  const lines: ParsedStatementLine[] = [];
  const outflows: Decimal[] = [];
  for (const transaction of childrenNamed(transactionList, 'STMTTRN')) {
    const date = compactDate(leaf(transaction, 'DTPOSTED'));
    const amount = ofxAmount(leaf(transaction, 'TRNAMT'));
    if (!date || !amount) {
      return reject(
        'document_unreadable',
        `A transaction in the OFX file has an unreadable ${date ? 'TRNAMT' : 'DTPOSTED'} (FITID ${leaf(transaction, 'FITID') ?? 'none'}).`,
      );
    }
    const outflow = amount.negate();
    outflows.push(outflow);
    lines.push({ date, description: describe(transaction), amount: amountText(outflow, currency), balance: null });
  }
  if (lines.length === 0) return reject('no_transactions', 'The OFX statement lists no transactions.');

  const ledgerAmount = leaf(statement, 'LEDGERBAL', 'BALAMT');
  let closing: Decimal | null = null;
  if (ledgerAmount !== null) {
    const stated = ofxAmount(ledgerAmount);
    if (!stated)
      return reject('document_unreadable', `The OFX closing balance (LEDGERBAL) is unreadable: ${ledgerAmount}.`);
    closing = balanceIsOwed ? stated.negate() : stated;
  }
  // checking/savings: opening − Σout = closing; card: opening + Σout = closing.
  const netOut = Decimal.sum(outflows);
  const opening = closing === null ? null : balanceIsOwed ? closing.minus(netOut) : closing.minus(netOut.negate());

  const range = lineDateRange(lines);
  const periodStart = compactDate(leaf(transactionList, 'DTSTART')) ?? range.first;
  const periodEnd = compactDate(leaf(transactionList, 'DTEND')) ?? range.last;

  return accepted(
    {
      institutionName: leaf(descendants(ofx, 'FI')[0], 'ORG'),
      accountLast4: accountLast4(leaf(accountFrom, 'ACCTID')),
      accountKind: kind,
      currency,
      periodStart: periodStart <= range.first ? periodStart : range.first,
      periodEnd: periodEnd >= range.last ? periodEnd : range.last,
      openingBalance: opening === null ? null : amountText(opening, currency),
      closingBalance: closing === null ? null : amountText(closing, currency),
      lines,
    },
    'ofx',
    plainEvidence(
      {
        period:
          leaf(transactionList, 'DTSTART') !== null && leaf(transactionList, 'DTEND') !== null ? 'stated' : 'lines',
        // OFX carries no opening balance: it is the closing one rolled back over every line of the stated period.
        openingBalance: 'lines',
        closingBalance: closing === null ? 'lines' : 'stated',
      },
      true,
    ),
  );
}

/** OFX 1.x names its character set in the header ("CHARSET:1252"); OFX 2.x in the XML declaration. */
function declaredCharset(bytes: Buffer): string | null {
  const head = bytes.subarray(0, 1024).toString('latin1');
  const sgml = /^\s*CHARSET:\s*([\w-]+)/im.exec(head)?.[1];
  if (sgml) {
    if (/^\d+$/.test(sgml)) return `windows-${sgml}`;
    if (/^(ISO-8859-1|8859-1)$/i.test(sgml)) return 'iso-8859-1';
    return null;
  }
  if (/^\s*ENCODING:\s*UTF-?8/im.test(head)) return 'utf-8';
  return /<\?xml[^>]*encoding=["']([\w-]+)["']/i.exec(head)?.[1] ?? null;
}

function kindFromAccountType(type: string | null): StatementAccountKind | null {
  switch (type?.toUpperCase()) {
    case 'CHECKING':
      return 'checking';
    case 'SAVINGS':
    case 'MONEYMRKT':
    case 'CD':
      return 'savings';
    case 'CREDITLINE':
      return 'credit_card';
    default:
      return null;
  }
}

/** OFX amounts may use a comma as the decimal mark ("-12,50"), as the specification allows. */
function ofxAmount(text: string | null): Decimal | null {
  if (text === null) return null;
  const trimmed = text.trim();
  const normalised = trimmed.includes(',') && !trimmed.includes('.') ? trimmed.replace(',', '.') : trimmed;
  return Decimal.parse(normalised);
}

/** NAME (or PAYEE/NAME) is the payee; MEMO is appended unless it only repeats the name. */
function describe(transaction: OfxElement): string {
  const name = collapseSpaces(leaf(transaction, 'NAME') ?? leaf(transaction, 'PAYEE', 'NAME') ?? '');
  const memo = collapseSpaces(leaf(transaction, 'MEMO') ?? '');
  if (!name) return memo || collapseSpaces(leaf(transaction, 'TRNTYPE') ?? '');
  // Banks often repeat the payee in MEMO, or put the untruncated name there (NAME is 32 characters).
  if (!memo || name.toUpperCase().startsWith(memo.toUpperCase())) return name;
  if (memo.toUpperCase().startsWith(name.toUpperCase())) return memo;
  return `${name} ${memo}`;
}
