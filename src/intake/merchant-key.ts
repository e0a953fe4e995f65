/**
 * The merchant a row belongs to, as the memory tier remembers it: the pushed merchant name when
 * there is one, else the descriptor without the noise banks add (processor prefixes, card and store
 * numbers, dates, reference numbers).
 */
export function merchantKeyFor(description: string, merchant: string | null): string {
  const source = merchant && merchant.trim() ? merchant : description;
  const cleaned = source
    .toUpperCase()
    .replace(/^(POS|DEBIT CARD|CHECKCARD|PURCHASE|ACH|RECURRING)( (PURCHASE|DEBIT|PAYMENT|WITHDRAWAL))*\s+/g, '')
    .replace(/^(SQ|TST|SP|PP|PAYPAL|GOOGLE)\s*\*\s*/, '')
    .replace(/\d{2}\/\d{2}(\/\d{2,4})?/g, ' ')
    .replace(/[#*]\s*\w*\d\w*/g, ' ')
    .replace(/\b\w*\d\w*\b/g, ' ')
    .replace(/[^A-Z&' ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return (cleaned || source.trim().toUpperCase()).slice(0, 120);
}
