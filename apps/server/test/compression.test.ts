// Issue 22: the web app's files are sent precompressed (the .br/.gz files the build writes beside them) with
// long-lived caching for hashed assets; API answers above the threshold are compressed, the chat stream never.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES } from '../src/app.js';
import { answered } from './support/chats.js';
import type { SessionClient } from './support/session-client.js';
import { createTestApp, fakeWebRoot, type TestApp } from './support/test-app.js';
import { signedInClient } from './support/users.js';

const webRoot = fakeWebRoot();
const asset = 'assets/index-AbC123.js';
const script = `export const greeting = ${JSON.stringify('hello '.repeat(500))};\n`;
// As scripts/build.mjs leaves a build: each text file with its brotli and gzip forms beside it.
mkdirSync(path.join(webRoot, 'assets'));
writeFileSync(path.join(webRoot, asset), script);
writeFileSync(path.join(webRoot, `${asset}.br`), brotliCompressSync(script));
writeFileSync(path.join(webRoot, `${asset}.gz`), gzipSync(script));
const html = '<!doctype html><title>Greenhouse</title><div id="root"></div>';
writeFileSync(path.join(webRoot, 'index.html.br'), brotliCompressSync(html));

let t: TestApp;
let client: SessionClient;

beforeAll(async () => {
  t = await createTestApp({ webRoot, workers: false });
  ({ client } = await signedInClient(t));
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const cookie = () => [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

describe('the web app’s files', () => {
  it('sends a hashed asset as brotli, as gzip or plain, as the browser accepts, cached for good', async () => {
    for (const [accept, encoding, decode] of [
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['identity', undefined, (body: Buffer) => body],
    ] as const) {
      const res = await t.app.inject({ url: `/${asset}`, headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(res.rawPayload).toString()).toBe(script);
    }
  });

  it('sends index.html (for any page) compressed but revalidated every time', async () => {
    for (const url of ['/index.html', '/auth/sign-in']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html', 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(html);
    }
  });
});

describe('API answers', () => {
  it('compresses JSON above the threshold, and sends small answers as they are', async () => {
    // A chat with its first answer: the message, the designer's answer and the draft are over the threshold.
    const created = await client.post('/api/bloom/chats', {
      message: 'A bard who sings about the weather, the sea and the harvest, in rhyme. '.repeat(3),
    });
    expect(created.status).toBe(201);
    await answered(client, created.body.id);
    const url = `/api/bloom/chats/${created.body.id}`;
    const large = await t.app.inject({ url, headers: { cookie: cookie(), 'accept-encoding': 'br, gzip' } });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    const json = brotliDecompressSync(large.rawPayload).toString();
    expect(json.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(JSON.parse(json)).toHaveProperty('id', created.body.id);
    expect(large.rawPayload.length).toBeLessThan(json.length);

    const gzip = await t.app.inject({ url, headers: { cookie: cookie(), 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(json);

    const small = await t.app.inject({
      url: '/api/account/data',
      headers: { cookie: cookie(), 'accept-encoding': 'br, gzip' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.body.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toHaveProperty('email');
  });

  it('never compresses the chat answer stream', async () => {
    const created = await client.post('/api/bloom/chats', { message: 'A bard who sings about the weather.' });
    expect(created.status).toBe(201);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/bloom/chats/${created.body.id}/stream`, {
      headers: { cookie: cookie(), 'accept-encoding': 'br, gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('content-encoding')).toBeNull();
    // Plain server-sent events, up to the stored chat.
    expect(await response.text()).toMatch(/^event: /m);
  });
});
