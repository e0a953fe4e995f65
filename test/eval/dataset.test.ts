import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { US_CHART } from '../../src/chart/us-chart.ts';
import { cleanDescriptor } from '../../src/descriptor/descriptor.ts';
import { lookupDirectory } from '../../src/sweep/categorize/directory/lookup.ts';
import {
  FIRST_MONTH,
  generateEvalDataset,
  loadEvalDataset,
  loadFreshHeldOutDataset,
  loadHeldOutDataset,
} from '../../eval/dataset/index.ts';
import { FRESH_HELD_OUT_PROFILES, HELD_OUT_PROFILES, PROFILES } from '../../eval/dataset/vocabulary.ts';

const rows = loadEvalDataset();
const chartAccounts = new Set(US_CHART.map((account) => account.accountNumber));

type Rows = ReturnType<typeof loadEvalDataset>;

/** Every transfer has its opposite leg on another account of the same business within 3 days. */
function assertTransfersPaired(group: Rows): void {
  const transfers = group.filter((row) => row.label === 'transfer');
  assert.ok(transfers.length >= 100);
  for (const row of transfers) {
    const partner = transfers.find(
      (other) =>
        other !== row &&
        other.profile === row.profile &&
        other.accountId !== row.accountId &&
        other.amountMinor === -row.amountMinor &&
        Math.abs(Date.parse(other.date) - Date.parse(row.date)) <= 3 * 86_400_000,
    );
    assert.ok(partner, `${row.id} ${row.description}`);
  }
}

/** A later group: about 1,400 rows per business over the same 18 months, chart labels, ids of its own prefix. */
function assertGroupShape(group: Rows, profileIds: readonly string[], idPattern: RegExp): void {
  assert.deepEqual(new Set(group.map((row) => row.profile)), new Set(profileIds));
  for (const profileId of profileIds) {
    const count = group.filter((row) => row.profile === profileId).length;
    assert.ok(count >= 1200 && count <= 1600, `${profileId}: ${count} rows`);
  }
  for (const row of group) {
    assert.ok(row.label === 'transfer' || chartAccounts.has(row.label), `${row.id}: ${row.label}`);
    assert.equal(Math.round(row.amount * 100), row.amountMinor);
    assert.ok(row.amountMinor !== 0 && Number.isInteger(row.amountMinor));
    assert.match(row.id, idPattern);
    assert.ok(row.description.length > 0);
  }
  const months = new Set(group.map((row) => row.date.slice(0, 7)));
  assert.equal(months.size, 18);
  assert.equal([...months].sort()[0], FIRST_MONTH);
}

test('the evaluation set holds at least 3,000 rows over 18 months, labelled with chart accounts or transfer', () => {
  assert.ok(rows.length >= 3000, `${rows.length} rows`);
  for (const row of rows) {
    assert.ok(row.label === 'transfer' || chartAccounts.has(row.label), `${row.id}: ${row.label}`);
    assert.equal(Math.round(row.amount * 100), row.amountMinor);
    assert.ok(row.amountMinor !== 0 && Number.isInteger(row.amountMinor));
    assert.match(row.date, /^\d{4}-\d{2}-\d{2}$/);
    assert.ok(row.description.length > 0);
  }
  const months = new Set(rows.map((row) => row.date.slice(0, 7)));
  assert.equal(months.size, 18);
  assert.equal([...months].sort()[0], FIRST_MONTH);
  assert.deepEqual(
    [...rows].sort((left, right) => left.date.localeCompare(right.date)).map((row) => row.id),
    rows.map((row) => row.id),
    'rows come in date order',
  );
});

test('it is deterministic: the same rows on every generation', () => {
  assert.deepEqual(generateEvalDataset(), rows);
});

test('it spans several businesses, banks, account kinds and the kinds of rows the issue names', () => {
  assert.ok(new Set(rows.map((row) => row.profile)).size >= 4);
  assert.ok(new Set(rows.map((row) => row.bank)).size >= 9);
  assert.deepEqual(new Set(rows.map((row) => row.accountKind)), new Set(['checking', 'savings', 'credit_card']));
  const labels = new Set(rows.map((row) => row.label));
  for (const label of ['4000', '4100', '4500', '6180', '6140', '2400', '3200', '6210', '6070', 'transfer'])
    assert.ok(labels.has(label), label);
  assert.ok(rows.some((row) => row.merchant === null) && rows.some((row) => row.merchant !== null));
});

test('every transfer has its opposite leg on another account of the same business within 3 days', () => {
  assertTransfersPaired(rows);
});

test('it is kept apart from the directory: its sources never read it, and many rows are unknown to it', () => {
  const folder = new URL('../../eval/dataset/', import.meta.url);
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.ts'))) {
    const source = readFileSync(new URL(file, folder), 'utf8');
    const imports = [...source.matchAll(/(?:from|import\()\s*['"]([^'"]+)['"]/g)].map((match) => match[1]);
    assert.ok(
      imports.every((path) => path.startsWith('./')),
      `${file} imports ${imports.join(', ')}`,
    );
    assert.ok(!/merchants\.csv|readFileSync/.test(source), `${file} reads a data file`);
  }
  const unknown = rows.filter(
    (row) => !lookupDirectory(cleanDescriptor(row.description, row.merchant), row.amountMinor > 0 ? 'out' : 'in'),
  );
  assert.ok(unknown.length / rows.length >= 0.15, `${unknown.length} of ${rows.length} unknown to the directory`);
});

describe('the second-round development businesses (HELD_OUT_PROFILES)', () => {
  const second = loadHeldOutDataset();

  test('thirty-nine businesses of about 1,400 rows each over the same 18 months, labelled with chart accounts or transfer', () => {
    assert.deepEqual(
      HELD_OUT_PROFILES.map((profile) => profile.id),
      [
        'copper-comb-salon',
        'greenline-landscapes',
        'alder-spine-rehab',
        'lone-star-movers',
        'driftless-roasting',
        'saguaro-auto-repair',
        'halvorsen-okafor-law',
        'sunspire-yoga',
        'bull-city-remodeling',
        'olentangy-dental',
        'crossroads-freight',
        'millrace-brewing',
        'juniper-ridge-vet',
        'brickyard-residential',
        'bergstrom-photo',
        'birdtown-bakehouse',
        'riverbend-early-learning',
        'bonneville-tech',
        'vasquez-lindqvist-cpas',
        'beargrass-hardware',
        'bayshore-janitorial',
        'van-etten-hill-orchards',
        'desert-willow-pharmacy',
        'cedar-and-bark-dog-lodge',
        'magnolia-moss-flowers',
        'kishwaukee-precision',
        'clinch-river-insurance',
        'brush-creek-electric',
        'bywater-table-catering',
        'little-sugar-cycles',
        'air-capital-auto-sales',
        'elm-park-cleaners',
        'patapsco-executive-car',
        'treasure-valley-eyecare',
        'red-dirt-roofing',
        'rio-grande-music-school',
        'red-mountain-architects',
        'ingersoll-pepper-works',
        'long-wharf-tattoo',
      ],
    );
    assertGroupShape(
      second,
      HELD_OUT_PROFILES.map((profile) => profile.id),
      /^heldout-\d{5}$/,
    );
  });

  test('every transfer has its opposite leg on another account of the same business within 3 days', () => {
    assertTransfersPaired(second);
  });

  test('its businesses, seeds and holders are distinct from the original five and from each other', () => {
    const ids = new Set(HELD_OUT_PROFILES.map((profile) => profile.id));
    const seeds = new Set(HELD_OUT_PROFILES.map((profile) => profile.seed));
    assert.equal(ids.size, HELD_OUT_PROFILES.length);
    assert.equal(seeds.size, HELD_OUT_PROFILES.length);
    for (const profile of HELD_OUT_PROFILES) {
      assert.ok(profile.heldOut, profile.id);
      assert.ok(
        !PROFILES.some(
          (other) => other.id === profile.id || other.seed === profile.seed || other.holder === profile.holder,
        ),
        profile.id,
      );
    }
    assert.equal(new Set(second.map((row) => row.id)).size, second.length);
  });
});

describe('the fresh held-out businesses (FRESH_HELD_OUT_PROFILES)', () => {
  const fresh = loadFreshHeldOutDataset();

  test('a draw of three businesses of about 1,400 rows each over the same 18 months, labelled with chart accounts or transfer', () => {
    assert.equal(FRESH_HELD_OUT_PROFILES.length, 3);
    assertGroupShape(
      fresh,
      FRESH_HELD_OUT_PROFILES.map((profile) => profile.id),
      /^fresh-\d{5}$/,
    );
    assert.deepEqual(
      [...fresh].sort((left, right) => left.date.localeCompare(right.date)).map((row) => row.id),
      fresh.map((row) => row.id),
      'rows come in date order',
    );
  });

  test('it is deterministic: the same rows on every generation', () => {
    assert.deepEqual(generateEvalDataset(FRESH_HELD_OUT_PROFILES, 'fresh'), fresh);
  });

  test('every transfer has its opposite leg on another account of the same business within 3 days', () => {
    assertTransfersPaired(fresh);
  });

  test('its businesses, seeds and ids are distinct from the other groups, which it leaves unchanged', () => {
    const others = [...PROFILES, ...HELD_OUT_PROFILES];
    for (const profile of FRESH_HELD_OUT_PROFILES) {
      assert.ok(profile.heldOut, profile.id);
      assert.ok(
        !others.some(
          (other) => other.id === profile.id || other.seed === profile.seed || other.holder === profile.holder,
        ),
        profile.id,
      );
    }
    const otherIds = new Set([...rows, ...loadHeldOutDataset()].map((row) => row.id));
    assert.ok(fresh.every((row) => !otherIds.has(row.id)));
    assert.equal(new Set(fresh.map((row) => row.id)).size, fresh.length);
    const freshIds = new Set(FRESH_HELD_OUT_PROFILES.map((profile) => profile.id));
    assert.ok(
      rows.every((row) => !freshIds.has(row.profile)) &&
        loadHeldOutDataset().every((row) => !freshIds.has(row.profile)),
    );
    assert.deepEqual(generateEvalDataset(), rows, 'the original rows are unchanged');
  });
});
