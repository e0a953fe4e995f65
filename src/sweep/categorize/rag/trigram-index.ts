/**
 * Nearest distinct descriptors by character-trigram TF-IDF cosine, through an inverted index.
 *
 * Each distinct cleaned descriptor is a set of features: the trigrams of " TEXT " (the padding marks
 * word starts and ends) plus its whole words, so a shared word ("SHELL") counts more than the same
 * letters scattered. A feature weighs idf = ln(1 + N / df), N distinct descriptors, df those holding
 * it, so rare fragments ("ZOO", "GUS") decide and ubiquitous ones (" PA", "ING") barely count.
 * Similarity is the cosine of the idf-weighted presence vectors, in [0, 1]; 1 means the same features.
 *
 * A query walks the posting lists of its features rarest first and stops before the list that would
 * take it past `postingBudget` visited entries (the rarest is always walked): common features add
 * little to any score and would dominate the time, and a true neighbour shares rare features too.
 * The best candidates are then scored exactly, so the budget only decides who is considered, never a
 * candidate's similarity.
 *
 * Trigrams are coded as integers over a 64-symbol alphabet (letters folded to upper case, digits,
 * space, punctuation; anything else shares one symbol), so building and querying allocate no strings
 * for them; words go through a map.
 */
export interface TextMatch {
  id: number;
  similarity: number;
}

const CANDIDATES_SCORED_EXACTLY = 24;
const ALPHABET = 64;
const OTHER_SYMBOL = 63;

/** A character's symbol in [0, 64): A–Z and a–z share 1–26, digits 27–36, space 0, ASCII punctuation 37–62. */
const SYMBOL_OF_CHAR = (() => {
  const table = new Uint8Array(128).fill(OTHER_SYMBOL);
  for (let code = 65; code <= 90; code++) table[code] = table[code + 32] = code - 64;
  for (let code = 48; code <= 57; code++) table[code] = 27 + code - 48;
  table[32] = 0;
  let next = 37;
  for (const character of `!"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}~`)
    table[character.charCodeAt(0)] = next < OTHER_SYMBOL ? next++ : OTHER_SYMBOL;
  return table;
})();

const symbolOf = (text: string, index: number) => {
  if (index < 0 || index >= text.length) return 0; // the padding space
  const code = text.charCodeAt(index);
  return code < 128 ? SYMBOL_OF_CHAR[code] : OTHER_SYMBOL;
};

/** Integer codes of the trigrams of " text ", each once. */
export function trigramCodesOf(text: string): number[] {
  const codes: number[] = [];
  for (let start = -1; start + 3 <= text.length + 1; start++) {
    const code = (symbolOf(text, start) * ALPHABET + symbolOf(text, start + 1)) * ALPHABET + symbolOf(text, start + 2);
    if (!codes.includes(code)) codes.push(code);
  }
  return codes;
}

function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const word of text.split(' ')) if (word.length > 1 && !words.includes(word)) words.push(word);
  return words;
}

export class TrigramIndex {
  private readonly idByText = new Map<string, number>();
  private readonly texts: string[] = [];
  private readonly featuresOfText: Int32Array[] = [];
  private readonly featureIdByTrigram = new Int32Array(ALPHABET ** 3).fill(-1);
  private readonly featureIdByWord = new Map<string, number>();
  private readonly postings: number[][] = [];
  private norms = new Float64Array(1024);
  private normsComputedForCount = 0;
  private partialScores = new Float64Array(1024);
  private touched = new Int32Array(1024);
  /** The query's feature weights during a search, zero elsewhere (scratch space, reused). */
  private queryWeights = new Float64Array(1024);

  constructor(private readonly postingBudget = 3_000) {}

  get size(): number {
    return this.texts.length;
  }

  textOf(id: number): string {
    return this.texts[id];
  }

  /** The id of `text`, adding it when new. */
  add(text: string): number {
    const known = this.idByText.get(text);
    if (known !== undefined) return known;
    const id = this.texts.length;
    this.idByText.set(text, id);
    this.texts.push(text);
    const features: number[] = [];
    for (const code of trigramCodesOf(text)) {
      let featureId = this.featureIdByTrigram[code];
      if (featureId < 0) featureId = this.featureIdByTrigram[code] = this.newFeature();
      features.push(featureId);
    }
    for (const word of wordsOf(text)) {
      let featureId = this.featureIdByWord.get(word);
      if (featureId === undefined) this.featureIdByWord.set(word, (featureId = this.newFeature()));
      features.push(featureId);
    }
    for (const featureId of features) this.postings[featureId].push(id);
    const featureIds = Int32Array.from(features);
    this.featuresOfText.push(featureIds);
    if (id >= this.partialScores.length) this.grow(id + 1);
    // Until the next full norm pass, a new text's norm uses today's idf; the drift is bounded by
    // recomputing every norm once the collection has grown by a tenth.
    this.norms[id] = this.normOf(featureIds);
    return id;
  }

  /** The `limit` most similar known texts with similarity ≥ `minSimilarity`, best first. */
  search(text: string, limit: number, minSimilarity: number): TextMatch[] {
    if (this.texts.length === 0 || limit <= 0) return [];
    this.refreshNormsIfStale();
    const exact = this.idByText.get(text);
    const count = this.texts.length;
    const unseenWeight = Math.log(1 + count) ** 2;
    let queryNormSquared = 0;
    const knownIds: number[] = [];
    const featureIds: Array<number | undefined> = trigramCodesOf(text).map((code) => this.featureIdByTrigram[code]);
    for (const word of wordsOf(text)) featureIds.push(this.featureIdByWord.get(word));
    for (const featureId of featureIds) {
      if (featureId === undefined || featureId < 0) {
        queryNormSquared += unseenWeight;
        continue;
      }
      queryNormSquared += this.weightOf(featureId);
      knownIds.push(featureId);
    }
    if (knownIds.length === 0) return [];
    knownIds.sort((a, b) => this.postings[a].length - this.postings[b].length);

    let touchedCount = 0;
    let visited = 0;
    for (let index = 0; index < knownIds.length; index++) {
      const list = this.postings[knownIds[index]];
      visited += list.length;
      if (index >= 1 && visited > this.postingBudget) break;
      const weight = this.weightOf(knownIds[index]);
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
      if (bestIds.length > CANDIDATES_SCORED_EXACTLY) {
        bestIds.pop();
        bestScores.pop();
      }
    }
    if (exact !== undefined && !bestIds.includes(exact)) bestIds.push(exact);

    if (this.queryWeights.length < this.postings.length) this.queryWeights = new Float64Array(this.postings.length * 2);
    for (const featureId of knownIds) this.queryWeights[featureId] = this.weightOf(featureId);
    const queryNorm = Math.sqrt(queryNormSquared);
    const matches: TextMatch[] = [];
    for (const id of bestIds) {
      let dot = 0;
      const features = this.featuresOfText[id];
      for (let position = 0; position < features.length; position++) dot += this.queryWeights[features[position]];
      const similarity = id === exact ? 1 : Math.min(1, dot / (queryNorm * Math.sqrt(this.norms[id] || 1)));
      if (similarity >= minSimilarity) matches.push({ id, similarity });
    }
    for (const featureId of knownIds) this.queryWeights[featureId] = 0;
    matches.sort(
      (a, b) => b.similarity - a.similarity || Number(b.id === exact) - Number(a.id === exact) || a.id - b.id,
    );
    return matches.slice(0, limit);
  }

  private newFeature(): number {
    this.postings.push([]);
    return this.postings.length - 1;
  }

  /** idf² of a feature under the current counts. */
  private weightOf(featureId: number): number {
    const idf = Math.log(1 + this.texts.length / this.postings[featureId].length);
    return idf * idf;
  }

  /** Squared norm of a text's idf vector under the current counts. */
  private normOf(featureIds: Int32Array): number {
    let squared = 0;
    for (const featureId of featureIds) squared += this.weightOf(featureId);
    return squared;
  }

  private refreshNormsIfStale(): void {
    if (this.texts.length <= this.normsComputedForCount * 1.1) return;
    for (let id = 0; id < this.texts.length; id++) this.norms[id] = this.normOf(this.featuresOfText[id]);
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
