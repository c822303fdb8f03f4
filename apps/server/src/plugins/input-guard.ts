import { fieldOf, findUnstorable, MAX_JSON_DEPTH } from '@greenhouse/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';

/**
 * One check of every request's parsed input, before any route's schema sees it (contracts' storable-text.ts):
 * a NUL or a lone surrogate in any string or key of the JSON body, the query string or the path's parameters
 * is refused with its field named (PostgreSQL cannot store either, and answered a 500 before), and so is a
 * body nested deeper than MAX_JSON_DEPTH (no request of the API nests more than ~6 levels). Done here once,
 * for every route, rather than in each text schema: no field (a draft's sample, a query filter, a key) can be
 * forgotten. Multipart uploads are checked where they are read (blooms/upload-form.ts, protocol-file.ts).
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const query = findUnstorable(request.query, 2);
    if (query)
      throw new AppError('query.invalid_param', { field: fieldOf(query.path), problem: query.reason });
    const params = findUnstorable(request.params, 2);
    if (params) throw AppError.field('validation.invalid_characters', fieldOf(params.path));
    if (Buffer.isBuffer(request.body)) return;
    const body = findUnstorable(request.body, MAX_JSON_DEPTH);
    if (!body) return;
    if (body.reason === 'too_deep') {
      throw new AppError(
        'BAD_REQUEST',
        { field: fieldOf(body.path) || 'body', reason: 'too_deep', maxDepth: MAX_JSON_DEPTH },
        `The body nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels.`,
      );
    }
    throw AppError.field('validation.invalid_characters', fieldOf(body.path) || 'body');
  });
});
