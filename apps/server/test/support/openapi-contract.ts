import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { isDescribedPath } from '../../src/plugins/openapi.js';

type Response = { content?: Record<string, { schema?: object }> };
type Document = {
  paths: Record<string, Record<string, { responses: Record<string, Response> }>>;
  components?: object;
};

/** `/api/blooms/:id` (Fastify) as `/api/blooms/{id}` (OpenAPI). */
export const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * Checks every answer an app gives against the OpenAPI description it serves (issue 34): the route, its method
 * and status must be described, and a JSON body must match the described schema. Added to every test app
 * (createTestApp) before it is ready, so the whole integration suite's real answers are checked; what does not
 * match is collected and thrown when the app closes, naming the request.
 */
export function checkAnswersAgainstDescription(app: FastifyInstance): { violations(): string[] } {
  const found: string[] = [];
  let document: Document | null = null;
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats.default(ajv);
  const validators = new Map<string, ValidateFunction>();

  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    // Only the described routes (not the web app, not a path no route matched).
    if (!url || !isDescribedPath(url)) return;
    document ??= app.swagger() as unknown as Document;
    const method = request.method.toLowerCase();
    if (method === 'head') return;
    const where = `${request.method} ${request.url} → ${reply.statusCode}`;
    const operation = document.paths[openapiPath(url)]?.[method];
    if (!operation) {
      found.push(`${where}: ${request.method} ${url} is not described`);
      return;
    }
    const status = String(reply.statusCode);
    const key = [status, `${status[0]}XX`, 'default'].find((k) => operation.responses[k]);
    if (!key) {
      found.push(`${where}: status ${status} is not described`);
      return;
    }
    const type = String(reply.getHeader('content-type') ?? '')
      .split(';')[0]!
      .trim();
    const content = operation.responses[key]!.content;
    if (!content) {
      if (payload !== undefined && payload !== null && payload !== '')
        found.push(`${where}: described without a body, answered ${type || 'a body'}`);
      return;
    }
    if (type && !content[type]) {
      found.push(`${where}: answered ${type}, described ${Object.keys(content).join(', ')}`);
      return;
    }
    if (type !== 'application/json' || typeof payload !== 'string') return;
    const id = `${method} ${url} ${key}`;
    let validate = validators.get(id);
    if (!validate) {
      validate = ajv.compile({ ...content[type]!.schema, components: document.components });
      validators.set(id, validate);
    }
    if (!validate(JSON.parse(payload)))
      found.push(`${where}: ${ajv.errorsText(validate.errors)} (${payload.slice(0, 200)})`);
  });
  return { violations: () => found };
}
