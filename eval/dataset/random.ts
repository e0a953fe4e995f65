/** A small seeded generator (mulberry32): the data set must come out byte-identical on every run. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let mixed = this.state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  }

  int(minInclusive: number, maxInclusive: number): number {
    return minInclusive + Math.floor(this.next() * (maxInclusive - minInclusive + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Digits as a bank prints them in reference numbers. */
  digits(count: number): string {
    let text = '';
    for (let index = 0; index < count; index += 1) text += String(this.int(0, 9));
    return text;
  }

  /** Upper-case letters and digits, as in processor reference codes ("2K3L45"). */
  code(count: number): string {
    const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
    let text = '';
    for (let index = 0; index < count; index += 1) text += alphabet[this.int(0, alphabet.length - 1)];
    return text;
  }

  /** Cents between two dollar amounts, skewed toward the lower end like most spending. */
  amountMinor(minDollars: number, maxDollars: number): number {
    const skewed = this.next() ** 1.6;
    return Math.round((minDollars + (maxDollars - minDollars) * skewed) * 100);
  }
}
