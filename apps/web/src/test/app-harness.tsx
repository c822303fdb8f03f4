import type { User } from '@greenhouse/contracts';
import { cleanup } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { runtimeConfig } from '../lib/runtime-config';
import { jsonResponse, testConfig } from './fixtures';
import { renderMemoryApp } from './memory-app';

/** Answers one API call; `url` is absolute (http://api.test/api/...). */
export type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

/** An API error body as the server sends it (docs/product-rules.md §8). */
export const apiErrorResponse = (code: string, status: number, params: Record<string, unknown> = {}) =>
  jsonResponse(
    { code, status, message: code, type: status === 400 ? 'validation' : 'error', params },
    status,
  );

export const notSignedIn = () => apiErrorResponse('authorization.unauthorized', 401);

const emptyLists: Handler = (url) =>
  url.pathname.endsWith('/blooms')
    ? jsonResponse({ blooms: [], total: 0 })
    : jsonResponse({ chats: [], total: 0 });

/**
 * A signed-in session for `user`: GET /account/data answers it (after `routes` had their chance), the
 * sidebar lists are empty. A route returns undefined to pass.
 */
export function signedInAs(
  user: User,
  routes: (url: URL, init: RequestInit) => Response | Promise<Response> | undefined = () => undefined,
): Handler {
  return (url, init) => {
    const answer = routes(url, init);
    if (answer) return answer;
    if (url.pathname.endsWith('/account/data') && (init.method ?? 'GET') === 'GET') return jsonResponse(user);
    return emptyLists(url, init);
  };
}

let api: Handler = notSignedIn;
/** Sets how the API answers from now on. */
export const setApi = (handler: Handler) => {
  api = handler;
};

export const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
  const url = new URL(String(input), 'http://app.test');
  if (url.pathname === '/config.json') return jsonResponse(testConfig);
  return api(url, init);
});

/** The API calls made so far with this method whose path ends with `path`, with their JSON bodies. */
export function apiCalls(method: string, path: string): { url: URL; body: unknown }[] {
  return fetchMock.mock.calls
    .map(([input, init = {}]) => ({ url: new URL(String(input), 'http://app.test'), init }))
    .filter(({ url, init }) => url.pathname.endsWith(path) && (init.method ?? 'GET') === method)
    .map(({ url, init }) => ({
      url,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    }));
}

/** Mounts the whole app at `path` in a memory router, under StrictMode like main.tsx. */
export const renderApp = (path: string) => renderMemoryApp(path, (app) => <StrictMode>{app}</StrictMode>);

/** Registers the hooks every app-level test file needs: fetch stub, config, fresh cache and storage, English. */
export function setUpAppHarness() {
  beforeAll(async () => {
    vi.stubGlobal('fetch', fetchMock);
    await runtimeConfig.start();
    // The signed-in shell and screens load when first shown (router.tsx). Loaded here once, so a test's waits
    // are for the screen, not for the first compilation of its modules (seconds on a busy machine).
    await Promise.all([
      import('../app/layouts/app-layout'),
      import('../app/routes/bloom-screens'),
      import('../app/routes/admin-screens'),
      import('../app/routes/chat-screens'),
      import('../app/routes/profile-screens'),
      import('../features/flora/components/flora-page'),
    ]);
  }, 60_000);

  beforeEach(async () => {
    queryClient.clear();
    // Nothing a test before stored: a return after signing in (sessionStorage) would take the next sign-in elsewhere.
    localStorage.clear();
    sessionStorage.clear();
    fetchMock.mockClear();
    setApi(notSignedIn);
    await i18n.changeLanguage('en');
  });

  afterEach(() => {
    cleanup();
    // A test's fake clock and spies (window.location.assign, timers) end with it.
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}
