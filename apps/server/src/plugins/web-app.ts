import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';
import { isPageRequest } from './error-page.js';

/**
 * Serves the built single-page app: its files, and index.html for every other GET of a page —
 * whatever the Accept header (isPageRequest); the client-side router decides what the path shows.
 * Anything else that matches no route (all of /api, a missing file) is a JSON NOT_FOUND. Hashed files under
 * /assets are cached for good; index.html and the other files are revalidated (no-cache).
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: { root: string }) => {
  const hasBuild = existsSync(path.join(options.root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.root,
      index: false,
      // The build writes .br and .gz beside each text file (scripts/build.mjs): sent as the browser accepts.
      preCompressed: true,
      // Routes for the files that exist at start-up; every other path falls to the handler below.
      wildcard: false,
      setHeaders(reply, filePath) {
        // Vite names bundles by content hash: they never change, so cache them for good.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        void reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (hasBuild && isPageRequest(request)) {
      return reply
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .sendFile('index.html');
    }
    throw new AppError('NOT_FOUND');
  });
});
