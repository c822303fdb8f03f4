// The admin panel in the browser (issue 21), on an app of its own with ACCOUNT_APPROVAL on: a new account
// waits for approval; an admin finds it among the waiting ones, approves it and changes its allowance; its
// owner can then sign in and sees the new limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../apps/web/src/locales/en.js';
import { PASSWORD, newEmail, signIn } from './support/accounts.js';
import { hasBrowser, screenshot, useBrowser } from './support/browser.js';
import { startOwnApp, type OwnApp } from './support/own-app.js';
import { linkPath, waitForEmail } from './support/outbox.js';

const admin = {
  email: 'keeper@greenhouse.test',
  password: 'Keeper#Greenhouse1',
  firstName: 'Kim',
  lastName: 'Keeper',
};

describe.skipIf(!hasBrowser)('the admin panel in the browser', () => {
  const newPage = useBrowser({
    // The signed-out pages' session refresh.
    allowConsole: [/401 \(Unauthorized\)/],
  });
  let app: OwnApp;

  beforeAll(async () => {
    app = await startOwnApp({ ACCOUNT_APPROVAL: 'true' }, [admin]);
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('approves a waiting account and changes its allowance; its owner then signs in and sees the limit', async () => {
    // A new account, confirmed from its e-mail: it waits for approval.
    const owner = await newPage({ width: 1280, height: 800 }, { baseURL: app.url });
    const email = newEmail('waiting');
    await owner.goto('/auth/sign-up');
    await owner.getByLabel(en.forms.email).fill(email);
    await owner.getByLabel(en.forms.password, { exact: true }).fill(PASSWORD);
    await owner.getByLabel(en.forms.firstName).fill('Wanda');
    await owner.getByLabel(en.forms.lastName).fill('Waiting');
    await owner.getByRole('button', { name: en.signUp.submit }).click();
    await owner.getByRole('heading', { name: en.signUp.sent.heading }).waitFor();
    const mail = await waitForEmail(email, /Greenhouse/, 10_000, app.dataDir);
    await owner.goto(linkPath(mail, '/auth/email-confirmation?token='));
    await owner.getByText(en.apiErrors.authorization.account_not_active).waitFor();

    // The admin finds it among the accounts waiting for approval.
    const page = await newPage({ width: 1280, height: 800 }, { baseURL: app.url });
    await signIn(page.context(), admin.email, admin.password);
    await page.goto('/admin');
    await page.getByRole('heading', { name: en.admin.heading, level: 1 }).waitFor();
    const table = page.getByRole('table', { name: en.admin.users.caption });
    await table.getByRole('link', { name: 'Wanda Waiting' }).waitFor();
    await page
      .getByLabel(en.admin.users.statusFilter)
      .selectOption({ label: en.admin.users.statusFilters.pending });
    await page.waitForURL('**/admin?status=pending');
    await page.getByText(en.admin.users.total.replace('{{count}}', '1')).waitFor();
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(en.admin.status.pending);
    await screenshot(page, 'admin-users-pending-desktop');

    // Its page: approve, then a new monthly limit (whole numbers only: the typed dot is not taken).
    await table.getByRole('link', { name: 'Wanda Waiting' }).click();
    await page.waitForURL(/\/admin\/users\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Wanda Waiting', level: 1 }).waitFor();
    // Its agents and its chats (GET /admin/chats), none yet, each under its own heading.
    const chats = page.getByRole('region', { name: en.admin.user.chatsHeading.replace('{{count}}', '0') });
    await chats.getByText(en.admin.chats.emptyForUser).waitFor();
    await page.getByText(en.admin.agents.emptyForUser).waitFor();
    const approval = page.getByRole('region', { name: en.admin.user.approval.heading });
    await approval.getByRole('button', { name: en.admin.user.approval.approve }).click();
    await page.getByText(en.admin.user.approval.approved.replace('{{email}}', email)).waitFor();
    await approval.waitFor({ state: 'detached' });
    const limit = page.getByLabel(en.profile.prompts.limit);
    await limit.fill('');
    await limit.pressSequentially('7.');
    expect(await limit.inputValue()).toBe('7');
    await page.getByRole('button', { name: en.admin.user.save }).click();
    await page.getByText(en.admin.user.saved).waitFor();
    await screenshot(page, 'admin-user-desktop');

    // The audit log has both changes, newest first.
    await page.goto('/admin?tab=audit');
    const audit = page.getByRole('table', { name: en.admin.audit.caption });
    await audit.locator('tbody tr').nth(1).waitFor();
    const changes = await audit.locator('tbody tr td:last-child').allTextContents();
    expect(changes[0]).toContain('7');
    expect(changes[1]).toContain(`${en.admin.fields.active}: ${en.admin.no} → ${en.admin.yes}`);

    // Its owner signs in now and has 7 prompts a month.
    await owner.goto('/auth/sign-in');
    await owner.getByLabel(en.forms.email).fill(email);
    await owner.getByLabel(en.signIn.password).fill(PASSWORD);
    await owner.getByRole('button', { name: en.signIn.submit }).click();
    await owner.waitForURL('**/chat/new');
    await owner.goto('/profile/prompts');
    const limitRow = owner.locator('dt', { hasText: en.profile.prompts.limit }).locator('xpath=..');
    expect(await limitRow.locator('dd').textContent()).toBe('7');
  });
});
