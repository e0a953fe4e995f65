import { performance } from 'node:perf_hooks';
import { webBundle } from '../src/web/bundle.ts';
import { addMember } from '../src/people/users.ts';
import { launchBrowser, listen, newPage } from '../test/support/browser.ts';
import { insertCategorizedRows, type CategorizedFixtureRow } from '../test/support/categorized-rows.ts';
import { createAccount, createHarness } from '../test/support/harness.ts';
import type { Bench } from './run.ts';

/**
 * The web app's first page on a tenant with 100,000 transactions (one in five waiting for review),
 * in Debian's chromium: from navigation to the review queue's rows on screen with the keyboard
 * answering (a "j" moves the highlight), on a fresh browser context each run (nothing cached, the
 * bundle fetched and parsed each time), already signed in (the session cookie carried over).
 */
const ROWS = Number(process.env.BENCH_WEBAPP_ROWS ?? 100_000);
const RUNS = 7;
const BATCH = 5_000;
const PASSWORD = 'correct horse battery staple';
const DESCRIPTORS = [
  'STARBUCKS STORE',
  'AMAZON WEB SERVICES',
  'UBER TRIP',
  'DELTA AIR LINES',
  'STAPLES',
  'COMCAST CABLE',
  'SHELL OIL',
  'CLIENT PAYMENT',
  'ZQX HOLDINGS PMT',
  'GUSTO NET PAY',
];
const TARGETS = ['6160', '6200', '6010', '6150', '6090', '6170', '6010', '4100', '6999', '6180'];

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))];

const bench: Bench = async ({ report }) => {
  const harness = await createHarness();
  const tenant = await harness.newTenant('Hundred Thousand LLC');
  const account = await createAccount(tenant, 'chk-1');
  await addMember(harness.handle, tenant.tenantId, { email: 'owner@bench.test', role: 'owner', password: PASSWORD });
  const today = Date.now();
  for (let start = 0; start < ROWS; start += BATCH) {
    const rows: CategorizedFixtureRow[] = [];
    for (let index = start; index < Math.min(ROWS, start + BATCH); index++) {
      const kind = index % DESCRIPTORS.length;
      rows.push({
        description: `${DESCRIPTORS[kind]} ${index}`,
        amountMinor: kind === 7 ? -(50_000 + (index % 9_000)) : 500 + ((index * 37) % 40_000),
        target: TARGETS[kind],
        needsReview: index % 5 === 0,
        // Two years of rows, newest today.
        date: new Date(today - (index % 730) * 86_400_000).toISOString().slice(0, 10),
      });
    }
    await insertCategorizedRows(
      harness.handle.db,
      { tenantId: tenant.tenantId, entityId: tenant.entityId, bankAccountId: account.id },
      rows,
    );
  }
  // The first page's one heavy request, alone (through app.inject, no browser): what the database adds.
  const queueUrl = `/v1/transactions?needsReview=true&from=1900-01-01&to=${new Date().toISOString().slice(0, 10)}&limit=200`;
  const apiTimings: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const response = await tenant.call('GET', queueUrl);
    if (response.statusCode !== 200) throw new Error(`queue request failed: ${response.body}`);
    apiTimings.push(performance.now() - started);
  }
  report(
    `review queue request alone, ${ROWS.toLocaleString('en-US')} rows (median of ${RUNS})`,
    percentile(apiTimings, 0.5),
    'ms',
    '',
  );
  const bundle = await webBundle();
  report('first page download (entry script + stylesheet, gzip)', bundle.firstPageBytes / 1024, 'KiB', '');

  const baseUrl = await listen(harness);
  const browser = await launchBrowser();
  try {
    const login = await newPage(browser, baseUrl);
    await login.goto('/');
    await login.getByLabel('E-mail', { exact: true }).fill('owner@bench.test');
    await login.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await login.getByRole('button', { name: 'Sign in', exact: true }).click();
    await login.getByRole('heading', { name: 'Review queue' }).waitFor();
    const cookies = await login.context().cookies();
    await login.context().close();

    for (const [page, ready] of [
      ['review', '.review-table tbody tr.active'],
      ['transactions', 'main table tbody tr'],
    ] as const) {
      const timings: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const tab = await newPage(browser, baseUrl);
        await tab.context().addCookies(cookies);
        const started = performance.now();
        await tab.goto(`/#/${page}`);
        await tab.locator(ready).first().waitFor();
        if (page === 'review') {
          // Interactive: the keyboard moves the highlight to the second row.
          await tab.keyboard.press('j');
          await tab
            .locator('.review-table tbody tr.active')
            .and(tab.locator('.review-table tbody tr').nth(1))
            .waitFor();
        }
        timings.push(performance.now() - started);
        await tab.context().close();
      }
      report(
        `first page interactive, ${page}, ${ROWS.toLocaleString('en-US')} rows (median of ${RUNS})`,
        percentile(timings, 0.5),
        'ms',
        '≤ 1000 ms',
      );
      report(
        `first page interactive, ${page}, ${ROWS.toLocaleString('en-US')} rows (worst of ${RUNS})`,
        Math.max(...timings),
        'ms',
        '',
      );
    }
  } finally {
    await browser.close();
    await harness.close();
  }
};

export default bench;
