/**
 * The trial balance's same-run reference (issue 15): the tenant's journal written out in Ledger's
 * plain-text format and balanced by `ledger bal` (Ledger 3, Debian package `ledger`) and `hledger bal`
 * (Debian package `hledger`) when they are installed. The service's figure is only worth its ratio
 * if both answer the same, so the reference's balances are compared with the trial balance's.
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { parse } from 'csv-parse/sync';
import type { DatabaseHandle } from '../../src/db/connection.ts';
import { currencyExponent } from '../../src/money/currency.ts';

const LINES_PER_PAGE = 20_000;

/** An exact decimal text of `minor` minor units (no float on the way). */
function decimalText(minor: number, exponent: number): string {
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  const whole = exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
  return minor < 0 ? `-${whole}` : whole;
}

/**
 * Writes every journal line of the tenant to `file`, one Ledger transaction per journal entry, with
 * accounts named `<category>:<number>` and debits positive. Returns the number of postings written.
 */
export async function exportLedgerJournal(handle: DatabaseHandle, tenantId: string, file: string): Promise<number> {
  const out = createWriteStream(file);
  const categoryOf = new Map(
    (await handle.db.selectFrom('accounts').select(['id', 'category']).where('tenant_id', '=', tenantId).execute()).map(
      (account) => [account.id, account.category],
    ),
  );
  let written = 0;
  let afterSeq = 0;
  let openEntry = '';
  for (;;) {
    // Lines of one entry are written together, so their seqs are consecutive: ordering by seq keeps entries whole.
    const page = await handle.db
      .selectFrom('journal_lines')
      .select([
        'seq',
        'entry_id',
        'entry_date',
        'account_id',
        'account_number',
        'debit_minor',
        'credit_minor',
        'currency',
      ])
      .where('tenant_id', '=', tenantId)
      .where('seq', '>', afterSeq)
      .orderBy('seq')
      .limit(LINES_PER_PAGE)
      .execute();
    if (page.length === 0) break;
    let text = '';
    for (const line of page) {
      if (line.entry_id !== openEntry) {
        text += `\n${line.entry_date} ${line.entry_id}\n`;
        openEntry = line.entry_id;
      }
      const minor = line.debit_minor !== null ? Number(line.debit_minor) : -Number(line.credit_minor);
      const amount = decimalText(minor, currencyExponent(line.currency) ?? 2);
      text += `    ${categoryOf.get(line.account_id)}:${line.account_number}    ${amount} ${line.currency}\n`;
    }
    written += page.length;
    afterSeq = Number(page.at(-1)!.seq);
    if (!out.write(text)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return written;
}

export interface ReferenceRun {
  tool: 'ledger' | 'hledger';
  /** Wall-clock milliseconds of each run, sorted. */
  runsMs: number[];
  /** Net balance per account number, in minor units (debits positive), from the tool's own output. */
  balanceMinorByAccount: Map<string, number>;
}

/** `ledger bal` / `hledger bal` on the file, `runs` times; undefined when the tool is not installed. */
export function runReference(tool: 'ledger' | 'hledger', file: string, runs: number): ReferenceRun | undefined {
  const args =
    tool === 'ledger'
      ? ['-f', file, 'bal', '--flat', '--no-total', '--balance-format', '%(account)\t%(quantity(display_total))\n']
      : ['-f', file, 'bal', '--flat', '--no-total', '-O', 'csv'];
  const runsMs: number[] = [];
  let output = '';
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const result = spawnSync(tool, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (result.error) return undefined;
    if (result.status !== 0) throw new Error(`${tool} bal failed: ${result.stderr.slice(0, 500)}`);
    runsMs.push(performance.now() - started);
    output = result.stdout;
  }
  const balanceMinorByAccount = new Map<string, number>();
  const rows: string[][] =
    tool === 'ledger'
      ? output.split('\n').map((row) => row.split('\t'))
      : (parse(output, { relax_column_count: true }) as string[][]);
  for (const [account, quantity] of rows) {
    if (!account || quantity === undefined || account === 'account' || account === 'total') continue;
    const number = account.split(':').at(-1)!;
    // The bench's books are in USD: two decimals.
    balanceMinorByAccount.set(number, Math.round(Number(quantity.replace(/[^0-9.-]/g, '')) * 100));
  }
  return { tool, runsMs: runsMs.sort((a, b) => a - b), balanceMinorByAccount };
}
