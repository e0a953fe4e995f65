import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Harness } from './harness.ts';

/**
 * Debian's chromium driven by playwright-core (which downloads no browser). CHROMIUM_PATH points
 * elsewhere when the browser lives elsewhere.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Screenshots of every page land here (git-ignored), for a person to look at after a run. */
export const SCREENSHOT_DIRECTORY = join(process.cwd(), 'test-output', 'screenshots');

/** Generous: the test machine is shared and often loaded many times over. */
export const BROWSER_TIMEOUT_MS = 60_000;

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    timeout: BROWSER_TIMEOUT_MS,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--no-first-run', '--disable-extensions'],
  });
}

/** The harness's app on a real port (the browser needs one); closed with the harness. */
export async function listen(harness: Harness): Promise<string> {
  await harness.app.listen({ host: '127.0.0.1', port: 0 });
  const address = harness.app.server.address();
  if (!address || typeof address !== 'object') throw new Error('the app is not listening');
  return `http://127.0.0.1:${address.port}`;
}

export async function newPage(browser: Browser, baseUrl: string, width = 1280, height = 900): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width, height },
    acceptDownloads: true,
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(BROWSER_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(BROWSER_TIMEOUT_MS);
  return context.newPage();
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/** axe-core's WCAG 2.0/2.1 A and AA rules on the page as it stands. */
export async function accessibilityViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the debugging protocol: the page's CSP (rightly) refuses an injected script tag.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target, failureSummary: node.failureSummary })),
    }));
  });
}

export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes
          .slice(0, 5)
          .map((node) => `  ${node.target.join(' ')}: ${node.failureSummary ?? ''}`)
          .join('\n')}`,
    )
    .join('\n');
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIRECTORY, { recursive: true });
  const path = join(SCREENSHOT_DIRECTORY, `${name}.png`);
  await page.screenshot({ path, fullPage: true, timeout: BROWSER_TIMEOUT_MS });
  return path;
}
