import {
  changePasswordRequestSchema,
  deleteOwnAccountRequestSchema,
  updateAccountRequestSchema,
  userSchema,
} from '@greenhouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import { clearSessionCookie, type SessionCookieOptions } from '../../lib/auth-context.js';
import { presentUser } from '../users/present-user.js';
import type { AccountService } from './account-service.js';

export interface AccountRoutesOptions {
  accounts: AccountService;
  cookies: SessionCookieOptions;
  config: Config;
}

/** Deleting one's account, per account: a few tries at the password, then a pause. */
const DELETE_RATE = {
  max: 5,
  timeWindow: '15 minutes',
  keyGenerator: (request: FastifyRequest) => `delete|${request.auth.session?.user.id ?? request.ip}`,
};

/** The signed-in user's own account: registered behind the signedIn guard (app.ts). */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  const { accounts, config } = options;

  app.get('/account/data', { schema: { response: { 200: userSchema } } }, async (request) =>
    presentUser(request.user, config.prompts),
  );

  app.put(
    '/account/data',
    { schema: { body: updateAccountRequestSchema, response: { 200: userSchema } } },
    async (request) => presentUser(await accounts.update(request.user, request.body), config.prompts),
  );

  app.post('/account/password', { schema: { body: changePasswordRequestSchema } }, async (request, reply) => {
    await accounts.changePassword(request.user, request.auth.session!.tokenHash, request.body);
    return reply.status(204).send();
  });

  app.post(
    '/account/delete',
    { schema: { body: deleteOwnAccountRequestSchema }, config: { rateLimit: DELETE_RATE } },
    async (request, reply) => {
      await accounts.deleteOwn(request.auth.session!, request.body);
      clearSessionCookie(reply, options.cookies);
      request.auth = { session: null, via: null, expired: false };
      return reply.status(204).send();
    },
  );
};
