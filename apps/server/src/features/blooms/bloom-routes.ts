import { bloomListResponseSchema, bloomNameRequestSchema, bloomSchema } from '@greenhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { idParams, ownedItemRoutes } from '../../lib/owned-item-routes.js';
import { withoutControlCharacters } from '../../lib/text.js';
import { bloomList, type BloomService } from './bloom-service.js';
import { checkProtocolFile, MAX_PROTOCOL_BYTES } from './protocol-file.js';

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
  app.post(
    '/bloom/upload',
    {
      bodyLimit: MAX_PROTOCOL_BYTES + 64 * 1024,
      schema: { response: { 201: bloomSchema } },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const user = request.user;
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      let name: string | undefined;
      let file: { fileName: string; bytes: Buffer } | undefined;
      for await (const part of request.parts({
        limits: { fileSize: MAX_PROTOCOL_BYTES, files: 1, fields: 4, fieldSize: 4096 },
      })) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file' || file) {
            await part.toBuffer();
            continue;
          }
          file = { fileName: part.filename, bytes: await part.toBuffer() };
        } else if (part.fieldname === 'name' && typeof part.value === 'string') {
          name = part.value;
        }
      }
      if (!file) throw AppError.field('bloom.missing_file', 'file');
      const checked = checkProtocolFile(file.fileName, file.bytes);
      return reply.status(201).send(await blooms.create(user, checked, name));
    },
  );

  app.get('/blooms', { schema: { response: { 200: bloomListResponseSchema } } }, async (request) =>
    blooms.list(request.user, bloomList.query(request)),
  );

  ownedItemRoutes(app, {
    path: '/blooms/:id',
    item: bloomSchema,
    renameBody: bloomNameRequestSchema,
    get: (user, id) => blooms.get(user, id),
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
