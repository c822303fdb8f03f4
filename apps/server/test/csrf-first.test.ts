// Issue 22, "CSRF first": the CSRF check runs when the headers are in (onRequest), before the body is read,
// parsed or validated. Each forged request (no X-XSRF-TOKEN) is shown beside the same request with the
// client's token, which gets what the body deserves (a validation error, 413, 415…): the difference is the
// point. Bearer requests need no token and still get their validation errors.
import { createdApiTokenSchema } from '@greenhouse/contracts';
import { schema } from '@greenhouse/db';
import { fixtureText } from '@greenhouse/mtp/testing';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from './support/raw-http.js';
import { SessionClient, type Reply } from './support/session-client.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { signedInClient } from './support/users.js';

const REQUEST_TIMEOUT_SECONDS = 3;

let t: TestApp;
let alice: SessionClient;
let aliceId: string;
let port: number;

beforeAll(async () => {
  // Nobody trains: an upload only has to be stored or not.
  t = await createTestApp({
    workers: false,
    env: { REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_SECONDS) },
  });
  ({ client: alice, userId: aliceId } = await signedInClient(t));
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
});
afterAll(async () => {
  await t?.close();
});

/** The same request twice from one client: first forged (no X-XSRF-TOKEN), then with its token. */
async function forgedAndOwn(client: SessionClient, send: () => Promise<Reply>) {
  client.sendCsrf = false;
  const forged = await send();
  client.sendCsrf = true;
  const own = await send();
  return { forged, own };
}

function expectCsrfRefusal(res: Reply): void {
  expect(res.status, res.text).toBe(403);
  expect(res.body.code).toBe('CSRF_INVALID');
}

async function aliceRow() {
  const [user] = await t.database.db.select().from(schema.users).where(eq(schema.users.id, aliceId));
  return user!;
}

async function bloomCount(): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(schema.blooms)
    .where(eq(schema.blooms.userId, aliceId));
  return row!.n;
}

describe('a forged request is refused before its body is looked at', () => {
  it('sign-up with an invalid e-mail: 403, and with the token the validation error', async () => {
    const stranger = await new SessionClient(t.app).prime();
    const body = { email: 'not-an-address', password: 'Garden#2026', firstName: 'Ada', lastName: 'L' };
    const { forged, own } = await forgedAndOwn(stranger, () => stranger.post('/api/auth/signup', body));
    expectCsrfRefusal(forged);
    expect(own.status, own.text).toBe(400);
    expect(own.body).toMatchObject({ code: 'authorization.email_invalid', params: { field: 'email' } });
  });

  it('an account update without the names: 403, and with the token the validation error', async () => {
    const { forged, own } = await forgedAndOwn(alice, () => alice.put('/api/account/data', {}));
    expectCsrfRefusal(forged);
    expect(own.status, own.text).toBe(400);
    expect(own.body).toMatchObject({ code: 'account.first_name_required', params: { field: 'firstName' } });
    expect((await aliceRow()).firstName).toBe('Test');
  });

  it('malformed JSON, a body over the limit, or a content type the API does not parse: 403 first', async () => {
    const send = (body: string, contentType: string) => () =>
      alice.request('PUT', '/api/account/data', body, { 'content-type': contentType });
    const names = JSON.stringify({ firstName: 'Eve', lastName: 'Forged' });
    const cases: Array<[string, () => Promise<Reply>, number, string]> = [
      ['malformed JSON', send('{"firstName": ', 'application/json'), 400, 'BAD_REQUEST'],
      [
        'a body over the limit',
        send(JSON.stringify({ firstName: 'x'.repeat(100_000), lastName: 'y' }), 'application/json'),
        413,
        'PAYLOAD_TOO_LARGE',
      ],
      // The three content types an HTML form on another site can send without a CORS preflight. Fastify
      // parses text/plain (a string, which the schema refuses); the other two the API does not parse.
      ['text/plain', send(names, 'text/plain'), 400, 'validation.required'],
      [
        'a urlencoded form',
        send('firstName=Eve&lastName=F', 'application/x-www-form-urlencoded'),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        'multipart on a JSON route',
        send(names, 'multipart/form-data; boundary=XyZ'),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
    ];
    for (const [label, request, status, code] of cases) {
      const { forged, own } = await forgedAndOwn(alice, request);
      expect(forged.status, `${label}: ${forged.text}`).toBe(403);
      expect(forged.body.code, label).toBe('CSRF_INVALID');
      expect(own.status, `${label}: ${own.text}`).toBe(status);
      expect(own.body.code, label).toBe(code);
    }
    expect((await aliceRow()).firstName).toBe('Test');
  });

  it('a multipart upload, too large or with an invalid protocol: 403, and nothing stored', async () => {
    const before = await bloomCount();
    const upload = (content: string | Buffer) => () =>
      alice.upload('/api/bloom/upload', { file: { name: 'lighthouse.json', content } });
    // Over the route's body limit (the 2 MB file cap and room for the form), so Fastify answers 413 unread.
    const tooLarge = await forgedAndOwn(alice, upload(Buffer.alloc(3 * 1024 * 1024, 0x20)));
    expectCsrfRefusal(tooLarge.forged);
    expect(tooLarge.own.status, tooLarge.own.text).toBe(413);
    expect(tooLarge.own.body.code).toBe('PAYLOAD_TOO_LARGE');
    // (The form is read by the route's handler, so this one was refused as CSRF before issue 22 as well.)
    const invalid = await forgedAndOwn(alice, upload('{"version": '));
    expectCsrfRefusal(invalid.forged);
    expect(invalid.own.status, invalid.own.text).toBe(400);
    expect(invalid.own.body).toMatchObject({ code: 'bloom.invalid_json', params: { field: 'file' } });

    alice.sendCsrf = false;
    expectCsrfRefusal(await upload(fixtureText('lighthouse_2_0_1.json'))());
    alice.sendCsrf = true;
    expect(await bloomCount()).toBe(before);
  });

  it('gives a client without a token a fresh one with the refusal, which then works', async () => {
    const client = new SessionClient(t.app); // never primed: no XSRF-TOKEN cookie yet
    const body = { email: 'still-not-an-address', password: 'Garden#2026', firstName: 'A', lastName: 'B' };
    const refused = await client.post('/api/auth/signup', body);
    expectCsrfRefusal(refused);
    expect(refused.setCookies['XSRF-TOKEN']).toBeTruthy();
    const retried = await client.post('/api/auth/signup', body);
    expect(retried.status, retried.text).toBe(400);
    expect(retried.body.code).toBe('authorization.email_invalid');
  });
});

describe('over a real connection: the body is never waited for', () => {
  /** A request head from alice (her cookies), with or without her CSRF token. */
  function head(method: string, path: string, headers: Record<string, string>, token: boolean): string {
    const all: Record<string, string> = {
      host: 'localhost',
      cookie: [...alice.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      ...(token ? { 'x-xsrf-token': alice.cookies.get('XSRF-TOKEN')! } : {}),
      ...headers,
    };
    const lines = Object.entries(all).map(([k, v]) => `${k}: ${v}`);
    return `${method} ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
  }
  const closes = (text: string) => /\r\nconnection: close\r\n/i.test(text.slice(0, text.indexOf('\r\n\r\n')));

  it('a body that never comes: 403 at once, and with the token the request timeout (408)', async () => {
    const send = (token: boolean) =>
      rawRequest(
        port,
        Buffer.from(
          head(
            'PUT',
            '/api/account/data',
            { 'content-type': 'application/json', 'content-length': '5000' },
            token,
          ) + '{"firstName": "Eve"',
        ),
        REQUEST_TIMEOUT_SECONDS * 5_000,
      );
    const forged = await send(false);
    expect(forged.status, forged.text).toBe(403);
    expect(forged.json).toMatchObject({ code: 'CSRF_INVALID' });
    expect(forged.ms).toBeLessThan(REQUEST_TIMEOUT_SECONDS * 1000 - 500);
    // Within the route's limit: the connection is kept (Node discards the rest of the body as it comes).
    expect(closes(forged.text), forged.text).toBe(false);

    const own = await send(true);
    expect(own.status, own.text).toBe(408);
    expect(own.ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_SECONDS * 1000 - 500);
  });

  it('a body announced larger than the route takes: 403 and the connection closed; with the token 413', async () => {
    for (const [path, method, type] of [
      ['/api/account/data', 'PUT', 'application/json'],
      ['/api/bloom/upload', 'POST', 'multipart/form-data; boundary=XyZ'],
    ] as const) {
      const send = (token: boolean) =>
        rawRequest(
          port,
          Buffer.from(
            head(method, path, { 'content-type': type, 'content-length': String(50 * 1024 * 1024) }, token),
          ),
          REQUEST_TIMEOUT_SECONDS * 5_000,
        );
      const forged = await send(false);
      expect(forged.status, forged.text).toBe(403);
      expect(forged.json).toMatchObject({ code: 'CSRF_INVALID' });
      expect(closes(forged.text), forged.text).toBe(true);
      const own = await send(true);
      expect(own.status, own.text).toBe(413);
      expect(own.json).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    }
  });

  it('a chunked body of unknown length: 403 and the connection closed', async () => {
    const chunked = { 'content-type': 'application/json', 'transfer-encoding': 'chunked' };
    const forged = await rawRequest(
      port,
      Buffer.from(`${head('PUT', '/api/account/data', chunked, false)}5\r\n{"fir\r\n`),
      REQUEST_TIMEOUT_SECONDS * 5_000,
    );
    expect(forged.status, forged.text).toBe(403);
    expect(closes(forged.text), forged.text).toBe(true);
  });
});

describe('bearer requests need no CSRF token', () => {
  it('get the validation errors of their bodies, with the session token or a personal API token', async () => {
    const created = await alice.post('/api/account/tokens', { name: 'CSRF test', expiresInDays: 1 });
    expect(created.status, created.text).toBe(201);
    const bearers = [
      alice.cookies.get('greenhouse_session')!,
      createdApiTokenSchema.parse(created.body).token,
    ];
    for (const token of bearers) {
      const api = new SessionClient(t.app); // no cookies, no CSRF header: only the token
      api.headers.authorization = `Bearer ${token}`;
      const missing = await api.put('/api/account/data', {});
      expect(missing.status, missing.text).toBe(400);
      expect(missing.body.code).toBe('account.first_name_required');
      const plain = await api.request('PUT', '/api/account/data', 'firstName=Eve', {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(plain.status, plain.text).toBe(415);
      const upload = await api.upload('/api/bloom/upload', {
        file: { name: 'x.json', content: '{"version": ' },
      });
      expect(upload.status, upload.text).toBe(400);
      expect(upload.body.code).toBe('bloom.invalid_json');
      const renamed = await api.put('/api/account/data', { firstName: 'Test', lastName: 'User' });
      expect(renamed.status, renamed.text).toBe(200);
    }
  });
});
