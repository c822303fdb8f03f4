import { changePasswordRequestSchema, updateAccountRequestSchema, userSchema } from '@greenhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import { clearSessionCookie, requireUser, type AuthContextOptions } from '../../plugins/auth-context.js';
import type { AccountService } from './account-service.js';
import { presentUser } from './present-user.js';

export interface AccountRoutesOptions {
  accounts: AccountService;
  cookies: AuthContextOptions;
  config: Config;
}

const uuid = z.uuid();

export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  const { accounts, config } = options;

  app.get('/account/data', { schema: { response: { 200: userSchema } } }, async (request) =>
    presentUser(requireUser(request), config.prompts),
  );

  app.put(
    '/account/data',
    { schema: { body: updateAccountRequestSchema, response: { 200: userSchema } } },
    async (request) => presentUser(await accounts.update(requireUser(request), request.body), config.prompts),
  );

  app.post('/account/password', { schema: { body: changePasswordRequestSchema } }, async (request, reply) => {
    const user = requireUser(request);
    await accounts.changePassword(user, request.auth.session!.tokenHash, request.body);
    return reply.status(204).send();
  });

  app.delete(
    '/accounts/:id',
    { schema: { params: z.object({ id: z.string().max(100) }) } },
    async (request, reply) => {
      const actor = requireUser(request);
      if (!uuid.safeParse(request.params.id).success) throw new AppError('account.not_found');
      await accounts.delete(actor, request.params.id);
      if (actor.id === request.params.id) {
        clearSessionCookie(reply, options.cookies);
        request.auth = { session: null, via: null, expired: false };
      }
      return reply.status(204).send();
    },
  );
};
