import {
  accountExportSchema,
  changePasswordRequestSchema,
  deleteOwnAccountRequestSchema,
  updateAccountRequestSchema,
  userSchema,
} from '@greenhouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import { typeCheckedAnswer } from '../../lib/typed-json.js';
import {
  anonymous,
  clearSessionCookie,
  currentSession,
  sessionOnly,
  type SessionCookieOptions,
} from '../../lib/auth-context.js';
import { perUserRate } from '../../lib/per-user-rate.js';
import { presentUser } from '../users/present-user.js';
import type { AccountService } from './account-service.js';
import { noContent } from '../../lib/route-docs.js';

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

  app.get(
    '/account/data',
    { schema: { response: { 200: userSchema } }, ...typeCheckedAnswer },
    async (request) => presentUser(request.user, config.prompts),
  );

  app.put(
    '/account/data',
    { schema: { body: updateAccountRequestSchema, response: { 200: userSchema } } },
    async (request) => presentUser(await accounts.update(request.user, request.body), config.prompts),
  );

  // One JSON file of everything the account holds; limited, as it can be large.
  app.get(
    '/account/export',
    { schema: { response: { 200: accountExportSchema } }, config: { rateLimit: perUserRate(10, '1 hour') } },
    async (request, reply) => {
      const data = await accounts.export(request.user, config.prompts);
      const day = data.exportedAt.slice(0, 10);
      void reply.header('Content-Disposition', `attachment; filename="greenhouse-export-${day}.json"`);
      return data;
    },
  );

  // Not with an API token (sessionOnly): changing the password is managing credentials, and it keeps
  // the current session while ending the others.
  app.post(
    '/account/password',
    {
      schema: { body: changePasswordRequestSchema },
      preValidation: sessionOnly,
      config: { openapi: { ...noContent('Changed; the other sessions are ended'), sessionOnly: true } },
    },
    async (request, reply) => {
      await accounts.changePassword(request.user, currentSession(request).tokenHash, request.body);
      return reply.status(204).send();
    },
  );

  // Not with an API token (sessionOnly): deleting the account is managing credentials.
  app.post(
    '/account/delete',
    {
      schema: { body: deleteOwnAccountRequestSchema },
      preValidation: sessionOnly,
      config: {
        rateLimit: DELETE_RATE,
        openapi: { ...noContent('The account is deleted'), sessionOnly: true },
      },
    },
    async (request, reply) => {
      await accounts.deleteOwn(currentSession(request), request.body);
      clearSessionCookie(reply, options.cookies);
      request.auth = anonymous();
      return reply.status(204).send();
    },
  );
};
