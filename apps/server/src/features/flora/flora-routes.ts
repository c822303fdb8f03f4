import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { floraDownloadsResponseSchema } from '@greenhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import {
  contentTypes,
  FLORA_DOWNLOADS_PATH,
  listFloraDownloads,
  missingNativeBuilds,
  parseFloraFile,
} from './flora-downloads.js';

export interface FloraRoutesOptions {
  /**
   * The directory holding flora-<version>.{tgz,js}, flora-native-<version>-<target>.{so,dll} and
   * flora-unity-<version>.tgz.
   */
  dir: string;
}

/**
 * GET /api/flora/downloads: the builds on offer, for signed-in users (the /flora page needs sign-in,
 * docs/product-rules.md §2). Registered under the /api prefix, behind the signedIn guard (app.ts).
 */
export const floraApiRoutes: FastifyPluginAsyncZod<FloraRoutesOptions> = async (app, { dir }) => {
  app.get(
    '/flora/downloads',
    { schema: { response: { 200: floraDownloadsResponseSchema } } },
    async (_request, reply) => {
      void reply.header('Cache-Control', 'no-cache');
      const downloads = await listFloraDownloads(dir);
      return { downloads, missing: missingNativeBuilds(downloads) };
    },
  );
};

/**
 * GET /downloads/flora/<file>: the files themselves, public (Flora is not secret, and `curl -O` from a terminal
 * has no session). A version's file never changes, so it is cached for good; all but the browser module save
 * as files.
 */
export const floraFileRoutes: FastifyPluginAsyncZod<FloraRoutesOptions> = async (app, { dir }) => {
  app.get(
    `${FLORA_DOWNLOADS_PATH}/:file`,
    {
      schema: { params: z.object({ file: z.string().max(200) }) },
      config: {
        openapi: {
          summary: "One of Flora's downloads (GET /api/flora/downloads lists them)",
          response: {
            200: {
              description: 'The file',
              content: Object.fromEntries(
                [...new Set(Object.values(contentTypes).map((type) => type.split(';')[0]!))].map((type) => [
                  type,
                  z.string().meta({ contentMediaType: type }),
                ]),
              ),
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const parsed = parseFloraFile(file);
      if (!parsed) throw new AppError('NOT_FOUND');
      const full = path.join(dir, file);
      const info = await stat(full).catch(() => null);
      if (!info?.isFile()) throw new AppError('NOT_FOUND');
      void reply
        .header('Content-Type', contentTypes[parsed.kind])
        .header('Content-Length', info.size)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Last-Modified', info.mtime.toUTCString())
        .header('X-Content-Type-Options', 'nosniff');
      if (parsed.kind !== 'browser')
        void reply.header('Content-Disposition', `attachment; filename="${file}"`);
      return reply.send(createReadStream(full));
    },
  );
};
