import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Industry } from '../../tenancy/entity-profile.ts';
import { KEYWORD_RULES, KEYWORD_SCORE, matchKeyword, matchProcessorKind, WORD_IN_LONG_NAME_SCORE } from './keywords.ts';
import { categorizeCold, coldEngineRow } from '../../../test/support/cold-engine.ts';

const out = (description: string, industry?: Industry, entityName?: string) =>
  matchKeyword({ description, merchant: null, direction: 'out', industry, entityName });

test("a local merchant's trade word names what the business spent on", () => {
  assert.equal(out('SQ *TAQUERIA LA PERLA AUSTIN TX')?.target, '6160');
  assert.equal(out("FILIBERTO'S MEXICAN FOOD #16821 MESA AZ")?.target, '6160');
  assert.equal(out('MATTS BAR & GRILL MINNEAPOLIS MN')?.word, 'BAR & GRILL', 'the longest phrase is reported');
  assert.equal(out('LAKE STREET AUTO CARE MINNEAPOLIS MN')?.target, '6010');
  assert.equal(out('HOTEL MONACO SEATTLE WA')?.target, '6150');
  assert.equal(out('CITY OF SPRINGFIELD PERMITS 555-123-4567 IL')?.target, '6140');
  assert.equal(out('TATTERED COVER BOOK STO DENVER CO')?.target, '6230');
  assert.equal(out('HARLOW & PINE CPA INVOICE')?.target, '6080');
  assert.equal(out('GRIDWISE *PLUS SUBSCR PITTSBURGH PA')?.target, '6200', 'a subscription in a short word');
  assert.equal(out('PASTPERFECT SOFTWAR 800-562-6080 PA')?.target, '6200', 'SOFTWARE cut by the field');
  assert.equal(out('ACH CORP DEBIT CITIZENS PROPERTY INS')?.target, '6060', 'property insurance is no landlord');
  assert.equal(out('RETAILERS BAKERY ASSOCIA 301-7250066 MD')?.target, '6240', 'an association cut short');
  assert.equal(out('HATTIESBURG AMERICAN ADV')?.target, '6000', "a paper's ad space in its short word");
  assert.equal(out('SOUTH KENT LANDFILL BYRON CENTER MI')?.target, '5000', "a landfill's scale fee is the job's");
  assert.equal(out('ACME WASTE SERVICES MONTHLY')?.target, '6170', "a hauler's service is a utility");
  assert.equal(
    out('ACH TRANSFER TO LINDQVIST DRAIN & SEWER')?.target,
    '6120',
    "a drain cleaner is a trade, not the sewer's bill",
  );
  // Space rented by the seat, the hour or the month is rent, whatever else the name says.
  for (const space of ['SQ *FORESIDE COWORK PORTLAND ME', 'Lake Street Therapy Suites LLC', 'TAMPA BAY KITCHEN SHARE'])
    assert.equal(out(space)?.target, '6110', space);
  // A plumber named without a supply word is called in for a repair; a supply house says so.
  assert.equal(out('SQ *KENS PLUMBING & DRAIN ALEXANDRIA VA')?.target, '6120');
  assert.equal(out('PRECISION HVAC SERVICE MESA AZ')?.target, '6120');
  assert.equal(out('WINSUPPLY PLUMBING SUPPLY DAYTON OH')?.target, '6130');
  assert.equal(out('RUIZ PLUMBING INC', 'construction')?.target, '6030', "a builder's plumber is a subcontractor");
  for (const advance of ['CHASE CASH ADV 0412', 'BUSINESS ADV LOAN PAYMENT', 'ADV AUTO PARTS #4412'])
    assert.notEqual(out(advance)?.target, '6000', advance);
  assert.equal(out('TST* BLUE HERON DENVER CO'), null, 'no trade word: the processor speaks on its own');
  assert.equal(
    matchProcessorKind({ description: 'TST* BLUE HERON DENVER CO', merchant: null, direction: 'out' })?.target,
    '6160',
    'Toast runs restaurant registers',
  );
});

test('words match whole words only, and money in is never read by trade words', () => {
  assert.equal(out('PUBLIC LIBRARY FINES'), null, 'PUB is not inside PUBLIC');
  assert.equal(out('GRILLI TYPE ZURICH'), null, 'GRILL is not inside GRILLI');
  assert.equal(matchKeyword({ description: 'TAQUERIA LA PERLA REFUND', merchant: null, direction: 'in' }), null);
});

test("some words mean something only for the business's stated trade", () => {
  assert.equal(out('SQ *EL SOL TORTILLERIA', 'food_service')?.target, '5000');
  assert.equal(
    out('SQ *EL SOL TORTILLERIA', 'professional_services'),
    null,
    "a studio's tortilleria purchase says nothing sure",
  );
  assert.equal(out('SQ *EL SOL TORTILLERIA'), null);
  assert.equal(out('NORTHSTAR PLUMBING SUPPLY #12', 'construction')?.target, '5000');
  assert.equal(out('NORTHSTAR PLUMBING SUPPLY #12', 'professional_services')?.target, '6130');
  assert.equal(out('ARTIST & CRAFTSMAN SUPPL', 'professional_services')?.target, '6130');
  assert.equal(out('HARBOR BEVERAGE WHOLESALE', 'retail')?.target, '5000');
});

test("the business's own name on a line is not read as a trade word", () => {
  const line = 'PROGRESSIVE INS PREM CASA TACOS LLC';
  assert.equal(out(line)?.target, '6160', 'without the name, TACOS would win');
  assert.equal(out(line, 'food_service', 'Casa Tacos LLC')?.target, '6060');
});

test('every rule has upper-case words and a target for some industry', () => {
  for (const rule of KEYWORD_RULES) {
    assert.ok(rule.words.length > 0, rule.name);
    assert.ok(rule.target !== null || Object.values(rule.byIndustry ?? {}).some((target) => target), rule.name);
    for (const word of rule.words) assert.equal(word, word.toUpperCase().trim(), `${rule.name}: ${word}`);
  }
});

test("a repair shop's parts and tire suppliers are cost of goods; anyone else's tire shop is a driving cost", () => {
  const outFor = (description: string, industry?: 'automotive') =>
    matchKeyword({ description, merchant: null, direction: 'out', industry });
  assert.equal(outFor('ATD AMERICAN TIRE EFT PMT 250420 JD2140', 'automotive')?.target, '5000');
  assert.equal(outFor('SENERGY PETROLEUM INVOICE 240711 RRN9PM', 'automotive')?.target, '5000');
  assert.equal(outFor('BERGE FORD PARTS MESAAZ', 'automotive')?.target, '5000');
  assert.equal(outFor('ATD AMERICAN TIRE EFT PMT 250420 JD2140')?.target, '6010');
});

test("insurers' premiums and equipment lenders are read by their words; a city's utility bills as a utility", () => {
  const cases: Array<[string, string]> = [
    ['ORIG CO NAME:AMGUARD INS CO ORIG ID:4551063167 CO ENTRY DESCR:WC PREM SEC:CCD', '6060'],
    ['COPPERPOINT WC PREMIUM 250218 WDVF3T', '6060'],
    ['WITHDRAWAL ACH HUNTINGTON EQUIP FIN TYPE: PAYMENT ID: 1635228865', '2400'],
    ['ORIG CO NAME:DAIMLER TRUCK FINANC CO ENTRY DESCR:PAYMENT SEC:CCD', '2400'],
    ['CITY OF COLUMBUS DPU 614-645-8276 OH', '6170'],
    ['CITY OF BEND UB 541-317-3000 OR', '6170'],
    ['ACH WEB-RECUR 285455287 FE ILLUMINATING BILLPAY', '6170'],
    ['ACH WEB-RECUR 803929289 KOVACH TAX ACCTG INVOICE', '6080'],
  ];
  for (const [description, target] of cases) assert.equal(out(description)?.target, target, description);
  assert.equal(out('CITY OF COLUMBUS BUILDING PERMIT')?.target, '6140', 'the city itself is still a government payee');
  // A health plan's premium is staff benefits for one business and the owner's own plan (a draw) for another: no guess.
  assert.equal(out('ACH WEB-RECUR 748680244 ROCKY MTN HMO PREMIUM'), null);
});

test("a café's word on a supplier's invoice names no meal; a profession's society is dues; truncated names still read", () => {
  assert.equal(out('ORIG CO NAME:CAFE IMPORTS CO ENTRY DESCR:INV PAYMT SEC:CCD', 'professional_services'), null);
  assert.equal(
    out('ORIG CO NAME:CAFE IMPORTS CO ENTRY DESCR:INV PAYMT SEC:CCD', 'manufacturing')?.target,
    '5000',
    "an importer's goods are a maker's materials",
  );
  assert.equal(out('SQ *FOX IN THE SNOW CAF COLUMBUS OH')?.target, '6160');
  assert.equal(out('NEBRASKA SOCIETY OF CPA 402-476-8482 NE')?.target, '6240');
  assert.equal(out('SIMMONS TAX ADVISORS TAMPA FL')?.target, '6080');
  assert.equal(out('ORIG CO NAME:HIGHWAY DISPATCH SVC CO ENTRY DESCR:DISPATCH', 'transportation')?.target, '6020');
  assert.equal(
    out('ORIG CO NAME:HIGHWAY DISPATCH SVC CO ENTRY DESCR:DISPATCH', 'retail'),
    null,
    'only a carrier pays a dispatcher a cut',
  );
  assert.equal(out('ACH WEB-RECUR 842338855 LOUISVILLE WATER CO WEB PMT')?.target, '6170');
});

test("a place's word in a wire, a remittance or a purchase order names the supplier paid, not a place visited", () => {
  for (const line of [
    'ONLINE INTERNATIONAL WIRE TRANSFER A/C: GLENBURN TEA ESTATE KOLKATA WB IN REF: FIRST FLUSH',
    'ACH DEBIT HARPERCOLLINS PUB REMIT 7741209',
    'WT FED#04417 BANK OF AMERICA, N /FTR/BNF=SUNNY DAY APPAREL INC',
    'ACH DEBIT HILLSIDE BAKERY PO 22817',
  ])
    assert.equal(out(line), null, line);
  // The same words on a card line are the places they name.
  assert.equal(out('SQ *GLENBURN TEA HOUSE')?.target, '6160');
  assert.equal(out('HILLSIDE BAKERY PORTLAND OR')?.target, '6160');
});

test("a landlord's company, a builder's trades, an advertiser's booth, a school and an internet provider", () => {
  assert.equal(out('BROOKSWOOD PLAZA LLC 555-201-3344 NC')?.target, '6110');
  assert.equal(out('HOLLOWAY ELECTRIC INC BILL PAY', 'construction')?.target, '6030');
  assert.equal(
    out('HOLLOWAY ELECTRIC INC BILL PAY', 'healthcare'),
    null,
    'only a builder hires the trades for its jobs',
  );
  assert.equal(
    out('NORTHSTAR ROOFING SUPPLY #12', 'construction')?.target,
    '5000',
    "a trade's supply house is materials",
  );
  assert.equal(out('SCA EXPO BOOTH 2025')?.target, '6000');
  assert.equal(out('PBI PA BAR INSTITUTE')?.target, '6230');
  assert.equal(out('XMISSION INTERNET 801-539-0852 UT')?.target, '6170');
  assert.equal(out('ACH WEB-RECUR 336532939 LAKE ERIE ROASTING INVOICE', 'food_service')?.target, '5000');
});

test('general trade words: staffing agencies, consultants, workwear, storage units, rentals, hosting and what an owner buys for themself', () => {
  assert.equal(out('EXPRESS STAFFING 555-201-3344 OK')?.target, '6030');
  assert.equal(out('KIMLEY ENGINEERING INC')?.target, '6080');
  assert.equal(out('CINTAS UNIFORMS #44')?.target, '6130');
  assert.equal(out('EXTRA SPACE SELF STORAGE 0912')?.target, '6110');
  assert.equal(out('SUNBELT EQUIPMENT RENTAL 1102')?.target, '6100');
  assert.equal(out('BLUEHOST WEB HOSTING')?.target, '6200');
  assert.equal(out('PINE VALLEY GOLF CLUB')?.target, '6260');
  assert.equal(
    out('PINE VALLEY GOLF CLUB', 'personal_services'),
    null,
    'a salon or a studio may buy there for the business',
  );
  assert.equal(out('KWLS NEWSPAPER ADS')?.target, '6000');
});

test("a city's water bill, a maker's metal stock, a county treasurer and the chamber", () => {
  assert.equal(out('ORIG CO NAME:CITY OF ROCKFORD CO ENTRY DESCR:WATER SEC:CCD')?.target, '6170');
  assert.equal(out('ALRO STEEL CORP 517-787-5500MI', 'manufacturing')?.target, '5000');
  assert.equal(out('ALRO STEEL CORP 517-787-5500MI', 'professional_services'), null);
  assert.equal(out('CHARLESTON COUNTY TREAS CHARLESTON SC')?.target, '6140');
  assert.equal(out('KNOXVILLE CHAMBER KNOXVILLE TN')?.target, '6240');
});

test("a hire's screening is a professional service; a kitchen's hood and grease trap are upkeep", () => {
  assert.equal(out('DEBIT PURCHASE -VISA NCSI BACKGROUND CHK 877-2489670 FL')?.target, '6080');
  assert.equal(out('CARD PURCHASE 03/12 AZ DPS FINGERPRINT 602-223-2279 AZ CARD 5521')?.target, '6080');
  assert.equal(out('ACH WITHDRAWAL ATLANTIC HOOD CLNG CCD')?.target, '6120');
  assert.equal(out('Online Payment 18823456711 To Lone Star Hood & Duct 03/08')?.target, '6120');
  assert.equal(out('ARMORED CAR SVC LOOMIS 031524')?.target, '6210', "an armored car's cash pickup is a bank's charge");
});

test("a traveller's words: a hotel's folio, an airport's garage, a show's registration or booth, an agent's commission", () => {
  assert.equal(out('OMNI JACKSONVILLE   JACKSONVILLE        FL FOLIO 91022')?.target, '6150');
  assert.equal(out('DENVER INTL AIRPORT PKG  DENVER       CO')?.target, '6010');
  assert.equal(out('NAB SHOW REGISTRATION WASHINGTON DC')?.target, '6230');
  assert.equal(out('AAOS ANNUAL MEETING ROSEMONT IL')?.target, '6230');
  assert.equal(out('GES EXHIBITION SVCS LAS VEGAS NV')?.target, '6000');
  assert.equal(out('ACH DEBIT NORTHBOUND TALENT COMMISSION')?.target, '6020');
  assert.equal(out('NYS THRUWAY')?.target, '6010');
  assert.equal(out('MACKINAC BRIDGE AUTHORITY  ST IGNACE    MI')?.target, '6010');
  assert.equal(out('EXPRESSTOLL E-470 303-537-3470 CO')?.target, '6010');
  assert.equal(out('BIG TEXAN STEAK RANCH AMARILLO TX')?.target, '6160');
  // A state's commission is a government office, not an agent paid.
  assert.notEqual(out('STATE CORPORATION COMMISSION RICHMOND VA')?.target, '6020');
});

test('a word a hand rule files only for some industries keeps its everyday meaning for the rest', () => {
  assert.equal(out('Pappadeaux Seafood PHX T4')?.target, '6160');
  assert.equal(out('SHEM CREEK SEAFOOD INV 4471', 'food_service')?.target, '5000');
});

test("a gas company is a utility; a landlord's truncated name still reads", () => {
  assert.equal(out('ELECTRONIC WITHDRAWAL INTERMOUNTAIN GAS CO PAYMENT')?.target, '6170');
  assert.equal(out('MONTGOMERY SQ PROPERTI WEB PMTS 240701 EN5UAV')?.target, '6110');
});

test('one trade word inside a longer proper name is weaker evidence than a name that is its trade', () => {
  assert.equal(out('SQ *WALKING ON WATER')?.rawScore, WORD_IN_LONG_NAME_SCORE);
  assert.equal(out('SQ *BLUE MOON TAVERN GROUP')?.rawScore, WORD_IN_LONG_NAME_SCORE);
  assert.equal(out('JOES PIZZA LLC')?.rawScore, KEYWORD_SCORE.clear, 'the legal form does not lengthen the name');
  assert.equal(out('CITY WATER DEPARTMENT')?.rawScore, KEYWORD_SCORE.clear, 'a phrase of the trade is not one word');
  assert.ok(WORD_IN_LONG_NAME_SCORE < Math.min(...Object.values(KEYWORD_SCORE)));
});

test("a name's head word says what the place is: the last trade word, or the one before OF when its field follows", () => {
  assert.equal(out('SQ *REGIONAL HVAC TRAINING')?.target, '6230', 'a school of a trade is a school');
  assert.equal(out('HARBOR LUMBER & SUPPLY GLOUCESTER MA')?.word, 'LUMBER', "the trade's strongest wording is weighed");
  assert.equal(out('PIZZA OVEN REPAIR CO')?.target, '6120', "an oven's repairer is no pizzeria");
  assert.equal(out('COFFEE EXPO SEATTLE WA')?.target, '6230', 'a trade show is learning');
  assert.equal(out('HILLTOP GRILL & DINER ROANOKE VA')?.target, '6160');
  assert.equal(out('NEBRASKA SOCIETY OF CPA')?.target, '6240', "a profession's society is dues");
  assert.equal(out('CITY OF BEND WATER')?.target, '6170', "a city's water office bills water");
});

test("a conference's short forms are education; a payment's confirmation number is no conference", () => {
  for (const line of ['UNL BEEFWATCH CONF LINCOLN NE', 'NCSEA WEBINAR CHICAGO IL', 'PARKER SEMINARS DALLAS TX'])
    assert.equal(out(line)?.target, '6230', line);
  assert.equal(out('Zelle payment to DARNELL WHITAKER Conf# nawrzqgbg'), null);
  assert.equal(out('ZELLE PAYMENT TO MARIA L LOPEZ CONF#W8K2Z1'), null);
});

test("a landlord bills as the building it owns; a town's building department is the town's", () => {
  for (const line of [
    'BILL PAY TO HERITAGE MEDICAL BUILDING LLC',
    'ONLINE BILL PAY SQUIRREL HILL PROFESSIONAL BLDG',
    'REGIONS BILLPAY WESTSHORE CORPORATE CTR',
    'BILL PAY Lohi Office Partners ON-LINE No Account Number ON 02-01',
  ])
    assert.equal(out(line)?.target, '6110', line);
  assert.equal(out('DBT PURCHASE - 0402 CITY OF CRANSTON BLDG INSP')?.target, '6140');
});

test("a print shop's work is the business's marketing, a copy center's its office; a public house is a pub", () => {
  assert.equal(out('SQ *PHOENIX PRINT SHOP Phoenix AZ')?.target, '6000');
  assert.equal(out('SQ *BARKSIDE PRINTING Nashville TN')?.target, '6000');
  assert.equal(out('MAIN STREET COPY CENTER BOISE ID')?.target, '6090');
  assert.equal(out('FIRESTONE PUBLIC HOUSE SACRAMENTO CA')?.target, '6160');
});

test("a company named for learning sells courses; a profession's academy bills dues", () => {
  assert.equal(out('RELIAS LEARNING CARY NC')?.target, '6230');
  assert.equal(out('ACADEMY OF NUTRITION AND CHICAGO IL')?.target, '6240');
  assert.equal(out('AMERICAN ACADEMY OF PEDIATRICS ITASCA IL')?.target, '6240');
  assert.equal(out('SUMMIT MARTIAL ARTS ACADEMY DENVER CO')?.target, '6230');
});

test("a bridal show's booth is marketing; a janitorial supply house cut short is supplies", () => {
  assert.equal(out('NASHVILLE BRIDAL SHOW   NASHVILLE           TN')?.target, '6000');
  assert.equal(out('DAYTON JANITORIAL SUP DAYTON OH')?.target, '6130');
});

test("a boat's slip or moorage is rent, even at a city's harbor; a state's parks and wildlife agencies sell permits", () => {
  assert.equal(out('PREAUTH DEBIT CITY OF SEWARD HARBOR MOORAGE 240705')?.target, '6110');
  assert.equal(out('ACH Debit Sportsman Marina Web Pmt Jun Slip Rent')?.target, '6110');
  assert.equal(out('COLO PARKS WILDL AHRA FEES 240712 ARKANSAS VALLEY RIVE')?.target, '6140');
  assert.equal(out('FL STATE PARKS PENNEKAMP KEY LARGO FL')?.target, '6140');
  assert.equal(out('MN DNR ELS')?.target, '6140');
});

test("a state's transportation and public-safety departments license and permit; an association cut short bills dues", () => {
  assert.equal(out('TX DPS PRIVATE SECURITY AUSTIN TX')?.target, '6140');
  assert.equal(out('TXDOT OVERSIZE PERMITS AUSTIN TX')?.target, '6140');
  assert.equal(out('INTERNATIONAL DOOR ASSO 800-355-4432 OH')?.target, '6240');
  assert.equal(out('INTL COACHING FEDERATIO LEXINGTON KY')?.target, '6240');
  assert.equal(out('ONLINE BILL PAY ALAMO HEIGHTS PROPERTIE 040124')?.target, '6110');
});

test("a county's or a state's health department licenses food makers; its PUB is public, not a pub", () => {
  assert.equal(out('Debit Purchase - 04/02 FRESNO CO DEPT PUB HLTH FRESNO CA')?.target, '6140');
  assert.equal(out('CHECKCARD 1003 CHATHAM CO ENVIRON HEALTH SAVANNAH GA')?.target, '6140');
  assert.equal(out('VISA PURCHASE 0314 MSDH LICENSURE ONLINE JACKSON MS')?.target, '6140');
});

test("a service or maintenance agreement keeps equipment running; an insurer's agency or services company sells cover", () => {
  assert.equal(out('ACH DEBIT HOBART SVC CONTRACT 250301 CORNER BISTRO')?.target, '6120');
  assert.equal(out('ONLINE PMT COPIER MAINTENANCE AGREEMENT Q2')?.target, '6120');
  assert.equal(out('ACH DEBIT SUMMIT INS SVCS 250104')?.target, '6060');
  assert.equal(out('LAKEVIEW INS AGCY PREMIUM')?.target, '6060');
});

test("a hint's words name several trades: its account is suggested, never approved; a clear word's is", async () => {
  assert.equal(out('SQ *RVA MAKERS MARKET RICHMOND VA')?.rule.strength, 'hint');
  const [market, pizzeria] = await categorizeCold(
    ['SQ *RVA MAKERS MARKET RICHMOND VA', 'SQ *TONYS PIZZERIA RICHMOND VA'].map((description, index) =>
      coldEngineRow({ id: `hint-${index}`, description, amountMinor: 4_500, bankAccountKind: 'credit_card' }),
    ),
  );
  assert.equal(market.target, '6110');
  assert.equal(market.needsReview, true);
  assert.equal(pizzeria.target, '6160');
  assert.equal(pizzeria.needsReview, false);
});

test("of two trade phrases that end at the name's head, the longer speaks; a coroner is the county's", () => {
  assert.equal(out('ACH WITHDRAWAL PROVIDENCE WATER SUPPLY')?.target, '6170');
  assert.equal(out('HARBOR LUMBER & SUPPLY')?.target, '6130');
  assert.equal(out('ACH DEBIT MARION CO CORONER FEES')?.target, '6140');
});

test("Virginia's and Florida's agriculture and consumer services departments license and inspect", () => {
  assert.equal(out('ACH DEBIT VDACS ONLINE PAYMENT')?.target, '6140');
  assert.equal(out('FDACS PEST CONTROL LIC TALLAHASSEE FL')?.target, '6140');
});

test("the South's Electric Power Associations and cities' water and power departments are utilities", () => {
  assert.equal(out('ACH DEBIT COAHOMA ELEC POWER ASSN')?.target, '6170');
  assert.equal(out('ACH DEBIT TUPELO WATER & LIGHT')?.target, '6170');
});
