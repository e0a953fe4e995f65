import { invalid } from '../errors.ts';

/**
 * A keyset cursor: the sort key of a page's last item (e.g. its date and seq), base64url-encoded JSON
 * so clients treat it as opaque. The page after it is found through an index in the listing's order,
 * however deep, where an offset makes the database read and drop everything before the page.
 */
export function encodePageCursor(key: ReadonlyArray<string | number>): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/**
 * The key a cursor carries, or a 400 naming what to do: `isKey` checks its shape (each listing its
 * own), so a cursor made up, damaged or taken from another listing is refused before any query.
 */
export function decodePageCursor<K>(cursor: string, isKey: (decoded: unknown) => decoded is K, listing: string): K {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  if (!isKey(decoded))
    throw invalid(`after: not a cursor of ${listing} (pass back meta.pagination.nextAfter as it came)`);
  return decoded;
}

export const isIsoDate = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

export const isSeq = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 1;
