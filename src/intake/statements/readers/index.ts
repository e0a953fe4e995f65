import type { StatementReader } from '../types.ts';

/**
 * Which reader a document goes to. The bytes decide (a file's name and declared media type are
 * often wrong: a CSV sent as application/octet-stream, a PDF named .csv); the name only breaks ties
 * the bytes leave open.
 */
export type StatementFormat = 'pdf' | 'image' | 'xlsx' | 'ofx' | 'camt053' | 'mt940' | 'csv';

export const MAX_STATEMENT_BYTES = 20 * 1024 * 1024;

/** What clients are told when a file is refused (415 and 413 reasons, the docs). */
export const ACCEPTED_FORMATS_TEXT = 'PDF (text or scanned), PNG, JPEG, CSV, XLSX, OFX/QFX, CAMT.053 XML, MT940';

/**
 * Readers load on first use: the PDF and OCR ones pull in large libraries that a process which only
 * answers the API (or runs one CLI command) never needs.
 */
const lazy =
  (load: () => Promise<StatementReader>): StatementReader =>
  async (bytes, context) =>
    (await load())(bytes, context);

const READERS: Partial<Record<StatementFormat, StatementReader>> = {
  pdf: lazy(async () => (await import('./pdf.ts')).readPdfStatement),
  image: lazy(async () => (await import('./image.ts')).readImageStatement),
  ofx: lazy(async () => (await import('./ofx.ts')).readOfxStatement),
  camt053: lazy(async () => (await import('./camt053.ts')).readCamt053Statement),
  mt940: lazy(async () => (await import('./mt940.ts')).readMt940Statement),
  csv: lazy(async () => (await import('./csv.ts')).readCsvStatement),
  xlsx: lazy(async () => (await import('./xlsx.ts')).readXlsxStatement),
};

export function readerFor(format: StatementFormat): StatementReader | undefined {
  return READERS[format];
}

export type Sniffed = { ok: true; format: StatementFormat } | { ok: false; reason: string };

const startsWith = (bytes: Buffer, signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
const extensionOf = (filename: string | null) => filename?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';

export function sniffFormat(bytes: Buffer, filename: string | null, mediaType: string | null): Sniffed {
  const extension = extensionOf(filename);
  const head = bytes.subarray(0, 1024).toString('latin1');
  if (head.includes('%PDF-')) return { ok: true, format: 'pdf' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ok: true, format: 'image' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { ok: true, format: 'image' };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    // A zip's entry names are stored uncompressed: a workbook has xl/ parts.
    if (bytes.includes('xl/') || extension === 'xlsx') return { ok: true, format: 'xlsx' };
    return { ok: false, reason: 'a zip archive that is not an .xlsx workbook' };
  }
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0])) {
    // Password-protected .xlsx files are stored in this (OLE2) container; the reader says they are unreadable.
    if (extension === 'xlsx') return { ok: true, format: 'xlsx' };
    return { ok: false, reason: 'a legacy Office file (.xls or .doc); save the spreadsheet as .xlsx or .csv' };
  }
  const text = decodeHead(bytes);
  if (text === undefined)
    return { ok: false, reason: `binary data of an unsupported type${mediaType ? ` (${mediaType})` : ''}` };
  if (
    /OFXHEADER\s*:|<OFX>/i.test(text) ||
    ((extension === 'ofx' || extension === 'qfx') && /<\s*OFX|<STMTTRN>/i.test(text))
  )
    return { ok: true, format: 'ofx' };
  if (/urn:iso:std:iso:20022:tech:xsd:camt\.053|<BkToCstmrStmt[\s>]/.test(text)) return { ok: true, format: 'camt053' };
  if (/^\s*<\?xml|^\s*<[A-Za-z]/.test(text))
    return { ok: false, reason: 'an XML or HTML document that is not a CAMT.053 statement' };
  if (/(^|\n):20:/.test(text) && /(^|\n):6[02][FM]:/.test(text)) return { ok: true, format: 'mt940' };
  return { ok: true, format: 'csv' };
}

/**
 * The first 64 KB as text, or undefined when they are not text: NUL bytes and control characters
 * mark binary files (UTF-16 exports, which Excel writes, are text and carry a byte order mark).
 */
function decodeHead(bytes: Buffer): string | undefined {
  const head = bytes.subarray(0, 64 * 1024);
  if (startsWith(head, [0xff, 0xfe])) return head.subarray(2).toString('utf16le');
  if (startsWith(head, [0xfe, 0xff]))
    return Buffer.from(head.subarray(2, head.length - (head.length % 2)))
      .swap16()
      .toString('utf16le');
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return undefined;
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20 && byte !== 0x1a)) control++;
  }
  if (control > head.length / 100) return undefined;
  return head.toString('utf8').replace(/^\uFEFF/, '');
}

/** A format is accepted once its reader is wired here; others are refused at upload (415). */
export function isAcceptedFormat(format: StatementFormat): boolean {
  return READERS[format] !== undefined;
}
