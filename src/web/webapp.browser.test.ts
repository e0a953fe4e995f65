import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { setReviewThreshold } from '../tenancy/tenant-settings.ts';
import { addMember } from '../people/users.ts';
import {
  accessibilityViolations,
  BROWSER_TIMEOUT_MS,
  describeViolations,
  launchBrowser,
  listen,
  newPage,
  screenshot,
} from '../../test/support/browser.ts';
import { createAccount, createHarness, push, type Harness, type TestTenant } from '../../test/support/harness.ts';
import { processStatements } from '../../test/support/statements.ts';

/**
 * The app in a real browser (Debian's chromium through playwright-core) against the service on the
 * harness database. Each test leaves the books as the next one expects: they run in order.
 */

const TEST_TIMEOUT_MS = 10 * 60_000;
let harness: Harness;
let acme: TestTenant;
let browser: Browser;
let baseUrl: string;

const PASSWORD = 'correct horse battery staple';
const OWNER = 'owner@acme.test';
const BOOKKEEPER = 'keeper@acme.test';
const VIEWER = 'viewer@acme.test';

const today = new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** Merchants the built-in tiers know (each gets a real suggestion) and descriptors nobody knows (catch-all). */
const KNOWN = [
  'STARBUCKS STORE 1234',
  'AMAZON WEB SERVICES AWS.AMAZON.CO',
  'UBER TRIP HELP.UBER.COM',
  'DELTA AIR LINES',
  'STAPLES 00123',
  'COMCAST CABLE COMM',
  'SHELL OIL 5744',
  'ADOBE CREATIVE CLOUD',
];

async function seed(tenant: TestTenant) {
  await createAccount(tenant, 'chk-1', { openingBalance: 25_000, openingBalanceDate: daysAgo(200) });
  await createAccount(tenant, 'sav-1', { name: 'Reserve savings', kind: 'savings' });
  const rows: Array<Record<string, unknown>> = [];
  for (let index = 0; index < 64; index++) {
    rows.push({
      accountExternalId: 'chk-1',
      id: `known-${index}`,
      date: daysAgo(1 + (index % 150)),
      amount: 10 + index * 3.17,
      description: `${KNOWN[index % KNOWN.length]} #${index}`,
    });
  }
  for (let index = 0; index < 12; index++) {
    rows.push({
      accountExternalId: 'chk-1',
      id: `odd-${index}`,
      date: daysAgo(2 + index * 9),
      amount: 40 + index,
      description: `ZQX HOLDINGS PMT ${index}`,
    });
  }
  for (let index = 0; index < 6; index++) {
    rows.push({
      accountExternalId: 'chk-1',
      id: `sale-${index}`,
      date: daysAgo(5 + index * 30),
      amount: -(2500 + index * 100),
      description: `CLIENT INVOICE PAYMENT ${index}`,
    });
  }
  const pushed = await push(tenant, rows);
  assert.equal(pushed.statusCode, 200, pushed.body);
  // Anything short of certain waits for a person, so the queue holds real suggestions to accept.
  await setReviewThreshold(harness.handle, tenant.tenantId, 0.9999);
  await harness.sweep();
}

async function queueRows(tenant: TestTenant): Promise<
  Array<{
    id: string;
    needsReview: boolean;
    category: { accountNumber: string; source: string | null } | null;
    description: string;
  }>
> {
  const response = await tenant.call('GET', `/v1/transactions?from=2000-01-01&to=${today}&limit=200`);
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data;
}

async function signIn(page: Page, email: string) {
  await page.goto('/');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Review queue' }).waitFor();
}

async function signInWithKey(page: Page, key: string) {
  await page.goto('/');
  await page.getByText('Sign in with an API key instead').click();
  await page.getByLabel('API key', { exact: true }).fill(key);
  await page.getByRole('button', { name: 'Use this key' }).click();
  await page.getByRole('heading', { name: 'Review queue' }).waitFor();
}

before(
  async () => {
    harness = await createHarness();
    acme = await harness.newTenant('Acme LLC');
    await seed(acme);
    for (const [email, role] of [
      [OWNER, 'owner'],
      [BOOKKEEPER, 'bookkeeper'],
      [VIEWER, 'viewer'],
    ]) {
      await addMember(harness.handle, acme.tenantId, { email, role, password: PASSWORD });
    }
    baseUrl = await listen(harness);
    browser = await launchBrowser();
  },
  { timeout: TEST_TIMEOUT_MS },
);

after(
  async () => {
    await browser?.close();
    await harness?.close();
  },
  { timeout: TEST_TIMEOUT_MS },
);

test('sign-in refuses a wrong password in words, keeps the session over a reload, signs out; an API key works too', {
  timeout: TEST_TIMEOUT_MS,
}, async () => {
  const page = await newPage(browser, baseUrl);
  await page.goto('/');
  await page.getByRole('heading', { name: 'Sign in to your books' }).waitFor();
  await screenshot(page, 'sign-in');
  await page.getByLabel('E-mail', { exact: true }).fill(BOOKKEEPER);
  await page.getByLabel('Password', { exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('alert').waitFor();
  assert.match((await page.getByRole('alert').textContent()) ?? '', /password|e-mail/i);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Review queue' }).waitFor();
  const cookies = await page.context().cookies();
  const session = cookies.find((cookie) => cookie.name === 'bk_session');
  assert.ok(session?.httpOnly, 'the session cookie is HttpOnly');
  assert.equal(await page.evaluate(() => document.cookie.includes('bk_session')), false, 'page scripts cannot read it');
  await page.reload();
  await page.getByRole('heading', { name: 'Review queue' }).waitFor();
  assert.match((await page.locator('header .role').textContent()) ?? '', /keeper@acme\.test · bookkeeper/);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('heading', { name: 'Sign in to your books' }).waitFor();
  await page.reload();
  await page.getByRole('heading', { name: 'Sign in to your books' }).waitFor();

  await page.getByText('Sign in with an API key instead').click();
  await page.getByLabel('API key', { exact: true }).fill(`bk_AAAAAAAAAAAA_${'a'.repeat(43)}`);
  await page.getByRole('button', { name: 'Use this key' }).click();
  await page.getByRole('alert').filter({ hasText: 'unknown or revoked' }).waitFor();
  await signInWithKey(page, acme.key);
  await page.context().close();
});

test('fifty rows reviewed with the keyboard alone', { timeout: TEST_TIMEOUT_MS }, async () => {
  const before = (await queueRows(acme)).filter((row) => row.needsReview);
  const withSuggestion = before.filter((row) => row.category && !['6999', '4999'].includes(row.category.accountNumber));
  assert.ok(withSuggestion.length >= 50, `the seed gives ${withSuggestion.length} rows with a suggestion to review`);
  const page = await newPage(browser, baseUrl);
  await signIn(page, BOOKKEEPER);
  const rows = page.locator('.review-table tbody tr');
  await rows.first().waitFor();
  await screenshot(page, 'review-queue');
  await rows.first().focus();
  // The surest suggestions come first, so 50 presses of "a" accept 50 of them; "j" and "k" move.
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  for (let press = 0; press < 50; press++) {
    await page.keyboard.press('a');
    // Each press takes the row off the queue at once; the server books it in the background.
    await page.waitForFunction(
      (left) => document.querySelectorAll('.review-table tbody tr').length <= left,
      before.length - press - 1,
      { timeout: BROWSER_TIMEOUT_MS },
    );
  }
  // Fifty reversals and new entries, four at a time: on a loaded machine and PostgreSQL this takes a while.
  await page.waitForFunction(() => !document.body.textContent?.includes('Saving'), undefined, {
    timeout: 5 * BROWSER_TIMEOUT_MS,
  });
  const after = await queueRows(acme);
  const accepted = after.filter((row) => row.category?.source === 'user_override');
  assert.equal(accepted.length, 50, 'exactly the fifty accepted rows are now decided by a person');
  assert.ok(accepted.every((row) => !row.needsReview));
  assert.equal(after.filter((row) => row.needsReview).length, before.length - 50);
  await page.context().close();
});

test('a row recategorized with the account search, and an "always do this" rule previewed then made', {
  timeout: TEST_TIMEOUT_MS,
}, async () => {
  const page = await newPage(browser, baseUrl);
  await signIn(page, BOOKKEEPER);
  const active = page.locator('.review-table tbody tr.active');
  await active.waitFor();
  const rowId = await active.getAttribute('data-id');
  await page.keyboard.press('c');
  await page.getByLabel('File the highlighted row under').fill('Software and Sub');
  await page.keyboard.press('Enter');
  await page.getByText('Filed 1 row.').waitFor();
  const filed = (await acme.call('GET', `/v1/transactions/${rowId}`)).json().data;
  assert.equal(filed.category.accountNumber, '6200');
  assert.equal(filed.needsReview, false);

  // An ambiguous search is refused in words and changes nothing.
  const next = await page.locator('.review-table tbody tr.active').getAttribute('data-id');
  await page.keyboard.press('c');
  await page.getByLabel('File the highlighted row under').fill('Rent');
  await page.keyboard.press('Enter');
  await page.getByText(/accounts match "Rent"/).waitFor();
  assert.equal((await acme.call('GET', `/v1/transactions/${next}`)).json().data.needsReview, true);
  await page.getByLabel('File the highlighted row under').fill('');

  // The unknown vendor's rows: one rule files them all.
  const oddRow = page.locator('.review-table tbody tr', { hasText: 'ZQX HOLDINGS' }).first();
  await oddRow.click();
  await page.keyboard.press('r');
  const dialog = page.getByRole('dialog', { name: 'Always do this' });
  await dialog.waitFor();
  await dialog.getByLabel('Description contains').fill('ZQX HOLDINGS');
  await dialog.getByLabel('File under').fill('6080');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await dialog.getByText(/12 rows would be filed again/).waitFor();
  await screenshot(page, 'review-rule-preview');
  assert.equal(
    (await queueRows(acme)).filter((row) => row.description.startsWith('ZQX') && row.needsReview).length,
    12,
    'the preview changed nothing',
  );
  await dialog.getByRole('button', { name: /Create rule and file 12/ }).click();
  await dialog.waitFor({ state: 'detached' });
  const odd = (await queueRows(acme)).filter((row) => row.description.startsWith('ZQX'));
  assert.ok(
    odd.every((row) => row.category?.accountNumber === '6080'),
    JSON.stringify(odd.map((row) => row.category)),
  );
  assert.equal((await acme.call('GET', '/v1/rules')).json().data.length, 1);
  await page.context().close();
});

test('a statement uploaded with progress is read; a refused one says why in words', {
  timeout: TEST_TIMEOUT_MS,
}, async () => {
  const page = await newPage(browser, baseUrl);
  await signIn(page, BOOKKEEPER);
  await page.goto('/#/upload');
  await page.getByRole('heading', { name: 'Upload statements' }).waitFor();
  const start = daysAgo(260);
  const statement = `Date,Description,Amount,Currency,Balance\n${start},Opening deposit,2000.00,USD,2000.00\n${daysAgo(259)},Office rent,-1200.00,USD,800.00\n`;
  await page.getByLabel(/Bank account/).selectOption({ label: 'Reserve savings (Test Bank)' });
  // A bank export prints no balances: the person gives them, as the page explains.
  await page.getByText('Balances for exports that print none').click();
  await page.getByLabel('Opening balance').fill('0');
  await page.getByLabel('Closing balance').fill('800.00');
  await page
    .getByLabel('Choose files')
    .setInputFiles({ name: 'savings.csv', mimeType: 'text/csv', buffer: Buffer.from(statement) });
  const item = page.locator('.upload', { hasText: 'savings.csv' });
  await item.waitFor();
  // Progress is shown while sending and while the statement waits to be read.
  await item.locator('progress').waitFor();
  await item.getByText('reading the statement').waitFor();
  await screenshot(page, 'upload-progress');
  await processStatements(harness);
  await item.getByText(/Ingested\. Read: .* 2 lines/).waitFor();

  await page.getByLabel('Opening balance').fill('');
  await page.getByLabel('Closing balance').fill('');
  await page.getByLabel('Choose files').setInputFiles({
    name: 'notes.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Name,Phone\nAlice,555-0100\nBob,555-0101\n'),
  });
  const refused = page.locator('.upload', { hasText: 'notes.csv' });
  await refused.getByText('reading the statement').waitFor();
  await processStatements(harness);
  await refused.getByText(/Rejected\./).waitFor();
  const words = await refused.textContent();
  assert.match(
    words ?? '',
    /does not look like a bank statement|could not be read|no transactions|looks incomplete/,
    words ?? '',
  );
  await screenshot(page, 'upload-done');

  // A file refused at the door (415) says so at once.
  await page
    .getByLabel('Choose files')
    .setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.alloc(0) });
  await page.locator('.upload', { hasText: 'empty.csv' }).getByText('Not sent. file: is empty').waitFor();
  await page.context().close();
});

test('reports show charts over months and download as CSV', { timeout: TEST_TIMEOUT_MS }, async () => {
  const page = await newPage(browser, baseUrl);
  await signIn(page, VIEWER);
  await page.goto(`/#/reports?report=profit-and-loss&from=${daysAgo(180)}&to=${today}`);
  await page.locator('.table-region[aria-label="Profit and loss"] table').waitFor();
  await page.locator('.chart canvas').first().waitFor();
  await screenshot(page, 'reports-profit-and-loss');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const csv = readFileSync(await download.path(), 'utf8');
  assert.match(download.suggestedFilename(), /^profit-and-loss-.*\.csv$/);
  assert.match(csv.split('\n')[0], /^section,accountNumber,name,amount/);
  const server = await acme.call('GET', `/v1/reports/profit-and-loss?from=${daysAgo(180)}&to=${today}`, undefined, {
    accept: 'text/csv',
  });
  assert.equal(csv, server.body, "the download is the service's own CSV");

  for (const [report, marker] of [
    ['balance-sheet', 'Balance sheet'],
    ['cash-flow', 'Cash flow'],
    ['trial-balance', 'Trial balance'],
    ['general-ledger', 'General ledger'],
  ] as const) {
    await page.goto(`/#/reports?report=${report}&from=${daysAgo(180)}&to=${today}`);
    await page.locator(`.table-region[aria-label="${marker}"] table`).waitFor();
    if (report === 'cash-flow') await page.locator('.chart canvas').first().waitFor();
    await screenshot(page, `reports-${report}`);
  }
  await page.context().close();
});

const PAGES = [
  'review',
  'transactions',
  'bank-accounts',
  'upload',
  'reports',
  'obligations',
  'health',
  'rules',
  'api-keys',
  'people',
  'settings',
  'audit-log',
];

test('every page: no WCAG 2.1 AA violation, usable at 375 px, screenshot saved', {
  timeout: TEST_TIMEOUT_MS,
}, async () => {
  const problems: string[] = [];
  for (const width of [1280, 375]) {
    const page = await newPage(browser, baseUrl, width, width === 375 ? 812 : 900);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign in to your books' }).waitFor();
    const signInViolations = await accessibilityViolations(page);
    if (signInViolations.length) problems.push(`sign-in @${width}: ${describeViolations(signInViolations)}`);
    for (const path of ['/reset-password#token=abc', '/accept-invitation#token=abc']) {
      await page.goto(path);
      await page.locator('main h1').waitFor();
      const violations = await accessibilityViolations(page);
      if (violations.length) problems.push(`${path} @${width}: ${describeViolations(violations)}`);
      await screenshot(page, `${path.slice(1, path.indexOf('#'))}-${width}`);
    }
    await signIn(page, OWNER);
    for (const name of PAGES) {
      await page.goto(`/#/${name}`);
      await page.locator('main h1').waitFor();
      // Wait until the page's data has arrived (no "Loading" left).
      await page.waitForFunction(() => !document.querySelector('main')?.textContent?.includes('Loading'), undefined, {
        timeout: BROWSER_TIMEOUT_MS,
      });
      const violations = await accessibilityViolations(page);
      if (violations.length) problems.push(`${name} @${width}: ${describeViolations(violations)}`);
      const overflow = await page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        const wide = [...document.querySelectorAll('body *')].filter(
          (element) =>
            element.getBoundingClientRect().right > width + 1 && !element.parentElement?.closest('.table-region'),
        );
        return {
          by: document.documentElement.scrollWidth - width,
          what: wide
            .slice(-3)
            .map((element) => `${element.tagName.toLowerCase()}.${element.className}`)
            .join(', '),
        };
      });
      if (overflow.by > 1)
        problems.push(`${name} @${width}: the page scrolls sideways by ${overflow.by} px (${overflow.what})`);
      await screenshot(page, `${name}-${width}`);
    }
    if (width === 375) {
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('link', { name: 'Transactions' }).click();
      await page.getByRole('heading', { name: 'Transactions' }).waitFor();
    }
    await page.context().close();
  }
  assert.deepEqual(problems, []);
});

test('role limits: a viewer changes nothing, a bookkeeper manages no keys or people, an owner does', {
  timeout: TEST_TIMEOUT_MS,
}, async () => {
  const viewer = await newPage(browser, baseUrl);
  await signIn(viewer, VIEWER);
  await viewer.getByText('your role cannot change it').waitFor();
  assert.equal(await viewer.getByRole('button', { name: /^Accept/ }).count(), 0, 'no accept button for a viewer');
  const queued = await viewer.locator('.review-table tbody tr').first().getAttribute('data-id');
  await viewer.locator('.review-table tbody tr').first().focus();
  await viewer.keyboard.press('a');
  assert.equal(
    (await acme.call('GET', `/v1/transactions/${queued}`)).json().data.needsReview,
    true,
    "a viewer's keystroke changes nothing",
  );
  assert.equal(await viewer.getByRole('link', { name: 'API keys' }).count(), 0);
  assert.equal(await viewer.getByRole('link', { name: 'People' }).count(), 0);
  for (const [path, marker] of [
    ['upload', 'not upload statements'],
    ['settings', 'Only an owner'],
  ] as const) {
    await viewer.goto(`/#/${path}`);
    await viewer.getByText(marker).waitFor();
  }
  await viewer.goto('/#/rules');
  await viewer.getByRole('heading', { name: 'Your rules' }).waitFor();
  assert.equal(await viewer.getByRole('form', { name: 'New rule' }).count(), 0);
  await viewer.goto('/#/obligations');
  await viewer.locator('main table').waitFor();
  assert.equal(await viewer.getByRole('button', { name: /^(Confirm|Mark)/ }).count(), 0);
  // The server holds the line even for a page that tries anyway, with the session's own CSRF token.
  const attempt = await viewer.evaluate(async (id) => {
    const session = await (await fetch('/v1/auth/session')).json();
    const response = await fetch(`/v1/transactions/${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'x-csrf-token': session.data.csrfToken },
      body: JSON.stringify({ category: '6200' }),
    });
    return { status: response.status, body: await response.json() };
  }, queued);
  assert.equal(attempt.status, 403);
  assert.equal(attempt.body.error, 'insufficient_scope');
  await screenshot(viewer, 'viewer-obligations');
  await viewer.context().close();

  const bookkeeper = await newPage(browser, baseUrl);
  await signIn(bookkeeper, BOOKKEEPER);
  assert.equal(await bookkeeper.getByRole('link', { name: 'API keys' }).count(), 0);
  assert.equal(await bookkeeper.getByRole('link', { name: 'Audit log' }).count(), 0);
  await bookkeeper.goto('/#/api-keys');
  await bookkeeper.getByRole('heading', { name: 'Not found' }).waitFor();
  const keys = await bookkeeper.evaluate(async () => {
    const session = await (await fetch('/v1/auth/session')).json();
    const list = await fetch('/v1/api-keys');
    const create = await fetch('/v1/api-keys', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': session.data.csrfToken },
      body: JSON.stringify({ scopes: ['read'] }),
    });
    return [list.status, create.status];
  });
  assert.deepEqual(keys, [403, 403]);
  await bookkeeper.context().close();

  const owner = await newPage(browser, baseUrl);
  await signIn(owner, OWNER);
  await owner.getByRole('link', { name: 'API keys' }).click();
  await owner.getByLabel('Name').fill('ledger sync');
  await owner.getByRole('button', { name: 'Create key' }).click();
  const secret = (await owner.locator('code.secret').textContent()) ?? '';
  assert.match(secret, /^bk_/);
  assert.equal(
    (await harness.app.inject({ method: 'GET', url: '/v1/entities', headers: { authorization: `Bearer ${secret}` } }))
      .statusCode,
    200,
    'the new key works',
  );
  await owner.getByRole('button', { name: 'Revoke key ledger sync' }).click();
  await owner.getByText(/revoked: it is refused/).waitFor();
  await owner.getByRole('link', { name: 'People' }).click();
  await owner.getByLabel('E-mail', { exact: true }).fill('new.hire@acme.test');
  await owner.getByLabel('Role', { exact: true }).selectOption('viewer');
  await owner.getByRole('button', { name: 'Invite' }).click();
  await owner.getByText('/accept-invitation#token=').waitFor();
  await owner
    .getByRole('table', { name: 'Open invitations' })
    .or(owner.locator('.table-region[aria-label="Open invitations"]'))
    .first()
    .waitFor();
  await screenshot(owner, 'people-invited');
  // The owner reads who did all that: the invitation and the key, newest first, with their fields.
  await owner.getByRole('link', { name: 'Audit log' }).click();
  const changes = owner.locator('.table-region[aria-label="Changes, newest first"] tbody tr');
  await changes.first().waitFor();
  const newest = (await changes.first().textContent()) ?? '';
  assert.match(newest, new RegExp(OWNER.replace('.', '\\.')));
  assert.match(newest, /invit/i);
  assert.match(newest, /new\.hire@acme\.test/);
  const log = (await owner.locator('main').textContent()) ?? '';
  assert.match(log, /ledger sync/, 'the key created and revoked is in the log');
  // More than a page of changes by now (fifty reviewed rows alone): the pager walks to the older ones and back.
  const pager = owner.getByRole('navigation', { name: 'Pages of the audit log' });
  await pager.getByText('Changes 1–50').waitFor();
  await pager.getByRole('button', { name: 'Older' }).click();
  await pager.getByText(/^Changes 51–/).waitFor();
  // The older page's rows replace the newest ones.
  await owner.waitForFunction(
    (previous) =>
      document.querySelector('.table-region[aria-label="Changes, newest first"] tbody tr')?.textContent !== previous,
    newest,
    { timeout: BROWSER_TIMEOUT_MS },
  );
  await pager.getByRole('button', { name: 'Newer' }).click();
  await pager.getByText('Changes 1–50').waitFor();
  await screenshot(owner, 'audit-log-owner');
  await owner.context().close();
});

test("CSRF: a change sent with the session cookie but without the session's token is refused and changes nothing", {
  timeout: TEST_TIMEOUT_MS,
}, async () => {
  const page = await newPage(browser, baseUrl);
  await signIn(page, BOOKKEEPER);
  const id = await page.locator('.review-table tbody tr').first().getAttribute('data-id');
  const before = (await acme.call('GET', `/v1/transactions/${id}`)).json().data;
  // (No named helper inside: the page runs this function's source as is.)
  const outcomes = await page.evaluate(async (rowId) => {
    const results = [];
    const variants: Array<Record<string, string>> = [{}, { 'x-csrf-token': 'forged-token-forged-token-forged-token' }];
    for (const headers of variants) {
      const response = await fetch(`/v1/transactions/${rowId}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ category: '6080' }),
      });
      results.push({ status: response.status, body: await response.json() });
    }
    return results;
  }, id);
  for (const outcome of outcomes) {
    assert.equal(outcome.status, 403, JSON.stringify(outcome));
    assert.equal(outcome.body.error, 'forbidden');
    assert.match(outcome.body.reason, /x-csrf-token/);
  }
  const after = (await acme.call('GET', `/v1/transactions/${id}`)).json().data;
  assert.deepEqual(after.category, before.category);
  assert.equal(after.needsReview, true);
  await page.context().close();
});
