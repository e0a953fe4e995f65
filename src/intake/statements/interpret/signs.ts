/**
 * Signs, balance orientation and row order: the one place that decides which way money moved on
 * every line, for every reader. A reader hands over its rows with what the document says about each
 * (an explicit direction from debit/credit columns or CR/DR, else a signed amount as printed) and the
 * balances it printed; the arithmetic of those balances decides the rest.
 */
import { Decimal } from '../../../money/decimal.ts';
import type { AmountIndicator, ParsedAmount } from '../text/amounts.ts';
import type { PrintedTotals, StatementAccountKind } from '../types.ts';
import { PAYMENT_TEXT } from './vocabulary.ts';

/** A money cell read: its signed value as printed, the CR/DR after it, and the currency it names. */
export type Money = ParsedAmount;

export interface SignedRow {
  date: string;
  description: string;
  /** Holder's view before sign detection: positive = money in (the usual bank export convention). */
  raw: Decimal;
  /** True when the document itself says the direction (debit/credit columns, CR/DR). */
  explicit: boolean;
  /** The running balance printed on the row, indicator applied (see balanceWithIndicator). */
  balance: Decimal | null;
}

/** A row's raw value from a debit and a credit cell (either may be empty): credit − debit, explicit. */
export function fromDebitCredit(debit: Decimal | null, credit: Decimal | null): Decimal {
  return (credit?.abs() ?? Decimal.ZERO).minus(debit?.abs() ?? Decimal.ZERO);
}

/** A signed amount with a direction word or CR/DR: money in is positive, out negative. */
export function fromDirection(value: Decimal, direction: 'in' | 'out'): Decimal {
  return direction === 'in' ? value.abs() : value.abs().negate();
}

/** The direction a CR/DR after an amount gives (CR is money in on every kind of account), or null. */
export function indicatorDirection(indicator: AmountIndicator | null): 'in' | 'out' | null {
  return indicator === 'CR' ? 'in' : indicator === 'DR' ? 'out' : null;
}

/** A balance printed "1,234.56 CR" / "DR": for a bank account DR means overdrawn, for a card CR means in credit. */
export function balanceWithIndicator(money: Money, kind: StatementAccountKind | null): Decimal {
  if (money.indicator === null) return money.value;
  const negative = kind === 'credit_card' ? money.indicator === 'CR' : money.indicator === 'DR';
  return negative ? money.value.abs().negate() : money.value.abs();
}

export interface BalanceAnchors {
  statedOpening: Decimal | null;
  statedClosing: Decimal | null;
  /** Dated rows with a balance and no amount ("Beginning balance as of 03/01"), by their position among the rows. */
  balanceOnlyRows: Array<{ position: number; balance: Decimal }>;
  /**
   * The summary's totals and counts of money in and out, where the document prints them: each is one
   * more equation a reading must satisfy, and the only arithmetic that tells money in from money out
   * when every line's sign and the balance's orientation could both be turned.
   */
  totals?: PrintedDirectionTotals;
  /** Some balance carries CR/DR: the document says on which side of zero its balances are (see balanceWithIndicator). */
  balancesIndicated?: boolean;
}

export interface PrintedDirectionTotals {
  moneyIn: Decimal | null;
  moneyOut: Decimal | null;
  countIn: number | null;
  countOut: number | null;
}

export interface ResolvedLine {
  date: string;
  description: string;
  /** Positive = money out. */
  out: Decimal;
  balance: Decimal | null;
}

export interface ResolvedStatement {
  /** Oldest first. */
  lines: ResolvedLine[];
  opening: Decimal | null;
  closing: Decimal | null;
  /** The document lists its rows newest first (`lines` are turned oldest first). */
  newestFirst: boolean;
  /** A card's balances were printed from the holder's side and are turned owed-positive. */
  negateBalances: boolean;
  /**
   * Set when the document does not say which way its money moved: two readings, every sign turned,
   * satisfy everything it prints equally (a card whose amounts and balance orientation could both be
   * turned, with nothing to tell them apart). The reader rejects such a document rather than guess.
   */
  undecided: string | null;
}

interface SignAnalysis {
  /** For rows without an explicit direction: 1 when a positive amount is money in, −1 when it is money out. */
  flip: 1 | -1;
  newestFirst: boolean;
  /** A card's balances printed from the holder's side (owed negative) are turned to owed-positive. */
  negateBalances: boolean;
  undecided: string | null;
}

/** Printed totals (decimal text, as the evidence carries them) as the sign analysis weighs them. */
export function directionTotals(totals: PrintedTotals): PrintedDirectionTotals {
  const value = (text: string | null) => (text === null ? null : Decimal.parse(text));
  return {
    moneyIn: value(totals.moneyIn),
    moneyOut: value(totals.moneyOut),
    countIn: totals.countIn,
    countOut: totals.countOut,
  };
}

function outflow(row: SignedRow, flip: 1 | -1): Decimal {
  return row.explicit || flip === 1 ? row.raw.negate() : row.raw;
}

/**
 * Resolves the rows (in document order) into lines oldest first, each with its money out, and the
 * opening and closing balances: the stated ones first; else from the balance column (the first row's
 * balance rolled back over its own amount, and the last row's); else from balance-only rows.
 */
export function resolveSigns(
  rows: SignedRow[],
  kind: StatementAccountKind | null,
  anchors: BalanceAnchors,
): ResolvedStatement {
  const analysis = analyseSignsAndOrder(rows, kind, anchors);
  const chronological = analysis.newestFirst ? [...rows].reverse() : rows;
  const orient = (balance: Decimal) => (analysis.negateBalances ? balance.negate() : balance);
  const lines = chronological.map((row) => ({
    date: row.date,
    description: row.description,
    out: outflow(row, analysis.flip),
    balance: row.balance ? orient(row.balance) : null,
  }));

  const owed = kind === 'credit_card';
  const first = lines[0];
  const last = lines[lines.length - 1];
  let opening: Decimal | null = null;
  let closing: Decimal | null = null;
  if (first?.balance && last.balance) {
    opening = owed ? first.balance.minus(first.out) : first.balance.plus(first.out);
    closing = last.balance;
  } else if (anchors.balanceOnlyRows.length > 0) {
    const before = anchors.balanceOnlyRows.filter((entry) =>
      analysis.newestFirst ? entry.position === rows.length : entry.position === 0,
    );
    const after = anchors.balanceOnlyRows.filter((entry) =>
      analysis.newestFirst ? entry.position === 0 : entry.position === rows.length,
    );
    opening = before.length > 0 ? orient(before[0].balance) : null;
    closing = after.length > 0 ? orient(after[after.length - 1].balance) : null;
  }
  if (anchors.statedOpening) opening = orient(anchors.statedOpening);
  if (anchors.statedClosing) closing = orient(anchors.statedClosing);
  return {
    lines,
    opening,
    closing,
    newestFirst: analysis.newestFirst,
    negateBalances: analysis.negateBalances,
    undecided: analysis.undecided,
  };
}

/**
 * Sign convention, balance orientation and row order, decided together from the document's own
 * evidence: every hypothesis (rows oldest or newest first; a positive amount is money in or out; a
 * card balance printed as owed or from the holder's side) is scored by how many of the document's own
 * equations it satisfies — each running balance following from the previous one (or from the stated
 * opening) by the row's amount, the stated closing following from the stated opening by all of them,
 * and each printed total and count of money in and out matching the lines. The best score wins.
 *
 * A card leaves one freedom arithmetic alone may not settle: turning every unmarked amount and the
 * balances' orientation together satisfies every balance equation just as well. Totals, counts and
 * lines marked CR/DR (or in debit/credit columns) settle it by arithmetic. Otherwise the balances say:
 * a balance with CR/DR is on the side it says, and a card statement states what is owed, so balances
 * printed at or above zero are owed-positive. A card whose stated balances are below zero with nothing
 * else to go by is either in credit or printed from the holder's side, and which one decides every
 * sign: that is left undecided (the reader rejects it) rather than guessed. Remaining ties (no
 * balance printed at all, or rows whose order the balances do not settle) go to the conventions that
 * hold without evidence: rows in the order their dates run, a bank's negative amount is money out, a
 * card's payments are money in (else purchases are the majority); a reading without balances is
 * checked by the gate against the balances the upload gives.
 */
function analyseSignsAndOrder(
  rows: SignedRow[],
  kind: StatementAccountKind | null,
  anchors: BalanceAnchors,
): SignAnalysis {
  const card = kind === 'credit_card';
  const datesDescending = rows[0].date > rows[rows.length - 1].date;
  const allExplicit = rows.every((row) => row.explicit);
  const withBalances = rows.every((row) => row.balance !== null);
  const someBalances = rows.some((row) => row.balance !== null);
  const flipPrior: 1 | -1 = card && !allExplicit ? cardFlip(rows) : 1;
  const { totals } = anchors;

  interface Hypothesis {
    score: number;
    penalty: number;
    newestFirst: boolean;
    flip: 1 | -1;
    owedOriented: 1 | -1;
  }
  const hypotheses: Hypothesis[] = [];
  for (const newestFirst of withBalances ? [datesDescending, !datesDescending] : [datesDescending]) {
    const ordered = newestFirst ? [...rows].reverse() : rows;
    const openingRow = anchors.balanceOnlyRows.find((entry) => entry.position === (newestFirst ? rows.length : 0));
    for (const flip of allExplicit ? [1 as const] : [1 as const, -1 as const]) {
      const outs = ordered.map((row) => outflow(row, flip));
      let totalsScore = 0;
      if (totals) {
        const ins = outs.filter((out) => out.isNegative());
        const outgoing = outs.filter((out) => !out.isNegative() && !out.isZero());
        if (totals.moneyIn !== null && totals.moneyIn.abs().equals(Decimal.sum(ins).abs())) totalsScore += 1;
        if (totals.moneyOut !== null && totals.moneyOut.abs().equals(Decimal.sum(outgoing))) totalsScore += 1;
        if (totals.countIn !== null && totals.countIn === ins.length) totalsScore += 1;
        if (totals.countOut !== null && totals.countOut === outgoing.length) totalsScore += 1;
      }
      // +1: the balance grows with money out (a card's amount owed); −1: it falls (money held).
      for (const direction of card ? [1 as const, -1 as const] : [-1 as const]) {
        const moved = (out: Decimal) => (direction === 1 ? out : out.negate());
        let score = totalsScore;
        if (someBalances) {
          // Rows without a printed balance carry the running figure on (a statement may print one a day).
          let running = anchors.statedOpening ?? openingRow?.balance ?? null;
          ordered.forEach((row, index) => {
            const next = running === null ? null : running.plus(moved(outs[index]));
            if (next !== null && row.balance !== null && next.equals(row.balance)) score += 1;
            running = row.balance ?? next;
          });
        }
        if (anchors.statedOpening && anchors.statedClosing) {
          if (anchors.statedClosing.minus(anchors.statedOpening).equals(moved(Decimal.sum(outs)))) score += 1;
        }
        const owedOriented: 1 | -1 = card ? direction : 1;
        const penalty = Number(newestFirst !== datesDescending) + Number(flip !== flipPrior);
        hypotheses.push({ score, penalty, newestFirst, flip, owedOriented });
      }
    }
  }
  const bestScore = Math.max(...hypotheses.map((hypothesis) => hypothesis.score));
  let candidates = hypotheses.filter((hypothesis) => hypothesis.score === bestScore);
  let undecided: string | null = null;
  if (card && new Set(candidates.map((hypothesis) => hypothesis.owedOriented)).size > 1) {
    const shown = [
      ...rows.map((row) => row.balance),
      anchors.statedOpening,
      anchors.statedClosing,
      ...anchors.balanceOnlyRows.map((entry) => entry.balance),
    ].filter((balance): balance is Decimal => balance !== null);
    const stated = [
      anchors.statedOpening,
      anchors.statedClosing,
      ...anchors.balanceOnlyRows.map((entry) => entry.balance),
    ].filter((balance): balance is Decimal => balance !== null);
    const judged = stated.length > 0 ? stated : shown;
    if (shown.length === 0) {
      // Nothing printed has an orientation: only the lines' signs matter, and they follow the penalty.
    } else if (anchors.balancesIndicated || judged.every((balance) => !balance.isNegative())) {
      candidates = candidates.filter((hypothesis) => hypothesis.owedOriented === 1);
    } else {
      undecided =
        "The card statement does not show which way its money moved: its balances are below zero, so it is either in credit or printed from the holder's side, and each reading turns every amount; it prints no totals, counts or CR/DR marks that would tell.";
    }
  }
  const best = candidates.reduce((chosen, hypothesis) => (hypothesis.penalty < chosen.penalty ? hypothesis : chosen));
  return {
    flip: best.flip,
    newestFirst: best.newestFirst,
    negateBalances: card && best.owedOriented === -1,
    undecided,
  };
}

function cardFlip(rows: SignedRow[]): 1 | -1 {
  let paymentsPositive = 0;
  let paymentsNegative = 0;
  let positive = 0;
  let negative = 0;
  for (const row of rows) {
    if (row.explicit) continue;
    const sign = row.raw.isZero() ? 0 : row.raw.isNegative() ? -1 : 1;
    if (sign > 0) positive += 1;
    else if (sign < 0) negative += 1;
    if (PAYMENT_TEXT.test(row.description)) {
      if (sign > 0) paymentsPositive += 1;
      else if (sign < 0) paymentsNegative += 1;
    }
  }
  // Payments and refunds are money in: positive ones mean the document's positive is money in.
  if (paymentsPositive !== paymentsNegative) return paymentsPositive > paymentsNegative ? 1 : -1;
  return positive > negative ? -1 : 1;
}
