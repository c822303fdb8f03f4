// Issue 17: what a browser, curl or a link checker gets for pages and for addresses that are not valid,
// through a real socket (node:http, so the request carries exactly the headers written here — or none).
import { rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiErrorSchema } from '@greenhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, fakeWebRoot, type TestApp } from './support/test-app.js';

const webRoot = fakeWebRoot();

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ webRoot });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request over a real socket; `path` goes on the wire as written (no URL normalisation). */
function request(target: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: target, method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('a malformed address (GET /%E0%A4%A)', () => {
  it('shows a browser an HTML page of our own, not Fastify’s JSON', async () => {
    const res = await request('/%E0%A4%A', browser);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<h1>This address is not valid</h1>');
    expect(res.body).toContain('<a href="/">');
    expect(res.body).toContain('400 BAD_REQUEST');
    expect(res.body).not.toContain('FST_ERR_BAD_URL');
    // The page is not echoed input and may run nothing.
    expect(res.body).not.toContain('%E0%A4%A');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('speaks the browser’s language', async () => {
    const res = await request('/%E0%A4%A', { ...browser, 'accept-language': 'pl-PL,pl;q=0.9' });
    expect(res.status).toBe(400);
    expect(res.body).toContain('<html lang="pl">');
    expect(res.body).toContain('Ten adres jest nieprawidłowy');
  });

  it('answers the API’s error shape with a stable code under /api, even to a browser', async () => {
    for (const headers of [{}, browser]) {
      const res = await request('/api/bloom/%E0%A4%A', headers);
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(z.strictObject(apiErrorSchema.shape).parse(JSON.parse(res.body))).toEqual({
        code: 'BAD_REQUEST',
        status: 400,
        type: 'validation',
        message: expect.any(String),
        params: {},
      });
    }
  });

  it('answers the error shape to a client that does not ask for HTML', async () => {
    const res = await request('/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(z.strictObject(apiErrorSchema.shape).parse(JSON.parse(res.body)).code).toBe('BAD_REQUEST');
  });
});

describe('pages without Accept: text/html', () => {
  it('serves the web app for GET / and the app’s routes whatever the Accept header', async () => {
    for (const target of ['/', '/auth/sign-in', '/agent/123', '/chat/new?demo=1']) {
      for (const headers of [{}, { accept: '*/*' }, { accept: 'application/json' }] as Record<
        string,
        string
      >[]) {
        const res = await request(target, headers);
        expect(res.status, `${target} ${JSON.stringify(headers)}`).toBe(200);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.body).toContain('<div id="root">');
      }
    }
    const head = await request('/', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('answers 404 in the error shape only under /api and for missing files', async () => {
    for (const [target, headers] of [
      ['/api/nothing-here', {}],
      ['/api/nothing-here', browser],
      ['/api', {}],
      ['/missing.js', {}],
    ] as const) {
      const res = await request(target, headers);
      expect(res.status, target).toBe(404);
      expect(z.strictObject(apiErrorSchema.shape).parse(JSON.parse(res.body)).code).toBe('NOT_FOUND');
    }
  });

  it('does not answer other methods with the page', async () => {
    const res = await request('/', {}, 'POST');
    expect(res.status).toBe(404);
    expect(apiErrorSchema.parse(JSON.parse(res.body)).code).toBe('NOT_FOUND');
  });
});
