import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { confirmedAccount, newEmail, PASSWORD } from './support/accounts.js';
import { hasBrowser, useBrowser } from './support/browser.js';

// Issue 22: the sign-in page downloads only its own code; each signed-in screen's chunk (router.tsx's lazy
// modules, named by Vite after their module) comes when the screen is first shown.
const signedInModules = [
  'app-layout',
  'chat-screens',
  'agent-screens',
  'admin-screens',
  'profile-screens',
  'flora-page',
];
const signedInChunk = new RegExp(`/assets/(${signedInModules.join('|')})-`);

/** The paths of the JavaScript files the page asks for from now on. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js')) scripts.push(pathname);
  });
  return scripts;
}

describe.skipIf(!hasBrowser)('the first page', () => {
  const newPage = useBrowser({
    // The session refresh asks for the current user and is told 401: Chromium logs that response.
    allowConsole: [/401 \(Unauthorized\)/],
  });

  it('fetches no signed-in screen’s code on the sign-in page, not even in the background', async () => {
    // They are chunks of the build (else their absence below would prove nothing).
    const built = readdirSync(path.resolve('apps/web/dist/assets'));
    for (const name of signedInModules)
      expect(
        built.some((file) => file.startsWith(`${name}-`)),
        name,
      ).toBe(true);

    const page = await newPage();
    const scripts = scriptsOf(page);
    await page.goto('/auth/sign-in', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Continue with Email' }).waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => signedInChunk.test(path))).toEqual([]);
    // Nor does the page name them for a later preload.
    const preloads = await page.$$eval('link[rel="modulepreload"], link[rel="prefetch"]', (links) =>
      links.map((link) => (link as HTMLLinkElement).href),
    );
    expect(preloads.filter((href) => signedInChunk.test(href))).toEqual([]);
  });

  it('signs in, then loads each screen’s code when the screen is opened', async () => {
    const page = await newPage();
    const email = newEmail('first-page');
    await confirmedAccount(page.context(), email);
    const scripts = scriptsOf(page);
    await page.goto('/auth/sign-in');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue with Email' }).click();

    await page.waitForURL('**/chat/new');
    await page.getByRole('heading', { name: 'New chat' }).waitFor();
    expect(scripts.some((path) => /\/assets\/chat-screens-/.test(path))).toBe(true);
    expect(scripts.some((path) => /\/assets\/flora-page-/.test(path))).toBe(false);

    // The sidebar starts closed: open it, then follow its link (a navigation inside the app, no reload).
    await page.locator('#app-sidebar-toggle').click();
    await page.getByRole('link', { name: 'Inference Engine' }).click();
    await page.waitForURL('**/flora');
    await page.getByRole('heading', { name: 'Inference Engine' }).waitFor();
    expect(scripts.some((path) => /\/assets\/flora-page-/.test(path))).toBe(true);
  });
});
