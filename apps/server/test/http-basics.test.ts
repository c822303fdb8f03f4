import { rmSync } from 'node:fs';
import { apiErrorSchema, runtimeConfigSchema, signUpRequestSchema } from '@greenhouse/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../src/lib/app-error.js';
import { createTestApp, fakeWebRoot, type TestApp } from './support/test-app.js';

const webRoot = fakeWebRoot();

let t: TestApp;
let app: FastifyInstance;

// Routes that exist only in this test, to exercise the shared validation and error paths.
function addProbeRoutes(instance: FastifyInstance) {
  const typed = instance.withTypeProvider<ZodTypeProvider>();
  typed.post('/api/probe/signup', { schema: { body: signUpRequestSchema } }, async (request) => request.body);
  typed.post(
    '/api/probe/typed',
    { schema: { body: z.object({ count: z.number().max(10) }) } },
    async () => ({}),
  );
  typed.get('/api/probe/crash', async () => {
    throw new Error('secret internal detail');
  });
  typed.get('/api/probe/app-error', async () => {
    throw AppError.field('bloom.name_too_long', 'name', { max: 128 });
  });
}

beforeAll(async () => {
  t = await createTestApp({ webRoot, beforeReady: addProbeRoutes });
  app = t.app;
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

function errorBody(body: string) {
  const parsed = z.strictObject(apiErrorSchema.shape).parse(JSON.parse(body));
  return parsed;
}

describe('GET /config.json', () => {
  it('answers version, databiomesAPI and authTokenName, uncached', async () => {
    const res = await app.inject({ method: 'GET', url: '/config.json' });
    expect(res.statusCode).toBe(200);
    const config = z.strictObject(runtimeConfigSchema.shape).parse(res.json());
    expect(config.databiomesAPI).toBe('/api');
    expect(config.authTokenName).toMatch(/^[a-z_]+$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-app-version']).toBe(config.version);
  });
});

describe('the API', () => {
  it('reports its health and the database driver', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.database.driver });
  });

  it('answers an unknown API path with NOT_FOUND in the error shape, even for browsers', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(errorBody(res.body)).toEqual({
      code: 'NOT_FOUND',
      status: 404,
      type: 'error',
      message: expect.any(String),
      params: {},
    });
    expect(res.headers['x-app-version']).toBeTruthy();
  });

  it('names the field and its bound for a schema failure, with the spec code', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/probe/signup',
      payload: { email: 'a@example.com', password: 'Abcdef1!', firstName: 'x'.repeat(33), lastName: 'L' },
    });
    expect(res.statusCode).toBe(400);
    const body = errorBody(res.body);
    expect(body).toMatchObject({
      code: 'authorization.first_name_too_long',
      status: 400,
      type: 'validation',
      params: { field: 'firstName', max: 32 },
    });
  });

  it('names the bound of a custom rule (the password length)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/probe/signup',
      payload: { email: 'a@example.com', password: 'Ab1!', firstName: 'A', lastName: 'L' },
    });
    expect(errorBody(res.body)).toMatchObject({
      code: 'authorization.password_too_short',
      params: { field: 'password', min: 8 },
    });
  });

  it('uses the default validation key when a check has no specific code', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/probe/typed', payload: { count: 'many' } });
    expect(res.statusCode).toBe(400);
    expect(errorBody(res.body)).toMatchObject({ code: 'validation.required', params: { field: 'count' } });
    const tooBig = await app.inject({ method: 'POST', url: '/api/probe/typed', payload: { count: 11 } });
    expect(errorBody(tooBig.body)).toMatchObject({
      code: 'validation.numberMax',
      params: { field: 'count', max: 10 },
    });
  });

  it('lists every problem of a request and answers the first', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/probe/signup', payload: {} });
    expect(res.statusCode).toBe(400);
    const body = errorBody(res.body);
    expect(body.code).toBe('authorization.email_required');
    expect(body.params.field).toBe('email');
    // Every problem is listed for clients that show them all.
    expect((body.params.problems as unknown[]).length).toBeGreaterThan(1);
  });

  it('answers malformed JSON with BAD_REQUEST, not a 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/probe/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(errorBody(res.body).code).toBe('BAD_REQUEST');
  });

  it('answers a body over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/probe/signup',
      payload: { email: 'a@example.com', password: 'x'.repeat(200_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(errorBody(res.body).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers a wrong content type with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/probe/signup',
      headers: { 'content-type': 'application/xml' },
      payload: '<signup/>',
    });
    expect(res.statusCode).toBe(415);
    expect(errorBody(res.body).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers an AppError with its code, status and params', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/probe/app-error' });
    expect(res.statusCode).toBe(400);
    expect(errorBody(res.body)).toMatchObject({
      code: 'bloom.name_too_long',
      type: 'validation',
      params: { field: 'name', max: 128 },
    });
  });

  it('hides what went wrong inside an unexpected failure', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/probe/crash' });
    expect(res.statusCode).toBe(500);
    const body = errorBody(res.body);
    expect(body.code).toBe('INTERNAL');
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('the web app', () => {
  it('serves index.html for any page a browser asks for', async () => {
    for (const url of ['/', '/auth/sign-in', '/agent/123', '/no/such/page']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('sends security headers with pages', async () => {
    const res = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('answers a missing file that is not a page with NOT_FOUND', async () => {
    const res = await app.inject({ method: 'GET', url: '/missing.js', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(404);
    expect(errorBody(res.body).code).toBe('NOT_FOUND');
  });
});
