/**
 * The written sets (issue 12, fourth round): bank and card lines written by two helper sessions from their own knowledge
 * of how US banks print descriptors, each labelled with the account of the default chart an accountant would use, with
 * no access to the service's rules and no labelled rows from any public source. `meal-heavy.tsv` (552 rows) follows the
 * issue's statement that local restaurants are more than half of real card rows; `long-tail.tsv` (458 rows) spreads over
 * trades' suppliers, vehicles, software, taxes, wires and the owner's money. `mixed-banks.tsv` (567 rows, fifth round) was
 * written later by a third helper as six businesses' months across a dozen banks' and card issuers' export layouts; it
 * was scored once on the code as it stood (75.1% top-1) before its failures were read. `regional-books.tsv` (561 rows)
 * was written by a fourth helper after that round's changes (eight other trades, regional banks, card exports with
 * category codes) and scored once, on the session-start code and on the changed code, before its failures were read.
 *
 * The sixth round added six more, each written by its own helper. Four came after the fifth round's changes: `national-banks.tsv`
 * (576 rows: seven businesses' months at seven national banks and card issuers) and `card-lines.tsv` (573 card lines,
 * restaurants more than half of them) were scored once on the round's start code and then read for failure classes;
 * `scattered-lines.tsv` (548 single lines across about 30 banks' layouts) and `bank-lines.tsv` (569 checking lines at
 * regional banks and credit unions) were never read: scored on the round's start code and on its end code only, they
 * are the round's held-out measure (`HELD_OUT_SETS`). Two more, written after the round's first changes, were scored once
 * and then read: `micro-lines.tsv` (542 lines of sole operators at neobanks and payment apps: Cash App, Chime, Venmo,
 * Found, Lili) and `online-firms.tsv` (520 lines of online and professional firms at Mercury, Brex, Ramp, Wise).
 *
 * The seventh round added five more, written by five helpers after the sixth round's changes and scored once on the
 * round's start code: `trade-books.tsv` (553 lines of ten trades and field services), `care-shops.tsv` (554 lines of ten
 * personal-care and health practices) and `food-makers.tsv` (550 lines of ten food and drink makers) were then read for
 * failure classes; `card-exports.tsv` (598 card lines of twenty businesses at fifteen issuers) and `small-town-books.tsv`
 * (553 lines of fourteen small-town businesses at community banks, farm lenders and credit unions) were never read.
 *
 * The eighth round added five more, written by five helpers after the seventh round's changes and scored once on the
 * round's start code: `shop-sellers.tsv` (548 lines of eleven retail and online sellers), `home-crews.tsv` (548 lines of
 * ten home-service trades at regional banks, fleet cards and supply-house accounts) and `office-practices.tsv` (563 lines
 * of ten professional offices) were then read for failure classes; `street-cards.tsv` (559 card lines of twenty
 * businesses, restaurants a bit more than half) and `main-street-checking.tsv` (555 checking and savings lines of fifteen
 * businesses across twenty banks' layouts) were never read.
 *
 * The ninth round added five more, written by five helpers after the eighth round's changes and scored once on the
 * round's start code: `farm-and-ranch.tsv` (553 lines of fifteen farms and ranches at farm lenders and rural banks),
 * `gig-and-solo.tsv` (568 lines of seventeen sole operators at neobanks and payment apps) and `health-and-fitness.tsv`
 * (574 lines of fourteen gyms, studios and health practices) were then read for failure classes; `freight-and-haul.tsv`
 * (553 lines of fourteen trucking and transport businesses, fuel and fleet cards among them) and
 * `credit-union-books.tsv` (563 lines of eighteen businesses at credit unions and community banks) were never read.
 *
 * The tenth round added five more, written by five helpers after the ninth round's first changes and scored once on that
 * code: `venues-and-stays.tsv` (558 lines of thirteen hospitality and event businesses), `motor-and-machines.tsv` (550
 * lines of thirteen shops that repair or sell vehicles and machines) and `givers-and-teachers.tsv` (554 lines of fifteen
 * nonprofits and schools) were then read for failure classes; `shop-floor.tsv` (566 lines of thirteen small
 * manufacturers and makers) and `card-statements.tsv` (570 card lines of twenty-three businesses at twenty issuers) were
 * never read.
 *
 * The eleventh round added five more, written by five helpers after the tenth round's changes and scored once on the
 * round's start code: `landlords-and-rentals.tsv` (556 lines of fifteen landlords, property managers and short-term
 * hosts), `creative-studios.tsv` (552 lines of fifteen photographers, designers, musicians and studios) and
 * `pets-and-vets.tsv` (548 lines of twelve groomers, kennels, clinics, trainers and a stable) were then read for failure
 * classes; `wholesale-and-supply.tsv` (547 lines of twelve distributors and wholesalers) and `neighborhood-books.tsv`
 * (550 lines of twenty main-street businesses at twenty banks, card lines about half, restaurants a bit more than half of
 * those) were never read.
 *
 * The twelfth round added five more, written by five helpers after the eleventh round's changes and scored once on the
 * round's start code: `kitchens-and-bars.tsv` (555 lines of fifteen restaurants, bars, food trucks and caterers as their
 * owners' books see them), `home-care-crews.tsv` (555 lines of fifteen businesses that work in homes and buildings: home
 * care, cleaning, moving, pest control, locksmiths) and `road-warriors.tsv` (557 lines of seventeen
 * travel-heavy businesses) were then read for failure classes; `city-card-lines.tsv` (555 card lines of twenty-two
 * businesses at twenty-one issuers, restaurants a bit more than half) and `community-checking.tsv` (554 checking and
 * savings lines of eighteen businesses at twenty-one community banks and credit unions) were never read. Five more were
 * written later in that session, after its first changes, and scored once on the code as it stood when their helpers
 * started: `professional-firms.tsv` (551 lines of fifteen professional firms), `personal-mixed.tsv` (560 lines of fifteen
 * sole owners whose one account and one card mix business and personal spending) and `regional-chains.tsv` (575 lines of
 * twenty-two businesses across every US region at regional chains) were read; `bank-export-mix.tsv` (581 lines of
 * twenty-one businesses, each at another bank's export layout) and `small-city-cards.tsv` (554 card lines of twenty
 * businesses in small and mid-size cities, restaurants more than half) were never read.
 *
 * The thirteenth round added five more, written by five helpers after that round's first changes (014b231) and scored
 * once on the round's start code and on the code as it stood when their helpers started: `shops-and-boutiques.tsv` (554
 * lines of fifteen small retail shops), `childcare-and-tutors.tsv` (562 lines of fifteen daycares, preschools, tutors,
 * music and swim schools and camps) and `builders-and-subs.tsv` (600 lines of fifteen builders, remodelers and trade
 * subcontractors) were
 * then read for failure classes; `mixed-card-lines.tsv` (568 card lines of twenty businesses at twenty issuers,
 * restaurants a bit more than half) and `everyday-checking.tsv` (558 checking and savings lines of eighteen businesses at
 * twenty banks and credit unions) were never read.
 *
 * The fourteenth round added five more, written by five helpers at the round's start (ee38ac5) and scored on that code
 * before anything was read: `agencies-and-consultants.tsv` (558 lines of twelve agencies and consultancies at online
 * and national banks), `cleaning-and-lawn.tsv` (557 lines of twelve cleaning, lawn, pool, snow and pest businesses) and
 * `events-and-weddings.tsv` (574 lines of thirteen event and wedding businesses) were then read for failure classes;
 * `national-exports.tsv` (588 lines of eighteen businesses, each at one of sixteen national and super-regional banks'
 * exports) and `issuer-card-lines.tsv` (553 card lines of twenty businesses at thirteen issuers) were never read. Their
 * writers' payroll-tax and sales-tax remittances (2200, 2300) and rides (6150) were relabelled by the rule below, by a
 * script that changed labels only (the held-out sets' rows were not looked at); the round's figures are on the
 * relabelled sets, the start code scored on them again. Three more were written in that round after its first changes,
 * to a prompt that gave the writers the chart's use column, and were never read: `restaurant-row-cards.tsv` (599 lines of
 * eighteen businesses of other trades whose lines are half restaurants, cafés and bars), `solo-owner-accounts.tsv` (571
 * lines of fifteen sole owners whose accounts mix business and personal money) and `heartland-books.tsv` (597 lines of
 * sixteen small-town businesses at community banks and credit unions); their sales-tax remittances (2300) were relabelled
 * by the same script.
 *
 * The fifteenth round added eight more, written to a brief that quoted the chart's use column and its conventions (below),
 * each scored on the round's start code (ce9d102) before anything was read from it. Five helpers wrote at the start:
 * `startups-and-saas.tsv` (581 lines of twelve tech companies at online, startup and national banks) and
 * `realty-and-agents.tsv` (571 lines of fourteen real-estate and insurance businesses) were read; `metro-card-lines.tsv`
 * (586 card lines of twenty businesses at eighteen issuers, restaurants a bit more than half) and
 * `small-business-checking.tsv` (570 checking and savings lines of eighteen businesses, each at another bank) were never
 * read. Four more wrote after the round's first changes: `hair-and-beauty.tsv` (560 lines of twelve salons, barbershops
 * and nail salons), `corner-shops.tsv` (562 lines of fourteen neighborhood shops, many immigrant-owned, at community and
 * Hispanic- and Asian-American-owned banks) and `makers-and-crafters.tsv` (594 lines of fourteen makers selling through
 * marketplaces and fairs) were read; `islands-and-frontier.tsv` (566 lines of sixteen businesses in Hawaii, Alaska,
 * Puerto Rico, the Virgin Islands, Guam and the remote West, some in Spanish) was never read. Three more wrote late in the
 * round, scored on a6cbbc3: `creators-and-coaches.tsv` (565 lines of fourteen one- or two-person online businesses) and
 * `movers-and-couriers.tsv` (583 lines of fourteen transport and mobile-service businesses) were read;
 * `big-issuer-cards.tsv` (578 card lines of twenty businesses at the largest issuers, restaurants a bit more than half)
 * was never read.
 *
 * The sixteenth round added five, each scored on the round's start code (92186b0) before anything was read from it:
 * `border-and-bilingual.tsv` (559 lines of fifteen Hispanic-owned businesses in Texas, the Southwest, Florida and Puerto
 * Rico, at border, regional and Puerto Rican banks, some printed in Spanish; 71.4% top-1 at the start),
 * `clinics-and-practices.tsv` (559 lines of fifteen medical and allied practices; 80.1%), `lunch-and-road-cards.tsv`
 * (563 card lines of twenty businesses on the road, restaurants a bit more than half; 87.0%) and `franchise-owners.tsv`
 * (559 lines of fifteen franchisees; 74.8%) were read; `credit-union-lines.tsv` (560 lines of eighteen businesses at
 * credit unions; 83.8%) was never read. Three more wrote after the round's first changes, scored on 0306b8d:
 * `diner-and-takeout-cards.tsv` (559 card lines of twenty businesses in small and mid-size towns, restaurants about 60%;
 * 85.5%) and `wallet-and-processor-lines.tsv` (559 lines of twenty businesses paying and paid through processors and
 * wallets; 68.7%) were read; `barrio-main-streets.tsv` (559 lines of eighteen businesses in Hispanic neighborhoods of
 * mainland cities; 77.5%) was never read. Three more wrote later, scored on 8ecad74: `feed-export-names.tsv` (559 lines of
 * twenty businesses as accounting apps' bank feeds and aggregators export them, cleaned names in mixed case; 78.9%) and
 * `big-city-eats.tsv` (559 card lines of twenty businesses in large cities, restaurants about 60%; 84.8%) were read;
 * `everyday-card-spend.tsv` (560 card lines of twenty businesses buying mostly from national chains; 83.6%) was never
 * read. Three more wrote last, scored on 15993b4: `statement-pdf-lines.tsv` (560 lines of twenty businesses as text
 * extracted from PDF statements prints them; 77.7%) and `service-pros-books.tsv` (559 lines of eighteen professional
 * firms; 82.6%) were read; `western-community-cards.tsv` (564 lines of twenty businesses at Western and Plains community
 * banks and credit unions; 78.7%) was never read. Four of the round's read sets labelled a payroll service's tax impound
 * Payroll Liabilities and a sales or occupancy tax's remittance Sales Tax Payable, against the brief: their 65 such lines
 * were relabelled Taxes and Licenses after the sets were scored (the percentages above are the first scores).
 *
 * The seventeenth round added twenty-four, each scored before anything was read from it, on the round's start code (2f6b8c3)
 * and on the code as it stood when its writer started. Seven wrote at the start: `deep-south-books.tsv` (566 lines of
 * eighteen businesses of the Gulf South at its regional banks and credit unions; 77.7% top-1), `software-and-ads-cards.tsv`
 * (564 lines of fifteen online and technology businesses; 81.2%), `asian-american-main-streets.tsv` (560 lines of sixteen
 * businesses of Asian-American communities at Asian-American-owned and national banks; 77.9%) and
 * `trades-supply-books.tsv` (566 lines of fifteen trades and their supply houses; 81.3%) were read;
 * `northeast-books.tsv` (573 lines of eighteen businesses of New England, New York, New Jersey and Pennsylvania; 81.5%),
 * `midwest-card-lines.tsv` (575 card lines of twenty Midwestern businesses, restaurants a bit more than half; 90.8%) and
 * `mountain-and-desert-books.tsv` (561 lines of eighteen businesses of the Mountain West; 78.3%) were never read. Six
 * wrote after the round's first changes (cc1b280): `texas-books.tsv` (582 lines of eighteen Texas businesses; 80.1%),
 * `pacific-northwest-cards.tsv` (570 card lines of twenty businesses of Washington and Oregon; 82.8%) and
 * `california-main-streets.tsv` (562 lines of eighteen California businesses; 78.6%) were read; `mid-atlantic-books.tsv`
 * (569 lines of eighteen businesses of Maryland, Virginia, DC, Delaware and West Virginia; 78.9%),
 * `florida-and-gulf-cards.tsv` (579 card lines of twenty businesses of Florida and the Gulf coast; 88.3%) and
 * `plains-and-prairie-books.tsv` (569 lines of eighteen businesses of the Plains; 75.2%) were never read. Five wrote later
 * (1f0401c): `great-lakes-books.tsv` (575 lines of eighteen businesses around the Great Lakes; 77.4%) and
 * `truncated-narrow-exports.tsv` (571 lines of twenty businesses as narrow or damaged exports print them: cut at 18 to 32
 * characters, spaces merged, dates and card digits first; 73.2%) were read; `big-city-books.tsv` (582 lines of eighteen
 * businesses of the largest cities; 79.9%) and `rural-south-cards.tsv` (567 card lines of twenty businesses of the rural
 * South, restaurants a bit more than half; 88.5%) were never read, nor was `appalachia-and-ozarks-books.tsv` (561 lines of
 * eighteen businesses of Appalachia and the Ozarks; 75.6% on 760ab88, where its writer started again after the first
 * attempt left nothing). Six more wrote last (009fe81): `health-and-wellness-cards.tsv` (560 lines, mostly card lines, of
 * eighteen health and wellness practices; 85.9%), `nonprofit-and-church-books.tsv` (560 lines of sixteen nonprofits,
 * churches, associations and clubs; 68.4%) and `auto-and-marine-books.tsv` (562 lines of fifteen businesses that sell or
 * fix vehicles and boats; 77.8%) were read; `hospitality-and-lodging-books.tsv` (561 lines of sixteen lodging
 * businesses; 70.6%), `neobank-exports.tsv` (565 lines of twenty businesses as online banks and fintech cards export
 * them; 81.8%) and `new-england-cards.tsv` (578 card lines of twenty New England businesses, restaurants about half;
 * 88.4%) were never read. Their writers labelled no payroll or sales tax as a liability: nothing was relabelled.
 *
 * The eighteenth round added nine, each written by its own helper and scored before anything was read from it, on the
 * round's start code (5b3732c for five, 229afd8 for four) and on the code as it stood when its set was read or its
 * scores were taken: `bills-and-subscriptions.tsv` (563 lines of eighteen businesses' insurance, payroll, software,
 * utilities, leases and fees; 85.6% top-1), `fuel-stops-and-stores.tsv` (560 card lines of eighteen businesses that
 * drive for a living, fuel stations and convenience stores about half, fleet cards among them; 84.5%),
 * `restaurant-owner-books.tsv` (578 lines of sixteen restaurants, cafés, bars and caterers as their owners' books see
 * them; 68.5%) and `online-sellers-and-creators.tsv` (562 lines of sixteen online sellers and creators; 71.2%) were read;
 * `new-llc-first-year.tsv` (582 lines of twenty new LLCs in their first year; 77.1%), `strip-mall-cards.tsv` (558 card
 * lines of twenty businesses in suburban strip malls, restaurants a bit more than half; 88.2%), `sun-belt-books.tsv`
 * (566 lines of eighteen Sun Belt businesses at their regions' banks; 74.7%), `midsize-city-cards.tsv` (565 card lines
 * of twenty businesses in twenty mid-size cities, restaurants a bit more than half; 91.9%) and `practice-books.tsv` (577
 * lines of eighteen professional practices; 81.8%) were never read. The online sellers' writer labelled four sales-tax
 * remittances Sales Tax Payable: relabelled Taxes and Licenses, the convention below, after the set was scored.
 *
 * The nineteenth round added eight, each written by its own helper and scored before anything was read from it, on the
 * round's start code (f31ea02) and, for the four that started later, on the code as it stood when they started (54eb281,
 * which scored them the same): `brewers-and-vintners.tsv` (548 lines of seventeen breweries, wineries, cideries,
 * distilleries, a meadery and coffee roasters; 78.8% top-1), `outfitters-and-guides.tsv` (564 lines of seventeen outdoor
 * and tourism businesses; 77.0%), `cottage-food-and-vendors.tsv` (563 lines of eighteen home-based food makers, caterers,
 * food trucks and market vendors; 59.7%) and `staffing-and-security.tsv` (573 lines of eighteen payroll-heavy service
 * firms; 87.3%) were read; `checking-and-card-firms.tsv` (561 lines of eighteen small firms, each with its checking
 * account and card at another bank; 83.1%), `river-town-cards.tsv` (550 card lines of twenty businesses in river towns,
 * restaurants a bit more than half; 88.9%), `suburban-checking.tsv` (568 checking and savings lines of eighteen suburban
 * businesses, each at another bank; 85.7%) and `coastal-town-cards.tsv` (579 card lines of twenty coastal businesses,
 * restaurants a bit more than half; 78.9%) were never read. Four more wrote after the round's first changes, scored on
 * ffa5d5f and on the round's start code: `garages-and-glaziers.tsv` (581 lines of seventeen repair businesses; 85.9% on
 * both) and `studios-and-schools.tsv` (533 lines of seventeen teaching and wellness businesses; 80.5% at the start,
 * 80.7% on ffa5d5f) were read; `prairie-and-mountain-cards.tsv` (589 card lines of twenty small-town businesses of the
 * Plains and the Rockies, restaurants a bit more than half; 80.6%, 80.8%) and `downtown-books.tsv` (561 lines of eighteen
 * downtown businesses of large cities, each with its checking account and card at another bank; 79.7% on both) were
 * never read. No label needed relabelling.
 *
 * The twentieth round added eighteen, each written by its own helper to the same brief and scored on the round's start
 * code (b89bbe9) before anything was read from it (top-1 there): `laundries-and-car-washes.tsv` (564 lines of sixteen
 * laundromats, dry cleaners, car washes, vending and amusement routes and self-storage sites; 81.4%),
 * `eastern-seaboard-books.tsv` (554 lines of eighteen New England and Mid-Atlantic businesses; 87.9%),
 * `print-sign-and-shows.tsv` (542 lines of sixteen print, sign, promotional and trade-show makers; 78.2%),
 * `funeral-and-memorial.tsv` (541 lines of sixteen funeral, memorial and estate-sale businesses; 78.2%),
 * `pharmacies-and-optical.tsv` (535 lines of sixteen pharmacies, opticians, hearing-aid and medical-supply stores; 75.0%),
 * `importers-and-forwarders.tsv` (553 lines of sixteen importers, customs brokers and forwarders; 79.9%),
 * `feed-stores-and-co-ops.tsv` (550 lines of sixteen rural stores, co-op members and fuel dealers; 78.2%),
 * `dental-and-medical-labs.tsv` (558 lines of sixteen health-services businesses that are not doctors' offices; 78.7%)
 * and `storage-and-moving-yards.tsv` (549 lines of sixteen movers, haulers and rental yards; 88.9%) were read;
 * `lake-states-books.tsv` (556 lines of eighteen Great Lakes businesses; 84.0%; its writer named it great-lakes-books,
 * a name an earlier set holds), `college-town-cards.tsv` (557 card lines of twenty college-town businesses; 84.6%),
 * `home-based-solo-books.tsv` (547 lines of eighteen home-based sole proprietors; 75.5%),
 * `carolinas-and-virginia-books.tsv` (549 lines; 88.5%), `lakeshore-and-resort-cards.tsv` (560 card lines of twenty
 * lake, ski and resort-town businesses; 84.3%), `interstate-chain-cards.tsv` (560 card lines of twenty businesses whose
 * people drive between cities; 95.2%), `mid-south-books.tsv` (551 lines; 84.2%), `gulf-coast-books.tsv` (558 lines;
 * 81.2%) and `pacific-coast-cards.tsv` (544 card lines of twenty West Coast businesses; 85.1%) were never read. No label
 * needed relabelling.
 *
 * Labels follow the chart's use column where a writer chose otherwise (parking, tolls and rides are Car and Truck, while
 * travelling too; payroll taxes and sales-tax remittances are Taxes and Licenses; a vehicle's repairs are Car and Truck,
 * Schedule C line 9, not Repairs of equipment and premises). The sets read for failure classes are development sets:
 * they measure whether a change helps lines nobody here wrote, not what a real set would score; the held-out ones come
 * closest to that.
 *
 * Run cold through the engine as a new LLC with no industry stated and no history, at the default review threshold, as
 * the sweep meets lines pushed without their other legs: it looked for each transfer's other leg and found none (the
 * lines carry no dates to pair them by). A transfer answer counts as right for 1900 Transfers in Transit and 2100 Credit
 * Cards: the service books it through 1900 until its other leg is found.
 */
import { readFileSync } from 'node:fs';
import { TRANSFER, type BankAccountKind } from '../../src/sweep/categorize/types.ts';
import { categorizeCold, coldEngineRow } from '../../test/support/cold-engine.ts';
import { choose, type Candidate, type EngineRow } from '../../src/sweep/categorize/engine.ts';
import { HELD_ACCOUNT_KINDS, knowledgeSource, printBySource, printCalibration } from './evaluate.ts';
import type { CalibrationCurves, CalibrationKey, Sample } from '../../src/sweep/categorize/calibration.ts';

export const WRITTEN_SETS = [
  'meal-heavy',
  'long-tail',
  'mixed-banks',
  'regional-books',
  'national-banks',
  'card-lines',
  'scattered-lines',
  'bank-lines',
  'micro-lines',
  'online-firms',
  'trade-books',
  'care-shops',
  'food-makers',
  'card-exports',
  'small-town-books',
  'shop-sellers',
  'home-crews',
  'office-practices',
  'street-cards',
  'main-street-checking',
  'farm-and-ranch',
  'gig-and-solo',
  'health-and-fitness',
  'freight-and-haul',
  'credit-union-books',
  'venues-and-stays',
  'motor-and-machines',
  'givers-and-teachers',
  'shop-floor',
  'card-statements',
  'landlords-and-rentals',
  'creative-studios',
  'pets-and-vets',
  'wholesale-and-supply',
  'neighborhood-books',
  'kitchens-and-bars',
  'home-care-crews',
  'road-warriors',
  'city-card-lines',
  'community-checking',
  'professional-firms',
  'personal-mixed',
  'regional-chains',
  'bank-export-mix',
  'small-city-cards',
  'shops-and-boutiques',
  'childcare-and-tutors',
  'mixed-card-lines',
  'everyday-checking',
  'builders-and-subs',
  'agencies-and-consultants',
  'cleaning-and-lawn',
  'events-and-weddings',
  'national-exports',
  'issuer-card-lines',
  'restaurant-row-cards',
  'solo-owner-accounts',
  'heartland-books',
  'startups-and-saas',
  'realty-and-agents',
  'hair-and-beauty',
  'corner-shops',
  'makers-and-crafters',
  'metro-card-lines',
  'small-business-checking',
  'islands-and-frontier',
  'creators-and-coaches',
  'movers-and-couriers',
  'big-issuer-cards',
  'border-and-bilingual',
  'clinics-and-practices',
  'lunch-and-road-cards',
  'franchise-owners',
  'credit-union-lines',
  'diner-and-takeout-cards',
  'wallet-and-processor-lines',
  'barrio-main-streets',
  'feed-export-names',
  'big-city-eats',
  'everyday-card-spend',
  'statement-pdf-lines',
  'service-pros-books',
  'western-community-cards',
  'deep-south-books',
  'software-and-ads-cards',
  'asian-american-main-streets',
  'trades-supply-books',
  'northeast-books',
  'midwest-card-lines',
  'mountain-and-desert-books',
  'texas-books',
  'pacific-northwest-cards',
  'california-main-streets',
  'mid-atlantic-books',
  'florida-and-gulf-cards',
  'plains-and-prairie-books',
  'great-lakes-books',
  'truncated-narrow-exports',
  'big-city-books',
  'rural-south-cards',
  'appalachia-and-ozarks-books',
  'health-and-wellness-cards',
  'nonprofit-and-church-books',
  'auto-and-marine-books',
  'hospitality-and-lodging-books',
  'neobank-exports',
  'new-england-cards',
  'bills-and-subscriptions',
  'fuel-stops-and-stores',
  'new-llc-first-year',
  'strip-mall-cards',
  'sun-belt-books',
  'restaurant-owner-books',
  'online-sellers-and-creators',
  'midsize-city-cards',
  'practice-books',
  'brewers-and-vintners',
  'outfitters-and-guides',
  'checking-and-card-firms',
  'river-town-cards',
  'cottage-food-and-vendors',
  'staffing-and-security',
  'suburban-checking',
  'coastal-town-cards',
  'garages-and-glaziers',
  'studios-and-schools',
  'prairie-and-mountain-cards',
  'downtown-books',
  'laundries-and-car-washes',
  'eastern-seaboard-books',
  'lake-states-books',
  'college-town-cards',
  'home-based-solo-books',
  'print-sign-and-shows',
  'funeral-and-memorial',
  'carolinas-and-virginia-books',
  'pharmacies-and-optical',
  'lakeshore-and-resort-cards',
  'interstate-chain-cards',
  'mid-south-books',
  'importers-and-forwarders',
  'feed-stores-and-co-ops',
  'gulf-coast-books',
  'pacific-coast-cards',
  'dental-and-medical-labs',
  'storage-and-moving-yards',
] as const;
/**
 * The sets no failure was ever read from (two each of the sixth to fourteenth rounds, three more written late in the
 * fourteenth, four of the fifteenth, four of the sixteenth, twelve of the seventeenth, five of the eighteenth, six of
 * the nineteenth, nine of the twentieth): the best estimate of unseen lines.
 */
export const HELD_OUT_SETS: ReadonlySet<(typeof WRITTEN_SETS)[number]> = new Set([
  'scattered-lines',
  'bank-lines',
  'card-exports',
  'small-town-books',
  'street-cards',
  'main-street-checking',
  'freight-and-haul',
  'credit-union-books',
  'shop-floor',
  'card-statements',
  'wholesale-and-supply',
  'neighborhood-books',
  'city-card-lines',
  'community-checking',
  'bank-export-mix',
  'small-city-cards',
  'mixed-card-lines',
  'everyday-checking',
  'national-exports',
  'issuer-card-lines',
  'restaurant-row-cards',
  'solo-owner-accounts',
  'heartland-books',
  'metro-card-lines',
  'small-business-checking',
  'islands-and-frontier',
  'big-issuer-cards',
  'credit-union-lines',
  'barrio-main-streets',
  'everyday-card-spend',
  'western-community-cards',
  'northeast-books',
  'midwest-card-lines',
  'mountain-and-desert-books',
  'mid-atlantic-books',
  'florida-and-gulf-cards',
  'plains-and-prairie-books',
  'big-city-books',
  'rural-south-cards',
  'appalachia-and-ozarks-books',
  'hospitality-and-lodging-books',
  'neobank-exports',
  'new-england-cards',
  'new-llc-first-year',
  'strip-mall-cards',
  'sun-belt-books',
  'midsize-city-cards',
  'practice-books',
  'checking-and-card-firms',
  'river-town-cards',
  'suburban-checking',
  'coastal-town-cards',
  'prairie-and-mountain-cards',
  'downtown-books',
  'lake-states-books',
  'college-town-cards',
  'home-based-solo-books',
  'carolinas-and-virginia-books',
  'lakeshore-and-resort-cards',
  'interstate-chain-cards',
  'mid-south-books',
  'gulf-coast-books',
  'pacific-coast-cards',
]);

export interface WrittenRow {
  description: string;
  direction: 'in' | 'out';
  amountMinor: number;
  accountKind: BankAccountKind;
  merchantCategoryCode: string | null;
  label: string;
}

export function loadWrittenSet(name: (typeof WRITTEN_SETS)[number]): WrittenRow[] {
  const lines = readFileSync(new URL(`../written/${name}.tsv`, import.meta.url), 'utf8')
    .trim()
    .split('\n')
    .slice(1);
  return lines.map((line) => {
    const [description, direction, amount, accountKind, mcc, label] = line.split('\t');
    return {
      description,
      direction: direction as 'in' | 'out',
      amountMinor: Math.round(Number(amount) * 100),
      accountKind: accountKind as BankAccountKind,
      merchantCategoryCode: mcc || null,
      label,
    };
  });
}

const pct = (value: number) => `${(100 * value).toFixed(1)}%`;

/** A written set's answers, cold; `samples`, when given, collects every candidate's (raw score, right) of `sampleKeys`. */
async function runWrittenSet(
  name: (typeof WRITTEN_SETS)[number],
  reviewThreshold: number,
  options: {
    curves?: CalibrationCurves;
    samples?: Map<CalibrationKey, Sample[]>;
    sampleKeys?: readonly CalibrationKey[];
  } = {},
): Promise<WrittenOutcome[]> {
  const rows = loadWrittenSet(name);
  const engineRows = rows.map((row, index) =>
    coldEngineRow({
      id: `${name}-${index}`,
      description: row.description,
      direction: row.direction,
      amountMinor: row.amountMinor,
      bankAccountKind: row.accountKind,
      merchantCategoryCode: row.merchantCategoryCode,
      heldAccountKinds: HELD_ACCOUNT_KINDS,
      transferLegFound: false,
    }),
  );
  const labelById = new Map(engineRows.map((engineRow, index) => [engineRow.transactionId, rows[index].label]));
  const decidedBy = new Map<string, string>();
  const observe = (engineRow: EngineRow, candidates: readonly Candidate[]) => {
    decidedBy.set(engineRow.transactionId, choose(candidates, reviewThreshold)?.detail ?? '');
    if (!options.samples) return;
    const label = labelById.get(engineRow.transactionId)!;
    for (const candidate of candidates) {
      if (!candidate.calibrationKey || !options.sampleKeys?.includes(candidate.calibrationKey)) continue;
      const list = options.samples.get(candidate.calibrationKey) ?? [];
      list.push({ score: candidate.rawScore, correct: isRight(candidate.target, label) });
      options.samples.set(candidate.calibrationKey, list);
    }
  };
  const results = await categorizeCold(engineRows, reviewThreshold, { observe, curves: options.curves });
  return rows.map((row, index) => {
    const result = results[index];
    const source = result.source ? knowledgeSource(decidedBy.get(engineRows[index].transactionId) ?? '') : 'catch-all';
    return {
      row,
      right: isRight(result.target, row.label),
      approved: !result.needsReview,
      confidence: result.confidence,
      source,
    };
  });
}

/** A transfer answer is right for 1900 Transfers in Transit and 2100 Credit Cards: the service books it through 1900 until its other leg is found. */
function isRight(target: string, label: string): boolean {
  return target === label || (target === TRANSFER && (label === '1900' || label === '2100'));
}

/**
 * The (raw score, right) pairs of `keys` on the development sets (the written sets read for failure classes; never the
 * held-out ones), for `npm run eval -- --fit-written`.
 */
export async function writtenDevelopmentSamples(
  reviewThreshold: number,
  keys: readonly CalibrationKey[],
): Promise<Map<CalibrationKey, Sample[]>> {
  const samples = new Map<CalibrationKey, Sample[]>();
  for (const name of WRITTEN_SETS)
    if (!HELD_OUT_SETS.has(name)) await runWrittenSet(name, reviewThreshold, { samples, sampleKeys: keys });
  return samples;
}

export async function printWrittenSets(reviewThreshold: number, curves?: CalibrationCurves): Promise<void> {
  console.log(
    'written sets (issue 12): lines written by helper sessions from knowledge of US banks, labelled by the chart; cold, no industry; development sets, except those marked held out (never read)',
  );
  const heldOut: WrittenOutcome[] = [];
  for (const name of WRITTEN_SETS) {
    const outcomes = await runWrittenSet(name, reviewThreshold, { curves });
    if (HELD_OUT_SETS.has(name)) heldOut.push(...outcomes);
    printSummary(HELD_OUT_SETS.has(name) ? `${name} (held out)` : name, outcomes);
  }
  printSummary('held-out sets together', heldOut);
  printHeldOutDetail(heldOut);
}

/** One line: rows, top-1, the average of the classes' recalls, the auto-approved share and its precision. */
function printSummary(title: string, outcomes: readonly WrittenOutcome[]): void {
  const labels = [...new Set(outcomes.map((outcome) => outcome.row.label))];
  const classAverage =
    labels
      .map((label) => outcomes.filter((outcome) => outcome.row.label === label))
      .reduce((sum, list) => sum + list.filter((outcome) => outcome.right).length / list.length, 0) / labels.length;
  const approved = outcomes.filter((outcome) => outcome.approved);
  console.log(
    `  ${title.padEnd(27)} rows ${String(outcomes.length).padStart(4)}  top-1 ${pct(outcomes.filter((outcome) => outcome.right).length / outcomes.length).padStart(6)}  class average ${pct(classAverage).padStart(6)}  auto-approved ${pct(approved.length / outcomes.length).padStart(6)} at ${pct(approved.filter((outcome) => outcome.right).length / Math.max(1, approved.length)).padStart(6)}`,
  );
}

interface WrittenOutcome {
  row: WrittenRow;
  right: boolean;
  approved: boolean;
  confidence: number | null;
  source: string;
}

/** On the held-out sets together: what each source of knowledge decided, and the calibration table. */
function printHeldOutDetail(outcomes: readonly WrittenOutcome[]): void {
  console.log(
    `  held-out sets together (${outcomes.length} rows): what each source decided (rows, right, auto-approved rows and their precision)`,
  );
  printBySource(outcomes);
  printCalibration(
    outcomes
      .filter((outcome) => outcome.confidence !== null)
      .map((outcome) => ({ confidence: outcome.confidence!, correct: outcome.right })),
    'held-out sets',
  );
}
