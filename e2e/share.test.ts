// A share link in the browser (issue 34): the owner makes a link on the agent page (English, 1280 px); a visitor
// with nothing but the link — another browser context, signed out, at 375 px, in Polish — talks to the agent in
// the playground (Flora in the visitor's own browser); the owner sees the open counted and revokes the link; the
// visitor's page then says the link does not work.
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en } from '../apps/web/src/locales/en.js';
import { pl } from '../apps/web/src/locales/pl.js';
import { signedInContextUser } from './support/accounts.js';
import { gzipSize, scriptsOf } from './support/page-scripts.js';
import { stageStatuses, uploadExample } from './support/agents.js';
import {
  fillText,
  hasBrowser,
  horizontalOverflow,
  screenshot,
  screenshotsDir,
  useBrowser,
} from './support/browser.js';

const dialogTexts = en.dialogs.shareAgent;
/** Issue 34: what the share page may fetch of JavaScript, gzip'd, before the agent file (scripts/bench-bundle.mjs). */
const SHARE_PAGE_JS_GZIP_BUDGET = 150_000;
/** The signed-in screens' chunks and texts (router.tsx), which the share page never fetches (issue 34). */
const signedInChunk = /\/assets\/(app-layout|bloom-screens|en-app|pl-app)-/;
/** The signed-out screens' chunks and texts (router.tsx), which the share page never fetches either. */
const guestChunk = /\/assets\/(auth-layout|auth-screens|en-forms|pl-forms)-/;

/** The owner's share dialog, opened from the agent page. */
async function openShareDialog(page: Page): Promise<Locator> {
  await page
    .getByRole('group', { name: en.agent.actions })
    .getByRole('button', { name: en.agent.share })
    .click();
  const dialog = page.getByRole('dialog', { name: fillText(dialogTexts.title, { name: 'Keeper' }) });
  await dialog.waitFor();
  return dialog;
}

describe.skipIf(!hasBrowser)('a share link', () => {
  const newPage = useBrowser({
    allowConsole: [
      // The billing portal arrives with payments.
      /404 \(Not Found\) @ .*\/api\/payment\/billing-portal\/url/,
      // The visitor is signed out: the session refresh is told 401.
      /401 \(Unauthorized\) @ .*\/api\/account\/data/,
      // The revoked link's page asks the API, which answers 404.
      /404 \(Not Found\) @ .*\/api\/shared\//,
    ],
  });

  it('is made (en), opened signed out at 375 px (pl), talked to, revoked, and then a 404 page', async () => {
    const owner = await newPage({ width: 1280, height: 900 });
    await signedInContextUser(owner.context());
    await uploadExample(owner, 'lighthouse_2_0_1.json', 'Keeper');
    await owner.waitForURL(/\/agent\/[0-9a-f-]{36}$/);
    await expect
      .poll(() => stageStatuses(owner), { timeout: 240_000, interval: 500 })
      .toEqual(Array.from({ length: 7 }, () => 'completed'));

    // The owner makes a link and copies it.
    let dialog = await openShareDialog(owner);
    await dialog.getByText(dialogTexts.none).waitFor();
    await dialog.getByRole('button', { name: dialogTexts.create }).click();
    const field = dialog.getByLabel(dialogTexts.newLabel, { exact: true });
    await field.waitFor();
    const url = await field.inputValue();
    expect(url).toMatch(/\/try\/[A-Za-z0-9_-]{32}$/);
    await owner.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await dialog.getByRole('button', { name: dialogTexts.copy, exact: true }).click();
    await dialog.getByText(dialogTexts.copied).waitFor();
    expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await dialog.getByRole('list', { name: dialogTexts.listHeading }).getByRole('listitem').waitFor();
    await dialog.screenshot({ path: path.join(screenshotsDir, 'share-dialog-en-1280.png') });

    // Someone else, with the link only: signed out, on a phone, in Polish.
    const visitor = await newPage({ width: 375, height: 800 });
    const tryPath = new URL(url).pathname;
    const scripts = scriptsOf(visitor, /^\/api\/shared\/[^/]+\/agent$/);
    const allScripts = scriptsOf(visitor);
    await visitor.goto(tryPath);
    await visitor.getByRole('heading', { level: 1, name: 'Keeper' }).waitFor();
    await visitor.getByRole('button', { name: 'Polski' }).click();
    await visitor.getByText(pl.sharedAgent.eyebrow).waitFor();
    expect(await visitor.title()).toBe(`${fillText(pl.sharedAgent.title, { name: 'Keeper' })} · Greenhouse`);
    // Its name and its reactions' names; nothing of its owner.
    expect(
      await visitor
        .getByRole('list', { name: pl.sharedAgent.reactions })
        .getByRole('listitem')
        .allTextContents(),
    ).toEqual(['Chat', 'Horn', 'Lamp', 'Warning']);
    expect(await visitor.locator('body').innerText()).not.toContain('Uma');

    // Talk to the agent: Flora runs it here.
    const playground = visitor.getByRole('region', { name: pl.playground.heading });
    await playground.getByLabel(pl.playground.instruction).waitFor({ timeout: 30_000 });
    await playground
      .getByLabel(fillText(pl.playground.line, { n: 1 }))
      .fill('Gull Cape light, good evening to you.');
    await playground
      .getByLabel(fillText(pl.playground.line, { n: 2 }))
      .fill('Evening, keeper. Is the harbour still open tonight?');
    await playground.getByRole('button', { name: pl.playground.run, exact: true }).click();
    const reaction = playground.locator('.playground__reaction');
    await reaction.waitFor({ timeout: 30_000 });
    expect((await reaction.textContent())!.length).toBeGreaterThan(0);
    expect(await reaction.textContent()).not.toContain('<UNK>');
    expect((await playground.locator('.playground__output').textContent())!.trim().length).toBeGreaterThan(0);
    expect(await horizontalOverflow(visitor), 'no horizontal scrolling at 375 px').toBeLessThanOrEqual(0);
    await screenshot(visitor, 'share-page-pl-375');
    // A light page: its own chunk and texts, never the signed-in screens' — in Polish neither.
    expect(scripts.some((script) => /\/assets\/try-screen-/.test(script))).toBe(true);
    expect(allScripts.some((script) => /\/assets\/pl-try-/.test(script))).toBe(true);
    expect(allScripts.filter((script) => signedInChunk.test(script))).toEqual([]);
    expect(allScripts.filter((script) => guestChunk.test(script))).toEqual([]);
    expect(gzipSize(scripts)).toBeLessThanOrEqual(SHARE_PAGE_JS_GZIP_BUDGET);

    // The owner sees the open counted, and revokes the link.
    await dialog.getByRole('button', { name: dialogTexts.done }).click();
    dialog = await openShareDialog(owner);
    const card = dialog.getByRole('list', { name: dialogTexts.listHeading }).getByRole('listitem');
    await expect.poll(() => card.textContent()).toContain(`${dialogTexts.opens}1`);
    await card.getByRole('button', { name: dialogTexts.revoke }).click();
    await card.getByText(dialogTexts.revokeQuestion).waitFor();
    await dialog.screenshot({ path: path.join(screenshotsDir, 'share-dialog-revoke-en-1280.png') });
    await card.getByRole('button', { name: dialogTexts.revokeConfirm }).click();
    await dialog.getByText(dialogTexts.revoked).waitFor();
    await dialog.getByText(dialogTexts.none).waitFor();
    await owner.screenshot({ path: path.join(screenshotsDir, 'share-dialog-revoked-en-1280.png') });

    // At once, the link works no more: the visitor's next visit is the 404 page, in their language — which it
    // starts in, with Polish's share-page texts only.
    const reloadScripts = scriptsOf(visitor);
    await visitor.reload();
    await visitor.getByRole('heading', { level: 1, name: pl.sharedAgent.notFound.heading }).waitFor();
    expect(reloadScripts.some((script) => /\/assets\/pl-start-/.test(script))).toBe(true);
    expect(reloadScripts.some((script) => /\/assets\/pl-try-/.test(script))).toBe(true);
    expect(reloadScripts.filter((script) => signedInChunk.test(script))).toEqual([]);
    expect(reloadScripts.filter((script) => guestChunk.test(script))).toEqual([]);
    // Started in Polish, the page stays in the budget too (Polish's first texts are a chunk of their own).
    expect(gzipSize(reloadScripts)).toBeLessThanOrEqual(SHARE_PAGE_JS_GZIP_BUDGET);
    await visitor.getByText(pl.sharedAgent.notFound.text).waitFor();
    expect(await visitor.getByRole('region', { name: pl.playground.heading }).count()).toBe(0);
    expect(await horizontalOverflow(visitor)).toBeLessThanOrEqual(0);
    await screenshot(visitor, 'share-page-revoked-pl-375');
    const file = await visitor.context().request.get(`/api/shared/${tryPath.split('/').at(-1)}/agent`);
    expect(file.status()).toBe(404);

    // "Make your own" leads to the sign-up screen, whose code and texts come when it is opened — in Polish.
    await visitor.getByRole('link', { name: pl.sharedAgent.makeYourOwn }).click();
    await visitor.getByRole('heading', { level: 1, name: pl.signUp.heading }).waitFor();
    expect(await visitor.getByRole('button', { name: pl.signUp.submit }).count()).toBe(1);
  }, 360_000);
});
