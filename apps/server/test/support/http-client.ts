// A cookie-keeping HTTP client over real sockets (fetch), for tests against server processes:
// echoes the CSRF cookie in X-XSRF-TOKEN as the web app does. Options: keep redirects (a presigned download's 302)
// rather than follow them, and give up on a request after a while (a test network that may be cut).

export interface HttpClientOptions {
  /** 'manual': a redirect is answered as it is (status and Location), not followed. */
  redirect?: RequestRedirect;
  /** Longest wait for one answer. */
  timeoutMs?: number;
}
import { TEST_PASSWORD } from './users.js';

export class HttpClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly base: string,
    private readonly options: HttpClientOptions = {},
  ) {}

  async request(method: string, path: string, body?: BodyInit, headers: Record<string, string> = {}) {
    const xsrf = this.cookies.get('XSRF-TOKEN');
    const res = await fetch(new URL(path, this.base), {
      method,
      body: body ?? null,
      redirect: this.options.redirect ?? 'follow',
      ...(this.options.timeoutMs ? { signal: AbortSignal.timeout(this.options.timeoutMs) } : {}),
      headers: {
        ...headers,
        ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, text, json, headers: res.headers };
  }

  get(path: string) {
    return this.request('GET', path);
  }

  post(path: string, body: unknown) {
    return this.request('POST', path, JSON.stringify(body), { 'content-type': 'application/json' });
  }

  upload(path: string, name: string, content: string) {
    const form = new FormData();
    form.append('file', new Blob([content], { type: 'application/json' }), name);
    return this.request('POST', path, form);
  }
}

/**
 * A client of the server process on `port` (of 127.0.0.1) or at an address, signed in as `email` (made with
 * TEST_PASSWORD): its first request gets the CSRF cookie the sign-in must echo.
 */
export async function signedInHttpClient(
  server: number | string,
  email: string,
  options: HttpClientOptions = {},
): Promise<HttpClient> {
  const client = new HttpClient(typeof server === 'number' ? `http://127.0.0.1:${server}` : server, options);
  await client.get('/api/health');
  const signIn = await client.post('/api/auth/signin', { email, password: TEST_PASSWORD });
  if (signIn.status !== 200) throw new Error(`sign-in as ${email} answered ${signIn.status}: ${signIn.text}`);
  return client;
}
