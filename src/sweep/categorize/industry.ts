import { accountForRole } from '../../chart/us-chart.ts';
import type { Industry } from '../../tenancy/entity-profile.ts';
import type { CategoryTarget } from './types.ts';

/**
 * What the entity's line of business (stated by the owner, `entities.industry`) changes in how a row
 * is filed. Only purchases and receipts whose meaning depends on the trade are concerned; everything
 * else books the same for every business. Written from how these trades keep books (Schedule C
 * practice), not from any labeled row.
 */

const SALES_OF_GOODS = accountForRole('sales');
const SERVICE_REVENUE = accountForRole('service_revenue');
const COST_OF_GOODS = accountForRole('cost_of_goods');

/** Whether the business sells goods or services: which revenue account its customers' money books to. */
const REVENUE_ACCOUNT: Partial<Record<Industry, CategoryTarget>> = {
  professional_services: SERVICE_REVENUE,
  construction: SERVICE_REVENUE,
  personal_services: SERVICE_REVENUE,
  transportation: SERVICE_REVENUE,
  food_service: SALES_OF_GOODS,
  retail: SALES_OF_GOODS,
  manufacturing: SALES_OF_GOODS,
};

/**
 * Trades that sell both: a clinic bills visits, but a pharmacy, an optician or a vet's counter sells goods; a repair
 * shop bills labour, a car dealer sells cars. Their customers' money leans one way, as a guess for review.
 */
const REVENUE_LEANING: Partial<Record<Industry, CategoryTarget>> = {
  healthcare: SERVICE_REVENUE,
  automotive: SERVICE_REVENUE,
};

/**
 * A rule or the directory saw money from customers (a processor payout, a customer's transfer) and
 * guessed sales of goods or service revenue; the industry says which of the two the business has.
 */
export function revenueTargetFor(
  target: CategoryTarget,
  direction: 'in' | 'out',
  industry: Industry | null | undefined,
): CategoryTarget {
  if (direction !== 'in' || !industry || (target !== SALES_OF_GOODS && target !== SERVICE_REVENUE)) return target;
  return REVENUE_ACCOUNT[industry] ?? REVENUE_LEANING[industry] ?? target;
}

/**
 * Without a stated industry, sales of goods or service revenue is a guess: such answers carry this
 * raw score instead of their rule's or entry's, so calibration rates them apart (a 4000 from a
 * Stripe payout is right for a shop and wrong for a studio).
 */
export const REVENUE_GUESS_SCORE = 0.55;

export function guessesRevenueKind(
  target: CategoryTarget,
  direction: 'in' | 'out',
  industry: Industry | null | undefined,
): boolean {
  return (
    direction === 'in' &&
    (target === SALES_OF_GOODS || target === SERVICE_REVENUE) &&
    !(industry && REVENUE_ACCOUNT[industry])
  );
}

/**
 * Directory merchants whose use depends on the trade. `merchants` are directory names, `categories`
 * directory coverage groups; `rawScore` replaces the entry's own confidence, which was low because
 * without the trade the use was a guess. Scores are distinct from the directory's usual values so
 * calibration can fit these answers on their own.
 */
export interface TradeMapping {
  industry: Industry;
  direction: 'in' | 'out';
  merchants?: readonly string[];
  categories?: readonly string[];
  /** Only entries whose generic answer is one of these accounts (a grocery's supplies, not 7-Eleven's meals). */
  whenGenericTargets?: readonly CategoryTarget[];
  target: CategoryTarget;
  rawScore: number;
}

const BUILDING_SUPPLY_HOUSES = [
  'Ferguson',
  'SiteOne Landscape',
  'Builders FirstSource',
  'ABC Supply',
  'Beacon Roofing',
  'Home Depot Pro',
  "Lowe's Pro",
  'Plumbing Supply',
  'Graybar',
  'Rexel',
  '84 Lumber',
  'Grainger Branch',
];
const HOME_IMPROVEMENT_STORES = [
  'The Home Depot',
  "Lowe's",
  'Menards',
  'Ace Hardware',
  'True Value',
  'Do it Best',
  'Floor & Decor',
  'Lumber Liquidators',
  'Sherwin-Williams',
  'Benjamin Moore',
  'PPG Paints',
  'Kelly-Moore',
  'Dunn-Edwards',
];
/** Cooperatives and makers that sell mostly to stores (a contractor meets them at a member store, under its own name). */
const HARDWARE_WHOLESALERS = ['Do it Best', 'True Value', 'Benjamin Moore', 'Blue Rhino'];
const WHOLESALE_CLUBS = ['Costco', "Sam's Club", "BJ's Wholesale Club"];
const AUTO_PARTS_STORES = ['AutoZone', "O'Reilly Auto Parts", 'Advance Auto Parts', 'NAPA Auto Parts', 'Pep Boys'];
const FOOD_SERVICE_DISTRIBUTORS = [
  'Sysco',
  'US Foods',
  'Gordon Food Service',
  'Performance Food Group',
  'Restaurant Depot',
  'Shamrock Foods',
  'Ben E. Keith',
  'Reinhart Foodservice',
  'Cash & Carry Smart Foodservice',
];
/** Trades that cook or make nothing: what they buy from a food-service distributor (snacks, paper goods, cleaning) is supplies. */
const KITCHENLESS_INDUSTRIES: readonly Industry[] = [
  'professional_services',
  'construction',
  'retail',
  'personal_services',
  'healthcare',
  'transportation',
  'automotive',
  'other',
];

export const TRADE_MAPPINGS: readonly TradeMapping[] = [
  // A trade contractor's materials go into the customer's job: cost of goods. A supply house sells
  // almost nothing else; a home-improvement store also sells tools and shop supplies.
  {
    industry: 'construction',
    direction: 'out',
    merchants: BUILDING_SUPPLY_HOUSES,
    target: COST_OF_GOODS,
    rawScore: 0.86,
  },
  {
    industry: 'construction',
    direction: 'out',
    merchants: HOME_IMPROVEMENT_STORES,
    target: COST_OF_GOODS,
    rawScore: 0.74,
  },
  // A repair shop's parts-store runs are parts that go into customers' cars, billed on the repair order.
  { industry: 'automotive', direction: 'out', merchants: AUTO_PARTS_STORES, target: COST_OF_GOODS, rawScore: 0.86 },
  {
    industry: 'automotive',
    direction: 'out',
    categories: ['auto_parts'],
    whenGenericTargets: [accountForRole('vehicle')],
    target: COST_OF_GOODS,
    rawScore: 0.86,
  },
  // The trade-only distributors (electrical, HVAC, plumbing, roofing, drywall, landscape, pool, pest) already
  // answer cost of goods, trusted less because the buyer's trade is a guess; a stated construction trade
  // confirms that what it buys there goes into customers' jobs.
  {
    industry: 'construction',
    direction: 'out',
    categories: ['trade_supply'],
    whenGenericTargets: [COST_OF_GOODS],
    target: COST_OF_GOODS,
    rawScore: 0.86,
  },
  // A kitchen's groceries and warehouse-club runs are ingredients; its propane cooks them. A supermarket's generic
  // answer is the owner's personal shopping, a grocery delivery's or a club's supplies: a kitchen's are either way stock.
  {
    industry: 'food_service',
    direction: 'out',
    categories: ['grocery'],
    whenGenericTargets: [accountForRole('supplies'), accountForRole('personal')],
    target: COST_OF_GOODS,
    rawScore: 0.74,
  },
  { industry: 'food_service', direction: 'out', merchants: WHOLESALE_CLUBS, target: COST_OF_GOODS, rawScore: 0.74 },
  {
    industry: 'food_service',
    direction: 'out',
    merchants: ['Propane Supplier'],
    target: accountForRole('supplies'),
    rawScore: 0.72,
  },
  // Money in from a ride or delivery platform is, for a kitchen, its delivery orders' payout.
  {
    industry: 'food_service',
    direction: 'in',
    merchants: ['Uber', 'Uber Eats', 'DoorDash', 'Grubhub', 'Postmates', 'Caviar'],
    target: SALES_OF_GOODS,
    rawScore: 0.86,
  },
  // Elsewhere a distributor's delivery is the office's or the center's own supplies (a daycare's snacks, a clinic's
  // paper goods), though a shop may resell some: a guess.
  ...KITCHENLESS_INDUSTRIES.map((industry) => ({
    industry,
    direction: 'out' as const,
    merchants: FOOD_SERVICE_DISTRIBUTORS,
    whenGenericTargets: [COST_OF_GOODS],
    target: accountForRole('supplies'),
    rawScore: 0.6,
  })),
  // An insurer's money in is, for a practice, its patients' claims paid (not a premium refund): health
  // plans, and the auto and workers' compensation insurers that pay for accident patients' care.
  {
    industry: 'healthcare',
    direction: 'in',
    categories: ['health', 'insurance'],
    target: SERVICE_REVENUE,
    rawScore: 0.86,
  },
  // A shop that pays a hardware cooperative, a paint maker or a tank-exchange program by ACH is stocking its shelves.
  { industry: 'retail', direction: 'out', merchants: HARDWARE_WHOLESALERS, target: COST_OF_GOODS, rawScore: 0.74 },
  // A shop's money in from a marketplace is its sales there, not a refund of a purchase.
  {
    industry: 'retail',
    direction: 'in',
    merchants: ['Amazon', 'eBay', 'Etsy'],
    target: SALES_OF_GOODS,
    rawScore: 0.86,
  },
  // An office's online orders are office supplies and small equipment.
  {
    industry: 'professional_services',
    direction: 'out',
    merchants: ['Amazon'],
    target: accountForRole('office'),
    rawScore: 0.72,
  },
  // An office's post-office counter is letters and filings (office postage), not shipments of goods.
  {
    industry: 'professional_services',
    direction: 'out',
    merchants: ['USPS'],
    target: accountForRole('office'),
    rawScore: 0.74,
  },
  { industry: 'healthcare', direction: 'out', merchants: ['USPS'], target: accountForRole('office'), rawScore: 0.74 },
];

export function tradeMapping(
  entry: { name: string; category: string },
  genericTarget: CategoryTarget,
  direction: 'in' | 'out',
  industry: Industry | null | undefined,
): TradeMapping | null {
  if (!industry) return null;
  for (const mapping of TRADE_MAPPINGS) {
    if (mapping.industry !== industry || mapping.direction !== direction) continue;
    if (mapping.whenGenericTargets && !mapping.whenGenericTargets.includes(genericTarget)) continue;
    if (mapping.merchants?.includes(entry.name) || mapping.categories?.includes(entry.category)) return mapping;
  }
  return null;
}
