import type { BankStyle, CardSale } from './bank-styles.ts';
import { Random } from './random.ts';
import { PROFILES, type AccountRole, type Profile, type ProfileAccount, type Vendor } from './vocabulary.ts';

/** One labelled bank row of the evaluation set. */
export interface EvalRow {
  id: string;
  /** The business the row belongs to: evaluate each as its own tenant. */
  profile: string;
  /** The business's account the row is on (`<profile>:checking`); transfers pair rows of two accounts. */
  accountId: string;
  accountKind: 'checking' | 'savings' | 'credit_card' | 'trust';
  /** The descriptor style of the bank that printed the row. */
  bank: string;
  date: string; // YYYY-MM-DD
  /** Dollars, positive = money out. */
  amount: number;
  amountMinor: number;
  currency: 'USD';
  description: string;
  /** A clean merchant name when the feed attached one (neobank exports always do; others now and then). */
  merchant: string | null;
  /** The TRUE category: an account number of the US chart, or `transfer`. */
  label: string;
  /** Which vocabulary entry produced the row. For analysis only: never an input to the categorizer. */
  vendor: string;
}

export const FIRST_MONTH = '2024-07';
export const MONTH_COUNT = 18;

const ACCOUNT_KIND: Record<AccountRole, EvalRow['accountKind']> = {
  checking: 'checking',
  savings: 'savings',
  card: 'credit_card',
  trust: 'trust',
};
/** How a bank's name prints on another bank's ACH line. */
const BANK_NAME: Record<string, string> = {
  chase: 'JPMORGAN CHASE',
  'bank-of-america': 'BANK OF AMERICA',
  'wells-fargo': 'WELLS FARGO BANK',
  citi: 'CITIBANK',
  'capital-one': 'CAPITAL ONE',
  'us-bank': 'U.S. BANK',
  pnc: 'PNC BANK',
  'credit-union': 'UNIVERSITY FCU',
  neobank: 'MERCURY',
  'american-express': 'AMERICAN EXPRESS',
};

function monthStart(monthIndex: number): { year: number; month: number; days: number } {
  const [firstYear, firstMonth] = FIRST_MONTH.split('-').map(Number);
  const zeroBased = firstMonth - 1 + monthIndex;
  const year = firstYear + Math.floor(zeroBased / 12);
  const month = (zeroBased % 12) + 1;
  return { year, month, days: new Date(Date.UTC(year, month, 0)).getUTCDate() };
}

function isoDate(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** How many times a vendor shows up this month, for a mean rate (Knuth's Poisson sampler). */
function occurrences(mean: number, random: Random): number {
  const limit = Math.exp(-mean);
  let count = 0;
  let product = random.next();
  while (product > limit) {
    count += 1;
    product *= random.next();
  }
  return count;
}

class ProfileGenerator {
  private readonly random: Random;
  private readonly rows: Array<Omit<EvalRow, 'id'>> = [];
  private readonly cardNetSpendByMonth: number[] = [];
  private readonly fixedAmounts = new Map<string, { baseMinor: number; raiseFromMonth: number | null }>();
  private nextCheckNumber = 1001;

  constructor(private readonly profile: Profile) {
    this.random = new Random(profile.seed);
    for (const vendor of profile.vendors) {
      if (!vendor.fixed) continue;
      const baseMinor = Math.round(vendor.amount[0] * 100);
      // Some subscriptions get dearer along the way, as real ones do.
      const raiseFromMonth = this.random.chance(0.3) ? this.random.int(6, MONTH_COUNT - 3) : null;
      this.fixedAmounts.set(vendor.key, { baseMinor, raiseFromMonth });
    }
  }

  generate(): Array<Omit<EvalRow, 'id'>> {
    for (let monthIndex = 0; monthIndex < MONTH_COUNT; monthIndex += 1) {
      const { year, month, days } = monthStart(monthIndex);
      for (const vendor of this.profile.vendors) {
        for (const day of this.daysFor(vendor, month, days)) this.emit(vendor, isoDate(year, month, day), monthIndex);
      }
      this.sweep(monthIndex, year, month, days);
      this.move(year, month, days);
      this.payCard(monthIndex, year, month, days);
    }
    return this.rows;
  }

  private daysFor(vendor: Vendor, month: number, daysInMonth: number): number[] {
    if (vendor.months && !vendor.months.includes(month)) return [];
    if (vendor.days) return vendor.days.map((day) => Math.min(day, daysInMonth));
    if (vendor.day) return [Math.min(vendor.day, daysInMonth)];
    if (vendor.perMonth === undefined) return [this.random.int(1, daysInMonth)];
    const count = occurrences(vendor.perMonth, this.random);
    return Array.from({ length: count }, () => this.random.int(1, daysInMonth)).sort((left, right) => left - right);
  }

  private account(role: AccountRole): ProfileAccount {
    const found = this.profile.accounts.find((account) => account.role === role);
    if (!found) throw new Error(`profile ${this.profile.id} has no ${role} account`);
    return found;
  }

  private roleFor(vendor: Vendor): AccountRole {
    if (vendor.account) return vendor.account;
    // Owners pay with the business credit card mostly and with the checking account's debit card now and then.
    if (
      vendor.channel === 'card' &&
      this.profile.accounts.some((account) => account.role === 'card') &&
      this.random.chance(0.75)
    )
      return 'card';
    return 'checking';
  }

  /** Recurring vendors drift from one printed form to the next; a few rows use another form at random. */
  private nameFor(vendor: Vendor, monthIndex: number): string {
    const { names } = vendor;
    if (names.length === 1) return names[0];
    if (vendor.channel === 'zelle' || this.random.chance(0.12)) return this.random.pick(names);
    return names[Math.min(names.length - 1, Math.floor((monthIndex * names.length) / MONTH_COUNT))];
  }

  private amountFor(vendor: Vendor, monthIndex: number): number {
    const fixed = this.fixedAmounts.get(vendor.key);
    if (fixed)
      return fixed.raiseFromMonth !== null && monthIndex >= fixed.raiseFromMonth
        ? Math.round(fixed.baseMinor * 1.1)
        : fixed.baseMinor;
    return this.random.amountMinor(vendor.amount[0], vendor.amount[1]);
  }

  private labelFor(vendor: Vendor): string {
    for (const [share, label] of vendor.exceptions ?? []) if (this.random.chance(share)) return label;
    return vendor.label;
  }

  private storeNumber(): string {
    return String(this.random.int(1, 29999)).padStart(this.random.pick([4, 5]), '0');
  }

  private describe(
    vendor: Vendor,
    account: ProfileAccount,
    direction: 'in' | 'out',
    name: string,
    date: string,
  ): string {
    const { style } = account;
    const holder = this.profile.holder;
    const entry = vendor.entries ? this.random.pick(vendor.entries) : 'PAYMENT';
    switch (vendor.channel) {
      case 'card': {
        const sale: CardSale = {
          name,
          storeNumber: vendor.stores ? this.storeNumber() : null,
          city: (vendor.city ?? this.profile.city).toUpperCase(),
          state: vendor.state ?? this.profile.state,
          phoneOrWeb: vendor.web ?? null,
        };
        return style.card(sale, date, this.random, account.role === 'card', account.last4);
      }
      case 'ach':
        return direction === 'out'
          ? style.achDebit(name, entry, date, this.random, holder)
          : style.achCredit(name, entry, date, this.random, holder);
      case 'zelle':
        return direction === 'out' ? style.zelleOut(name, date, this.random) : style.zelleIn(name, date, this.random);
      case 'check':
        return style.checkPaid(this.nextCheckNumber++);
      case 'checkDeposit':
        return style.checkDeposit(date, this.random);
      case 'wire':
        return style.wireIn(name, date, this.random);
      case 'fee':
        return style.monthlyFee(this.random);
      case 'interest':
        return direction === 'in' ? style.interestEarned() : style.interestCharged(this.random);
      case 'atm':
        return style.atm(this.profile.city, this.profile.state, date, this.random);
      case 'ownerTransfer':
        return style.transferOut('checking', name, date, this.random, holder);
    }
  }

  private merchantFor(vendor: Vendor, style: BankStyle): string | null {
    if (style.attachesMerchant) return vendor.merchant ?? null;
    return vendor.merchant && vendor.channel === 'card' && this.random.chance(0.2) ? vendor.merchant : null;
  }

  private push(
    account: ProfileAccount,
    date: string,
    signedMinor: number,
    description: string,
    merchant: string | null,
    label: string,
    vendor: string,
  ): void {
    this.rows.push({
      profile: this.profile.id,
      accountId: `${this.profile.id}:${account.role}`,
      accountKind: account.holdsOthersMoney ? 'trust' : ACCOUNT_KIND[account.role],
      bank: account.style.id,
      date,
      amount: signedMinor / 100,
      amountMinor: signedMinor,
      currency: 'USD',
      description: description.replace(/\s+$/, ''),
      merchant,
      label,
      vendor,
    });
    if (account.role === 'card') {
      const monthIndex = this.monthIndexOf(date);
      this.cardNetSpendByMonth[monthIndex] = (this.cardNetSpendByMonth[monthIndex] ?? 0) + signedMinor;
    }
  }

  private monthIndexOf(date: string): number {
    const [firstYear, firstMonth] = FIRST_MONTH.split('-').map(Number);
    return (Number(date.slice(0, 4)) - firstYear) * 12 + Number(date.slice(5, 7)) - firstMonth;
  }

  private emit(vendor: Vendor, date: string, monthIndex: number): void {
    const direction = vendor.direction ?? 'out';
    const account = this.account(this.roleFor(vendor));
    const name = this.nameFor(vendor, monthIndex);
    const amountMinor = this.amountFor(vendor, monthIndex);
    const description = this.describe(vendor, account, direction, name, date);
    this.push(
      account,
      date,
      direction === 'out' ? amountMinor : -amountMinor,
      description,
      this.merchantFor(vendor, account.style),
      this.labelFor(vendor),
      vendor.key,
    );
  }

  /** A transfer's second leg lands the same day or the next (never past the month's end). */
  private secondLegDate(year: number, month: number, day: number, daysInMonth: number): string {
    return isoDate(year, month, Math.min(daysInMonth, day + this.random.int(0, 1)));
  }

  private moveBetween(
    from: ProfileAccount,
    to: ProfileAccount,
    amountMinor: number,
    year: number,
    month: number,
    day: number,
    daysInMonth: number,
    vendor: string,
  ): void {
    const date = isoDate(year, month, day);
    const sameBank = from.style.id === to.style.id;
    const toKind = to.role === 'savings' ? 'savings' : 'checking';
    const fromKind = from.role === 'savings' ? 'savings' : 'checking';
    const outDescription = sameBank
      ? from.style.transferOut(toKind, to.last4, date, this.random, this.profile.holder)
      : from.style.achDebit(BANK_NAME[to.style.id], 'TRANSFER', date, this.random, this.profile.holder);
    const inDate = this.secondLegDate(year, month, day, daysInMonth);
    const inDescription = sameBank
      ? to.style.transferIn(fromKind, from.last4, inDate, this.random, this.profile.holder)
      : to.style.achCredit(BANK_NAME[from.style.id], 'TRANSFER', inDate, this.random, this.profile.holder);
    this.push(from, date, amountMinor, outDescription, null, 'transfer', vendor);
    this.push(to, inDate, -amountMinor, inDescription, null, 'transfer', vendor);
  }

  private sweep(monthIndex: number, year: number, month: number, daysInMonth: number): void {
    const sweep = this.profile.savingsSweep;
    if (!sweep) return;
    const checking = this.account('checking');
    const savings = this.account('savings');
    const amountMinor = this.random.amountMinor(sweep.amount[0], sweep.amount[1]);
    this.moveBetween(
      checking,
      savings,
      amountMinor,
      year,
      month,
      Math.min(sweep.day, daysInMonth),
      daysInMonth,
      'savings-sweep',
    );
    if (monthIndex % sweep.returnEveryMonths === sweep.returnEveryMonths - 1) {
      const back = this.random.amountMinor(sweep.amount[0], sweep.amount[1] * 1.5);
      this.moveBetween(
        savings,
        checking,
        back,
        year,
        month,
        this.random.int(1, daysInMonth),
        daysInMonth,
        'savings-return',
      );
    }
  }

  /** The profile's other moves between its own accounts (none for most businesses: no random draws then). */
  private move(year: number, month: number, daysInMonth: number): void {
    for (const move of this.profile.moves ?? []) {
      const count = occurrences(move.perMonth, this.random);
      for (let index = 0; index < count; index += 1) {
        const amountMinor = this.random.amountMinor(move.amount[0], move.amount[1]);
        this.moveBetween(
          this.account(move.from),
          this.account(move.to),
          amountMinor,
          year,
          month,
          this.random.int(1, daysInMonth),
          daysInMonth,
          move.key,
        );
      }
    }
  }

  /** Checking pays last month's card balance; the card shows the payment received. */
  private payCard(monthIndex: number, year: number, month: number, daysInMonth: number): void {
    const payment = this.profile.cardPayment;
    if (!payment || monthIndex === 0) return;
    const balanceMinor = this.cardNetSpendByMonth[monthIndex - 1] ?? 0;
    if (balanceMinor <= 0) return;
    const checking = this.account('checking');
    const card = this.account('card');
    const day = Math.min(payment.day, daysInMonth);
    const date = isoDate(year, month, day);
    this.push(
      checking,
      date,
      balanceMinor,
      checking.style.achDebit(payment.company, payment.entry, date, this.random, this.profile.holder),
      null,
      'transfer',
      'card-payment',
    );
    const cardDate = this.secondLegDate(year, month, day, daysInMonth);
    this.push(
      card,
      cardDate,
      -balanceMinor,
      card.style.cardPaymentReceived(this.random),
      null,
      'transfer',
      'card-payment',
    );
  }
}

/** Builds the whole set from the seeds: same input, same rows, in date order. */
export function generateEvalDataset(profiles: readonly Profile[] = PROFILES, idPrefix = 'eval'): EvalRow[] {
  const rows = profiles.flatMap((profile) => new ProfileGenerator(profile).generate());
  const ordered = rows
    .map((row, index) => ({ row, index }))
    .sort((left, right) =>
      left.row.date < right.row.date ? -1 : left.row.date > right.row.date ? 1 : left.index - right.index,
    );
  return ordered.map(({ row }, index) => ({ id: `${idPrefix}-${String(index + 1).padStart(5, '0')}`, ...row }));
}
