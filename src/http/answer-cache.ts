import { assertInvariant } from '../errors.ts';

/**
 * Serialized answers of read requests, kept under the database's read version (DatabaseHandle.readVersion): an answer
 * is given again only while the version it was computed under is still the current one, so it is always what the
 * request would compute afresh. Dashboards and the web app ask the same pages again and again between changes; those
 * repeats are answered without reading or serializing a row.
 *
 * Bounded by entries and by characters, least recently used out first; an answer longer than a tenth of the characters
 * is not kept.
 */
export class AnswerCache {
  private readonly entries = new Map<string, { version: string; body: string }>();
  private characters = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxCharacters: number,
  ) {}

  /** The answer kept for `key` if it was computed under `version`, else undefined (and a stale one is dropped). */
  get(key: string, version: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.version !== version) {
      this.characters -= entry.body.length;
      return undefined;
    }
    // Map order is insertion order: put back, it is the most recently used.
    this.entries.set(key, entry);
    return entry.body;
  }

  /** Keeps `body` as the answer to `key` under `version`, which must have been read before the body was computed. */
  set(key: string, version: string, body: string): void {
    if (body.length > this.maxCharacters / 10) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.characters -= previous.body.length;
    }
    this.entries.set(key, { version, body });
    this.characters += body.length;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.characters <= this.maxCharacters) break;
      this.entries.delete(oldest);
      this.characters -= entry.body.length;
    }
    assertInvariant(
      this.characters >= 0 && this.entries.size <= this.maxEntries,
      'the answer cache stays within its bounds',
    );
  }

  get size(): number {
    return this.entries.size;
  }
}
