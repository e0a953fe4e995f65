/**
 * Runs the generated test set (generate.ts) through the categorization engine as a new LLC would see it: cold (no
 * memory, no tenant rules, no history for retrieval), no industry stated, default review threshold. Reports top-1,
 * the average over classes (each label's recall, averaged), the auto-approved share and its precision, per source of
 * the merchant names and per source of knowledge that decided; the calibration table on the reporting half; and
 * collects (raw score, right) samples of every tier on the fitting half, which `npm run eval -- --fit-generated` fits.
 */
import { ACCOUNT } from '../../src/chart/us-chart.ts';
import {
  calibrationTable,
  expectedCalibrationError,
  type CalibrationCurves,
  type CalibrationKey,
  type Sample,
} from '../../src/sweep/categorize/calibration.ts';
import { choose, type Candidate, type EngineRow } from '../../src/sweep/categorize/engine.ts';
import { categorizeCold, coldEngineRow } from '../../test/support/cold-engine.ts';
import { generatedDescriptorSet, isFittingRow, type GeneratedRow } from './generate.ts';

export interface GeneratedOutcome {
  row: GeneratedRow;
  target: string;
  confidence: number | null;
  needsReview: boolean;
  decidedBy: string;
}

export const GENERATED_ENTITY_NAME = 'ACME HOLDINGS LLC';
/** A new LLC with a checking account and a card, as the descriptor sets assume. */
export const HELD_ACCOUNT_KINDS: ReadonlyMap<'checking' | 'credit_card', number> = new Map([
  ['checking', 1],
  ['credit_card', 1],
]);

export async function evaluateGeneratedSet(
  reviewThreshold: number,
  curves?: CalibrationCurves,
): Promise<{ outcomes: GeneratedOutcome[]; samples: Map<CalibrationKey, Sample[]> }> {
  const rows = generatedDescriptorSet();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const samples = new Map<CalibrationKey, Sample[]>();
  const decidedBy = new Map<string, string>();
  const engineRows = rows.map((row) =>
    coldEngineRow({
      id: row.id,
      description: row.description,
      date: row.date,
      amountMinor: row.amountMinor,
      bankAccountKind: row.bankAccountKind,
      merchantCategoryCode: row.merchantCategoryCode,
      entityName: GENERATED_ENTITY_NAME,
      heldAccountKinds: HELD_ACCOUNT_KINDS,
    }),
  );
  const observe = (engineRow: EngineRow, candidates: readonly Candidate[]) => {
    const chosen = choose(candidates, reviewThreshold);
    if (chosen) decidedBy.set(engineRow.transactionId, chosen.detail);
    const row = byId.get(engineRow.transactionId)!;
    if (!isFittingRow(row.id)) return;
    for (const candidate of candidates) {
      if (!candidate.calibrationKey) continue;
      const list = samples.get(candidate.calibrationKey) ?? [];
      list.push({ score: candidate.rawScore, correct: candidate.target === row.label });
      samples.set(candidate.calibrationKey, list);
    }
  };
  const results = await categorizeCold(engineRows, reviewThreshold, { curves, observe });
  const outcomes = rows.map((row, index) => {
    const result = results[index];
    return {
      row,
      target: result.target,
      confidence: result.confidence,
      needsReview: result.needsReview,
      decidedBy: result.source ? (decidedBy.get(row.id) ?? '') : '',
    };
  });
  return { outcomes, samples };
}

/** The knowledge behind a decision, read from the engine's candidate detail. */
export function generatedKnowledgeSource(outcome: GeneratedOutcome): string {
  return knowledgeSource(outcome.decidedBy);
}

/** The knowledge behind a chosen candidate's detail ('' when no candidate decided: the catch-all). */
export function knowledgeSource(detail: string): string {
  if (!detail) return 'catch-all';
  if (detail.includes('(processor-kind-')) return 'processor kind';
  if (detail.startsWith('keyword') && detail.includes('…')) return 'keywords (cut word)';
  if (detail.startsWith('keyword') && /^keyword [A-Z]+\+[A-Z]+ /.test(detail)) return 'keywords (glued word)';
  if (detail.startsWith('directory') && detail.endsWith('(cut)')) return 'directory (cut name)';
  if (detail.startsWith('keyword'))
    return detail.includes('(preset-') ? 'keywords (OSM presets)' : 'keywords (hand list)';
  if (detail.startsWith('mcc')) return 'merchant category code';
  if (detail.startsWith('built-in rule')) return 'built-in rules';
  if (detail.startsWith('directory')) return 'directory (curated)';
  if (detail.startsWith('brand')) return 'brands (name-suggestion-index)';
  return detail.split(' ')[0];
}

const pct = (value: number) => `${(100 * value).toFixed(1)}%`;
const right = (outcome: GeneratedOutcome) => outcome.target === outcome.row.label;

/** Top-1, average over classes, auto-approved share and precision of a list of outcomes. */
export function generatedFigures(outcomes: readonly GeneratedOutcome[]) {
  const approved = outcomes.filter((outcome) => !outcome.needsReview);
  const labels = [...new Set(outcomes.map((outcome) => outcome.row.label))];
  const recalls = labels.map((label) => {
    const list = outcomes.filter((outcome) => outcome.row.label === label);
    return list.filter(right).length / list.length;
  });
  return {
    rows: outcomes.length,
    top1: outcomes.filter(right).length / Math.max(1, outcomes.length),
    classAverage: recalls.reduce((sum, recall) => sum + recall, 0) / Math.max(1, recalls.length),
    approvedShare: approved.length / Math.max(1, outcomes.length),
    precision: approved.filter(right).length / Math.max(1, approved.length),
    approved: approved.length,
  };
}

export function printGeneratedReport(outcomes: readonly GeneratedOutcome[]): void {
  const reporting = outcomes.filter((outcome) => !isFittingRow(outcome.row.id));
  const line = (name: string, list: readonly GeneratedOutcome[]) => {
    const figures = generatedFigures(list);
    console.log(
      `  ${name.padEnd(34)} rows ${String(figures.rows).padStart(5)}  top-1 ${pct(figures.top1).padStart(6)}  class average ${pct(figures.classAverage).padStart(6)}  auto-approved ${pct(figures.approvedShare).padStart(6)} at ${pct(figures.precision).padStart(6)}`,
    );
  };
  console.log(
    `generated test set (issue 12): descriptors in US banks' shapes from names no rule was written from; cold, no industry; ${outcomes.length} rows, figures on the reporting half (${reporting.length}; the other half fits calibration)`,
  );
  line('all', reporting);
  for (const source of ['brand', 'local'] as const)
    line(
      `names: ${source === 'brand' ? 'held-out name-suggestion-index brands' : 'generated local businesses'}`,
      reporting.filter((outcome) => outcome.row.source === source),
    );
  line(
    'rows with a merchant category code',
    reporting.filter((outcome) => outcome.row.merchantCategoryCode !== null),
  );
  line(
    'rows without one',
    reporting.filter((outcome) => outcome.row.merchantCategoryCode === null),
  );
  const shapes = [...new Set(reporting.map((outcome) => outcome.row.shape.split(' ')[0]))].sort();
  for (const shape of shapes)
    line(
      `shape: ${shape}`,
      reporting.filter((outcome) => outcome.row.shape.split(' ')[0] === shape),
    );
  console.log(
    '  what each source of knowledge decided (reporting half): rows, right, auto-approved rows and their precision',
  );
  printBySource(
    reporting.map((outcome) => ({
      source: generatedKnowledgeSource(outcome),
      right: right(outcome),
      approved: !outcome.needsReview,
    })),
  );
  console.log('  per class (label: rows, recall):');
  const labels = [...new Set(reporting.map((outcome) => outcome.row.role))].sort();
  console.log(
    `    ${labels
      .map((role) => {
        const list = reporting.filter((outcome) => outcome.row.role === role);
        return `${role} ${list.length} ${pct(list.filter(right).length / list.length)}`;
      })
      .join('; ')}`,
  );
  const predictions = reporting
    .filter((outcome) => outcome.confidence !== null && outcome.target !== ACCOUNT.uncategorizedExpense)
    .map((outcome) => ({ confidence: outcome.confidence!, correct: right(outcome) }));
  printCalibration(predictions, 'reporting half');
}

/** Rows, right, auto-approved rows and their precision, per source of knowledge, the largest first. */
export function printBySource(outcomes: readonly { source: string; right: boolean; approved: boolean }[]): void {
  const bySource = new Map<string, (typeof outcomes)[number][]>();
  for (const outcome of outcomes) bySource.set(outcome.source, [...(bySource.get(outcome.source) ?? []), outcome]);
  for (const [source, list] of [...bySource].sort((a, b) => b[1].length - a[1].length)) {
    const approved = list.filter((outcome) => outcome.approved);
    console.log(
      `    ${source.padEnd(32)} rows ${String(list.length).padStart(5)}  right ${pct(list.filter((outcome) => outcome.right).length / list.length).padStart(6)}  auto-approved ${String(approved.length).padStart(5)}  precision ${pct(approved.filter((outcome) => outcome.right).length / Math.max(1, approved.length)).padStart(6)}`,
    );
  }
}

/** The calibration table (confidence bin: observed precision, mean confidence, rows) and the ECE, of `rows`. */
export function printCalibration(predictions: readonly { confidence: number; correct: boolean }[], rows: string): void {
  console.log(`  calibration on the ${rows} (confidence bin -> observed precision, mean confidence, rows):`);
  for (const bucket of calibrationTable(predictions))
    console.log(
      `    ${bucket.from.toFixed(1)}-${bucket.to.toFixed(1)}  precision ${pct(bucket.accuracy).padStart(6)}  mean confidence ${bucket.meanConfidence.toFixed(3)}  rows ${bucket.count}`,
    );
  console.log(`  ECE (${rows}): ${expectedCalibrationError(predictions).toFixed(4)}`);
}
