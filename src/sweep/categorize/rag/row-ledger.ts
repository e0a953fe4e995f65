/**
 * What each learned row contributed to the rag index, so a row that changes (a human correction) can
 * take its old contribution back. Rows arrive mostly in seq order, so they sit in parallel typed
 * arrays sorted by seq (binary search, about 20 bytes a row); the few that arrive out of order wait in
 * a map until the next load.
 */
export interface RowContribution {
  descriptor: number;
  label: number;
  direction: 0 | 1;
  weightClass: number;
  logAmount: number;
}

const LABEL_SLOTS = 2 ** 12;

function pack(contribution: RowContribution): number {
  return (
    ((contribution.descriptor * LABEL_SLOTS + contribution.label) * 2 + contribution.direction) * 4 +
    contribution.weightClass
  );
}

function unpack(packed: number, logAmount: number): RowContribution {
  const weightClass = packed % 4;
  const direction = (Math.floor(packed / 4) % 2) as 0 | 1;
  const label = Math.floor(packed / 8) % LABEL_SLOTS;
  const descriptor = Math.floor(packed / (8 * LABEL_SLOTS));
  return { descriptor, label, direction, weightClass, logAmount };
}

export class RowLedger {
  private seqs = new Float64Array(1024);
  private packed = new Float64Array(1024);
  private logAmounts = new Float32Array(1024);
  private length = 0;
  private removed = 0;
  private readonly outOfOrder = new Map<number, RowContribution>();

  get size(): number {
    return this.length - this.removed + this.outOfOrder.size;
  }

  get(seq: number): RowContribution | undefined {
    const at = this.find(seq);
    if (at >= 0) return this.packed[at] < 0 ? undefined : unpack(this.packed[at], this.logAmounts[at]);
    return this.outOfOrder.get(seq);
  }

  set(seq: number, contribution: RowContribution): void {
    if (contribution.label >= LABEL_SLOTS) throw new Error(`rag index: more than ${LABEL_SLOTS} distinct categories`);
    const at = this.find(seq);
    if (at >= 0) {
      if (this.packed[at] < 0) this.removed--;
      this.packed[at] = pack(contribution);
      this.logAmounts[at] = contribution.logAmount;
      return;
    }
    if (this.length > 0 && seq < this.seqs[this.length - 1]) {
      this.outOfOrder.set(seq, contribution);
      return;
    }
    if (this.length === this.seqs.length) this.grow();
    this.seqs[this.length] = seq;
    this.packed[this.length] = pack(contribution);
    this.logAmounts[this.length] = contribution.logAmount;
    this.length++;
  }

  delete(seq: number): void {
    const at = this.find(seq);
    if (at >= 0) {
      if (this.packed[at] >= 0) this.removed++;
      this.packed[at] = -1;
      return;
    }
    this.outOfOrder.delete(seq);
  }

  private find(seq: number): number {
    let low = 0;
    let high = this.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const value = this.seqs[middle];
      if (value === seq) return middle;
      if (value < seq) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  private grow(): void {
    const capacity = this.seqs.length * 2;
    const seqs = new Float64Array(capacity);
    seqs.set(this.seqs);
    this.seqs = seqs;
    const packed = new Float64Array(capacity);
    packed.set(this.packed);
    this.packed = packed;
    const logAmounts = new Float32Array(capacity);
    logAmounts.set(this.logAmounts);
    this.logAmounts = logAmounts;
  }
}
