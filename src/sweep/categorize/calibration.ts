import { readFileSync } from 'node:fs';
import { assertInvariant } from '../../errors.ts';

/**
 * Calibration turns a tier's raw score into a confidence that means what it says: of the rows given
 * 0.9, about nine in ten are right. Each tier gets a monotone step function fitted by isotonic
 * regression (pool adjacent violators) on (raw score, was the tier right) pairs from the labeled
 * evaluation data set; each step's confidence is its observed accuracy with a Laplace prior
 * ((right + 1) / (n + 2)), so a small perfect step never claims certainty. The fitted steps are data
 * in the source (calibration-curves.json), written by `npm run eval -- --fit`.
 */
export interface CalibrationStep {
  /** The lowest raw score of the step; the step covers scores from here up to the next step. */
  fromScore: number;
  confidence: number;
  /** Samples the step was fitted on. */
  count: number;
}

export type CalibrationCurve = CalibrationStep[];

export interface Sample {
  score: number;
  correct: boolean;
}

export function fitIsotonic(samples: readonly Sample[]): CalibrationCurve {
  if (samples.length === 0) return [];
  const sorted = [...samples].sort((a, b) => a.score - b.score);
  // Equal scores form one block first: a step function cannot split a single score.
  const blocks: Array<{ fromScore: number; right: number; count: number }> = [];
  for (const sample of sorted) {
    const last = blocks.at(-1);
    if (last && last.fromScore === sample.score) {
      last.right += sample.correct ? 1 : 0;
      last.count++;
    } else {
      blocks.push({ fromScore: sample.score, right: sample.correct ? 1 : 0, count: 1 });
    }
  }
  // Violators are judged on the smoothed accuracy that is reported, so the reported steps rise strictly.
  const smoothed = (block: { right: number; count: number }) => (block.right + 1) / (block.count + 2);
  const pooled: typeof blocks = [];
  for (const block of blocks) {
    pooled.push({ ...block });
    while (pooled.length > 1 && smoothed(pooled.at(-2)!) >= smoothed(pooled.at(-1)!)) {
      const upper = pooled.pop()!;
      const lower = pooled.at(-1)!;
      lower.right += upper.right;
      lower.count += upper.count;
    }
  }
  return pooled.map((block) => ({
    fromScore: block.fromScore,
    confidence: round(smoothed(block)),
    count: block.count,
  }));
}

export function applyCurve(curve: CalibrationCurve | undefined, rawScore: number): number {
  assertInvariant(rawScore >= 0 && rawScore <= 1, `raw score ${rawScore} is within [0, 1]`);
  if (!curve || curve.length === 0) return rawScore;
  let confidence = curve[0].confidence;
  for (const step of curve) {
    if (step.fromScore > rawScore) break;
    confidence = step.confidence;
  }
  return confidence;
}

export interface Prediction {
  confidence: number;
  correct: boolean;
}

export interface CalibrationBucket {
  from: number;
  to: number;
  count: number;
  meanConfidence: number;
  accuracy: number;
}

/** Equal-width confidence buckets; the last one includes 1.0. Empty buckets are left out. */
export function calibrationTable(predictions: readonly Prediction[], bucketCount = 10): CalibrationBucket[] {
  const buckets = Array.from({ length: bucketCount }, (_, index) => ({
    from: index / bucketCount,
    to: (index + 1) / bucketCount,
    count: 0,
    confidenceSum: 0,
    right: 0,
  }));
  for (const prediction of predictions) {
    const index = Math.min(bucketCount - 1, Math.floor(prediction.confidence * bucketCount));
    buckets[index].count++;
    buckets[index].confidenceSum += prediction.confidence;
    buckets[index].right += prediction.correct ? 1 : 0;
  }
  return buckets
    .filter((bucket) => bucket.count > 0)
    .map((bucket) => ({
      from: bucket.from,
      to: bucket.to,
      count: bucket.count,
      meanConfidence: bucket.confidenceSum / bucket.count,
      accuracy: bucket.right / bucket.count,
    }));
}

/** Expected calibration error: the count-weighted gap between confidence and accuracy per bucket. */
export function expectedCalibrationError(predictions: readonly Prediction[], bucketCount = 10): number {
  if (predictions.length === 0) return 0;
  return calibrationTable(predictions, bucketCount).reduce(
    (sum, bucket) => sum + (bucket.count / predictions.length) * Math.abs(bucket.accuracy - bucket.meanConfidence),
    0,
  );
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/**
 * `brand`: directory entries generated from name-suggestion-index, calibrated apart from the hand-kept ones. `cut-word`
 * and `cut-name`: a trade word or a directory name read from the start the name's field left of it ("TAQUER", "QUIKTR").
 */
export type CalibrationKey =
  | 'regex'
  | 'keyword'
  | 'preset'
  | 'cut-word'
  | 'cut-name'
  | 'mcc'
  | 'directory'
  | 'brand'
  | 'memory'
  | 'transfer'
  | 'rag'
  | 'llm'
  | 'prior';
export type CalibrationCurves = Partial<Record<CalibrationKey, CalibrationCurve>>;

export const CALIBRATION_FILE = new URL('./calibration-curves.json', import.meta.url);

function loadCurves(): CalibrationCurves {
  try {
    return JSON.parse(readFileSync(CALIBRATION_FILE, 'utf8')) as CalibrationCurves;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}

/** The fitted curves shipped with the service; a tier without one reports its raw score. */
export const SHIPPED_CURVES: CalibrationCurves = loadCurves();
