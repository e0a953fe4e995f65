import currencyCodes from 'currency-codes';

/** ISO 4217 minor-unit exponent (USD 2, JPY 0, KWD 3), or undefined for an unknown code. */
export function currencyExponent(code: string): number | undefined {
  if (!/^[A-Z]{3}$/.test(code)) return undefined;
  const entry = currencyCodes.code(code);
  if (!entry) return undefined;
  // Funds codes and metals (XAU, XDR…) have no minor unit in ISO 4217; they are not bank currencies.
  return Number.isInteger(entry.digits) ? entry.digits : undefined;
}

export function isKnownCurrency(code: string): boolean {
  return currencyExponent(code) !== undefined;
}
