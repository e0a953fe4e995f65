import { accountForRole } from '../../chart/us-chart.ts';
import type { Industry } from '../../tenancy/entity-profile.ts';
import { SUPPLIER_INVOICE_WORDING } from './builtin-rules.ts';
import { cleanDescriptor } from '../../descriptor/descriptor.ts';
import type { CategorizationInput, CategoryTarget } from './types.ts';

/**
 * The keyword tier: generic trade words that say what kind of business a local merchant is, for
 * the many rows no directory lists (the taqueria round the corner, the town's hardware store, the
 * city's permit office). Written from how US merchants name themselves on card and ACH descriptors,
 * never from labeled rows. A word names the kind of merchant, not what the purchase was for, so the
 * signal is weaker than a rule's or the directory's; its confidence comes from its own calibration
 * curve (key `keyword`), and some words only mean something for a stated industry (a tortilleria is
 * a kitchen's supplier, but says little about a design studio's spending).
 *
 * Strength is the raw score: `clear` for words that almost always name one use of the money,
 * `likely` for words with a common second reading.
 */
export type KeywordStrength = 'clear' | 'likely';
export const KEYWORD_SCORE: Record<KeywordStrength, number> = { clear: 0.7, likely: 0.6 };
/**
 * One trade word inside a longer proper name ("WALKING ON WATER", "BLUE MOON TAVERN GROUP") says less than the word
 * that is the name's own trade ("JOES PIZZA"): the raw score drops below every strength, and calibration rates it apart.
 */
export const WORD_IN_LONG_NAME_SCORE = 0.45;
/** Words a business's legal name ends with that name no trade: not counted in the name's length. */
const LEGAL_FORM_WORDS: ReadonlySet<string> = new Set(['LLC', 'INC', 'CO', 'CORP', 'LTD', 'LLP', 'PLLC', 'PC', 'PA', 'THE', '&']);

export interface KeywordRule {
  name: string;
  /** Words or phrases, matched on whole words of the cleaned descriptor and pushed merchant name. */
  words: readonly string[];
  /** Money out only: trade words name whom the business pays. */
  target: CategoryTarget | null;
  /** A different account for these industries; `null` there means no opinion. */
  byIndustry?: Partial<Record<Industry, CategoryTarget | null>>;
  strength: KeywordStrength;
  /** Wording of the whole line that means the words name someone else (a café's name on a supplier's invoice). */
  unless?: RegExp;
}

/** Ordered: the first rule with a word in the text decides, so specific phrases come before loose words. */
export const KEYWORD_RULES: readonly KeywordRule[] = [
  // Suppliers of materials a trade or a maker turns into what it sells.
  {
    name: 'trade-supply', strength: 'clear', target: accountForRole('supplies'), byIndustry: { construction: accountForRole('cost_of_goods'), manufacturing: accountForRole('cost_of_goods') },
    words: ['PLUMBING SUPPLY', 'PLUMBING SUPPLIES', 'PLBG SUPPLY', 'ELECTRIC SUPPLY', 'ELECTRICAL SUPPLY', 'HVAC SUPPLY', 'HEATING SUPPLY', 'BUILDING SUPPLY',
      'BUILDING MATERIALS', 'LUMBER', 'LUMBER CO', 'LUMBERYARD', 'PIPE & SUPPLY', 'WATERWORKS', 'PLUMBING', 'PLBG', 'HVAC', 'HARDWARE', 'HDWE'],
  },
  {
    name: 'food-supplier', strength: 'likely', target: null, byIndustry: { food_service: accountForRole('cost_of_goods') },
    words: ['TORTILLERIA', 'CARNICERIA', 'PANADERIA', 'PRODUCE', 'MEATS', 'MEAT MARKET', 'MEAT CO', 'POULTRY', 'FARMS', 'FARM', 'ORCHARD', 'ORCHARDS',
      'CREAMERY', 'DAIRY', 'FOODS', 'FOOD SERVICE', 'FOODSERVICE', 'WHOLESALE', 'ICE CO', 'ICE HOUSE', 'PACKAGED ICE', 'BEVERAGE', 'BEVERAGES',
      'DISTRIBUTING', 'DISTRIBUTORS', 'MERCADO', 'SUPERMERCADO', 'GARDEN', 'GARDENS', 'ROASTING', 'ROASTERS', 'ROASTERY', 'BAKING', 'SEAFOOD', 'ICE'],
  },
  { name: 'wholesale', strength: 'likely', target: null, byIndustry: { retail: accountForRole('cost_of_goods'), manufacturing: accountForRole('cost_of_goods'), food_service: accountForRole('cost_of_goods') }, words: ['WHOLESALE', 'WHSL', 'WHOLESALERS', 'DISTRIBUTORS', 'DISTRIBUTING', 'IMPORTERS', 'IMPORTS'] },
  { name: 'chemicals', strength: 'likely', target: accountForRole('supplies'), words: ['CHEMICAL', 'CHEMICALS', 'JANITORIAL SUPPLY', 'SANITATION SUPPLY', 'HANGERS', 'FABRICARE'] },
  // A dealer buys the cars it sells at dealers' auctions.
  { name: 'auto-auction', strength: 'likely', target: null, byIndustry: { automotive: accountForRole('cost_of_goods') }, words: ['AUTO AUCTION', 'DEALERS AUCTION', 'DEALER AUCTION', 'AUCTION'] },
  // A carrier's dispatcher takes a cut of each load it books.
  { name: 'dispatch', strength: 'likely', target: null, byIndustry: { transportation: accountForRole('commissions') }, words: ['DISPATCH', 'DISPATCHING', 'DISPATCH SVC', 'DISPATCH SERVICE'] },
  { name: 'supplies', strength: 'likely', target: accountForRole('supplies'), byIndustry: { construction: accountForRole('cost_of_goods'), manufacturing: accountForRole('cost_of_goods') }, words: ['SUPPLY', 'SUPPLIES', 'SUPPL', 'SUPPLY CO'] },
  // Metal stock and the shops that finish parts (anodizing, plating, heat treating) go into what a maker sells.
  {
    name: 'metals', strength: 'likely', target: null, byIndustry: { manufacturing: accountForRole('cost_of_goods'), construction: accountForRole('cost_of_goods') },
    words: ['STEEL', 'METALS', 'ALUMINUM', 'ANODIZING', 'HEAT TREATING', 'PLATING', 'POWDER COATING', 'FASTENERS'],
  },
  // A builder pays the trades it hires by their trade's name (a supply house's name says SUPPLY, read above).
  {
    name: 'subcontractor', strength: 'likely', target: null, byIndustry: { construction: accountForRole('contract_labor') },
    words: ['ELECTRIC INC', 'ELECTRIC LLC', 'ELECTRIC CO', 'ELECTRICAL', 'ROOFING', 'DRYWALL', 'PAINTING', 'CONCRETE', 'MASONRY', 'EXCAVATING', 'EXCAVATION',
      'FLOORING', 'INSULATION', 'FRAMING', 'GUTTERS', 'CABINETRY', 'COUNTERTOPS'],
  },

  // Eating out.
  {
    name: 'restaurant', strength: 'clear', target: accountForRole('meals'),
    // Eating out is paid at the counter; an ACH against an invoice pays a supplier whose name holds a café's word ("CAFE IMPORTS").
    unless: SUPPLIER_INVOICE_WORDING,
    words: ['RESTAURANT', 'RESTAURANTE', 'RESTAURANTS', 'CAFE', 'CAF', 'CAFFE', 'RESTAURA', 'RESTAURAN', 'RESTAUR', 'BISTRO', 'DINER', 'GRILL', 'GRILLE', 'BAR & GRILL', 'TAVERN', 'PUB',
      'BREWING', 'BREWERY', 'TAPROOM', 'TAP ROOM', 'PIZZA', 'PIZZERIA', 'TAQUERIA', 'TACOS', 'TACO', 'BURGER', 'BURGERS', 'SUSHI', 'RAMEN',
      'NOODLE', 'NOODLES', 'PHO', 'KITCHEN', 'EATERY', 'BBQ', 'BARBECUE', 'SMOKEHOUSE', 'STEAKHOUSE', 'CANTINA', 'DELI', 'DELICATESSEN',
      'BAKERY', 'BAGEL', 'BAGELS', 'DONUT', 'DONUTS', 'DOUGHNUTS', 'OYSTER', 'TRATTORIA', 'OSTERIA', 'CUCINA', 'BRASSERIE', 'CHOPHOUSE',
      'WINGS', 'JUICE', 'SMOOTHIE', 'BOBA', 'TEAHOUSE', 'CREPERIE', 'GASTROPUB', 'BEER GARDEN', 'WINE BAR', 'SALOON', 'CAFETERIA',
      'MEXICAN FOOD', 'CHINESE FOOD', 'THAI FOOD', 'CUISINE', 'CHICKEN', 'SANDWICH', 'SANDWICHES', 'CATERING', 'CATERERS'],
  },

  // Driving the business's vehicles.
  // A repair shop's parts counters, tire distributors and bulk-oil suppliers sell what goes into customers' cars.
  {
    name: 'auto-parts-supplier', strength: 'likely', target: null, byIndustry: { automotive: accountForRole('cost_of_goods') },
    words: ['AUTO PARTS', 'MOTOR PARTS', 'PARTS', 'PARTS DEPT', 'TIRE', 'TIRES', 'AMERICAN TIRE', 'PETROLEUM', 'LUBRICANTS', 'LUBRICANT', 'OIL CO'],
  },
  {
    name: 'vehicle-service', strength: 'clear', target: accountForRole('vehicle'),
    words: ['AUTO REPAIR', 'AUTO CARE', 'AUTO SERVICE', 'AUTO PARTS', 'AUTOMOTIVE', 'TIRE', 'TIRES', 'TIRE & AUTO', 'TRUCK REPAIR', 'TRUCK & AUTO',
      'DIESEL', 'OIL CHANGE', 'LUBE', 'CAR WASH', 'CARWASH', 'MUFFLER', 'BRAKES', 'TRANSMISSION', 'COLLISION', 'BODY SHOP', 'SMOG', 'EMISSIONS',
      'TOWING', 'TOLL', 'TOLLS', 'GARAGE', 'FUEL', 'PETRO', 'PETROLEUM', 'TRAVEL CENTER', 'TRAVEL PLAZA', 'TRUCK STOP', 'SHUTTLE',
      'TRANSIT', 'TAXI', 'CAB', 'TOLLWAY', 'TURNPIKE', 'EZPASS', 'E ZPASS', 'SUNPASS', 'FASTRAK', 'TXTAG', 'PEACH PASS', 'IPASS', 'QUICK PASS', 'GOOD TO GO'],
  },
  // Keeping the premises and the equipment working (a vehicle's repairs are driving costs, above).
  {
    name: 'repairs', strength: 'likely', target: accountForRole('repairs'),
    words: ['REPAIR', 'REPAIRS', 'SMALL ENGINE', 'SMALL ENGI', 'OUTDOOR POWER', 'POWER EQUIPMENT', 'PWR EQ', 'POWER EQ', 'JANITORIAL', 'CLEANING', 'CLEAN',
      'MAID', 'MAIDS', 'LINEN', 'LINEN SVC', 'LINEN SERVICE', 'PEST CONTROL', 'EXTERMINATING', 'LOCKSMITH', 'HANDYMAN', 'APPLIANCE SERVICE', 'PEST', 'TERMITE', 'REFRIGERATION', 'REFRIGERA'],
  },
  { name: 'utilities', strength: 'clear', target: accountForRole('utilities'), words: ['LANDFILL', 'LANDFIL', 'WASTE', 'SANITATION', 'RECYCLING', 'DUMPSTER', 'TRASH', 'REFUSE', 'UTILITIES', 'UTILITY', 'UTIL', 'SEWER', 'WATER DEPT', 'WATER DEPARTMENT',
    // A city's utility department bills as the city ("CITY OF COLUMBUS DPU"), so these come before the government words.
    'DPU', 'UB', 'UTILITY BILLING', 'UTIL BILLING', 'PUBLIC UTILITIES', 'ILLUMINATING', 'PUBLIC UTIL', 'WATER SYS', 'WATER SYSTEM', 'WATER BILL', 'WATER UTILITY', 'WATER & SEWER', 'WATER SEWER',
    'WATER CO', 'WATER COMPANY', 'WATER WORKS', 'POWER DISTRICT', 'PUBLIC POWER', 'ELECTRIC COOP', 'ELECTRIC COOPERATIVE', 'ELECTRIC MEMBERSHIP',
    'GAS & ELEC', 'GAS & ELECTRIC', 'GAS AND ELECTRIC', 'GAS ELECTRIC', 'ELECTRIC PO', 'ELECTRIC POWER', 'POWER ELEC', 'ELEC PYMT', 'INTERNET', 'BROADBAND', 'FIBER',
    'TELECOM', 'WIRELESS', 'CELLULAR', 'TELEPHONE', 'WATER', 'GAS CO', 'GAS COMPANY', 'NATURAL GAS'] },
  // Plants, soil and stone are mostly bought by those who install them for a customer (cost of
  // goods); an office or a salon buys them as supplies.
  {
    name: 'landscape-supply', strength: 'likely', target: accountForRole('cost_of_goods'),
    byIndustry: { professional_services: accountForRole('supplies'), personal_services: accountForRole('supplies'), healthcare: accountForRole('supplies'), food_service: accountForRole('supplies'), transportation: accountForRole('supplies') },
    words: ['NURSERY', 'NURSERIES', 'MULCH', 'STONE CENTER', 'STONE CTR', 'STONE SUPPLY', 'LANDSCAPE SUPPLY', 'LANDSCAPE SUPPL', 'SOD FARM', 'TOPSOIL', 'IRRIGATION', 'GARDEN CENTER'],
  },
  // A landlord bills as the property's company ("BROOKSWOOD PLAZA LLC"), with the centre's shared costs (CAM) apart.
  { name: 'landlord', strength: 'likely', target: accountForRole('rent'), words: ['PLAZA', 'PROPERTIES', 'PROPERTI', 'PROP', 'PROPERTY MGMT', 'PROPERTY MANAGEMENT', 'REALTY', 'CAM', 'SHOPPING CENTER', 'OFFICE PARK', 'BUSINESS PARK', 'BUSINESS CENTER'] },
  { name: 'lodging', strength: 'clear', target: accountForRole('travel'), words: ['HOTEL', 'HOTELS', 'MOTEL', 'INN', 'SUITES', 'RESORT', 'LODGE', 'HOSTEL', 'AIRLINES', 'AIRWAYS', 'AIRLINE'] },
  { name: 'books-and-learning', strength: 'clear', target: accountForRole('education'), words: ['BOOKS', 'BOOKSTORE', 'BOOK STORE', 'BOOK STO', 'BOOKSELLERS', 'BOOKSHOP', 'SEMINAR', 'CONFERENCE', 'ACADEMY', 'TRAINING', 'COURSE', 'COURSES',
  'CONT ED', 'CONTINUING ED', 'CONTINUING EDUCATION', 'MASTERCLASS', 'MASTER CLASS', 'WORKSHOP', 'CERTIFICATION', 'EXTENSION',
  'INSTITUTE', 'BAR INST', 'SYMPOSIUM', 'SYMPOSI', 'APPRENT', 'APPRENTICESHIP'] },
  {
    name: 'government', strength: 'clear', target: accountForRole('taxes_licenses'),
    words: ['CITY OF', 'COUNTY OF', 'TOWN OF', 'VILLAGE OF', 'STATE OF', 'PERMIT', 'PERMITS', 'LICENSE', 'LICENSES', 'LICENSING', 'DMV',
      'PUBLIC HEALTH', 'HEALTH DEPT', 'BUILDING DEPT', 'COUNTY CLERK', 'CITY CLERK', 'RECORDER', 'COUNTY TREAS', 'TREASURER', 'TAX COLLECTOR', 'COUNTY COLLECTOR', 'COLLECTOR'],
  },
  { name: 'charity', strength: 'likely', target: accountForRole('charity'), words: ['DONATION', 'DONATIONS', 'CHARITY', 'CHARITIES', 'FOOD BANK', 'RESCUE MISSION', 'HUMANE SOCIETY', 'HABITAT FOR HUMANITY'] },
  // A profession's society ("NEBRASKA SOCIETY OF CPAS") is its members' dues, though its name holds the profession's word.
  { name: 'professional-society', strength: 'likely', target: accountForRole('dues'), words: ['SOCIETY OF', 'STATE SOCIETY'] },
  { name: 'professional', strength: 'clear', target: accountForRole('professional_services'), words: ['CPA', 'CPAS', 'ACCOUNTING', 'ACCOUNTANTS', 'BOOKKEEPING', 'LAW OFFICE', 'LAW OFFICES', 'LAW FIRM', 'LAW GROUP', 'ATTORNEY', 'ATTORNEYS', 'LEGAL', 'ESQ', 'TAX SERVICE', 'ACCTG', 'MED BILLING', 'MEDICAL BILLING', 'BILLING SERVICE', 'BILLING SVC', 'TAX ADVISORS', 'TAX ADVISOR', 'TAX SVC', 'TAX SERVICES', 'TAX PREP', 'TAX PREPARATION', 'ENROLLED AGENT'] },
  { name: 'dues', strength: 'likely', target: accountForRole('dues'), words: ['ASSOCIATION', 'ASSN', 'ASSOC', 'CHAMBER OF COMMERCE', 'CHAMBER', 'DUES', 'GUILD', 'MEMBERSHIP', 'MEMBERSHIPS'] },
  { name: 'shipping', strength: 'clear', target: accountForRole('shipping'), words: ['SHIPPING', 'FREIGHT', 'COURIER', 'LOGISTICS', 'PACK & SHIP', 'POSTAL'] },
  { name: 'insurance', strength: 'likely', target: accountForRole('insurance'), words: ['INSURANCE', 'INS PREM', 'INS PMT', 'ASSURANCE', 'MUTUAL INS', 'INS CO', 'WC PREM', 'WC PREMIUM', 'WORKERS COMP', 'WORK COMP', 'WORKERS COMPENSATION', 'INSUR', 'GL POLICY',
    // States' workers' compensation funds.
    'L&I', 'LABOR & INDUSTRIES', 'LABOR AND INDUSTRIES', 'NYSIF', 'STATE FUND', 'STATE INSURANCE FUND', 'STATE INS FUND', 'LWCC', 'EMPLOYERS MU', 'EMPLOYERS MUTUAL'] },
  // Equipment and truck lenders print their name, not "LOAN": the payment is principal and interest.
  { name: 'equipment-finance', strength: 'likely', target: accountForRole('loans'), words: ['EQUIP FIN', 'EQUIPMENT FIN', 'TRUCK FINANC', 'TRUCK FINANCIAL', 'TRUCK FINANCE', 'EQUIP FINANCING', 'EQUIPMENT FINANCING'] },
  { name: 'marketing', strength: 'likely', target: accountForRole('advertising'), words: ['ADVERTISING', 'MARKETING', 'SPONSORSHIP', 'SPONSOR', 'EXPO', 'TRADE SHOW', 'BOOTH', 'SIGNS', 'SIGNAGE', 'PROMOTIONS',
    'RADIO', 'NEWSPAPER', 'GAZETTE', 'BILLBOARD', 'BILLBOARDS', 'YELLOW PAGES'] },
  // Temporary workers come through an agency; consultants, engineers and architects are professional services.
  { name: 'staffing', strength: 'likely', target: accountForRole('contract_labor'), words: ['STAFFING', 'TEMPS', 'TEMPORARY SERVICES', 'TEMP SERVICES', 'LABOR READY', 'PEOPLEREADY'] },
  { name: 'consultants', strength: 'likely', target: accountForRole('professional_services'), words: ['CONSULTING', 'CONSULTANTS', 'ENGINEERING', 'ENGINEERS', 'ARCHITECTS', 'ARCHITECTURE', 'APPRAISAL', 'SURVEYING', 'NOTARY'] },
  { name: 'workwear', strength: 'likely', target: accountForRole('supplies'), words: ['UNIFORM', 'UNIFORMS', 'WORKWEAR', 'SAFETY SUPPLY', 'SAFETY PRODUCTS'] },
  { name: 'storage', strength: 'likely', target: accountForRole('rent'), words: ['SELF STORAGE', 'MINI STORAGE', 'STORAGE UNITS', 'STORAGE CENTER'] },
  { name: 'equipment-rental', strength: 'likely', target: accountForRole('equipment_rent'), words: ['EQUIPMENT RENTAL', 'EQUIP RENTAL', 'TOOL RENTAL', 'RENTAL CENTER', 'PARTY RENTAL', 'PARTY RENTALS', 'TENT', 'TENT & EVENT', 'EVENT RENTAL', 'EVENT RENTALS'] },
  { name: 'web-hosting', strength: 'likely', target: accountForRole('software'), words: ['HOSTING', 'WEB HOSTING', 'DOMAINS'] },
  // What an owner buys for themself on the business's card: a gym, a golf round, a film, jewellery, toys.
  {
    name: 'personal', strength: 'likely', target: accountForRole('personal'), byIndustry: { personal_services: null },
    words: ['FITNESS', 'GYM', 'NAIL SALON', 'NAILS', 'DAY SPA', 'BARBER', 'GOLF', 'COUNTRY CLUB', 'ATHLETIC CLUB', 'HEALTH CLUB', 'CINEMA', 'CINEMAS', 'MOVIE THEATER', 'TOYS', 'JEWELERS', 'JEWELRY'],
  },
  { name: 'office', strength: 'likely', target: accountForRole('office'), words: ['OFFICE SUPPLY', 'OFFICE SUPPLIES', 'PRINTING', 'PRINT SHOP', 'COPY CENTER', 'STATIONERY', 'POST OFFICE'] },
  { name: 'software', strength: 'likely', target: accountForRole('software'), words: ['SOFTWARE', 'SAAS'] },
];

export interface KeywordMatch {
  rule: KeywordRule;
  word: string;
  target: CategoryTarget;
  rawScore: number;
}

/** Phrase → the rules naming it, in rule order; a text is looked up by its runs of words, not scanned per word. */
const RULES_BY_PHRASE = new Map<string, number[]>();
for (const [index, rule] of KEYWORD_RULES.entries()) {
  for (const word of rule.words) RULES_BY_PHRASE.set(word, [...(RULES_BY_PHRASE.get(word) ?? []), index]);
}
const MAX_PHRASE_WORDS = Math.max(...KEYWORD_RULES.flatMap((rule) => rule.words.map((word) => word.split(' ').length)));


const ownNameWords = new Map<string, readonly string[]>();
function cleanedWordsOf(name: string): readonly string[] {
  let words = ownNameWords.get(name);
  if (!words) {
    words = cleanDescriptor(name).tokens;
    if (ownNameWords.size > 10_000) ownNameWords.clear();
    ownNameWords.set(name, words);
  }
  return words;
}

/** The words without every run equal to `name` ("… INS PREM ROSAS TACOS LLC" loses "ROSAS TACOS LLC"). */
function withoutRun(words: readonly string[], name: readonly string[]): string[] {
  if (name.length === 0) return [...words];
  const kept: string[] = [];
  for (let index = 0; index < words.length;) {
    if (name.every((word, offset) => words[index + offset] === word)) {
      index += name.length;
      continue;
    }
    kept.push(words[index]);
    index += 1;
  }
  return kept;
}

export function matchKeyword(input: Pick<CategorizationInput, 'description' | 'merchant' | 'direction' | 'industry' | 'entityName' | 'descriptor'>): KeywordMatch | null {
  if (input.direction !== 'out') return null;
  const cleaned = input.descriptor ?? cleanDescriptor(input.description, input.merchant);
  // "PROGRESSIVE INS PREM ROSAS TACOS LLC" is the insurer's debit of a taco business, not a taqueria.
  const ownName = input.entityName ? cleanedWordsOf(input.entityName) : [];
  const line = input.description.toUpperCase();
  let best: { ruleIndex: number; word: string } | null = null;
  for (const words of [cleaned.tokens, cleaned.merchantName?.split(' ') ?? []]) {
    const text = withoutRun(words, ownName);
    for (let start = 0; start < text.length; start += 1) {
      let phrase = '';
      for (let end = start; end < Math.min(text.length, start + MAX_PHRASE_WORDS); end += 1) {
        phrase = phrase ? `${phrase} ${text[end]}` : text[end];
        for (const ruleIndex of RULES_BY_PHRASE.get(phrase) ?? []) {
          if (targetFor(KEYWORD_RULES[ruleIndex], input.industry) === null || KEYWORD_RULES[ruleIndex].unless?.test(line)) continue;
          // The first rule in order decides; within it, the longest phrase is reported.
          if (!best || ruleIndex < best.ruleIndex || (ruleIndex === best.ruleIndex && phrase.length > best.word.length)) best = { ruleIndex, word: phrase };
        }
      }
    }
  }
  const hint = cleaned.kindHint ? accountForRole(cleaned.kindHint) : null;
  if (best) {
    const rule = KEYWORD_RULES[best.ruleIndex];
    const target = targetFor(rule, input.industry)!;
    // The processor knows its merchants' trade better than a word of their name ("TST* WALKING ON WATER" is a restaurant).
    if (!hint || target === hint) {
      const nameLength = cleaned.tokens.filter((word) => !LEGAL_FORM_WORDS.has(word)).length;
      const rawScore = !best.word.includes(' ') && nameLength >= 3 ? WORD_IN_LONG_NAME_SCORE : KEYWORD_SCORE[rule.strength];
      return { rule, word: best.word, target, rawScore };
    }
  }
  if (hint && cleaned.kindHint) {
    return { rule: processorKindRule(cleaned.kindHint, hint), word: `${cleaned.processor} merchant`, target: hint, rawScore: KEYWORD_SCORE.likely };
  }
  return null;
}

/** The answer a processor's trade gives (decodeDescriptor's kind hint), reported as a keyword rule of its own. */
function processorKindRule(role: string, target: CategoryTarget): KeywordRule {
  return { name: `processor-kind-${role}`, words: [], target, strength: 'likely' };
}

function targetFor(rule: KeywordRule, industry: Industry | null | undefined): CategoryTarget | null {
  return industry && rule.byIndustry && industry in rule.byIndustry ? rule.byIndustry[industry]! : rule.target;
}
