import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { readPdfStatement } from './readers/pdf.ts';
import {
  damagedStatement,
  judge,
  renderDamagedPdf,
  tellsWhichWayMoneyMoved,
} from '../../../test/fixtures/statements/damage.ts';

/**
 * Which way a card's money moved comes from the statement's own evidence, never from a guess about
 * what cards usually do: card statements with any mix of purchases and credits (mostly purchases,
 * mostly payments and refunds, all of one), opening owed or in credit, in the damage generator's
 * randomized layouts (one signed column with minus, parentheses, trailing minus or CR; charge and
 * credit columns; running balances or not; totals and counts or not), undamaged or damaged. Each is
 * read exactly or rejected. An undamaged one may be rejected only as undecided, and only when
 * nothing it prints tells the readings apart: no totals or counts, no charge/credit columns, no CR
 * line among unmarked ones, and a stated balance below zero (a card in credit reads like one printed
 * from the holder's side).
 */
const context = { filename: 'card.pdf', mediaType: 'application/pdf', hints: {} };

test('card statements with random credit/debit mixes: read exactly or rejected; undamaged ones rejected only when nothing tells the signs', async (t) => {
  const outcomes: Record<string, number> = {};
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 2 ** 30 }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.boolean(),
      fc.boolean(),
      async (seed, creditShare, openingInCredit, undamaged) => {
        const statement = damagedStatement(seed, {
          maxLines: 30,
          undamaged,
          truth: {
            kind: 'credit_card',
            creditShare,
            openingRangeMinor: openingInCredit ? [-300_000, 0] : [0, 300_000],
          },
        });
        const verdict = judge(statement.truth, await readPdfStatement(await renderDamagedPdf(statement), context));
        const replay = `seed ${seed}, credit share ${creditShare}, damage ${JSON.stringify(statement.damage)}, layout ${JSON.stringify(statement.layout)}`;
        assert.notEqual(
          verdict.outcome,
          'wrong',
          `ingested wrong: ${verdict.outcome === 'wrong' ? verdict.difference : ''} (${replay})`,
        );
        const key = `${statement.damage.kind === 'none' ? 'undamaged' : 'damaged'} ${verdict.outcome === 'rejected' ? verdict.reason : verdict.outcome}`;
        outcomes[key] = (outcomes[key] ?? 0) + 1;
        if (statement.damage.kind !== 'none' || verdict.outcome === 'exact') return;
        assert.ok(
          verdict.outcome === 'rejected' &&
            /does not show which way its money moved/.test(verdict.message) &&
            !tellsWhichWayMoneyMoved(statement),
          `an undamaged card statement that says which way its money moved was rejected: ${verdict.outcome === 'rejected' ? verdict.message : ''} (${replay})`,
        );
      },
    ),
    { numRuns: 120 },
  );
  t.diagnostic(JSON.stringify(outcomes));
  // The property is about reading, not rejecting: most undamaged cards say enough to be read.
  assert.ok(
    (outcomes['undamaged exact'] ?? 0) > 2 * (outcomes['undamaged document_unreadable'] ?? 0),
    JSON.stringify(outcomes),
  );
});
