// Issue 19 (items 3 to 7): text the database cannot store, deep nesting, broken multipart framing and clients
// that never finish a request are refused with a 400 (or 408) from the error table, at once, and nothing is
// stored for them.
import { schema } from '@greenhouse/db';
import { fixtureText } from '@greenhouse/mtp/testing';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawBytes, rawHead, rawRequest } from './support/raw-http.js';
import type { SessionClient } from './support/session-client.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { signedInClient } from './support/users.js';

let t: TestApp;
let alice: SessionClient;
let aliceId: string;
let port: number;

beforeAll(async () => {
  // Nobody trains: the agents made here only need to exist.
  t = await createTestApp({ workers: false, env: { REQUEST_TIMEOUT_SECONDS: '3' } });
  ({ client: alice, userId: aliceId } = await signedInClient(t));
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
});
afterAll(async () => {
  await t?.close();
});

async function rows(table: typeof schema.blooms | typeof schema.chats): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(table).where(eq(table.userId, aliceId));
  return row!.n;
}

async function promptsUsed(): Promise<number> {
  const [user] = await t.database.db.select().from(schema.users).where(eq(schema.users.id, aliceId));
  return user!.promptsUsed;
}

const protocol = () => JSON.parse(fixtureText('lighthouse_2_0_1.json')) as Record<string, unknown>;

async function newBloom(): Promise<string> {
  const res = await alice.upload('/api/bloom/upload', {
    file: { name: 'lighthouse.json', content: fixtureText('lighthouse_2_0_1.json') },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

async function newChat(): Promise<string> {
  const res = await alice.post('/api/bloom/chats', { message: 'A lighthouse keeper.' });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

const NUL = 'a\u0000b';
const HIGH = 'a\ud800b';
const LOW = '\udc00';

describe('text the database cannot store (NUL, lone surrogates)', () => {
  it('is refused in every JSON body field, naming the field, and nothing is stored', async () => {
    const bloomId = await newBloom();
    const chatId = await newChat();
    const blooms = await rows(schema.blooms);
    const chats = await rows(schema.chats);
    const used = await promptsUsed();
    const chat = (await alice.get(`/api/bloom/chats/${chatId}`)).body;

    const cases: Array<[string, string, unknown, string]> = [
      ['PUT', `/api/blooms/${bloomId}`, { name: NUL }, 'name'],
      ['PUT', `/api/blooms/${bloomId}`, { name: HIGH }, 'name'],
      ['PUT', `/api/bloom/chats/${chatId}`, { title: LOW }, 'title'],
      ['POST', '/api/bloom/chats', { message: NUL }, 'message'],
      ['POST', '/api/bloom/chats', { message: HIGH }, 'message'],
      ['POST', `/api/bloom/chats/${chatId}/messages`, { message: `Maren${LOW}` }, 'message'],
      ['POST', `/api/bloom/chats/${chatId}/messages`, { message: NUL }, 'message'],
      [
        'PUT',
        `/api/bloom/chats/${chatId}/draft`,
        { draft: { ...chat.draft, context: ['fine', NUL] } },
        'draft.context.1',
      ],
      ['PUT', `/api/bloom/chats/${chatId}/draft`, { draft: { ...chat.draft, name: HIGH } }, 'draft.name'],
      ['PUT', '/api/account/data', { firstName: NUL, lastName: 'Keeper' }, 'firstName'],
      ['PUT', '/api/account/data', { firstName: 'Maren', lastName: HIGH }, 'lastName'],
      // A key counts too: it reaches jsonb as text as well.
      // (The field names the key with the bad characters replaced.)
      ['PUT', '/api/account/data', { firstName: 'Maren', lastName: 'K', [NUL]: 1 }, 'a\ufffdb'],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await alice.request(method as 'PUT', url, body);
      expect(res.status, `${method} ${url} ${JSON.stringify(body)}: ${res.text}`).toBe(400);
      expect(res.body.code).toBe('validation.invalid_characters');
      expect(res.body.params.field).toBe(field);
    }

    const stranger = new (alice.constructor as new (app: unknown) => SessionClient)(t.app);
    await stranger.prime();
    const signUp = await stranger.post('/api/auth/signup', {
      email: 'nul@example.com',
      password: 'Garden#2026',
      firstName: HIGH,
      lastName: 'Keeper',
    });
    expect(signUp.status).toBe(400);
    expect(signUp.body).toMatchObject({
      code: 'validation.invalid_characters',
      params: { field: 'firstName' },
    });

    // Nothing stored, no prompt used, and the chat still takes a message at once.
    expect(await rows(schema.blooms)).toBe(blooms);
    expect(await rows(schema.chats)).toBe(chats);
    expect(await promptsUsed()).toBe(used);
    const after = (await alice.get(`/api/bloom/chats/${chatId}`)).body;
    expect(after.title).toBe(chat.title);
    expect(after.messages).toHaveLength(chat.messages.length);
  });

  it('is refused in a list query', async () => {
    // (A lone surrogate cannot come in a query: its UTF-8 form, %ED%A0%80, is not valid UTF-8 and stays as sent.)
    for (const [list, filter] of [
      ['/api/blooms', 'name'],
      ['/api/bloom/chats', 'title'],
    ]) {
      const res = await alice.get(`${list}?filter.${filter}=a%00b`);
      expect(res.status, res.text).toBe(400);
      expect(res.body).toMatchObject({
        code: 'query.invalid_param',
        params: { field: `filter.${filter}`, problem: 'invalid_characters' },
      });
      const key = await alice.get(`${list}?filter.${filter}%00=a`);
      expect(key.status, key.text).toBe(400);
      expect(key.body.code).toBe('query.invalid_param');
    }
  });

  it('is refused in the upload name and anywhere in the protocol (values and keys)', async () => {
    const before = await rows(schema.blooms);
    const named = await alice.upload('/api/bloom/upload', {
      name: NUL,
      file: { name: 'lighthouse.json', content: fixtureText('lighthouse_2_0_1.json') },
    });
    expect(named.status, named.text).toBe(400);
    expect(named.body).toMatchObject({ code: 'validation.invalid_characters', params: { field: 'name' } });

    const withContext = protocol();
    (withContext.context as string[])[1] = `The lamp${'\u0000'} turns.`;
    const withKey = { ...protocol(), [`note${HIGH}`]: 'x' };
    const escaped = fixtureText('lighthouse_2_0_1.json').replace('"Gull Cape', '"\\udfff Gull Cape');
    for (const content of [JSON.stringify(withContext), JSON.stringify(withKey), escaped]) {
      const res = await alice.upload('/api/bloom/upload', { file: { name: 'lighthouse.json', content } });
      expect(res.status, res.text).toBe(400);
      expect(res.body).toMatchObject({
        code: 'bloom.invalid_json',
        params: { field: 'file', reason: 'invalid_characters', pointer: expect.any(String) },
      });
    }
    expect(await rows(schema.blooms)).toBe(before);
  });
});

describe('deep nesting', () => {
  const deep = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;

  it('in a protocol is refused as bloom.invalid_json with its reason', async () => {
    const before = await rows(schema.blooms);
    const text = fixtureText('lighthouse_2_0_1.json').replace(/^\{/, `{"extra": ${deep(5000)},`);
    expect(text.length).toBeLessThan(40_000);
    const res = await alice.upload('/api/bloom/upload', { file: { name: 'deep.json', content: text } });
    expect(res.status, res.text).toBe(400);
    expect(res.body).toMatchObject({
      code: 'bloom.invalid_json',
      params: { field: 'file', reason: 'too_deep', maxDepth: 64 },
    });
    // 64 levels are fine.
    const ok = fixtureText('lighthouse_2_0_1.json').replace(/^\{/, `{"extra": ${deep(62)},`);
    const res2 = await alice.upload('/api/bloom/upload', { file: { name: 'ok.json', content: ok } });
    expect(res2.status, res2.text).toBe(201);
    expect(await rows(schema.blooms)).toBe(before + 1);
  });

  it('in a JSON body is refused as BAD_REQUEST', async () => {
    for (const levels of [65, 5000, 30_000]) {
      const body = `{"firstName":"Maren","lastName":"Keeper","extra":${deep(levels)}}`;
      const res = await alice.request('PUT', '/api/account/data', body, {
        'content-type': 'application/json',
      });
      expect(res.status, res.text).toBe(400);
      expect(res.body).toMatchObject({ code: 'BAD_REQUEST', params: { reason: 'too_deep', maxDepth: 64 } });
    }
    const proto = `{"firstName":"Maren","lastName":"Keeper","extra":${'{"__proto__":'.repeat(4000)}1${'}'.repeat(4000)}}`;
    const res = await alice.request('PUT', '/api/account/data', proto, {
      'content-type': 'application/json',
    });
    expect(res.status, res.text).toBe(400);
  });
});

describe('malformed multipart uploads', () => {
  const file = fixtureText('lighthouse_2_0_1.json');
  const part = (boundary: string, eol = '\r\n') =>
    [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="lighthouse.json"',
      'Content-Type: application/json',
      '',
      file,
    ].join(eol);
  const cases: Array<[string, string, Buffer]> = [
    ['no closing boundary', 'multipart/form-data; boundary=XyZ', Buffer.from(part('XyZ'))],
    ['no boundary parameter', 'multipart/form-data', Buffer.from(`${part('XyZ')}\r\n--XyZ--\r\n`)],
    [
      'a mismatched boundary',
      'multipart/form-data; boundary=Other',
      Buffer.from(`${part('XyZ')}\r\n--XyZ--\r\n`),
    ],
    [
      'LF-only line ends',
      'multipart/form-data; boundary=XyZ',
      Buffer.from(`${part('XyZ', '\n')}\n--XyZ--\n`),
    ],
    ['a garbage body', 'multipart/form-data; boundary=XyZ', Buffer.from('\u0001\u00ff garbage \r\n\r\n--')],
    ['an empty body', 'multipart/form-data; boundary=XyZ', Buffer.alloc(0)],
  ];

  it.each(cases)('with %s is a 400 from the table', async (_name, contentType, body) => {
    const before = await rows(schema.blooms);
    const res = await rawRequest(
      port,
      rawBytes(alice, 'POST', '/api/bloom/upload', { 'content-type': contentType }, body),
      10_000,
    );
    expect(res.status, res.text).toBe(400);
    expect(res.json).toMatchObject({ code: 'BAD_REQUEST', params: { reason: 'malformed_multipart' } });
    expect(await rows(schema.blooms)).toBe(before);
  });

  it('with a file part without a filename is a 400 from the table', async () => {
    for (const size of [100, 10_000]) {
      const body = Buffer.from(
        [
          '--XyZ',
          'Content-Disposition: form-data; name="file"',
          'Content-Type: application/json',
          '',
          `{"x":"${'a'.repeat(size)}"`,
          '--XyZ--',
          '',
        ].join('\r\n'),
      );
      const res = await rawRequest(
        port,
        rawBytes(
          alice,
          'POST',
          '/api/bloom/upload',
          { 'content-type': 'multipart/form-data; boundary=XyZ' },
          body,
        ),
        10_000,
      );
      expect(res.status, res.text).toBe(400);
      expect(res.json).toMatchObject({ code: 'bloom.missing_file', params: { field: 'file' } });
    }
  });
});

describe('requests that never finish', () => {
  it('an upload whose part has no Content-Disposition answers at once', async () => {
    for (const size of [1000, 16 * 1024, 40 * 1024]) {
      const body = Buffer.from(
        ['--XyZ', 'Content-Type: application/json', '', 'x'.repeat(size), '--XyZ--', ''].join('\r\n'),
      );
      const res = await rawRequest(
        port,
        rawBytes(
          alice,
          'POST',
          '/api/bloom/upload',
          { 'content-type': 'multipart/form-data; boundary=XyZ' },
          body,
        ),
        10_000,
      );
      expect(res.status, `${size}: ${res.text}`).toBe(400);
      expect(res.json).toMatchObject({ code: 'BAD_REQUEST', params: { reason: 'malformed_multipart' } });
      expect(res.ms).toBeLessThan(5_000);
    }
  });

  it('a body shorter than its Content-Length is cut off after REQUEST_TIMEOUT_SECONDS (408)', async () => {
    for (const [path, type] of [
      ['/api/bloom/upload', 'multipart/form-data; boundary=XyZ'],
      ['/api/account/data', 'application/json'],
    ] as const) {
      const head = rawHead(alice, path.includes('upload') ? 'POST' : 'PUT', path, {
        'content-type': type,
        'content-length': '5000',
      });
      const res = await rawRequest(port, Buffer.from(`${head}\r\n--XyZ\r\n`), 15_000);
      expect(res.closed, res.text).toBe(true);
      expect(res.status, res.text).toBe(408);
      expect(res.json).toMatchObject({ code: 'REQUEST_TIMEOUT', status: 408 });
      expect(res.ms).toBeGreaterThanOrEqual(2_500);
      expect(res.ms).toBeLessThan(8_000);
    }
  });

  it('headers that never end are cut off too', async () => {
    const res = await rawRequest(port, Buffer.from('GET /api/health HTTP/1.1\r\nhost: x\r\n'), 15_000);
    expect(res.closed).toBe(true);
    expect(res.ms).toBeLessThan(8_000);
  });
});

describe('invalid UTF-8 in a protocol', () => {
  it('is bloom.invalid_json, not silently replaced', async () => {
    const before = await rows(schema.blooms);
    const text = fixtureText('lighthouse_2_0_1.json');
    const at = text.indexOf('Gull Cape');
    const bytes = Buffer.concat([
      Buffer.from(text.slice(0, at)),
      Buffer.from([0xc3, 0x28, 0xff]),
      Buffer.from(text.slice(at)),
    ]);
    const res = await alice.upload('/api/bloom/upload', { file: { name: 'broken.json', content: bytes } });
    expect(res.status, res.text).toBe(400);
    expect(res.body).toMatchObject({
      code: 'bloom.invalid_json',
      params: { field: 'file', reason: 'invalid_utf8' },
    });
    expect(await rows(schema.blooms)).toBe(before);
  });
});
