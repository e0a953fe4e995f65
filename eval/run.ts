/**
 * `npm run eval [-- --fit]`: replays the labelled evaluation data set through the real sweep and
 * PATCH on a fresh database, one tenant per business, and prints accuracy, the auto-approved share
 * and its precision, a calibration table with ECE, and accuracy while learning (replay in date order,
 * correcting every wrong row through PATCH as a user would). `--fit` also refits the calibration
 * curves on one half of the rows (chosen by a hash of the row id) and writes them to
 * src/sweep/categorize/calibration-curves.json; ECE is then also shown on the other, held-out half.
 * Fitting first replays every business in the other industry configuration too (samples only), so
 * the curves hold whether or not an owner stated the industry.
 * Each business's entity states its industry, as its owner would at onboarding (`--no-industry`
 * leaves it unstated); `--misses [N]` prints the N most common cold-start misses (`--misses-only a,b`
 * keeps those of the named businesses).
 * The second-round businesses (eval/dataset/vocabulary.ts HELD_OUT_PROFILES, written without seeing
 * the categorizer's rules, then examined and tuned against once their first figures were in) are
 * replayed too and reported in their own block, outside the overall figures; `--fit` takes no
 * samples from them (fitting on them made the curves worse for owners who state no industry);
 * `--misses-heldout [N]` lists their misses.
 * The first nine draws of fresh businesses joined that group once their misses were read.
 * The fresh held-out businesses (FRESH_HELD_OUT_PROFILES, the latest draw of three written blind after
 * all the others had become development data) get a block of their own too, each business with its
 * auto-approved rows and how many are right, are never fitted on either, and `--misses-fresh [N]`
 * lists their misses (reading them makes the draw development data).
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createHarness, type Harness, type TestTenant } from '../test/support/harness.ts';
import { loadEvalDataset, loadFreshHeldOutDataset, loadHeldOutDataset, type EvalRow } from './dataset/index.ts';
import { FRESH_HELD_OUT_PROFILES, HELD_OUT_PROFILES, PROFILES } from './dataset/vocabulary.ts';
import { sweepOnce } from '../src/sweep/sweep.ts';
import { serviceTiers } from '../src/sweep/categorize/tiers.ts';
import {
  CALIBRATION_FILE,
  SHIPPED_CURVES,
  calibrationTable,
  expectedCalibrationError,
  fitIsotonic,
  type CalibrationCurves,
  type CalibrationKey,
  type Sample,
} from '../src/sweep/categorize/calibration.ts';
import { choose, type Candidate, type EngineRow } from '../src/sweep/categorize/engine.ts';
import { cleanDescriptor } from '../src/descriptor/descriptor.ts';
import type { Industry } from '../src/tenancy/entity-profile.ts';
import { updateEntityProfile } from '../src/tenancy/tenants.ts';
import { evaluateGeneratedSet, printGeneratedReport } from './descriptors/evaluate.ts';
import { printWrittenSets, writtenDevelopmentSamples } from './descriptors/written.ts';

const fit = process.argv.includes('--fit');
/**
 * `--fit-generated`: refit the curves of the tiers that read names, words and codes (keyword, preset, mcc, brand) on the
 * fitting half of the generated test set, rows no rule was written from; the other curves stay as shipped.
 */
const fitGenerated = process.argv.includes('--fit-generated');
/** The tiers whose curves the generated set fits: their answers come from names, words and codes, which it holds out. */
const GENERATED_FIT_KEYS: readonly CalibrationKey[] = ['keyword', 'preset', 'cut-word', 'cut-name', 'mcc', 'brand'];
/** `--no-industry`: leave the entities' industry unstated, as for an owner who skipped the question at onboarding. */
const statesIndustry = !process.argv.includes('--no-industry');
/**
 * `--fit-written`: refit the curves of the built-in rules and the directory on the written development sets (lines written
 * by others in the shapes US banks print, cold, no industry; the held-out sets stay out); the other curves stay as shipped.
 */
const fitWritten = process.argv.includes('--fit-written');
/** The tiers whose curves the written development sets fit: most of their lines are decided by these two. */
const WRITTEN_FIT_KEYS: readonly CalibrationKey[] = ['regex', 'directory'];
const missesFlag = process.argv.indexOf('--misses');
/** `--misses [N]`: also print the N most common cold-start misses (default 40). */
const missCount = missesFlag < 0 ? 0 : Number(process.argv[missesFlag + 1]) || 40;
const heldOutMissesFlag = process.argv.indexOf('--misses-heldout');
/** `--misses-heldout [N]`: the same list for the held-out businesses. */
const heldOutMissCount = heldOutMissesFlag < 0 ? 0 : Number(process.argv[heldOutMissesFlag + 1]) || 40;
const freshMissesFlag = process.argv.indexOf('--misses-fresh');
/** `--misses-fresh [N]`: the same list for the fresh held-out businesses. */
const freshMissCount = freshMissesFlag < 0 ? 0 : Number(process.argv[freshMissesFlag + 1]) || 40;
const onlyFlag = process.argv.indexOf('--misses-only');
/** `--misses-only a,b`: list misses of these businesses only (by id). */
const missesOnly = onlyFlag < 0 ? null : new Set(process.argv[onlyFlag + 1].split(','));
if (fitGenerated) {
  // Fits and reports the generated set only: the development replay neither gives these curves samples nor needs to run.
  const { samples: generatedSamples } = await evaluateGeneratedSet(0.85);
  const curves: CalibrationCurves = { ...SHIPPED_CURVES };
  for (const key of GENERATED_FIT_KEYS)
    if (generatedSamples.get(key)?.length) curves[key] = fitIsotonic(generatedSamples.get(key)!);
  writeFileSync(CALIBRATION_FILE, `${JSON.stringify(curves, null, 1)}\n`);
  console.log(
    `calibration curves ${GENERATED_FIT_KEYS.join(', ')} refitted on the generated set's fitting half (${GENERATED_FIT_KEYS.map((key) => `${key} ${generatedSamples.get(key)?.length ?? 0}`).join(', ')} answers); written.`,
  );
  printGeneratedReport((await evaluateGeneratedSet(0.85, curves)).outcomes);
  process.exit(0);
}
if (fitWritten) {
  const writtenSamples = await writtenDevelopmentSamples(0.85, WRITTEN_FIT_KEYS);
  const curves: CalibrationCurves = { ...SHIPPED_CURVES };
  for (const key of WRITTEN_FIT_KEYS)
    if (writtenSamples.get(key)?.length) curves[key] = fitIsotonic(writtenSamples.get(key)!);
  writeFileSync(CALIBRATION_FILE, `${JSON.stringify(curves, null, 1)}\n`);
  console.log(
    `calibration curves ${WRITTEN_FIT_KEYS.join(', ')} refitted on the written development sets (${WRITTEN_FIT_KEYS.map((key) => `${key} ${writtenSamples.get(key)?.length ?? 0}`).join(', ')} answers); written.`,
  );
  await printWrittenSets(0.85, curves);
  process.exit(0);
}
const rows = loadEvalDataset();
/** The second-round businesses: written blind, since used for tuning (not fitting); reported apart. */
const heldOutRows = loadHeldOutDataset();
const heldOutBusinesses = new Set(heldOutRows.map((row) => row.profile));
/** The fresh held-out businesses (written blind after the held-out ones became development data): reported apart, never fitted on. */
const freshRows = loadFreshHeldOutDataset();
const freshBusinesses = new Set(freshRows.map((row) => row.profile));
const heldOut = (id: string) => createHash('sha256').update(id).digest()[0] % 2 === 1;

interface Outcome {
  row: EvalRow;
  target: string | null;
  confidence: number | null;
  source: string | null;
  needsReview: boolean;
  decidedBy: string;
}
const samples = new Map<CalibrationKey, Sample[]>();
const evalIdByTransaction = new Map<string, EvalRow>();

/** What decided each row (rule, keyword, directory entry…), for the list of misses. */
const decidedBy = new Map<string, string>();

function observe(engineRow: EngineRow, candidates: readonly Candidate[]): void {
  const chosen = choose(candidates, harnessThreshold);
  if (chosen) decidedBy.set(engineRow.transactionId, chosen.detail);
  const row = evalIdByTransaction.get(engineRow.transactionId);
  if (!row || heldOut(row.id) || heldOutBusinesses.has(row.profile) || freshBusinesses.has(row.profile)) return;
  for (const candidate of candidates) {
    if (!candidate.calibrationKey) continue;
    const list = samples.get(candidate.calibrationKey) ?? [];
    list.push({ score: candidate.rawScore, correct: candidate.target === row.label });
    samples.set(candidate.calibrationKey, list);
  }
}

let harnessThreshold = 0.8;

async function sweepAll(harness: Harness): Promise<void> {
  harnessThreshold = harness.config.reviewThreshold;
  const tiers = { ...serviceTiers(), observe };
  while (
    (await sweepOnce(harness.handle, {
      batchSize: harness.config.sweepBatchSize,
      reviewThreshold: harness.config.reviewThreshold,
      tiers,
    })) > 0
  );
}

/** What each business's owner answers at onboarding when asked for the line of business. */
const INDUSTRY_BY_PROFILE: Record<string, Industry> = {
  'northwind-design': 'professional_services',
  'rosas-tacos': 'food_service',
  'bright-path-consulting': 'professional_services',
  'tidewater-goods': 'retail',
  'summit-plumbing': 'construction',
  'copper-comb-salon': 'personal_services',
  'greenline-landscapes': 'other',
  'alder-spine-rehab': 'healthcare',
  'lone-star-movers': 'transportation',
  'driftless-roasting': 'manufacturing',
  'olentangy-dental': 'healthcare',
  'crossroads-freight': 'transportation',
  'millrace-brewing': 'manufacturing',
  'juniper-ridge-vet': 'healthcare',
  'brickyard-residential': 'professional_services',
  'bergstrom-photo': 'professional_services',
  // Written when the list had no automotive choice, so its helper picked 'other'; its owner would pick this.
  'saguaro-auto-repair': 'automotive',
  'halvorsen-okafor-law': 'professional_services',
  'sunspire-yoga': 'personal_services',
  'bull-city-remodeling': 'construction',
  'birdtown-bakehouse': 'food_service',
  'riverbend-early-learning': 'other',
  'bonneville-tech': 'professional_services',
  'vasquez-lindqvist-cpas': 'professional_services',
  'beargrass-hardware': 'retail',
  'bayshore-janitorial': 'other',
  'van-etten-hill-orchards': 'other',
  'desert-willow-pharmacy': 'healthcare',
  'cedar-and-bark-dog-lodge': 'personal_services',
  'magnolia-moss-flowers': 'retail',
  'kishwaukee-precision': 'manufacturing',
  'clinch-river-insurance': 'professional_services',
  'brush-creek-electric': 'construction',
  'bywater-table-catering': 'food_service',
  'little-sugar-cycles': 'retail',
  'air-capital-auto-sales': 'automotive',
  'elm-park-cleaners': 'personal_services',
  'patapsco-executive-car': 'transportation',
  'treasure-valley-eyecare': 'healthcare',
  'red-dirt-roofing': 'construction',
  'rio-grande-music-school': 'other',
  'red-mountain-architects': 'professional_services',
  'ingersoll-pepper-works': 'manufacturing',
  'long-wharf-tattoo': 'personal_services',
  'kettle-river-brewpub': 'food_service',
  'prairie-wind-hvac': 'construction',
  'harborlight-dental-lab': 'manufacturing',
};

async function setUpTenant(
  harness: Harness,
  profile: string,
  profileRows: EvalRow[],
  withIndustry: boolean,
): Promise<TestTenant> {
  // The owner registers the business under its legal name, which banks print on ACH lines.
  const legalName =
    [...PROFILES, ...HELD_OUT_PROFILES, ...FRESH_HELD_OUT_PROFILES].find((candidate) => candidate.id === profile)
      ?.holder ?? `${profile} (eval)`;
  const tenant = await harness.newTenant(legalName);
  if (withIndustry) {
    const industry = INDUSTRY_BY_PROFILE[profile];
    if (!industry) throw new Error(`no industry stated for business ${profile}`);
    await updateEntityProfile(harness.handle, tenant.tenantId, tenant.entityId, { industry });
  }
  const accounts = new Map(profileRows.map((row) => [row.accountId, row]));
  for (const [accountId, row] of accounts) {
    const response = await tenant.call('POST', '/v1/bank-accounts', {
      institutionName: row.bank.replace(/-/g, ' ').toUpperCase(),
      accounts: [{ externalId: accountId, name: accountId, kind: row.accountKind, currency: 'USD' }],
    });
    if (response.statusCode !== 200) throw new Error(response.body);
  }
  return tenant;
}

async function pushRows(tenant: TestTenant, batch: EvalRow[]): Promise<void> {
  const byInstitution = new Map<string, EvalRow[]>();
  for (const row of batch) byInstitution.set(row.bank, [...(byInstitution.get(row.bank) ?? []), row]);
  for (const [bank, list] of byInstitution) {
    for (let index = 0; index < list.length; index += 1000) {
      const response = await tenant.call('POST', '/v1/transactions', {
        institutionName: bank.replace(/-/g, ' ').toUpperCase(),
        transactions: list.slice(index, index + 1000).map((row) => ({
          accountExternalId: row.accountId,
          id: row.id,
          date: row.date,
          amount: row.amount,
          description: row.description,
          merchant: row.merchant,
        })),
      });
      if (response.statusCode !== 200) throw new Error(response.body);
    }
  }
}

async function stored(
  harness: Harness,
  tenant: TestTenant,
  batch: EvalRow[],
): Promise<
  Map<
    string,
    { id: string; target: string | null; confidence: number | null; source: string | null; needsReview: boolean }
  >
> {
  const found = new Map<
    string,
    { id: string; target: string | null; confidence: number | null; source: string | null; needsReview: boolean }
  >();
  for (let index = 0; index < batch.length; index += 500) {
    const list = await harness.handle.db
      .selectFrom('transactions')
      .select(['id', 'external_id', 'category_target', 'category_confidence', 'category_source', 'needs_review'])
      .where('tenant_id', '=', tenant.tenantId)
      .where(
        'external_id',
        'in',
        batch.slice(index, index + 500).map((row) => `id:${row.id}`),
      )
      .execute();
    for (const row of list)
      found.set(row.external_id.slice('id:'.length), {
        id: row.id,
        target: row.category_target,
        confidence: row.category_confidence,
        source: row.category_source,
        needsReview: row.needs_review === 1,
      });
  }
  return found;
}

async function registerIds(harness: Harness, tenant: TestTenant, batch: EvalRow[]): Promise<void> {
  for (const [externalId, row] of await stored(harness, tenant, batch))
    evalIdByTransaction.set(row.id, batch.find((candidate) => candidate.id === externalId)!);
}

const profiles = [...new Set(rows.map((row) => row.profile))];
const heldOutProfiles = [...heldOutBusinesses];
const freshProfiles = [...freshBusinesses];
const harness = await createHarness();
const coldOutcomes: Outcome[] = [];
const learning = { right: 0, total: 0 };
const heldOutColdOutcomes: Outcome[] = [];
const heldOutLearning = { right: 0, total: 0 };
const freshColdOutcomes: Outcome[] = [];
const freshLearning = { right: 0, total: 0 };
/** One pass over every business; `report` false only collects calibration samples. */
async function runPass(withIndustry: boolean, report: boolean): Promise<void> {
  // The second-round and fresh businesses only run when reporting: they give fitting nothing (observe skips them).
  for (const profile of report ? [...profiles, ...heldOutProfiles, ...freshProfiles] : profiles) {
    const isHeldOut = heldOutBusinesses.has(profile);
    const isFresh = freshBusinesses.has(profile);
    const profileRows = (isFresh ? freshRows : isHeldOut ? heldOutRows : rows).filter((row) => row.profile === profile);
    const outcomes = isFresh ? freshColdOutcomes : isHeldOut ? heldOutColdOutcomes : coldOutcomes;
    const tally = isFresh ? freshLearning : isHeldOut ? heldOutLearning : learning;
    // Cold start: a new tenant, every row at once.
    const cold = await setUpTenant(harness, profile, profileRows, withIndustry);
    await pushRows(cold, profileRows);
    await registerIds(harness, cold, profileRows);
    await sweepAll(harness);
    const results = await stored(harness, cold, profileRows);
    for (const row of profileRows) {
      const result = results.get(row.id)!;
      if (report)
        outcomes.push({
          row,
          target: result.target,
          confidence: result.confidence,
          source: result.source,
          needsReview: result.needsReview,
          decidedBy: decidedBy.get(result.id) ?? '',
        });
    }
    // Learning: another new tenant, a week at a time in date order, every wrong row corrected.
    const learner = await setUpTenant(harness, profile, profileRows, withIndustry);
    for (let start = 0; start < profileRows.length; ) {
      const weekEnd = addDaysIso(profileRows[start].date, 7);
      let end = start;
      while (end < profileRows.length && profileRows[end].date < weekEnd) end++;
      const week = profileRows.slice(start, end);
      await pushRows(learner, week);
      await registerIds(harness, learner, week);
      await sweepAll(harness);
      for (const row of week) {
        const [current] = [...(await stored(harness, learner, [row])).values()];
        const wasRight = current.target === row.label;
        if (report) {
          tally.total++;
          if (wasRight) tally.right++;
        }
        if (wasRight) continue;
        const response = await learner.call('PATCH', `/v1/transactions/${current.id}`, { category: row.label });
        if (response.statusCode !== 200) throw new Error(response.body);
      }
      start = end;
    }
    process.stderr.write(
      `# ${profile}${isFresh ? ' (fresh held out)' : isHeldOut ? ' (held out)' : ''}: ${profileRows.length} rows${withIndustry ? '' : ', industry not stated'}${report ? '' : ' (calibration samples only)'}\n`,
    );
  }
}

try {
  // The shipped curves must hold for owners who state their industry and for those who skip the
  // question, so fitting also learns from a pass in the other configuration.
  if (fit) await runPass(!statesIndustry, false);
  await runPass(statesIndustry, true);
} finally {
  await harness.close();
}

function addDaysIso(date: string, days: number): string {
  return new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);
}

const pct = (value: number) => `${(100 * value).toFixed(1)}%`;
const right = (outcome: Outcome) => outcome.target === outcome.row.label;
const count = coldOutcomes.length;
console.log(`Evaluation: ${count} labelled rows, ${profiles.length} businesses, each a new tenant (cold start)`);
console.log(`top-1 accuracy overall: ${pct(coldOutcomes.filter(right).length / count)}   (target >= 85%)`);
const bySource = new Map<string, Outcome[]>();
for (const outcome of coldOutcomes)
  bySource.set(outcome.source ?? 'catch-all', [...(bySource.get(outcome.source ?? 'catch-all') ?? []), outcome]);
for (const [source, list] of [...bySource].sort((a, b) => b[1].length - a[1].length)) {
  console.log(
    `  ${source.padEnd(12)} rows ${String(list.length).padStart(5)} (${pct(list.length / count).padStart(6)})  accuracy ${pct(list.filter(right).length / list.length)}`,
  );
}
console.log('what each source of knowledge decided: rows, top-1 accuracy, auto-approved rows and their precision');
printKnowledgeSources(coldOutcomes, '  ');
const approved = coldOutcomes.filter((outcome) => !outcome.needsReview);
console.log(`auto-approved share: ${pct(approved.length / count)}   (target >= 60%)`);
console.log(
  `precision among auto-approved: ${pct(approved.filter(right).length / Math.max(1, approved.length))}   (target >= 97%)`,
);
console.log('review threshold -> auto-approved share, precision (what a tenant setting would give):');
printThresholds(coldOutcomes, '  ');

/** The knowledge behind a decision, read from what decided it (engine candidate details). */
function knowledgeSource(outcome: Outcome): string {
  const detail = outcome.decidedBy;
  if (!outcome.source) return 'catch-all';
  if (detail.includes('(processor-kind-')) return 'processor kind';
  for (const [prefix, name] of [
    ['built-in rule', 'built-in rules'],
    ['keyword', 'keywords'],
    ['directory', 'directory (curated)'],
    ['brand', 'brands (name-suggestion-index)'],
    ['tenant rule', 'tenant rules'],
    ['merchant', 'memory'],
    ['rag', 'rag'],
  ] as const) {
    if (detail.startsWith(prefix)) return name;
  }
  return outcome.source === 'regex' ? 'transfer pairing' : outcome.source;
}

function printKnowledgeSources(outcomes: Outcome[], indent: string): void {
  const bySource = new Map<string, Outcome[]>();
  for (const outcome of outcomes)
    bySource.set(knowledgeSource(outcome), [...(bySource.get(knowledgeSource(outcome)) ?? []), outcome]);
  for (const [source, list] of [...bySource].sort((a, b) => b[1].length - a[1].length)) {
    const approved = list.filter((outcome) => !outcome.needsReview);
    console.log(
      `${indent}${source.padEnd(31)} rows ${String(list.length).padStart(5)}  accuracy ${pct(list.filter(right).length / list.length).padStart(6)}  auto-approved ${String(approved.length).padStart(5)}  precision ${pct(approved.filter(right).length / Math.max(1, approved.length)).padStart(6)}`,
    );
  }
}

function printThresholds(outcomes: Outcome[], indent: string): void {
  for (const threshold of [0.7, 0.8, 0.85, 0.9, 0.95]) {
    const passing = outcomes.filter(
      (outcome) =>
        outcome.confidence !== null &&
        outcome.confidence >= threshold &&
        outcome.target !== '6999' &&
        outcome.target !== '4999',
    );
    console.log(
      `${indent}${threshold.toFixed(2)}  share ${pct(passing.length / outcomes.length).padStart(6)}  precision ${pct(passing.filter(right).length / Math.max(1, passing.length))}`,
    );
  }
}
const predictions = (list: Outcome[]) =>
  list
    .filter((outcome) => outcome.confidence !== null)
    .map((outcome) => ({ confidence: outcome.confidence!, correct: right(outcome) }));
console.log('calibration (rows a tier decided): confidence bucket -> observed accuracy, mean confidence, rows');
for (const bucket of calibrationTable(predictions(coldOutcomes))) {
  console.log(
    `  ${bucket.from.toFixed(1)}-${bucket.to.toFixed(1)}  accuracy ${pct(bucket.accuracy).padStart(6)}  mean confidence ${bucket.meanConfidence.toFixed(3)}  rows ${bucket.count}`,
  );
}
console.log(`ECE (all rows): ${expectedCalibrationError(predictions(coldOutcomes)).toFixed(4)}   (target <= 0.05)`);
console.log(
  `ECE (held-out half, not used for fitting): ${expectedCalibrationError(predictions(coldOutcomes.filter((outcome) => heldOut(outcome.row.id)))).toFixed(4)}`,
);
console.log(
  `after learning: ${pct(learning.right / learning.total)} of ${learning.total} rows right before correction   (target >= 95%)`,
);

/** A block of its own for a group of businesses kept out of the figures above. */
function printGroup(
  outcomes: Outcome[],
  groupProfiles: string[],
  tally: { right: number; total: number },
  title: string,
): void {
  if (outcomes.length === 0) return;
  const groupCount = outcomes.length;
  const groupApproved = outcomes.filter((outcome) => !outcome.needsReview);
  console.log(
    `${title}: ${groupCount} rows, ${groupProfiles.length} businesses (${groupProfiles.join(', ')}); not in the figures above, never used for fitting`,
  );
  console.log(`  top-1 accuracy: ${pct(outcomes.filter(right).length / groupCount)}`);
  for (const profile of groupProfiles) {
    const list = outcomes.filter((outcome) => outcome.row.profile === profile);
    const approved = list.filter((outcome) => !outcome.needsReview);
    console.log(
      `    ${profile.padEnd(24)} rows ${String(list.length).padStart(5)}  accuracy ${pct(list.filter(right).length / list.length)}  auto-approved ${String(approved.length).padStart(5)}  of them right ${String(approved.filter(right).length).padStart(5)}`,
    );
  }
  printKnowledgeSources(outcomes, '  ');
  console.log(`  auto-approved share: ${pct(groupApproved.length / groupCount)}`);
  console.log(
    `  precision among auto-approved: ${pct(groupApproved.filter(right).length / Math.max(1, groupApproved.length))}`,
  );
  console.log('  review threshold -> auto-approved share, precision:');
  printThresholds(outcomes, '    ');
  console.log(`  ECE: ${expectedCalibrationError(predictions(outcomes)).toFixed(4)}`);
  console.log(
    `  after learning: ${pct(tally.right / Math.max(1, tally.total))} of ${tally.total} rows right before correction`,
  );
}

printGroup(
  heldOutColdOutcomes,
  heldOutProfiles,
  heldOutLearning,
  'development businesses (written blind: the second round and the first nine fresh draws; since examined and tuned against: in-sample)',
);
printGroup(
  freshColdOutcomes,
  freshProfiles,
  freshLearning,
  'fresh held-out businesses (written blind, never read or fitted; how clean each draw is: docs/categorization-data.md)',
);

function printMisses(outcomes: Outcome[], limit: number, title: string): void {
  // Grouped by what a fix would act on: the tier, what it said, what was right, and the cleaned text.
  const misses = new Map<string, { count: number; approved: number; example: string }>();
  for (const outcome of outcomes) {
    if (right(outcome) || (missesOnly && !missesOnly.has(outcome.row.profile))) continue;
    const key = [
      outcome.source ?? 'catch-all',
      outcome.target ?? '-',
      outcome.row.label,
      cleanDescriptor(outcome.row.description).cleaned,
      `[${outcome.decidedBy}]`,
    ].join('  ');
    const entry = misses.get(key) ?? { count: 0, approved: 0, example: outcome.row.description };
    entry.count++;
    if (!outcome.needsReview) entry.approved++;
    misses.set(key, entry);
  }
  console.log(`${title} (tier  predicted  label  cleaned descriptor: rows, auto-approved; an example):`);
  for (const [key, entry] of [...misses].sort((a, b) => b[1].count - a[1].count).slice(0, limit)) {
    console.log(`  ${key}: ${entry.count}, ${entry.approved}   e.g. ${entry.example}`);
  }
}

if (missCount > 0) printMisses(coldOutcomes, missCount, 'most common cold-start misses');
if (heldOutMissCount > 0)
  printMisses(heldOutColdOutcomes, heldOutMissCount, 'most common cold-start misses, held-out businesses');
if (freshMissCount > 0)
  printMisses(freshColdOutcomes, freshMissCount, 'most common cold-start misses, fresh held-out businesses');

if (process.argv.includes('--scores')) {
  // What calibration sees: per tier and raw score, how often the tier was right (fitting half only).
  console.log('raw scores (fitting half, cold start and learning): tier raw score -> answers, right');
  for (const [key, list] of [...samples].sort()) {
    const byScore = new Map<number, { count: number; right: number }>();
    for (const sample of list) {
      const score = Math.round(sample.score * 100) / 100;
      const entry = byScore.get(score) ?? { count: 0, right: 0 };
      entry.count++;
      if (sample.correct) entry.right++;
      byScore.set(score, entry);
    }
    for (const [score, entry] of [...byScore].sort((a, b) => a[0] - b[0]))
      console.log(
        `  ${key.padEnd(10)} ${score.toFixed(2)}  ${String(entry.count).padStart(5)}  ${pct(entry.right / entry.count)}`,
      );
  }
}

// The generated test set (issue 12): run cold through the engine, reported on its reporting half.
printGeneratedReport((await evaluateGeneratedSet(harnessThreshold)).outcomes);
// The written sets: lines helper sessions wrote from knowledge of US banks (development sets since they were read).
await printWrittenSets(harnessThreshold);

if (fit) {
  const curves: CalibrationCurves = {};
  for (const [key, list] of samples) curves[key] = fitIsotonic(list);
  writeFileSync(CALIBRATION_FILE, `${JSON.stringify(curves, null, 1)}\n`);
  console.log(
    `calibration curves refitted on ${[...samples.values()].reduce((sum, list) => sum + list.length, 0)} tier answers; written. Run again without --fit to measure with them.`,
  );
}
