/**
 * The `rag` categorization tier: a row is filed like the entity's most similar already-categorized
 * rows. Entry point: `getRagIndex(db, tenantId, entityId)` (cached per process, refreshed from the
 * database), then `index.query(input)` per row, synchronously; `index.neighbours(input, k)` gives the
 * evidence (the llm tier shows it in its prompt).
 *
 * What it learns from, per (tenant, entity) and never across either: rows with a category, weighted
 * by how much a human stands behind them: user_override ×4; rows another tier filed and that need no
 * review ×1; rows the rag or llm tier filed themselves ×0.5 (so the tier does not mostly echo itself);
 * rows still waiting for review and rows parked on a catch-all (4999/6999) not at all.
 *
 * Rows are aggregated by cleaned descriptor: the text index holds each distinct descriptor once,
 * with, per (account, direction), the weighted row count and the weighted mean and spread of
 * log10(amount). A million rows of one entity are typically a few tens of thousands of descriptors.
 *
 * Confidence (a raw score for the engine to calibrate, in [0, 1)):
 *   agreement × closeness × (1 − e^(−support / 1.5))
 * over the neighbours within 75% of the best similarity: each (descriptor, account, direction) votes
 * similarity² × weighted rows × direction factor (1 same, 0.15 opposite) × amount factor
 * (0.25 + 0.75 × e^(−z²/2), z the distance in log10(amount) over the spread, at least 0.3 decades);
 * agreement is the winning account's share of the votes, closeness the best similarity among the
 * descriptors voting for it, support its vote. So one human-confirmed row with the same descriptor
 * gives ≈ 0.93, one machine-filed row ≈ 0.49, neighbours that disagree or only look alike less.
 */
import { ACCOUNT } from '../../../chart/us-chart.ts';
import { assertInvariant } from '../../../errors.ts';
import type { CategorizationInput, TierDecision } from '../types.ts';
import type { CategorizedVersion } from './categorized-rows-store.ts';
import {
  categorizedRowsAfter,
  categorizedRowsBySeq,
  categorizedVersionsBetween,
  changedOverrideSeqs,
  encodedOverrideVersionsSince,
  isTailOfVersions,
  lowestUncategorizedSeq,
  overrideVersionToken,
  userOverridesBySeq,
  type CategorizedRow,
  type OverrideVersionsLayout,
} from './categorized-rows-store.ts';
import { RowLedger } from './row-ledger.ts';
import { ragText } from './rag-text.ts';
import { TrigramIndex, type TextMatch } from './trigram-index.ts';
import type { Executor } from '../../../db/transaction.ts';

/** The row's rag text, from the descriptor the sweep already cleaned when it has one. */
function textOf(input: CategorizationInput): string {
  return input.descriptor?.cleaned ?? ragText(input.description);
}

export interface RagNeighbour {
  descriptor: string;
  similarity: number;
  target: string;
  direction: 'in' | 'out';
  /** Weighted rows behind this (descriptor, account, direction): human rows count 4, machine rows 1. */
  weight: number;
  rows: number;
  /** The geometric mean amount of those rows, minor units. */
  typicalAmountMinor: number;
}

export interface RagSettings {
  /** Descriptors considered per query. */
  neighbourCount: number;
  /** Below this text similarity a descriptor is not a neighbour. */
  minSimilarity: number;
}

export const DEFAULT_RAG_SETTINGS: RagSettings = { neighbourCount: 8, minSimilarity: 0.25 };

/** Weight of a row by who stands behind its category; index = weight class kept in the row ledger. */
const WEIGHT_OF_CLASS = [0, 1, 0.5, 4] as const;
const HUMAN_CLASS = 3;
const OPPOSITE_DIRECTION_FACTOR = 0.15;
const MIN_AMOUNT_SPREAD_DECADES = 0.3;
const SUPPORT_SCALE = 1.5;
const NEIGHBOUR_BAND = 0.75;
const LOAD_PAGE_ROWS = 20_000;
/** Rows re-read below the highest seq seen, so a row whose insert committed late is still caught. */
const SEQ_OVERLAP = 2_000;
/** Human corrections re-read before the last refresh, covering commit delays and clock skew. */
const OVERRIDE_OVERLAP_MS = 60_000;

interface LabelStat {
  label: number;
  direction: 0 | 1;
  weight: number;
  rows: number;
  sumLog: number;
  sumLogSquared: number;
}

function weightClassOf(row: Pick<CategorizedRow, 'target' | 'source' | 'needsReview'>): number {
  if (row.target === null || row.target === ACCOUNT.uncategorizedExpense || row.target === ACCOUNT.uncategorizedIncome)
    return 0;
  if (row.source === 'user_override') return HUMAN_CLASS;
  if (row.needsReview) return 0;
  if (row.source === 'rag' || row.source === 'llm') return 2;
  return 1;
}

const log10Amount = (amountMinor: number) => Math.log10(Math.max(1, Math.abs(amountMinor)));

export class RagIndex {
  private readonly text = new TrigramIndex();
  private readonly statsByDescriptor: LabelStat[][] = [];
  private readonly labels: string[] = [];
  private readonly labelIndex = new Map<string, number>();
  private readonly ledger = new RowLedger();
  private seqFloor = 0;
  /** The highest seq read so far: rows above it are new; rows between the floor and it were read before. */
  private seqSeen = 0;
  private overridesSince = new Date(0).toISOString();
  /**
   * What each row a human filed taught when last applied (target and review flag: a row's
   * description and amount never change), for those changed since `overridesSince`. The overlap
   * re-reads them at every refresh; only those whose version differs need their whole row read and
   * applied again (a bulk import of human-filed history all sits inside the window).
   */
  private readonly overrideVersions = new Map<number, { version: string; updatedAt: string }>();
  /**
   * The last window of human-filed versions walked in full in which every entry matched what the
   * index had applied, kept while nothing applied since could have changed one of those rows (no
   * human-filed row, no row at or below its highest seq). A later window that is a tail of it (rows
   * at the front left the window; none came or changed) then needs no walk: nearly always so while
   * the sweep files batch after batch.
   */
  private cleanWindow: { encoded: string; layout: OverrideVersionsLayout } | null = null;
  private cleanCache = new Map<string, string>();

  private constructor(
    readonly tenantId: string,
    readonly entityId: string,
    private readonly settings: RagSettings,
  ) {}

  /** Builds the index of one entity from the database (every categorized row, in pages). */
  static async load(
    db: Executor,
    tenantId: string,
    entityId: string,
    settings: RagSettings = DEFAULT_RAG_SETTINGS,
  ): Promise<RagIndex> {
    const index = new RagIndex(tenantId, entityId, settings);
    await index.refresh(db);
    index.cleanCache = new Map();
    return index;
  }

  /** An index of rows already in hand (the evaluation and benchmarks build one without a database). */
  static fromRows(
    tenantId: string,
    entityId: string,
    rows: Iterable<CategorizedRow>,
    settings: RagSettings = DEFAULT_RAG_SETTINGS,
  ): RagIndex {
    const index = new RagIndex(tenantId, entityId, settings);
    for (const row of rows) index.apply(row);
    index.cleanCache = new Map();
    return index;
  }

  /** Distinct descriptors and contributing rows held. */
  get stats(): { descriptors: number; rows: number } {
    return { descriptors: this.text.size, rows: this.ledger.size };
  }

  /**
   * Applies what changed since the last load or refresh: rows past the seq watermark (the watermark
   * stays below the lowest row still waiting for the sweep, which files rows in seq order) and rows a
   * human filed since. Applying a row twice changes nothing, so the overlaps are safe.
   */
  async refresh(db: Executor): Promise<void> {
    const startedAt = Date.now();
    const lowestWaiting = await lowestUncategorizedSeq(db, this.tenantId);
    // The overlap below the highest seq seen was read before: only rows whose version differs from
    // what the index holds (or that are new to it) are read whole and applied (description and
    // amount never change, so the rest would apply as a no-op).
    let highestSeen = this.seqFloor;
    if (this.seqSeen > this.seqFloor) {
      const versions = await categorizedVersionsBetween(db, this.tenantId, this.entityId, this.seqFloor, this.seqSeen);
      const stale = versions.filter((version) => !this.holds(version)).map((version) => version.seq);
      for (const row of await categorizedRowsBySeq(db, this.tenantId, this.entityId, stale)) this.applyRead(row);
      if (versions.length > 0) highestSeen = versions[versions.length - 1].seq;
    }
    let after = Math.max(this.seqFloor, this.seqSeen);
    for (;;) {
      const page = await categorizedRowsAfter(db, this.tenantId, this.entityId, after, LOAD_PAGE_ROWS);
      for (const row of page) this.applyRead(row);
      if (page.length === 0) break;
      after = page[page.length - 1].seq;
      highestSeen = Math.max(highestSeen, after);
      if (page.length < LOAD_PAGE_ROWS) break;
    }
    const versions = await encodedOverrideVersionsSince(db, this.tenantId, this.entityId, this.overridesSince);
    let changed: number[] = [];
    if (!this.cleanWindow || !isTailOfVersions(this.cleanWindow.encoded, this.cleanWindow.layout, versions)) {
      const layout: OverrideVersionsLayout = { starts: [], maxSeq: 0 };
      changed = changedOverrideSeqs(versions, (seq) => this.overrideVersions.get(seq)?.version, layout);
      this.cleanWindow = changed.length === 0 ? { encoded: versions, layout } : null;
    }
    for (const row of await userOverridesBySeq(db, this.tenantId, this.entityId, changed)) this.applyRead(row);
    this.seqSeen = Math.max(this.seqSeen, highestSeen);
    let floor = highestSeen - SEQ_OVERLAP;
    if (lowestWaiting !== null) floor = Math.min(floor, lowestWaiting - 1);
    this.seqFloor = Math.max(this.seqFloor, floor);
    this.overridesSince = new Date(startedAt - OVERRIDE_OVERLAP_MS).toISOString();
    // Entries older than the window are asked about again only if their row changes (and then it is
    // read anyway); one dropped early because its row was re-stamped unchanged only costs a re-read.
    for (const [seq, { updatedAt }] of this.overrideVersions)
      if (updatedAt < this.overridesSince) this.overrideVersions.delete(seq);
  }

  /** Whether applying a row of this version would change nothing the index holds. */
  private holds(version: CategorizedVersion): boolean {
    const weightClass = weightClassOf(version);
    const held = this.ledger.get(version.seq);
    if (weightClass === 0) return held === undefined;
    return held !== undefined && held.weightClass === weightClass && this.labels[held.label] === version.target;
  }

  /** Applies a row read from the database, keeping `overrideVersions` true to what was applied last. */
  private applyRead(row: CategorizedRow): void {
    if (this.cleanWindow && (row.source === 'user_override' || row.seq <= this.cleanWindow.layout.maxSeq))
      this.cleanWindow = null;
    this.apply(row);
    if (row.source === 'user_override' && row.updatedAt !== undefined) {
      this.overrideVersions.set(row.seq, {
        version: overrideVersionToken(row.target, row.needsReview),
        updatedAt: row.updatedAt,
      });
    } else {
      this.overrideVersions.delete(row.seq);
    }
  }

  /**
   * Learns (or re-learns) one row; the row's previous contribution, if any, is taken back first.
   * Private so that `overrideVersions` sees every row applied from the database.
   */
  private apply(row: CategorizedRow): void {
    const weightClass = weightClassOf(row);
    const previous = this.ledger.get(row.seq);
    if (weightClass === 0) {
      if (previous) {
        this.contribute(
          previous.descriptor,
          previous.label,
          previous.direction,
          previous.logAmount,
          previous.weightClass,
          -1,
        );
        this.ledger.delete(row.seq);
      }
      return;
    }
    const descriptor = this.text.add(this.cleanCached(row.description));
    const label = this.labelOf(row.target!);
    const direction: 0 | 1 = row.amountMinor > 0 ? 0 : 1;
    const logAmount = Math.fround(log10Amount(row.amountMinor));
    if (
      previous &&
      previous.descriptor === descriptor &&
      previous.label === label &&
      previous.direction === direction &&
      previous.weightClass === weightClass &&
      previous.logAmount === logAmount
    )
      return;
    if (previous)
      this.contribute(
        previous.descriptor,
        previous.label,
        previous.direction,
        previous.logAmount,
        previous.weightClass,
        -1,
      );
    this.contribute(descriptor, label, direction, logAmount, weightClass, 1);
    this.ledger.set(row.seq, { descriptor, label, direction, weightClass, logAmount });
  }

  /** The tier's decision for one row, or null when no neighbour is close enough. */
  query(input: CategorizationInput, cleaned: string = textOf(input)): TierDecision | null {
    return this.decide(input, this.evidence(cleaned));
  }

  /**
   * Decisions for many rows in their order. A batch repeats descriptors (the same payee every month),
   * and the text search, the costly part, depends on the descriptor alone, so each is searched once.
   */
  queryAll(inputs: readonly CategorizationInput[]): Array<TierDecision | null> {
    const evidenceByText = new Map<string, TextMatch[]>();
    return inputs.map((input) => {
      const cleaned = textOf(input);
      let evidence = evidenceByText.get(cleaned);
      if (!evidence) {
        evidence = this.evidence(cleaned);
        evidenceByText.set(cleaned, evidence);
      }
      return this.decide(input, evidence);
    });
  }

  private decide(input: CategorizationInput, evidence: readonly TextMatch[]): TierDecision | null {
    const votes = this.vote(input, evidence);
    if (votes.size === 0) return null;
    let total = 0;
    let best: { label: number; vote: number; closeness: number } | null = null;
    for (const [label, { vote, closeness }] of votes) {
      total += vote;
      if (!best || vote > best.vote || (vote === best.vote && this.labels[label] < this.labels[best.label]))
        best = { label, vote, closeness };
    }
    assertInvariant(best && total > 0, 'a vote was cast');
    const agreement = best.vote / total;
    const confidence = agreement * best.closeness * (1 - Math.exp(-best.vote / SUPPORT_SCALE));
    return { target: this.labels[best.label], confidence, source: 'rag' };
  }

  /** The most similar descriptors with what they were filed under, best first, at most `limit`. */
  neighbours(input: CategorizationInput, limit: number, cleaned: string = textOf(input)): RagNeighbour[] {
    const found: RagNeighbour[] = [];
    for (const match of this.text.search(cleaned, this.settings.neighbourCount, this.settings.minSimilarity)) {
      for (const stat of this.statsByDescriptor[match.id] ?? []) {
        found.push({
          descriptor: this.text.textOf(match.id),
          similarity: match.similarity,
          target: this.labels[stat.label],
          direction: stat.direction === 0 ? 'out' : 'in',
          weight: stat.weight,
          rows: stat.rows,
          typicalAmountMinor: Math.round(10 ** (stat.sumLog / stat.weight)),
        });
      }
    }
    const direction = input.direction;
    found.sort(
      (a, b) =>
        b.similarity - a.similarity ||
        Number(b.direction === direction) - Number(a.direction === direction) ||
        b.weight - a.weight,
    );
    return found.slice(0, limit);
  }

  /** The most similar descriptors that rows still stand behind, best first. */
  private evidence(cleaned: string): TextMatch[] {
    return this.text
      .search(cleaned, this.settings.neighbourCount, this.settings.minSimilarity)
      .filter((match) => (this.statsByDescriptor[match.id]?.length ?? 0) > 0);
  }

  private vote(
    input: CategorizationInput,
    withEvidence: readonly TextMatch[],
  ): Map<number, { vote: number; closeness: number }> {
    const votes = new Map<number, { vote: number; closeness: number }>();
    if (withEvidence.length === 0) return votes;
    const band = withEvidence[0].similarity * NEIGHBOUR_BAND;
    const direction = input.direction === 'out' ? 0 : 1;
    const logAmount = log10Amount(input.amountMinor);
    for (const match of withEvidence) {
      if (match.similarity < band) break;
      for (const stat of this.statsByDescriptor[match.id]) {
        const mean = stat.sumLog / stat.weight;
        const spread = Math.max(
          MIN_AMOUNT_SPREAD_DECADES,
          Math.sqrt(Math.max(0, stat.sumLogSquared / stat.weight - mean * mean)),
        );
        const distance = (logAmount - mean) / spread;
        const amountFactor = 0.25 + 0.75 * Math.exp(-(distance * distance) / 2);
        const directionFactor = stat.direction === direction ? 1 : OPPOSITE_DIRECTION_FACTOR;
        const vote = match.similarity * match.similarity * stat.weight * directionFactor * amountFactor;
        const current = votes.get(stat.label);
        if (current) {
          current.vote += vote;
          current.closeness = Math.max(current.closeness, match.similarity);
        } else {
          votes.set(stat.label, { vote, closeness: match.similarity });
        }
      }
    }
    return votes;
  }

  private contribute(
    descriptor: number,
    label: number,
    direction: 0 | 1,
    logAmount: number,
    weightClass: number,
    sign: 1 | -1,
  ): void {
    const weight = WEIGHT_OF_CLASS[weightClass] * sign;
    const stats = (this.statsByDescriptor[descriptor] ??= []);
    let stat = stats.find((candidate) => candidate.label === label && candidate.direction === direction);
    if (!stat) {
      assertInvariant(sign === 1, 'a contribution taken back was made before');
      stat = { label, direction, weight: 0, rows: 0, sumLog: 0, sumLogSquared: 0 };
      stats.push(stat);
    }
    stat.weight += weight;
    stat.rows += sign;
    stat.sumLog += weight * logAmount;
    stat.sumLogSquared += weight * logAmount * logAmount;
    if (stat.rows === 0) stats.splice(stats.indexOf(stat), 1);
  }

  private labelOf(target: string): number {
    let label = this.labelIndex.get(target);
    if (label === undefined) {
      label = this.labels.length;
      this.labels.push(target);
      this.labelIndex.set(target, label);
    }
    return label;
  }

  /** Descriptors repeat a lot (the same merchant every month), so cleaning is memoized during a load. */
  private cleanCached(description: string): string {
    let cleaned = this.cleanCache.get(description);
    if (cleaned === undefined) {
      cleaned = ragText(description);
      if (this.cleanCache.size > 200_000) this.cleanCache.clear();
      this.cleanCache.set(description, cleaned);
    }
    return cleaned;
  }
}

export interface RagCacheSettings extends RagSettings {
  /** A cached index older than this is reloaded whole (picks up what the watermarks cannot see). */
  fullReloadMs: number;
  /**
   * An index refreshed more recently than this is used as it is. 0 by default: a sweep files batch
   * after batch within milliseconds, and with any interval the next batches were judged by an index
   * that had not seen what the previous batch filed (at cold start the tier then decided nothing).
   * A refresh reads only rows past the watermark, a few indexed queries per batch.
   */
  refreshIntervalMs: number;
  /** Entities kept in memory per process; the least recently used is dropped beyond it. */
  maxEntities: number;
}

export const DEFAULT_RAG_CACHE_SETTINGS: RagCacheSettings = {
  ...DEFAULT_RAG_SETTINGS,
  fullReloadMs: 3_600_000,
  refreshIntervalMs: 0,
  maxEntities: 32,
};

interface CacheEntry {
  index: Promise<RagIndex>;
  loadedAt: number;
  refreshedAt: number;
}

const cache = new Map<string, CacheEntry>();

/**
 * The entity's index, loaded on first use and kept per process; later calls apply what changed.
 * Pass an executor that is not inside another open transaction on SQLite's single writer
 * connection (`handle.readDb`, or the transaction itself).
 */
export async function getRagIndex(
  db: Executor,
  tenantId: string,
  entityId: string,
  settings: RagCacheSettings = DEFAULT_RAG_CACHE_SETTINGS,
): Promise<RagIndex> {
  const key = `${tenantId}/${entityId}`;
  const now = Date.now();
  let entry = cache.get(key);
  if (entry && now - entry.loadedAt > settings.fullReloadMs) entry = undefined;
  if (!entry) {
    entry = { index: RagIndex.load(db, tenantId, entityId, settings), loadedAt: now, refreshedAt: now };
  } else if (now - entry.refreshedAt >= settings.refreshIntervalMs) {
    // Refreshes of one entity run one after another: each reads from the watermark the last left.
    entry.index = entry.index.then(async (index) => {
      await index.refresh(db);
      return index;
    });
    entry.refreshedAt = now;
  }
  cache.delete(key);
  cache.set(key, entry);
  while (cache.size > settings.maxEntities) cache.delete(cache.keys().next().value!);
  const pending = entry;
  try {
    return await pending.index;
  } catch (error) {
    if (cache.get(key) === pending) cache.delete(key);
    throw error;
  }
}

/** Drops every cached index (tests, and the evaluation between runs). */
export function forgetRagIndexes(): void {
  cache.clear();
}
