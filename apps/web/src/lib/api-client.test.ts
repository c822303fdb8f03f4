import { serviceUnavailableError } from '@greenhouse/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, testConfig, testUser } from '../test/fixtures';
import { ApiRequestError, createApiClient } from './api-client';

function setup(cookies: Record<string, string> = {}) {
  const fetchMock = vi.fn<typeof fetch>();
  const onUnauthorized = vi.fn();
  const onAppVersion = vi.fn();
  const client = createApiClient({
    getConfig: () => testConfig,
    readCookie: (name) => cookies[name] ?? null,
    onUnauthorized,
    onAppVersion,
    fetch: fetchMock,
  });
  const lastRequest = () => {
    const [url, init] = fetchMock.mock.lastCall ?? [];
    return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
  };
  return { client, fetchMock, onUnauthorized, onAppVersion, lastRequest };
}

async function failureOf(promise: Promise<unknown>): Promise<ApiRequestError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiRequestError);
  return error as ApiRequestError;
}

describe('api client requests', () => {
  it('calls the configured API address with the list query and credentials', async () => {
    const { client, fetchMock, lastRequest } = setup();
    fetchMock.mockResolvedValue(jsonResponse({ chats: [], total: 0 }));

    const body = await client.get('/bloom/chats', {
      query: { page: 2, pageSize: 10, sort: 'updatedAt', sortOrder: 'desc', status: ['a', 'b'] },
    });

    expect(body).toEqual({ chats: [], total: 0 });
    const { url, init, headers } = lastRequest();
    expect(url).toBe(
      'http://api.test/api/bloom/chats?page=2&pageSize=10&sort=updatedAt&sortOrder=desc&filter.status=a%2Cb',
    );
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(headers.get('Accept')).toBe('application/json');
  });

  it('sends the XSRF-TOKEN cookie back as the X-XSRF-TOKEN header', async () => {
    const { client, fetchMock, lastRequest } = setup({ 'XSRF-TOKEN': 'csrf-123' });
    fetchMock.mockResolvedValue(jsonResponse({}));
    await client.post('/auth/signout');
    expect(lastRequest().headers.get('X-XSRF-TOKEN')).toBe('csrf-123');
  });

  it('sends no X-XSRF-TOKEN header when there is no such cookie', async () => {
    const { client, fetchMock, lastRequest } = setup();
    fetchMock.mockResolvedValue(jsonResponse({}));
    await client.get('/account/data');
    expect(lastRequest().headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('sends a readable auth cookie as a bearer token', async () => {
    const { client, fetchMock, lastRequest } = setup({ gh_session: 'tok.en' });
    fetchMock.mockResolvedValue(jsonResponse({}));
    await client.get('/account/data');
    expect(lastRequest().headers.get('Authorization')).toBe('Bearer tok.en');
  });

  it('sends no Authorization header when the auth cookie is not readable', async () => {
    const { client, fetchMock, lastRequest } = setup({ other: 'x' });
    fetchMock.mockResolvedValue(jsonResponse({}));
    await client.get('/account/data');
    expect(lastRequest().headers.has('Authorization')).toBe(false);
  });

  it('sends bodies as JSON', async () => {
    const { client, fetchMock, lastRequest } = setup();
    fetchMock.mockResolvedValue(jsonResponse(testUser()));
    await client.post('/auth/signin', { body: { email: 'a@b.co', password: 'Secret1!' } });
    const { init, headers } = lastRequest();
    expect(init.method).toBe('POST');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe(JSON.stringify({ email: 'a@b.co', password: 'Secret1!' }));
  });

  it('sends a FormData body as multipart, leaving its Content-Type (and boundary) to fetch', async () => {
    const { client, fetchMock, lastRequest } = setup({ 'XSRF-TOKEN': 'csrf-123' });
    fetchMock.mockResolvedValue(jsonResponse({ id: 'b1' }, 201));
    const form = new FormData();
    form.append('name', 'Helper');
    await client.post('/bloom/upload', { body: form });
    const { init, headers } = lastRequest();
    expect(init.body).toBe(form);
    expect(headers.has('Content-Type')).toBe(false);
    expect(headers.get('X-XSRF-TOKEN')).toBe('csrf-123');
  });

  it('returns undefined for an empty success body', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(client.delete('/bloom/chats/c1')).resolves.toBeUndefined();
  });

  it('reports the X-App-Version header of every response', async () => {
    const { client, fetchMock, onAppVersion } = setup();
    fetchMock.mockResolvedValueOnce(jsonResponse({}, 200, { 'X-App-Version': '2.0.0' }));
    await client.get('/account/data');
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ code: 'NOT_FOUND', status: 404, message: 'x', type: 'error' }, 404, {
        'X-App-Version': '2.0.1',
      }),
    );
    await failureOf(client.get('/account/data'));
    expect(onAppVersion.mock.calls).toEqual([['2.0.0'], ['2.0.1']]);
  });
});

describe('api client errors', () => {
  it('reads a failed call as the ApiError in its body', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          code: 'authorization.invalid_credentials',
          status: 401,
          message: 'Invalid e-mail or password.',
          type: 'error',
          params: { field: 'password' },
        },
        401,
      ),
    );
    const error = await failureOf(client.post('/auth/signin', { body: {} }));
    expect(error).toMatchObject({
      code: 'authorization.invalid_credentials',
      status: 401,
      message: 'Invalid e-mail or password.',
      type: 'error',
      params: { field: 'password' },
    });
    expect(error).toBeInstanceOf(Error);
  });

  it('turns a non-JSON error body into http_error with the HTTP status', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValue(
      new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    const error = await failureOf(client.get('/blooms'));
    expect(error).toMatchObject({
      code: 'http_error',
      status: 502,
      type: 'error',
      message: 'Bad Gateway',
      params: {},
    });
  });

  it('turns a JSON error body of another shape into http_error', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValue(jsonResponse({ error: 'nope' }, 500));
    const error = await failureOf(client.get('/blooms'));
    expect(error).toMatchObject({ code: 'http_error', status: 500, type: 'error', params: {} });
  });

  it('turns a call without any response into SERVICE_UNAVAILABLE (503)', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failureOf(client.get('/blooms'));
    expect({ ...error, message: error.message }).toMatchObject(serviceUnavailableError);
    expect(error.status).toBe(503);
  });

  it('lets a cancelled call fail as the abort it is, not as an outage', async () => {
    const { client, fetchMock } = setup();
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('Aborted', 'AbortError');
    fetchMock.mockRejectedValue(abort);
    await expect(client.get('/blooms', { signal: controller.signal })).rejects.toBe(abort);
  });

  it('ends the session on a 401', async () => {
    const { client, fetchMock, onUnauthorized } = setup();
    fetchMock.mockResolvedValue(
      jsonResponse({ code: 'authorization.unauthorized', status: 401, message: 'x', type: 'error' }, 401),
    );
    await failureOf(client.get('/account/data'));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not act on a 403', async () => {
    const { client, fetchMock, onUnauthorized } = setup();
    fetchMock.mockResolvedValue(
      jsonResponse({ code: 'FORBIDDEN', status: 403, message: 'x', type: 'error' }, 403),
    );
    const error = await failureOf(client.get('/admin'));
    expect(error.code).toBe('FORBIDDEN');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('rejects a success body that does not match the expected schema', async () => {
    const { client, fetchMock } = setup();
    const { userSchema } = await import('@greenhouse/contracts');
    fetchMock.mockResolvedValue(jsonResponse({ id: 1 }));
    const error = await failureOf(client.get('/account/data', { schema: userSchema }));
    expect(error.code).toBe('unknown_error');
  });
});

describe('api client blobs', () => {
  it('downloads from the API with credentials and tokens', async () => {
    const { client, fetchMock, lastRequest } = setup({ gh_session: 't', 'XSRF-TOKEN': 'x' });
    fetchMock.mockResolvedValue(new Response('{"a":1}'));
    const blob = await client.getBlob('http://api.test/api/blooms/b1/download');
    expect(await blob.text()).toBe('{"a":1}');
    const { url, init, headers } = lastRequest();
    expect(url).toBe('http://api.test/api/blooms/b1/download');
    expect(init.credentials).toBe('include');
    expect(headers.get('Authorization')).toBe('Bearer t');
  });

  it('resolves a relative download URL against the API address', async () => {
    const { client, fetchMock, lastRequest } = setup();
    fetchMock.mockResolvedValue(new Response('{}'));
    await client.getBlob('blooms/b1/download');
    expect(lastRequest().url).toBe('http://api.test/api/blooms/b1/download');
  });

  it('sends neither credentials nor tokens to another host', async () => {
    const { client, fetchMock, lastRequest, onUnauthorized } = setup({ gh_session: 't', 'XSRF-TOKEN': 'x' });
    fetchMock.mockResolvedValue(new Response('nope', { status: 401 }));
    await failureOf(client.getBlob('https://files.example.com/b1.json'));
    const { init, headers } = lastRequest();
    expect(init.credentials).toBe('omit');
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.has('X-XSRF-TOKEN')).toBe(false);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('the app-wide api client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('clears the cached user when any call answers 401', async () => {
    const fetchMock = vi.fn<typeof fetch>(async (input) =>
      String(input) === '/config.json'
        ? jsonResponse(testConfig)
        : jsonResponse(
            { code: 'authorization.session_expired', status: 401, message: 'x', type: 'error' },
            401,
          ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { apiClient } = await import('./api-client');
    const { runtimeConfig } = await import('./runtime-config');
    const { queryClient, queryKeys } = await import('./query-client');
    await runtimeConfig.start();
    queryClient.setQueryData(queryKeys.user, testUser());

    await failureOf(apiClient.get('/bloom/chats'));

    expect(queryClient.getQueryData(queryKeys.user)).toBeNull();
  });
});
