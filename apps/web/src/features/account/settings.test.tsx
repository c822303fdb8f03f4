import type { AccountSession, ApiToken, User } from '@greenhouse/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  apiCalls,
  apiErrorResponse,
  renderApp,
  setApi,
  signedInAs,
  setUpAppHarness,
} from '../../test/app-harness';
import { jsonResponse, testUser } from '../../test/fixtures';
import { rememberReturnAfterSignIn, returnAfterSignIn } from '../../lib/return-after-sign-in';
import { deleteAccountErrorPlace } from './delete-account-error';
import { ApiRequestError } from '../../lib/api-client';

setUpAppHarness();

const session = (overrides: Partial<AccountSession> = {}): AccountSession => ({
  id: 's1',
  device: 'Chrome 131 on Linux',
  address: '203.0.113.7',
  createdAt: '2026-11-20T08:00:00.000Z',
  lastSeenAt: '2026-11-26T09:15:00',
  current: true,
  ...overrides,
});

const token = (overrides: Partial<ApiToken> = {}): ApiToken => ({
  id: 't1',
  name: 'backup script',
  createdAt: '2026-11-01T10:00:00',
  expiresAt: '2099-12-01T10:00:00',
  lastUsedAt: null,
  ...overrides,
});

type Route = (url: URL, init: RequestInit) => Response | Promise<Response> | undefined;

/**
 * A signed-in user on /settings: the sessions and tokens the API holds (changed by the calls that change
 * them), and `extra` routes first.
 */
function settingsApi(
  user: User,
  state: { sessions?: AccountSession[]; tokens?: ApiToken[] } = {},
  extra: Route = () => undefined,
) {
  let sessions = state.sessions ?? [session()];
  let tokens = state.tokens ?? [];
  setApi(
    signedInAs(user, (url, init) => {
      const answer = extra(url, init);
      if (answer) return answer;
      const method = init.method ?? 'GET';
      const path = url.pathname.replace(/^\/api/, '');
      if (path === '/account/sessions' && method === 'GET') return jsonResponse({ sessions });
      if (path === '/account/sessions' && method === 'DELETE') {
        sessions = sessions.filter((s) => s.current);
        return new Response(null, { status: 204 });
      }
      const sessionId = /^\/account\/sessions\/(.+)$/.exec(path)?.[1];
      if (sessionId && method === 'DELETE') {
        sessions = sessions.filter((s) => s.id !== sessionId);
        return new Response(null, { status: 204 });
      }
      if (path === '/account/tokens' && method === 'GET') return jsonResponse({ tokens });
      if (path === '/account/tokens' && method === 'POST') {
        const body = JSON.parse(String(init.body)) as { name: string };
        const created = token({ id: 't-new', name: body.name, expiresAt: '2027-02-24T10:00:00' });
        tokens = [...tokens, created];
        return jsonResponse({ ...created, token: 'gh_secret123' }, 201);
      }
      const tokenId = /^\/account\/tokens\/(.+)$/.exec(path)?.[1];
      if (tokenId && method === 'DELETE') {
        tokens = tokens.filter((item) => item.id !== tokenId);
        return new Response(null, { status: 204 });
      }
      return undefined;
    }),
  );
}

const section = async (name: string) =>
  (await screen.findByRole('heading', { name, level: 2 })).closest('section')!;

describe('settings: sessions', () => {
  it('lists the sessions, this device first and marked, and signs another one out', async () => {
    settingsApi(testUser(), {
      sessions: [
        session({ id: 's2', device: 'Firefox 133 on Windows', address: null, current: false }),
        session(),
      ],
    });
    renderApp('/settings');
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Your sessions' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.fact-card__title')?.textContent)).toEqual([
      'Chrome 131 on LinuxThis device',
      'Firefox 133 on Windows',
    ]);
    expect(items[0]!.textContent).toContain('203.0.113.7');
    expect(items[0]!.textContent).toContain('26.11.2026 09:15');
    expect(items[1]!.textContent).toContain('Unknown');
    // This device has no Sign out of its own.
    expect(within(items[0]!).queryByRole('button')).toBeNull();

    await user.click(
      within(items[1]!).getByRole('button', {
        name: 'Sign out Firefox 133 on Windows, last seen 26.11.2026 09:15',
      }),
    );
    expect(await screen.findByText('Firefox 133 on Windows has been signed out.')).toBeTruthy();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(apiCalls('DELETE', '/account/sessions/s2')).toHaveLength(1);
    expect(screen.getByText('No other browser or device is signed in.')).toBeTruthy();
  });

  it('signs out all other sessions after a confirmation', async () => {
    settingsApi(testUser(), {
      sessions: [session(), session({ id: 's2', current: false }), session({ id: 's3', current: false })],
    });
    renderApp('/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out all other sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out all other sessions' });
    // Cancel first: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(apiCalls('DELETE', '/account/sessions')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out all' }));
    expect(await screen.findByText('All other sessions have been signed out.')).toBeTruthy();
    expect(apiCalls('DELETE', '/account/sessions')).toHaveLength(1);
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Your sessions' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('settings: personal API tokens', () => {
  it('creates a token, shows it once with a warning, copies it, and lists it', async () => {
    settingsApi(testUser());
    renderApp('/settings');
    const user = userEvent.setup();
    const tokens = await section('Personal API tokens');
    expect(tokens.textContent).toContain('Authorization: Bearer');
    // The API's reference page, served by the server (apps/server/test/openapi.test.ts).
    expect(within(tokens).getByRole('link', { name: 'API reference (OpenAPI)' }).getAttribute('href')).toBe(
      '/api/docs/',
    );
    expect(await within(tokens).findByText('You have no API tokens yet.')).toBeTruthy();

    await user.type(within(tokens).getByLabelText('Name'), 'backup script');
    await user.selectOptions(within(tokens).getByLabelText('Expires after'), '90 days');
    await user.click(within(tokens).getByRole('button', { name: 'Create token' }));

    const field = (await within(tokens).findByLabelText('New token')) as HTMLInputElement;
    expect(field.value).toBe('gh_secret123');
    expect(field.readOnly).toBe(true);
    expect(document.activeElement).toBe(field);
    const hint = document.getElementById(field.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(hint?.textContent).toMatch(/it will not be shown again/);
    expect(apiCalls('POST', '/account/tokens').map((call) => call.body)).toEqual([
      { name: 'backup script', expiresInDays: 90 },
    ]);
    // The form is ready for the next one.
    expect((within(tokens).getByLabelText('Name') as HTMLInputElement).value).toBe('');

    await user.click(within(tokens).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('gh_secret123');
    expect(await within(tokens).findByText('Copied to the clipboard.')).toBeTruthy();

    const item = (
      await within(tokens).findByText('backup script', { selector: '.fact-card__title' })
    ).closest('li')!;
    expect(item.textContent).toContain('24.02.2027 10:00');
    expect(item.textContent).toContain('Never');

    await user.click(within(tokens).getByRole('button', { name: 'Done' }));
    expect(within(tokens).queryByLabelText('New token')).toBeNull();
    expect(document.activeElement).toBe(within(tokens).getByLabelText('Name'));
  });

  it('checks the name before sending, and puts the server’s field error on its field', async () => {
    settingsApi(testUser(), {}, (url, init) =>
      url.pathname.endsWith('/account/tokens') && init.method === 'POST'
        ? apiErrorResponse('token.name_too_long', 400, { field: 'name' })
        : undefined,
    );
    renderApp('/settings');
    const user = userEvent.setup();
    const tokens = await section('Personal API tokens');
    await user.click(within(tokens).getByRole('button', { name: 'Create token' }));
    expect(await within(tokens).findByText('Token name is required.')).toBeTruthy();
    expect(apiCalls('POST', '/account/tokens')).toHaveLength(0);

    const name = within(tokens).getByLabelText('Name');
    await user.type(name, 'x');
    await user.click(within(tokens).getByRole('button', { name: 'Create token' }));
    expect(
      await within(tokens).findByText('Token name cannot be more than 64 characters long.'),
    ).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(within(tokens).queryByLabelText('New token')).toBeNull();
  });

  it('revokes a token after a confirmation', async () => {
    settingsApi(testUser(), {
      tokens: [
        token(),
        token({ id: 't2', name: 'old', lastUsedAt: '2026-11-25T12:00:00', expiresAt: '2020-01-01T00:00:00' }),
      ],
    });
    renderApp('/settings');
    const user = userEvent.setup();
    const tokens = await section('Personal API tokens');
    const old = (await within(tokens).findByText('old', { selector: '.fact-card__title' })).closest('li')!;
    expect(old.textContent).toContain('Expired');
    expect(old.textContent).toContain('25.11.2026 12:00');
    await user.click(within(tokens).getByRole('button', { name: 'Revoke the token backup script' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke token' });
    expect(dialog.textContent).toContain('“backup script”');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('The token “backup script” has been revoked.')).toBeTruthy();
    expect(apiCalls('DELETE', '/account/tokens/t1')).toHaveLength(1);
    await waitFor(() =>
      expect(within(tokens).queryByText('backup script', { selector: '.fact-card__title' })).toBeNull(),
    );
    expect(within(tokens).getByText('old', { selector: '.fact-card__title' })).toBeTruthy();
  });
});

describe('settings: download my data', () => {
  it('fetches the export and saves it as a JSON file', async () => {
    settingsApi(testUser(), {}, (url) =>
      url.pathname === '/api/account/export' ? jsonResponse({ exportedAt: 'now' }) : undefined,
    );
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Your data has been downloaded.')).toBeTruthy();
    expect(apiCalls('GET', '/api/account/export')).toHaveLength(1);
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toMatch(/^greenhouse-export-\d{4}-\d{2}-\d{2}\.json$/);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(anchor.href).toBe('blob:export');
  });
});

describe('settings: delete my account', () => {
  const openDialog = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    return screen.findByRole('dialog', { name: 'Delete my account' });
  };

  it('asks for the password, shows a wrong one on the field and the last-admin refusal in the dialog', async () => {
    let answer = () => apiErrorResponse('account.invalid_current_password', 400);
    settingsApi(testUser(), {}, (url, init) =>
      url.pathname.endsWith('/account/delete') && init.method === 'POST' ? answer() : undefined,
    );
    renderApp('/settings');
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    const password = within(dialog).getByLabelText('Your password');
    expect(document.activeElement).toBe(password);
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Enter your password.')).toBeTruthy();
    expect(apiCalls('POST', '/account/delete')).toHaveLength(0);

    await user.type(password, 'Wrong#2026');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('The current password is incorrect.')).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(apiCalls('POST', '/account/delete').map((call) => call.body)).toEqual([
      { password: 'Wrong#2026' },
    ]);

    answer = () => apiErrorResponse('account.last_admin', 409);
    await user.type(password, 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This is the last active admin. Make another account an admin first.',
    );
  });

  it('deletes the account with the password, ends the session and lands on sign-in', async () => {
    let deleted = false;
    settingsApi(testUser(), {}, (url, init) => {
      if (url.pathname.endsWith('/account/delete') && init.method === 'POST') {
        deleted = true;
        return new Response(null, { status: 204 });
      }
      return deleted ? apiErrorResponse('authorization.unauthorized', 401) : undefined;
    });
    const router = renderApp('/settings');
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Your password'), 'Garden#2026');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back!' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/sign-in');
    expect(await screen.findByText('Your account has been deleted.')).toBeTruthy();
    expect(apiCalls('POST', '/account/delete').map((call) => call.body)).toEqual([
      { password: 'Garden#2026' },
    ]);
  });

  it('asks an account without a password to sign in with Google again, and says so when it is too late', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    settingsApi(testUser({ hasPassword: false }), {}, (url, init) => {
      if (url.pathname.endsWith('/account/delete') && init.method === 'POST')
        return apiErrorResponse('account.reauthentication_needed', 403);
      if (url.pathname.endsWith('/auth/sso/google/url'))
        return jsonResponse({ url: 'https://google.test/auth' });
      if (url.pathname.endsWith('/auth/signout')) return new Response(null, { status: 204 });
      return undefined;
    });
    renderApp('/settings');
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    expect(within(dialog).queryByLabelText('Your password')).toBeNull();
    expect(dialog.textContent).toContain('sign in with Google again');

    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'For your safety, sign in with Google again, then delete the account within 5 minutes.',
    );
    expect(apiCalls('POST', '/account/delete').map((call) => call.body)).toEqual([{}]);

    await user.click(within(dialog).getByRole('button', { name: 'Sign in with Google again' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://google.test/auth'));
    expect(apiCalls('DELETE', '/auth/signout')).toHaveLength(1);
    expect(returnAfterSignIn()).toEqual({ path: '/settings', intent: 'delete-account' });
  });

  it('brings the user back from Google sign-in to the open dialog', async () => {
    rememberReturnAfterSignIn({ path: '/settings', intent: 'delete-account' });
    const googleUser = testUser({ hasPassword: false });
    let signedIn = false;
    settingsApi(googleUser, {}, (url, init) => {
      if (url.pathname.endsWith('/auth/sso/google/callback') && init.method === 'POST') {
        signedIn = true;
        return jsonResponse(googleUser);
      }
      return signedIn ? undefined : apiErrorResponse('authorization.unauthorized', 401);
    });
    // Google sends the signed-out browser back to the callback page.
    const router = renderApp('/auth/sso/google?code=code-9&state=state-9');
    const dialog = await screen.findByRole('dialog', { name: 'Delete my account' });
    expect(router.state.location.pathname).toBe('/settings');
    expect(dialog.textContent).toContain('You can now delete your account within 5 minutes.');
    expect(returnAfterSignIn()).toBeNull();
  });

  it('sends a signed-in user who lands on a signed-out page back to where they left', async () => {
    rememberReturnAfterSignIn({ path: '/settings', intent: 'other' });
    settingsApi(testUser());
    const router = renderApp('/auth/sign-in');
    await screen.findByRole('heading', { name: 'Settings', level: 1 });
    expect(router.state.location.pathname).toBe('/settings');
    // Not for deleting: the dialog stays closed.
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('where a failed delete is shown', () => {
  const error = (code: string, params: Record<string, unknown> = {}) =>
    new ApiRequestError({ code, status: 400, message: code, type: 'error', params });

  it('puts a wrong password on the field, and only for an account with one', () => {
    expect(deleteAccountErrorPlace(error('account.invalid_current_password'), true)).toEqual({
      kind: 'password',
      messageKey: 'apiErrors.account.invalid_current_password',
    });
    expect(deleteAccountErrorPlace(error('validation.stringMax', { field: 'password' }), true).kind).toBe(
      'password',
    );
    expect(deleteAccountErrorPlace(error('account.invalid_current_password'), false).kind).toBe('form');
    expect(deleteAccountErrorPlace(error('account.last_admin'), true)).toEqual({
      kind: 'form',
      messageKey: 'apiErrors.account.last_admin',
    });
    expect(deleteAccountErrorPlace(new Error('offline'), true)).toEqual({
      kind: 'form',
      messageKey: 'apiErrors.unknown_error',
    });
  });
});

describe('the return after signing in again', () => {
  it('keeps an app path for ten minutes, never another site', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    };
    rememberReturnAfterSignIn({ path: '/settings', intent: 'delete-account' }, storage, 1_000);
    expect(returnAfterSignIn(storage, 1_000 + 9 * 60_000)).toEqual({
      path: '/settings',
      intent: 'delete-account',
    });
    expect(returnAfterSignIn(storage, 1_000 + 11 * 60_000)).toBeNull();
    rememberReturnAfterSignIn({ path: '//evil.test/x', intent: 'delete-account' }, storage, 1_000);
    expect(returnAfterSignIn(storage, 1_000)).toBeNull();
    rememberReturnAfterSignIn({ path: 'https://evil.test', intent: 'delete-account' }, storage, 1_000);
    expect(returnAfterSignIn(storage, 1_000)).toBeNull();
  });
});
