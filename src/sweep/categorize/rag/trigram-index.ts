/**
 * Nearest distinct descriptors by character-trigram TF-IDF cosine, through an inverted index.
 *
 * Each distinct cleaned descriptor is a set of trigrams of " TEXT " (the padding marks word starts
 * and ends) plus its whole words, so a shared word ("SHELL") counts more than the same letters
 * scattered. A trigram weighs idf = ln(1 + N / df), N distinct descriptors, df those holding it, so
 * rare fragments ("ZOO", "GUS") decide and ubiquitous ones (" PA", "ING") barely count. Similarity is
 * the cosine of the idf-weighted presence vectors, in [0, 1]; 1 means the same trigram set.
 *
 * A query walks the posting lists of its trigrams rarest first. Lists longer than `commonListLength`
 * are skipped once rarer trigrams have already found candidates: they add little to any score and
 * would dominate the time. The best candidates are then scored exactly, so the skipping only decides
 * who is considered, never a candidate's similarity.
 */
export interface TextMatch {
  id: number;
  similarity: number;
}

const CANDIDATES_SCORED_EXACTLY = 48;

/** The features of a text: its character trigrams, plus each whole word (marked "#WORD"). */
export function trigramsOf(text: string): string[] {
  const padded = ` ${text} `;
  const grams = new Set<string>();
  for (let index = 0; index + 3 <= padded.length; index++) grams.add(padded.slice(index, index + 3));
  for (const word of text.split(' ')) if (word.length > 1) grams.add(`#${word}`);
  return [...grams];
}

export class TrigramIndex {
  private readonly idByText = new Map<string, number>();
  private readonly texts: string[] = [];
  private readonly gramsOfText: Int32Array[] = [];
  private readonly gramIdByGram = new Map<string, number>();
  private readonly postings: number[][] = [];
  private norms = new Float64Array(1024);
  private normsComputedForCount = 0;
  private partialScores = new Float64Array(1024);
  private touched = new Int32Array(1024);

  constructor(private readonly commonListLength = 4000) {}

  get size(): number {
    return this.texts.length;
  }

  textOf(id: number): string {
    return this.texts[id];
  }

  idOf(text: string): number | undefined {
    return this.idByText.get(text);
  }

  /** The id of `text`, adding it when new. */
  add(text: string): number {
    const known = this.idByText.get(text);
    if (known !== undefined) return known;
    const id = this.texts.length;
    this.idByText.set(text, id);
    this.texts.push(text);
    const grams = trigramsOf(text);
    const gramIds = new Int32Array(grams.length);
    grams.forEach((gram, index) => {
      let gramId = this.gramIdByGram.get(gram);
      if (gramId === undefined) {
        gramId = this.postings.length;
        this.gramIdByGram.set(gram, gramId);
        this.postings.push([]);
      }
      this.postings[gramId].push(id);
      gramIds[index] = gramId;
    });
    this.gramsOfText.push(gramIds);
    if (id >= this.partialScores.length) this.grow(id + 1);
    // Until the next full norm pass, a new text's norm uses today's idf; the drift is bounded by
    // recomputing every norm once the collection has grown by a tenth.
    this.norms[id] = this.normOf(gramIds);
    return id;
  }

  /** The `limit` most similar known texts with similarity ≥ `minSimilarity`, best first. */
  search(text: string, limit: number, minSimilarity: number): TextMatch[] {
    if (this.texts.length === 0 || limit <= 0) return [];
    this.refreshNormsIfStale();
    const exact = this.idByText.get(text);
    const queryGrams = trigramsOf(text);
    const count = this.texts.length;
    let queryNormSquared = 0;
    const known: Array<{ gramId: number; weight: number; df: number }> = [];
    for (const gram of queryGrams) {
      const gramId = this.gramIdByGram.get(gram);
      const df = gramId === undefined ? 0 : this.postings[gramId].length;
      const idf = Math.log(1 + count / Math.max(df, 1));
      queryNormSquared += idf * idf;
      if (gramId !== undefined) known.push({ gramId, weight: idf * idf, df });
    }
    if (known.length === 0) return [];
    known.sort((a, b) => a.df - b.df);

    let touchedCount = 0;
    for (let index = 0; index < known.length; index++) {
      const { gramId, weight, df } = known[index];
      if (df > this.commonListLength && touchedCount > 0) continue;
      const list = this.postings[gramId];
      for (let position = 0; position < list.length; position++) {
        const id = list[position];
        if (this.partialScores[id] === 0) this.touched[touchedCount++] = id;
        this.partialScores[id] += weight;
      }
    }

    // Keep the best candidates by partial score (a small sorted buffer: most candidates never enter).
    const bestIds: number[] = [];
    const bestScores: number[] = [];
    for (let index = 0; index < touchedCount; index++) {
      const id = this.touched[index];
      const score = this.partialScores[id] / Math.sqrt(this.norms[id] || 1);
      this.partialScores[id] = 0;
      if (bestIds.length === CANDIDATES_SCORED_EXACTLY && score <= bestScores[bestScores.length - 1]) continue;
      let at = bestIds.length;
      while (at > 0 && bestScores[at - 1] < score) at--;
      bestIds.splice(at, 0, id);
      bestScores.splice(at, 0, score);
      if (bestIds.length > CANDIDATES_SCORED_EXACTLY) { bestIds.pop(); bestScores.pop(); }
    }
    if (exact !== undefined && !bestIds.includes(exact)) bestIds.push(exact);

    const weightByGram = new Map(known.map((entry) => [entry.gramId, entry.weight]));
    const queryNorm = Math.sqrt(queryNormSquared);
    const matches: TextMatch[] = [];
    for (const id of bestIds) {
      let dot = 0;
      for (const gramId of this.gramsOfText[id]) dot += weightByGram.get(gramId) ?? 0;
      const similarity = id === exact ? 1 : Math.min(1, dot / (queryNorm * Math.sqrt(this.norms[id] || 1)));
      if (similarity >= minSimilarity) matches.push({ id, similarity });
    }
    matches.sort((a, b) => b.similarity - a.similarity || Number(b.id === exact) - Number(a.id === exact) || a.id - b.id);
    return matches.slice(0, limit);
  }

  /** Squared norm of a text's idf vector under the current counts. */
  private normOf(gramIds: Int32Array): number {
    const count = this.texts.length;
    let squared = 0;
    for (const gramId of gramIds) {
      const idf = Math.log(1 + count / this.postings[gramId].length);
      squared += idf * idf;
    }
    return squared;
  }

  private refreshNormsIfStale(): void {
    if (this.texts.length <= this.normsComputedForCount * 1.1) return;
    for (let id = 0; id < this.texts.length; id++) this.norms[id] = this.normOf(this.gramsOfText[id]);
    this.normsComputedForCount = this.texts.length;
  }

  private grow(minimum: number): void {
    const capacity = Math.max(minimum, this.partialScores.length * 2);
    const norms = new Float64Array(capacity);
    norms.set(this.norms);
    this.norms = norms;
    this.partialScores = new Float64Array(capacity);
    this.touched = new Int32Array(capacity);
  }
}
