import {
  apiErrorSchema,
  buildListQuery,
  serviceUnavailableError,
  type ApiError,
  type RuntimeConfig,
} from '@greenhouse/contracts';
import { safeParse, type z } from 'zod/mini';
import { readCookie } from './cookies';
import { queryClient, queryKeys } from './query-client';
import { runtimeConfig } from './runtime-config';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
export const APP_VERSION_HEADER = 'X-App-Version';

/**
 * A failed call (docs/product-rules.md §8): an Error, so it also works wherever a plain error is expected.
 */
export class ApiRequestError extends Error implements ApiError {
  readonly code: string;
  readonly status: number;
  readonly type: string;
  readonly params: Record<string, unknown>;

  constructor(error: ApiError) {
    super(error.message);
    this.name = 'ApiRequestError';
    this.code = error.code;
    this.status = error.status;
    this.type = error.type;
    this.params = error.params;
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

export type QueryParams = Parameters<typeof buildListQuery>[0];

export interface RequestOptions<T> {
  /** JSON body; a FormData is sent as it is (multipart/form-data, its boundary set by fetch). */
  body?: unknown;
  /** Encoded with the list query rules of docs/product-rules.md §7. */
  query?: QueryParams;
  /** Validates (and types) the response body: a zod/mini schema (those of @greenhouse/contracts are). */
  schema?: z.core.$ZodType<T>;
  signal?: AbortSignal;
}

export interface ApiClientDeps {
  getConfig: () => RuntimeConfig | null;
  readCookie: (name: string) => string | null;
  /** A 401 on any call: the session is over. */
  onUnauthorized: () => void;
  /** The X-App-Version header of a response. */
  onAppVersion: (version: string) => void;
  fetch?: typeof fetch;
}

function httpError(response: Response): ApiError {
  return {
    code: 'http_error',
    status: response.status,
    type: 'error',
    message: response.statusText || `Request failed with status ${response.status}`,
    params: {},
  };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text === '' ? undefined : JSON.parse(text);
}

async function errorFrom(response: Response): Promise<ApiError> {
  try {
    const parsed = apiErrorSchema.safeParse(await readJson(response));
    return parsed.success ? parsed.data : httpError(response);
  } catch {
    return httpError(response);
  }
}

export function createApiClient(deps: ApiClientDeps) {
  const baseUrl = () => {
    const config = deps.getConfig();
    if (!config) throw new Error('The runtime config is not loaded yet.');
    return config.databiomesAPI.replace(/\/+$/, '');
  };

  const headersFor = (hasBody: boolean, accept: string) => {
    const headers = new Headers({ Accept: accept });
    if (hasBody) headers.set('Content-Type', 'application/json');
    const xsrf = deps.readCookie(XSRF_COOKIE);
    if (xsrf) headers.set(XSRF_HEADER, xsrf);
    const tokenName = deps.getConfig()?.authTokenName;
    const token = tokenName ? deps.readCookie(tokenName) : null;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  };

  /**
   * Sends the request and turns every failure into an ApiRequestError; returns the OK response. `ownApi`
   * is false only for a download URL on another host: no credentials go there, and its answers say
   * nothing about our session or app version.
   */
  const send = async (url: string, init: RequestInit, ownApi = true): Promise<Response> => {
    let response: Response;
    try {
      response = await (deps.fetch ?? fetch)(url, { ...init, credentials: ownApi ? 'include' : 'omit' });
    } catch (error) {
      // A cancelled request is not an outage: let the caller (TanStack Query) see the abort as it is.
      if (init.signal?.aborted) throw error;
      throw new ApiRequestError(serviceUnavailableError);
    }
    if (ownApi) {
      const version = response.headers.get(APP_VERSION_HEADER);
      if (version) deps.onAppVersion(version);
    }
    if (response.ok) return response;
    // Only 401 ends the session; a 403 is left to the caller (docs/product-rules.md §6).
    if (ownApi && response.status === 401) deps.onUnauthorized();
    throw new ApiRequestError(await errorFrom(response));
  };

  async function request<T>(method: string, path: string, options: RequestOptions<T> = {}): Promise<T> {
    const query = options.query ? buildListQuery(options.query) : '';
    const url = `${baseUrl()}${path}${query ? `?${query}` : ''}`;
    const hasBody = options.body !== undefined;
    const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
    const response = await send(url, {
      method,
      headers: headersFor(hasBody && !isForm, 'application/json'),
      body: isForm ? (options.body as FormData) : hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
    let data: unknown;
    try {
      data = await readJson(response);
    } catch {
      throw new ApiRequestError({ ...httpError(response), message: 'The response is not valid JSON.' });
    }
    if (!options.schema) return data as T;
    const parsed = safeParse(options.schema, data);
    if (!parsed.success) {
      throw new ApiRequestError({
        code: 'unknown_error',
        status: response.status,
        type: 'error',
        message: 'The response does not have the expected shape.',
        params: {},
      });
    }
    return parsed.data;
  }

  return {
    /** The absolute address of an API path, for what cannot go through fetch (an EventSource). */
    url: (path: string): string => new URL(`${baseUrl()}${path}`, window.location.href).href,
    get: <T>(path: string, options?: Omit<RequestOptions<T>, 'body'>) => request<T>('GET', path, options),
    post: <T>(path: string, options?: RequestOptions<T>) => request<T>('POST', path, options),
    put: <T>(path: string, options?: RequestOptions<T>) => request<T>('PUT', path, options),
    delete: <T>(path: string, options?: RequestOptions<T>) => request<T>('DELETE', path, options),

    /**
     * GETs a file as a blob. `url` is absolute or resolved against the API address (like a link on a page
     * at that address). Credentials and tokens go only to the API itself, never to another host.
     */
    async getBlob(url: string, signal?: AbortSignal): Promise<Blob> {
      const apiRoot = new URL(`${baseUrl()}/`, window.location.href);
      const target = new URL(url, apiRoot);
      const ownApi = target.href.startsWith(apiRoot.href);
      const headers = ownApi ? headersFor(false, '*/*') : new Headers({ Accept: '*/*' });
      const response = await send(target.href, { method: 'GET', headers, signal }, ownApi);
      return response.blob();
    },
  };
}

export const apiClient = createApiClient({
  getConfig: runtimeConfig.getConfig,
  readCookie: (name) => readCookie(name),
  onUnauthorized: () => queryClient.setQueryData(queryKeys.user, null),
  onAppVersion: runtimeConfig.reportVersion,
});
