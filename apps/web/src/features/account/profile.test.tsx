import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import {
  apiCalls,
  apiErrorResponse,
  renderApp,
  setApi,
  signedInAs,
  setUpAppHarness,
} from '../../test/app-harness';
import { jsonResponse, testUser } from '../../test/fixtures';

setUpAppHarness();

const isCall = (url: URL, init: RequestInit, method: string, path: string) =>
  url.pathname.endsWith(path) && init.method === method;

const alertBanners = () =>
  screen.queryAllByRole('alert').filter((element) => element.classList.contains('banner'));

describe('profile tabs', () => {
  it('shows the account tab at /profile, as the selected tab of a tablist', async () => {
    setApi(signedInAs(testUser()));
    renderApp('/profile');
    const tablist = await screen.findByRole('tablist', { name: 'Profile sections' });
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Account', 'Password', 'Prompts']);
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    expect(tablist.contains(tabs[0]!)).toBe(true);
    const panel = screen.getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(tabs[0]!.id);
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ada');
    expect(screen.getByText('ada@example.com').previousElementSibling?.textContent).toBe('Email');
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
  });

  it('sends an unknown tab to the first one', async () => {
    setApi(signedInAs(testUser()));
    const router = renderApp('/profile/nope');
    await screen.findByRole('tablist');
    expect(router.state.location.pathname).toBe('/profile/account');
  });

  it('moves between tabs with the arrow keys, each tab a route', async () => {
    setApi(signedInAs(testUser()));
    const router = renderApp('/profile/account');
    const user = userEvent.setup();
    (await screen.findByRole('tab', { name: 'Account' })).focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/password'));
    const passwordTab = screen.getByRole('tab', { name: 'Password' });
    expect(passwordTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(passwordTab);
    expect(screen.getByRole('heading', { name: 'Change password' })).toBeTruthy();
    await user.keyboard('{End}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/prompts'));
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Prompts' }));
  });
});

describe('account tab', () => {
  it('saves the names and updates the session user', async () => {
    setApi(
      signedInAs(testUser(), (url, init) =>
        isCall(url, init, 'PUT', '/account/data')
          ? jsonResponse(testUser({ firstName: 'Augusta', lastName: 'King' }))
          : undefined,
      ),
    );
    renderApp('/profile/account');
    const user = userEvent.setup();
    const firstName = await screen.findByLabelText('First name');
    await user.clear(firstName);
    await user.type(firstName, 'Augusta');
    const lastName = screen.getByLabelText('Last name');
    await user.clear(lastName);
    await user.type(lastName, 'King');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your details have been saved.')).toBeTruthy();
    expect(apiCalls('PUT', '/account/data').map((call) => call.body)).toEqual([
      { firstName: 'Augusta', lastName: 'King' },
    ]);
    expect(screen.getByRole('button', { name: 'Account menu for Augusta King' })).toBeTruthy();
  });

  it('sends the user to Settings to download their data or delete the account', async () => {
    setApi(signedInAs(testUser()));
    const router = renderApp('/profile');
    const user = userEvent.setup();
    await screen.findByText(/Downloading your data and deleting your account are in/);
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    const links = screen.getAllByRole('link', { name: 'Settings' });
    await user.click(links.at(-1)!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
  });
});

describe('password tab', () => {
  const fillAndSubmit = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.type(await screen.findByLabelText('Current password'), 'Oldpass1!');
    await user.type(screen.getByLabelText('New password'), 'Newpass1!');
    await user.type(screen.getByLabelText('Confirm new password'), 'Newpass1!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
  };

  it('puts the server’s field errors on their fields', async () => {
    let answer = () =>
      apiErrorResponse('account.invalid_current_password', 400, { field: 'currentPassword' });
    setApi(
      signedInAs(testUser(), (url, init) =>
        isCall(url, init, 'POST', '/account/password') ? answer() : undefined,
      ),
    );
    renderApp('/profile/password');
    const user = userEvent.setup();
    await fillAndSubmit(user);

    const current = screen.getByLabelText('Current password');
    await waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'));
    const currentErrorId = current.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(currentErrorId)?.textContent).toBe('The current password is incorrect.');
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBeNull();
    expect(alertBanners()).toEqual([]);
    expect(apiCalls('POST', '/account/password').map((call) => call.body)).toEqual([
      { currentPassword: 'Oldpass1!', newPassword: 'Newpass1!', confirmPassword: 'Newpass1!' },
    ]);

    answer = () =>
      apiErrorResponse('account.new_password_same_as_current_password', 400, { field: 'newPassword' });
    await user.type(current, 'x');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The new password must be different from the current one.')).toBeTruthy();
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows an error without a field in the alert region', async () => {
    setApi(
      signedInAs(testUser(), (url, init) =>
        isCall(url, init, 'POST', '/account/password') ? apiErrorResponse('INTERNAL', 500) : undefined,
      ),
    );
    renderApp('/profile/password');
    await fillAndSubmit(userEvent.setup());
    await waitFor(() =>
      expect(alertBanners().map((banner) => banner.textContent)).toEqual([
        'Something went wrong on our side. Please try again.',
      ]),
    );
  });

  it('confirms a change and empties the form', async () => {
    setApi(
      signedInAs(testUser(), (url, init) =>
        isCall(url, init, 'POST', '/account/password') ? new Response(null, { status: 204 }) : undefined,
      ),
    );
    renderApp('/profile/password');
    await fillAndSubmit(userEvent.setup());
    expect(
      await screen.findByText('Your password has been changed. Your other devices have been signed out.'),
    ).toBeTruthy();
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it('has a note instead of the form for a Google-only account', async () => {
    setApi(signedInAs(testUser({ hasPassword: false })));
    renderApp('/profile/password');
    expect(await screen.findByText(/Your account signs in with Google/)).toBeTruthy();
    expect(screen.queryByLabelText('Current password')).toBeNull();
  });
});

describe('prompts tab', () => {
  const limitLabel = 'Prompts limit per month (0 means the default limit)';
  const renewalLabel = 'Renewal frequency in days (0 means the default)';
  const valueOf = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

  it('shows a user the limit, used, left, renewal days and next renewal', async () => {
    setApi(
      signedInAs(
        testUser({ prompts: { limit: 10, used: 3, renewalDays: 30, nextRenewalAt: '2025-10-01T08:30:00' } }),
      ),
    );
    renderApp('/profile/prompts');
    await screen.findByText(limitLabel);
    expect(valueOf(limitLabel)).toBe('10');
    expect(valueOf('Prompts used')).toBe('3');
    expect(valueOf('Prompts left')).toBe('7');
    expect(valueOf(renewalLabel)).toBe('30');
    expect(valueOf('Next renewal')).toBe('01.10.2025 08:30');
    expect(screen.queryByText('UNLIMITED')).toBeNull();
    // What uses a prompt: a model's answer; not the guided interview, nor the demos.
    expect(
      screen.getByText(/Each message an AI model answers in a chat uses one prompt/).textContent,
    ).toContain('The guided interview (when no AI model is set up) and the demos use none.');
  });

  it('fills the bar with what is left, as its caption says (42/50 left: 84 %)', async () => {
    setApi(
      signedInAs(
        testUser({ prompts: { limit: 50, used: 8, renewalDays: 30, nextRenewalAt: '2025-10-01T08:30:00' } }),
      ),
    );
    renderApp('/profile/prompts');
    await screen.findByText(limitLabel);
    const usage = document.querySelector<HTMLElement>('.usage')!;
    expect(usage.querySelector('.usage__caption')?.textContent).toBe('42/50 left');
    expect(usage.querySelector<HTMLElement>('.usage__fill')?.style.width).toBe('84%');
  });

  it('shows an admin UNLIMITED instead of a limit', async () => {
    setApi(
      signedInAs(
        testUser({
          role: { name: 'admin' },
          prompts: { limit: 10, used: 3, renewalDays: 30, nextRenewalAt: '2025-10-01T08:30:00' },
        }),
      ),
    );
    renderApp('/profile/prompts');
    await screen.findByText(limitLabel);
    expect(valueOf(limitLabel)).toBe('UNLIMITED');
    expect(valueOf('Prompts left')).toBe('UNLIMITED');
    expect(screen.queryByText(renewalLabel)).toBeNull();
    expect(screen.queryByText('7')).toBeNull();
  });
});

describe('settings and the account language', () => {
  it('saves the language with the names and switches the UI to it', async () => {
    setApi(
      signedInAs(testUser(), (url, init) =>
        isCall(url, init, 'PUT', '/account/data') ? jsonResponse(testUser({ language: 'pl' })) : undefined,
      ),
    );
    renderApp('/settings');
    const user = userEvent.setup();
    const group = await screen.findByRole('group', { name: 'Language' });
    expect((screen.getByRole('radio', { name: 'English' }) as HTMLInputElement).checked).toBe(true);
    expect(group.contains(screen.getByRole('radio', { name: 'Polski' }))).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Polski' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Twoje ustawienia zostały zapisane.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ustawienia', level: 1 })).toBeTruthy();
    expect(apiCalls('PUT', '/account/data').map((call) => call.body)).toEqual([
      { firstName: 'Ada', lastName: 'Lovelace', language: 'pl' },
    ]);
    expect(localStorage.getItem('language')).toBe('pl');
  });

  it('adopts the account’s language when the session arrives with another one', async () => {
    setApi(signedInAs(testUser({ language: 'pl' })));
    renderApp('/chat/new');
    expect(await screen.findByRole('heading', { name: 'Nowy czat', level: 1 })).toBeTruthy();
    expect(i18n.resolvedLanguage).toBe('pl');
    expect(localStorage.getItem('language')).toBe('pl');
  });
});
