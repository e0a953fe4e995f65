import { BANK_STYLES, type BankStyle } from './bank-styles.ts';

/**
 * The data set's own vocabulary: five small businesses, the people and companies they pay and are
 * paid by, how those names print, and the TRUE account of the US chart each row belongs to (or
 * `transfer`). Written by hand for the evaluation, NOT derived from the service's merchant directory
 * or rules: famous names overlap naturally, but descriptor forms are the banks' (truncated, glued,
 * with product codes), many payees are local businesses and people no directory knows, and the
 * labels follow each business's bookkeeping (a grocery run is cost of goods for a food truck and a
 * personal expense for a consultant; a sole proprietor's IRS estimate is an owner draw).
 *
 * Labelling conventions (see docs/categorization-data.md): service businesses book customer money to
 * 4100, sellers of goods to 4000; refunds to customers 4200; payroll net pay 6180 and payroll taxes
 * 6140; a sole proprietor's income tax estimates and personal health insurance are owner draws 3200;
 * money to the owner's personal account is 3200 and from it 3100; loan principal and interest
 * payments 2400; sales tax remitted 2300; equipment over $2,000 is capitalized to 1500; moves between
 * the business's own accounts, including paying its credit card, are `transfer`.
 */
export type AccountRole = 'checking' | 'savings' | 'card';

export interface ProfileAccount {
  role: AccountRole;
  style: BankStyle;
  last4: string;
}

export type Channel = 'card' | 'ach' | 'zelle' | 'check' | 'checkDeposit' | 'wire' | 'fee' | 'interest' | 'atm' | 'ownerTransfer';

export interface Vendor {
  key: string;
  /** The TRUE account number of the US chart, or `transfer`. */
  label: string;
  channel: Channel;
  direction?: 'out' | 'in';
  /** Which account the row lands on; card purchases default to the card when the business has one. */
  account?: AccountRole;
  /** How the name prints, oldest form first: recurring vendors drift from one form to the next over the months. */
  names: string[];
  /** ACH entry descriptions ("NET PAY", "PAYMENT"). */
  entries?: string[];
  /** The clean name a bank feed sometimes attaches. */
  merchant?: string;
  city?: string;
  state?: string;
  /** Online merchants print a phone number or web address where the city goes. */
  web?: string;
  /** Whether the terminal prints a store number. */
  stores?: boolean;
  amount: [number, number];
  /** Subscriptions and rent charge the same amount each time (with a price change along the way). */
  fixed?: boolean;
  /** Expected rows per month; or a fixed day of the month; or only some months of the year. */
  perMonth?: number;
  day?: number;
  days?: number[];
  months?: number[];
  /** Rows of an ambiguous merchant that belong elsewhere: [share, label]. */
  exceptions?: Array<[number, string]>;
}

export interface Profile {
  id: string;
  description: string;
  holder: string;
  city: string;
  state: string;
  seed: number;
  /** Written without seeing the categorizer's rules: reported on its own, never used for fitting. */
  heldOut?: boolean;
  accounts: ProfileAccount[];
  vendors: Vendor[];
  /** Sweeps from checking to savings: day of month and amount range; some months money comes back. */
  savingsSweep?: { day: number; amount: [number, number]; returnEveryMonths: number; counterparty?: string };
  /** The credit card's bill, paid from checking: day of the next month, and how the card issuer debits it. */
  cardPayment?: { day: number; company: string; entry: string };
}

const { chase, bankOfAmerica, wellsFargo, citi, capitalOne, americanExpress, usBank, pnc, creditUnion, neobank } = BANK_STYLES;

const designAgency: Profile = {
  id: 'northwind-design',
  description: 'Design agency LLC in San Francisco with three employees; Chase checking and savings, American Express card',
  holder: 'NORTHWIND DESIGN CO LLC',
  city: 'San Francisco',
  state: 'CA',
  seed: 1101,
  accounts: [{ role: 'checking', style: chase, last4: '4821' }, { role: 'savings', style: chase, last4: '7302' }, { role: 'card', style: americanExpress, last4: '1005' }],
  savingsSweep: { day: 20, amount: [3000, 12000], returnEveryMonths: 5 },
  cardPayment: { day: 8, company: 'AMERICAN EXPRESS', entry: 'ACH PMT' },
  vendors: [
    { key: 'client-brightwater', label: '4100', channel: 'ach', direction: 'in', names: ['BRIGHTWATER MEDIA'], entries: ['PAYMENT', 'VENDOR PMT'], amount: [4500, 16000], perMonth: 1.2 },
    { key: 'client-oakleaf', label: '4100', channel: 'ach', direction: 'in', names: ['OAKLEAF HEALTH INC', 'OAKLEAF HEALTH'], entries: ['AP PAYMENT'], amount: [3000, 9000], perMonth: 0.9 },
    { key: 'client-roasters', label: '4100', channel: 'ach', direction: 'in', names: ['PACIFIC COAST ROAST'], entries: ['INV PAYMT'], amount: [2500, 7000], perMonth: 0.6 },
    { key: 'client-lumen', label: '4100', channel: 'wire', direction: 'in', names: ['LUMEN ANALYTICS INC'], amount: [8000, 24000], perMonth: 0.35 },
    { key: 'stripe-payouts', label: '4100', channel: 'ach', direction: 'in', names: ['STRIPE'], entries: ['TRANSFER'], merchant: 'Stripe', amount: [800, 6000], perMonth: 2 },
    { key: 'check-deposits', label: '4100', channel: 'checkDeposit', direction: 'in', names: ['CHECK'], amount: [1500, 8000], perMonth: 0.8 },
    { key: 'gusto-net', label: '6180', channel: 'ach', names: ['GUSTO'], entries: ['NET PAY'], amount: [9200, 11800], days: [15, 28] },
    { key: 'gusto-tax', label: '6140', channel: 'ach', names: ['GUSTO'], entries: ['TAX', 'TAX 941'], amount: [3100, 4200], days: [15, 28] },
    { key: 'gusto-fee', label: '6080', channel: 'ach', names: ['GUSTO'], entries: ['FEE 123456'], amount: [114, 114], fixed: true, day: 3 },
    { key: 'guideline', label: '6050', channel: 'ach', names: ['GUIDELINE'], entries: ['401K CONTR', 'INVESTMENT'], amount: [600, 900], day: 16 },
    { key: 'kaiser', label: '6050', channel: 'ach', names: ['KAISER PERMANENTE', 'KAISER FOUNDATION HP'], entries: ['PREMIUM'], amount: [1850, 1850], fixed: true, day: 1 },
    { key: 'rent', label: '6110', channel: 'ach', names: ['JACKSON SQ PROPERTIE'], entries: ['RENT'], amount: [6500, 6500], fixed: true, day: 1 },
    { key: 'ca-ftb', label: '6140', channel: 'ach', names: ['FRANCHISE TAX BD'], entries: ['LLC FEE', 'TAX PYMT'], amount: [800, 800], months: [4], day: 14 },
    { key: 'ca-sos', label: '6140', channel: 'card', names: ['CA SECRETARY OF STATE', 'SOS CA BIZFILE'], web: '916-657-5448', amount: [20, 25], months: [3] },
    { key: 'hiscox', label: '6060', channel: 'ach', names: ['HISCOX INC'], entries: ['INS PREM'], amount: [89, 89], fixed: true, day: 12 },
    { key: 'hartford-wc', label: '6060', channel: 'ach', names: ['HARTFORD'], entries: ['WC PREMIUM'], amount: [212, 212], fixed: true, day: 18 },
    { key: 'cpa', label: '6080', channel: 'ach', names: ['BAKER FINCH CPA'], entries: ['INVOICE'], amount: [450, 1800], perMonth: 0.4 },
    { key: 'chase-fee', label: '6210', channel: 'fee', account: 'checking', names: ['fee'], amount: [15, 30], perMonth: 0.35 },
    { key: 'savings-interest', label: '4500', channel: 'interest', direction: 'in', account: 'savings', names: ['interest'], amount: [4, 38], day: 28 },
    { key: 'amex-fee', label: '6210', channel: 'card', names: ['ANNUAL MEMBERSHIP FEE'], amount: [250, 250], months: [9] },
    { key: 'owner-distribution', label: '3200', channel: 'zelle', names: ['Elena Marsh'], amount: [2000, 6000], perMonth: 0.8 },
    { key: 'owner-transfer', label: '3200', channel: 'ownerTransfer', names: ['9931'], amount: [5000, 15000], months: [3, 6, 9, 12], day: 25 },
    { key: 'freelance-maya', label: '6030', channel: 'zelle', names: ['Maya Chen'], amount: [800, 3200], perMonth: 0.7 },
    { key: 'freelance-diego', label: '6030', channel: 'zelle', names: ['Diego Alvarez'], amount: [600, 2400], perMonth: 0.5 },
    { key: 'upwork', label: '6030', channel: 'card', names: ['UPWORK -857496ESCROW', 'UPWORK -REF'], web: 'UPWORK.COM', amount: [150, 1200], perMonth: 0.4 },
    { key: 'figma', label: '6200', channel: 'card', names: ['FIGMA', 'FIGMA MONTHLY RENEWAL'], web: 'FIGMA.COM', merchant: 'Figma', amount: [75, 75], fixed: true, day: 4 },
    { key: 'adobe', label: '6200', channel: 'card', names: ['ADOBE  *CREATIVE CLOUD', 'ADOBE  *ADOBE', 'ADOBE *800-833-6687'], web: 'SAN JOSE', amount: [89.99, 89.99], fixed: true, day: 9, merchant: 'Adobe' },
    { key: 'slack', label: '6200', channel: 'card', names: ['SLACK T2K9J8H7', 'SLACK TECHNOLOGIES'], web: 'SLACK.COM', amount: [43.75, 52.5], fixed: true, day: 11 },
    { key: 'notion', label: '6200', channel: 'card', names: ['NOTION LABS, INC.'], web: 'NOTION.SO', amount: [40, 48], fixed: true, day: 6 },
    { key: 'gsuite', label: '6200', channel: 'card', names: ['GOOGLE *GSUITE_northwind.co', 'GOOGLE *Google Workspace_northwind'], web: 'G.CO/HELPPAY#', amount: [72, 84], fixed: true, day: 1, merchant: 'Google' },
    { key: 'dropbox', label: '6200', channel: 'card', names: ['DROPBOX*9K2LX4HQ3M'], web: 'DB.TT/CCHELP', amount: [59.99, 59.99], fixed: true, day: 17 },
    { key: 'zoom', label: '6200', channel: 'card', names: ['ZOOM.US 888-799-9666', 'ZOOM.COM 888-799-9666'], web: 'WWW.ZOOM.US', amount: [15.99, 15.99], fixed: true, day: 21 },
    { key: 'webflow', label: '6200', channel: 'card', names: ['WEBFLOW.COM'], web: '415-843-4373', amount: [39, 39], fixed: true, day: 13 },
    { key: 'framer', label: '6200', channel: 'card', names: ['FRAMER B.V.', 'FRAMER.COM'], web: 'AMSTERDAM', amount: [20, 30], fixed: true, day: 22 },
    { key: 'miro', label: '6200', channel: 'card', names: ['MIRO.COM'], web: 'SAN FRANCISCO', amount: [16, 16], fixed: true, day: 27 },
    { key: 'onepassword', label: '6200', channel: 'card', names: ['1PASSWORD'], web: 'TORONTO', amount: [19.95, 19.95], fixed: true, day: 2 },
    { key: 'harvest', label: '6200', channel: 'card', names: ['HARVEST TIME TRACKING', 'HARVEST*FORECAST'], web: 'GETHARVEST.COM', amount: [36, 36], fixed: true, day: 19 },
    { key: 'grilli', label: '6200', channel: 'card', names: ['GRILLI TYPE'], web: 'ZURICH', amount: [180, 620], perMonth: 0.12 },
    { key: 'pangram', label: '6200', channel: 'card', names: ['PANGRAM PANGRAM FOUNDRY', 'PANGRAMPANGRAM'], web: 'MONTREAL', amount: [40, 250], perMonth: 0.1 },
    { key: 'chatgpt', label: '6200', channel: 'card', names: ['OPENAI *CHATGPT SUBSCR', 'CHATGPT SUBSCRIPTION'], web: 'OPENAI.COM', amount: [20, 20], fixed: true, day: 14 },
    { key: 'midjourney', label: '6200', channel: 'card', names: ['MIDJOURNEY INC.'], web: 'MIDJOURNEY.COM', amount: [30, 30], fixed: true, day: 24 },
    { key: 'shutterstock', label: '6200', channel: 'card', names: ['SHUTTERSTOCK, INC.', 'SSTK*SHUTTERSTOCK'], web: '866-663-3954', amount: [29, 199], perMonth: 0.4 },
    { key: 'aws', label: '6200', channel: 'card', names: ['AMAZON WEB SERVICES', 'AWS EMEA'], web: 'AWS.AMAZON.CO', amount: [12, 64], day: 2 },
    { key: 'comcast', label: '6170', channel: 'card', names: ['COMCAST BUSINESS', 'COMCAST CABLE COMM'], web: '800-391-3000', amount: [189, 189], fixed: true, day: 10 },
    { key: 'att', label: '6170', channel: 'card', names: ['ATT*BILL PAYMENT', 'AT&T *PAYMENT'], web: '800-288-2020', amount: [140, 180], day: 23 },
    { key: 'starbucks', label: '6160', channel: 'card', names: ['STARBUCKS STORE'], stores: true, city: 'SAN FRANCISCO', amount: [4.5, 28], perMonth: 3 },
    { key: 'blue-bottle', label: '6160', channel: 'card', names: ['SQ *BLUE BOTTLE COFFEE'], city: 'San Francisco', amount: [5, 32], perMonth: 2.5 },
    { key: 'philz', label: '6160', channel: 'card', names: ['PHILZ COFFEE'], stores: true, city: 'SAN FRANCISCO', amount: [5, 25], perMonth: 1.5 },
    { key: 'four-barrel', label: '6160', channel: 'card', names: ['SQ *FOUR BARREL COFFEE'], city: 'San Francisco', amount: [4, 20], perMonth: 1.2 },
    { key: 'noodle-bar', label: '6160', channel: 'card', names: ['TST* SOUTHSIDE NOODLE BA'], city: 'SAN FRANCISCO', amount: [18, 140], perMonth: 1 },
    { key: 'tartine', label: '6160', channel: 'card', names: ['TARTINE BAKERY', 'TARTINE MANUFACTORY'], city: 'SAN FRANCISCO', amount: [9, 75], perMonth: 0.9 },
    { key: 'koja', label: '6160', channel: 'card', names: ['TST* KOJA KITCHEN'], city: 'SAN FRANCISCO', amount: [14, 60], perMonth: 0.7 },
    { key: 'hog-island', label: '6160', channel: 'card', names: ['HOG ISLAND OYSTER CO'], city: 'SAN FRANCISCO', amount: [80, 420], perMonth: 0.4 },
    { key: 'sweetgreen', label: '6160', channel: 'card', names: ['SWEETGREEN SOMA', 'SWEETGREEN'], city: 'SAN FRANCISCO', amount: [13, 60], perMonth: 1.5 },
    { key: 'chipotle', label: '6160', channel: 'card', names: ['CHIPOTLE'], stores: true, city: 'SAN FRANCISCO', amount: [11, 45], perMonth: 0.8 },
    { key: 'ezcater', label: '6160', channel: 'card', names: ['EZCATER*RINCON DELI', 'EZCATER INC'], web: 'EZCATER.COM', amount: [180, 640], perMonth: 0.5 },
    { key: 'doordash', label: '6160', channel: 'card', names: ['DOORDASH*SUPER DUPER', 'DD *DOORDASH ROOSEVELT'], web: 'WWW.DOORDASH.', amount: [24, 95], perMonth: 1 },
    { key: 'delta', label: '6150', channel: 'card', names: ['DELTA AIR LINES', 'DELTA AIR 0062'], web: 'ATLANTA', amount: [280, 780], perMonth: 0.3 },
    { key: 'alaska', label: '6150', channel: 'card', names: ['ALASKA AIR 0272', 'ALASKA AIRLINES'], web: 'SEATTLE', amount: [160, 520], perMonth: 0.3 },
    { key: 'hotel-zetta', label: '6150', channel: 'card', names: ['HOTEL ZETTA SF'], city: 'SAN FRANCISCO', amount: [280, 540], perMonth: 0.1 },
    { key: 'ace-hotel', label: '6150', channel: 'card', names: ['ACE HOTEL NEW YORK', 'ACE HOTEL NY'], city: 'NEW YORK', amount: [420, 1200], perMonth: 0.15 },
    { key: 'marriott', label: '6150', channel: 'card', names: ['MARRIOTT MARQUIS', 'COURTYARD BY MARRIOTT'], city: 'CHICAGO', amount: [240, 900], perMonth: 0.2 },
    { key: 'airbnb', label: '6150', channel: 'card', names: ['AIRBNB * HMQ4ZR8TXK', 'AIRBNB HMZ2K9'], web: 'AIRBNB.COM', amount: [300, 1400], perMonth: 0.15 },
    { key: 'uber', label: '6010', channel: 'card', names: ['UBER *TRIP', 'UBER   *TRIP'], web: 'HELP.UBER.COM', amount: [9, 64], perMonth: 3 },
    { key: 'lyft', label: '6010', channel: 'card', names: ['LYFT   *RIDE THU 5PM', 'LYFT *RIDE'], web: 'LYFT.COM', amount: [8, 48], perMonth: 1.2 },
    { key: 'clipper', label: '6010', channel: 'card', names: ['CLIPPER SERVICE CENTER', 'CLIPPER CARD'], web: '877-878-8883', amount: [20, 50], perMonth: 0.8 },
    { key: 'sfmta', label: '6010', channel: 'card', names: ['SFMTA METER PAY', 'SFMTA PARKING'], city: 'SAN FRANCISCO', amount: [3, 28], perMonth: 1.3 },
    { key: 'amazon', label: '6090', channel: 'card', names: ['AMZN Mktp US*2K3L45', 'Amazon.com*RT4YH7', 'AMAZON MKTPL*ZT12W3'], web: 'Amzn.com/bill', amount: [12, 240], perMonth: 2.5, exceptions: [[0.15, '6130']] },
    { key: 'staples', label: '6090', channel: 'card', names: ['STAPLES'], stores: true, city: 'SAN FRANCISCO', amount: [15, 180], perMonth: 0.4 },
    { key: 'artist-craftsman', label: '6130', channel: 'card', names: ['ARTIST & CRAFTSMAN SUPPL', 'ARTIST CRAFTSMAN SF'], city: 'SAN FRANCISCO', amount: [20, 160], perMonth: 0.5 },
    { key: 'blick', label: '6130', channel: 'card', names: ['BLICK ART MATERIALS'], stores: true, city: 'SAN FRANCISCO', amount: [18, 140], perMonth: 0.4 },
    { key: 'copy-central', label: '6090', channel: 'card', names: ['COPY CENTRAL MARKET ST'], city: 'SAN FRANCISCO', amount: [25, 320], perMonth: 0.4 },
    { key: 'moo', label: '6000', channel: 'card', names: ['MOO INC', 'MOO PRINT LTD'], web: 'MOO.COM', amount: [60, 240], perMonth: 0.15 },
    { key: 'apple-store', label: '1500', channel: 'card', names: ['APPLE STORE #R014', 'APPLE.COM/US'], city: 'SAN FRANCISCO', amount: [2100, 3600], months: [2, 8] },
    { key: 'dribbble', label: '6000', channel: 'card', names: ['DRIBBBLE PRO'], web: 'DRIBBBLE.COM', amount: [8, 8], fixed: true, day: 26 },
    { key: 'facebook-ads', label: '6000', channel: 'card', names: ['FACEBK *ADS K8X2L9', 'META ADS*6HJ7K2'], web: 'FB.ME/ADS', amount: [50, 600], perMonth: 0.6 },
    { key: 'legalzoom', label: '6080', channel: 'card', names: ['LEGALZOOM*12345678', 'LEGALZOOM.COM'], web: '800-773-0888', amount: [39, 299], perMonth: 0.1 },
    { key: 'udemy', label: '6230', channel: 'card', names: ['UDEMY: ONLINE COURSES', 'UDEMY'], web: 'UDEMY.COM', amount: [12, 90], perMonth: 0.3 },
    { key: 'creative-mornings', label: '6230', channel: 'card', names: ['EB *CREATIVEMORNINGS SF', 'EB *DESIGN SYSTEMS SUMM'], web: '801-413-7200', amount: [25, 450], perMonth: 0.25 },
    { key: 'green-apple', label: '6230', channel: 'card', names: ['GREEN APPLE BOOKS'], city: 'SAN FRANCISCO', amount: [15, 90], perMonth: 0.3 },
    { key: 'aiga', label: '6240', channel: 'card', names: ['AIGA MEMBERSHIP', 'AIGA'], web: '212-807-1990', amount: [250, 250], months: [1] },
    { key: 'kqed', label: '6250', channel: 'card', names: ['KQED INC'], web: '415-864-2000', amount: [120, 120], months: [12] },
    { key: 'netflix', label: '6260', channel: 'card', names: ['NETFLIX.COM'], web: 'NETFLIX.COM', amount: [22.99, 22.99], fixed: true, day: 15 },
    { key: 'equinox', label: '6260', channel: 'card', names: ['EQUINOX SPORTS CLUB', 'EQUINOX #173'], city: 'SAN FRANCISCO', amount: [260, 260], fixed: true, day: 5 },
  ],
};

const foodTruck: Profile = {
  id: 'rosas-tacos',
  description: 'Food truck LLC in Austin with two part-time employees; Wells Fargo checking, credit union savings, Capital One card',
  holder: 'ROSAS TACOS LLC',
  city: 'Austin',
  state: 'TX',
  seed: 2202,
  accounts: [{ role: 'checking', style: wellsFargo, last4: '6613' }, { role: 'savings', style: creditUnion, last4: '0042' }, { role: 'card', style: capitalOne, last4: '5520' }],
  savingsSweep: { day: 5, amount: [1000, 4000], returnEveryMonths: 4, counterparty: 'UNIVERSITY FCU' },
  cardPayment: { day: 12, company: 'CAPITAL ONE', entry: 'MOBILE PMT' },
  vendors: [
    { key: 'square-deposits', label: '4000', channel: 'ach', direction: 'in', names: ['SQUARE INC'], entries: ['SQ240101', 'SQ'], amount: [280, 2600], perMonth: 20 },
    { key: 'doordash-payouts', label: '4000', channel: 'ach', direction: 'in', names: ['DOORDASH, INC.', 'DOORDASH INC'], entries: ['PAYMENTS'], amount: [120, 900], perMonth: 4 },
    { key: 'ubereats-payouts', label: '4000', channel: 'ach', direction: 'in', names: ['UBER USA 6787'], entries: ['EDI PYMNTS'], amount: [80, 650], perMonth: 3 },
    { key: 'catering', label: '4000', channel: 'zelle', direction: 'in', names: ['Austin Social Club', 'Mueller Neighbors Assoc', 'Karen Whitfield'], amount: [400, 2500], perMonth: 1.2 },
    { key: 'restaurant-depot', label: '5000', channel: 'card', names: ['RESTAURANT DEPOT'], stores: true, city: 'AUSTIN', amount: [180, 900], perMonth: 4 },
    { key: 'sysco', label: '5000', channel: 'ach', account: 'checking', names: ['SYSCO CORPORATION', 'SYSCO CENTRAL TEXAS'], entries: ['PAYMENT'], amount: [380, 1500], perMonth: 2 },
    { key: 'ben-e-keith', label: '5000', channel: 'ach', account: 'checking', names: ['BEN E KEITH FOODS'], entries: ['AR DEBIT'], amount: [220, 880], perMonth: 1 },
    { key: 'heb', label: '5000', channel: 'card', names: ['H-E-B', 'HEB #'], stores: true, city: 'AUSTIN', amount: [40, 320], perMonth: 5, exceptions: [[0.1, '6130']] },
    { key: 'costco', label: '5000', channel: 'card', names: ['COSTCO WHSE'], stores: true, city: 'AUSTIN', amount: [90, 600], perMonth: 2 },
    { key: 'fiesta', label: '5000', channel: 'card', names: ['FIESTA MART'], stores: true, city: 'AUSTIN', amount: [35, 220], perMonth: 1.5 },
    { key: 'tortilleria', label: '5000', channel: 'card', names: ['SQ *TORTILLERIA EL MAIZ', 'SQ *EL MAIZ TORTILLERIA'], city: 'Austin', amount: [60, 240], perMonth: 4 },
    { key: 'farm', label: '5000', channel: 'card', names: ['SQ *JOHNSONS BACKYARD GA', 'JOHNSONS BACKYARD GARDEN'], city: 'Austin', amount: [40, 180], perMonth: 1.5 },
    { key: 'ice', label: '5000', channel: 'card', names: ['AUSTIN ICE CO'], city: 'AUSTIN', amount: [18, 60], perMonth: 2 },
    { key: 'webstaurant', label: '6130', channel: 'card', names: ['WEBSTAURANTSTORE.COM', 'WEBSTAURANT STORE'], web: '717-392-7472', amount: [60, 420], perMonth: 0.8 },
    { key: 'sams', label: '6130', channel: 'card', names: ["SAM'S CLUB #4721", 'SAMSCLUB #4721'], city: 'AUSTIN', amount: [40, 260], perMonth: 1 },
    { key: 'propane', label: '6130', channel: 'card', names: ['AMERIGAS #5121', 'AMERIGAS PROPANE'], city: 'AUSTIN', amount: [60, 180], perMonth: 2 },
    { key: 'home-depot', label: '6120', channel: 'card', names: ['THE HOME DEPOT #6543', 'HOMEDEPOT.COM'], city: 'AUSTIN', amount: [20, 260], perMonth: 0.7, exceptions: [[0.3, '6130']] },
    { key: 'shell', label: '6010', channel: 'card', names: ['SHELL OIL 57442152'], city: 'AUSTIN', amount: [45, 140], perMonth: 2.5 },
    { key: 'valero', label: '6010', channel: 'card', names: ['VALERO 4083', 'VALERO CORNER STORE'], city: 'AUSTIN', amount: [40, 120], perMonth: 2 },
    { key: 'bucees', label: '6010', channel: 'card', names: ["BUC-EE'S #22", 'BUC-EES #22'], city: 'BASTROP', amount: [60, 160], perMonth: 0.6 },
    { key: 'truck-repair', label: '6010', channel: 'card', names: ['ZARATE TRUCK REPAIR', 'ZARATES DIESEL & TRUCK'], city: 'AUSTIN', amount: [150, 1800], perMonth: 0.3 },
    { key: 'oreilly', label: '6010', channel: 'card', names: ['OREILLY AUTO', "O'REILLY 1234"], city: 'AUSTIN', amount: [15, 180], perMonth: 0.4 },
    { key: 'txtag', label: '6010', channel: 'card', names: ['TXTAG TOLL', 'TXTAG CSC'], web: '888-468-9824', amount: [10, 40], perMonth: 0.8 },
    { key: 'commissary', label: '6110', channel: 'ach', account: 'checking', names: ['PREP ATX LLC'], entries: ['RENT'], amount: [950, 950], fixed: true, day: 1 },
    { key: 'food-park', label: '6110', channel: 'zelle', names: ['Picnic Food Park'], amount: [400, 400], fixed: true, day: 3 },
    { key: 'tx-sales-tax', label: '2300', channel: 'ach', account: 'checking', names: ['TEXAS COMPTROLLE', 'TX COMPTROLLER'], entries: ['TXCOMPTROL', 'SALES TAX'], amount: [800, 2600], day: 19 },
    { key: 'health-permit', label: '6140', channel: 'card', names: ['AUSTIN PUBLIC HEALTH', 'COA APH PERMITS'], web: '512-978-0300', amount: [700, 760], months: [2] },
    { key: 'vehicle-registration', label: '6140', channel: 'card', names: ['TRAVIS COUNTY TAX OFFICE'], city: 'AUSTIN', amount: [180, 260], months: [7] },
    { key: 'progressive', label: '6060', channel: 'ach', account: 'checking', names: ['PROGRESSIVE INS', 'PROGRESSIVE'], entries: ['INS PREM'], amount: [312, 312], fixed: true, day: 8 },
    { key: 'next-insurance', label: '6060', channel: 'card', names: ['NEXT INSURANCE', 'NEXT INS*GL POLICY'], web: '855-222-5919', amount: [64, 64], fixed: true, day: 14 },
    { key: 'ondeck', label: '2400', channel: 'ach', account: 'checking', names: ['ONDECK CAPITAL', 'ON DECK CAPITAL'], entries: ['LOAN PMT'], amount: [175, 175], fixed: true, days: [7, 14, 21, 28] },
    { key: 'homebase-pay', label: '6180', channel: 'ach', account: 'checking', names: ['JOINHOMEBASE'], entries: ['PAYROLL'], amount: [1800, 3200], days: [10, 25] },
    { key: 'homebase-tax', label: '6140', channel: 'ach', account: 'checking', names: ['JOINHOMEBASE'], entries: ['TAXES'], amount: [280, 520], days: [10, 25] },
    { key: 'square-plus', label: '6200', channel: 'ach', account: 'checking', names: ['SQUARE INC'], entries: ['SQ PLUS SUB'], amount: [69, 69], fixed: true, day: 15 },
    { key: 'canva', label: '6200', channel: 'card', names: ['CANVA* I03842-1234567', 'CANVA'], web: 'SYDNEY', amount: [14.99, 14.99], fixed: true, day: 20 },
    { key: '7shifts', label: '6200', channel: 'card', names: ['7SHIFTS', '7SHIFTS INC'], web: 'SASKATOON', amount: [34.99, 34.99], fixed: true, day: 6 },
    { key: 'tmobile', label: '6170', channel: 'card', names: ['T-MOBILE*AUTO PAY', 'TMOBILE*POSTPAID'], web: '800-937-8997', amount: [85, 85], fixed: true, day: 22 },
    { key: 'wells-fee', label: '6210', channel: 'fee', account: 'checking', names: ['fee'], amount: [10, 30], perMonth: 0.6 },
    { key: 'dividend', label: '4500', channel: 'interest', direction: 'in', account: 'savings', names: ['interest'], amount: [1, 14], day: 30 },
    { key: 'card-interest', label: '6070', channel: 'interest', account: 'card', names: ['interest'], amount: [18, 90], perMonth: 0.25 },
    { key: 'owner-draw', label: '3200', channel: 'ownerTransfer', names: ['2147'], amount: [800, 3000], perMonth: 1.5 },
    { key: 'tacodeli', label: '6160', channel: 'card', names: ['TACODELI'], stores: true, city: 'AUSTIN', amount: [9, 30], perMonth: 0.5 },
    { key: 'whataburger', label: '6160', channel: 'card', names: ['WHATABURGER'], stores: true, city: 'AUSTIN', amount: [8, 25], perMonth: 0.6 },
    { key: 'food-truck-assoc', label: '6240', channel: 'card', names: ['SQ *ATX FOOD TRUCK ASSN'], city: 'Austin', amount: [150, 150], months: [1] },
  ],
};

const consultant: Profile = {
  id: 'bright-path-consulting',
  description: 'Management consulting sole proprietorship in Denver; Bank of America checking and savings, Citi card',
  holder: 'MORGAN ELLIS DBA BRIGHT PATH',
  city: 'Denver',
  state: 'CO',
  seed: 3303,
  accounts: [{ role: 'checking', style: bankOfAmerica, last4: '2290' }, { role: 'savings', style: bankOfAmerica, last4: '8841' }, { role: 'card', style: citi, last4: '3317' }],
  savingsSweep: { day: 12, amount: [2000, 9000], returnEveryMonths: 6 },
  cardPayment: { day: 15, company: 'CITI CARD ONLINE', entry: 'PAYMENT' },
  vendors: [
    { key: 'client-globex', label: '4100', channel: 'ach', direction: 'in', names: ['GLOBEX CORP', 'GLOBEX CORPORATION'], entries: ['ACH PMT', 'VENDOR PAY'], amount: [6000, 15000], perMonth: 0.9 },
    { key: 'client-initech', label: '4100', channel: 'ach', direction: 'in', names: ['INITECH LLC'], entries: ['PAYABLES'], amount: [4000, 9000], perMonth: 0.7 },
    { key: 'client-hooli', label: '4100', channel: 'wire', direction: 'in', names: ['HOOLI XYZ INC'], amount: [10000, 28000], perMonth: 0.3 },
    { key: 'stripe-payouts', label: '4100', channel: 'ach', direction: 'in', names: ['STRIPE'], entries: ['TRANSFER'], amount: [900, 4500], perMonth: 1 },
    { key: 'toptal-payouts', label: '4100', channel: 'ach', direction: 'in', names: ['TOPTAL, LLC', 'TOPTAL LLC'], entries: ['PAYOUT'], amount: [2500, 7000], perMonth: 0.6 },
    { key: 'check-deposits', label: '4100', channel: 'checkDeposit', direction: 'in', names: ['CHECK'], amount: [1200, 6000], perMonth: 0.6 },
    { key: 'irs-estimates', label: '3200', channel: 'ach', account: 'checking', names: ['IRS'], entries: ['USATAXPYMT'], amount: [3500, 6500], months: [1, 4, 6, 9], day: 14 },
    { key: 'co-estimates', label: '3200', channel: 'ach', account: 'checking', names: ['CO DEPT REVENUE', 'COLORADO DEPT OF REV'], entries: ['TAX PYMT'], amount: [700, 1400], months: [1, 4, 6, 9], day: 14 },
    { key: 'denver-opt', label: '6140', channel: 'card', names: ['DENVER TREASURY DIV', 'CITY AND COUNTY OF DENVER'], web: '720-913-9400', amount: [48, 60], months: [2] },
    { key: 'anthem', label: '3200', channel: 'ach', account: 'checking', names: ['ANTHEM BLUE'], entries: ['INS PREM'], amount: [540, 540], fixed: true, day: 1 },
    { key: 'hiscox', label: '6060', channel: 'card', names: ['HISCOX INC', 'HISCOX PROFESSIONAL LI'], web: '866-283-7545', amount: [48, 48], fixed: true, day: 18 },
    { key: 'southwest', label: '6150', channel: 'card', names: ['SOUTHWES 5262134567890', 'SOUTHWEST AIRLINES'], web: 'DALLAS', amount: [120, 520], perMonth: 1.2 },
    { key: 'united', label: '6150', channel: 'card', names: ['UNITED 0162345678901', 'UNITED AIRLINES'], web: 'HOUSTON', amount: [180, 880], perMonth: 0.7 },
    { key: 'frontier', label: '6150', channel: 'card', names: ['FRONTIER AIRLINES', 'FRONTIER AI 4222'], web: 'DENVER', amount: [60, 260], perMonth: 0.4 },
    { key: 'hyatt-place', label: '6150', channel: 'card', names: ['HYATT PLACE CHICAGO', 'HYATT PLACE'], city: 'CHICAGO', amount: [180, 620], perMonth: 0.6 },
    { key: 'hampton', label: '6150', channel: 'card', names: ['HAMPTON INN & SUITES', 'HAMPTON INNS'], city: 'DALLAS', amount: [140, 480], perMonth: 0.5 },
    { key: 'the-source', label: '6150', channel: 'card', names: ['THE SOURCE HOTEL'], city: 'DENVER', amount: [220, 560], perMonth: 0.1 },
    { key: 'kimpton', label: '6150', channel: 'card', names: ['KIMPTON HOTEL MONACO', 'HOTEL MONACO SEATTLE'], city: 'SEATTLE', amount: [260, 720], perMonth: 0.2 },
    { key: 'enterprise', label: '6150', channel: 'card', names: ['ENTERPRISE RENT-A-CAR', 'ENTERPRISE RENT-A-CA'], city: 'DALLAS', amount: [90, 420], perMonth: 0.35 },
    { key: 'hertz', label: '6150', channel: 'card', names: ['HERTZ RENT-A-CAR', 'HERTZ #0123456'], city: 'CHICAGO', amount: [110, 460], perMonth: 0.25 },
    { key: 'uber', label: '6010', channel: 'card', names: ['UBER *TRIP', 'UBER *TRIP HELP.UBER.CO'], web: '800-592-8996', amount: [12, 78], perMonth: 3 },
    { key: 'lyft', label: '6010', channel: 'card', names: ['LYFT *RIDE TUE 8AM', 'LYFT   *1 RIDE'], web: 'SAN FRANCISCO', amount: [10, 60], perMonth: 1 },
    { key: 'den-parking', label: '6010', channel: 'card', names: ['DEN AIRPORT PARKING', 'DIA PIKES PEAK SHUTTLE'], city: 'DENVER', amount: [30, 160], perMonth: 0.7 },
    { key: 'rtd', label: '6010', channel: 'card', names: ['RTD MOBILE TICKETING', 'RTD A LINE'], city: 'DENVER', amount: [10.5, 10.5], perMonth: 0.8 },
    { key: 'msft', label: '6200', channel: 'card', names: ['MSFT * E0400ABCDE', 'MICROSOFT#G0123456'], web: 'MSBILL.INFO', amount: [12.5, 12.5], fixed: true, day: 3 },
    { key: 'zoom', label: '6200', channel: 'card', names: ['ZOOM.US 888-799-9666'], web: 'SAN JOSE', amount: [15.99, 15.99], fixed: true, day: 8 },
    { key: 'calendly', label: '6200', channel: 'card', names: ['CALENDLY', 'CALENDLY LLC'], web: 'ATLANTA', amount: [12, 12], fixed: true, day: 10 },
    { key: 'docusign', label: '6200', channel: 'card', names: ['DOCUSIGN INC', 'DOCUSIGN'], web: '866-219-4318', amount: [25, 25], fixed: true, day: 16 },
    { key: 'quickbooks', label: '6200', channel: 'card', names: ['INTUIT *QBOOKS ONLINE', 'INTUIT *QUICKBOOKS'], web: 'CL.INTUIT.COM', amount: [35, 38], fixed: true, day: 21 },
    { key: 'linkedin', label: '6200', channel: 'card', names: ['LINKEDIN PRE 8274651', 'LINKEDIN PREMIUM'], web: '855-655-5653', amount: [39.99, 39.99], fixed: true, day: 25 },
    { key: 'grammarly', label: '6200', channel: 'card', names: ['GRAMMARLY'], web: 'GRAMMARLY.COM', amount: [12, 12], fixed: true, day: 27 },
    { key: 'otter', label: '6200', channel: 'card', names: ['OTTER.AI'], web: 'LOS ALTOS', amount: [16.99, 16.99], fixed: true, day: 2 },
    { key: 'verizon', label: '6170', channel: 'card', names: ['VZWRLSS*APOCC VISN', 'VERIZON WRLS P2007-01'], web: '800-922-0204', amount: [78, 95], day: 19 },
    { key: 'xfinity', label: '6170', channel: 'card', names: ['COMCAST CABLE COMM', 'XFINITY'], web: '800-266-2278', amount: [80, 80], fixed: true, day: 24 },
    { key: 'industrious', label: '6110', channel: 'card', names: ['INDUSTRIOUS DENVER', 'INDUSTRIOUS - UNION ST'], city: 'DENVER', amount: [450, 450], fixed: true, day: 1 },
    { key: 'holland-hart', label: '6080', channel: 'ach', account: 'checking', names: ['HOLLAND AND HART'], entries: ['INVOICE PMT'], amount: [600, 3000], perMonth: 0.15 },
    { key: 'bookkeeper', label: '6080', channel: 'zelle', names: ['Ledgerly Bookkeeping'], amount: [250, 250], fixed: true, day: 5 },
    { key: 'hrblock', label: '6080', channel: 'card', names: ['H&R BLOCK', 'HRB ONLINE TAX PROD'], web: '800-472-5625', amount: [90, 180], months: [3] },
    { key: 'coursera', label: '6230', channel: 'card', names: ['COURSERA'], web: 'COURSERA.ORG', amount: [49, 59], perMonth: 0.25 },
    { key: 'hbr', label: '6230', channel: 'card', names: ['HARVARD BUSINESS REVIEW', 'HBR SUBSCRIPTION'], web: '800-274-3214', amount: [12, 12], fixed: true, day: 13 },
    { key: 'tattered-cover', label: '6230', channel: 'card', names: ['TATTERED COVER BOOK STO'], city: 'DENVER', amount: [15, 70], perMonth: 0.3 },
    { key: 'pmi', label: '6240', channel: 'card', names: ['PROJECT MANAGEMENT INST', 'PMI MEMBERSHIP'], web: '610-356-4600', amount: [139, 139], months: [5] },
    { key: 'office-depot', label: '6090', channel: 'card', names: ['OFFICE DEPOT #1093', 'OFFICEDEPOT.COM'], city: 'DENVER', amount: [12, 160], perMonth: 0.4 },
    { key: 'amazon', label: '6090', channel: 'card', names: ['AMAZON.COM*M12AB3CD4', 'AMZN Mktp US*RK9ZE8Y71'], web: 'AMZN.COM/BILL', amount: [10, 180], perMonth: 1.5, exceptions: [[0.25, '6260']] },
    { key: 'best-buy', label: '6090', channel: 'card', names: ['BEST BUY 00001234', 'BESTBUYCOM806124578'], city: 'DENVER', amount: [40, 600], perMonth: 0.15 },
    { key: 'laptop', label: '1500', channel: 'card', names: ['APPLE ONLINE STORE', 'APPLE.COM/US'], web: '800-676-2775', amount: [2400, 3200], months: [10] },
    { key: 'starbucks', label: '6160', channel: 'card', names: ['STARBUCKS'], stores: true, city: 'DENVER', amount: [4, 22], perMonth: 2 },
    { key: 'dazbog', label: '6160', channel: 'card', names: ['DAZBOG COFFEE', 'SQ *DAZBOG COFFEE'], city: 'DENVER', amount: [4, 18], perMonth: 1.5 },
    { key: 'snooze', label: '6160', channel: 'card', names: ['SNOOZE AN A.M. EATERY', 'SNOOZE UNION STATION'], city: 'DENVER', amount: [25, 110], perMonth: 0.8 },
    { key: 'client-dinners', label: '6160', channel: 'card', names: ['TST* LINGER', 'TST* OTOTO', 'GUARD AND GRACE', 'TST* SAFTA'], city: 'DENVER', amount: [70, 380], perMonth: 1.2 },
    { key: 'airport-food', label: '6160', channel: 'card', names: ['HUDSON NEWS ST1234', 'PARADIES DEN C CONC', 'OTG MGMT DEN LLC'], city: 'DENVER', amount: [6, 35], perMonth: 1 },
    { key: 'spotify', label: '6260', channel: 'card', names: ['SPOTIFY USA', 'Spotify P2A1B3C4D5'], web: 'NEW YORK', amount: [11.99, 11.99], fixed: true, day: 7 },
    { key: 'king-soopers', label: '6260', channel: 'card', names: ['KING SOOPERS #0012', 'KING SOOPERS FUEL #12'], city: 'DENVER', amount: [30, 180], perMonth: 1 },
    { key: 'denver-rescue', label: '6250', channel: 'card', names: ['DENVER RESCUE MISSION'], city: 'DENVER', amount: [100, 250], months: [11, 12] },
    { key: 'bofa-fee', label: '6210', channel: 'fee', account: 'checking', names: ['fee'], amount: [16, 16], perMonth: 0.5 },
    { key: 'savings-interest', label: '4500', channel: 'interest', direction: 'in', account: 'savings', names: ['interest'], amount: [3, 30], day: 28 },
    { key: 'card-interest', label: '6070', channel: 'interest', account: 'card', names: ['interest'], amount: [12, 80], perMonth: 0.15 },
    { key: 'atm', label: '3200', channel: 'atm', account: 'checking', names: ['atm'], amount: [60, 300], perMonth: 0.8 },
    { key: 'owner-transfer', label: '3200', channel: 'ownerTransfer', names: ['7782'], amount: [2000, 8000], perMonth: 1.2 },
  ],
};

const ecommerce: Profile = {
  id: 'tidewater-goods',
  description: 'Candle and home-goods e-commerce LLC in Raleigh selling on Shopify, Etsy and Amazon; Mercury-style checking and treasury, Brex-style card',
  holder: 'TIDEWATER GOODS LLC',
  city: 'Raleigh',
  state: 'NC',
  seed: 4404,
  accounts: [{ role: 'checking', style: neobank, last4: '3390' }, { role: 'savings', style: neobank, last4: '3391' }, { role: 'card', style: neobank, last4: '7781' }],
  savingsSweep: { day: 25, amount: [2000, 10000], returnEveryMonths: 3 },
  cardPayment: { day: 1, company: 'BREX INC', entry: 'CARD PAYMENT' },
  vendors: [
    { key: 'shopify-payouts', label: '4000', channel: 'ach', direction: 'in', names: ['SHOPIFY'], entries: ['PAYOUT', 'TRANSFER'], merchant: 'Shopify', amount: [300, 4200], perMonth: 9 },
    { key: 'etsy-payouts', label: '4000', channel: 'ach', direction: 'in', names: ['ETSY, INC.', 'ETSY INC'], entries: ['PAYOUT'], merchant: 'Etsy', amount: [120, 1600], perMonth: 4 },
    { key: 'amazon-seller', label: '4000', channel: 'ach', direction: 'in', names: ['AMAZON.COM SVCS LLC', 'AMZN MKTP SELLER'], entries: ['SELLER PAYMENTS'], merchant: 'Amazon', amount: [400, 3800], perMonth: 2 },
    { key: 'faire-payouts', label: '4000', channel: 'ach', direction: 'in', names: ['FAIRE WHOLESALE INC'], entries: ['PAYOUT'], merchant: 'Faire', amount: [300, 2400], perMonth: 1.5 },
    { key: 'paypal-transfers', label: '4000', channel: 'ach', direction: 'in', names: ['PAYPAL'], entries: ['TRANSFER'], merchant: 'PayPal', amount: [60, 900], perMonth: 1.5 },
    { key: 'owner-contribution', label: '3100', channel: 'zelle', direction: 'in', names: ['Sam Porter'], amount: [5000, 15000], months: [8], day: 2 },
    { key: 'candle-science', label: '5000', channel: 'card', names: ['CandleScience', 'CANDLESCIENCE INC'], merchant: 'CandleScience', amount: [220, 1400], perMonth: 2 },
    { key: 'carolina-candle', label: '5000', channel: 'ach', account: 'checking', names: ['CAROLINA CANDLE SUPPLY'], entries: ['INVOICE'], amount: [300, 1800], perMonth: 0.8 },
    { key: 'bulk-apothecary', label: '5000', channel: 'card', names: ['Bulk Apothecary'], merchant: 'Bulk Apothecary', amount: [90, 600], perMonth: 1 },
    { key: 'alibaba', label: '5000', channel: 'card', names: ['Alibaba.com', 'ALIBABA.COM SINGAPORE'], merchant: 'Alibaba', amount: [180, 2200], perMonth: 0.6 },
    { key: 'printful', label: '5000', channel: 'card', names: ['Printful', 'PRINTFUL INC'], merchant: 'Printful', amount: [40, 380], perMonth: 1.5 },
    { key: 'faire-orders', label: '5000', channel: 'card', names: ['Faire Wholesale', 'FAIRE.COM'], merchant: 'Faire', amount: [150, 900], perMonth: 0.5 },
    { key: 'usps', label: '6220', channel: 'card', names: ['USPS CLICK N SHIP', 'USPS.COM CLICKNSHIP'], merchant: 'USPS', amount: [40, 320], perMonth: 3 },
    { key: 'pirate-ship', label: '6220', channel: 'card', names: ['Pirate Ship', 'PIRATESHIP POSTAGE'], merchant: 'Pirate Ship', amount: [60, 480], perMonth: 5 },
    { key: 'shipstation', label: '6220', channel: 'card', names: ['ShipStation'], merchant: 'ShipStation', amount: [29.99, 29.99], fixed: true, day: 9 },
    { key: 'ups', label: '6220', channel: 'card', names: ['UPS*1Z8V9W420', 'UPS BILLING CENTER'], merchant: 'UPS', amount: [25, 260], perMonth: 1 },
    { key: 'uline', label: '6130', channel: 'card', names: ['ULINE *S1234567', 'Uline'], merchant: 'Uline', amount: [80, 520], perMonth: 1 },
    { key: 'ecoenclose', label: '6130', channel: 'card', names: ['EcoEnclose', 'ECOENCLOSE LLC'], merchant: 'EcoEnclose', amount: [60, 340], perMonth: 0.7 },
    { key: 'noissue', label: '6130', channel: 'card', names: ['noissue', 'NOISSUE.CO'], merchant: 'noissue', amount: [90, 400], perMonth: 0.3 },
    { key: 'meta-ads', label: '6000', channel: 'card', names: ['FACEBK *ADS 9HJ2K', 'Meta Platforms'], merchant: 'Meta', amount: [100, 900], perMonth: 3 },
    { key: 'google-ads', label: '6000', channel: 'card', names: ['GOOGLE *ADS4271938', 'Google Ads'], merchant: 'Google Ads', amount: [50, 600], perMonth: 2 },
    { key: 'pinterest', label: '6000', channel: 'card', names: ['Pinterest Ads', 'PINTEREST *ADS'], merchant: 'Pinterest', amount: [40, 300], perMonth: 1 },
    { key: 'tiktok', label: '6000', channel: 'card', names: ['TikTok Ads', 'TIKTOK ADS*'], merchant: 'TikTok', amount: [50, 400], perMonth: 0.8 },
    { key: 'klaviyo', label: '6000', channel: 'card', names: ['Klaviyo', 'KLAVIYO INC.'], merchant: 'Klaviyo', amount: [60, 150], day: 12 },
    { key: 'influencers', label: '6000', channel: 'zelle', names: ['Jess Carraway', 'Lauren Pike Studio', 'Hana Kim'], amount: [150, 800], perMonth: 0.6 },
    { key: 'shopify-sub', label: '6200', channel: 'card', names: ['Shopify', 'SHOPIFY* 184729301'], merchant: 'Shopify', amount: [105, 105], fixed: true, day: 14 },
    { key: 'recharge', label: '6200', channel: 'card', names: ['Recharge Payments', 'RECHARGE APPS'], merchant: 'Recharge', amount: [99, 99], fixed: true, day: 16 },
    { key: 'judgeme', label: '6200', channel: 'card', names: ['Judge.me'], merchant: 'Judge.me', amount: [15, 15], fixed: true, day: 18 },
    { key: 'gorgias', label: '6200', channel: 'card', names: ['Gorgias', 'GORGIAS INC'], merchant: 'Gorgias', amount: [60, 60], fixed: true, day: 20 },
    { key: 'canva', label: '6200', channel: 'card', names: ['Canva'], merchant: 'Canva', amount: [14.99, 14.99], fixed: true, day: 22 },
    { key: 'gsuite', label: '6200', channel: 'card', names: ['Google Workspace', 'GOOGLE *GSUITE_tidewater'], merchant: 'Google', amount: [14, 28], fixed: true, day: 1 },
    { key: 'quickbooks', label: '6200', channel: 'card', names: ['QuickBooks', 'INTUIT *QBOOKS ONLINE'], merchant: 'Intuit', amount: [60, 60], fixed: true, day: 11 },
    { key: 'etsy-fees', label: '6020', channel: 'ach', account: 'checking', names: ['ETSY, INC.'], entries: ['ETSY FEES'], merchant: 'Etsy', amount: [20, 140], perMonth: 0.8 },
    { key: 'amazon-fees', label: '6020', channel: 'ach', account: 'checking', names: ['AMAZON.COM SVCS LLC'], entries: ['SELLER FEES'], merchant: 'Amazon', amount: [39.99, 39.99], fixed: true, day: 6 },
    { key: 'refunds', label: '4200', channel: 'ach', account: 'checking', names: ['SHOPIFY'], entries: ['REFUND', 'CHARGEBACK'], merchant: 'Shopify', amount: [20, 160], perMonth: 0.8 },
    { key: 'nc-sales-tax', label: '2300', channel: 'ach', account: 'checking', names: ['NC DEPT OF REVENUE', 'NCDOR'], entries: ['SALES TAX'], amount: [300, 1400], day: 20 },
    { key: 'warehouse-rent', label: '6110', channel: 'ach', account: 'checking', names: ['TRIANGLE FLEX SPACE'], entries: ['RENT'], amount: [1150, 1150], fixed: true, day: 1 },
    { key: 'duke', label: '6170', channel: 'ach', account: 'checking', names: ['DUKE ENERGY', 'DUKE ENERGY PROGRESS'], entries: ['BILL PAY'], amount: [90, 240], day: 17 },
    { key: 'spectrum', label: '6170', channel: 'card', names: ['Spectrum', 'SPECTRUM 855-707-7328'], merchant: 'Spectrum', amount: [70, 70], fixed: true, day: 23 },
    { key: 'gusto-net', label: '6180', channel: 'ach', account: 'checking', names: ['GUSTO'], entries: ['NET PAY'], merchant: 'Gusto', amount: [2400, 3600], days: [14, 28] },
    { key: 'gusto-tax', label: '6140', channel: 'ach', account: 'checking', names: ['GUSTO'], entries: ['TAX'], merchant: 'Gusto', amount: [500, 900], days: [14, 28] },
    { key: 'photographer', label: '6030', channel: 'zelle', names: ['Jordan Lee Photo'], amount: [300, 1200], perMonth: 0.4 },
    { key: 'upwork', label: '6030', channel: 'card', names: ['Upwork', 'UPWORK -REF 8573649'], merchant: 'Upwork', amount: [100, 700], perMonth: 0.4 },
    { key: 'owner-draw', label: '3200', channel: 'zelle', names: ['Sam Porter'], amount: [1500, 4000], perMonth: 0.9 },
    { key: 'treasury-yield', label: '4500', channel: 'interest', direction: 'in', account: 'savings', names: ['interest'], amount: [8, 60], day: 30 },
    { key: 'wire-fee', label: '6210', channel: 'fee', account: 'checking', names: ['fee'], amount: [15, 15], perMonth: 0.15 },
    { key: 'coffee', label: '6160', channel: 'card', names: ['Jubala Coffee', 'SQ *JUBALA VILLAGE COFF'], merchant: 'Jubala Coffee', amount: [5, 20], perMonth: 1.2 },
    { key: 'lunch', label: '6160', channel: 'card', names: ['Chick-fil-A', 'CHICK-FIL-A #03012'], merchant: 'Chick-fil-A', amount: [9, 40], perMonth: 0.8 },
    { key: 'craft-fair', label: '6000', channel: 'card', names: ['SQ *RALEIGH MARKET VENDO', 'Raleigh Makers Market'], merchant: 'Raleigh Makers Market', amount: [75, 250], perMonth: 0.2 },
  ],
};

const plumbing: Profile = {
  id: 'summit-plumbing',
  description: 'Plumbing and heating contractor LLC in Minneapolis with four employees; U.S. Bank checking, credit union savings, PNC card',
  holder: 'SUMMIT PLUMBING & HEATING LLC',
  city: 'Minneapolis',
  state: 'MN',
  seed: 5505,
  accounts: [{ role: 'checking', style: usBank, last4: '5127' }, { role: 'savings', style: creditUnion, last4: '0915' }, { role: 'card', style: pnc, last4: '8830' }],
  savingsSweep: { day: 28, amount: [3000, 15000], returnEveryMonths: 4 },
  cardPayment: { day: 20, company: 'PNC BANK CARD', entry: 'ONLINE PMT' },
  vendors: [
    { key: 'check-deposits', label: '4100', channel: 'checkDeposit', direction: 'in', names: ['CHECK'], amount: [250, 9000], perMonth: 9 },
    { key: 'intuit-payments', label: '4100', channel: 'ach', direction: 'in', names: ['INTUIT PYMT SOLN', 'INTUIT'], entries: ['DEPOSIT'], amount: [300, 6000], perMonth: 5 },
    { key: 'jobber-payments', label: '4100', channel: 'ach', direction: 'in', names: ['JOBBER PAYMENTS', 'STRIPE'], entries: ['TRANSFER'], amount: [200, 4000], perMonth: 3 },
    { key: 'homeowners', label: '4100', channel: 'zelle', direction: 'in', names: ['Karen Olson', 'Mike Brandt', 'Lakeview HOA', 'Tom Nguyen', 'Beth Sorensen'], amount: [150, 2400], perMonth: 3 },
    { key: 'ferguson', label: '5000', channel: 'card', names: ['FERGUSON ENT #1234', 'FERGUSON ENTERPRISES'], city: 'MINNEAPOLIS', amount: [120, 2600], perMonth: 4 },
    { key: 'winnelson', label: '5000', channel: 'card', names: ['WINNELSON CO', 'WINNELSON'], city: 'SAINT PAUL', amount: [80, 1400], perMonth: 2 },
    { key: 'johnstone', label: '5000', channel: 'card', names: ['JOHNSTONE SUPPLY'], stores: true, city: 'BLOOMINGTON', amount: [60, 900], perMonth: 1.5 },
    { key: 'core-main', label: '5000', channel: 'ach', account: 'checking', names: ['CORE & MAIN LP'], entries: ['AR PAYMENT'], amount: [400, 3000], perMonth: 0.8 },
    { key: 'home-depot', label: '5000', channel: 'card', names: ['THE HOME DEPOT', 'HOME DEPOT #2801'], stores: true, city: 'MINNEAPOLIS', amount: [25, 700], perMonth: 4, exceptions: [[0.2, '6130']] },
    { key: 'menards', label: '5000', channel: 'card', names: ['MENARDS MINNEAPOLIS', 'MENARDS'], stores: true, city: 'MINNEAPOLIS', amount: [20, 500], perMonth: 2.5, exceptions: [[0.2, '6130']] },
    { key: 'supplyhouse', label: '5000', channel: 'card', names: ['SUPPLYHOUSE.COM'], web: '888-757-4774', amount: [60, 800], perMonth: 1 },
    { key: 'harbor-freight', label: '6130', channel: 'card', names: ['HARBOR FREIGHT TOOLS 123'], city: 'RICHFIELD', amount: [20, 300], perMonth: 0.8 },
    { key: 'northern-tool', label: '6130', channel: 'card', names: ['NORTHERN TOOL + EQUIP', 'NORTHERN TOOL'], stores: true, city: 'BURNSVILLE', amount: [30, 600], perMonth: 0.5 },
    { key: 'camera', label: '1500', channel: 'card', names: ['FERGUSON ENT #1234'], city: 'MINNEAPOLIS', amount: [4800, 6200], months: [5] },
    { key: 'sunbelt', label: '6100', channel: 'card', names: ['SUNBELT RENTALS #445', 'SUNBELT RENTALS'], city: 'MINNEAPOLIS', amount: [90, 650], perMonth: 0.6 },
    { key: 'holiday', label: '6010', channel: 'card', names: ['HOLIDAY STATIONSTORE', 'HOLIDAY STNSTORE'], stores: true, city: 'MINNEAPOLIS', amount: [50, 160], perMonth: 5 },
    { key: 'kwik-trip', label: '6010', channel: 'card', names: ['KWIK TRIP', 'KWIK TRIP #'], stores: true, city: 'EAGAN', amount: [45, 140], perMonth: 3 },
    { key: 'superamerica', label: '6010', channel: 'card', names: ['SUPERAMERICA', 'SA #4417'], stores: true, city: 'SAINT PAUL', amount: [40, 120], perMonth: 1.5 },
    { key: 'discount-tire', label: '6010', channel: 'card', names: ['DISCOUNT TIRE #MNM 07'], city: 'MINNEAPOLIS', amount: [180, 1100], perMonth: 0.15 },
    { key: 'van-repair', label: '6010', channel: 'card', names: ['LAKE STREET AUTO CARE', 'LAKE ST AUTO CARE'], city: 'MINNEAPOLIS', amount: [120, 1600], perMonth: 0.3 },
    { key: 'mpls-parking', label: '6010', channel: 'card', names: ['MPLS PARKING METERS', 'CITY OF MPLS PARKING'], city: 'MINNEAPOLIS', amount: [2, 20], perMonth: 2 },
    { key: 'ford-credit', label: '2400', channel: 'ach', account: 'checking', names: ['FORD CREDIT'], entries: ['AUTO PYMT'], amount: [742.18, 742.18], fixed: true, days: [9] },
    { key: 'jobber', label: '6200', channel: 'card', names: ['JOBBER', 'GETJOBBER.COM'], web: 'EDMONTON', amount: [169, 169], fixed: true, day: 4 },
    { key: 'quickbooks', label: '6200', channel: 'card', names: ['INTUIT *QBOOKS ONLINE'], web: 'CL.INTUIT.COM', amount: [90, 90], fixed: true, day: 10 },
    { key: 'gsuite', label: '6200', channel: 'card', names: ['GOOGLE *GSUITE_summitph'], web: 'G.CO/HELPPAY#', amount: [36, 48], fixed: true, day: 1 },
    { key: 'ringcentral', label: '6170', channel: 'card', names: ['RINGCENTRAL INC', 'RINGCENTRAL'], web: '888-898-4591', amount: [64, 64], fixed: true, day: 15 },
    { key: 'verizon', label: '6170', channel: 'card', names: ['VERIZON WRLS P2007-01', 'VZWRLSS*IVR VW'], web: '800-922-0204', amount: [240, 290], day: 21 },
    { key: 'centurylink', label: '6170', channel: 'ach', account: 'checking', names: ['CENTURYLINK', 'LUMEN QUANTUM FIBER'], entries: ['AUTOPAY'], amount: [65, 65], fixed: true, day: 17 },
    { key: 'xcel', label: '6170', channel: 'ach', account: 'checking', names: ['XCEL ENERGY-NSP', 'XCEL ENERGY'], entries: ['XCELENERGY'], amount: [120, 420], day: 24 },
    { key: 'shop-rent', label: '6110', channel: 'check', account: 'checking', names: ['check'], amount: [2200, 2200], fixed: true, day: 1 },
    { key: 'auto-owners', label: '6060', channel: 'ach', account: 'checking', names: ['AUTO-OWNERS INS', 'AUTO OWNERS INS'], entries: ['PREMIUM'], amount: [610, 610], fixed: true, day: 6 },
    { key: 'west-bend', label: '6060', channel: 'ach', account: 'checking', names: ['WEST BEND MUTUAL'], entries: ['WC PREM'], amount: [380, 380], fixed: true, day: 12 },
    { key: 'adp-wages', label: '6180', channel: 'ach', account: 'checking', names: ['ADP WAGE PAY'], entries: ['WAGE PAY'], amount: [11000, 15500], days: [14, 28] },
    { key: 'adp-tax', label: '6140', channel: 'ach', account: 'checking', names: ['ADP Tax'], entries: ['ADP Tax'], amount: [3600, 5200], days: [14, 28] },
    { key: 'adp-fees', label: '6080', channel: 'ach', account: 'checking', names: ['ADP PAYROLL FEES'], entries: ['ADP FEES'], amount: [92, 140], day: 5 },
    { key: 'mn-license', label: '6140', channel: 'card', names: ['MN DEPT OF LABOR AND IN', 'DLI ELICENSE'], web: '651-284-5034', amount: [80, 160], months: [3] },
    { key: 'city-permits', label: '6140', channel: 'card', names: ['CITY OF MINNEAPOLIS', 'MPLS DEVELOPMENT REVIEW'], web: '612-673-3000', amount: [45, 380], perMonth: 1.2 },
    { key: 'mn-revenue', label: '6140', channel: 'ach', account: 'checking', names: ['MN DEPT OF REVENUE'], entries: ['WITHHOLDNG'], amount: [900, 1500], day: 15 },
    { key: 'waste', label: '6170', channel: 'card', names: ['WASTE MANAGEMENT', 'WM EZPAY'], web: '866-964-2729', amount: [180, 420], perMonth: 0.8 },
    { key: 'phcc', label: '6230', channel: 'card', names: ['MN PHCC', 'PHCC OF MINNESOTA'], web: '651-291-8113', amount: [95, 295], perMonth: 0.2 },
    { key: 'caribou', label: '6160', channel: 'card', names: ['CARIBOU COFFEE'], stores: true, city: 'MINNEAPOLIS', amount: [4, 30], perMonth: 2 },
    { key: 'jimmy-johns', label: '6160', channel: 'card', names: ["JIMMY JOHNS - 1234", 'JIMMY JOHNS #1234'], city: 'MINNEAPOLIS', amount: [9, 70], perMonth: 1.5 },
    { key: 'matts-bar', label: '6160', channel: 'card', names: ["MATT'S BAR", 'MATTS BAR & GRILL'], city: 'MINNEAPOLIS', amount: [20, 90], perMonth: 0.5 },
    { key: 'second-harvest', label: '6250', channel: 'card', names: ['SECOND HARVEST HEARTLAN'], web: '651-484-5117', amount: [100, 500], months: [11] },
    { key: 'usbank-fee', label: '6210', channel: 'fee', account: 'checking', names: ['fee'], amount: [20, 45], perMonth: 0.8 },
    { key: 'savings-interest', label: '4500', channel: 'interest', direction: 'in', account: 'savings', names: ['interest'], amount: [5, 40], day: 27 },
    { key: 'owner-distribution', label: '3200', channel: 'ownerTransfer', names: ['4410'], amount: [3000, 9000], perMonth: 1 },
  ],
};

/*
 * HELD-OUT businesses: written later, from general knowledge of US small-business statements, by an
 * author who never saw the categorizer's keywords, rules, directory or its misses on the five
 * businesses above. They measure the categorizer out of sample; the calibration fit never sees them.
 */
const salon: Profile = {
  id: 'copper-comb-salon',
  description: 'Hair salon and barbershop LLC in Denver with four stylists on payroll and two booth renters; PNC checking and savings, Chase card',
  holder: 'COPPER COMB SALON LLC',
  city: 'Denver',
  state: 'CO',
  seed: 6606,
  heldOut: true,
  accounts: [{ role: 'checking', style: pnc, last4: '6018' }, { role: 'savings', style: pnc, last4: '6026' }, { role: 'card', style: chase, last4: '2294' }],
  savingsSweep: { day: 18, amount: [1500, 5000], returnEveryMonths: 6 },
  cardPayment: { day: 15, company: 'CHASE CREDIT CRD', entry: 'AUTOPAY' },
  vendors: [
    { key: 'square-deposits', label: '4100', channel: 'ach', direction: 'in', names: ['SQUARE INC'], entries: ['SQ241104', 'SQ'], amount: [350, 2400], perMonth: 22 },
    { key: 'vagaro-payouts', label: '4100', channel: 'ach', direction: 'in', names: ['VAGARO INC', 'VAGARO PAYMENTS'], entries: ['DEPOSIT'], amount: [120, 900], perMonth: 4 },
    { key: 'gift-card-zelle', label: '4100', channel: 'zelle', direction: 'in', names: ['Rachel Dunlap', 'Marcus Webb', 'Lena Ortiz', 'Priya Raman'], amount: [40, 250], perMonth: 1.5 },
    { key: 'booth-rent', label: '4900', channel: 'zelle', direction: 'in', names: ['Tasha Greene', 'Jordan Pryce'], amount: [650, 650], perMonth: 2 },
    { key: 'cash-deposits', label: '4100', channel: 'checkDeposit', direction: 'in', names: ['CHECK'], amount: [200, 1400], perMonth: 1.5 },
    { key: 'salon-centric', label: '6130', channel: 'card', names: ['SALONCENTRIC #0412', 'SALONCENTRIC'], city: 'DENVER', amount: [60, 750], perMonth: 3, exceptions: [[0.25, '5000']] },
    { key: 'cosmoprof', label: '6130', channel: 'card', names: ['COSMOPROF 3318', 'COSMO PROF'], stores: true, city: 'LAKEWOOD', amount: [40, 480], perMonth: 2, exceptions: [[0.2, '5000']] },
    { key: 'sallys', label: '6130', channel: 'card', names: ["SALLY BEAUTY #1140", 'SALLY BEAUTY SUPPLY'], city: 'DENVER', amount: [15, 140], perMonth: 1 },
    { key: 'olaplex', label: '5000', channel: 'card', names: ['OLAPLEX INC', 'OLAPLEX.COM'], web: 'OLAPLEX.COM', amount: [180, 900], perMonth: 0.5 },
    { key: 'kevin-murphy', label: '5000', channel: 'ach', account: 'checking', names: ['MODERN SALON DISTRIB', 'MODERN SALON DIST LLC'], entries: ['INVOICE'], amount: [300, 1600], perMonth: 0.7 },
    { key: 'amazon', label: '6130', channel: 'card', names: ['AMZN Mktp US*RB4KD1', 'AMAZON.COM*MK29T0'], web: 'AMZN.COM/BILL', amount: [14, 160], perMonth: 2, exceptions: [[0.2, '6090']] },
    { key: 'target', label: '6130', channel: 'card', names: ['TARGET 00021345', 'TARGET T-2134'], city: 'DENVER', amount: [12, 120], perMonth: 1, exceptions: [[0.3, '6260']] },
    { key: 'costco', label: '6130', channel: 'card', names: ['COSTCO WHSE #0454'], city: 'DENVER', amount: [40, 260], perMonth: 0.6 },
    { key: 'towel-service', label: '6120', channel: 'ach', account: 'checking', names: ['MILE HIGH LINEN SVC'], entries: ['ACH DEBIT'], amount: [185, 240], day: 7 },
    { key: 'rent', label: '6110', channel: 'ach', account: 'checking', names: ['TENNYSON ST RETAIL LL'], entries: ['RENT', 'WEB PMT'], amount: [4200, 4200], fixed: true, day: 1 },
    { key: 'xcel', label: '6170', channel: 'ach', account: 'checking', names: ['XCEL ENERGY'], entries: ['XCELENERGY'], amount: [140, 380], day: 22 },
    { key: 'denver-water', label: '6170', channel: 'card', names: ['DENVER WATER', 'DENVERWATER PAYMENT'], web: '303-893-2444', amount: [60, 190], day: 19 },
    { key: 'comcast', label: '6170', channel: 'card', names: ['COMCAST DENVER', 'COMCAST BUSINESS'], web: '800-391-3000', amount: [129, 129], fixed: true, day: 11 },
    { key: 'tmobile', label: '6170', channel: 'card', names: ['T-MOBILE*AUTOPAY', 'TMOBILE*POSTPAID'], web: '800-937-8997', amount: [85, 110], day: 24 },
    { key: 'vagaro-sub', label: '6200', channel: 'card', names: ['VAGARO*SUBSCRIPTION', 'VAGARO INC'], web: '800-919-0157', amount: [85, 85], fixed: true, day: 3 },
    { key: 'spotify', label: '6200', channel: 'card', names: ['SPOTIFY BUSINESS', 'SOUNDTRACK YOUR BRAND'], web: 'STOCKHOLM', amount: [34.99, 34.99], fixed: true, day: 9 },
    { key: 'canva', label: '6200', channel: 'card', names: ['CANVA* I04219-38271'], web: 'SYDNEY', amount: [14.99, 14.99], fixed: true, day: 16 },
    { key: 'quickbooks', label: '6200', channel: 'card', names: ['INTUIT *QBOOKS ONLINE'], web: 'CL.INTUIT.COM', amount: [38, 38], fixed: true, day: 12 },
    { key: 'square-fees', label: '6210', channel: 'ach', account: 'checking', names: ['SQUARE INC'], entries: ['SQ FEES'], amount: [30, 140], perMonth: 1 },
    { key: 'pnc-fee', label: '6210', channel: 'fee', account: 'checking', names: ['fee'], amount: [10, 25], perMonth: 0.5 },
    { key: 'instagram-ads', label: '6000', channel: 'card', names: ['FACEBK *Q7W3R2MN92', 'META *ADS TXP41'], web: 'FB.ME/ADS', amount: [40, 300], perMonth: 1.2 },
    { key: 'yelp', label: '6000', channel: 'card', names: ['YELP INC*ADS', 'YELP ADVERTISING'], web: '877-767-9357', amount: [150, 150], fixed: true, day: 20 },
    { key: 'print-shop', label: '6000', channel: 'card', names: ['SQ *HIGHLANDS PRINT BAR'], city: 'Denver', amount: [35, 220], perMonth: 0.3 },
    { key: 'adp-net', label: '6180', channel: 'ach', account: 'checking', names: ['ADP WAGE PAY'], entries: ['WAGE PAY'], amount: [5200, 7400], days: [15, 30] },
    { key: 'adp-tax', label: '6140', channel: 'ach', account: 'checking', names: ['ADP Tax'], entries: ['ADP Tax'], amount: [1300, 2000], days: [15, 30] },
    { key: 'adp-fee', label: '6080', channel: 'ach', account: 'checking', names: ['ADP PAYROLL FEES'], entries: ['ADP FEES'], amount: [68, 95], day: 4 },
    { key: 'co-revenue', label: '6140', channel: 'ach', account: 'checking', names: ['CO DEPT OF REVENUE', 'COLORADO DEPT REVENUE'], entries: ['TAX PAYMNT'], amount: [180, 600], months: [1, 4, 7, 10], day: 20 },
    { key: 'denver-sales-tax', label: '2300', channel: 'ach', account: 'checking', names: ['CITY & COUNTY OF DENV', 'DENVER TREASURY'], entries: ['SALES TAX'], amount: [90, 320], day: 20 },
    { key: 'dora-license', label: '6140', channel: 'card', names: ['CO DORA LICENSING', 'DORA ELICENSE'], web: '303-894-7800', amount: [45, 90], months: [8] },
    { key: 'next-insurance', label: '6060', channel: 'card', names: ['NEXT INSURANCE', 'NEXT INS*POLICY'], web: 'NEXTINSURANCE', amount: [96, 96], fixed: true, day: 6 },
    { key: 'pinnacol', label: '6060', channel: 'ach', account: 'checking', names: ['PINNACOL ASSURANCE'], entries: ['WC PREM'], amount: [142, 142], fixed: true, day: 13 },
    { key: 'equipment-loan', label: '2400', channel: 'ach', account: 'checking', names: ['BELVEDERE CREDIT', 'BELVEDERE FINANCE'], entries: ['LOAN PMT'], amount: [318.4, 318.4], fixed: true, day: 10 },
    { key: 'styling-chairs', label: '1500', channel: 'card', names: ['BELVEDERE USA'], web: '800-435-5491', amount: [2400, 3800], months: [3] },
    { key: 'bookkeeper', label: '6080', channel: 'zelle', names: ['Amy Kowalski CPA'], amount: [250, 250], perMonth: 1 },
    { key: 'educator', label: '6230', channel: 'card', names: ['EB *BALAYAGE MASTERCLAS', 'BEHINDTHECHAIR.COM'], web: '801-413-7200', amount: [89, 450], perMonth: 0.25 },
    { key: 'cleaner', label: '6120', channel: 'zelle', names: ['Sparkle Clean Denver'], amount: [160, 160], perMonth: 2 },
    { key: 'coffee', label: '6160', channel: 'card', names: ['SQ *HUMBLE BEAN COFFEE'], city: 'Denver', amount: [5, 38], perMonth: 2 },
    { key: 'staff-lunch', label: '6160', channel: 'card', names: ['TST* LOLA TAQUERIA', 'TST*LOLA TAQUERIA - TEN'], city: 'DENVER', amount: [30, 160], perMonth: 0.8 },
    { key: 'king-soopers', label: '6130', channel: 'card', names: ['KING SOOPERS #0024', 'KING SOOPERS'], city: 'DENVER', amount: [10, 90], perMonth: 1.5, exceptions: [[0.35, '6260']] },
    { key: 'cosmetology-assoc', label: '6240', channel: 'card', names: ['PBA PROFESSIONAL BEAUTY'], web: '800-468-2274', amount: [75, 75], months: [2] },
    { key: 'owner-draw', label: '3200', channel: 'zelle', names: ['Nina Castellano'], amount: [1200, 3500], perMonth: 1.5 },
    { key: 'owner-health', label: '3200', channel: 'ach', account: 'checking', names: ['ROCKY MTN HMO'], entries: ['PREMIUM'], amount: [412, 412], fixed: true, day: 1 },
    { key: 'owner-capital', label: '3100', channel: 'zelle', direction: 'in', names: ['Nina Castellano'], amount: [1000, 3000], months: [1] },
    { key: 'savings-interest', label: '4500', channel: 'interest', direction: 'in', account: 'savings', names: ['interest'], amount: [1, 9], day: 28 },
    { key: 'client-refund', label: '4200', channel: 'zelle', names: ['Dana Whitcomb', 'Kelsey Marr'], amount: [40, 180], perMonth: 0.2 },
  ],
};

const landscaping: Profile = {
  id: 'greenline-landscapes',
  description: 'Landscaping and lawn-care LLC in Charlotte with a seasonal crew of five; Wells Fargo checking, credit union savings, Capital One card',
  holder: 'GREENLINE LANDSCAPES LLC',
  city: 'Charlotte',
  state: 'NC',
  seed: 7707,
  heldOut: true,
  accounts: [{ role: 'checking', style: wellsFargo, last4: '9154' }, { role: 'savings', style: creditUnion, last4: '2281' }, { role: 'card', style: capitalOne, last4: '4467' }],
  savingsSweep: { day: 26, amount: [2000, 8000], returnEveryMonths: 4, counterparty: 'UNIVERSITY FCU' },
  cardPayment: { day: 10, company: 'CAPITAL ONE', entry: 'CRCARDPMT' },
  vendors: [
    { key: 'check-deposits', label: '4100', channel: 'checkDeposit', direction: 'in', names: ['CHECK'], amount: [90, 4500], perMonth: 8 },
    { key: 'qb-payments', label: '4100', channel: 'ach', direction: 'in', names: ['INTUIT PYMT SOLN', 'QBOOKS PAYMENTS'], entries: ['DEPOSIT'], amount: [60, 3200], perMonth: 6 },
    { key: 'hoa-clients', label: '4100', channel: 'ach', direction: 'in', names: ['BALLANTYNE RIDGE HOA', 'CEDARWALK COMMUNITY A', 'PROVIDENCE PLANTATION'], entries: ['VENDOR PAY', 'ACH PMT'], amount: [1800, 5200], perMonth: 2.5 },
    { key: 'homeowners', label: '4100', channel: 'zelle', direction: 'in', names: ['Greg Holloway', 'Sandra Pike', 'Wes Tran', 'Linda Faircloth', 'Brian Mabry', 'Ochoa Family'], amount: [45, 900], perMonth: 6 },
    { key: 'stripe', label: '4100', channel: 'ach', direction: 'in', names: ['STRIPE'], entries: ['TRANSFER'], amount: [80, 1400], perMonth: 1.5 },
    { key: 'siteone', label: '5000', channel: 'card', names: ['SITEONE LANDSCAPE #220', 'SITEONE LANDSCAPE SUPPL'], city: 'CHARLOTTE', amount: [80, 1800], perMonth: 3, months: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11] },
    { key: 'nursery', label: '5000', channel: 'card', names: ['CAROLINA NURSERY WHOLES', 'CAROLINA NURSERY'], city: 'MONROE', amount: [150, 2400], perMonth: 1.5, months: [3, 4, 5, 9, 10] },
    { key: 'mulch-yard', label: '5000', channel: 'card', names: ['SQ *QUEEN CITY MULCH &', 'QUEEN CITY MULCH'], city: 'Charlotte', amount: [60, 900], perMonth: 2, months: [2, 3, 4, 5, 6, 9, 10, 11] },
    { key: 'stone-supply', label: '5000', channel: 'ach', account: 'checking', names: ['PIEDMONT STONE CTR'], entries: ['INVOICE'], amount: [400, 3500], perMonth: 0.5 },
    { key: 'lowes', label: '5000', channel: 'card', names: ["LOWE'S #1066", 'LOWES #01066*'], city: 'CHARLOTTE', amount: [20, 600], perMonth: 3, exceptions: [[0.3, '6130']] },
    { key: 'home-depot', label: '5000', channel: 'card', names: ['THE HOME DEPOT #3605', 'HOMEDEPOT.COM'], city: 'MATTHEWS', amount: [25, 500], perMonth: 1.5, exceptions: [[0.3, '6130']] },
    { key: 'tractor-supply', label: '6130', channel: 'card', names: ['TRACTOR SUPPLY #1422', 'TRACTOR-SUPPLY-CO'], city: 'INDIAN TRAIL', amount: [20, 350], perMonth: 1 },
    { key: 'small-engine', label: '6120', channel: 'card', names: ['SQ *MINT HILL SMALL ENGI'], city: 'Mint Hill', amount: [45, 650], perMonth: 0.8 },
    { key: 'stihl-dealer', label: '6120', channel: 'card', names: ['BRADLEY OUTDOOR POWER', 'BRADLEY OUTDOOR PWR EQ'], city: 'CHARLOTTE', amount: [30, 480], perMonth: 0.7 },
    { key: 'mower', label: '1500', channel: 'card', names: ['BRADLEY OUTDOOR POWER'], city: 'CHARLOTTE', amount: [8900, 12400], months: [3] },
    { key: 'sunbelt', label: '6100', channel: 'card', names: ['SUNBELT RENTALS #0871', 'SUNBELT RENTALS'], city: 'CHARLOTTE', amount: [120, 900], perMonth: 0.6 },
    { key: 'dump-fees', label: '6170', channel: 'card', names: ['MECKLENBURG CO LANDFIL', 'COMPOST CENTRAL'], city: 'CHARLOTTE', amount: [18, 95], perMonth: 2 },
    { key: 'quiktrip', label: '6010', channel: 'card', names: ['QT 1043', 'QUIKTRIP #1043'], city: 'CHARLOTTE', amount: [45, 180], perMonth: 6 },
    { key: 'circle-k', label: '6010', channel: 'card', names: ['CIRCLE K # 02719', 'CIRCLE K 2719'], city: 'MATTHEWS', amount: [30, 140], perMonth: 3 },
    { key: 'sheetz', label: '6010', channel: 'card', names: ['SHEETZ 0552', 'SHEETZ #552'], city: 'HARRISBURG', amount: [40, 150], perMonth: 2 },
    { key: 'truck-repair', label: '6010', channel: 'card', names: ['MONROE RD AUTO & TIRE'], city: 'CHARLOTTE', amount: [90, 1900], perMonth: 0.35 },
    { key: 'ncdot-tolls', label: '6010', channel: 'card', names: ['NCDOT QUICK PASS', 'NC QUICK PASS'], web: '855-499-7257', amount: [10, 40], perMonth: 0.5 },
    { key: 'truck-loan', label: '2400', channel: 'ach', account: 'checking', names: ['ALLY AUTO', 'ALLY FINANCIAL'], entries: ['ALLY PAYMT'], amount: [689.5, 689.5], fixed: true, day: 17 },
    { key: 'equipment-loan', label: '2400', channel: 'ach', account: 'checking', names: ['DEERE FINANCIAL', 'JOHN DEERE FINANCIAL'], entries: ['PAYMENT'], amount: [412, 412], fixed: true, day: 5 },
    { key: 'sba-loan', label: '2400', channel: 'ach', account: 'checking', names: ['SBA EIDL LOAN', 'SBA LOAN PMT'], entries: ['SBA PAYMNT'], amount: [731, 731], fixed: true, day: 28 },
    { key: 'yard-rent', label: '6110', channel: 'check', account: 'checking', names: ['check'], amount: [1400, 1400], fixed: true, day: 1 },
    { key: 'duke', label: '6170', channel: 'ach', account: 'checking', names: ['DUKE ENERGY'], entries: ['BILL PAY'], amount: [60, 150], day: 14 },
    { key: 'verizon', label: '6170', channel: 'card', names: ['VZWRLSS*APOCC VISB', 'VERIZON WRLS P4471'], web: '800-922-0204', amount: [180, 240], day: 21 },
    { key: 'jobber', label: '6200', channel: 'card', names: ['JOBBER', 'GETJOBBER.COM'], web: 'EDMONTON', amount: [129, 129], fixed: true, day: 8 },
    { key: 'quickbooks', label: '6200', channel: 'card', names: ['INTUIT *QBOOKS ONLINE'], web: 'CL.INTUIT.COM', amount: [65, 65], fixed: true, day: 12 },
    { key: 'google-lsa', label: '6000', channel: 'card', names: ['GOOGLE *ADS8421937561', 'GOOGLE*ADS LOCAL SVCS'], web: 'CC@GOOGLE.COM', amount: [60, 450], perMonth: 1.2, months: [2, 3, 4, 5, 6, 7, 8, 9, 10] },
    { key: 'nextdoor', label: '6000', channel: 'card', names: ['NEXTDOOR ADS', 'NEXTDOOR.COM'], web: 'SAN FRANCISCO', amount: [25, 150], perMonth: 0.5 },
    { key: 'door-hangers', label: '6000', channel: 'card', names: ['VISTAPRINT', 'VISTAPR*VISTAPRINT.COM'], web: '866-614-8002', amount: [45, 260], perMonth: 0.25 },
    { key: 'gusto-net', label: '6180', channel: 'ach', account: 'checking', names: ['GUSTO'], entries: ['NET PAY'], amount: [3800, 8600], days: [12, 26] },
    { key: 'gusto-tax', label: '6140', channel: 'ach', account: 'checking', names: ['GUSTO'], entries: ['TAX'], amount: [900, 2100], days: [12, 26] },
    { key: 'gusto-fee', label: '6080', channel: 'ach', account: 'checking', names: ['GUSTO'], entries: ['FEE 552219'], amount: [95, 95], fixed: true, day: 3 },
    { key: 'day-labor', label: '6030', channel: 'zelle', names: ['Luis Hernandez', 'Andre Simmons', 'Carlos Mejia'], amount: [150, 900], perMonth: 2.5, months: [3, 4, 5, 6, 7, 8, 9, 10] },
    { key: 'irrigation-sub', label: '6030', channel: 'check', account: 'checking', names: ['check'], amount: [400, 2200], perMonth: 0.4 },
    { key: 'erie-ins', label: '6060', channel: 'ach', account: 'checking', names: ['ERIE INSURANCE GRP', 'ERIE INS EXCHANGE'], entries: ['PREMIUM'], amount: [486, 486], fixed: true, day: 9 },
    { key: 'wc-ins', label: '6060', channel: 'ach', account: 'checking', names: ['AMTRUST NA'], entries: ['WC PREMIUM'], amount: [268, 268], fixed: true, day: 19 },
    { key: 'ncda-license', label: '6140', channel: 'card', names: ['NCDA&CS PESTICIDE LIC', 'NC DEPT OF AGRICULTURE'], web: '919-733-3556', amount: [50, 100], months: [1] },
    { key: 'nc-dor', label: '6140', channel: 'ach', account: 'checking', names: ['NC DEPT OF REVENUE'], entries: ['WITHHOLDNG'], amount: [240, 620], day: 15 },
    { key: 'irs-estimate', label: '3200', channel: 'ach', account: 'checking', names: ['IRS USATAXPYMT'], entries: ['IRS'], amount: [2500, 4800], months: [1, 4, 6, 9], day: 15 },
    { key: 'cpa', label: '6080', channel: 'check', account: 'checking', names: ['check'], amount: [650, 1400], months: [3] },
    { key: 'wf-fee', label: '6210', channel: 'fee', account: 'checking', names: ['fee'], amount: [10, 35], perMonth: 0.6 },
    { key: 'card-interest', label: '6070', channel: 'interest', account: 'card', names: ['interest'], amount: [12, 95], months: [1, 2, 12] },
    { key: 'bojangles', label: '6160', channel: 'card', names: ["BOJANGLES #0412", 'BOJANGLES 412'], city: 'CHARLOTTE', amount: [8, 65], perMonth: 2.5 },
    { key: 'crew-lunch', label: '6160', channel: 'card', names: ['SQ *TACOS EL REGIO', 'TACOS EL REGIO'], city: 'Charlotte', amount: [20, 110], perMonth: 1.5 },
    { key: 'water-ice', label: '6130', channel: 'card', names: ['HARRIS TEETER #0291', 'HARRIS TEETER'], city: 'CHARLOTTE', amount: [12, 85], perMonth: 1.5, exceptions: [[0.4, '6260']] },
    { key: 'uniforms', label: '6130', channel: 'card', names: ['SQ *CAROLINA THREADWORK'], city: 'Charlotte', amount: [120, 600], months: [3, 9] },
    { key: 'nala', label: '6240', channel: 'card', names: ['NALP MEMBERSHIP', 'NATL ASSN LANDSCAPE PR'], web: '703-736-9666', amount: [175, 175], months: [2] },
    { key: 'pesticide-ceu', label: '6230', channel: 'card', names: ['NCSU CONT ED', 'NC STATE EXTENSION'], web: '919-515-2261', amount: [25, 120], months: [1, 11] },
    { key: 'owner-draw', label: '3200', channel: 'ownerTransfer', names: ['8830'], amount: [1500, 5000], perMonth: 1.2 },
    { key: 'owner-capital', label: '3100', channel: 'zelle', direction: 'in', names: ['Derrick Fowler'], amount: [2000, 6000], months: [1] },
    { key: 'savings-interest', label: '4500', channel: 'interest', direction: 'in', account: 'savings', names: ['interest'], amount: [2, 22], day: 30 },
    { key: 'refund', label: '4200', channel: 'zelle', names: ['Sandra Pike', 'Wes Tran'], amount: [45, 250], perMonth: 0.15 },
  ],
};

export const PROFILES: readonly Profile[] = [designAgency, foodTruck, consultant, ecommerce, plumbing];

/** The held-out businesses: reported apart from PROFILES, and never used to fit calibration. */
export const HELD_OUT_PROFILES: readonly Profile[] = [salon, landscaping];
