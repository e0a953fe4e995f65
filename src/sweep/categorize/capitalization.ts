import { accountForRole } from '../../chart/us-chart.ts';
import { cleanDescriptor } from '../../descriptor/descriptor.ts';
import { isCardLine } from './priors.ts';
import { lookupDirectory } from './directory/lookup.ts';
import type { CategorizationInput, CategoryTarget } from './types.ts';
import type { Industry } from '../../tenancy/entity-profile.ts';

/**
 * The IRS de minimis safe harbor (Treas. Reg. § 1.263(a)-1(f)): a business without audited statements may expense
 * tangible property costing up to $2,500 per item or invoice; above it, a computer, a camera or a piece of furniture is
 * equipment to capitalize and depreciate (the chart's 1500, "capitalized"), not an office expense. A row the shipped
 * knowledge files as an office purchase above that amount, or as supplies or repairs from a seller of equipment, is
 * offered as equipment, for review: the invoice may hold several cheaper items, which the owner knows and the bank line
 * does not.
 */
export const DE_MINIMIS_SAFE_HARBOR_MINOR = 250_000;
/**
 * A seller whose name says it sells equipment, tools, machines, furniture, cameras or instruments ("PRIMA COFFEE
 * EQUIPME", "ACME TOOLS", "B&H PHOTO", "GUITAR CENTER"): above the safe harbor its sale is as likely a machine as a supply.
 */
const EQUIPMENT_SELLER =
  /\b(EQUIP\w*|MACHINERY|MACHINES|MACHINE|TOOLS|APPLIANCES?|FURNITURE|CAMERAS?|PHOTO|VIDEO|AUDIO|SOUND|MUSIC|GUITARS?|INSTRUMENTS?|TRAILERS?)\b/;

/**
 * The safe harbor lets a business expense an item up to $2,500 but does not oblige it: many keep a lower capitalization
 * policy, and a single purchase above $1,000 from an office or electronics seller is most often one computer, camera or
 * instrument, which their bookkeepers capitalize (14 of 21 such office answers on the written read sets were equipment, 1
 * an office expense). Shipped knowledge's office answer above it is offered as equipment, for the owner's word.
 */
export const OFFICE_CAPITALIZATION_MINOR = 100_000;

/**
 * What the safe harbor makes of shipped knowledge's answer for a purchase: `equipment` to offer instead (an office
 * purchase or an equipment seller's supplies above $1,000, a supplier's sale above $2,500), or nothing. A camera, music
 * or tool seller's single sale above $1,000 is one camera, instrument or machine as an office seller's is one computer
 * (13 of 18 such answers on the written read sets were equipment, 5 supplies), not stock bought in bulk.
 *
 * Supplies are what a business uses up: one card sale above the safe harbor at a shop the knowledge files as a supplier
 * is most often one machine or piece of furniture (a range from a restaurant supplier, a drone, a rack of weights: 11 of
 * 12 such sales on the written read sets were equipment). Paid by ACH or bill pay, the same amount settles a supplier's
 * statement of many small items, and stays where the knowledge filed it. A seller of equipment, machinery or trailers whose
 * sale above the safe harbor the priors could only guess stock for (cost of goods) is offered as equipment too, and so is
 * any card sale above it that nothing knew and the priors guessed stock for: one card purchase of more than $2,500 from a
 * shop nobody lists, at a counter or a phone, was equipment for 14 of the 27 such lines of the written read sets, cost of
 * goods for 7.
 */
export function capitalization(row: CategorizationInput, target: CategoryTarget, guessed = false): 'equipment' | null {
  if (row.direction !== 'out' || row.currency !== 'USD') return null;
  const office = target === accountForRole('office');
  const supplies = target === accountForRole('supplies');
  const amountMinor = Math.abs(row.amountMinor);
  const upper = row.description.toUpperCase();
  if ((office || (supplies && EQUIPMENT_SELLER.test(upper))) && amountMinor > OFFICE_CAPITALIZATION_MINOR)
    return 'equipment';
  const equipmentLike =
    ((supplies || target === accountForRole('repairs') || target === accountForRole('cost_of_goods')) &&
      EQUIPMENT_SELLER.test(upper)) ||
    ((supplies || (guessed && target === accountForRole('cost_of_goods'))) &&
      isCardLine(row, row.descriptor ?? cleanDescriptor(row.description, row.merchant)));
  return equipmentLike && amountMinor > DE_MINIMIS_SAFE_HARBOR_MINOR ? 'equipment' : null;
}

/**
 * Supplies are what a business uses up a little at a time. One purchase of $1,000 or more that shipped knowledge filed as
 * supplies (a home center, a warehouse club, a supply house) is most often stock or a job's materials bought in bulk: on
 * the written read sets 47 of 80 such answers were cost of goods, 20 supplies and 13 equipment (which the safe harbor
 * above offers where it can). Offered as cost of goods, for review, unless the stated trade neither sells goods nor
 * builds (an office's, a clinic's or a salon's large order is still its supplies), or the seller is a medical or dental
 * supply house, whose customers are practices that use up what they buy (such houses' large orders were supplies on 13
 * of the 18 such read lines, cost of goods on 5).
 */
const SUPPLIERS_OF_PRACTICES: ReadonlySet<string> = new Set(['medical_supply']);
export const BULK_PURCHASE_MINOR = 100_000;
const SELLS_GOODS_OR_BUILDS: ReadonlySet<Industry> = new Set([
  'construction',
  'food_service',
  'retail',
  'manufacturing',
  'automotive',
]);

export function boughtInBulk(row: CategorizationInput, target: CategoryTarget): boolean {
  if (row.direction !== 'out' || row.currency !== 'USD' || target !== accountForRole('supplies')) return false;
  if (row.industry && !SELLS_GOODS_OR_BUILDS.has(row.industry)) return false;
  if (Math.abs(row.amountMinor) < BULK_PURCHASE_MINOR) return false;
  const seller = lookupDirectory(row.descriptor ?? cleanDescriptor(row.description, row.merchant), row.direction);
  return !(seller && SUPPLIERS_OF_PRACTICES.has(seller.category));
}
