import { isValidDate } from '../../../shared/dates.ts';
import { isKnownCurrency } from '../../../money/currency.ts';
import type {
  ParsedStatement,
  ParsedStatementLine,
  ReadOutcome,
  RejectionReason,
  StatementAccountKind,
  StatementEvidence,
} from '../types.ts';

/** Helpers shared by the structured-format readers (OFX, CAMT.053, MT940, CSV, xlsx). */

export function reject(reason: RejectionReason, message: string): ReadOutcome {
  return { ok: false, reason, message };
}

/** The last four digits of an account identifier ("XXXX-1234", "DE89 3704 0044 0532 0130 00" → "3000"). */
export function accountLast4(identifier: string | null | undefined): string | null {
  if (!identifier) return null;
  const digits = identifier.replace(/\D/g, '');
  return digits.length === 0 ? null : digits.slice(-4);
}

/** An ISO 4217 code as the document writes it, or null when the text is not one. */
export function currencyCode(text: string | null | undefined): string | null {
  const code = text?.trim().toUpperCase() ?? '';
  return isKnownCurrency(code) ? code : null;
}

/** The document decides the kind; the upload's hint only fills in when the document is silent. */
export function resolveKind(
  fromDocument: StatementAccountKind | null,
  hint: StatementAccountKind | undefined,
): StatementAccountKind | null {
  return fromDocument ?? hint ?? null;
}

/** 'YYYYMMDD…' (OFX, CAMT dates) → 'YYYY-MM-DD', or null when it is not a real calendar date. */
export function compactDate(text: string | null | undefined): string | null {
  const match = /^\s*(\d{4})-?(\d{2})-?(\d{2})/.exec(text ?? '');
  if (!match) return null;
  const date = `${match[1]}-${match[2]}-${match[3]}`;
  return isValidDate(date) ? date : null;
}

export function collapseSpaces(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Earliest and latest line dates (ISO dates sort as text). */
export function lineDateRange(lines: ReadonlyArray<{ date: string }>): { first: string; last: string } {
  let first = lines[0].date;
  let last = lines[0].date;
  for (const line of lines) {
    if (line.date < first) first = line.date;
    if (line.date > last) last = line.date;
  }
  return { first, last };
}

/** Evidence of a file that prints nothing beyond its lines and balances (each reader adds what it knows). */
export function plainEvidence(sources: StatementEvidence['sources'], wholeList: boolean): StatementEvidence {
  return {
    sources,
    totals: { moneyIn: null, moneyOut: null, countIn: null, countOut: null },
    pageMarkers: [],
    linePages: [],
    checkpoints: [],
    recognised: false,
    wholeList,
  };
}

export function accepted(statement: ParsedStatement, format: string, evidence: StatementEvidence): ReadOutcome {
  return { ok: true, statement, format, evidence };
}

/**
 * Decodes text the way bank exports arrive: a UTF-8 or UTF-16 byte-order mark wins; otherwise UTF-8
 * when the bytes are valid UTF-8, else Windows-1252 (what older banking software writes).
 */
export function decodeText(bytes: Buffer, declaredCharset?: string | null): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3).toString('utf8');
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (declaredCharset) {
    try {
      return new TextDecoder(declaredCharset, { fatal: true }).decode(bytes);
    } catch {
      // An unknown or wrong declaration falls through to detection.
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** True when the bytes look like binary data rather than text (NULs or many control characters). */
export function looksBinary(bytes: Buffer): boolean {
  const sample = bytes.subarray(0, 4096);
  if (sample.length === 0) return false;
  if (sample[0] === 0xff && sample[1] === 0xfe) return false;
  if (sample[0] === 0xfe && sample[1] === 0xff) return false;
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) return true;
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20)) control += 1;
  }
  return control / sample.length > 0.02;
}
