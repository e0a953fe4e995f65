/**
 * Tenant rule patterns are case-insensitive substrings in which `*` stands for any run of
 * characters. No regular expressions: a pattern is split at its wildcards and its literal pieces are
 * found left to right with indexOf, so matching is linear in the text for every pattern a tenant can
 * write and no input can make it backtrack.
 */
export const MAX_PATTERN_LENGTH = 100;
export const MIN_PATTERN_LITERALS = 2;

export interface CompiledPattern {
  source: string;
  /** Upper-cased literal pieces between wildcards, in order; never empty strings. */
  pieces: string[];
}

/** Upper case, single spaces: how rule patterns and the texts they match are compared. */
export function normalizeForMatching(text: string): string {
  return text.toUpperCase().replace(/\s+/g, ' ').trim();
}

/** Returns the reason a pattern is unusable, or null when it is fine. */
export function patternProblem(pattern: string): string | null {
  const trimmed = pattern.trim();
  if (trimmed.length === 0) return 'must not be empty';
  if (trimmed.length > MAX_PATTERN_LENGTH) return `at most ${MAX_PATTERN_LENGTH} characters`;
  if (trimmed.replace(/[*\s]/g, '').length < MIN_PATTERN_LITERALS)
    return `needs at least ${MIN_PATTERN_LITERALS} characters other than "*" and spaces`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) return 'must not contain control characters';
  return null;
}

export function compilePattern(pattern: string): CompiledPattern {
  const source = normalizeForMatching(pattern);
  return { source, pieces: source.split('*').filter((piece) => piece.length > 0) };
}

/** True when every literal piece occurs in `normalizedText`, in order and without overlapping. */
export function patternMatches(compiled: CompiledPattern, normalizedText: string): boolean {
  let from = 0;
  for (const piece of compiled.pieces) {
    const at = normalizedText.indexOf(piece, from);
    if (at < 0) return false;
    from = at + piece.length;
  }
  return compiled.pieces.length > 0;
}
