import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { apiErrorSchema, errorCodes } from '@greenhouse/contracts';
import type { FastifyInstance, FastifySchema, HTTPMethods, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { webPublicDir } from '../lib/paths.js';
import type { RouteDocs } from '../lib/route-docs.js';

/**
 * The API described in OpenAPI 3.1, generated from the routes' own zod schemas (issue 34): @fastify/swagger
 * collects every route as it is registered, fastify-type-provider-zod turns its schemas into JSON Schema, and
 * this file adds what a route's run-time schema cannot say — who may call it (the scope's access, below), the
 * one error shape with its codes, and what a route documents beside its checked schemas (`config.openapi`:
 * multipart bodies, files and streams, which the handler reads or writes itself). The description is served at
 * GET /api/openapi.json, the reference page (swagger-ui, its files from the package: no CDN) at /api/docs.
 */

/** Who may call a scope's routes. */
export type Access = 'public' | 'signedIn' | 'admin';

export const DOCS_PATH = '/api/docs';
export const OPENAPI_PATH = '/api/openapi.json';

const SESSION = 'session';
const CSRF = 'csrf';
const TOKEN = 'bearer';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Which paths the description covers: the API, the runtime config and Flora's files; not the web app's. */
export function isDescribedPath(url: string): boolean {
  if (url === DOCS_PATH || url.startsWith(`${DOCS_PATH}/`)) return false;
  return url.startsWith('/api/') || url === '/config.json' || url.startsWith('/downloads/');
}

/**
 * Marks every route registered in `scope` from now on with who may call it: signed-in routes take the session
 * cookie (with the CSRF header on unsafe methods) or a personal API token as a bearer token.
 */
export function documentAccess(scope: FastifyInstance, access: Access): void {
  scope.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, ...accessSchema(access, route.method) };
  });
}

function accessSchema(access: Access, method: RouteOptions['method']): FastifySchema {
  if (access === 'public') return { security: [] } as FastifySchema;
  const methods: HTTPMethods[] = (Array.isArray(method) ? method : [method]) as HTTPMethods[];
  const safe = methods.every((m) => SAFE_METHODS.has(m.toUpperCase()));
  const cookie = safe ? { [SESSION]: [] } : { [SESSION]: [], [CSRF]: [] };
  return {
    security: [cookie, { [TOKEN]: [] }],
    'x-access': access,
  } as FastifySchema;
}

/** A schema inside the description: its dialect is the document's (3.1: JSON Schema 2020-12), not its own. */
function withoutDialect(schema: object): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = schema as Record<string, unknown>;
  return rest;
}

const errorJsonSchema: Record<string, unknown> = {
  ...withoutDialect(z.toJSONSchema(apiErrorSchema, { target: 'draft-2020-12', io: 'output' })),
  description:
    'The one error shape of the API: `code` (one of the listed codes), its HTTP status, a message.',
};
(errorJsonSchema.properties as Record<string, Record<string, unknown>>).code!.enum = Object.keys(errorCodes);

type Operation = { responses?: Record<string, unknown>; tags?: string[] };

/** Registers @fastify/swagger (before any route, so it sees them all) and the reference page. */
export async function openapiPlugin(app: FastifyInstance, options: { version: string }): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Greenhouse API',
        version: options.version,
        description:
          'Signed in with the session cookie (unsafe methods echo the XSRF-TOKEN cookie in X-XSRF-TOKEN), or ' +
          'with a personal API token (profile → API tokens) as `Authorization: Bearer gh_…`.',
      },
      components: {
        securitySchemes: {
          [SESSION]: { type: 'apiKey', in: 'cookie', name: 'greenhouse_session' },
          [CSRF]: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
          [TOKEN]: { type: 'http', scheme: 'bearer', description: 'A personal API token, gh_…' },
        },
      },
    },
    transform: (document) => {
      const { url, route } = document;
      if (!isDescribedPath(url)) return { schema: { hide: true } as FastifySchema, url };
      const docs = route.config?.openapi;
      const out = jsonSchemaTransform({ ...document, schema: withDocs(document.schema, docs) });
      if (docs?.body)
        (out.schema as Record<string, unknown>).body = { content: mediaTypes(docs.body, 'input') };
      return out;
    },
    transformObject: (document) => withErrors(jsonSchemaTransformObject(document)),
  });
  const logo = await readFile(path.join(webPublicDir, 'favicon.svg')).catch(() => null);
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PATH,
    uiConfig: { deepLinking: true },
    theme: { title: 'Greenhouse API' },
    // Our mark instead of Fastify's, linking back to the app.
    ...(logo ? { logo: { type: 'image/svg+xml', content: logo, href: '/', target: '_self' } } : {}),
    // swagger-ui's own files, from our server: the CSP (script-src 'self') holds for them too.
    staticCSP: false,
  });
}

/** The route's schema with what its `config.openapi` documents besides (by the zod transform, like the rest). */
function withDocs(schema: FastifySchema | undefined, docs: RouteDocs | undefined): FastifySchema {
  const out: Record<string, unknown> = { ...schema };
  if (!docs) return out as FastifySchema;
  if (docs.summary) out.summary = docs.summary;
  if (docs.sessionOnly) out.security = [{ [SESSION]: [], [CSRF]: [] }];
  if (docs.response) {
    const response: Record<string, unknown> = { ...(schema?.response as object) };
    for (const [status, { description, content }] of Object.entries(docs.response)) {
      response[status] = content
        ? {
            description,
            content: Object.fromEntries(Object.entries(content).map(([type, s]) => [type, { schema: s }])),
          }
        : // swagger writes no content for a schema of type null (an empty answer).
          z.null().meta({ description });
    }
    out.response = response;
  }
  return out as FastifySchema;
}

function mediaTypes(byType: Record<string, z.core.$ZodType>, io: 'input' | 'output') {
  return Object.fromEntries(
    Object.entries(byType).map(([type, schema]) => [
      type,
      {
        schema: withoutDialect(
          z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }),
        ),
      },
    ]),
  );
}

/** Every operation answers the one error shape on 4XX and 5XX, and is tagged by its path's first part. */
function withErrors<T extends object>(document: T): T {
  const doc = document as T & {
    paths?: Record<string, Record<string, Operation>>;
    components?: Record<string, Record<string, unknown>>;
  };
  doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, Error: errorJsonSchema } };
  const error = {
    description: 'An error: the one error shape',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    const tag = path.replace(/^\/api\//, '/').split('/')[1] ?? 'api';
    for (const operation of Object.values(operations)) {
      operation.tags = [tag];
      operation.responses = { ...operation.responses, '4XX': error, '5XX': error };
    }
  }
  return document;
}

/** GET /api/openapi.json (under the /api prefix): the description, as @fastify/swagger built it (once). */
export async function openapiRoutes(api: FastifyInstance): Promise<void> {
  api.get(
    '/openapi.json',
    {
      schema: {
        response: { 200: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }) },
      },
      config: { openapi: { summary: 'This description (OpenAPI 3.1)' } },
    },
    async () => api.swagger(),
  );
}
