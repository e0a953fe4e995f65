import type { Random } from './random.ts';

/**
 * How each bank prints a row. Written from the shapes banks' exports show (Chase's "ORIG CO NAME:"
 * ACH lines, Bank of America's "CHECKCARD MMDD" and "DES:", Wells Fargo's "PURCHASE AUTHORIZED ON",
 * Capital One gluing the city to the state, credit unions' "WITHDRAWAL POS #", neobanks' clean
 * names), independently of the service's cleaner and directory.
 */
export interface CardSale {
  /** The merchant's name as its terminal prints it, store number excluded ("STARBUCKS STORE"). */
  name: string;
  storeNumber: string | null;
  city: string;
  state: string;
  /** Online merchants print a phone number or web address where the city would be. */
  phoneOrWeb: string | null;
}

export interface BankStyle {
  id: string;
  /** Neobank exports carry a clean merchant name beside the descriptor. */
  attachesMerchant: boolean;
  card(sale: CardSale, date: string, random: Random, onCreditCard: boolean, cardLast4: string): string;
  achDebit(company: string, entry: string, date: string, random: Random, holder: string): string;
  achCredit(company: string, entry: string, date: string, random: Random, holder: string): string;
  transferOut(toKind: 'checking' | 'savings', toLast4: string, date: string, random: Random, holder: string): string;
  transferIn(fromKind: 'checking' | 'savings', fromLast4: string, date: string, random: Random, holder: string): string;
  /** Printed on the credit card when its bill is paid. */
  cardPaymentReceived(random: Random): string;
  zelleOut(person: string, date: string, random: Random): string;
  zelleIn(person: string, date: string, random: Random): string;
  checkPaid(checkNumber: number): string;
  checkDeposit(date: string, random: Random): string;
  monthlyFee(random: Random): string;
  interestEarned(): string;
  interestCharged(random: Random): string;
  atm(city: string, state: string, date: string, random: Random): string;
  wireIn(sender: string, date: string, random: Random): string;
}

const mmdd = (date: string) => `${date.slice(5, 7)}${date.slice(8, 10)}`;
const slashed = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}`;
const yymmdd = (date: string) => `${date.slice(2, 4)}${date.slice(5, 7)}${date.slice(8, 10)}`;
const store = (sale: CardSale, prefix = ' #') => (sale.storeNumber ? `${prefix}${sale.storeNumber}` : '');
const where = (sale: CardSale) => sale.phoneOrWeb ?? sale.city;
const padCity = (city: string) => city.slice(0, 13);

const chase: BankStyle = {
  id: 'chase',
  attachesMerchant: false,
  card: (sale, date, random, onCreditCard, last4) =>
    onCreditCard
      ? `${sale.name}${store(sale)} ${where(sale)} ${sale.state}`
      : `${random.chance(0.15) ? 'CARD PURCHASE WITH PIN' : 'CARD PURCHASE'} ${slashed(date)} ${sale.name}${store(sale)} ${where(sale)} ${sale.state} CARD ${last4}`,
  achDebit: (company, entry, date, random, holder) =>
    `ORIG CO NAME:${company} ORIG ID:${random.digits(10)} DESC DATE:${yymmdd(date)} CO ENTRY DESCR:${entry} SEC:CCD TRACE#:${random.digits(15)} EED:${yymmdd(date)} IND ID:${random.code(8)} IND NAME:${holder} TRN: ${random.digits(10)}TC`,
  achCredit: (company, entry, date, random, holder) =>
    `ORIG CO NAME:${company} ORIG ID:${random.digits(10)} DESC DATE:${yymmdd(date)} CO ENTRY DESCR:${entry} SEC:PPD TRACE#:${random.digits(15)} EED:${yymmdd(date)} IND ID:${random.code(6)} IND NAME:${holder} TRN: ${random.digits(10)}TC`,
  transferOut: (toKind, last4, date, random) =>
    `Online Transfer to ${toKind === 'savings' ? 'SAV' : 'CHK'} ...${last4} transaction#: ${random.digits(11)} ${slashed(date)}`,
  transferIn: (fromKind, last4, date, random) =>
    `Online Transfer from ${fromKind === 'savings' ? 'SAV' : 'CHK'} ...${last4} transaction#: ${random.digits(11)}`,
  cardPaymentReceived: (random) =>
    random.pick(['Payment Thank You - Web', 'AUTOMATIC PAYMENT - THANK YOU', 'Payment Thank You-Mobile']),
  zelleOut: (person, _date, random) => `Zelle payment to ${person} JPM99${random.code(6).toLowerCase()}`,
  zelleIn: (person, _date, random) => `Zelle payment from ${person} ${random.code(10)}`,
  checkPaid: (number) => `CHECK ${number}`,
  checkDeposit: (_date, random) =>
    random.chance(0.5) ? `REMOTE ONLINE DEPOSIT # ${random.int(1, 9)}` : `DEPOSIT  ID NUMBER ${random.digits(6)}`,
  monthlyFee: (random) => random.pick(['MONTHLY SERVICE FEE', 'MONTHLY SERVICE FEE', 'INCOMING WIRE FEE']),
  interestEarned: () => 'INTEREST PAYMENT',
  interestCharged: () => 'PURCHASE INTEREST CHARGE',
  atm: (city, state, date, random) =>
    `ATM WITHDRAWAL ${random.digits(6)} ${slashed(date)} ${random.int(100, 9999)} MAIN ST ${city.toUpperCase()} ${state}`,
  wireIn: (sender, date, random) =>
    `WIRE TYPE:WIRE IN DATE: ${yymmdd(date)} TIME:${random.int(1000, 1659)} ET TRN:${random.digits(16)} SEQ:${random.digits(8)}/${random.digits(6)} ORIG:${sender} ID:${random.digits(9)} SND BK:BANK OF AMERICA, N.A. ID:0959`,
};

const bankOfAmerica: BankStyle = {
  id: 'bank-of-america',
  attachesMerchant: false,
  card: (sale, date, random, onCreditCard) =>
    onCreditCard
      ? `${sale.name}${store(sale)} ${padCity(where(sale))} ${sale.state}`
      : `CHECKCARD ${mmdd(date)} ${sale.name}${store(sale)} ${padCity(where(sale))} ${sale.state} ${random.digits(23)}`,
  achDebit: (company, entry, _date, random, holder) =>
    `${company} DES:${entry} ID:${random.code(9)} INDN:${holder} CO ID:${random.digits(10)} ${random.pick(['CCD', 'PPD', 'WEB'])}`,
  achCredit: (company, entry, _date, random, holder) =>
    `${company} DES:${entry} ID:${random.code(11)} INDN:${holder} CO ID:${random.digits(10)} CCD`,
  transferOut: (toKind, last4, _date, random) =>
    `Online Banking transfer to ${toKind === 'savings' ? 'SAV' : 'CHK'} ${last4} Confirmation# ${random.digits(10)}`,
  transferIn: (fromKind, last4, _date, random) =>
    `Online Banking transfer from ${fromKind === 'savings' ? 'SAV' : 'CHK'} ${last4} Confirmation# ${random.digits(10)}`,
  cardPaymentReceived: (random) => random.pick(['PAYMENT - THANK YOU', 'Online payment from CHK 4821']),
  zelleOut: (person, _date, random) => `Zelle Transfer Conf# ${random.code(9).toLowerCase()}; ${person}`,
  zelleIn: (person, _date, random) => `Zelle Transfer Conf# ${random.code(9).toLowerCase()}; ${person}`,
  checkPaid: (number) => `Check ${number}`,
  checkDeposit: (date, random) => `BKOFAMERICA MOBILE ${slashed(date)} ${random.digits(10)} DEPOSIT *MOBILE`,
  monthlyFee: (random) =>
    random.pick([
      'Monthly Fee Business Adv Fundamentals',
      'Monthly Fee Business Adv Fundamentals',
      'Wire Transfer Fee',
    ]),
  interestEarned: () => 'Interest Earned',
  interestCharged: () => 'INTEREST CHARGED ON PURCHASES',
  atm: (city, state, date, random) =>
    `BKOFAMERICA ATM ${slashed(date)} #${random.digits(9)} WITHDRWL ${city.toUpperCase()} ${state}`,
  wireIn: (sender, _date, random) => `WIRE TYPE:FED IN DES:${random.digits(6)} ORIG:${sender} ID:${random.digits(10)}`,
};

const wellsFargo: BankStyle = {
  id: 'wells-fargo',
  attachesMerchant: false,
  card: (sale, date, random, onCreditCard, last4) =>
    onCreditCard
      ? `${sale.name}${store(sale)} ${where(sale)} ${sale.state}`
      : `${random.chance(0.2) && sale.phoneOrWeb ? 'RECURRING PAYMENT' : 'PURCHASE'} AUTHORIZED ON ${slashed(date)} ${sale.name}${store(sale)} ${where(sale)} ${sale.state} S${random.digits(15)} CARD ${last4}`,
  achDebit: (company, entry, date, random, holder) => `${company} ${entry} ${yymmdd(date)} ${random.code(6)} ${holder}`,
  achCredit: (company, entry, date, random, holder) =>
    `${company} ${entry} ${yymmdd(date)} ${random.code(8)} ${holder}`,
  transferOut: (toKind, last4, date, random, holder) =>
    `ONLINE TRANSFER TO ${holder} ${toKind === 'savings' ? 'BUSINESS MARKET RATE SAVINGS' : 'BUSINESS CHECKING'} XXXXXX${last4} REF #IB0${random.code(7)} ON ${slashed(date)}/${date.slice(2, 4)}`,
  transferIn: (fromKind, last4, date, random, holder) =>
    `ONLINE TRANSFER FROM ${holder} ${fromKind === 'savings' ? 'BUSINESS MARKET RATE SAVINGS' : 'BUSINESS CHECKING'} XXXXXX${last4} REF #IB0${random.code(7)} ON ${slashed(date)}/${date.slice(2, 4)}`,
  cardPaymentReceived: () => 'ONLINE PAYMENT THANK YOU',
  zelleOut: (person, date, random) => `ZELLE TO ${person.toUpperCase()} ON ${slashed(date)} REF # PP0${random.code(7)}`,
  zelleIn: (person, date, random) =>
    `ZELLE FROM ${person.toUpperCase()} ON ${slashed(date)} REF # WFCT0${random.code(6)}`,
  checkPaid: (number) => `CHECK # ${number}`,
  checkDeposit: (_date, random) => `MOBILE DEPOSIT : REF NUMBER :${random.digits(9)}`,
  monthlyFee: (random) =>
    random.pick([
      'MONTHLY SERVICE FEE',
      'MONTHLY SERVICE FEE',
      `WIRE TRANS SVC CHARGE - SEQUENCE: ${random.digits(6)} SRF# ${random.digits(16)}`,
    ]),
  interestEarned: () => 'INTEREST PAYMENT',
  interestCharged: () => 'INTEREST CHARGE ON PURCHASES',
  atm: (city, state, date, random) =>
    `ATM WITHDRAWAL AUTHORIZED ON ${slashed(date)} ${random.int(100, 9999)} E ${random.pick(['6TH', 'CONGRESS', 'LAMAR', 'OAK'])} ST ${city.toUpperCase()} ${state} ${random.digits(16)} ATM ID ${random.digits(4)} CARD ${random.digits(4)}`,
  wireIn: (sender, date, random) =>
    `WT FED#${random.digits(5)} ${sender} /ORG=${sender} SRF# ${random.digits(16)} TRN#${yymmdd(date)}${random.digits(6)} RFB# ${random.digits(8)}`,
};

const citi: BankStyle = {
  id: 'citi',
  attachesMerchant: false,
  card: (sale, _date, _random, onCreditCard) =>
    onCreditCard
      ? `${sale.name}${store(sale)} ${where(sale)} ${sale.state}`
      : `DEBIT PURCHASE -VISA ${sale.name}${store(sale)} ${where(sale)} ${sale.state}`,
  achDebit: (company, entry, _date, random) => `ACH DEBIT ${company} ${entry} ${random.code(10)}`,
  achCredit: (company, entry, _date, random) => `ACH CREDIT ${company} ${entry} ${random.code(10)}`,
  transferOut: (toKind, last4) => `ONLINE TRANSFER TO ${toKind === 'savings' ? 'SAVINGS' : 'CHECKING'} ${last4}`,
  transferIn: (fromKind, last4) => `ONLINE TRANSFER FROM ${fromKind === 'savings' ? 'SAVINGS' : 'CHECKING'} ${last4}`,
  cardPaymentReceived: (random) => random.pick(['ONLINE PAYMENT, THANK YOU', 'AUTOPAY AUTO-PMT']),
  zelleOut: (person) => `ZELLE PAYMENT TO ${person.toUpperCase()}`,
  zelleIn: (person) => `ZELLE PAYMENT FROM ${person.toUpperCase()}`,
  checkPaid: (number) => `CHECK NO. ${number}`,
  checkDeposit: () => 'MOBILE DEPOSIT',
  monthlyFee: () => 'ACCOUNT FEE',
  interestEarned: () => 'INTEREST EARNED',
  interestCharged: () => 'INTEREST CHARGE ON PURCHASES',
  atm: (city, state, date, random) => `ATM WITHDRAWAL ${random.digits(6)} ${mmdd(date)} ${city.toUpperCase()} ${state}`,
  wireIn: (sender) => `INCOMING WIRE ${sender}`,
};

const capitalOne: BankStyle = {
  id: 'capital-one',
  attachesMerchant: false,
  card: (sale, _date, _random, onCreditCard) =>
    onCreditCard
      ? `${sale.name}${sale.storeNumber ? ` ${sale.storeNumber}` : ''} ${padCity(where(sale)).replace(/ /g, '')}${sale.state}`
      : `Debit Card Purchase - ${sale.name}${store(sale)} ${where(sale)} ${sale.state}`,
  achDebit: (company, entry, date, random) => `ACH Withdrawal ${company} ${entry} ${yymmdd(date)}${random.digits(4)}`,
  achCredit: (company, entry, date, random) => `ACH Deposit ${company} ${entry} ${yymmdd(date)}${random.digits(4)}`,
  transferOut: (toKind, last4) =>
    `Withdrawal to ${toKind === 'savings' ? '360 Performance Savings' : 'Spark Business Checking'} XXXXXXX${last4}`,
  transferIn: (fromKind, last4) =>
    `Deposit from ${fromKind === 'savings' ? '360 Performance Savings' : 'Spark Business Checking'} XXXXXXX${last4}`,
  cardPaymentReceived: (random) => random.pick(['CAPITAL ONE AUTOPAY PYMT', 'CAPITAL ONE MOBILE PYMT']),
  zelleOut: (person) => `Zelle money sent to ${person}`,
  zelleIn: (person) => `Zelle money received from ${person}`,
  checkPaid: (number) => `Check #${number}`,
  checkDeposit: () => 'Mobile Deposit',
  monthlyFee: () => 'Monthly Service Fee',
  interestEarned: () => 'Monthly Interest Paid',
  interestCharged: () => 'INTEREST CHARGE:PURCHASES',
  atm: (city, state) => `ATM Withdrawal - ${city.toUpperCase()} ${state}`,
  wireIn: (sender) => `Wire Transfer Deposit ${sender}`,
};

const americanExpress: BankStyle = {
  id: 'american-express',
  attachesMerchant: false,
  card: (sale, _date, random) =>
    random.chance(0.5) && !sale.phoneOrWeb
      ? `${sale.name} ${random.digits(3)}-${random.digits(3)}-${random.digits(4)} ${sale.state}`
      : `${sale.name}${sale.storeNumber ? ` ${sale.storeNumber}` : ''} ${where(sale)} ${sale.state}`,
  achDebit: (company, entry) => `${company} ${entry}`,
  achCredit: (company, entry) => `${company} ${entry}`,
  transferOut: () => 'TRANSFER',
  transferIn: () => 'TRANSFER',
  cardPaymentReceived: (random) =>
    random.pick(['ONLINE PAYMENT - THANK YOU', 'AUTOPAY PAYMENT - THANK YOU', 'MOBILE PAYMENT - THANK YOU']),
  zelleOut: (person) => person,
  zelleIn: (person) => person,
  checkPaid: (number) => `CHECK ${number}`,
  checkDeposit: () => 'DEPOSIT',
  monthlyFee: () => 'Platinum Card Fee',
  interestEarned: () => 'INTEREST',
  interestCharged: () => 'INTEREST CHARGE ON PAY OVER TIME PURCHASES',
  atm: (city, state) => `CASH ADVANCE ${city.toUpperCase()} ${state}`,
  wireIn: (sender) => sender,
};

const usBank: BankStyle = {
  id: 'us-bank',
  attachesMerchant: false,
  card: (sale, _date, random, onCreditCard) =>
    onCreditCard
      ? `${sale.name}${store(sale)} ${where(sale)} ${sale.state}`
      : `${random.chance(0.3) ? 'DEBIT PURCHASE' : 'DEBIT PURCHASE -VISA'} ${sale.name}${store(sale)} ${where(sale)} ${sale.state}`,
  achDebit: (company, entry, _date, random) =>
    random.chance(0.5) ? `ELECTRONIC WITHDRAWAL ${company} ${entry}` : `WEB AUTHORIZED PMT ${company}`,
  achCredit: (company, entry) => `ELECTRONIC DEPOSIT ${company} ${entry}`,
  transferOut: (toKind, last4) =>
    `INTERNET BANKING TRANSFER TO ${toKind === 'savings' ? 'SAVINGS' : 'CHECKING'} ${last4}`,
  transferIn: (fromKind, last4) =>
    `INTERNET BANKING TRANSFER FROM ${fromKind === 'savings' ? 'SAVINGS' : 'CHECKING'} ${last4}`,
  cardPaymentReceived: () => 'PAYMENT THANK YOU',
  zelleOut: (person) => `ZELLE INSTANT PMT TO ${person.toUpperCase()}`,
  zelleIn: (person) => `ZELLE INSTANT PMT FROM ${person.toUpperCase()}`,
  checkPaid: (number) => `CHECK ${number}`,
  checkDeposit: () => 'MOBILE CHECK DEPOSIT',
  monthlyFee: (random) => random.pick(['MAINTENANCE FEE', 'ANALYSIS SERVICE CHARGE']),
  interestEarned: () => 'INTEREST PAID THIS PERIOD',
  interestCharged: () => 'INTEREST CHARGE PURCHASES',
  atm: (city, state, _date, random) =>
    `NON-U.S. BANK ATM WITHDRAWAL ${random.digits(6)} ${city.toUpperCase()} ${state}`,
  wireIn: (sender) => `INCOMING WIRE TRANSFER ${sender}`,
};

const pnc: BankStyle = {
  id: 'pnc',
  attachesMerchant: false,
  card: (sale, _date, random, onCreditCard, last4) =>
    onCreditCard
      ? `${sale.name}${store(sale)} ${where(sale)} ${sale.state}`
      : random.chance(0.5)
        ? `POS PURCHASE ${last4} POS${random.digits(6)} ${sale.name}${store(sale)} ${where(sale)} ${sale.state}`
        : `DEBIT CARD PURCHASE XXXXX${last4} ${sale.name}${store(sale)} ${where(sale)} ${sale.state}`,
  achDebit: (company, entry, _date, random) => `ACH WEB-RECUR ${random.digits(9)} ${company} ${entry}`,
  achCredit: (company, entry, _date, random) => `ACH CREDIT ${random.digits(9)} ${company} ${entry}`,
  transferOut: (_toKind, last4) => `ONLINE TRANSFER TO XXXXXX${last4}`,
  transferIn: (_fromKind, last4) => `ONLINE TRANSFER FROM XXXXXX${last4}`,
  cardPaymentReceived: () => 'PAYMENT - THANK YOU',
  zelleOut: (person) => `ZELLE TO ${person.toUpperCase()}`,
  zelleIn: (person) => `ZELLE FROM ${person.toUpperCase()}`,
  checkPaid: (number) => `CHECK ${number}`,
  checkDeposit: () => 'MOBILE DEPOSIT',
  monthlyFee: () => 'CORPORATE ACCOUNT ANALYSIS CHARGE',
  interestEarned: () => 'INTEREST PAYMENT',
  interestCharged: () => 'INTEREST CHARGE',
  atm: (city, state, _date, random) => `ATM WITHDRAWAL ${random.digits(4)} ${city.toUpperCase()} ${state}`,
  wireIn: (sender) => `WIRE TRANSFER IN ${sender}`,
};

const creditUnion: BankStyle = {
  id: 'credit-union',
  attachesMerchant: false,
  card: (sale, _date, random, onCreditCard) =>
    onCreditCard
      ? `${sale.name}${store(sale)} ${where(sale)} ${sale.state}`
      : `WITHDRAWAL POS #${random.digits(9)} ${sale.name}${store(sale)} ${where(sale)} ${sale.state}`,
  achDebit: (company, entry, _date, random) =>
    `WITHDRAWAL ACH ${company} TYPE: ${entry} ID: ${random.digits(10)} CO: ${company}`,
  achCredit: (company, entry, _date, random) =>
    `DEPOSIT ACH ${company} TYPE: ${entry} ID: ${random.digits(10)} CO: ${company}`,
  transferOut: (toKind, last4) =>
    `WITHDRAWAL TRANSFER TO ${toKind === 'savings' ? 'SHARE' : 'DRAFT'} ${last4.slice(2)}`,
  transferIn: (fromKind, last4) =>
    `DEPOSIT TRANSFER FROM ${fromKind === 'savings' ? 'SHARE' : 'DRAFT'} ${last4.slice(2)}`,
  cardPaymentReceived: () => 'PAYMENT RECEIVED - THANK YOU',
  zelleOut: (person) => `WITHDRAWAL ZELLE TO ${person.toUpperCase()}`,
  zelleIn: (person) => `DEPOSIT ZELLE FROM ${person.toUpperCase()}`,
  checkPaid: (number) => `DRAFT ${number}`,
  checkDeposit: () => 'DEPOSIT MOBILE',
  monthlyFee: () => 'FEE ACCOUNT MAINTENANCE',
  interestEarned: () => 'DIVIDEND',
  interestCharged: () => 'INTEREST CHARGE',
  atm: (city, state) => `WITHDRAWAL ATM ${city.toUpperCase()} ${state}`,
  wireIn: (sender) => `DEPOSIT WIRE ${sender}`,
};

/** Mercury- and Brex-style exports: a readable name, the merchant resolved beside it. */
const neobank: BankStyle = {
  id: 'neobank',
  attachesMerchant: true,
  card: (sale) => sale.name,
  achDebit: (company, entry) => `${company}; ${entry}`,
  achCredit: (company, entry) => `${company}; ${entry}`,
  transferOut: (toKind, last4) => `Transfer to ${toKind === 'savings' ? 'Treasury' : 'Checking'} ••${last4}`,
  transferIn: (fromKind, last4) => `Transfer from ${fromKind === 'savings' ? 'Treasury' : 'Checking'} ••${last4}`,
  cardPaymentReceived: () => 'Card payment',
  zelleOut: (person) => `Send Money to ${person}`,
  zelleIn: (person) => `Received from ${person}`,
  checkPaid: (number) => `Check #${number} deposited by payee`,
  checkDeposit: () => 'Check deposit',
  monthlyFee: () => 'Wire fee',
  interestEarned: () => 'Treasury yield',
  interestCharged: () => 'Interest charge',
  atm: (city, state) => `ATM ${city} ${state}`,
  wireIn: (sender) => `Wire from ${sender}`,
};

export const BANK_STYLES = {
  chase,
  bankOfAmerica,
  wellsFargo,
  citi,
  capitalOne,
  americanExpress,
  usBank,
  pnc,
  creditUnion,
  neobank,
} as const;
