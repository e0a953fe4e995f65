import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import {
  balanceAfter,
  checkCompleteness,
  pageProblems,
  provenanceProblem,
  singleDigitVariants,
  type GateStatement,
} from './gate.ts';

/** A statement whose every printed fact agrees with its lines: balances on each line, totals, counts. */
function consistent(
  kind: GateStatement['kind'],
  openingMinor: number,
  amounts: number[],
  options: { balances?: boolean; totals?: boolean; counts?: boolean; recognised?: boolean } = {},
): GateStatement {
  let running = openingMinor;
  const lines = amounts.map((amountMinor, index) => {
    running = balanceAfter(kind, running, amountMinor);
    return { amountMinor, balanceMinor: options.balances === false ? null : running, page: 1 + Math.floor(index / 10) };
  });
  const ins = amounts.filter((amount) => amount < 0);
  const outs = amounts.filter((amount) => amount > 0);
  return {
    kind,
    openingMinor,
    closingMinor: running,
    lines,
    totals: {
      inMinor: options.totals ? -ins.reduce((sum, amount) => sum + amount, 0) : null,
      outMinor: options.totals ? outs.reduce((sum, amount) => sum + amount, 0) : null,
      countIn: options.counts ? ins.length : null,
      countOut: options.counts ? outs.length : null,
    },
    pageMarkers: [],
    checkpoints: [],
    recognised: options.recognised ?? false,
  };
}

const amounts = fc.array(
  fc.integer({ min: -500_000, max: 500_000 }).filter((amount) => amount !== 0),
  { minLength: 2, maxLength: 30 },
);
const kinds = fc.constantFrom('checking' as const, 'savings' as const, 'credit_card' as const);

test('a statement whose printed facts agree with its lines passes, whichever optional facts it prints', () => {
  fc.assert(
    fc.property(
      kinds,
      fc.integer({ min: -1_000_000, max: 1_000_000 }),
      amounts,
      fc.boolean(),
      fc.boolean(),
      fc.boolean(),
      (kind, opening, lines, balances, totals, counts) => {
        const outcome = checkCompleteness(consistent(kind, opening, lines, { balances, totals, counts }));
        assert.ok(outcome.ok);
        assert.deepEqual(outcome.corrections, []);
      },
    ),
  );
});

test('a deleted line, a moved line or an edited balance breaks the chain: rejected, naming the line, never corrected', () => {
  fc.assert(
    fc.property(
      kinds,
      fc.integer({ min: -1_000_000, max: 1_000_000 }),
      amounts,
      fc.nat(),
      fc.boolean(),
      (kind, opening, lines, pick, recognised) => {
        const statement = consistent(kind, opening, lines, { recognised, counts: true });
        const index = pick % lines.length;
        const deleted = { ...statement, lines: statement.lines.filter((_, at) => at !== index) };
        const outcome = checkCompleteness(deleted);
        assert.ok(!outcome.ok, 'a statement missing a line never passes, even when OCR corrections are allowed');
        assert.match(outcome.message, /line \d+|closing|counts/);
      },
    ),
  );
});

test('without running balances, totals or counts still catch a missing line', () => {
  const statement = consistent('checking', 10_000, [1_000, -2_500, 700], {
    balances: false,
    totals: true,
    counts: true,
  });
  const outcome = checkCompleteness({ ...statement, lines: statement.lines.slice(1) });
  assert.ok(!outcome.ok);
  assert.match(outcome.message, /total of money out|counts 2 lines of money out, 1 were read/);
});

test('OCR: one misread digit in a running balance is corrected when the balances around it pin it', () => {
  fc.assert(
    fc.property(
      kinds,
      fc.integer({ min: 0, max: 1_000_000 }),
      amounts,
      fc.nat(),
      fc.nat(),
      (kind, opening, lines, pick, variantPick) => {
        const statement = consistent(kind, opening, lines, { recognised: true });
        const index = pick % lines.length;
        const truth = statement.lines[index].balanceMinor!;
        const variants = singleDigitVariants(truth);
        const misread = variants[variantPick % variants.length];
        const damaged = {
          ...statement,
          lines: statement.lines.map((line, at) => (at === index ? { ...line, balanceMinor: misread } : line)),
        };
        const outcome = checkCompleteness(damaged);
        assert.ok(outcome.ok, 'a misread balance between two links is pinned');
        assert.deepEqual(outcome.corrections, [
          { line: index + 1, field: 'balance', readMinor: misread, correctedMinor: truth },
        ]);
        assert.deepEqual(outcome.lines, statement.lines);
        assert.ok(
          !checkCompleteness({ ...damaged, recognised: false }).ok,
          'a text layer is never misread: the same damage there rejects',
        );
      },
    ),
  );
});

test('OCR: a misread amount is corrected only when the statement counts its lines; otherwise a missing line could look the same', () => {
  const truth = consistent('checking', 100_000, [4_599, -250_000, 1_500, 30_000], { recognised: true, counts: true });
  const misread = {
    ...truth,
    lines: truth.lines.map((line, at) => (at === 2 ? { ...line, amountMinor: 7_500 } : line)),
  };
  const corrected = checkCompleteness(misread);
  assert.ok(corrected.ok);
  assert.deepEqual(corrected.corrections, [{ line: 3, field: 'amount', readMinor: 7_500, correctedMinor: 1_500 }]);
  assert.equal(corrected.lines[2].amountMinor, 1_500);
  const uncounted = { ...misread, totals: { ...misread.totals, countIn: null, countOut: null } };
  assert.ok(!checkCompleteness(uncounted).ok);

  // A deleted 300.00 before a 150.00 line reads like a misread 450.00 (one digit): only counts tell them apart.
  const deletion = consistent('checking', 100_000, [30_000, 15_000, 2_000], { recognised: true });
  const absorbed = { ...deletion, lines: deletion.lines.slice(1) };
  assert.ok(!checkCompleteness(absorbed).ok, 'no counts printed: an amount is never corrected');
  const counted = { ...absorbed, totals: { inMinor: null, outMinor: null, countIn: 0, countOut: 3 } };
  assert.ok(!checkCompleteness(counted).ok, 'counts printed: the missing line shows');
});

test('two readings that explain the damage equally are rejected, not guessed', () => {
  // Line 2's amount misread (35.00 for 25.00) with no balance on line 1: 25.00 → 15.00 on line 1 explains it as well.
  const statement = consistent('checking', 100_000, [2_500, 2_500], { recognised: true, counts: true });
  const ambiguous = {
    ...statement,
    lines: [
      { ...statement.lines[0], balanceMinor: null },
      { ...statement.lines[1], amountMinor: 3_500 },
    ],
  };
  const outcome = checkCompleteness(ambiguous);
  assert.ok(!outcome.ok);
  assert.match(outcome.message, /line 2 \(page 1\): the printed balance does not follow/);
  const pinned = { ...ambiguous, lines: [statement.lines[0], ambiguous.lines[1]] };
  const pinnedOutcome = checkCompleteness(pinned);
  assert.deepEqual(
    pinnedOutcome.ok && pinnedOutcome.corrections,
    [{ line: 2, field: 'amount', readMinor: 3_500, correctedMinor: 2_500 }],
    'with line 1 balanced, only line 2 explains it',
  );
});

test('page markers: 1..m once each and in order; a page without a marker is allowed', () => {
  const markers = (numbers: number[], of = 3) => numbers.map((number, index) => ({ page: index + 1, number, of }));
  assert.deepEqual(pageProblems(markers([1, 2, 3])), []);
  assert.deepEqual(
    pageProblems([
      { page: 1, number: 1, of: 2 },
      { page: 3, number: 2, of: 2 },
    ]),
    [],
  );
  assert.deepEqual(pageProblems(markers([1, 3])), ['page 2 of 3 is missing']);
  assert.deepEqual(pageProblems(markers([1, 2, 2, 3])), ['page 2 of 3 appears twice']);
  assert.deepEqual(pageProblems(markers([1, 3, 2])), ['page 2 of 3 comes after page 3']);
  assert.deepEqual(
    pageProblems([
      { page: 1, number: 1, of: 2 },
      { page: 2, number: 2, of: 3 },
    ]),
    ['the page markers disagree on the number of pages (2, 3)'],
  );
  const statement = consistent('checking', 0, [100, 200]);
  const outcome = checkCompleteness({ ...statement, pageMarkers: markers([1, 3]) });
  assert.ok(!outcome.ok);
  assert.match(outcome.message, /incomplete: page 2 of 3 is missing/);
});

test('balances carried and brought forward are checked where they are printed', () => {
  const statement = consistent('checking', 10_000, [1_000, 2_000, 3_000], { balances: false });
  const at = (afterLines: number, balanceMinor: number) => ({ afterLines, balanceMinor, page: 2 });
  assert.ok(checkCompleteness({ ...statement, checkpoints: [at(0, 10_000), at(2, 7_000), at(3, 4_000)] }).ok);
  const outcome = checkCompleteness({ ...statement, checkpoints: [at(2, 8_000)] });
  assert.ok(!outcome.ok);
  assert.match(outcome.message, /page 2 after line 2/);
});

test('provenance: the period and both balances must be stated, by the document or (balances) the upload', () => {
  const all = { period: 'stated', openingBalance: 'stated', closingBalance: 'stated' } as const;
  const none = { openingBalance: false, closingBalance: false };
  assert.equal(provenanceProblem(all, none, false), null);
  assert.match(
    provenanceProblem({ ...all, openingBalance: 'lines' }, none, false)!,
    /opening balance \(upload it again with the form field openingBalance\)/,
  );
  assert.equal(
    provenanceProblem({ ...all, openingBalance: 'lines' }, { openingBalance: true, closingBalance: false }, false),
    null,
  );
  assert.match(provenanceProblem({ ...all, period: 'lines' }, none, false)!, /its period/);
  assert.equal(
    provenanceProblem(
      { period: 'lines', openingBalance: 'lines', closingBalance: 'lines' },
      { openingBalance: true, closingBalance: true },
      false,
    ),
    null,
    'an export with both balances supplied',
  );
  assert.equal(
    provenanceProblem({ ...all, openingBalance: 'lines' }, none, true),
    null,
    'OFX: its closing and period are stated and its list is whole',
  );
  assert.notEqual(provenanceProblem({ ...all, period: 'lines', openingBalance: 'lines' }, none, true), null);
});

test('single-digit variants keep the sign and the number of digits', () => {
  assert.deepEqual(
    singleDigitVariants(7).sort((a, b) => a - b),
    [0, 1, 2, 3, 4, 5, 6, 8, 9],
  );
  const variants = singleDigitVariants(-150);
  assert.equal(variants.length, 26);
  assert.ok(variants.includes(-450) && variants.includes(-159) && !variants.includes(-50));
});
