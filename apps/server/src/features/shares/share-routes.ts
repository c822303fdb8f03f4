import { createdShareSchema, shareListResponseSchema, sharedBloomSchema } from '@greenhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../lib/owned-item-routes.js';
import { perUserRate } from '../../lib/per-user-rate.js';
import { noContent } from '../../lib/route-docs.js';
import { agentFileDocs, sendAgentFile } from '../../lib/send-agent-file.js';
import type { ShareService } from './share-service.js';

const shareParams = idParams.extend({ shareId: z.string().max(100) });
/** A link's token: any text up to 100 characters (one that names no link is "not found"). */
const tokenParams = z.object({ token: z.string().max(100) });

/**
 * Per client address: the page is opened once a visit and the agent file downloaded once (the playground keeps
 * it), so these are generous for people and tight for a script that would pull the file over and over.
 */
const OPEN_RATE = { max: 30, timeWindow: '1 minute' };
export const SHARED_FILE_RATE = { max: 20, timeWindow: '10 minutes' };

const sharedFileDocs = agentFileDocs(
  "A shared agent's file, to run with Flora",
  "The agent file of the agent's current version (as its owner's download serves it)",
);

/** An agent's share links, managed by its owner (behind signedIn, app.ts). */
export const shareRoutes: FastifyPluginAsyncZod<{ shares: ShareService }> = async (app, { shares }) => {
  app.post(
    '/blooms/:id/shares',
    {
      schema: { params: idParams, response: { 201: createdShareSchema } },
      config: {
        rateLimit: perUserRate(30, '1 hour'),
        openapi: { summary: 'A new share link to the agent (its token is shown only here)' },
      },
    },
    async (request, reply) => reply.status(201).send(await shares.create(request.user, request.params.id)),
  );

  app.get(
    '/blooms/:id/shares',
    {
      schema: { params: idParams, response: { 200: shareListResponseSchema } },
      config: { openapi: { summary: "The agent's share links, newest first, with their opens" } },
    },
    async (request) => ({ shares: await shares.list(request.user, request.params.id) }),
  );

  app.delete(
    '/blooms/:id/shares/:shareId',
    {
      schema: { params: shareParams },
      config: {
        openapi: {
          ...noContent('The link is revoked: it answers 404 from now on'),
          summary: 'Revoke a share link',
        },
      },
    },
    async (request, reply) => {
      await shares.revoke(request.user, request.params.id, request.params.shareId);
      return reply.status(204).send();
    },
  );
};

/**
 * What anyone with a link reads, signed in or not (in the API's scope, without a guard): the agent's name and
 * reactions, and its file, which the visitor's browser runs. Never kept by a cache: a revoked link answers 404 at
 * once.
 */
export const sharedBloomRoutes: FastifyPluginAsyncZod<{ shares: ShareService }> = async (app, { shares }) => {
  app.get(
    '/shared/:token',
    {
      schema: { params: tokenParams, response: { 200: sharedBloomSchema } },
      config: {
        rateLimit: OPEN_RATE,
        openapi: { summary: "A shared agent's name and reactions (counted as an open of the link)" },
      },
    },
    async (request, reply) => {
      const agent = await shares.open(request.params.token);
      return reply.header('Cache-Control', 'no-store').send(agent);
    },
  );

  app.get(
    '/shared/:token/agent',
    {
      schema: { params: tokenParams },
      config: { rateLimit: SHARED_FILE_RATE, openapi: sharedFileDocs },
    },
    async (request, reply) =>
      sendAgentFile(reply.header('Cache-Control', 'no-store'), await shares.agentFile(request.params.token)),
  );
};
