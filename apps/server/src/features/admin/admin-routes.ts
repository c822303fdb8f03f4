import {
  adminAccountListQuery,
  adminAccountListResponseSchema,
  adminAccountSchema,
  adminBloomListQuery,
  adminBloomListResponseSchema,
  adminBloomSchema,
  adminChatListQuery,
  adminChatListResponseSchema,
  auditActions,
  auditListQuery,
  auditListResponseSchema,
  roleNames,
  updateAdminAccountRequestSchema,
  workStatuses,
} from '@greenhouse/contracts';
import type { Db } from '@greenhouse/db';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import { authUser } from '../../lib/auth-context.js';
import { idParams } from '../../lib/owned-item-routes.js';
import { pageAllBlooms } from '../blooms/all-blooms.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import { findAccount, pageAccounts, presentAccount } from './account-list.js';
import { pageAudit, type AuditActor } from '../audit/audit-log.js';
import { pageAllChats } from './chat-list.js';
import { deleteAccount, type DeleteAccountDeps } from '../account/delete-account.js';
import { adminListQuery, booleanFilter, oneOfFilter, textFilter, uuidFilter } from './list-query.js';
import { retryBloom } from './retry-bloom.js';
import { updateAccount, type UpdateAccountDeps } from './update-account.js';
import { noContent } from '../../lib/route-docs.js';

export interface AdminRoutesOptions extends UpdateAccountDeps, DeleteAccountDeps {
  db: Db;
  queue: JobQueue;
  config: Pick<Config, 'appUrl' | 'prompts'>;
}

/** Per admin: plenty for a person at the panel, a brake on a runaway script. */
const WRITE_RATE = {
  max: 60,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => `admin|${authUser(request.auth)?.id ?? request.ip}`,
};

const actorOf = (request: FastifyRequest): AuditActor => ({ id: request.user.id, email: request.user.email });

/** The admin panel's calls: registered behind the adminOnly guard (app.ts). */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, options) => {
  const { db, config } = options;

  app.get('/accounts', { schema: { response: { 200: adminAccountListResponseSchema } } }, async (request) => {
    const query = adminListQuery(request, adminAccountListQuery);
    return pageAccounts(db, config.prompts, query, {
      email: textFilter(query, 'email'),
      role: oneOfFilter(query, 'role', roleNames),
      active: booleanFilter(query, 'active'),
      pending: booleanFilter(query, 'pending'),
    });
  });

  app.get(
    '/accounts/:id',
    { schema: { params: idParams, response: { 200: adminAccountSchema } } },
    async (request) => findAccount(db, config.prompts, request.params.id),
  );

  app.put(
    '/accounts/:id',
    {
      schema: {
        params: idParams,
        body: updateAdminAccountRequestSchema,
        response: { 200: adminAccountSchema },
      },
      config: { rateLimit: WRITE_RATE },
    },
    async (request) => {
      const user = await updateAccount(options, actorOf(request), request.params.id, request.body);
      return presentAccount(db, config.prompts, user);
    },
  );

  app.delete(
    '/accounts/:id',
    {
      schema: { params: idParams },
      config: { rateLimit: WRITE_RATE, openapi: noContent('The account and everything it owns are deleted') },
    },
    async (request, reply) => {
      await deleteAccount(options, actorOf(request), request.params.id, { self: false });
      return reply.status(204).send();
    },
  );

  app.get('/admin/audit', { schema: { response: { 200: auditListResponseSchema } } }, async (request) => {
    const query = adminListQuery(request, auditListQuery);
    return pageAudit(db, query, {
      action: oneOfFilter(query, 'action', auditActions),
      targetId: uuidFilter(query, 'targetId'),
      actorId: uuidFilter(query, 'actorId'),
    });
  });

  app.get(
    '/admin/blooms',
    { schema: { response: { 200: adminBloomListResponseSchema } } },
    async (request) => {
      const query = adminListQuery(request, adminBloomListQuery);
      return pageAllBlooms(db, query, {
        status: oneOfFilter(query, 'status', workStatuses),
        userId: uuidFilter(query, 'userId'),
      });
    },
  );

  app.get('/admin/chats', { schema: { response: { 200: adminChatListResponseSchema } } }, async (request) => {
    const query = adminListQuery(request, adminChatListQuery);
    return pageAllChats(db, query, { userId: uuidFilter(query, 'userId') });
  });

  app.post(
    '/admin/blooms/:id/retry',
    { schema: { params: idParams, response: { 200: adminBloomSchema } }, config: { rateLimit: WRITE_RATE } },
    async (request) => retryBloom(options, actorOf(request), request.params.id),
  );
};
