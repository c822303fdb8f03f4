// A cookie-keeping HTTP client over real sockets (fetch), for tests and benches against server processes: echoes
// the CSRF cookie in X-XSRF-TOKEN as the web app does. Options: keep redirects (a presigned download's 302) rather
// than follow them, and give up on a request after a while (a test network that may be cut).
// By hand rather than a cookie-jar library: one origin, no expiry or paths to honour — a Map is the whole jar.

export class HttpClient {
  #cookies = new Map();

  /** @param {string} base @param {{ redirect?: RequestRedirect, timeoutMs?: number }} [options] */
  constructor(base, options = {}) {
    this.base = base;
    this.options = options;
  }

  async request(method, path, body, headers = {}) {
    const xsrf = this.#cookies.get('XSRF-TOKEN');
    const res = await fetch(new URL(path, this.base), {
      method,
      body: body ?? null,
      redirect: this.options.redirect ?? 'follow',
      ...(this.options.timeoutMs ? { signal: AbortSignal.timeout(this.options.timeoutMs) } : {}),
      headers: {
        ...headers,
        ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
        cookie: this.cookieHeader(),
      },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      this.#cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, text, json, headers: res.headers };
  }

  get(path) {
    return this.request('GET', path);
  }

  post(path, body) {
    return this.request('POST', path, JSON.stringify(body), { 'content-type': 'application/json' });
  }

  upload(path, name, content) {
    const form = new FormData();
    form.append('file', new Blob([content], { type: 'application/json' }), name);
    return this.request('POST', path, form);
  }

  /** Signs in as the browser does: a first request gets the CSRF cookie the sign-in must echo. */
  async signIn(email, password) {
    await this.get('/api/health');
    const res = await this.post('/api/auth/signin', { email, password });
    if (res.status !== 200) throw new Error(`sign-in as ${email} answered ${res.status}: ${res.text}`);
  }

  /** The Cookie header of this client's next request (the session and the newest CSRF token). */
  cookieHeader() {
    return [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}
