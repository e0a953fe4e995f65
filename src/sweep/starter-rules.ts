import type { CategorizationInput, TierDecision } from './categorize/types.ts';

/**
 * A small starter rule set for descriptors every US bank shows. Each rule names the direction it
 * applies to, because the same words mean different things in and out (a Stripe payout is revenue,
 * a Stripe fee is a cost).
 */
interface StarterRule {
  pattern: RegExp;
  direction?: 'in' | 'out';
  target: string;
  confidence: number;
}

const RULES: StarterRule[] = [
  { pattern: /\b(GUSTO|ADP|PAYCHEX|RIPPLING|JUSTWORKS|TRINET)\b.*\b(NET ?PAY|PAYROLL|WAGES?)\b|\bPAYROLL\b/, direction: 'out', target: '6180', confidence: 0.9 },
  { pattern: /\b(IRS|USATAXPYMT|EFTPS)\b/, direction: 'out', target: '6140', confidence: 0.85 },
  { pattern: /\b(MONTHLY (SERVICE|MAINTENANCE) FEE|SERVICE CHARGE|OVERDRAFT|NSF FEE|WIRE (TRANSFER )?FEE|ATM FEE)\b/, direction: 'out', target: '6210', confidence: 0.95 },
  { pattern: /\bINTEREST (PAYMENT|PAID|EARNED)\b|^INTEREST\b/, direction: 'in', target: '4500', confidence: 0.95 },
  { pattern: /\b(INTEREST CHARGE|PURCHASE INTEREST|FINANCE CHARGE)\b/, direction: 'out', target: '6070', confidence: 0.9 },
  { pattern: /\b(STRIPE|SQUARE|SHOPIFY)\b.*\b(TRANSFER|PAYOUT|DEPOSIT)\b/, direction: 'in', target: '4000', confidence: 0.85 },
  { pattern: /\b(PAYMENT THANK YOU|AUTOPAY|AUTOMATIC PAYMENT|ONLINE PAYMENT|EPAY)\b/, target: 'transfer', confidence: 0.85 },
  { pattern: /\b(ATM (CASH )?WITHDRAWAL|CASH WITHDRAWAL)\b/, direction: 'out', target: '3200', confidence: 0.8 },
  { pattern: /\b(LOAN PAYMENT|LOAN PMT|SBA LOAN)\b/, direction: 'out', target: '2400', confidence: 0.85 },
];

export function starterRuleDecision(input: CategorizationInput): TierDecision | null {
  const text = `${input.description} ${input.merchant ?? ''}`.toUpperCase();
  for (const rule of RULES) {
    if (rule.direction && rule.direction !== input.direction) continue;
    if (rule.pattern.test(text)) return { target: rule.target, confidence: rule.confidence, source: 'regex' };
  }
  return null;
}
