/**
 * The generated test set of descriptors (issue 12): card and ACH lines in the shapes US banks print, built from merchant
 * names that no rule, keyword or directory entry was written from:
 *
 * - `brand`: brands of the name-suggestion-index held out of the directory by its deterministic split
 *   (`isHeldOutBrand`), minus any the hand-kept directory lists; labelled by their OpenStreetMap tag's role
 *   (directory/osm-roles.csv), as the directory would label them;
 * - `local`: local businesses' names generated here from surnames, towns and the words such businesses are called by,
 *   labelled by the kind of business the generator chose; some carry no trade word at all (a restaurant called
 *   "WALKING ON WATER"), as many real ones do.
 *
 * Shapes: card-network padding (name in 25 columns, city in 13, then the state), processor prefixes (TST*, SQ *, SP *,
 * PAYPAL *, CLV*, IC*), phone wallets (APLPAY), store numbers, truncation at 22 characters, Bank of America's
 * "CHECKCARD MMDD", "POS DEBIT", "DEBIT CARD PURCHASE" with a masked card, and ACH debits with company ids. Half of the
 * card rows carry a merchant category code, as bank feeds do, chosen from the kind of business (the networks' codes,
 * not the service's range table).
 *
 * No labelled bank-transaction rows from any public source are used: every line is made here. Deterministic (seeded).
 */
import { createHash } from 'node:crypto';
import { accountForRole, type ChartRole } from '../../src/chart/us-chart.ts';
import { directoryEntries, lookupDirectory } from '../../src/sweep/categorize/directory/lookup.ts';
import { cleanDescriptor } from '../../src/descriptor/descriptor.ts';
import { isHeldOutBrand, usBrandsWithRoles } from '../../scripts/build-directory.ts';
import { BANK_STYLES, type CardSale } from '../dataset/bank-styles.ts';
import { Random } from '../dataset/random.ts';

export type GeneratedSource = 'brand' | 'local';

export interface GeneratedRow {
  id: string;
  source: GeneratedSource;
  /** The merchant's name before a bank printed it. */
  merchantName: string;
  description: string;
  /** Money out, in minor units. */
  amountMinor: number;
  date: string;
  bankAccountKind: 'checking' | 'credit_card';
  merchantCategoryCode: string | null;
  /** The chart account the row belongs on, and the role it came from. */
  label: string;
  role: ChartRole;
  /** Which printing shape made the line, for the per-shape figures. */
  shape: string;
}

/** The half of the set calibration is fitted on (by a hash of the id); the other half is where figures are reported. */
export function isFittingRow(id: string): boolean {
  return createHash('sha256').update(`fit:${id}`).digest()[0] % 2 === 0;
}

const SURNAMES = [
  'MILLER',
  'NGUYEN',
  'GARCIA',
  'OKAFOR',
  'KOWALSKI',
  'HENDERSON',
  'PATEL',
  'RAMIREZ',
  'OBRIEN',
  'LINDGREN',
  'CASTILLO',
  'FITZGERALD',
  'MORALES',
  'JOHANSSON',
  'BAKER',
  'DELGADO',
  'WASHINGTON',
  'CHEN',
  'MURPHY',
  'ROSSI',
  'SCHMIDT',
  'HOLLOWAY',
  'BRENNAN',
  'TRAN',
  'ABERNATHY',
  'VALDEZ',
  'SULLIVAN',
  'KIM',
  'ESPINOZA',
  'HARTLEY',
  'DUBOIS',
  'MCALLISTER',
  'PETROV',
  'YAMAMOTO',
  'GALLAGHER',
  'ORTEGA',
  'WHITFIELD',
  'NAKAMURA',
  'BECKER',
  'SANTOS',
];
const PLACES: ReadonlyArray<[string, string]> = [
  ['CEDAR PARK', 'TX'],
  ['ROUND ROCK', 'TX'],
  ['SPRINGFIELD', 'MO'],
  ['BOZEMAN', 'MT'],
  ['ASHEVILLE', 'NC'],
  ['FLAGSTAFF', 'AZ'],
  ['DULUTH', 'MN'],
  ['MACON', 'GA'],
  ['SALEM', 'OR'],
  ['ITHACA', 'NY'],
  ['PUEBLO', 'CO'],
  ['LAFAYETTE', 'LA'],
  ['OGDEN', 'UT'],
  ['NAPERVILLE', 'IL'],
  ['TOLEDO', 'OH'],
  ['FRESNO', 'CA'],
  ['CHATTANOOGA', 'TN'],
  ['BANGOR', 'ME'],
  ['SIOUX FALLS', 'SD'],
  ['PROVIDENCE', 'RI'],
  ['GREENVILLE', 'SC'],
  ['LEXINGTON', 'KY'],
  ['SPOKANE', 'WA'],
  ['SANTA FE', 'NM'],
  ['BURLINGTON', 'VT'],
  ['LAS CRUCES', 'NM'],
  ['KENOSHA', 'WI'],
];
const FANCIFUL = [
  'WALKING ON WATER',
  'BLUE HERON',
  'THE COPPER DOOR',
  'LITTLE SPARROW',
  'RED FERN',
  'NORTH STAR',
  'HIGH TIDE',
  'GOLDEN HOUR',
  'THE WILLOWS',
  'BRASS MONKEY',
  'SILVER LINING',
  'OLD TOWN',
  'FOX & HOUND',
  'THE ANCHOR',
  'TWO RIVERS',
  'MAGNOLIA',
  'IRON HORSE',
  'PAPER MOON',
];

interface LocalKind {
  role: ChartRole;
  /** Patterns: {S} a surname, {T} a town, {F} a fanciful name. */
  names: readonly string[];
  /** Codes the networks file such merchants under. */
  mccs: readonly string[];
  processors: readonly string[];
  /** Paid by ACH with a company id rather than by card. */
  ach?: boolean;
  amount: [number, number];
}

/** Kinds of local business and how they call themselves, written for this generator from how US main streets read. */
const LOCAL_KINDS: readonly LocalKind[] = [
  {
    role: 'meals',
    names: [
      '{S}S GRILL',
      '{S} FAMILY RESTAURANT',
      '{T} PIZZA',
      'TAQUERIA {S}',
      '{S}S DINER',
      '{F} CAFE',
      '{F} TAVERN',
      '{S} BBQ',
      '{F} BISTRO',
      'SUSHI {S}',
      '{S}S DELI',
      '{F} KITCHEN',
      'PHO {S}',
      '{T} BREWING CO',
      '{F} COFFEE',
      '{S}S DONUTS',
      '{F} PUB',
      '{T} TACOS',
      '{F} BAKERY',
      '{F}',
      '{F} AND CO',
    ],
    mccs: ['5812', '5812', '5814', '5813'],
    processors: ['TST* ', 'TST* ', 'SQ *', 'SQ *', 'CLV*', ''],
    amount: [8, 140],
  },
  {
    role: 'fuel',
    names: ['{T} FUEL STOP', '{S} GAS & GO', '{T} TRAVEL PLAZA', '{S} FUEL CENTER', '{T} GAS STATION', '{S} PETROLEUM'],
    mccs: ['5541', '5542'],
    processors: [''],
    amount: [25, 160],
  },
  {
    role: 'lodging',
    names: ['{T} INN', '{S} MOTEL', '{F} SUITES', 'HOTEL {S}', '{F} LODGE', '{F} BED AND BREAKFAST'],
    mccs: ['7011'],
    processors: ['', 'SQ *'],
    amount: [90, 480],
  },
  {
    role: 'vehicle',
    names: [
      '{S} AUTO REPAIR',
      '{T} TIRE & AUTO',
      '{S}S GARAGE',
      '{F} CAR WASH',
      '{S} COLLISION',
      '{T} TOWING',
      '{S} AUTOMOTIVE',
    ],
    mccs: ['7538', '7542', '5532', '7549'],
    processors: ['', 'SQ *'],
    amount: [15, 900],
  },
  {
    role: 'supplies',
    names: ['{S} HARDWARE', '{T} MARKET', '{S}S GROCERY', '{T} FOOD MART', '{F} MINI MART', '{S} TRUE VALUE'],
    mccs: ['5411', '5251', '5499'],
    processors: ['', 'IC* '],
    amount: [6, 260],
  },
  {
    role: 'personal',
    names: ['{S} BARBER SHOP', '{F} NAIL SALON', '{T} FITNESS', '{F} CINEMA', '{F} BOUTIQUE', '{S} JEWELERS'],
    mccs: ['7230', '7997', '7832', '5651', '5944'],
    processors: ['', 'SQ *', 'SP '],
    amount: [12, 300],
  },
  {
    role: 'office',
    names: ['{T} PRINT SHOP', '{S} OFFICE SUPPLY', '{F} COMPUTER STORE', '{T} COPY CENTER'],
    mccs: ['5943', '7338', '5732'],
    processors: ['', 'SQ *'],
    amount: [10, 400],
  },
  {
    role: 'parking',
    names: ['{T} PARKING GARAGE', '{F} PARKING LOT', 'CITY OF {T} PARKING'],
    mccs: ['7523'],
    processors: [''],
    amount: [3, 40],
  },
  {
    role: 'repairs',
    names: ['{S} PEST CONTROL', '{F} CLEANING SERVICES', '{S} LOCKSMITH', '{T} APPLIANCE REPAIR'],
    mccs: ['7342', '7349', '7699'],
    processors: ['', 'SQ *'],
    ach: true,
    amount: [60, 700],
  },
  {
    role: 'professional_services',
    names: ['{S} & {S} CPAS', '{S} LAW OFFICE', '{S} TAX SERVICE', '{T} BOOKKEEPING'],
    mccs: ['8931', '8111', '7276'],
    processors: [''],
    ach: true,
    amount: [150, 2500],
  },
  {
    role: 'shipping',
    names: ['{T} PACK & SHIP', '{F} COURIER', '{S} FREIGHT'],
    mccs: ['4215', '4214'],
    processors: ['', 'SQ *'],
    amount: [12, 600],
  },
];

/** The codes the networks give the kinds of place the brands' OpenStreetMap tags name. */
const MCC_BY_TAG: Readonly<Record<string, string>> = {
  'amenity=restaurant': '5812',
  'amenity=fast_food': '5814',
  'amenity=cafe': '5814',
  'amenity=bar': '5813',
  'amenity=pub': '5813',
  'amenity=biergarten': '5813',
  'amenity=ice_cream': '5814',
  'amenity=food_court': '5812',
  'shop=bakery': '5462',
  'shop=coffee': '5814',
  'shop=deli': '5499',
  'amenity=fuel': '5541',
  'amenity=charging_station': '5552',
  'amenity=car_wash': '7542',
  'amenity=parking': '7523',
  'shop=car_repair': '7538',
  'shop=tyres': '5532',
  'shop=car_parts': '5533',
  'amenity=car_rental': '7512',
  'tourism=hotel': '7011',
  'tourism=motel': '7011',
  'tourism=hostel': '7011',
  'tourism=guest_house': '7011',
  'shop=supermarket': '5411',
  // A convenience chain's brand is labelled by its pumps (osm-roles.csv brand_role), which the networks code 5541.
  'shop=convenience': '5541',
  'shop=wholesale': '5300',
  'shop=department_store': '5311',
  'shop=variety_store': '5331',
  'shop=hardware': '5251',
  'shop=doityourself': '5200',
  'shop=trade': '5211',
  'shop=stationery': '5943',
  'shop=copyshop': '7338',
  'shop=computer': '5732',
  'shop=electronics': '5732',
  'amenity=post_office': '9402',
  'shop=storage_rental': '4225',
  'office=coworking': '6513',
  'leisure=fitness_centre': '7997',
  'amenity=cinema': '7832',
  'shop=clothes': '5651',
  'shop=shoes': '5661',
  'shop=jewelry': '5944',
  'shop=beauty': '7230',
  'shop=hairdresser': '7230',
  'shop=cosmetics': '5977',
};

const pad = (text: string, width: number) => text.slice(0, width).padEnd(width, ' ');

interface Merchant {
  source: GeneratedSource;
  name: string;
  role: ChartRole;
  mcc: string | null;
  processors: readonly string[];
  ach: boolean;
  amount: [number, number];
}

function heldOutBrands(): Merchant[] {
  const merchants: Merchant[] = [];
  // Two index entries may share a name (one brand under two tags): one in the directory makes the other in sample.
  const inDirectory = new Set(
    directoryEntries()
      .filter((entry) => entry.source === 'name-suggestion-index')
      .map((entry) => entry.name.toUpperCase()),
  );
  for (const { item, tag, role } of usBrandsWithRoles()) {
    if (!isHeldOutBrand(item.id)) continue;
    const name = item.displayName
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toUpperCase()
      .replace(/['’]/g, '');
    if (
      !/^[\x20-\x7e]+$/.test(name) ||
      name.replace(/[^A-Z]/g, '').length < 4 ||
      inDirectory.has(item.displayName.toUpperCase())
    )
      continue;
    // A brand the hand-kept directory lists was written from: not out of sample.
    const listed = lookupDirectory(cleanDescriptor(name), 'out', null);
    if (listed && listed.source === 'curated') continue;
    const meal = role === 'meals';
    merchants.push({
      source: 'brand',
      name,
      role: role as ChartRole,
      mcc: MCC_BY_TAG[tag] ?? null,
      processors: meal ? ['', '', 'TST* '] : [''],
      ach: false,
      amount: meal ? [6, 90] : [5, 300],
    });
  }
  return merchants;
}

function localMerchants(random: Random, count: number): Merchant[] {
  const merchants: Merchant[] = [];
  for (let index = 0; index < count; index += 1) {
    const kind = LOCAL_KINDS[index % LOCAL_KINDS.length];
    const name = random
      .pick(kind.names)
      .replace(/\{S\}/g, () => random.pick(SURNAMES))
      .replace('{T}', random.pick(PLACES)[0])
      .replace('{F}', random.pick(FANCIFUL));
    merchants.push({
      source: 'local',
      name,
      role: kind.role,
      mcc: random.pick(kind.mccs),
      processors: kind.processors,
      ach: Boolean(kind.ach),
      amount: kind.amount,
    });
  }
  return merchants;
}

const SHAPES = [
  'network',
  'checkcard',
  'pos-debit',
  'debit-card',
  'processor',
  'wallet',
  'bank-style',
  'truncated',
] as const;

/** One line as a bank prints a card sale or an ACH debit of this merchant. */
function print(
  merchant: Merchant,
  random: Random,
  date: string,
  onCard: boolean,
): { description: string; shape: string } {
  const [city, state] = random.pick(PLACES);
  const mmdd = `${date.slice(5, 7)}${date.slice(8, 10)}`;
  if (merchant.ach && random.chance(0.6)) {
    const company = merchant.name.slice(0, 16);
    const style = random.pick([
      BANK_STYLES.chase,
      BANK_STYLES.bankOfAmerica,
      BANK_STYLES.wellsFargo,
      BANK_STYLES.usBank,
      BANK_STYLES.pnc,
    ]);
    return {
      description: style.achDebit(
        company,
        random.pick(['PAYMENT', 'INVOICE', 'ACH PMT', 'SALE']),
        date,
        random,
        'ACME HOLDINGS LLC',
      ),
      shape: 'ach',
    };
  }
  const store = random.chance(0.45)
    ? random.chance(0.5)
      ? ` #${random.digits(random.int(3, 5))}`
      : ` ${random.digits(random.int(4, 7))}`
    : '';
  let processor = random.pick(merchant.processors);
  const shape = processor ? 'processor' : random.pick(SHAPES.filter((candidate) => candidate !== 'processor'));
  if (shape === 'processor' || processor) {
    const body = `${processor}${merchant.name}`.slice(0, 22);
    return {
      description: random.chance(0.5) ? `${pad(body, 25)}${pad(city, 13)}${state}` : `${body} ${city} ${state}`,
      shape: `processor ${processor.trim() || 'none'}`,
    };
  }
  processor = '';
  switch (shape) {
    case 'network':
      return { description: `${pad(`${merchant.name}${store}`, 25)}${pad(city, 13)}${state}`, shape };
    case 'checkcard':
      return { description: `CHECKCARD ${mmdd} ${merchant.name}${store} ${city} ${state} ${random.digits(23)}`, shape };
    case 'pos-debit':
      return { description: `POS DEBIT ${merchant.name.slice(0, 22)}${store} ${city} ${state}`, shape };
    case 'debit-card':
      return {
        description: `DEBIT CARD PURCHASE XXXXX${random.digits(4)} ${mmdd} ${merchant.name.slice(0, 25)} ${city.slice(0, 13)} ${state}`,
        shape,
      };
    case 'wallet':
      return { description: `APLPAY ${merchant.name}${store} ${city} ${state}`, shape };
    case 'truncated':
      return { description: `${merchant.name}${store}`.slice(0, 22), shape };
    default: {
      const style = random.pick([
        BANK_STYLES.chase,
        BANK_STYLES.wellsFargo,
        BANK_STYLES.citi,
        BANK_STYLES.capitalOne,
        BANK_STYLES.usBank,
        BANK_STYLES.pnc,
        BANK_STYLES.creditUnion,
      ]);
      const sale: CardSale = {
        name: merchant.name.slice(0, 22),
        storeNumber: store ? store.replace(/\D/g, '') : null,
        city,
        state,
        phoneOrWeb: null,
      };
      return { description: style.card(sale, date, random, onCard, random.digits(4)), shape: `bank ${style.id}` };
    }
  }
}

let cached: readonly GeneratedRow[] | undefined;

/** The generated test set: every held-out brand once or twice, and as many local businesses' rows; in a fixed order. */
export function generatedDescriptorSet(): readonly GeneratedRow[] {
  if (cached) return cached;
  const random = new Random(120_417);
  const brands = heldOutBrands();
  const merchants = [...brands, ...localMerchants(random, 1_600)];
  const rows: GeneratedRow[] = [];
  for (const [index, merchant] of merchants.entries()) {
    const date = `2025-${String(1 + (index % 12)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`;
    const onCard = random.chance(0.4);
    const { description, shape } = print(merchant, random, date, onCard);
    rows.push({
      id: `gen-${String(index).padStart(5, '0')}`,
      source: merchant.source,
      merchantName: merchant.name,
      description,
      amountMinor: random.amountMinor(merchant.amount[0], merchant.amount[1]),
      date,
      bankAccountKind: onCard ? 'credit_card' : 'checking',
      // Feeds carry the code on card rows; about half of the rows here come through such a feed.
      merchantCategoryCode: shape !== 'ach' && random.chance(0.5) ? merchant.mcc : null,
      label: accountForRole(merchant.role),
      role: merchant.role,
      shape,
    });
  }
  cached = Object.freeze(rows.map((row) => Object.freeze(row)));
  return cached;
}
