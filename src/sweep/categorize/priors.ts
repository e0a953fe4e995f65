import { accountForRole } from '../../chart/us-chart.ts';
import { cleanDescriptor, REGISTER_PROCESSORS, type CleanedDescriptor } from '../../descriptor/descriptor.ts';
import { TRANSFER, type CategorizationInput, type CategoryTarget } from './types.ts';
import { revenueTargetFor } from './industry.ts';
import { LEGAL_FORMS, namesAPerson } from '../../descriptor/person-name.ts';
import { HAND_KEYWORD_RULES, matchKeyword } from './keywords.ts';
import { matchMcc } from './mcc.ts';
import { CARD_PRESENT, SOFTWARE_MAKERS_DOMAIN } from './directory/lookup.ts';

/**
 * The likeliest account of a row nothing else explained, offered for review only: its confidence stays far below any
 * review threshold and the engine holds it for review whatever the tenant's threshold. The catch-all says nothing; a
 * reviewer confirms a likely guess with one click where a catch-all row must be filed by hand.
 *
 * - **A card sale at a register** is most likely a meal. Local restaurants, cafés and bars are more than half of the
 *   card rows small businesses' banks print (issue 12's held-out real rows), and they are the rows no directory can
 *   list: independent places, often named without a word of their trade ("SQ *BLUE DOOR", "TST* WALKING ON WATER").
 *   At a register: behind a point-of-sale processor whose sellers mostly serve walk-in customers (Square, Clover,
 *   SpotOn, Toast, Zettle), or a card line that prints the merchant's city and state where an online seller prints a
 *   phone number or a web address. Online fronts (PayPal, Shopify, Stripe…) and ACH lines get no guess.
 *   Above what a meal costs, from a business that names itself a service or a repair shop or a dealer in machines, it
 *   is a technician's call or a part: repairs.
 * - **A card sale that prints a telephone number where the city goes** was ordered by mail, phone or web: above what a
 *   meal costs, most likely supplies (a repair call from a service or a machine dealer), weakly.
 * - **Money into a deposit account** is most likely a customer paying: a small business's credits are mostly its
 *   receipts, and transfers, loans, refunds and the owner's money have rules of their own. Revenue of the kind the
 *   entity's industry earns (service revenue when none is stated). Checking accounts only: a card's credits are
 *   payments and merchants' refunds, a savings account's are transfers and interest, and a trust account holds
 *   clients' money, which is never revenue.
 * - **A charge the card network flags as recurring** is most likely a subscription: software.
 * - **A merchant known by a web address** in a top-level domain that software makers took up (.io, .ai, .app, .dev,
 *   .so, .sh, .tech, .cloud: names of tools and services more than of shops) most likely sells software by subscription.
 * - **A company named as a food or drink supplier or a wholesaler** (hand-keywords.csv's `food-supplier` and `wholesale`
 *   words: PRODUCE, SEAFOOD, DAIRY, DISTRIBUTING…), paid from the account by ACH, bill pay or check rather than at a
 *   register, most likely sold stock: cost of goods, which is what the industries that buy from such companies file.
 * - **A company paid from checking by ACH, bill pay or wire**, $100 or more, that nothing else explained (no listing, rule
 *   or word of a trade) is most likely a supplier whose stock or materials the business sells: cost of goods, the
 *   plurality by far, though a subcontractor, a landlord or a utility are each a fair chance.
 * - **Money into or out of a savings account** is most likely a move between the business's own accounts (interest
 *   has rules of its own): a transfer, whose other leg the pairing finds once that account is connected.
 *
 * A guess's confidence is how often such guesses were right on the written development sets (the held-out sets never
 * set one): the plain priors above were right on 1,382 of the 2,079 read lines they guessed (66%) when this was last
 * measured, under any review threshold still.
 */
export const PRIOR_SCORE = 0.65;
/**
 * A sale at a register of $100 or more is more than a table for two spends: seldom a meal (on the written sets' lines, 11
 * in 250), most often stock or materials bought from a shop nothing lists (53 in 250), so the guess is cost of goods, as
 * sure as it was there (188 of 671 such read lines at the last count).
 */
export const MEAL_AT_A_REGISTER_MAX_MINOR = 10_000;
export const BEYOND_A_MEAL_SCORE = 0.3;
/**
 * A business that names itself a service or a repair shop ("HOBART SERVICE", "TX AUTO REFRIG SVC", cut to "SQ *BAY
 * GENERATOR SERVIC") sells a technician's call, not goods: above what a meal costs, such card sales that nothing else
 * explained were repairs 8 times in 9 on the read sets. So does a dealer in machines, whose counter sells their parts and
 * service ("NORTHWEST IOWA IMPLEMENT", "HERITAGE TRACTOR", "GREENWAY EQUIPMENT": 8 of 11 such card sales were repairs);
 * above the safe harbor its sale is offered as equipment (capitalization.ts). A dealer in mowers and small engines
 * ("TREASURE COAST MOWER & S", "CHAMPLAIN VALLEY EQUIPME", cut where the card network's field ends) is such a dealer.
 */
const SERVICE_CALL_WORDS: ReadonlySet<string> = new Set([
  'SVC',
  'SVCS',
  'SERVICE',
  'SERVICES',
  'SERVIC',
  'SERVI',
  'IMPLEMENT',
  'IMPLEMENTS',
  'MOWER',
  'MOWERS',
  'ENGINE',
  'ENGINES',
  'TRACTOR',
  'TRACTORS',
  'EQUIPMENT',
  'EQUIPME',
  'EQUIPM',
  'EQUIP',
  'REPAIR',
  'REPAIRS',
  'REFRIG',
  'REFRIGERATION',
  'MAINTENANCE',
  'MAINT',
]);
/** Above this a purchase from an online seller is goods or equipment more often than a plan's monthly or yearly price. */
const ONLINE_SUBSCRIPTION_MAX_MINOR = 50_000;
/** An unlisted .com seller's small charge was a subscription for 39 of 132 such lines of the read sets. */
const ONLINE_SELLER_SCORE = 0.3;
/**
 * On the read sets' lines, 53 in 58 of the payments to such a supplier that nothing else explained were cost of goods: as
 * sure as a plain prior, which no guess exceeds.
 */
const STOCK_SUPPLIER_SCORE = PRIOR_SCORE;
const STOCK_SUPPLIER_RULES: ReadonlySet<string> = new Set(['food-supplier', 'wholesale']);
const STOCK_SUPPLIER_WORDS: readonly string[] = HAND_KEYWORD_RULES.filter((rule) =>
  STOCK_SUPPLIER_RULES.has(rule.name),
).flatMap((rule) => rule.words);
/**
 * The card networks flag a merchant's recurring billing ("RISA TECH INC ... RECURRING", "RECURRING PAYMENT"): most often a
 * subscription (software for 28 of 37 such lines of the read sets, utilities and ads most of the rest).
 */
const RECURRING_CHARGE = /\b(RECURRING|RECUR)\b/;
/**
 * The card networks print a merchant's customer-service telephone number where the city goes when the card was not
 * present (a mail, telephone or web order): "CANDLESCIENCE 919-4888200 NC". A business orders so from a maker or a
 * catalog, seldom a meal; above what a meal costs, supplies (about a quarter of such lines nothing else explained on the
 * read sets; cost of goods, software and dues most of the rest), a weak guess.
 */
const PHONE_IN_PLACE = /(^|\s)(\(\d{3}\) ?|\d{3}[-.])\d{3}-?\d{4}\b/;
export const REMOTE_ORDER_SCORE = 0.2;
/**
 * A card charge from a merchant that prints neither a place nor a telephone number, at a price a plan is sold at (whole
 * dollars, or ending in .99 or .95, under what an online seller's plan costs), is most likely a subscription billed
 * online: software for 119 of 283 such lines nothing else explained on the read sets, courses and dues most of the
 * rest. A weak guess, and none for a sale the bank marks as made at a terminal.
 */
const PLAN_PRICE_SCORE = 0.4;
/**
 * A company's legal form or a software firm's word in the name ("BULLHORN INC BOSTON MA"): at a plan price above what a
 * meal costs, a subscription more often than stock (software for 18 of 57 such read lines nothing else explained, cost of
 * goods for 11; a technology firm's word, counted among them then, is read first now, at any price).
 */
const COMPANY_NAME = /\b(INC|LLC|CORP|CORPORATION|SOFTWARE|SOLUTIONS|LABS|SYSTEMS)\b/;
/**
 * A payee named a technology company ("AXXESS TECHNOLOG INVOICE", "REDTAIL TECHNOLOGY SACRAMENTO CA", cut where the field
 * ends) sells software more often than the goods it makes: 12 of the 19 such lines that nothing else explained on the
 * written read sets were subscriptions (goods, supplies and equipment the rest). A guess, for review.
 */
const TECHNOLOGY_FIRM = /\b(TECHNOLOGY|TECHNOLOGIES|TECHNOLOGIE|TECHNOLOG|TECHNOLO)\b/;
function isAPlanPrice(amountMinor: number): boolean {
  const cents = amountMinor % 100;
  return amountMinor < ONLINE_SUBSCRIPTION_MAX_MINOR && (cents === 0 || cents === 99 || cents === 95);
}
/** A bank's words for a card's sale; "DBT CRD 2324" leaves DBT once its card's number is read. */
const CARD_WORDS = /\b(POS|CHECKCARD|CARD|CRD|PUR|PURCH|PURCHASE)\b|^DBT$/;

/** A card's line, or a checking account's debit-card purchase or tap through a phone wallet: a sale at a till or a checkout. */
export function isCardLine(row: CategorizationInput, descriptor: CleanedDescriptor): boolean {
  return (
    row.bankAccountKind === 'credit_card' ||
    descriptor.wallet !== null ||
    (descriptor.bankPrefix !== null && CARD_WORDS.test(descriptor.bankPrefix))
  );
}

export function matchPrior(
  row: CategorizationInput,
): { target: CategoryTarget; rawScore: number; detail: string } | null {
  // A savings account's own movements are interest, which rules know, and moves to and from the business's other
  // accounts: what no tier explained there is most likely a transfer whose other leg is not connected yet.
  if (row.bankAccountKind === 'savings')
    return { target: TRANSFER, rawScore: PRIOR_SCORE, detail: 'prior a savings account moves money between accounts' };
  const descriptor = row.descriptor ?? cleanDescriptor(row.description, row.merchant);
  const cardLine = isCardLine(row, descriptor);
  const atRegister = descriptor.processor !== null && REGISTER_PROCESSORS.has(descriptor.processor);
  if (row.direction === 'in') {
    // A card's credit from a register or a meal-delivery service is a refund of what was bought there: most likely a meal.
    if (cardLine && (atRegister || descriptor.kindHint === 'meals'))
      return {
        target: accountForRole('meals'),
        rawScore: PRIOR_SCORE,
        detail: 'prior refund of a card sale at a register',
      };
    // A card's credit from a merchant whose words or category code name what was bought is that purchase refunded (the
    // network's credit carries the merchant's name and code as the sale did): the purchase's account, for review.
    if (row.bankAccountKind === 'credit_card') {
      const purchase = { ...row, direction: 'out' as const };
      const bought = matchKeyword(purchase)?.target ?? matchMcc(row.merchantCategoryCode, 'out')?.target;
      return bought ? { target: bought, rawScore: PRIOR_SCORE, detail: 'prior refund of a card purchase' } : null;
    }
    if (row.bankAccountKind !== 'checking' || cardLine) return null;
    return {
      target: revenueTargetFor(accountForRole('service_revenue'), 'in', row.industry),
      rawScore: PRIOR_SCORE,
      detail: 'prior money in from a customer',
    };
  }
  if (RECURRING_CHARGE.test(row.description.toUpperCase()))
    return {
      target: accountForRole('software'),
      rawScore: PRIOR_SCORE,
      detail: 'prior a charge the network flags as recurring',
    };
  if (descriptor.domain !== null && SOFTWARE_MAKERS_DOMAIN.test(descriptor.domain))
    return {
      target: accountForRole('software'),
      rawScore: PRIOR_SCORE,
      detail: 'prior a web address of a software maker',
    };
  // A merchant the knowledge does not list, known by its .com address, sells online: subscriptions are what small
  // businesses most often buy so (a booking tool, a website builder), though goods and ads come that way too.
  if (descriptor.domain !== null && descriptor.achEntry === null && row.amountMinor < ONLINE_SUBSCRIPTION_MAX_MINOR)
    return {
      target: accountForRole('software'),
      rawScore: ONLINE_SELLER_SCORE,
      detail: 'prior a web address of an online seller',
    };
  if (TECHNOLOGY_FIRM.test(descriptor.cleaned))
    return {
      target: accountForRole('software'),
      rawScore: COMPANY_BILL_SCORE,
      detail: 'prior a technology company',
    };
  if (!cardLine && !atRegister && namesStockSupplier(descriptor.tokens))
    return {
      target: accountForRole('cost_of_goods'),
      rawScore: STOCK_SUPPLIER_SCORE,
      detail: 'prior a food supplier or wholesaler paid by ACH or bill',
    };
  if (
    !cardLine &&
    !atRegister &&
    row.bankAccountKind === 'checking' &&
    descriptor.processor === null &&
    descriptor.domain === null &&
    row.amountMinor >= MEAL_AT_A_REGISTER_MAX_MINOR &&
    !NOT_A_SUPPLIER_BILL.test(row.description.toUpperCase().replace(WIRE_WORDING, ' ')) &&
    namesACompany(descriptor)
  )
    return {
      target: accountForRole('cost_of_goods'),
      rawScore: COMPANY_BILL_SCORE,
      detail: 'prior a company paid by ACH, bill pay or wire',
    };
  if (descriptor.achEntry !== null || descriptor.domain !== null) return null;
  const serviceCall = descriptor.tokens.some((word) => SERVICE_CALL_WORDS.has(word));
  if (
    cardLine &&
    descriptor.processor === null &&
    !descriptor.placePrinted &&
    row.amountMinor >= MEAL_AT_A_REGISTER_MAX_MINOR &&
    PHONE_IN_PLACE.test(row.description)
  )
    return serviceCall
      ? {
          target: accountForRole('repairs'),
          rawScore: PRIOR_SCORE,
          detail:
            'prior card sale by mail, phone or web order above what a meal costs, from a service or repair business',
        }
      : {
          target: accountForRole('supplies'),
          rawScore: REMOTE_ORDER_SCORE,
          detail: 'prior card sale by mail, phone or web order above what a meal costs',
        };
  const placedCardSale = descriptor.processor === null && cardLine && descriptor.placePrinted;
  if (!atRegister && !placedCardSale) {
    if (
      cardLine &&
      descriptor.processor === null &&
      !CARD_PRESENT.test(descriptor.bankPrefix ?? '') &&
      isAPlanPrice(row.amountMinor)
    )
      return {
        target: accountForRole('software'),
        rawScore: PLAN_PRICE_SCORE,
        detail: 'prior card charge at a plan price from a merchant that prints no place',
      };
    // Below what a meal costs, at no plan price, a card's sale from a merchant printing no place, telephone or web address
    // (an aggregator's cleaned name, "PDQ TAMPA", "JUAN IN A MILLION") is most often a meal: 39 of 68 such read card
    // lines nothing else explained.
    if (
      cardLine &&
      descriptor.processor === null &&
      row.amountMinor < MEAL_AT_A_REGISTER_MAX_MINOR &&
      descriptor.laterDomain === null &&
      !PHONE_IN_PLACE.test(row.description)
    )
      return {
        target: accountForRole('meals'),
        rawScore: PRIOR_SCORE,
        detail: "prior card sale of a meal's size from a merchant that prints no place",
      };
    return null;
  }
  const beyondAMeal = row.amountMinor >= MEAL_AT_A_REGISTER_MAX_MINOR;
  if (placedCardSale && beyondAMeal && isAPlanPrice(row.amountMinor) && COMPANY_NAME.test(descriptor.cleaned))
    return {
      target: accountForRole('software'),
      rawScore: PLAN_PRICE_SCORE,
      detail: 'prior card charge at a plan price from a company that prints its city',
    };
  const sale = `prior card sale ${atRegister ? `at a ${descriptor.processor} register` : 'with a city and state'}`;
  if (beyondAMeal && serviceCall)
    return {
      target: accountForRole('repairs'),
      rawScore: PRIOR_SCORE,
      detail: `${sale} above what a meal costs, from a service or repair business`,
    };
  return {
    target: accountForRole(beyondAMeal ? 'cost_of_goods' : 'meals'),
    rawScore: beyondAMeal ? BEYOND_A_MEAL_SCORE : PRIOR_SCORE,
    detail: `${sale}${beyondAMeal ? ' above what a meal costs' : ''}`,
  };
}

/** Whether the name's words hold a stock supplier's word or phrase, whole words only. */
function namesStockSupplier(tokens: readonly string[]): boolean {
  const text = ` ${tokens.join(' ')} `;
  return STOCK_SUPPLIER_WORDS.some((word) => text.includes(` ${word} `));
}

/**
 * A payee with a name of its own that is no person's: not a bare check or a deposit the bank's words leave nameless. A
 * legal form makes it a company even when its words could be a person's ("ROYAL COFFEE INC").
 */
function namesACompany(descriptor: CleanedDescriptor): boolean {
  const named = descriptor.tokens.filter((token) => !NAMELESS_WORDS.has(token));
  return named.length > 0 && (named.some((token) => LEGAL_FORMS.has(token)) || !namesAPerson(named.join(' ')));
}
/**
 * On the written read sets, 343 of 675 such payments that nothing else explained were cost of goods; contract labor, rent
 * and utilities came next.
 */
const COMPANY_BILL_SCORE = 0.5;
/** A payment app, a transfer, a card's or a loan's payment, a draft (a credit union's check) or an autopay is no supplier's bill. */
const NOT_A_SUPPLIER_BILL =
  /\b(ZELLE|VENMO|CASH APP|PAYPAL|TRANSFER|XFER|TRNSFR|VISA|MASTERCARD|CARD|DRAFT|LOAN|AUTOPAY|AUTO PAY)\b/;
/**
 * A wire's own words ("OUTGOING WIRE TRANSFER", "WIRE TRANSFER OUT"): its TRANSFER is the bank's word for a wire, which
 * pays a company as a bill pay does, not a move between accounts. The wire's other words are nameless (below).
 */
const WIRE_WORDING = /\b(OUTGOING |INCOMING |DOMESTIC |INTL |INTERNATIONAL )?WIRE TRANSFER\b/g;
const NAMELESS_WORDS: ReadonlySet<string> = new Set([
  'OUTGOING',
  'WIRE',
  'OUT',
  'BNF',
  'CHECK',
  'CHK',
  'CK',
  'DEBIT',
  'WITHDRAWAL',
  'PAYMENT',
  'PMT',
  'TRANSFER',
  'ONLINE',
  'BILL',
  'PAY',
]);
