// Issue 19, "done when": a seeded fuzz test. Over 1,000 mutated uploads (the protocols of packages/mtp/fixtures
// with bytes, strings, keys and structure changed, NUL and lone surrogates put in, nesting thousands deep, the
// multipart framing broken, a Content-Length larger than the body) and 100 mutated bodies to each JSON endpoint.
// Every answer must be below 500 and come within its bound, and a refused request must leave the database as
// it was. FUZZ_SEED picks another run; a failure names the seed and the request's number.
import { schema } from '@greenhouse/db';
import { fixtureText } from '@greenhouse/mtp/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rawBytes, rawHead, rawRequest } from './support/raw-http.js';
import { SessionClient } from './support/session-client.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { signedInClient, TEST_PASSWORD } from './support/users.js';

const SEED = Number(process.env.FUZZ_SEED ?? 19);
const UPLOADS = 1_000;
const BODIES_PER_ENDPOINT = 100;
/** The longest any answer may take on a loaded 2-core machine (they take milliseconds). */
const ANSWER_BOUND_MS = 10_000;
const REQUEST_TIMEOUT_SECONDS = 2;

// ---------------------------------------------------------------------------------------------------------
// A seeded PRNG (mulberry32) and its helpers.
// ---------------------------------------------------------------------------------------------------------

class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let x = this.state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

const NASTY: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\ud83d',
  '\ude00\ud83d',
  '🐢 Żółw',
  '\u202eevil',
  '\ufeff',
  '\\',
  '"',
  "'; drop table blooms; --",
  '%00',
  '\r\n',
  '\t',
  '',
  ' ',
  '\u0001\u001f\u007f',
  '{"a":1}',
  '__proto__',
  'constructor',
  'x'.repeat(300),
  'ż'.repeat(3000),
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '${7*7}',
];

// Deep nesting is put in as a marker and written out by `stringify`: JSON.stringify itself overflows its stack on
// a few thousand levels (which is what the server did too).
const deepArray = (levels: number): string => `__deep_${levels}__`;
const stringify = (value: unknown): string =>
  (JSON.stringify(value) ?? 'null').replace(
    /"__deep_(\d+)__"/g,
    (_, levels: string) => `${'['.repeat(Number(levels))}"leaf"${']'.repeat(Number(levels))}`,
  );

/** A value of another kind than `value`. */
function otherKind(rng: Rng, value: unknown): unknown {
  const kinds: unknown[] = [null, 0, -1, 1e308, 3.5, true, [], {}, 'text', [1, 2], { a: 1 }];
  let other = rng.pick(kinds);
  if (typeof other === typeof value && other !== null) other = null;
  return other;
}

/** A random place inside a JSON value: the container and its key, or null for the value itself. */
function randomPlace(
  rng: Rng,
  root: unknown,
): { parent: Record<string, unknown> | unknown[]; key: string | number } | null {
  let parent: Record<string, unknown> | unknown[] | null = null;
  let key: string | number = '';
  let current = root;
  for (let depth = 0; depth < 12; depth += 1) {
    if (current === null || typeof current !== 'object') break;
    const keys: Array<string | number> = Array.isArray(current)
      ? current.map((_, i) => i)
      : Object.keys(current);
    if (keys.length === 0) break;
    if (parent !== null && rng.chance(0.3)) break;
    parent = current as Record<string, unknown> | unknown[];
    key = rng.pick(keys);
    current = (parent as Record<string | number, unknown>)[key];
  }
  return parent === null ? null : { parent, key };
}

/** One structural or textual change to a parsed JSON value (in place; answers the possibly new root). */
function mutateValue(rng: Rng, root: unknown): unknown {
  const place = randomPlace(rng, root);
  if (!place) return rng.chance(0.5) ? otherKind(rng, root) : rng.pick(NASTY);
  const { parent, key } = place;
  const target = parent as Record<string | number, unknown>;
  switch (rng.int(9)) {
    case 0:
    case 1:
      target[key] = rng.pick(NASTY);
      break;
    case 2:
      target[key] = otherKind(rng, target[key]);
      break;
    case 3:
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete target[key];
      break;
    case 4: {
      // A key the database cannot store, or an odd one.
      const bad = rng.pick(NASTY);
      if (!Array.isArray(parent)) target[`${bad}${rng.int(100)}`] = rng.pick(NASTY);
      else target[key] = { [bad]: 1 };
      break;
    }
    case 5:
      target[key] = deepArray(rng.pick([5, 40, 63, 64, 65, 100, 1_000, 5_000]));
      break;
    case 6:
      if (Array.isArray(parent)) parent.push(...parent.slice(0, rng.int(50)));
      else target[key] = [];
      break;
    case 7:
      if (typeof target[key] === 'string') target[key] = `${target[key] as string}${rng.pick(NASTY)}`;
      else target[key] = rng.pick(NASTY);
      break;
    default:
      target[key] = rng.chance(0.5) ? '' : -Number.MAX_SAFE_INTEGER;
  }
  return root;
}

/** Byte-level damage to a text. */
function mutateBytes(rng: Rng, text: string): Buffer {
  let bytes = Buffer.from(text);
  switch (rng.int(5)) {
    case 0: {
      bytes = Buffer.from(bytes);
      for (let i = 0, n = 1 + rng.int(8); i < n && bytes.length > 0; i += 1)
        bytes[rng.int(bytes.length)] = rng.int(256);
      return bytes;
    }
    case 1:
      return bytes.subarray(0, rng.int(bytes.length + 1));
    case 2: {
      const at = rng.int(bytes.length + 1);
      const junk = rng.pick([
        [0xff],
        [0xc3, 0x28],
        [0xe2, 0x82],
        [0xed, 0xa0, 0x80],
        [0xf8, 0x88, 0x80, 0x80],
        [0x00],
      ]);
      return Buffer.concat([bytes.subarray(0, at), Buffer.from(junk), bytes.subarray(at)]);
    }
    case 3: {
      const at = rng.int(bytes.length + 1);
      return Buffer.concat([
        bytes.subarray(0, at),
        bytes.subarray(Math.min(bytes.length, at + 1 + rng.int(20))),
      ]);
    }
    default:
      return Buffer.from(text.replace(/[{}[\]",:]/, () => rng.pick(['', '{', ']', ',', '"', '\\'])));
  }
}

// ---------------------------------------------------------------------------------------------------------
// The app under test, over its full HTTP pipeline: inject for most requests, a real socket for broken
// framing and lying Content-Lengths.
// ---------------------------------------------------------------------------------------------------------

let t: TestApp;
let alice: SessionClient;
let aliceId: string;
let aliceEmail: string;
let port: number;
const problems: string[] = [];
let sent = 0;

beforeAll(async () => {
  t = await createTestApp({
    // Nobody trains the agents the fuzz makes; X-Forwarded-For spreads the requests over many addresses,
    // so rate limits (per address) do not turn most of them into 429s.
    workers: false,
    env: {
      REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_SECONDS),
      TRUST_PROXY: 'true',
      PROMPTS_DEFAULT_LIMIT: '100000',
    },
  });
  ({ client: alice, userId: aliceId, email: aliceEmail } = await signedInClient(t));
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
});
afterAll(async () => {
  await t?.close();
});

const addressOf = (rng: Rng) => `10.${rng.int(250) + 1}.${rng.int(250) + 1}.${rng.int(250) + 1}`;

interface Answer {
  status: number | null;
  text: string;
  ms: number;
}

async function inject(
  rng: Rng,
  client: SessionClient,
  method: 'POST' | 'PUT',
  url: string,
  payload: string | Buffer,
  contentType: string | undefined,
): Promise<Answer> {
  const headers: Record<string, string> = { 'x-forwarded-for': addressOf(rng) };
  if (contentType !== undefined) headers['content-type'] = contentType;
  if (client.cookies.size > 0) headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const xsrf = client.cookies.get('XSRF-TOKEN');
  if (xsrf) headers['x-xsrf-token'] = xsrf;
  const started = Date.now();
  const res = await t.app.inject({ method, url, headers, payload });
  return { status: res.statusCode, text: res.body, ms: Date.now() - started };
}

/** Checks one answer: below 500, within its bound. */
function check(what: string, answer: Answer, boundMs = ANSWER_BOUND_MS): void {
  sent += 1;
  const label = `seed ${SEED} #${sent} ${what}`;
  if (answer.status === null) problems.push(`${label}: no answer after ${answer.ms} ms`);
  else if (answer.status >= 500) problems.push(`${label}: ${answer.status} ${answer.text.slice(0, 300)}`);
  if (answer.ms > boundMs) problems.push(`${label}: answered after ${answer.ms} ms`);
}

/** Everything a refused request must leave as it was, in one query. */
async function snapshot(): Promise<string> {
  const { rows } = await t.database.executor.executeSql(
    `select (select count(*) from users) as users, (select count(*) from sessions) as sessions,
            (select count(*) from email_tokens) as tokens, (select count(*) from blooms) as blooms,
            (select count(*) from chats) as chats, (select count(*) from chat_messages) as messages,
            (select count(*) from bloom_protocols) as protocols,
            (select json_agg(json_build_array(first_name, last_name, language, password_hash, prompts_used))
               from users where id = $1) as alice,
            (select json_agg(json_build_array(name, updated_at) order by id) from blooms where user_id = $1) as names,
            (select json_agg(json_build_array(title, draft) order by id) from chats where user_id = $1) as chats_of`,
    [aliceId],
  );
  return JSON.stringify(rows[0]);
}

// ---------------------------------------------------------------------------------------------------------
// Uploads
// ---------------------------------------------------------------------------------------------------------

const FIXTURES = [
  'lighthouse_2_0_1.json',
  'innkeeper_1_2_0.json',
  'innkeeper_2_0_0.json',
  'beekeeper_1_2_1.json',
  'rich_2_0_1.json',
  'lighthouse_template_2_1_0.json',
  'lighthouse_model_1_0_0.json',
].map((name) => fixtureText(name));

const FILE_NAMES = [
  'agent.json',
  'AGENT.JSON',
  'agent.txt',
  '',
  'a/b/../x.json',
  `${'n'.repeat(200)}.json`,
  'x\u0000y.json',
  'żółw.json',
  '"quoted".json',
  'semi;colon.json',
];

interface Upload {
  contentType: string;
  body: Buffer;
  /** Needs a real socket (framing the inject client would mend, or a lying Content-Length). */
  raw: boolean;
  lie?: boolean;
  kind: string;
}

function multipart(
  boundary: string,
  parts: Array<{ headers: string[]; body: Buffer }>,
  opts: { eol?: string; closing?: boolean } = {},
): Buffer {
  const eol = opts.eol ?? '\r\n';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}${eol}${part.headers.map((h) => `${h}${eol}`).join('')}${eol}`));
    chunks.push(part.body, Buffer.from(eol));
  }
  if (opts.closing !== false) chunks.push(Buffer.from(`--${boundary}--${eol}`));
  return Buffer.concat(chunks);
}

function makeUpload(rng: Rng): Upload {
  const boundary = `----fuzz${rng.int(1e9)}`;
  let content: Buffer;
  let kind: string;
  const roll = rng.int(100);
  const base = rng.pick(FIXTURES);
  if (roll < 8) {
    content = Buffer.from(base);
    kind = 'valid';
  } else if (roll < 55) {
    let value = JSON.parse(base) as unknown;
    for (let i = 0, n = 1 + rng.int(3); i < n; i += 1) value = mutateValue(rng, value);
    content = Buffer.from(stringify(value));
    kind = 'structure';
  } else if (roll < 75) {
    content = mutateBytes(rng, base);
    kind = 'bytes';
  } else {
    content = Buffer.from(base);
    kind = 'framing';
  }
  let fileName = rng.chance(0.85) ? 'agent.json' : rng.pick(FILE_NAMES);
  const nameField = rng.chance(0.2)
    ? [{ headers: ['Content-Disposition: form-data; name="name"'], body: Buffer.from(rng.pick(NASTY)) }]
    : [];
  const fileHeaders = () => [
    `Content-Disposition: form-data; name="file"; filename="${fileName}"`,
    'Content-Type: application/json',
  ];
  const parts = () => [...nameField, { headers: fileHeaders(), body: content }];
  const type = `multipart/form-data; boundary=${boundary}`;
  if (kind !== 'framing')
    return { contentType: type, body: multipart(boundary, parts()), raw: rng.chance(0.2), kind };

  const raw = rng.chance(0.5);
  switch (rng.int(13)) {
    case 0:
      return {
        contentType: type,
        body: multipart(boundary, parts(), { closing: false }),
        raw,
        kind: 'no closing boundary',
      };
    case 1:
      return {
        contentType: 'multipart/form-data',
        body: multipart(boundary, parts()),
        raw,
        kind: 'no boundary=',
      };
    case 2:
      return { contentType: `${type}x`, body: multipart(boundary, parts()), raw, kind: 'other boundary' };
    case 3:
      return {
        contentType: type,
        body: multipart(boundary, parts(), { eol: '\n' }),
        raw,
        kind: 'LF line ends',
      };
    case 4: {
      const headers = ['Content-Type: application/json'];
      const body = Buffer.concat([content, Buffer.from('x'.repeat(rng.pick([10, 16_384, 40_000])))]);
      return {
        contentType: type,
        body: multipart(boundary, [{ headers, body }]),
        raw,
        kind: 'no Content-Disposition',
      };
    }
    case 5: {
      const headers = ['Content-Disposition: form-data; name="file"', 'Content-Type: application/json'];
      return {
        contentType: type,
        body: multipart(boundary, [{ headers, body: content }]),
        raw,
        kind: 'no filename',
      };
    }
    case 6: {
      const garbage = Buffer.from(Array.from({ length: rng.int(5000) }, () => rng.int(256)));
      return { contentType: type, body: garbage, raw, kind: 'garbage' };
    }
    case 7: {
      const whole = multipart(boundary, parts());
      return { contentType: type, body: whole.subarray(0, rng.int(whole.length)), raw, kind: 'cut short' };
    }
    case 8:
      return {
        contentType: rng.pick([
          'application/json',
          'text/plain',
          'application/octet-stream',
          'multipart/mixed; boundary=x',
        ]),
        body: content,
        raw,
        kind: 'not multipart',
      };
    case 9: {
      const twice = [...parts(), { headers: fileHeaders(), body: content }];
      return { contentType: type, body: multipart(boundary, twice), raw, kind: 'two files' };
    }
    case 10: {
      fileName = rng.pick(FILE_NAMES);
      const header = [
        `Content-Disposition: form-data; name="file"; filename*=UTF-8''${encodeURIComponent('ż.json')}`,
      ];
      return {
        contentType: type,
        body: multipart(boundary, [{ headers: header, body: content }]),
        raw,
        kind: 'filename*',
      };
    }
    case 11: {
      // The boundary inside the file's content.
      const inner = Buffer.concat([
        content.subarray(0, 100),
        Buffer.from(`\r\n--${boundary}\r\n`),
        content.subarray(100),
      ]);
      return {
        contentType: type,
        body: multipart(boundary, [{ headers: fileHeaders(), body: inner }]),
        raw,
        kind: 'boundary inside',
      };
    }
    default:
      return {
        contentType: type,
        body: multipart(boundary, parts()),
        raw: true,
        lie: true,
        kind: 'Content-Length too large',
      };
  }
}

async function bloomCount(): Promise<number> {
  return (await t.database.db.select().from(schema.blooms).where(eq(schema.blooms.userId, aliceId))).length;
}

async function sendUpload(rng: Rng, upload: Upload): Promise<Answer> {
  const headers = { 'content-type': upload.contentType, 'x-forwarded-for': addressOf(rng) };
  if (upload.lie) {
    const head = rawHead(alice, 'POST', '/api/bloom/upload', {
      ...headers,
      'content-length': String(upload.body.length + 1 + rng.int(5000)),
    });
    return rawRequest(port, Buffer.concat([Buffer.from(`${head}\r\n`), upload.body]), 30_000);
  }
  if (upload.raw)
    return rawRequest(port, rawBytes(alice, 'POST', '/api/bloom/upload', headers, upload.body), 30_000);
  return inject(rng, alice, 'POST', '/api/bloom/upload', upload.body, upload.contentType);
}

// ---------------------------------------------------------------------------------------------------------
// JSON endpoints
// ---------------------------------------------------------------------------------------------------------

interface Endpoint {
  name: string;
  method: 'POST' | 'PUT';
  url: () => string;
  body: () => unknown;
  client: () => SessionClient;
  /** After an accepted request: wait until it is done (a chat's answer), so the next snapshot is still. */
  settle?: () => Promise<void>;
}

function mutateBody(
  rng: Rng,
  seed: unknown,
): { payload: string | Buffer; contentType: string | undefined; kind: string } {
  const json = 'application/json';
  const roll = rng.int(100);
  if (roll < 10) return { payload: JSON.stringify(seed), contentType: json, kind: 'valid' };
  if (roll < 60) {
    let value = structuredClone(seed);
    for (let i = 0, n = 1 + rng.int(2); i < n; i += 1) value = mutateValue(rng, value);
    return { payload: stringify(value), contentType: json, kind: 'structure' };
  }
  if (roll < 75) return { payload: mutateBytes(rng, JSON.stringify(seed)), contentType: json, kind: 'bytes' };
  if (roll < 83) {
    const levels = rng.pick([65, 1_000, 20_000]);
    const deep = `${'['.repeat(levels)}${']'.repeat(levels)}`;
    const text = JSON.stringify(seed).replace(/^\{/, `{"deep":${deep},`);
    return { payload: text, contentType: json, kind: `deep ${levels}` };
  }
  if (roll < 92) {
    const payload = rng.pick([
      '',
      'null',
      '[]',
      '"text"',
      '1',
      '{}',
      '{',
      'garbage',
      '{"a":1}{"b":2}',
      ' '.repeat(70_000),
      `{"x":"${'a'.repeat(70_000)}"}`,
    ]);
    return { payload, contentType: json, kind: 'whole body' };
  }
  return {
    payload: JSON.stringify(seed),
    contentType: rng.pick([
      undefined,
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=latin1',
    ]),
    kind: 'content type',
  };
}

it(
  `survives ${UPLOADS} mutated uploads and ${BODIES_PER_ENDPOINT} mutated bodies per JSON endpoint (seed ${SEED})`,
  { timeout: 600_000 },
  async () => {
    const rng = new Rng(SEED);
    const started = Date.now();

    // -- Uploads ---------------------------------------------------------------------------------------
    let blooms = await bloomCount();
    const lies: Upload[] = [];
    const kinds = new Map<string, number>();
    for (let i = 0; i < UPLOADS; i += 1) {
      const upload = makeUpload(rng);
      kinds.set(upload.kind, (kinds.get(upload.kind) ?? 0) + 1);
      if (upload.lie) {
        lies.push(upload);
        continue;
      }
      const answer = await sendUpload(rng, upload);
      check(`upload (${upload.kind}${upload.raw ? ', socket' : ''})`, answer);
      const now = await bloomCount();
      const expected = blooms + (answer.status === 201 ? 1 : 0);
      if (now !== expected)
        problems.push(
          `seed ${SEED} #${sent} upload (${upload.kind}) ${answer.status}: ${now - blooms} agents stored`,
        );
      blooms = now;
    }
    // Lying Content-Lengths wait for the request timeout: all at once.
    const lied = await Promise.all(lies.map((upload) => sendUpload(rng, upload)));
    for (const answer of lied) {
      check('upload (Content-Length too large)', answer, (REQUEST_TIMEOUT_SECONDS + 5) * 1000);
      if (answer.status !== 408)
        problems.push(`seed ${SEED} lying Content-Length: ${answer.status} ${answer.text.slice(-200)}`);
    }
    if ((await bloomCount()) !== blooms)
      problems.push('an upload with a lying Content-Length stored an agent');
    const uploadsMs = Date.now() - started;

    // -- JSON endpoints --------------------------------------------------------------------------------
    const bloomId = (await alice.get('/api/blooms?pageSize=1')).body.blooms[0]?.id as string | undefined;
    expect(bloomId, 'a valid upload made an agent').toBeDefined();
    const created = await alice.post('/api/bloom/chats', { message: 'A lighthouse keeper on a cape.' });
    expect(created.status, created.text).toBe(201);
    const chatId = created.body.id as string;
    const settleChat = async () => {
      for (let i = 0; i < 200; i += 1) {
        const chats = (await alice.get('/api/bloom/chats?pageSize=100')).body.chats as Array<{
          answering: boolean;
        }>;
        if (!chats.some((c) => c.answering)) return;
        await new Promise((r) => setTimeout(r, 25));
      }
    };
    await settleChat();
    const draft = (await alice.get(`/api/bloom/chats/${chatId}`)).body.draft as unknown;
    const stranger = await new SessionClient(t.app).prime();
    let n = 0;
    const endpoints: Endpoint[] = [
      {
        name: 'sign-up',
        method: 'POST',
        url: () => '/api/auth/signup',
        body: () => ({
          email: `fuzz${(n += 1)}@example.com`,
          password: 'Garden#2026',
          firstName: 'Fuzz',
          lastName: 'Tester',
          language: 'en',
        }),
        client: () => stranger,
      },
      {
        name: 'sign-in',
        method: 'POST',
        url: () => '/api/auth/signin',
        body: () => ({ email: aliceEmail, password: TEST_PASSWORD }),
        // A new client each time: a sign-in replaces the client's session.
        client: () => new SessionClient(t.app),
      },
      {
        name: 'reset request',
        method: 'POST',
        url: () => '/api/auth/password/reset',
        body: () => ({ email: aliceEmail }),
        client: () => stranger,
      },
      {
        name: 'reset',
        method: 'POST',
        url: () => '/api/auth/password/reset/set',
        body: () => ({ password: 'Garden#2027', confirmPassword: 'Garden#2027', token: 'abcdef0123456789' }),
        client: () => stranger,
      },
      {
        name: 'confirm e-mail',
        method: 'POST',
        url: () => '/api/auth/email/confirm',
        body: () => ({ token: 'abcdef0123456789' }),
        client: () => stranger,
      },
      {
        name: 'resend',
        method: 'POST',
        url: () => '/api/auth/email/resend',
        body: () => ({ email: aliceEmail }),
        client: () => stranger,
      },
      {
        name: 'google callback',
        method: 'POST',
        url: () => '/api/auth/sso/google/callback',
        body: () => ({ code: 'code', state: 'state' }),
        client: () => stranger,
      },
      {
        name: 'account',
        method: 'PUT',
        url: () => '/api/account/data',
        body: () => ({ firstName: 'Maren', lastName: 'Keeper', language: 'en' }),
        client: () => alice,
      },
      {
        name: 'agent rename',
        method: 'PUT',
        url: () => `/api/blooms/${bloomId}`,
        body: () => ({ name: 'Maren' }),
        client: () => alice,
      },
      {
        name: 'new chat',
        method: 'POST',
        url: () => '/api/bloom/chats',
        body: () => ({ message: 'A ferryman.' }),
        client: () => alice,
        settle: settleChat,
      },
      {
        name: 'chat rename',
        method: 'PUT',
        url: () => `/api/bloom/chats/${chatId}`,
        body: () => ({ title: 'Cape' }),
        client: () => alice,
      },
      {
        name: 'chat message',
        method: 'POST',
        url: () => `/api/bloom/chats/${chatId}/messages`,
        body: () => ({ message: 'Maren' }),
        client: () => alice,
        settle: settleChat,
      },
      {
        name: 'draft',
        method: 'PUT',
        url: () => `/api/bloom/chats/${chatId}/draft`,
        body: () => ({ draft }),
        client: () => alice,
      },
      // Last: a valid body changes the password (the session stays).
      {
        name: 'password',
        method: 'POST',
        url: () => '/api/account/password',
        body: () => ({
          currentPassword: TEST_PASSWORD,
          newPassword: 'Garden#2027',
          confirmPassword: 'Garden#2027',
        }),
        client: () => alice,
      },
    ];
    const bodiesStarted = Date.now();
    for (const endpoint of endpoints) {
      for (let i = 0; i < BODIES_PER_ENDPOINT; i += 1) {
        const client = endpoint.client();
        if (client.cookies.size === 0) await client.prime();
        const { payload, contentType, kind } = mutateBody(rng, endpoint.body());
        const before = await snapshot();
        const answer = await inject(rng, client, endpoint.method, endpoint.url(), payload, contentType);
        check(`${endpoint.name} (${kind})`, answer);
        if (answer.status !== null && answer.status < 300) await endpoint.settle?.();
        else if ((await snapshot()) !== before)
          problems.push(
            `seed ${SEED} #${sent} ${endpoint.name} (${kind}) ${answer.status}: the database changed`,
          );
      }
    }
    const bodiesMs = Date.now() - bodiesStarted;

    console.info(
      `fuzz (seed ${SEED}, ${t.database.driver}): ${UPLOADS} uploads in ${Math.round(uploadsMs / 1000)} s ` +
        `(${[...kinds].map(([k, v]) => `${k} ${v}`).join(', ')}), ` +
        `${endpoints.length} × ${BODIES_PER_ENDPOINT} bodies in ${Math.round(bodiesMs / 1000)} s`,
    );
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(UPLOADS + endpoints.length * BODIES_PER_ENDPOINT);
  },
);
