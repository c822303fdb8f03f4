// A real Chromium per test file (fresh profile), driven by playwright-core. Every page records console errors
// and uncaught exceptions; `expectNoConsoleErrors` fails the test on any that is not expected.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';

export const baseURL = inject('baseURL');
export const chromiumPath = inject('chromiumPath');
export const hasBrowser = chromiumPath !== null;

const flags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const octet = () => Math.floor(Math.random() * 254) + 1;

export const screenshotsDir = path.resolve('test-results/screenshots');

interface TrackedPage {
  page: Page;
  problems: string[];
}

/**
 * Registers the hooks for a browser test file and returns a factory of fresh pages, each in its
 * own browser context (own cookies and local storage). Call it at the top of a describe block.
 */
export function useBrowser(options: { allowConsole?: RegExp[] } = {}) {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const pages: TrackedPage[] = [];

  beforeAll(async () => {
    mkdirSync(screenshotsDir, { recursive: true });
    // Playwright gives each launch a fresh, temporary user-data-dir of its own.
    browser = await chromium.launch({ executablePath: chromiumPath!, args: flags, headless: true });
  });

  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
    for (const { problems } of pages.splice(0)) {
      const unexpected = problems.filter((p) => !(options.allowConsole ?? []).some((re) => re.test(p)));
      expect(unexpected, 'console errors in the browser').toEqual([]);
    }
  });

  afterAll(async () => {
    await browser?.close();
  });

  /** `options.baseURL`: another app than the shared one (a test that starts its own server). */
  return async function newPage(
    viewport = { width: 1280, height: 800 },
    options: { baseURL?: string } = {},
  ): Promise<Page> {
    // Each context is a different person at a different address (the app trusts the test's proxy
    // header), so the per-address rate limits apply per test as they would per user.
    const context = await browser.newContext({
      viewport,
      baseURL: options.baseURL ?? baseURL,
      extraHTTPHeaders: { 'X-Forwarded-For': `10.${octet()}.${octet()}.${octet()}` },
    });
    contexts.push(context);
    const page = await context.newPage();
    const tracked: TrackedPage = { page, problems: [] };
    page.on('console', (message) => {
      if (message.type() === 'error')
        tracked.problems.push(`console: ${message.text()} @ ${message.location().url}`);
    });
    page.on('pageerror', (error) => tracked.problems.push(`page error: ${error.message}`));
    pages.push(tracked);
    page.setDefaultTimeout(15_000);
    return page;
  };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(screenshotsDir, `${name}.png`), fullPage: true });
}

export const dataDir = inject('dataDir');
export const admin = inject('admin');

/** A text of the UI with its `{{name}}` placeholders filled in. */
export const fillText = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

/** How far the page is wider than the window (0 or less: no horizontal scrolling). */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
