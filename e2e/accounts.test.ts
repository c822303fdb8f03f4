import { describe, expect, it } from 'vitest';
import { en } from '../apps/web/src/locales/en.js';
import { pl } from '../apps/web/src/locales/pl.js';
import { PASSWORD, newEmail, signIn, signedInContextUser } from './support/accounts.js';
import { admin, hasBrowser, screenshot, useBrowser } from './support/browser.js';
import { linkPath, waitForEmail } from './support/outbox.js';

const subjects = { en: /^Confirm your Greenhouse account$/, pl: /^Potwierdź swoje konto Greenhouse$/ };

describe.skipIf(!hasBrowser)('accounts in the browser', () => {
  const newPage = useBrowser({
    allowConsole: [
      // The session refresh of a signed-out page, and a deliberately failed sign-in, answer 401.
      /401 \(Unauthorized\)/,
      // The billing portal arrives with payments; without its URL the menu has no purchase-history link.
      /404 \(Not Found\) @ .*\/api\/payment\/billing-portal\/url/,
    ],
  });

  it.each([
    ['en', en],
    ['pl', pl],
  ] as const)('signs up, confirms from the e-mail, signs in and out (%s)', async (language, t) => {
    const page = await newPage();
    await page.goto('/auth/sign-up');
    if (language === 'pl') await page.getByRole('button', { name: en.language.pl }).click();
    await page.getByRole('heading', { name: t.signUp.heading }).waitFor();

    const email = newEmail(`journey-${language}`);
    await page.getByLabel(t.forms.email).fill(email);
    await page.getByLabel(t.forms.password, { exact: true }).fill(PASSWORD);
    await page.getByLabel(t.forms.firstName).fill('Alicja');
    await page.getByLabel(t.forms.lastName).fill('Ogrodnik');
    await page.getByRole('button', { name: t.signUp.submit }).click();
    await page.getByRole('heading', { name: t.signUp.sent.heading }).waitFor();
    await screenshot(page, `sign-up-sent-${language}`);

    const mail = await waitForEmail(email, subjects[language]);
    await page.goto(linkPath(mail, '/auth/email-confirmation?token='));
    await page.getByText(t.emailConfirmation.confirmed.text).waitFor();

    await page.goto('/auth/sign-in');
    await page.getByLabel(t.forms.email).fill(email);
    await page.getByLabel(t.signIn.password).fill(PASSWORD);
    await page.getByRole('button', { name: t.signIn.submit }).click();
    await page.waitForURL('**/chat/new');

    // The shell: the avatar shows the first name's initial; its menu signs out.
    const avatar = page.getByRole('button', {
      name: t.topBar.userMenu.replace('{{name}}', 'Alicja Ogrodnik'),
    });
    expect(await avatar.textContent()).toContain('A');
    await screenshot(page, `shell-desktop-${language}`);
    await avatar.click();
    await page.getByRole('menuitem', { name: t.topBar.logOut }).click();
    await page.waitForURL('**/auth/sign-in');
    await page.goto('/profile');
    await page.waitForURL('**/auth/sign-in');
  });

  it('at 375 px: the sidebar overlays the page, closes after navigation, and the avatar opens the profile', async () => {
    const page = await newPage({ width: 375, height: 740 });
    await signedInContextUser(page.context());
    await page.goto('/chat/new');
    const sidebar = page.getByRole('navigation', { name: en.sidebar.label });
    const toggle = page.getByRole('button', { name: en.sidebar.toggle, exact: true });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await sidebar.waitFor({ state: 'visible' });
    // An overlay: once slid in, it covers the page from the left edge instead of pushing it aside.
    await expect.poll(async () => (await sidebar.boundingBox())?.x).toBe(0);
    expect((await sidebar.boundingBox())!.width).toBeLessThanOrEqual(375);
    await screenshot(page, 'sidebar-overlay-375');
    await sidebar.getByRole('link', { name: en.sidebar.newAgent }).click();
    await page.waitForURL('**/agent/new');
    await sidebar.waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    await page.getByRole('link', { name: en.topBar.profile }).click();
    await page.waitForURL('**/profile');
    await screenshot(page, 'profile-375');
  });

  it('sends a user away from admin routes and lets the admin in', async () => {
    const page = await newPage();
    await signedInContextUser(page.context());
    await page.goto('/admin');
    await page.waitForURL('**/chat/new');
    const openSidebar = async (p: typeof page) => {
      await p.getByRole('button', { name: en.sidebar.toggle, exact: true }).click();
      const sidebar = p.getByRole('navigation', { name: en.sidebar.label });
      await sidebar.getByRole('link', { name: en.sidebar.newAgent }).waitFor();
      return sidebar;
    };
    const userSidebar = await openSidebar(page);
    expect(await userSidebar.getByRole('link', { name: en.sidebar.adminPanel }).count()).toBe(0);
    expect(await userSidebar.getByText(en.sidebar.unlimited).count()).toBe(0);

    const adminPage = await newPage();
    await signIn(adminPage.context(), admin.email, admin.password);
    await adminPage.goto('/admin');
    await adminPage.getByRole('heading', { name: en.admin.heading }).waitFor();
    expect(new URL(adminPage.url()).pathname).toBe('/admin');
    const adminSidebar = await openSidebar(adminPage);
    await adminSidebar.getByRole('link', { name: en.sidebar.adminPanel }).waitFor();
    // The admin's allowance reads UNLIMITED.
    await adminSidebar.getByText(en.sidebar.unlimited).waitFor();
    await screenshot(adminPage, 'admin-shell-desktop');
  });

  it('shows a wrong password on the password field', async () => {
    const page = await newPage();
    await page.goto('/auth/sign-in');
    await page.getByLabel(en.forms.email).fill(admin.email);
    await page.getByLabel(en.signIn.password).fill('Wrong#2026x');
    await page.getByRole('button', { name: en.signIn.submit }).click();
    await page.getByText(en.apiErrors.authorization.invalid_credentials).waitFor();
  });
});
