/**
 * The promise "ingested exactly, or rejected" over thousands of damaged statements: generated truths
 * in randomized layouts, randomly damaged (test/fixtures/statements/damage.ts), rendered as text PDFs
 * (STATEMENT_DAMAGE_COUNT, 5,000 by default) and a smaller sample as scans (STATEMENT_DAMAGE_SCANS,
 * 12 by default, at most 20 lines so one or two pages each) and a sample of undamaged scans
 * (STATEMENT_DAMAGE_CLEAN_SCANS, 6 by default), each read by the PDF reader (OCR for the scans) and
 * judged through the gate ingestion runs. Reports wrong ingests (target 0), exact ingests,
 * rejections by reason, undamaged statements rejected, and throughput. The database plays no part, so
 * it runs on SQLite only. STATEMENT_DAMAGE_SEED sets the first seed (1 by default).
 */
import type { Bench } from './run.ts';
import { readPdfStatement } from '../src/intake/statements/readers/pdf.ts';
import {
  damagedStatement,
  judge,
  renderDamagedPdf,
  scanOfPdf,
  type Verdict,
} from '../test/fixtures/statements/damage.ts';

const context = { filename: 'statement.pdf', mediaType: 'application/pdf', hints: {} };

interface Tally {
  total: number;
  exact: number;
  wrong: number;
  undamagedRejected: number;
  byReason: Record<string, number>;
  byDamage: Record<string, number>;
  seconds: number;
}

async function runSample(firstSeed: number, count: number, scan: boolean, undamaged = false): Promise<Tally> {
  const tally: Tally = { total: 0, exact: 0, wrong: 0, undamagedRejected: 0, byReason: {}, byDamage: {}, seconds: 0 };
  const started = process.hrtime.bigint();
  for (let seed = firstSeed; seed < firstSeed + count; seed += 1) {
    const statement = damagedStatement(seed, { ...(scan ? { maxLines: 20 } : {}), undamaged });
    const text = await renderDamagedPdf(statement);
    const pdf = scan ? await scanOfPdf(text) : text;
    const verdict: Verdict = judge(statement.truth, await readPdfStatement(pdf, context));
    tally.total += 1;
    const damageKey = `${statement.damage.kind} → ${verdict.outcome === 'rejected' ? verdict.reason : verdict.outcome}`;
    tally.byDamage[damageKey] = (tally.byDamage[damageKey] ?? 0) + 1;
    if (verdict.outcome === 'exact') tally.exact += 1;
    else if (verdict.outcome === 'wrong') {
      tally.wrong += 1;
      process.stderr.write(
        `WRONG INGEST seed ${seed}${scan ? ' (scan)' : ''}: ${verdict.difference}; damage ${JSON.stringify(statement.damage)}\n`,
      );
    } else {
      tally.byReason[verdict.reason] = (tally.byReason[verdict.reason] ?? 0) + 1;
      if (statement.damage.kind === 'none') tally.undamagedRejected += 1;
    }
    // A long run on a loaded machine: say how far it has got, so a time-boxed run still tells something.
    if (tally.total % (scan ? 1 : 500) === 0)
      process.stderr.write(
        `  ${scan ? (undamaged ? 'undamaged scans' : 'scans') : 'text PDFs'}: ${tally.total} of ${count}, ${tally.exact} exact, ${tally.wrong} wrong, ${JSON.stringify(tally.byReason)}\n`,
      );
  }
  tally.seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return tally;
}

function report(reportFigure: Parameters<Bench>[0]['report'], label: string, tally: Tally): void {
  reportFigure(`${label}: statements`, tally.total, 'docs');
  reportFigure(`${label}: wrong ingests`, tally.wrong, 'docs', '0');
  reportFigure(`${label}: exact ingests`, tally.exact, 'docs');
  for (const [reason, count] of Object.entries(tally.byReason).sort())
    reportFigure(`${label}: rejected ${reason}`, count, 'docs');
  reportFigure(`${label}: undamaged statements rejected`, tally.undamagedRejected, 'docs');
  reportFigure(`${label}: throughput (render + read + gate)`, tally.total / tally.seconds, 'docs/s');
  for (const [outcome, count] of Object.entries(tally.byDamage).sort())
    process.stderr.write(`  ${label}: ${outcome}: ${count}\n`);
}

const bench: Bench = async ({ dialect, report: reportFigure }) => {
  if (dialect !== 'sqlite') return;
  const firstSeed = Number(process.env.STATEMENT_DAMAGE_SEED ?? 1);
  const textCount = Number(process.env.STATEMENT_DAMAGE_COUNT ?? 5_000);
  const scanCount = Number(process.env.STATEMENT_DAMAGE_SCANS ?? 12);
  const cleanScanCount = Number(process.env.STATEMENT_DAMAGE_CLEAN_SCANS ?? 6);
  report(reportFigure, 'text PDFs', await runSample(firstSeed, textCount, false));
  if (scanCount > 0) report(reportFigure, 'scans', await runSample(firstSeed + 1_000_000, scanCount, true));
  // Damage is drawn for most statements, so the damaged sample holds few whole ones: whole scans apart.
  if (cleanScanCount > 0)
    report(reportFigure, 'undamaged scans', await runSample(firstSeed + 2_000_000, cleanScanCount, true, true));
};

export default bench;
