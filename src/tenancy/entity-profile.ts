import { invalid } from '../errors.ts';
import { ACCEPTED_DATE_REASON, isAcceptedDate } from '../shared/dates.ts';
import { US_STATES_AND_DC, US_TERRITORIES } from '../shared/us-states.ts';

/**
 * The legal profile of an entity. Value lists the contract leaves open are decided here and
 * documented in the README and the OpenAPI contract.
 */
export const ENTITY_TYPES = ['sole_prop', 'llc', 'partnership', 's_corp', 'c_corp'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export const TAX_ID_TYPES = ['ein', 'ssn', 'itin'] as const;
export type TaxIdType = (typeof TAX_ID_TYPES)[number];

/** The federal tax classification, which decides the income tax return an entity files. */
export const REGIMES = ['sole_proprietor', 'partnership', 's_corporation', 'c_corporation'] as const;
export type Regime = (typeof REGIMES)[number];

export const SALES_TAX_FREQUENCIES = ['monthly', 'quarterly', 'annual'] as const;
export type SalesTaxFrequency = (typeof SALES_TAX_FREQUENCIES)[number];

/** States without a statewide sales tax: a registration there is refused. */
export const STATES_WITHOUT_SALES_TAX = new Set(['DE', 'MT', 'NH', 'OR']);

/** Default estimated-tax rates (percent) by federal classification, used when the owner asks without one. */
export const DEFAULT_ESTIMATED_TAX_RATE_PERCENT: Record<Regime, number> = {
  // IRC § 11(b): the flat corporate rate.
  c_corporation: 21,
  // Individuals: a rough combined rate, about 10-12% income tax plus 14.1% self-employment tax
  // (15.3% on 92.35% of earnings). The owner should give their own with --estimate-taxes PERCENT.
  sole_proprietor: 25,
  partnership: 25,
  s_corporation: 25,
};

/**
 * The line of business an owner states at onboarding (optional). The categorizer reads it where the
 * same purchase means different things by trade: building supplies are cost of goods for a
 * construction trade, groceries and warehouse-club runs are cost of goods for food service, and a
 * payout of a card processor is sales of goods or fees for services.
 */
export const INDUSTRIES = [
  'professional_services',
  'construction',
  'food_service',
  'retail',
  'personal_services',
  'healthcare',
  'transportation',
  'automotive',
  'manufacturing',
  'other',
] as const;
export type Industry = (typeof INDUSTRIES)[number];

export const ENTITY_STATUSES = ['active', 'inactive', 'dissolved'] as const;

/** An LLC may be taxed any way (single-member default: disregarded, i.e. Schedule C); the others have one. */
const REGIMES_BY_ENTITY_TYPE: Record<EntityType, readonly Regime[]> = {
  sole_prop: ['sole_proprietor'],
  llc: ['sole_proprietor', 'partnership', 's_corporation', 'c_corporation'],
  partnership: ['partnership'],
  s_corp: ['s_corporation'],
  c_corp: ['c_corporation'],
};

export const US_STATE_CODES = new Set([...US_STATES_AND_DC, ...US_TERRITORIES]);

const TAX_ID_PATTERNS: Record<TaxIdType, { pattern: RegExp; shape: string }> = {
  ein: { pattern: /^\d{2}-?\d{7}$/, shape: 'NN-NNNNNNN' },
  ssn: { pattern: /^\d{3}-?\d{2}-?\d{4}$/, shape: 'NNN-NN-NNNN' },
  itin: { pattern: /^9\d{2}-?\d{2}-?\d{4}$/, shape: '9NN-NN-NNNN' },
};

export interface EntityProfileInput {
  legalName: string;
  country?: string;
  entityType?: string;
  stateCode?: string;
  taxId?: string;
  taxIdType?: string;
  regime?: string;
  fiscalYearEndMonth?: number;
  /** States the entity is registered to collect sales tax in (obligation calendar). */
  salesTaxStates?: string[];
  salesTaxFrequency?: string;
  /** YYYY-MM-DD; anniversary-based filings (annual reports, statements of information) are due in its month. */
  formationDate?: string;
  /** Percent of net income for estimated-tax installments ('default': the rate of the regime); asking for estimates at all. */
  estimatedTaxRatePercent?: number | 'default' | null;
  /** One of INDUSTRIES; null clears it on an update. */
  industry?: string | null;
}

export interface EntityProfile {
  legalName: string;
  country: string;
  baseCurrency: string;
  entityType: EntityType;
  stateCode: string | null;
  taxId: string | null;
  taxIdType: TaxIdType | null;
  regime: Regime;
  fiscalYearEndMonth: number;
  salesTaxStates: string[];
  salesTaxFrequency: SalesTaxFrequency;
  formationDate: string | null;
  estimatedTaxRatePercent: number | null;
  industry: Industry | null;
}

const DEFAULT_REGIME: Record<EntityType, Regime> = {
  sole_prop: 'sole_proprietor',
  llc: 'sole_proprietor',
  partnership: 'partnership',
  s_corp: 's_corporation',
  c_corp: 'c_corporation',
};

export function validateEntityProfile(input: EntityProfileInput): EntityProfile {
  const legalName = input.legalName?.trim();
  if (!legalName) throw invalid('name: a legal name is required');
  if (legalName.length > 200) throw invalid('name: at most 200 characters');
  const country = (input.country ?? 'US').toUpperCase();
  if (country !== 'US') throw invalid(`country: only US is supported so far (got ${input.country})`);
  const entityType = (input.entityType ?? 'llc') as EntityType;
  if (!ENTITY_TYPES.includes(entityType)) throw invalid(`entity-type: must be one of ${ENTITY_TYPES.join(', ')}`);
  let stateCode: string | null = null;
  if (input.stateCode !== undefined) {
    stateCode = input.stateCode.toUpperCase();
    if (!US_STATE_CODES.has(stateCode)) throw invalid(`state: ${input.stateCode} is not a US state or territory code`);
  }
  const regime = (input.regime ?? DEFAULT_REGIME[entityType]) as Regime;
  if (!REGIMES.includes(regime)) throw invalid(`regime: must be one of ${REGIMES.join(', ')}`);
  if (!REGIMES_BY_ENTITY_TYPE[entityType].includes(regime)) {
    throw invalid(
      `regime: a ${entityType} can be taxed as ${REGIMES_BY_ENTITY_TYPE[entityType].join(' or ')}, not ${regime}`,
    );
  }
  let taxId: string | null = null;
  let taxIdType: TaxIdType | null = null;
  if (input.taxId !== undefined) {
    taxIdType = (input.taxIdType ?? (entityType === 'sole_prop' ? 'ssn' : 'ein')) as TaxIdType;
    if (!TAX_ID_TYPES.includes(taxIdType)) throw invalid(`tax-id-type: must be one of ${TAX_ID_TYPES.join(', ')}`);
    const { pattern, shape } = TAX_ID_PATTERNS[taxIdType];
    // The reason never repeats the tax id itself: it could end up in logs.
    if (!pattern.test(input.taxId.trim())) throw invalid(`tax-id: an ${taxIdType} has the shape ${shape}`);
    taxId = input.taxId.replace(/-/g, '').trim();
  } else if (input.taxIdType !== undefined) {
    throw invalid('tax-id-type: given without --tax-id');
  }
  const fiscalYearEndMonth = input.fiscalYearEndMonth ?? 12;
  if (!Number.isInteger(fiscalYearEndMonth) || fiscalYearEndMonth < 1 || fiscalYearEndMonth > 12) {
    throw invalid('fiscal-year-end: a month number from 1 to 12');
  }
  const industry = (input.industry ?? null) as Industry | null;
  if (industry !== null && !INDUSTRIES.includes(industry))
    throw invalid(`industry: must be one of ${INDUSTRIES.join(', ')}`);
  return {
    legalName,
    country,
    baseCurrency: 'USD',
    entityType,
    stateCode,
    taxId,
    taxIdType,
    regime,
    fiscalYearEndMonth,
    industry,
    ...validateComplianceOptions(input, regime),
  };
}

function validateComplianceOptions(
  input: EntityProfileInput,
  regime: Regime,
): Pick<EntityProfile, 'salesTaxStates' | 'salesTaxFrequency' | 'formationDate' | 'estimatedTaxRatePercent'> {
  const salesTaxStates = [
    ...new Set((input.salesTaxStates ?? []).map((code) => code.trim().toUpperCase()).filter(Boolean)),
  ].sort();
  for (const code of salesTaxStates) {
    if (!US_STATE_CODES.has(code)) throw invalid(`sales-tax-states: ${code} is not a US state or territory code`);
    if (STATES_WITHOUT_SALES_TAX.has(code)) throw invalid(`sales-tax-states: ${code} has no statewide sales tax`);
  }
  const salesTaxFrequency = (input.salesTaxFrequency ?? 'quarterly') as SalesTaxFrequency;
  if (!SALES_TAX_FREQUENCIES.includes(salesTaxFrequency))
    throw invalid(`sales-tax-frequency: must be one of ${SALES_TAX_FREQUENCIES.join(', ')}`);
  const formationDate = input.formationDate ?? null;
  if (formationDate !== null && !isAcceptedDate(formationDate)) throw invalid(`formed-on: ${ACCEPTED_DATE_REASON}`);
  const rate =
    input.estimatedTaxRatePercent === 'default'
      ? DEFAULT_ESTIMATED_TAX_RATE_PERCENT[regime]
      : (input.estimatedTaxRatePercent ?? null);
  if (rate !== null && !(Number.isFinite(rate) && rate > 0 && rate <= 60))
    throw invalid('estimate-taxes: a rate in percent, above 0 and at most 60');
  return { salesTaxStates, salesTaxFrequency, formationDate, estimatedTaxRatePercent: rate };
}

/** Only the last four characters of a tax id ever leave the service. */
export function maskTaxId(taxId: string | null): string | null {
  if (!taxId) return null;
  return '*'.repeat(Math.max(0, taxId.length - 4)) + taxId.slice(-4);
}
