import {
  bloomListResponseSchema,
  bloomNameRequestSchema,
  bloomSchema,
  bloomVersionRequestSchema,
  bloomVersionResponseSchema,
  scenariosRequestSchema,
  scenariosResponseSchema,
  versionCompareResponseSchema,
} from '@greenhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { idParams, ownedItemRoutes } from '../../lib/owned-item-routes.js';
import { agentFileDocs, sendAgentFile } from '../../lib/send-agent-file.js';
import { sendJsonText } from '../../lib/typed-json.js';
import { bloomList, type BloomService } from './bloom-service.js';
import { checkProtocolFile, MAX_PROTOCOL_BYTES, type CheckedProtocolFile } from './protocol-file.js';
import { readUploadForm } from './upload-form.js';
import { noContent } from '../../lib/route-docs.js';

export const bloomRoutes: FastifyPluginAsyncZod<{ blooms: BloomService }> = async (app, { blooms }) => {
  // The upload's body is read whole (up to its route's bodyLimit, within the server's request timeout) and
  // parsed by readUploadForm. Only the routes of this plugin take multipart bodies.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/bloom/upload',
    {
      bodyLimit: MAX_PROTOCOL_BYTES + 64 * 1024,
      schema: { response: { 201: bloomSchema } },
      config: {
        rateLimit: { max: 30, timeWindow: '1 minute' },
        openapi: {
          summary: 'Upload a protocol file: a new agent',
          body: { 'multipart/form-data': uploadForm },
        },
      },
    },
    async (request, reply) => {
      const { name, file } = await readUploadForm(
        request.body,
        request.headers['content-type'],
        MAX_PROTOCOL_BYTES,
      );
      const checked = checkProtocolFile(file.fileName, file.bytes);
      return reply.status(201).send(await blooms.create(request.user, checked, name));
    },
  );

  app.get('/blooms', { schema: { response: { 200: bloomListResponseSchema } } }, async (request, reply) =>
    sendJsonText(reply, await blooms.listJson(request.user, bloomList.query(request))),
  );

  ownedItemRoutes(app, {
    path: '/blooms/:id',
    item: bloomSchema,
    renameBody: bloomNameRequestSchema,
    get: (user, id) => blooms.page(user, id),
    rename: (user, id, body) => blooms.rename(user, id, body.name),
    delete: (user, id) => blooms.delete(user, id),
  });

  app.get(
    '/blooms/:id/download',
    { schema: { params: idParams }, config: { openapi: downloadDocs } },
    async (request, reply) => sendAgentFile(reply, await blooms.download(request.user, request.params.id)),
  );

  // Issue 33: versions. A new one takes the protocol as the upload does (multipart `file`) or as JSON
  // `{protocol}` (the draft editor's), checked the same way.
  app.post(
    '/blooms/:id/versions',
    {
      bodyLimit: MAX_PROTOCOL_BYTES + 64 * 1024,
      schema: { params: idParams, response: { 201: bloomVersionResponseSchema } },
      config: {
        rateLimit: { max: 30, timeWindow: '1 minute' },
        openapi: {
          summary: 'A new version from a protocol: its file (multipart, as the upload) or JSON',
          body: { 'multipart/form-data': uploadForm, 'application/json': bloomVersionRequestSchema },
        },
      },
    },
    async (request, reply) => {
      const checked = await versionProtocol(request.body, request.headers['content-type']);
      const version = await blooms.newVersion(request.user, request.params.id, checked);
      return reply.status(201).send({ version });
    },
  );

  app.get(
    '/blooms/:id/versions/:number/download',
    { schema: { params: versionParams }, config: { openapi: downloadDocs } },
    async (request, reply) =>
      sendAgentFile(
        reply,
        await blooms.downloadVersion(request.user, request.params.id, request.params.number),
      ),
  );

  app.get(
    '/blooms/:id/compare',
    {
      schema: {
        params: idParams,
        querystring: z.object({ a: versionNumber, b: versionNumber }),
        response: { 200: versionCompareResponseSchema },
      },
    },
    async (request) => blooms.compare(request.user, request.params.id, request.query.a, request.query.b),
  );

  app.get(
    '/blooms/:id/scenarios',
    { schema: { params: idParams, response: { 200: scenariosResponseSchema } } },
    async (request) => blooms.scenarios(request.user, request.params.id),
  );

  app.put(
    '/blooms/:id/scenarios',
    {
      schema: { params: idParams, body: scenariosRequestSchema, response: { 200: scenariosResponseSchema } },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => blooms.saveScenarios(request.user, request.params.id, request.body),
  );

  app.delete(
    '/blooms/:id/versions/:number',
    {
      schema: { params: versionParams },
      config: { openapi: noContent('The version and its files are deleted') },
    },
    async (request, reply) => {
      await blooms.deleteVersion(request.user, request.params.id, request.params.number);
      return reply.status(204).send();
    },
  );
};

/** The upload's form (upload-form.ts reads it). */
const uploadForm = z.object({
  file: z.string().meta({ description: 'The protocol file (JSON)', contentMediaType: 'application/json' }),
  name: z.optional(z.string().meta({ description: "The agent's name; the protocol's own when left out" })),
});

const downloadDocs = agentFileDocs(
  'The agent file, to run with Flora',
  'The agent file (packages/agent-format), as an attachment',
  true,
);

const versionNumber = z.coerce.number().int().min(1).max(1_000_000);
const versionParams = idParams.extend({ number: versionNumber });

/** A JSON body's protocol, as a file named after it; a multipart body's `file`. */
async function versionProtocol(body: unknown, contentType: string | undefined): Promise<CheckedProtocolFile> {
  if (contentType?.startsWith('multipart/form-data')) {
    const { file } = await readUploadForm(body, contentType, MAX_PROTOCOL_BYTES);
    return checkProtocolFile(file.fileName, file.bytes);
  }
  const parsed = bloomVersionRequestSchema.safeParse(body);
  if (!parsed.success) throw AppError.field('bloom.missing_file', 'protocol');
  const protocol = parsed.data.protocol as { name?: unknown };
  const name = typeof protocol.name === 'string' && protocol.name.trim() ? protocol.name.trim() : 'protocol';
  return checkProtocolFile(`${name.slice(0, 100)}.json`, Buffer.from(JSON.stringify(parsed.data.protocol)));
}
