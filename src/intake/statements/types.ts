/**
 * What every statement reader (PDF, OCR, CSV/xlsx, OFX/QFX, CAMT.053, MT940) produces, before the
 * reconciliation gate and before anything touches the database. Amounts are exact decimal strings in
 * the statement currency so that no reader rounds through floating point.
 */
export type StatementAccountKind = 'checking' | 'savings' | 'credit_card';

export interface ParsedStatementLine {
  date: string; // YYYY-MM-DD
  description: string; // wrapped lines joined with one space
  /** Decimal string, positive = money out, negative = money in ("12.00", "-1234.56"). */
  amount: string;
  /** Running balance printed on the line, if the statement has that column. */
  balance: string | null;
}

export interface ParsedStatement {
  institutionName: string | null;
  /** Last four digits of the account number (masked numbers are fine). */
  accountLast4: string | null;
  accountKind: StatementAccountKind | null;
  /** ISO 4217 code read from the document; null when the document does not say (never assumed). */
  currency: string | null;
  periodStart: string;
  periodEnd: string;
  /** For credit cards, positive = amount owed. */
  openingBalance: string | null;
  closingBalance: string | null;
  lines: ParsedStatementLine[];
}

export type RejectionReason = 'did_not_reconcile' | 'not_a_bank_statement' | 'document_unreadable' | 'no_transactions';

export type ReadOutcome =
  | { ok: true; statement: ParsedStatement; format: string }
  | { ok: false; reason: RejectionReason; message: string };

/** What a reader is told besides the bytes. Hints never override what the document itself says. */
export interface ReaderContext {
  filename: string | null;
  mediaType: string | null;
  hints: { kind?: StatementAccountKind; currency?: string };
  /** The size limits a document is held to (./readers/limits.ts has the defaults). */
  limits?: ReadLimits;
}

/**
 * How big a statement may be, beyond the upload's byte limit. A document over one is rejected
 * `document_unreadable` with a message naming the limit, before its size can exhaust the reader.
 */
export interface ReadLimits {
  /** Transaction lines per statement (a CSV's or a sheet's rows are held to it while they are parsed). */
  maxRows: number;
  /** Cells per worksheet of an xlsx workbook, counted up to the last filled cell of each row. */
  maxSheetCells: number;
  /** Pages per PDF. */
  maxPdfPages: number;
}

/**
 * Every format has one reader module in ./readers/, exporting `read<Format>Statement`: a pure function
 * of the bytes (no database), so each can be tested alone and the ingestion pipeline stays one.
 */
export type StatementReader = (bytes: Buffer, context: ReaderContext) => Promise<ReadOutcome>;
