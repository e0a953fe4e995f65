import currencyCodes from 'currency-codes';

// currency-codes finds a code by a linear search of its table: each answer is kept (at most 26³ codes).
const exponents = new Map<string, number | undefined>();

/** ISO 4217 minor-unit exponent (USD 2, JPY 0, KWD 3), or undefined for an unknown code. */
export function currencyExponent(code: string): number | undefined {
  if (exponents.has(code)) return exponents.get(code);
  if (!/^[A-Z]{3}$/.test(code)) return undefined;
  const entry = currencyCodes.code(code);
  // Funds codes and metals (XAU, XDR…) have no minor unit in ISO 4217; they are not bank currencies.
  const exponent = entry && Number.isInteger(entry.digits) ? entry.digits : undefined;
  exponents.set(code, exponent);
  return exponent;
}

export function isKnownCurrency(code: string): boolean {
  return currencyExponent(code) !== undefined;
}
