import type { ChartRole } from '../chart/us-chart.ts';
import { inEnglish } from './spanish-words.ts';
import { CITY_SUFFIXES, COUNTRY_SUFFIXES, US_STATE_CODES } from './us-places.ts';

/**
 * Descriptor cleaning shared by every categorization tier and by the memory key. A bank descriptor
 * wraps the merchant's name in noise that changes from bank to bank and from row to row (the bank's
 * own prefix, the processor that fronts the merchant, store and reference numbers, dates, the city
 * and state, the card's last four digits); what is left is the part that names the merchant.
 */
export interface CleanedDescriptor {
  /** The descriptor without the noise, upper case, single-spaced: what tiers match against. */
  cleaned: string;
  /**
   * What the memory tier remembers the merchant by: the pushed merchant name cleaned the same way
   * when there is one, else `cleaned` without trailing billing words ("MONTHLY", "SUBSCRIPTION").
   */
  merchantKey: string;
  /** The pushed merchant name, cleaned; null when none was pushed. */
  merchantName: string | null;
  /** The processor or platform that fronts the merchant (`square`, `paypal`, `google`, …), when the descriptor names one. */
  processor: string | null;
  /** The phone wallet the card was tapped through (`apple_pay`, `google_pay`, `samsung_pay`): it says nothing of the merchant. */
  wallet: string | null;
  /**
   * What kind of spending the processor itself tells, whatever the merchant's name: Toast runs restaurants' registers
   * (`meals`), "UBER *EATS" and DoorDash deliver meals, "UBER *TRIP" and "LYFT *RIDE" are rides (`rideshare`).
   */
  kindHint: ChartRole | null;
  /** The bank's own words removed from the front ("POS PURCHASE", "ACH DEBIT"), when there were any. */
  bankPrefix: string | null;
  /** The ACH entry description (Chase "CO ENTRY DESCR:", Bank of America "DES:"), e.g. "PAYROLL". */
  achEntry: string | null;
  /** The web address the descriptor starts with ("BOOKING.COM"): it names a merchant more precisely than its first word. */
  domain: string | null;
  /**
   * A web address printed after the name, in the city's columns ("STAPLS1156892688 STAPLES.COM MA"): the merchant's own
   * site, or the processor's help line ("HELP.UBER.COM", "PAYPAL.COM").
   */
  laterDomain: string | null;
  /**
   * The words of the name that end exactly at an edge of the field the network or the ACH file gave the name (a card's
   * 22 or 25 characters, an ACH company's 16), so they may be cut ("JOES TAQUER", "HENDERSON PLUMBI"): matchers may read
   * them as the start of a longer word. Empty when no word of the name ends there.
   */
  cutWords: readonly string[];
  /**
   * The line ends in the card network's city and state columns ("… CEDAR PARK TX"), not a phone number or a web address
   * in their place: the card was most likely at the merchant's own register, not bought online.
   */
  placePrinted: boolean;
  /**
   * The line's last word when the line ends inside the name, no place printed after it (an export that cuts whole lines
   * short): it may be a listed name's cut start, read by the directory only.
   */
  lineEndWord: string | null;
  /** `cleaned` split into words. */
  tokens: readonly string[];
  /**
   * The words again with hyphens read as spaces ("PAYCHEX-HRS": PAYCHEX HRS), when a hyphen joined two words in `tokens`
   * ("PAYCHEXHRS"; joining keeps "E-ZPASS", "7-ELEVEN", "WAL-MART" whole): matchers try them when `tokens` says nothing.
   * Null when no hyphen joined words.
   */
  splitTokens: readonly string[] | null;
}

const MAX_KEY_LENGTH = 120;

/**
 * Point-of-sale processors whose sellers mostly serve walk-in customers at their own register (Square, Clover, SpotOn,
 * Toast, Zettle): small local businesses, which chains, with registers of their own, are not.
 */
export const REGISTER_PROCESSORS: ReadonlySet<string> = new Set(['square', 'clover', 'spoton', 'toast', 'zettle']);
/**
 * Widths of the fields a name is printed in, counted from the name's first character (a processor's prefix included):
 * Mastercard's card acceptor name (DE 43 positions 1-22) and Visa's (positions 1-25), then city (13) and state; an ACH
 * entry's company name is 16 positions (the NACHA batch header's Company Name field).
 */
export const CARD_NAME_FIELD_WIDTHS: readonly number[] = [22, 25];
export const ACH_COMPANY_NAME_WIDTH = 16;

/** Processors that front another business: the merchant is what follows their prefix. */
const FRONTING_PROCESSORS: ReadonlyArray<[RegExp, string]> = [
  [/^(SQ|SQU|SQC|GOSQ)\s*\*\s*/, 'square'],
  [/^TST\s*\*\s*/, 'toast'],
  [/^SP\s*\*\s*/, 'shopify'],
  [/^SP\s+(?!PLUS\b|\+)(?=[A-Z])/, 'shopify'],
  [/^(PAYPAL|PP)\s*\*\s*/, 'paypal'],
  [/^IC\s*\*\s*/, 'instacart'],
  [/^CKE\s*\*\s*/, 'cke'],
  [/^FSP\s*\*\s*/, 'fsp'],
  [/^BT\s*\*\s*/, 'braintree'],
  [/^WPY\s*\*\s*/, 'wepay'],
  [/^PY\s*\*\s*/, 'paymentus'],
  [/^EB\s*\*\s*/, 'eventbrite'],
  [/^(CLV|CLOVER)\s*\*\s*/, 'clover'],
  [/^(SUMUP|IZ|ZETTLE)\s*\*\s*/, 'zettle'],
  [/^(STRIPE|STR)\s*\*\s*/, 'stripe'],
  [/^(PAYMENTUS|PMTUS)\s*\*\s*/, 'paymentus'],
  [/^GRUBHUB\s*\*\s*/, 'grubhub'],
  [/^(SEAMLSS|SEAMLESS)\s*\*\s*/, 'seamless'],
  [/^(SPO|SPOTON)\s*\*\s*/, 'spoton'],
  [/^(LAWPAY|LAW PAY)\s*\*\s*/, 'lawpay'],
  [/^(CPACHARGE|CPA CHARGE)\s*\*\s*/, 'cpacharge'],
  [/^PADDLE(\.NET|\.COM)?\s*\*\s*/, 'paddle'],
  [/^FS\s*\*\s*/, 'fastspring'],
  [/^2CO(\.COM)?\s*\*\s*/, '2checkout'],
  [/^(LEMSQZY|LEMON SQUEEZY)\s*\*\s*/, 'lemonsqueezy'],
  [/^DRI\s*\*\s*/, 'digitalriver'],
  // QuickBooks Payments prints "IN *" before the business that invoiced; Checkout.com "CKO*" before its merchant.
  [/^IN\s*\*\s*/, 'intuit'],
  [/^CKO\s*\*\s*/, 'checkout'],
  // ePayPolicy takes premium payments for insurance agencies and carriers: the agency follows its star.
  [/^(EPAYPOLICY|EPAY POLICY)\s*\*\s*/, 'epaypolicy'],
  // Course platforms print their name, a star, then the school or creator whose course, workshop or coaching was bought.
  [/^(KAJABI|TEACHABLE|THINKIFIC|PODIA)\s*\*\s*(?=[A-Z0-9])/, 'course_platform'],
  // A PayPal payment funded from the bank account ("PAYPAL INST XFER ADOBE INC"): the payee follows the transfer's words.
  [/^PAYPAL\s+INST\s+XFER\s+(?!(CCD|PPD|WEB|TEL|TRACE|ID)\b)(?=[A-Z])/, 'paypal'],
];

/**
 * Phone wallets some issuers print in front of the merchant ("APLPAY CHIPOTLE", "APPLE PAY ENDING IN 1234 SHAKE SHACK"):
 * the wallet only carried the card, so it is set aside like the bank's own words.
 */
const WALLETS: ReadonlyArray<[RegExp, string]> = [
  // Not Apple Pay Cash, Apple's person-to-person service, which is a payee of its own.
  [/^(APLPAY|APL\s?PAY|APPLE\s?PAY|APPLEPAY)\b(?!\s+CASH\b)\s*\*?\s*/, 'apple_pay'],
  [/^(GOOGLE\s?PAY|GPAY|GOOGLEPAY)\b\s*\*?\s*/, 'google_pay'],
  [/^(SAMSUNG\s?PAY|SMSNG\s?PAY)\b\s*\*?\s*/, 'samsung_pay'],
];

/**
 * Processors whose own business says what the money was for, from how they describe their service: Toast sells its
 * point-of-sale system to restaurants only; Grubhub (and its Seamless), DoorDash and Uber Eats deliver meals; Uber's and
 * Lyft's rides are local transport; AffiniPay's LawPay takes payments for law firms only and its CPACharge for
 * accounting firms only; Paddle, FastSpring, 2Checkout, Lemon Squeezy and Digital River resell software and other
 * digital subscriptions as their makers' merchant of record; Eventbrite sells tickets to events, which a business's
 * card buys for its conferences and workshops (the chart's Education and Training), and Kajabi, Teachable, Thinkific and
 * Podia host schools that sell courses, workshops and coaching; ePayPolicy collects insurance agencies' premiums. Square,
 * Shopify, PayPal, Clover and SpotOn serve every trade, so they hint nothing.
 */
const SOFTWARE_RESELLERS: ReadonlySet<string> = new Set([
  'paddle',
  'fastspring',
  '2checkout',
  'lemonsqueezy',
  'digitalriver',
]);

function kindHintOf(processor: string | null, tokens: readonly string[]): ChartRole | null {
  // The processor's own fee ("EPAYPOLICY*FEE", "TST* ONLINE ORDER FEE") is not its merchants' trade.
  if (tokens.includes('FEE') || tokens.includes('FEES')) return null;
  if (processor === 'toast' || processor === 'grubhub' || processor === 'seamless' || processor === 'doordash')
    return 'meals';
  if (processor === 'lawpay' || processor === 'cpacharge') return 'professional_services';
  if (processor === 'eventbrite' || processor === 'course_platform') return 'education';
  if (processor === 'epaypolicy') return 'insurance';
  if (SOFTWARE_RESELLERS.has(processor ?? '')) return 'software';
  if (processor === 'uber')
    return tokens[1] === 'EATS' ? 'meals' : tokens[1] === 'TRIP' || tokens[1] === 'RIDE' ? 'rideshare' : null;
  if (processor === 'lyft') return tokens[1] === 'RIDE' || tokens.length === 1 ? 'rideshare' : null;
  return null;
}

/** Platforms whose prefix is itself the merchant ("GOOGLE *GSUITE" is Google): kept, the star dropped. */
const SELF_PLATFORMS: ReadonlyArray<[RegExp, string, string]> = [
  [/^DD\s*\*\s*(DOORDASH\s*)?/, 'doordash', 'DOORDASH '],
  [/^DOORDASH\s*\*\s*/, 'doordash', 'DOORDASH '],
  [/^GOOGLE\s*\*\s*/, 'google', 'GOOGLE '],
  [/^UBER\s*\*\s*/, 'uber', 'UBER '],
  [/^LYFT\s*\*\s*/, 'lyft', 'LYFT '],
  [/^(AMZN|AMAZON)\b/, 'amazon', '$&'],
  // Apple bills the App Store, iCloud and its other services as "APPLE.COM/BILL" and its online store's goods (Macs,
  // iPhones, accessories) as "APPLE.COM/US".
  [/^APPLE\.COM\/US\b/, 'apple', 'APPLE STORE '],
  [/^APPLE\.COM(\/BILL)?\b/, 'apple', 'APPLE '],
  [/^(MSFT|MICROSOFT)\s*\*\s*/, 'microsoft', 'MICROSOFT '],
  // GoDaddy bills domains and hosting as "DNH*GODADDY.COM".
  [/^DNH\s*\*\s*/, 'godaddy', ''],
];

/** Words banks put in front of the merchant. Stripped from the front only, never from the middle. */
const BANK_NOISE_WORDS: ReadonlySet<string> = new Set([
  'POS',
  'PURCHASE',
  'PURCH',
  'PUR',
  'DEBIT',
  'CARD',
  'CHECKCARD',
  'RECURRING',
  'RECUR',
  'ACH',
  'VISA',
  'DDA',
  'MASTERCARD',
  'SIGNATURE',
  'PIN',
  'AUTHORIZED',
  'AUTHORISED',
  'WITHDRAWAL',
  'WITHDRWL',
  'WD',
  'DBT',
  'DBCRD',
  'CRD',
  'PREAUTHORIZED',
  'PREAUTH',
  'ELECTRONIC',
  'EXTERNAL',
  'TRANSACTION',
  'TRANS',
  'EFT',
  'NONPIN',
  'INTL',
]);
/** ACH entry-class words that some banks join to their prefix with hyphens: "ACH WEB-RECUR", "WEB-SINGLE". */
const ACH_ENTRY_CLASS_WORDS: ReadonlySet<string> = new Set([
  'WEB',
  'TEL',
  'PPD',
  'CCD',
  'SINGLE',
  'RECUR',
  'RECURRING',
  'ONETIME',
]);

/** A bank word, a bank word glued to a terminal number ("POS514271"), or hyphenated entry-class words ("WEB-RECUR"). */
function isBankWord(word: string): boolean {
  if (BANK_NOISE_WORDS.has(word)) return true;
  // "PRE-AUTH", "NON-PIN": a bank word some banks hyphenate.
  if (word.includes('-') && BANK_NOISE_WORDS.has(word.replace(/-/g, ''))) return true;
  const glued = /^([A-Z]+)\d+$/.exec(word);
  if (glued && BANK_NOISE_WORDS.has(glued[1])) return true;
  return (
    word.includes('-') && word.split('-').every((part) => BANK_NOISE_WORDS.has(part) || ACH_ENTRY_CLASS_WORDS.has(part))
  );
}

/** Words that are noise only right after another noise word ("ACH CREDIT", "RECURRING PAYMENT", "AUTHORIZED ON"). */
const BANK_NOISE_FOLLOWERS: ReadonlySet<string> = new Set([
  'ON',
  // TD Bank's authorization date: "DEBIT POS, *****2643, AUT 070224 VISA DDA PUR RESTAURANT DEPOT".
  'AUT',
  'PAYMENT',
  'PMT',
  'CREDIT',
  'DEPOSIT',
  'DEP',
  'CHARGE',
  'WITH',
  // A card's purchase given back: "DEBIT CARD REFUND", "PURCHASE RETURN AUTHORIZED ON", "VISA DDA RTN".
  'REFUND',
  'RETURN',
  'RTN',
]);

/** Labels banks print before a reference number; dropped together with the number. */
const REFERENCE_LABELS: ReadonlySet<string> = new Set([
  'REF',
  'REFERENCE',
  'ID',
  'TRN',
  'TRACE',
  'CONF',
  'CONFIRMATION',
  'AUTH',
  'INV',
  'INVOICE',
  'TXN',
  'SEQ',
  'TRANSACTION',
  'NO',
  'NUM',
  'ACCT',
  'CUST',
  'MEMBER',
  'PO',
  'TEL',
]);
/** Words followed by a store's number ("STORE 0042", "STORE0042"). */
const STORE_LABELS: ReadonlySet<string> = new Set(['STORE', 'STR', 'UNIT', 'LOC', 'SHOP', 'STE', 'SUITE']);
/** Letters followed by digits, as one word: "ADS1234567", "HELIUM10". */
const GLUED_NUMBER = /^([A-Z]{3,})\d+$/;
/** A number inside one word, letters on both sides: "MURPHY7123ATWALMART". */
const NUMBER_INSIDE = /^([A-Z]{3,})\d{2,}([A-Z]{3,})$/;
/** ACH standard entry class codes: never part of a name. */
const ACH_CLASS_CODES: ReadonlySet<string> = new Set(['PPD', 'CCD', 'CTX', 'IAT', 'TEL']);

/** Words that describe the billing, not the merchant: dropped from the end of the memory key. */
const BILLING_WORDS: ReadonlySet<string> = new Set([
  'MONTHLY',
  'ANNUAL',
  'YEARLY',
  'SUBSCRIPTION',
  'SUBSCR',
  'SUBS',
  'RECURRING',
  'RENEWAL',
  'BILL',
  'BILLING',
  'PURCHASE',
  'POS',
  'DEBIT',
  'CHARGE',
  'AUTOPAY',
]);

/** ACH entries' descriptions originators commonly give (PNC prints them before the company's name). */
const COMMON_ENTRY_DESCRIPTIONS: ReadonlySet<string> = new Set(
  'PAYMENT PAYMENTS PMT PMTS PYMT PYMTS PAYMNT INVOICE INVOICES INV PREMIUM PREM FEE FEES NET TAX TAXES TRANSFER XFER PAYROLL DEPOSIT SETTLEMENT SETTLE AUTOPAY EPAY BILLPAY REFUND OVERPYMT DEBIT CREDIT COLLECTION DUES LOAN LEASE RENT CHARGEBACK CHGBK REVERSAL SUBSCRIPTN HCCLAIMPMT PURCHASE SALE BILL'.split(
    ' ',
  ),
);

/** Words a clean merchant name never consists of: the property tests draw names that avoid them. */
export const RESERVED_WORDS: ReadonlySet<string> = new Set([
  ...BANK_NOISE_WORDS,
  ...BANK_NOISE_FOLLOWERS,
  ...REFERENCE_LABELS,
  ...ACH_CLASS_CODES,
  ...BILLING_WORDS,
  ...COMMON_ENTRY_DESCRIPTIONS,
  ...US_STATE_CODES,
  ...COUNTRY_SUFFIXES,
  ...CITY_SUFFIXES.map((words) => words.join(' ')),
  'STORE',
  'STR',
  'UNIT',
  'LOC',
  'AMZN',
  'MSFT',
  'SQ',
  'TST',
  'SP',
  'PP',
  'IC',
  'BT',
  'PY',
  'EB',
  'DD',
  'CHECK',
  'APLPAY',
  'GPAY',
  'GOOGLEPAY',
  'APPLEPAY',
  'GRUBHUB',
  'ENDING',
]);

/** The place list's cities, whole or cut at the city field's 12 or 13 characters. */
const KNOWN_CITIES: ReadonlySet<string> = new Set(CITY_SUFFIXES.map((words) => words.join(' ')));
/** Cities of one word, which Capital One glues to the state: "SEATTLEWA". */
const SINGLE_WORD_CITIES: ReadonlySet<string> = new Set(
  CITY_SUFFIXES.filter((words) => words.length === 1).map((words) => words[0]),
);

/**
 * A date, with the "ON" some banks print before it ("ZELLE TO … ON 07/01"); after "AUTHORIZED" that "ON" is the bank's
 * prefix, stripped with it, so that a name starting with "ON" keeps it ("PURCHASE AUTHORIZED ON 03/14 ON THE BORDER"). The
 * "ON" goes only when the bank's reference follows the date: a name ending in "ON" keeps it ("SNAP ON 03/14").
 */
const DATE =
  /(?:(?<!AUTHORI[SZ]ED )\bON (?=\d{1,4}[/-]\d{1,2}(?:[/-]\d{2,4})? +\S))?\b\d{1,4}[/-]\d{1,2}(?:[/-]\d{2,4})?\b/g;
const PHONE = /(?:\b1[-. ])?(?:\(\d{3}\)\s*|\b\d{3}[-. ])\d{3}[-. ]\d{4}\b/;
/** A masked card's last four; "CHECK CARD 0416" is the debit card's old name and the sale's date, not a card number. */
const CARD_LAST_FOUR =
  /\bC#\s*\d{4}\b|\b(?:FROM )?(?<!CHECK )(?:CARD|CRD)\s*(?:ENDING\s*(?:IN)?\s*)?(?:NO\.?\s*)?#?:?\s*[X*]*\d{4}\b|\bENDING\s*(?:IN\s*)?[X*]*\d{4}\b|(?<![A-Z0-9])(?:[X*]{4}[- ]){3}\d{4}\b|(?<![A-Z0-9])[X*]{2,}\d{4}\b|\.{3}\d{4}\b/g;
/** "#1234" or "STORE 0042": what follows a store number is its location, not the merchant. */
const STORE_NUMBER = /\s(?:#|(?:STORE|STR|STORE NO|UNIT|LOC)\s+)\s*\d+\b.*$/;
/**
 * The time of day some banks print after the date ("Debit Card Purchase 03/07 03:14p #4417 Staples", "EDEPOSIT IN
 * BRANCH/STORE 06/21/24 11:42:07 AM").
 */
/**
 * A purchase's authorization number after the bank's word for it: "VISA DDA PUR AP 469216 WAWA 5123 TAMPA * FL", and TD
 * Bank's "DBCRD PUR AP AUT 080125 VISA DDA PUR MONMOUTH OCEAN MLS" (some exports print a comma after AP).
 */
const PURCHASE_AUTHORIZATION = /\b(PUR|PURCH|PURCHASE) AP,? (AUT )?\d{4,}\b/g;
const TIME_OF_DAY = /\b\d{1,2}:\d{2}(?::\d{2})?(?: ?[AP]M?)?(?![A-Z0-9:])/g;
/** A date printed without separators after "ON", as some banks end a card line: "… DAYTON, OH ON 041724 FROM CARD#: …". */
const DATE_AFTER_ON = /\bON \d{6}\b/g;
/** Lyft and others print when the ride started: "LYFT *RIDE SUN 7PM". */
const RIDE_TIME = /\b(?:MON|TUE|WED|THU|FRI|SAT|SUN)\s+\d{1,2}(?::\d\d)?\s*(?:AM|PM)\b/g;
/** The bank's word an ACH entry's class may follow ("ACH WEB"); after others it may begin a name ("RECURRING PAYMENT WEB SUMMIT"). */
const ACH_ENTRY_WORDS: ReadonlySet<string> = new Set(['ACH']);
/**
 * Phrases some banks print before the payee: Wells Fargo's "BUSINESS TO BUSINESS ACH DEBIT", PNC's "CORPORATE ACH",
 * Capital One's "Deposit from ACME LLC", Fifth Third's "WEB INITIATED PAYMENT AT DUKE ENERGY", KeyBank's "Direct
 * Withdrawal, GREAT WEST CASU", Truist's "ACH CORP DEBIT", BMO's "ACH DR", BECU's "Point Of Sale Withdrawal", and the
 * debit cards of payment apps' accounts: Cash App's "Cash Card DOLLAR GENERAL" (or "Cash Card purchase at"), Square
 * Checking's "Square Debit Card -", the "CHECK CARD PURCHASE" of banks that print the debit card's old name in two words
 * (Bank of America glues it: "CHECKCARD"), PayPal's "PayPal Debit Card Purchase - SUNOCO",
 * Wise's "Card transaction of 120.00 EUR issued by SCALEWAY" (its amount already gone as a number).
 */
const BANK_PHRASE =
  /^(?:(?:BUSINESS TO BUSINESS|CORPORATE) (?=ACH\b)|CHECK CARD (?=[A-Z0-9])|(?:ACH )?PAID (?:TO|FROM) (?=[A-Z])|DEPOSIT FROM (?=[A-Z])|CASH CARD (?:PURCHASE AT )?(?=[A-Z])|SQUARE DEBIT CARD (?=\S)|PAYPAL (?:BUSINESS )?DEBIT CARD PURCHASE (?:- )?(?=[A-Z0-9])|CARD TRANSACTION OF (?:[\d.,]+ )?[A-Z]{3} ISSUED BY (?=[A-Z])|WEB INITIATED PAYMENT AT (?=[A-Z])|DIRECT (?:WITHDRAWAL|DEPOSIT),? (?=[A-Z])|ACH CORP (?:DEBIT|CREDIT) (?=[A-Z])|ACH (?:DR|CR) (?=[A-Z])|POINT OF SALE (?:WITHDRAWAL|DEBIT|PURCHASE|RETURN|CREDIT) (?:AT )?(?=[A-Z0-9]))/;
/**
 * Bill-pay services put their own words first (Bill.com's payables name the vendor after its reference: "BILL.COM
 * 015PRMWTQ8 LONGHORN ELECTRIC INV 1187"): "ONLINE BILL PAY COMCAST" (after the bank's name: "TRUIST ONLINE BILL PAY
 * BROUGHTON ST HOLDINGS LLC"), "WEB PMT SPECTRUM", "WEB AUTHORIZED PMT ADP",
 * Chase's "Online Payment 04453367 To Lopez Electrical 03/18" (a confirmation number, then the payee), a bill-pay check
 * mailed to its payee ("BILL PAY CHECK #10448 SOUTHPARK OFFICE LLC", "Bill Payment Check #000114 KENTWOOD FLEX SPACE");
 * but "ONLINE PAYMENT THANK YOU" is a card payment.
 */
const BILL_PAY =
  /^(?:[A-Z]+ (?=(?:ONLINE|WEB|MOBILE|INTERNET) BILL ?PAY))?(?:(?:ONLINE |WEB |MOBILE |INTERNET )?BILL ?(?:PAY(?:MENT|MT)?|PMT)(?: CHECK ?(?:NO\.? ?|# ?)?\d+(?: TO)?)?|(?:ONLINE|WEB|MOBILE|INTERNET) (?:PAYMENT|PMT|PYMT)(?: \d{4,})?(?: TO)?|(?:WEB|TEL) AUTHORIZED (?:PMT|PAYMENT)|BILL\.COM(?: PAYABLES)?(?: (?=\S*\d)[A-Z0-9]{6,})?)\s+(?!THANK\b)(?=[A-Z])/;
/** The top-level domains a merchant's web address ends in on US card lines. */
const WEB_TLDS = 'COM|CO|NET|ORG|IO|AI|APP|US|DEV|LY|TV|ME|BIZ|INFO|SO|SH|TECH|CLOUD';
const DOMAIN = new RegExp(
  String.raw`^(?:HTTPS?:?\/*)?(?:WWW\.)?(([A-Z0-9-]+)(?:\.[A-Z0-9-]+)*\.(?:${WEB_TLDS}))(?:[/#].*)?$`,
);

/** Chase: "ORIG CO NAME:GUSTO ORIG ID:… CO ENTRY DESCR:NET PAY SEC:CCD TRACE#:… IND NAME:…". */
function chaseAch(text: string): { company: string; entry: string | null } | null {
  const company =
    /ORIG CO NAME:\s*(.*?)\s*(?:ORIG ID:|DESC DATE:|CO ENTRY DESCR:|SEC:|TRACE#?:|IND ID:|IND NAME:|$)/.exec(text);
  if (!company) return null;
  const entry = /CO ENTRY DESCR:\s*(.*?)\s*(?:SEC:|TRACE#?:|EED:|IND ID:|IND NAME:|TRN:|$)/.exec(text);
  return { company: company[1], entry: entry ? entry[1] || null : null };
}

/** Bank of America and others: "GUSTO DES:NET PAY ID:… INDN:ACME DESIGN LLC CO ID:… CCD". */
function desAch(text: string): { company: string; entry: string | null } | null {
  const match = /^(.*?)\s+DES:\s*(.*?)\s*(?:ID:|INDN:|CO ID:|PPD|CCD|WEB|$)/.exec(text);
  if (!match || !match[1]) return null;
  return { company: match[1], entry: match[2] || null };
}

/**
 * PNC: "CORPORATE ACH PAYMENTS VERIZON 8044257864", "CORPORATE ACH NET MP7NZC GUSTO": the entry's description comes
 * before the company's name. Read so only for the descriptions originators commonly give (NACHA's rules mandate some:
 * PAYROLL, REVERSAL, HCCLAIMPMT), since another bank's "CORPORATE ACH ETSY INC" starts with the name.
 */
function entryFirstAch(text: string): { company: string; entry: string | null } | null {
  const match = /^CORPORATE ACH ([A-Z]{2,10})(?: \S*\d\S*)? ([A-Z].*)$/.exec(text);
  return match && COMMON_ENTRY_DESCRIPTIONS.has(match[1]) ? { company: match[2], entry: match[1] } : null;
}

/**
 * Credit unions' cores (Symitar): "Withdrawal ACH INTUIT TAX SVC TYPE: TAX PAYMNT ID: 4561059151 CO: INTUIT TAX SVC", the
 * company's name cut short before TYPE and printed again after CO.
 */
function typeAch(text: string): { company: string; entry: string | null } | null {
  const match = /^(?:WITHDRAWAL|DEPOSIT) ACH (.*?) TYPE:\s*(.*?)\s*(?:ID:.*?)?(?:CO:.*)?$/.exec(text);
  if (!match || !/[A-Z]/.test(match[1])) return null;
  return { company: match[1], entry: match[2] || null };
}

/**
 * U.S. Bank: "ELECTRONIC DEPOSIT DELTA DENTAL CO REF=810091945517483N00 8930255784HCCLAIMPMT", the company's name, the
 * trace number, then the originator's ten-character identification glued to the entry's description.
 */
function refAch(text: string): { company: string; entry: string | null } | null {
  const match = /^ELECTRONIC (?:DEPOSIT|WITHDRAWAL) (.*?) REF=\S+ \S{10}(.*)$/.exec(text);
  if (!match || !/[A-Z]/.test(match[1])) return null;
  return { company: match[1], entry: match[2].trim() || null };
}

function stripBankPrefix(text: string): { rest: string; prefix: string | null } {
  const words = text.split(' ');
  let index = 0;
  const leadingPhrase = BANK_PHRASE.exec(text);
  if (leadingPhrase) index = leadingPhrase[0].trim().split(' ').length;
  while (index < words.length - 1) {
    // "CCD DEBIT, SYSCO" and Novo's "Debit Card: CIRCLE K": a comma or a colon closes the bank's words.
    const word = words[index].replace(/[,:]$/, '');
    // "PAYMENT TO CHASE" and "PAYMENT THANK YOU" name what the payment is, so their first word stays.
    const next = words[index + 1].replace(/[,:]$/, '');
    const follows =
      index > 0 &&
      ((BANK_NOISE_FOLLOWERS.has(word) && next !== 'TO' && next !== 'THANK' && next !== 'RECEIVED') ||
        /^#?[X*]*\d{4,}$/.test(word) ||
        // "DEBIT CARD PURCHASE AT STAPLES 00843, DAYTON, OH": in this layout, whose fields commas part, the place of the
        // purchase follows; elsewhere AT may begin the name ("POS PURCHASE AT T #1234" is AT&T).
        (word === 'AT' &&
          isBankWord(words[index - 1].replace(/[,:]$/, '')) &&
          words.slice(index + 2).some((later) => later.endsWith(','))) ||
        word === '-' ||
        // The point-of-sale terminal's number ("POS PURCHASE TERMINAL 40812736 SHEETZ 0448").
        (word === 'TERMINAL' && /^\d{4,}$/.test(next)) ||
        // Capital One's "Withdrawal to KAISER FOUNDATIO".
        (word === 'TO' && words[index - 1] === 'WITHDRAWAL') ||
        // An ACH entry's class after the bank's ACH words ("ACH WEB COMCAST", "ELECTRONIC PMT-WEB, T-MOBILE").
        (ACH_ENTRY_CLASS_WORDS.has(word) && ACH_ENTRY_WORDS.has(words[index - 1].replace(/,$/, ''))) ||
        (word.includes('-') &&
          word.split('-').every((part) => BANK_NOISE_FOLLOWERS.has(part) || ACH_ENTRY_CLASS_WORDS.has(part))));
    // The class first, then the bank's word ("CCD DEBIT, SYSCO", "PPD CREDIT").
    const leadingClass =
      index === 0 && ACH_ENTRY_CLASS_WORDS.has(word) && (BANK_NOISE_WORDS.has(next) || BANK_NOISE_FOLLOWERS.has(next));
    const isNoise =
      isBankWord(word) || leadingClass || (follows && (word !== 'ON' || /^AUTHORI[SZ]ED$/.test(words[index - 1])));
    if (!isNoise) break;
    index += 1;
  }
  if (index === 0) return { rest: text, prefix: null };
  const restWords = words.slice(index);
  const rest = restWords.join(' ');
  const onlyNoiseLeft = restWords.every((word) => BANK_NOISE_WORDS.has(word) || BANK_NOISE_FOLLOWERS.has(word));
  if (onlyNoiseLeft) return { rest: text, prefix: null };
  return {
    rest,
    prefix:
      words
        .slice(0, index)
        .filter((word) => !/\d/.test(word))
        .join(' ') || null,
  };
}

/** A token kept although it carries digits: a short brand name at the front ("7ELEVEN", "1PASSWORD", "76", "711", "CB2", "8X8"), never a reference number. */
function keepsDigits(token: string, position: number): boolean {
  if (position !== 0 || token.length > 12) return false;
  const digits = token.replace(/[^0-9]/g, '').length;
  return digits <= 3 && (digits < token.length || token.length <= 3);
}

function tokenize(text: string): { tokens: string[]; domain: string | null; laterDomain: string | null } {
  const raw = text.split(' ').filter(Boolean);
  const tokens: string[] = [];
  let domain: string | null = null;
  let laterDomain: string | null = null;
  for (let index = 0; index < raw.length; index += 1) {
    let token = raw[index];
    // "AT VOLUNTEERHUB.COM, 888-2225066, MI": a comma closes a field, not the address.
    const address = DOMAIN.exec(token.replace(/[,;]$/, ''));
    if (address) {
      // A web address first names the merchant ("NETFLIX.COM"); later it is the merchant's site or the processor's help line.
      if (tokens.length > 0) {
        laterDomain ??= address[1];
        continue;
      }
      domain = address[1];
      token = address[2];
    }
    token = token
      .replace(/-/g, '')
      .replace(/[^A-Z0-9&]+/g, ' ')
      .trim();
    for (const part of token.split(' ')) {
      if (!part) continue;
      const next = raw[index + 1] ?? '';
      if (REFERENCE_LABELS.has(part) && tokens.length > 0 && /\d/.test(next)) {
        index += 1;
        continue;
      }
      if (REFERENCE_LABELS.has(part) && tokens.length > 0 && next === '#' && /\d/.test(raw[index + 2] ?? '')) {
        index += 2;
        continue;
      }
      // ACH credits print the payer's name and entry, then the date (YYMMDD) or a trace number, then
      // reference codes and the receiver's own name: a long bare number after a name ends it.
      if (/^\d{6,}$/.test(part) && tokens.length >= 2) return { tokens, domain, laterDomain };
      if (ACH_CLASS_CODES.has(part) && tokens.length > 0) continue;
      if (/\d/.test(part) && !keepsDigits(part, tokens.length)) {
        // A product code glued to its number ("GOOGLE *ADS1234567") keeps its words; bare labels go.
        const glued = GLUED_NUMBER.exec(part);
        if (glued && (tokens.length === 0 || (!REFERENCE_LABELS.has(glued[1]) && !STORE_LABELS.has(glued[1]))))
          tokens.push(glued[1]);
        // A store number glued inside the name's first word ("MURPHY7123ATWALMART"): the words on either side.
        const inside = tokens.length === 0 ? NUMBER_INSIDE.exec(part) : null;
        if (inside) tokens.push(inside[1], inside[2]);
        continue;
      }
      if (part === '&' && tokens.length === 0) continue;
      tokens.push(part);
    }
  }
  return { tokens, domain, laterDomain };
}

function endsWith(tokens: string[], suffix: string[]): boolean {
  if (suffix.length >= tokens.length) return false;
  for (let offset = 1; offset <= suffix.length; offset += 1) {
    if (tokens[tokens.length - offset] !== suffix[suffix.length - offset]) return false;
  }
  return true;
}

/** Drops "… SEATTLE WA", "… SAN FRANCISC CA", "… SEATTLEWA", "… US" from the end, keeping at least one word. */
function stripPlace(tokens: string[]): string[] {
  let result = tokens;
  const last = result[result.length - 1];
  if (
    result.length > 1 &&
    last.length > 4 &&
    US_STATE_CODES.has(last.slice(-2)) &&
    SINGLE_WORD_CITIES.has(last.slice(0, -2))
  ) {
    result = [...result.slice(0, -1), last.slice(0, -2), last.slice(-2)];
  }
  let strippedRegion = false;
  while (
    result.length > 1 &&
    (US_STATE_CODES.has(result[result.length - 1]) || COUNTRY_SUFFIXES.has(result[result.length - 1]))
  ) {
    result = result.slice(0, -1);
    strippedRegion = true;
  }
  if (!strippedRegion) return result;
  const city = CITY_SUFFIXES.find((suffix) => endsWith(result, suffix));
  if (!city) return result;
  result = result.slice(0, result.length - city.length);
  // Toast and Square print the location's name before the city: "JOES TACOS AUSTIN AUSTIN TX".
  return endsWith(result, city) ? result.slice(0, result.length - city.length) : result;
}

function canonical(tokens: string[]): string[] {
  if (tokens[0] === 'AMZN') tokens = ['AMAZON', ...tokens.slice(1)];
  if (tokens[0] === 'MSFT') tokens = ['MICROSOFT', ...tokens.slice(1)];
  if (tokens[0] === 'SQSP') tokens = ['SQUARESPACE', ...tokens.slice(1)];
  if (
    tokens[0] === 'AMAZON' &&
    tokens
      .slice(1)
      .every((word) =>
        /^(MKTP|MKTPL|MKTPLACE|MARKETPLACE|MKTPLCE|MKTPLC|COM|RETAIL|US|BILL|AMAZON|AMZN|PMTS|RETA)$/.test(word),
      )
  ) {
    return ['AMAZON'];
  }
  // "NOODLES & CO" loses its "CO" to the place stripper; a dangling "&" goes with it.
  while (tokens.length > 1 && tokens[tokens.length - 1] === '&') tokens = tokens.slice(0, -1);
  const deduplicated: string[] = [];
  for (const token of tokens) if (deduplicated[deduplicated.length - 1] !== token) deduplicated.push(token);
  return deduplicated;
}

interface Stripped {
  tokens: string[];
  splitTokens: string[] | null;
  cutWords: string[];
  domain: string | null;
  laterDomain: string | null;
  processor: string | null;
  wallet: string | null;
  kindHint: ChartRole | null;
  bankPrefix: string | null;
  achEntry: string | null;
  placePrinted: boolean;
  /** CleanedDescriptor.lineEndWord. */
  lineEndWord: string | null;
}

/**
 * Card networks give the merchant's name 25 characters and its city 13, padded with spaces, then the state: "JOES BBQ
 * <spaces> CEDAR PARK <spaces> TX". Where the padding survives, the city is known to be one whatever its name.
 */
const PADDED_CITY_AND_STATE = /^(.*\S)\s{2,}([A-Z][A-Z .-]{1,12}?)\s+([A-Z]{2})(?:\s+(?:US|USA))?\s*$/;

function dropPaddedPlace(text: string): string {
  const padded = PADDED_CITY_AND_STATE.exec(text);
  return padded && US_STATE_CODES.has(padded[3]) ? padded[1] : text;
}

const WEB_ADDRESS_WORD = new RegExp(String.raw`[A-Z0-9]\.(${WEB_TLDS})\b`);

/** The text's last word (after "US") is a state code after a word with letters: a city, not a phone number. */
function endsWithState(text: string): boolean {
  const words = text.split(' ');
  let end = words.length;
  // Bank of America's card lines end in a long reference number after the state ("… DENVER CO 74126282166025167758858").
  while (end > 1 && (COUNTRY_SUFFIXES.has(words[end - 1]) || /^\d{12,}$/.test(words[end - 1]))) end -= 1;
  if (end < 2 || !US_STATE_CODES.has(words[end - 1])) return false;
  // Apple Card prints the ZIP code between the city and the state ("… PHOENIX 85711 AZ USA").
  const city = /^\d{5}$/.test(words[end - 2]) && end >= 3 ? words[end - 3] : words[end - 2];
  return /[A-Z]{2}/.test(city);
}

/**
 * "SHELL OIL 57444 CEDAR PARK TX", "QUIKTRIP 554CEDAR PARK TX": a store number followed by up to three words and a state
 * ends the merchant's name, whatever the city (the list of cities only knows the large ones).
 */
function cutAtStoreNumber(text: string): string {
  const words = text.split(' ');
  let end = words.length;
  while (end > 1 && COUNTRY_SUFFIXES.has(words[end - 1])) end -= 1;
  if (end < 3 || !US_STATE_CODES.has(words[end - 1])) return text;
  for (let index = end - 2; index >= Math.max(1, end - 5); index -= 1) {
    // The store number may be glued to the city's first word: "554CEDAR PARK TX".
    if (/^#?\d{3,}(?:[A-Z]{3,})?$/.test(words[index])) {
      // The number's own label goes with it ("REF 00012345", "STORE 0042").
      let cut = index;
      while (cut > 1 && (REFERENCE_LABELS.has(words[cut - 1]) || words[cut - 1] === 'STORE' || words[cut - 1] === '#'))
        cut -= 1;
      const name = words.slice(0, cut).join(' ');
      return /[A-Z]/.test(name) ? name : text;
    }
    if (!/^[A-Z.]+$/.test(words[index])) return text;
  }
  return text;
}

/** The first prefix of the table the text starts with, and the text after it, when a name (a letter) follows. */
function leadingPrefix(text: string, table: ReadonlyArray<[RegExp, string]>): { name: string; rest: string } | null {
  for (const [pattern, name] of table) {
    const match = pattern.exec(text);
    if (match && /[A-Z]/.test(text.slice(match[0].length))) return { name, rest: text.slice(match[0].length) };
  }
  return null;
}

/**
 * Citibank prints its title-case words glued to the company's capitals ("ACH Electronic DebitCON ED OF NY"): the case
 * change is the only space left between them.
 */
const GLUED_BANK_WORD = /\b(Debit|Credit|Deposit|Withdrawal|Payment|Purchase|Transfer)(?=[A-Z][A-Z0-9&])/g;

/** The line with a bank's glued title-case word parted from the name after it (case kept). */
export function unglueBankWords(description: string): string {
  return description.replace(GLUED_BANK_WORD, '$1 ');
}

/**
 * A card's last four digits or the sale's date (MMDD) that some exports print first, before the bank's words or a
 * processor's star ("1234 Debit Card Purchase Tst* Bens Chili Bowl", "0304 SQ *VERO ESPRESSO HOUSE EUGENE OR", "x9921 SQ *CAFE
 * CHEW").
 */
const CARD_DIGITS_FIRST = /^(X|\*|\.{2,})?\d{4} (?=(DEBIT|POS|CHECK ?CARD|CARD|PURCHASE|RECURRING)\b|[A-Z]{2,8} ?\*)/;
const MONTH_DATE_FIRST = /^(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|SEPT|OCT|NOV|DEC)\.? \d{1,2}(,? \d{4})? (?=\S)/;

function strip(input: string): Stripped {
  const upper = unglueBankWords(inEnglish(input))
    .toUpperCase()
    .replace(/[\u2018\u2019`']/g, '');
  let text = dropPaddedPlace(upper).replace(/\s+/g, ' ').trim();
  const paddedPlace = text !== upper.replace(/\s+/g, ' ').trim();
  // "QT 4143/QUIKTRIP 554CEDAR PARK TX": the network's name field, a slash, then the name again (cut at its store number below).
  if (/\d/.test(text)) text = text.replace(/(\d{3,})\/(?=[A-Z])/g, '$1 ');
  // "1234 Debit Card Purchase Tst* Bens Chili Bowl": the card's last four digits before the bank's words; a statement's
  // posting date in words before the line ("MAR 14 SQ *BLUE BOTTLE COFFEE").
  text = text.replace(CARD_DIGITS_FIRST, '').replace(MONTH_DATE_FIRST, '');
  let achEntry: string | null = null;
  let cutWords: string[] = [];
  let glued: GluedAtEdge | null = null;
  const ach = text.includes(':')
    ? (chaseAch(text) ?? desAch(text) ?? typeAch(text))
    : text.includes('REF=')
      ? refAch(text)
      : entryFirstAch(text);
  if (ach) {
    achEntry = ach.entry;
    text = `${ach.company} ${ach.entry ?? ''}`.trim();
    cutWords = wordsAtEdges(ach.company, [ACH_COMPANY_NAME_WIDTH]);
  }
  if (/\d/.test(text)) {
    text = text
      .replace(CARD_LAST_FOUR, ' ')
      .replace(RIDE_TIME, ' ')
      .replace(DATE, ' ')
      .replace(TIME_OF_DAY, ' ')
      .replace(DATE_AFTER_ON, ' ')
      .replace(PURCHASE_AUTHORIZATION, '$1 ');
    const phone = PHONE.exec(text);
    if (phone && phone.index > 0) text = text.slice(0, phone.index);
  }
  if (/[@_]/.test(text)) text = text.replace(/\S*@\S*/g, ' ').replace(/_/g, ' ');
  text = text
    .replace(/\s+-+\s*|\s*-+\s+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

  const { rest, prefix } = stripBankPrefix(text);
  const billPay = BILL_PAY.exec(rest);
  text = billPay ? rest.slice(billPay[0].length) : rest;
  const bankPrefix = [prefix, billPay?.[0].trim()].filter(Boolean).join(' ') || null;

  const walletPrefix = leadingPrefix(text, WALLETS);
  const wallet = walletPrefix?.name ?? null;
  if (walletPrefix) text = walletPrefix.rest;
  // The name's field starts here (after the bank's words, its date and masked card, a wallet): an ACH line's company
  // field is 16 wide, a card line's name field 22 or 25.
  if (!ach) {
    const achLine = bankPrefix !== null && /\bACH\b/.test(bankPrefix);
    cutWords = wordsAtEdges(text, achLine ? [ACH_COMPANY_NAME_WIDTH] : CARD_NAME_FIELD_WIDTHS);
    if (!achLine) glued = gluedAtEdge(text, CARD_NAME_FIELD_WIDTHS);
  }
  const fronting = leadingPrefix(text, FRONTING_PROCESSORS);
  let processor = fronting?.name ?? null;
  if (fronting) text = fronting.rest;
  if (!processor) {
    for (const [pattern, name, replacement] of SELF_PLATFORMS) {
      if (pattern.test(text)) {
        processor = name;
        text = text.replace(pattern, replacement);
        break;
      }
    }
  }
  text = text.replace(/\*/g, ' ').replace(/\s+/g, ' ').trim();
  // A web address in the city's columns ("DELTA.COM GA") is where an online sale is billed from.
  const statePrinted = (paddedPlace || endsWithState(text)) && !WEB_ADDRESS_WORD.test(upper);
  const storeNumber = STORE_NUMBER.exec(text);
  if (storeNumber && storeNumber.index > 0) text = text.slice(0, storeNumber.index);
  text = cutAtStoreNumber(text);

  const { tokens: words, domain, laterDomain } = tokenize(text);
  const tokens = canonical(stripPlace(words));
  const parted = glued ? text.replace(`${glued.left}${glued.right}`, `${glued.left} ${glued.right}`) : text;
  const split =
    /[A-Z0-9]-+[A-Z0-9]/.test(parted) || parted !== text
      ? canonical(stripPlace(tokenize(parted.replace(/-+/g, ' ')).tokens))
      : null;
  // An export that cuts the whole line short ("ach debit consumers ener", "Withdrawal PUGET SOUND EN") ends it inside the
  // name's last word, with no place after it: that word may be cut too, a listed name's start (never a bank's word).
  const last = tokens[tokens.length - 1];
  const lineEndWord =
    last !== undefined &&
    !statePrinted &&
    domain === null &&
    !RESERVED_WORDS.has(last) &&
    !cutWords.includes(last) &&
    upper.trimEnd().endsWith(` ${last}`)
      ? last
      : null;
  return {
    tokens,
    splitTokens: split && split.join(' ') !== tokens.join(' ') ? split : null,
    cutWords: cutWords.filter((word) => tokens.includes(word)),
    lineEndWord,
    processor,
    wallet,
    kindHint: kindHintOf(processor, tokens),
    bankPrefix,
    achEntry,
    domain,
    laterDomain,
    placePrinted: statePrinted && domain === null,
  };
}

/**
 * The words of `field` whose last character is the field's last position for one of the widths, when a space or the end
 * follows: the network or the bank cut the name there, perhaps inside that word. Letters only, as tokens keep them. A word
 * that the field also holds before it is left out: the name's start is read up to the word's first appearance, which
 * would not be the cut one ("DEPOSIT REMOTE DEPOSIT CAPTURE" is no cut "DEPOSITPHOTOS").
 */
export function wordsAtEdges(field: string, widths: readonly number[]): string[] {
  const words: string[] = [];
  for (const width of widths) {
    if (field.length < width) continue;
    if (!/[A-Z]/.test(field[width - 1]) || (field.length > width && field[width] !== ' ')) continue;
    const start = field.lastIndexOf(' ', width - 1) + 1;
    const word = field.slice(start, width).replace(/[^A-Z]/g, '');
    const earlier = field
      .slice(0, start)
      .replace(/[^A-Z ]/g, '')
      .split(' ');
    if (
      word.length >= 2 &&
      /^[A-Z]+$/.test(field.slice(start, width).replace(/['&.-]/g, '')) &&
      !earlier.includes(word)
    )
      words.push(word);
  }
  return words;
}

interface GluedAtEdge {
  left: string;
  right: string;
}

/**
 * A name that fills its field runs into the city's field with no space between ("PAPPAS BROS STEAKHOUSEHOUSTON TX"): the
 * word across a field's edge (22 or 25), parted there, when what follows it up to the state is a city the place list
 * knows: a name longer than its field runs on at the same place ("SOUTHERN STATES COOPERATIVE AUSTIN TX"), and only the
 * city tells which edge the name ended at. The parted words are read beside the whole ones (`splitTokens`).
 */
function gluedAtEdge(field: string, widths: readonly number[]): GluedAtEdge | null {
  for (const width of widths) {
    if (field.length <= width || !/[A-Z]/.test(field[width - 1]) || !/[A-Z]/.test(field[width])) continue;
    const start = field.lastIndexOf(' ', width - 1) + 1;
    const end = field.indexOf(' ', width);
    const left = field.slice(start, width);
    const right = field.slice(width, end < 0 ? field.length : end);
    if (left.length < 3 || !/^[A-Z]+$/.test(left) || !/^[A-Z]+$/.test(right)) continue;
    const place = field.slice(width).split(' ');
    while (place.length > 1 && COUNTRY_SUFFIXES.has(place[place.length - 1])) place.pop();
    if (place.length < 2 || !US_STATE_CODES.has(place[place.length - 1])) continue;
    if (KNOWN_CITIES.has(place.slice(0, -1).join(' '))) return { left, right };
  }
  return null;
}

function keyFrom(tokens: string[]): string {
  let end = tokens.length;
  while (end > 1 && BILLING_WORDS.has(tokens[end - 1])) end -= 1;
  return tokens.slice(0, end).join(' ').slice(0, MAX_KEY_LENGTH);
}

/** When nothing recognizable is left, the descriptor itself (upper case, single-spaced) stands for the merchant. */
function fallback(text: string): string {
  return text.toUpperCase().replace(/\s+/g, ' ').trim();
}

/** Descriptors cleaned lately, without and with a merchant name. Bounded: each is dropped whole when full. */
const cleanedLately = new Map<string, CleanedDescriptor>();
const cleanedLatelyWithMerchant = new Map<string, CleanedDescriptor>();
const MAX_CLEANED_LATELY = 20_000;

/**
 * Cleans a descriptor. The same descriptors come back row after row (a payee every month, a card
 * swiped daily) and cleaning is a good share of categorizing, so recent answers are reused; they are
 * frozen, as every caller shares them.
 */
export function cleanDescriptor(description: string, merchant?: string | null): CleanedDescriptor {
  const cache = merchant ? cleanedLatelyWithMerchant : cleanedLately;
  // The merchant's length first keeps two different pairs from making one key.
  const key = merchant ? `${merchant.length}:${merchant}${description}` : description;
  let cleaned = cache.get(key);
  if (!cleaned) {
    cleaned = clean(description, merchant);
    if (cache.size >= MAX_CLEANED_LATELY) cache.clear();
    cache.set(key, cleaned);
  }
  return cleaned;
}

function clean(description: string, merchant: string | null | undefined): CleanedDescriptor {
  const stripped = strip(description);
  const cleaned = stripped.tokens.length ? stripped.tokens.join(' ') : fallback(description);
  let merchantName: string | null = null;
  let merchantKey = stripped.tokens.length ? keyFrom(stripped.tokens) : cleaned.slice(0, MAX_KEY_LENGTH);
  if (merchant && merchant.trim()) {
    const fromMerchant = strip(merchant);
    merchantName = fromMerchant.tokens.length ? fromMerchant.tokens.join(' ') : fallback(merchant);
    merchantKey = fromMerchant.tokens.length ? keyFrom(fromMerchant.tokens) : merchantName.slice(0, MAX_KEY_LENGTH);
  }
  return Object.freeze({
    cleaned,
    merchantKey,
    merchantName,
    processor: stripped.processor,
    wallet: stripped.wallet,
    kindHint: stripped.kindHint,
    bankPrefix: stripped.bankPrefix,
    achEntry: stripped.achEntry,
    domain: stripped.domain,
    laterDomain: stripped.laterDomain,
    placePrinted: stripped.placePrinted,
    lineEndWord: stripped.lineEndWord,
    cutWords: Object.freeze(stripped.tokens.length ? stripped.cutWords : []),
    splitTokens: stripped.tokens.length && stripped.splitTokens ? Object.freeze(stripped.splitTokens) : null,
    tokens: Object.freeze(cleaned.split(' ').filter(Boolean)),
  });
}
