import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  apiCalls,
  apiErrorResponse,
  renderApp,
  setApi,
  setUpAppHarness,
  signedInAs,
} from '../../test/app-harness';
import { jsonResponse, testUser } from '../../test/fixtures';

setUpAppHarness();

const PORTAL_URL = 'https://billing.test/p/session/test_1';

/** Signed in; GET /payment/billing-portal/url answers `portal()`. */
function servePortal(portal: () => Response, user = testUser()) {
  setApi(
    signedInAs(user, (url) => (url.pathname.endsWith('/payment/billing-portal/url') ? portal() : undefined)),
  );
}

async function openMenu(name: RegExp) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name }));
  return screen.findByRole('menu');
}

describe('the user menu’s purchase history', () => {
  it('opens the billing portal in a new tab when the portal answered with an address', async () => {
    servePortal(() => jsonResponse({ url: PORTAL_URL }));
    renderApp('/agent/new');
    const menu = await openMenu(/^Account menu for/);
    const link = await within(menu).findByRole('menuitem', { name: /Purchase history/ });
    expect(link.getAttribute('href')).toBe(PORTAL_URL);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link.textContent).toContain('Purchase history');
    expect(apiCalls('GET', '/payment/billing-portal/url')).toHaveLength(1);
  });

  it('has no purchase history when the user never paid (no billing account)', async () => {
    servePortal(() => apiErrorResponse('payment.customer_not_found', 404));
    renderApp('/agent/new');
    const menu = await openMenu(/^Account menu for/);
    await waitFor(() => expect(apiCalls('GET', '/payment/billing-portal/url')).toHaveLength(1));
    // Let the failed answer land, then the menu still has no such item.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(menu).queryByRole('menuitem', { name: /Purchase history/ })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toBeTruthy();
  });

  it('says it in Polish', async () => {
    servePortal(() => jsonResponse({ url: PORTAL_URL }), testUser({ language: 'pl' }));
    renderApp('/agent/new');
    const menu = await openMenu(/^Menu konta użytkownika/);
    const link = await within(menu).findByRole('menuitem', { name: /Historia zakupów/ });
    expect(link.getAttribute('href')).toBe(PORTAL_URL);
  });
});
