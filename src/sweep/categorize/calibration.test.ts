import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { applyCurve, calibrationTable, expectedCalibrationError, fitIsotonic } from './calibration.ts';

test('isotonic fit: one step per distinct score when accuracy rises, Laplace-smoothed', () => {
  const samples = [
    ...Array.from({ length: 10 }, (_, index) => ({ score: 0.5, correct: index < 5 })),
    ...Array.from({ length: 10 }, (_, index) => ({ score: 0.9, correct: index < 9 })),
  ];
  assert.deepEqual(fitIsotonic(samples), [
    { fromScore: 0.5, confidence: 0.5, count: 10 },
    { fromScore: 0.9, confidence: 0.8333, count: 10 },
  ]);
});

test('isotonic fit pools a higher score that is less accurate into its lower neighbour', () => {
  const samples = [
    ...Array.from({ length: 4 }, (_, index) => ({ score: 0.6, correct: index < 3 })),
    ...Array.from({ length: 4 }, (_, index) => ({ score: 0.7, correct: index < 1 })),
  ];
  assert.deepEqual(fitIsotonic(samples), [{ fromScore: 0.6, confidence: 0.5, count: 8 }]);
});

test('a fitted curve is monotone, within (0, 1), and applies as a step function', () => {
  fc.assert(
    fc.property(
      fc.array(fc.record({ score: fc.double({ min: 0, max: 1, noNaN: true }), correct: fc.boolean() }), {
        minLength: 1,
        maxLength: 200,
      }),
      (samples) => {
        const curve = fitIsotonic(samples);
        assert.equal(
          curve.reduce((sum, step) => sum + step.count, 0),
          samples.length,
        );
        for (let index = 1; index < curve.length; index++) {
          assert.ok(curve[index].confidence >= curve[index - 1].confidence);
          assert.ok(curve[index].fromScore > curve[index - 1].fromScore);
        }
        for (const step of curve) assert.ok(step.confidence > 0 && step.confidence < 1);
        for (const sample of samples) {
          const confidence = applyCurve(curve, sample.score);
          assert.ok(curve.some((step) => step.confidence === confidence));
        }
      },
    ),
  );
  assert.equal(
    applyCurve([{ fromScore: 0.5, confidence: 0.7, count: 3 }], 0.2),
    0.7,
    'below the first step: the first step',
  );
  assert.equal(applyCurve(undefined, 0.42), 0.42, 'no curve: the raw score');
});

test('ECE is zero when confidence equals accuracy in every bucket and grows with the gap', () => {
  const honest = [
    ...Array.from({ length: 10 }, (_, index) => ({ confidence: 0.9, correct: index < 9 })),
    ...Array.from({ length: 4 }, (_, index) => ({ confidence: 0.5, correct: index < 2 })),
  ];
  assert.ok(expectedCalibrationError(honest) < 1e-9);
  const overconfident = Array.from({ length: 10 }, (_, index) => ({ confidence: 0.95, correct: index < 5 }));
  assert.ok(Math.abs(expectedCalibrationError(overconfident) - 0.45) < 1e-9);
  const table = calibrationTable(honest);
  assert.deepEqual(
    table.map((bucket) => [bucket.from, bucket.count]),
    [
      [0.5, 4],
      [0.9, 10],
    ],
  );
  assert.equal(calibrationTable([{ confidence: 1, correct: true }])[0].from, 0.9, '1.0 falls in the last bucket');
});
