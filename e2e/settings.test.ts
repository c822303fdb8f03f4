import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en } from '../apps/web/src/locales/en.js';
import { PASSWORD, signedInContextUser } from './support/accounts.js';
import { baseURL, hasBrowser, screenshot, useBrowser } from './support/browser.js';

const tokens = en.settings.tokens;
const del = en.settings.delete;

/** The whole page (the app scrolls inside its layout, so a tall viewport rather than fullPage). */
async function wholePage(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: width < 768 ? 4200 : 2600 });
  await screenshot(page, name);
  await page.setViewportSize({ width, height: 800 });
}

/** A script's call: no cookie, no CSRF header, only the token. */
const withToken = (token: string) =>
  fetch(`${baseURL}/api/account/data`, { headers: { Authorization: `Bearer ${token}` } });

describe.skipIf(!hasBrowser)('settings in the browser', () => {
  const newPage = useBrowser({
    allowConsole: [
      // After the account is deleted, the session refresh and a failed sign-in answer 401.
      /401 \(Unauthorized\)/,
    ],
  });

  it('creates an API token, uses it as a script would, and revokes it', async () => {
    const page = await newPage();
    const email = await signedInContextUser(page.context());
    await page.goto('/settings');
    await page.getByRole('heading', { name: tokens.heading }).waitFor();
    // This browser's own session is listed and marked.
    await page.getByText(en.settings.sessions.thisDevice).waitFor();

    await page.getByLabel(tokens.name, { exact: true }).fill('e2e script');
    await page.getByLabel(tokens.expiry).selectOption({ label: tokens.days.replace('{{count}}', '7') });
    await page.getByRole('button', { name: tokens.create }).click();
    const field = page.getByRole('textbox', { name: tokens.newLabel });
    const token = await field.inputValue();
    expect(token).toMatch(/^gh_/);
    await page.getByRole('button', { name: tokens.revokeLabel.replace('{{name}}', 'e2e script') }).waitFor();
    await wholePage(page, 'settings-1280', 1280);

    const used = await withToken(token);
    expect(used.status).toBe(200);
    expect(((await used.json()) as { email: string }).email).toBe(email);

    await wholePage(page, 'settings-375', 375);

    await page.getByRole('button', { name: tokens.revokeLabel.replace('{{name}}', 'e2e script') }).click();
    const dialog = page.getByRole('dialog', { name: tokens.revokeTitle });
    await dialog.getByRole('button', { name: tokens.revoke }).click();
    await page.getByText(tokens.revoked.replace('{{name}}', 'e2e script')).waitFor();
    await page.getByText(tokens.none).waitFor();
    expect((await withToken(token)).status).toBe(401);
  });

  it('deletes the account with its password; signing in again then fails', async () => {
    const page = await newPage();
    const email = await signedInContextUser(page.context());
    await page.goto('/settings');
    await page.getByRole('button', { name: del.button }).click();
    const dialog = page.getByRole('dialog', { name: del.dialogTitle });
    await dialog.getByLabel(del.password).fill(PASSWORD);
    await screenshot(page, 'settings-delete-dialog-1280');
    await dialog.getByRole('button', { name: del.confirm }).click();
    await page.waitForURL('**/auth/sign-in');
    await page.getByText(del.deleted).waitFor();

    await page.getByLabel(en.forms.email).fill(email);
    await page.getByLabel(en.signIn.password).fill(PASSWORD);
    await page.getByRole('button', { name: en.signIn.submit }).click();
    await page.getByText(en.apiErrors.authorization.invalid_credentials).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/sign-in');
  });
});
