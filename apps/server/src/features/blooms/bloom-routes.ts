import { bloomListResponseSchema, bloomNameRequestSchema, bloomSchema } from '@greenhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, ownedItemRoutes } from '../../lib/owned-item-routes.js';
import { sendJsonText } from '../../lib/typed-json.js';
import { withoutControlCharacters } from '../../lib/text.js';
import { bloomList, type BloomService } from './bloom-service.js';
import { checkProtocolFile, MAX_PROTOCOL_BYTES } from './protocol-file.js';
import { readUploadForm } from './upload-form.js';

/** A file name safe for Content-Disposition: ASCII fallback plus the RFC 5987 UTF-8 form. */
function attachment(name: string): string {
  const base =
    withoutControlCharacters(name)
      .replace(/["\\/]/g, '')
      .trim() || 'agent';
  const ascii = base.replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}.json"; filename*=UTF-8''${encodeURIComponent(`${base}.json`)}`;
}

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
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
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

  app.get('/blooms/:id/download', { schema: { params: idParams } }, async (request, reply) => {
    const { name, content } = await blooms.download(request.user, request.params.id);
    return reply
      .header('Content-Disposition', attachment(name))
      .header('X-Content-Type-Options', 'nosniff')
      .type('application/json; charset=utf-8')
      .send(content);
  });
};
