import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { brandsCsv } from '../../../../scripts/build-directory.ts';
import { accountForRole, isChartRole } from '../../../chart/us-chart.ts';
import { applyCurve, SHIPPED_CURVES } from '../calibration.ts';
import { cleanDescriptor } from '../../../descriptor/descriptor.ts';
import { BRAND_CONFIDENCE, directoryEntries, lookupDirectory } from './lookup.ts';

const BRANDS_FILE = new URL('./brands.csv', import.meta.url);
const OSM_ROLES_FILE = new URL('./osm-roles.csv', import.meta.url);
const lookup = (descriptor: string) => lookupDirectory(cleanDescriptor(descriptor), 'out');

test('brands.csv is what the name-suggestion-index package gives: regenerating it changes nothing', () => {
  assert.equal(readFileSync(BRANDS_FILE, 'utf8'), brandsCsv(), 'run `npm run build:directory` and commit brands.csv');
});

test("every OpenStreetMap tag maps to a chart role with its reason, and every brand books to its tag's role", () => {
  const roles = parse(readFileSync(OSM_ROLES_FILE), { columns: true, trim: true }) as Array<Record<string, string>>;
  const byTag = new Map(roles.map((row) => [`${row.key}=${row.value}`, row.brand_role || row.role]));
  for (const row of roles) {
    assert.ok(isChartRole(row.role), `${row.key}=${row.value}: ${row.role}`);
    if (row.brand_role) assert.ok(isChartRole(row.brand_role), `${row.key}=${row.value}: ${row.brand_role}`);
    assert.ok(row.reason.length > 10, `${row.key}=${row.value} says why`);
  }
  const brands = parse(readFileSync(BRANDS_FILE), { columns: true, trim: true }) as Array<Record<string, string>>;
  assert.ok(brands.length > 1000, `${brands.length} brands`);
  for (const brand of brands) {
    assert.equal(brand.role, byTag.get(brand.tag), brand.name);
    // The loader indexes the aliases as written: each must be its own cleaned form.
    for (const alias of brand.aliases.split('|')) assert.equal(cleanDescriptor(alias).cleaned, alias, brand.name);
  }
});

test('a brand adds only names nobody listed by hand, below the sure band, and its role books to the chart', () => {
  const fromBrands = directoryEntries().filter((entry) => entry.source === 'name-suggestion-index');
  assert.ok(fromBrands.length > 1000);
  assert.ok(applyCurve(SHIPPED_CURVES.brand, BRAND_CONFIDENCE) < 0.85, 'a brand known only by its tag is reviewed');
  // Hand-kept entries win a shared name.
  assert.equal(lookup('QT 4143/QUIKTRIP 554CEDAR PARK TX')?.source, 'curated');
  const americinn = lookup('AMERICINN 0421 SIOUX FALLS SD');
  assert.deepEqual([americinn?.source, americinn?.target], ['name-suggestion-index', accountForRole('lodging')]);
  // After other words of a name, a brand's shared word is that name's word: "AMERICAN ALLIANCE OF MUSEU" is no tire dealer.
  assert.equal(lookup('AMERICAN ALLIANCE OF MUSEU ARLINGTON VA'), null);
  // A brand's one word that is an English word too is someone else's name behind a small seller's register.
  assert.equal(lookup('CHECKCARD 0416 SQ *DELTA HOT TAMALE INDIANOLA MS'), null);
});
