import { runtimeConfigSchema } from '@greenhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export interface RuntimeConfigOptions {
  version: string;
  authTokenName: string;
  googleSignIn: boolean;
}

/** GET /config.json (docs/product-rules.md §7): what the web app needs before its first API call. */
export const runtimeConfigRoutes: FastifyPluginAsyncZod<RuntimeConfigOptions> = async (app, options) => {
  app.get('/config.json', { schema: { response: { 200: runtimeConfigSchema } } }, async (_request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    return {
      version: options.version,
      // Relative to the page's origin, so the app works under any host name it is reached by.
      databiomesAPI: '/api',
      authTokenName: options.authTokenName,
      googleSignIn: options.googleSignIn,
    };
  });
};
