import { changePasswordRequestSchema, updateAccountRequestSchema, userSchema } from '@greenhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import { clearSessionCookie, type SessionCookieOptions } from '../../lib/auth-context.js';
import { idParams } from '../../lib/owned-item-routes.js';
import { presentUser } from '../users/present-user.js';
import type { AccountService } from './account-service.js';

export interface AccountRoutesOptions {
  accounts: AccountService;
  cookies: SessionCookieOptions;
  config: Config;
}

const uuid = z.uuid();

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

  app.delete('/accounts/:id', { schema: { params: idParams } }, async (request, reply) => {
    const actor = request.user;
    if (!uuid.safeParse(request.params.id).success) throw new AppError('account.not_found');
    await accounts.delete(actor, request.params.id);
    if (actor.id === request.params.id) {
      clearSessionCookie(reply, options.cookies);
      request.auth = { session: null, via: null, expired: false };
    }
    return reply.status(204).send();
  });
};
