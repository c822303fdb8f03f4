import { describe, expect, it } from 'vitest';
import { hasBrowser, screenshot, useBrowser } from './support/browser.js';

// The signed-out half of the routing rules (docs/product-rules.md §2),
// in a real browser against the built app.
describe.skipIf(!hasBrowser)('routing when signed out', () => {
  const newPage = useBrowser({
    // The session refresh asks for the current user and is told 401: Chromium logs that response.
    allowConsole: [/401 \(Unauthorized\)/],
  });

  it.each(['/', '/some/unknown/path', '/auth/not-a-screen', '/profile', '/admin', '/agent/new', '/chat/new'])(
    'sends %s to the sign-in screen',
    async (path) => {
      const page = await newPage();
      await page.goto(path);
      await page.waitForURL('**/auth/sign-in');
      await expect.poll(() => page.getByRole('heading', { name: 'Welcome Back!' }).isVisible()).toBe(true);
    },
  );

  it('shows the sign-in screen at desktop and phone widths', async () => {
    for (const [name, viewport] of [
      ['sign-in-desktop', { width: 1280, height: 800 }],
      ['sign-in-375', { width: 375, height: 740 }],
    ] as const) {
      const page = await newPage(viewport);
      await page.goto('/auth/sign-in');
      await page.getByRole('button', { name: 'Continue with Email' }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name}: no horizontal scrolling`).toBeLessThanOrEqual(0);
      await screenshot(page, name);
    }
  });
});
