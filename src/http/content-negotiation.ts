/** The media types an answer can take: every route answers JSON; some also CSV. */
export type AnswerType = 'application/json' | 'text/csv';

interface Range {
  type: string;
  subtype: string;
  quality: number;
}

function rangesOf(accept: string): Range[] {
  const ranges: Range[] = [];
  for (const part of accept.split(',')) {
    const [mediaRange, ...parameters] = part
      .trim()
      .toLowerCase()
      .split(';')
      .map((piece) => piece.trim());
    const [type, subtype] = mediaRange.split('/');
    if (!type || !subtype) continue;
    const qualityParameter = parameters.find((parameter) => parameter.startsWith('q='));
    const quality = qualityParameter ? Number(qualityParameter.slice(2)) : 1;
    // A malformed quality is ignored as a whole range, rather than guessed at.
    if (!Number.isFinite(quality) || quality < 0 || quality > 1) continue;
    ranges.push({ type, subtype, quality });
  }
  return ranges;
}

/**
 * The quality the client gives a type, from the most specific range that matches it (RFC 9110
 * §12.5.1), and how specific that range is (2 named, 1 type/*, 0 any).
 */
function qualityOf(ranges: Range[], offered: AnswerType): { quality: number; specificity: number } {
  const [type, subtype] = offered.split('/');
  const tiers = [
    ranges.filter((range) => range.type === type && range.subtype === subtype),
    ranges.filter((range) => range.type === type && range.subtype === '*'),
    ranges.filter((range) => range.type === '*' && range.subtype === '*'),
  ];
  const tier = tiers.findIndex((matched) => matched.length > 0);
  if (tier < 0) return { quality: 0, specificity: -1 };
  return { quality: Math.max(...tiers[tier].map((range) => range.quality)), specificity: 2 - tier };
}

/**
 * What to answer with, given the Accept header and what the route offers (JSON first). No header, or
 * one whose every range is malformed, is JSON. The highest quality wins; at equal quality a type the
 * client named beats one reached by a wildcard (`text/csv, *\/*` is CSV), and a full tie goes to JSON.
 * undefined when the client accepts none of them: a 406.
 */
export function negotiate(accept: string | undefined, offered: readonly AnswerType[]): AnswerType | undefined {
  if (!accept || accept.trim() === '') return offered[0];
  const ranges = rangesOf(accept);
  if (ranges.length === 0) return offered[0];
  let best: AnswerType | undefined;
  let bestScore = { quality: 0, specificity: -1 };
  for (const type of offered) {
    const score = qualityOf(ranges, type);
    if (score.quality === 0) continue;
    if (
      score.quality > bestScore.quality ||
      (score.quality === bestScore.quality && score.specificity > bestScore.specificity)
    ) {
      best = type;
      bestScore = score;
    }
  }
  return best;
}
