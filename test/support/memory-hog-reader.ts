/**
 * A reader-pool module for tests of the heap ceiling: a document named memory-hog.csv makes it hold
 * ever more strings until the worker dies of it; every other document is read as usual.
 */
import { readStatement as readNormally, type ReadStatement } from '../../src/intake/statements/read-statement.ts';

export const MEMORY_HOG_FILENAME = 'memory-hog.csv';

export const readStatement: ReadStatement = async (format, bytes, context) => {
  if (context.filename !== MEMORY_HOG_FILENAME) return readNormally(format, bytes, context);
  const hoard: string[][] = [];
  for (;;) hoard.push(Array.from({ length: 100_000 }, (_, index) => `row ${hoard.length} cell ${index}`));
};
