import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { runtimeConfig } from '../lib/runtime-config';
import { jsonResponse, testConfig, testUser } from '../test/fixtures';
import { renderMemoryApp } from '../test/memory-app';

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

const notSignedIn = () =>
  jsonResponse({ code: 'authorization.unauthorized', status: 401, message: 'x', type: 'error' }, 401);
const emptyLists: Handler = (url) =>
  url.pathname.endsWith('/blooms')
    ? jsonResponse({ blooms: [], total: 0 })
    : jsonResponse({ chats: [], total: 0 });

let api: Handler;
let config = testConfig;
const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
  const url = new URL(String(input), 'http://app.test');
  if (url.pathname === '/config.json') return jsonResponse(config);
  return api(url, init);
});

const renderApp = (path: string) => renderMemoryApp(path);

beforeAll(async () => {
  vi.stubGlobal('fetch', fetchMock);
  await runtimeConfig.start();
});

beforeEach(async () => {
  if (config !== testConfig) {
    config = testConfig;
    await runtimeConfig.start();
  }
  queryClient.clear();
  fetchMock.mockClear();
  await i18n.changeLanguage('en');
});

afterEach(cleanup);

describe('the app shell', () => {
  it('sends a signed-out visitor from the root to sign-in', async () => {
    api = notSignedIn;
    const router = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome Back!' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/sign-in');
    expect(document.title).toBe('Sign in · Greenhouse');
  });

  it('treats a failing session refresh (404) as signed out', async () => {
    api = () => jsonResponse({ code: 'NOT_FOUND', status: 404, message: 'x', type: 'error' }, 404);
    const router = renderApp('/chat/new');
    await screen.findByRole('heading', { name: 'Welcome Back!' });
    expect(router.state.location.pathname).toBe('/auth/sign-in');
  });

  it.each([
    ['no answer at all', () => Promise.reject(new TypeError('Failed to fetch'))],
    [
      'a 503',
      () => jsonResponse({ code: 'SERVICE_UNAVAILABLE', status: 503, message: 'x', type: 'error' }, 503),
    ],
    ['a proxy’s 502', () => new Response('<html>Bad Gateway</html>', { status: 502 })],
  ] as const)(
    'does not sign out when the session refresh gets %s: says the service is unavailable, then goes on',
    async (_, failure) => {
      api = failure;
      const router = renderApp('/profile');
      expect(await screen.findByRole('heading', { name: 'Service is currently unavailable' })).toBeTruthy();
      const text = screen.getByText(
        'Greenhouse cannot reach its server right now. If you were signed in, you still are.',
      );
      expect(text.closest('[role="alert"]')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/profile');
      expect(screen.queryByRole('heading', { name: 'Welcome Back!' })).toBeNull();

      // The API is back: Try again finds the session, and the page asked for is shown.
      api = (url) =>
        url.pathname.endsWith('/account/data') ? jsonResponse(testUser()) : emptyLists(url, {});
      await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/profile');
    },
  );

  it('opens the shell for a signed-in user, with prompts left and the admin link hidden', async () => {
    api = (url) => (url.pathname.endsWith('/account/data') ? jsonResponse(testUser()) : emptyLists(url, {}));
    const router = renderApp('/auth/sign-in');
    expect(await screen.findByRole('heading', { name: 'New chat', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/chat/new');
    expect(screen.getByText('7/10 left')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Admin Panel/ })).toBeNull();
    expect(await screen.findByText('No chats yet.')).toBeTruthy();
  });

  it('sends a non-admin away from the admin panel', async () => {
    api = (url) => (url.pathname.endsWith('/account/data') ? jsonResponse(testUser()) : emptyLists(url, {}));
    const router = renderApp('/admin');
    await screen.findByRole('heading', { name: 'New chat', level: 1 });
    expect(router.state.location.pathname).toBe('/chat/new');
  });

  it('signs in with email and password and lands on new chat', async () => {
    let signedIn = false;
    api = (url, init) => {
      if (url.pathname.endsWith('/auth/signin') && init.method === 'POST') {
        signedIn = true;
        return jsonResponse(testUser({ role: { name: 'admin' } }));
      }
      if (url.pathname.endsWith('/account/data')) return signedIn ? jsonResponse(testUser()) : notSignedIn();
      return emptyLists(url, init);
    };
    const router = renderApp('/auth/sign-in');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret12!');
    await user.click(screen.getByRole('button', { name: 'Continue with Email' }));

    await screen.findByRole('heading', { name: 'New chat', level: 1 });
    expect(router.state.location.pathname).toBe('/chat/new');
    expect(screen.getByText('UNLIMITED')).toBeTruthy();
  });

  it('shows validation errors only once a field is touched', async () => {
    api = notSignedIn;
    renderApp('/auth/sign-in');
    const user = userEvent.setup();
    const email = await screen.findByLabelText('Email');
    expect(screen.queryByText('This field is required.')).toBeNull();
    await user.type(email, 'not-an-email');
    await user.tab();
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.queryByText('This field is required.')).toBeNull();
  });

  it('shows a wrong password on the password field and an inactive account as information', async () => {
    let answer = 'authorization.invalid_credentials';
    api = (url) =>
      url.pathname.endsWith('/auth/signin')
        ? jsonResponse(
            { code: answer, status: answer.endsWith('credentials') ? 401 : 403, message: 'x', type: 'error' },
            401,
          )
        : notSignedIn();
    renderApp('/auth/sign-in');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret12!');
    await user.click(screen.getByRole('button', { name: 'Continue with Email' }));
    expect(await screen.findByText('Invalid email or password.')).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');

    answer = 'authorization.account_not_active';
    await user.click(screen.getByRole('button', { name: 'Continue with Email' }));
    expect(
      await screen.findByText(
        'Account is under verification. You will receive an email when it is approved.',
      ),
    ).toBeTruthy();
  });

  it('switches the language and the html lang with it', async () => {
    api = notSignedIn;
    renderApp('/auth/sign-in');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Polski' }));
    expect(await screen.findByRole('heading', { name: 'Witaj ponownie!' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('pl');
    expect(localStorage.getItem('language')).toBe('pl');
  });

  it('goes back to idle when the Google sign-in address cannot be fetched', async () => {
    api = (url) =>
      url.pathname.endsWith('/auth/sso/google/url')
        ? jsonResponse({ code: 'INTERNAL', status: 500, message: 'x', type: 'error' }, 500)
        : notSignedIn();
    renderApp('/auth/sign-in');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText('Something went wrong on our side. Please try again.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Continue with Google' }).hasAttribute('disabled')).toBe(
        false,
      ),
    );
  });

  it('has no Google button where Google sign-in is not configured', async () => {
    config = { ...testConfig, googleSignIn: false };
    await runtimeConfig.start();
    api = notSignedIn;
    renderApp('/auth/sign-in');
    await screen.findByRole('button', { name: 'Continue with Email' });
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
  });
});
