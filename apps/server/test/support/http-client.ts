// A cookie-keeping HTTP client over real sockets (fetch), for tests against server processes:
// echoes the CSRF cookie in X-XSRF-TOKEN as the web app does.
import { TEST_PASSWORD } from './users.js';

export class HttpClient {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly base: string) {}

  async request(method: string, path: string, body?: BodyInit, headers: Record<string, string> = {}) {
    const xsrf = this.cookies.get('XSRF-TOKEN');
    const res = await fetch(new URL(path, this.base), {
      method,
      body: body ?? null,
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
    return { status: res.status, text, json };
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
 * A client of the server process on `port`, signed in as `email` (made with TEST_PASSWORD): its first request
 * gets the CSRF cookie the sign-in must echo.
 */
export async function signedInHttpClient(port: number, email: string): Promise<HttpClient> {
  const client = new HttpClient(`http://127.0.0.1:${port}`);
  await client.get('/api/health');
  const signIn = await client.post('/api/auth/signin', { email, password: TEST_PASSWORD });
  if (signIn.status !== 200) throw new Error(`sign-in as ${email} answered ${signIn.status}: ${signIn.text}`);
  return client;
}
