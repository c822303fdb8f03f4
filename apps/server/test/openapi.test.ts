import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { noContent } from '../src/lib/route-docs.js';
import { isDescribedPath, openapiPlugin } from '../src/plugins/openapi.js';
import { checkAnswersAgainstDescription, openapiPath } from './support/openapi-contract.js';
import { createTestApp, type TestApp } from './support/test-app.js';

type Operation = { security?: Record<string, string[]>[]; responses: Record<string, unknown> };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

let t: TestApp;
const registered: { method: string; url: string }[] = [];

beforeAll(async () => {
  t = await createTestApp({
    workers: false,
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat())
        registered.push({ method: method.toLowerCase(), url: route.url });
    },
  });
});
afterAll(async () => t.close());

describe('the OpenAPI description', () => {
  let doc: Document;
  beforeAll(async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json<Document>();
  });

  it('is OpenAPI 3.1 and describes every route the server registers, and only those', () => {
    expect(doc.openapi).toBe('3.1.0');
    const routes = registered.filter((r) => r.method !== 'head' && isDescribedPath(r.url));
    // The API has dozens of routes: a description that lost them all must not pass as "consistent".
    expect(routes.length).toBeGreaterThan(50);
    const inDoc = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m} ${path}`),
    );
    expect(new Set(inDoc)).toEqual(new Set(routes.map((r) => `${r.method} ${openapiPath(r.url)}`)));
  });

  it('says who may call each route, and that every route answers the one error shape', () => {
    const op = (method: string, path: string) => doc.paths[path]![method]!;
    expect(op('get', '/api/blooms/{id}').security).toEqual([{ session: [] }, { bearer: [] }]);
    expect(op('post', '/api/bloom/upload').security).toEqual([{ session: [], csrf: [] }, { bearer: [] }]);
    expect(op('get', '/api/accounts').security).toEqual([{ session: [] }, { bearer: [] }]);
    expect(op('post', '/api/auth/signin').security).toEqual([]);
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(ops))
        expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(
          expect.arrayContaining(['4XX', '5XX']),
        );
  });

  it('describes the upload as multipart with its file, and the download as a file', () => {
    const upload = doc.paths['/api/bloom/upload']!.post as unknown as {
      requestBody: { content: Record<string, { schema: { required?: string[] } }> };
    };
    expect(upload.requestBody.content['multipart/form-data']!.schema.required).toEqual(['file']);
    const download = doc.paths['/api/blooms/{id}/download']!.get!.responses['200'] as { content: object };
    expect(Object.keys(download.content)).toEqual(['application/json']);
  });

  it('is itself valid: OpenAPI 3.1 by its official schema, each schema compiling as JSON Schema 2020-12', async () => {
    const result = await new Validator().validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    const ajv = new Ajv2020({ strict: false });
    let schemas = 0;
    const visit = (value: unknown): void => {
      if (!value || typeof value !== 'object') return;
      const record = value as Record<string, unknown>;
      if ('schema' in record && record.schema && typeof record.schema === 'object') {
        ajv.compile({ ...record.schema, components: (doc as unknown as { components: object }).components });
        schemas += 1;
      }
      for (const child of Object.values(record)) visit(child);
    };
    visit(doc.paths);
    expect(schemas).toBeGreaterThan(100);
  });
});

describe('the reference page', () => {
  it('is served at /api/docs from this server, its script too', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).not.toMatch(/https?:\/\/(?!localhost)[^"']*\.js/);
    const scripts = [...page.body.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const script = await t.app.inject({ method: 'GET', url: new URL(src, 'http://x/api/docs/').pathname });
      expect(script.statusCode, src).toBe(200);
    }
  });
});

describe('the check of every test answer against the description', () => {
  it('names an answer whose body, status or content type the description does not allow', async () => {
    // Untyped: the handlers below send what their schemas do not allow.
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await openapiPlugin(app, { version: 'test' });
    const item = { schema: { response: { 200: z.object({ name: z.string() }) } } };
    // Written as text, past the serializer: what a handler that bypassed its schema would send.
    app.get('/api/item', item, async (_request, reply) => reply.type('application/json').send('{"name":1}'));
    app.get('/api/fine', item, async () => ({ name: 'ok' }));
    app.delete('/api/item', { config: { openapi: noContent('Deleted') } }, async (_request, reply) =>
      reply.status(200).send({ deleted: true }),
    );
    app.get('/api/text', item, async (_request, reply) => reply.type('text/plain').send('hello'));
    const contract = checkAnswersAgainstDescription(app);
    await app.ready();
    for (const [method, url] of [
      ['GET', '/api/item'],
      ['GET', '/api/fine'],
      ['DELETE', '/api/item'],
      ['GET', '/api/text'],
    ] as const)
      await app.inject({ method, url });
    await app.close();
    expect(contract.violations()).toEqual([
      expect.stringMatching(/^GET \/api\/item → 200: .*name.* must be string/),
      expect.stringMatching(/^DELETE \/api\/item → 200: status 200 is not described/),
      expect.stringMatching(/^GET \/api\/text → 200: answered text\/plain, described application\/json/),
    ]);
  });
});
