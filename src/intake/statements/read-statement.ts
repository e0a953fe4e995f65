/**
 * What a reader-pool worker runs for each document (./reader-pool.ts): the format's reader, with a
 * reader that throws turned into an unreadable document, and the line limit applied to every format.
 */
import { readerFor, type StatementFormat } from './readers/index.ts';
import { limitsOf, withinLineLimit } from './readers/limits.ts';
import type { ReadOutcome, ReaderContext, StatementReader } from './types.ts';

/** The signature a reader-pool worker module exports (tests substitute their own). */
export type ReadStatement = (format: StatementFormat, bytes: Buffer, context: ReaderContext) => Promise<ReadOutcome>;

export const readStatement: ReadStatement = async (format, bytes, context) => {
  const reader = readerFor(format);
  if (!reader)
    return { ok: false, reason: 'document_unreadable', message: `no reader for ${format} documents is installed` };
  return withinLineLimit(await runReader(reader, format, bytes, context), limitsOf(context));
};

/**
 * A reader that throws (a malformed file it did not foresee) does not fail the worker or the
 * service: the document is unreadable, and says why.
 */
export async function runReader(
  reader: StatementReader,
  format: StatementFormat,
  bytes: Buffer,
  context: ReaderContext,
): Promise<ReadOutcome> {
  try {
    return await reader(bytes, context);
  } catch (error) {
    return {
      ok: false,
      reason: 'document_unreadable',
      message: `the ${format} document could not be read: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
