// Issue 17: the sign-in form's keyboard order, an unreachable API that must not sign anyone out, a
// confirmation link opened again, Google sign-in on a server without it, and the auth layout's bloom panel.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en } from '../apps/web/src/locales/en.js';
import { pl } from '../apps/web/src/locales/pl.js';
import { PASSWORD, confirmedAccount, newEmail, signedInContextUser } from './support/accounts.js';
import { hasBrowser, screenshot, useBrowser } from './support/browser.js';

const languages = [
  ['en', en],
  ['pl', pl],
] as const;

/** Whether the element `locator` points at has the keyboard focus. */
const isFocused = (locator: ReturnType<Page['getByRole']>) =>
  locator.evaluate((element) => element === document.activeElement);

async function useLanguage(page: Page, language: 'en' | 'pl') {
  if (language === 'pl') await page.getByRole('button', { name: en.language.pl }).click();
}

describe.skipIf(!hasBrowser)('sign-in and its outcomes in the browser', () => {
  const newPage = useBrowser({
    allowConsole: [
      // The session refresh of a signed-out page answers 401.
      /401 \(Unauthorized\)/,
      // The API made unreachable on purpose.
      /net::ERR_INTERNET_DISCONNECTED/,
      // A confirmation link opened again answers 409 (already confirmed), as it must.
      /409 \(Conflict\) @ .*\/api\/auth\/email\/confirm/,
      /404 \(Not Found\) @ .*\/api\/payment\/billing-portal\/url/,
    ],
  });

  it.each(languages)(
    'sign-in: Tab goes Email → Password → Continue → Forgot password, so Tab and Enter sign in (%s)',
    async (language, t) => {
      const page = await newPage();
      const email = newEmail(`tab-${language}`);
      await confirmedAccount(page.context(), email);
      await page.goto('/auth/sign-in');
      await useLanguage(page, language);
      await page.getByRole('heading', { name: t.signIn.heading }).waitFor();

      const emailField = page.getByLabel(t.forms.email);
      const passwordField = page.getByLabel(t.signIn.password);
      const submit = page.getByRole('button', { name: t.signIn.submit });
      const forgot = page.getByRole('link', { name: t.signIn.forgotPassword });

      // The order, key by key.
      await emailField.focus();
      for (const next of [passwordField, submit, forgot]) {
        await page.keyboard.press('Tab');
        expect(await isFocused(next)).toBe(true);
      }
      await page.keyboard.press('Shift+Tab');
      expect(await isFocused(submit)).toBe(true);
      await screenshot(page, `sign-in-tab-order-${language}`);

      // The journey of the issue: the e-mail, Tab, the password, Enter — signed in, nothing lost.
      await emailField.focus();
      await page.keyboard.type(email);
      await page.keyboard.press('Tab');
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press('Enter');
      await page.waitForURL('**/chat/new');
    },
  );

  it.each(languages)(
    'with the API unreachable a reload says the service is unavailable, and the user is still signed in when it is back (%s)',
    async (language, t) => {
      const page = await newPage();
      await signedInContextUser(page.context(), newEmail(`outage-${language}`), language);
      await page.goto('/profile');
      await page.getByRole('heading', { name: t.profile.heading, level: 1 }).waitFor();

      await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
      await page.reload();
      await page.getByRole('heading', { name: t.serviceUnavailable.title, level: 1 }).waitFor();
      await page.getByRole('alert').filter({ hasText: t.serviceUnavailable.text }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/profile');
      expect(await page.getByRole('heading', { name: t.signIn.heading }).count()).toBe(0);
      await screenshot(page, `service-unavailable-${language}`);
      await page.setViewportSize({ width: 375, height: 740 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'no horizontal scrolling at 375 px').toBeLessThanOrEqual(0);
      await screenshot(page, `service-unavailable-375-${language}`);

      // Back: Try again (from the keyboard) finds the session, and the page asked for is shown.
      await page.unroute('**/api/**');
      await page.getByRole('button', { name: t.common.tryAgain }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: t.profile.heading, level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/profile');
    },
  );

  it.each(languages)(
    'a confirmation link opened again says the address is already confirmed, with a way to sign in (%s)',
    async (language, t) => {
      const page = await newPage({ width: 375, height: 740 });
      const link = await confirmedAccount(page.context(), newEmail(`again-${language}`));
      await page.goto('/auth/sign-in');
      await useLanguage(page, language);
      await page.goto(link);
      await page.getByRole('heading', { name: t.emailConfirmation.alreadyConfirmed.title }).waitFor();
      await page.getByText(t.emailConfirmation.alreadyConfirmed.text).waitFor();
      expect(await page.getByText(t.apiErrors.authorization.invalid_email_confirmation_token).count()).toBe(
        0,
      );
      await screenshot(page, `email-already-confirmed-375-${language}`);
      await page.getByRole('link', { name: t.emailConfirmation.confirmed.signIn }).click();
      await page.waitForURL('**/auth/sign-in');
    },
  );

  it.each(languages)(
    'on a server without Google sign-in, /auth/sso/google says it is off and posts nothing (%s)',
    async (language, t) => {
      const page = await newPage();
      const posted: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/auth/sso/google')) posted.push(request.url());
      });
      await page.goto('/auth/sign-in');
      await useLanguage(page, language);
      await page.goto('/auth/sso/google?code=a-code&state=a-state');
      await page.getByRole('heading', { name: t.googleSso.off.title }).waitFor();
      await page.getByText(t.googleSso.off.text).waitFor();
      expect(await page.getByText(t.apiErrors.NOT_FOUND).count()).toBe(0);
      expect(posted).toEqual([]);
      await screenshot(page, `google-sign-in-off-${language}`);
    },
  );

  describe('the auth layout’s bloom panel', () => {
    /** The panel's media and caption boxes, and how much the shown video is scaled up on screen. */
    const measure = (page: Page) =>
      page.evaluate(() => {
        const media = document.querySelector<HTMLVideoElement | HTMLImageElement>('.bloom-showcase__media')!;
        const caption = document.querySelector('.bloom-showcase__caption')!;
        const box = media.getBoundingClientRect();
        let upscale = 0;
        if (media instanceof HTMLVideoElement && media.videoWidth > 0) {
          const shown = Math.min(box.width / media.videoWidth, box.height / media.videoHeight);
          upscale = shown * window.devicePixelRatio;
        }
        return {
          kind: media.tagName.toLowerCase(),
          mediaBottom: box.bottom,
          captionTop: caption.getBoundingClientRect().top,
          upscale,
        };
      });

    it('plays the video whole and sharp (never upscaled), above the caption, at desktop widths', async () => {
      for (const viewport of [
        { width: 1440, height: 900 },
        { width: 1920, height: 1080 },
        { width: 1024, height: 768 },
      ]) {
        const page = await newPage(viewport);
        await page.goto('/auth/sign-in');
        await page.getByRole('heading', { name: en.signIn.heading }).waitFor();
        await page.waitForFunction(() => {
          const video = document.querySelector('video');
          return video !== null && video.readyState >= 2 && !video.paused;
        });
        const { kind, mediaBottom, captionTop, upscale } = await measure(page);
        expect(kind).toBe('video');
        expect(mediaBottom).toBeLessThanOrEqual(captionTop);
        expect(upscale, `video scale at ${viewport.width}×${viewport.height}`).toBeGreaterThan(0);
        expect(upscale, `video scale at ${viewport.width}×${viewport.height}`).toBeLessThanOrEqual(1);
        await screenshot(page, `auth-panel-video-${viewport.width}`);
      }
    });

    it('shows the still image above the caption (its stem never runs through the text), and no panel at 375 px', async () => {
      const page = await newPage({ width: 1440, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/auth/sign-in');
      const image = page.getByRole('img', { name: en.authLayout.panelImageAlt });
      await image.waitFor();
      await page.waitForFunction(
        () => document.querySelector<HTMLImageElement>('.bloom-showcase img')?.complete,
      );
      const { kind, mediaBottom, captionTop } = await measure(page);
      expect(kind).toBe('img');
      expect(mediaBottom).toBeLessThanOrEqual(captionTop);
      await screenshot(page, 'auth-panel-image-1440');

      await page.setViewportSize({ width: 375, height: 740 });
      await page.locator('.bloom-showcase').waitFor({ state: 'detached' });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'no horizontal scrolling at 375 px').toBeLessThanOrEqual(0);
      await screenshot(page, 'auth-sign-in-375');
    });
  });
});
