/**
 * The one exact decimal of the project: an integer count of 10^-scale units held in a BigInt, so no
 * amount a statement, a file or a JSON body gives ever passes through floating-point arithmetic.
 * The scale is kept as written ("12.50" has scale 2), because a reader must report an amount with
 * the decimals it was printed with; comparisons and sums are by value.
 */
export class Decimal {
  static readonly ZERO = new Decimal(0n, 0);

  private constructor(
    readonly units: bigint,
    readonly scale: number,
  ) {
    if (!Number.isInteger(scale) || scale < 0)
      throw new RangeError(`a decimal scale is a whole number ≥ 0, not ${scale}`);
  }

  /** units × 10^-scale: Decimal.of(1234n, 2) is 12.34. */
  static of(units: bigint, scale = 0): Decimal {
    return new Decimal(units, scale);
  }

  /**
   * A plain decimal with '.' as the separator and an optional sign ("-1234.5", "+.50", "12."), or null.
   * `strict` refuses a plus sign and a missing digit on either side of the point ("12.", ".5").
   */
  static parse(text: string, options: { strict?: boolean } = {}): Decimal | null {
    const match = (options.strict ? STRICT_DECIMAL : PLAIN_DECIMAL).exec(text.trim());
    if (!match) return null;
    const [, sign, whole, fraction = ''] = match;
    if (whole === '' && fraction === '') return null;
    const units = BigInt((whole || '0') + fraction);
    return new Decimal(sign === '-' ? -units : units, fraction.length);
  }

  /** Like parse, for text the program itself wrote: anything else is a bug, so it throws. */
  static from(text: string): Decimal {
    const value = Decimal.parse(text);
    if (!value) throw new RangeError(`not a decimal: "${text}"`);
    return value;
  }

  /**
   * A JavaScript number as the decimal it prints as. Numbers print with the fewest digits that read
   * back to them, so 12.34 is exactly 12.34 here where 12.34 * 100 is not 1234.
   */
  static fromNumber(value: number): Decimal {
    if (!Number.isFinite(value)) throw new RangeError('a decimal is a finite number');
    return Decimal.from(expandExponent(String(value)));
  }

  static sum(values: Iterable<Decimal>): Decimal {
    let total = Decimal.ZERO;
    for (const value of values) total = total.plus(value);
    return total;
  }

  plus(other: Decimal): Decimal {
    const scale = Math.max(this.scale, other.scale);
    return new Decimal(this.unitsAt(scale) + other.unitsAt(scale), scale);
  }

  minus(other: Decimal): Decimal {
    return this.plus(other.negate());
  }

  negate(): Decimal {
    return new Decimal(-this.units, this.scale);
  }

  abs(): Decimal {
    return this.units < 0n ? this.negate() : this;
  }

  /** -1, 0 or 1 by value ("1.10" equals "1.1"). */
  compare(other: Decimal): -1 | 0 | 1 {
    const scale = Math.max(this.scale, other.scale);
    const difference = this.unitsAt(scale) - other.unitsAt(scale);
    return difference === 0n ? 0 : difference < 0n ? -1 : 1;
  }

  equals(other: Decimal): boolean {
    return this.compare(other) === 0;
  }

  isZero(): boolean {
    return this.units === 0n;
  }

  isNegative(): boolean {
    return this.units < 0n;
  }

  /** Rounded half away from zero to at most `scale` decimals (what a spreadsheet shows for a number cell). */
  roundTo(scale: number): Decimal {
    if (this.scale <= scale) return this;
    const drop = 10n ** BigInt(this.scale - scale);
    const magnitude = this.units < 0n ? -this.units : this.units;
    const rounded = (magnitude + drop / 2n) / drop;
    return new Decimal(this.units < 0n ? -rounded : rounded, scale);
  }

  /**
   * The value in 10^-exponent units (minor units of a currency with that exponent), or null when that
   * would need rounding: digits beyond the exponent are accepted only when they are zeros.
   */
  toUnitsAt(exponent: number): bigint | null {
    if (this.scale <= exponent) return this.unitsAt(exponent);
    const drop = 10n ** BigInt(this.scale - exponent);
    return this.units % drop === 0n ? this.units / drop : null;
  }

  /**
   * At least `minScale` decimals, and trailing zeros beyond it removed: with 2, "12.3400" → "12.34",
   * "12" → "12.00", while "12.345" keeps its three (a value is never rounded to fit).
   */
  withScale(minScale: number): Decimal {
    let { units, scale } = this;
    while (scale > minScale && units % 10n === 0n) {
      units /= 10n;
      scale -= 1;
    }
    return scale < minScale
      ? new Decimal(units * 10n ** BigInt(minScale - scale), minScale)
      : new Decimal(units, scale);
  }

  /** The nearest JavaScript number; exact for every amount within MAX_AMOUNT_MINOR, because that prints shortest. */
  toNumber(): number {
    return Number(this.toString());
  }

  /** Plain text with every decimal of the scale ("-0.07", "12.50"); zero never carries a minus. */
  toString(): string {
    const negative = this.units < 0n;
    const digits = (negative ? -this.units : this.units).toString().padStart(this.scale + 1, '0');
    const body = this.scale === 0 ? digits : `${digits.slice(0, -this.scale)}.${digits.slice(-this.scale)}`;
    return negative ? `-${body}` : body;
  }

  private unitsAt(scale: number): bigint {
    return this.units * 10n ** BigInt(scale - this.scale);
  }
}

const PLAIN_DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;
const STRICT_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** "1e-7" → "0.0000001", "1.5e+21" → "1500000000000000000000": exponent notation expanded as text. */
function expandExponent(text: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]?\d+)$/i.exec(text);
  if (!match) return text;
  const [, sign, whole, fraction = '', exponentText] = match;
  const exponent = Number(exponentText);
  const digits = whole + fraction;
  const pointAt = whole.length + exponent;
  if (pointAt <= 0) return `${sign}0.${'0'.repeat(-pointAt)}${digits}`;
  if (pointAt >= digits.length) return sign + digits + '0'.repeat(pointAt - digits.length);
  return `${sign}${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
}
