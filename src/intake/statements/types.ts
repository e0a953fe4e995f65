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

/**
 * Where a fact of the statement came from: `stated` when the document prints it (a header, a summary
 * box, a labelled row) or the file carries it as a field (OFX, CAMT.053, MT940); `lines` when the
 * reader worked it out from the transaction lines (first/last line dates, a first running balance
 * rolled back over its own amount). The completeness gate trusts only stated facts (or upload hints):
 * a value worked out from the lines read agrees with those lines whatever was lost.
 */
export type FactSource = 'stated' | 'lines';

export interface PageMarker {
  page: number;
  number: number;
  of: number;
}

/** Totals a statement prints for checking: sums are positive decimal magnitudes in the statement currency. */
export interface PrintedTotals {
  moneyIn: string | null;
  moneyOut: string | null;
  countIn: number | null;
  countOut: number | null;
}

/**
 * What a document printed besides its lines, kept apart from the statement so a reader's facts and
 * its evidence for them can be tested separately. Everything optional on a real statement (totals,
 * page markers, running balances, brought-forward rows) is null or empty when not printed.
 */
export interface StatementEvidence {
  sources: { period: FactSource; openingBalance: FactSource; closingBalance: FactSource };
  totals: PrintedTotals;
  /** The "Page n of m" marker of each page that prints one: `page` is its 1-based position in the document as read. */
  pageMarkers: PageMarker[];
  /** The page (1-based) each line was read from, aligned with `statement.lines`; empty for files without pages. */
  linePages: number[];
  /**
   * Balances printed between lines ("Balance brought forward", "Balance carried forward" at page
   * breaks): the balance after the first `afterLines` lines, oriented like `openingBalance`.
   */
  checkpoints: Array<{ afterLines: number; balance: string; page: number }>;
  /**
   * True when the reader recognised every character from pixels (OCR): a single digit may then be
   * misread, and the gate may correct one that the printed balances pin. A text layer or a data file
   * is never misread, so there every disagreement is the document's own and rejects it.
   */
  recognised: boolean;
  /**
   * True for a structured export whose format bounds the list (OFX, CAMT.053, MT940): it parses whole
   * or not at all, and lists every entry of the period it states, so no page or row of it can be lost.
   */
  wholeList: boolean;
}

export type RejectionReason =
  | 'did_not_reconcile'
  | 'not_a_bank_statement'
  | 'document_unreadable'
  | 'no_transactions'
  | 'incomplete';

export type ReadOutcome =
  | {
      ok: true;
      /** The document's statement; with several accounts in one document, the first of them. */
      statement: ParsedStatement;
      /** Every statement of a document that holds several accounts (a checking and a savings section), in its order; absent for one. */
      statements?: ParsedStatement[];
      format: string;
      /** What the document printed besides its lines, for the completeness gate (aligned with `statement`). */
      evidence: StatementEvidence;
      /** The evidence of each statement in `statements`, in the same order. */
      evidences?: StatementEvidence[];
    }
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
