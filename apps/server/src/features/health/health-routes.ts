import type { Database } from '@greenhouse/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';

const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

/** GET /api/health: for load balancers and the start-up smoke test. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get('/health', { schema: { response: { 200: healthSchema } } }, async () => {
    if (!(await database.ping())) throw new AppError('SERVICE_UNAVAILABLE');
    return { status: 'ok' as const, database: database.driver };
  });
};
