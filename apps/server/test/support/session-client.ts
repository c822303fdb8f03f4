import type { FastifyInstance, InjectOptions } from 'fastify';

export interface Reply {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- test convenience
  /** The body as sent, before JSON parsing. */
  text: string;
  headers: Record<string, string | string[] | number | undefined>;
  setCookies: Record<string, string>;
}

/**
 * A browser-like client for API tests: keeps cookies between requests (the session cookie and
 * the CSRF cookie) and echoes the CSRF cookie in X-XSRF-TOKEN on unsafe requests, as the web app
 * does. Requests go through the app's full HTTP pipeline (inject).
 */
const rand = () => Math.floor(Math.random() * 254) + 1;

export class SessionClient {
  readonly cookies = new Map<string, string>();
  /** Sent with every request, e.g. { authorization: 'Bearer …' } or a foreign x-xsrf-token. */
  headers: Record<string, string> = {};
  /** When false, no X-XSRF-TOKEN header is added (to test CSRF refusals). */
  sendCsrf = true;

  /** Each client comes from its own address, as separate people would (rate limits are per address). */
  readonly remoteAddress = `10.${rand()}.${rand()}.${rand()}`;

  constructor(private readonly app: FastifyInstance) {}

  async request(
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { ...this.headers, ...extraHeaders };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(String(method));
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (unsafe && this.sendCsrf && xsrf && !('x-xsrf-token' in headers)) headers['x-xsrf-token'] = xsrf;
    const res = await this.app.inject({
      method,
      url,
      headers,
      remoteAddress: this.remoteAddress,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const setCookies: Record<string, string> = {};
    for (const cookie of res.cookies as Array<{
      name: string;
      value: string;
      expires?: Date;
      maxAge?: number;
    }>) {
      setCookies[cookie.name] = cookie.value;
      const cleared =
        cookie.value === '' ||
        cookie.maxAge === 0 ||
        (cookie.expires && cookie.expires.getTime() < Date.now());
      if (cleared) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    let body: unknown = res.body;
    try {
      body = res.body ? JSON.parse(res.body) : undefined;
    } catch {
      // not JSON
    }
    return { status: res.statusCode, body, text: res.body, headers: res.headers, setCookies };
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, payload?: unknown) => this.request('POST', url, payload ?? {});
  put = (url: string, payload?: unknown) => this.request('PUT', url, payload ?? {});
  delete = (url: string) => this.request('DELETE', url);

  /** A multipart/form-data upload, as a browser's FormData sends it. */
  async upload(
    url: string,
    fields: { name?: string; file?: { name: string; content: string | Buffer } },
  ): Promise<Reply> {
    const form = new FormData();
    if (fields.name !== undefined) form.append('name', fields.name);
    if (fields.file)
      form.append('file', new Blob([new Uint8Array(Buffer.from(fields.file.content))]), fields.file.name);
    const encoded = new Request('http://localhost/', { method: 'POST', body: form });
    const body = Buffer.from(await encoded.arrayBuffer());
    return this.request('POST', url, body, { 'content-type': encoded.headers.get('content-type')! });
  }

  /** Gets a CSRF token the way the web app does: from any API response. */
  async prime(): Promise<this> {
    await this.get('/api/health');
    return this;
  }
}
