import {
  chatDetailSchema,
  chatListResponseSchema,
  chatTitleRequestSchema,
  createChatRequestSchema,
  demoPromptsResponseSchema,
  generateBloomResponseSchema,
  sendMessageRequestSchema,
  updateDraftRequestSchema,
} from '@greenhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, ownedItemRoutes } from '../../lib/owned-item-routes.js';
import { typeCheckedAnswer } from '../../lib/typed-json.js';
import type { ChatService } from './chat-service.js';
import { chatList } from './chat-store.js';
import { streamChat } from './chat-stream.js';
import { demoPrompts } from './demo-prompts.js';
import type { LiveAnswers } from './live-answers.js';

/** Sends and new chats per client and minute (each also uses a prompt). */
const SEND_RATE = { max: 60, timeWindow: '1 minute' };

export const chatRoutes: FastifyPluginAsyncZod<{ chats: ChatService; live: LiveAnswers }> = async (
  app,
  { chats, live },
) => {
  app.get(
    '/bloom/chats/demo/prompts',
    { schema: { response: { 200: demoPromptsResponseSchema } } },
    async (request) => ({
      mode: chats.mode,
      prompts: demoPrompts(request.user.language),
    }),
  );

  app.get(
    '/bloom/chats',
    { schema: { response: { 200: chatListResponseSchema } }, ...typeCheckedAnswer },
    async (request) => chats.list(request.user, chatList.query(request)),
  );

  app.post(
    '/bloom/chats',
    {
      schema: { body: createChatRequestSchema, response: { 201: chatDetailSchema } },
      config: { rateLimit: SEND_RATE },
    },
    async (request, reply) => reply.status(201).send(await chats.create(request.user, request.body)),
  );

  ownedItemRoutes(app, {
    path: '/bloom/chats/:id',
    item: chatDetailSchema,
    renameBody: chatTitleRequestSchema,
    get: (user, id) => chats.get(user, id),
    rename: (user, id, body) => chats.rename(user, id, body.title),
    delete: (user, id) => chats.delete(user, id),
  });

  app.post(
    '/bloom/chats/:id/messages',
    {
      schema: { params: idParams, body: sendMessageRequestSchema, response: { 202: chatDetailSchema } },
      config: { rateLimit: SEND_RATE },
    },
    async (request, reply) =>
      reply.status(202).send(await chats.send(request.user, request.params.id, request.body.message)),
  );

  app.put(
    '/bloom/chats/:id/draft',
    { schema: { params: idParams, body: updateDraftRequestSchema, response: { 200: chatDetailSchema } } },
    async (request) => chats.updateDraft(request.user, request.params.id, request.body.draft),
  );

  app.post(
    '/bloom/chats/:id/generate',
    { schema: { params: idParams, response: { 201: generateBloomResponseSchema } } },
    async (request, reply) => reply.status(201).send(await chats.generate(request.user, request.params.id)),
  );

  // Server-sent events of the answer being written. Errors before the first byte (not found, signed out)
  // are ordinary JSON. Never compressed: a compressor would hold events back until its buffer fills.
  app.get(
    '/bloom/chats/:id/stream',
    {
      schema: { params: idParams },
      compress: false,
      config: {
        openapi: {
          summary: 'The answer being written, as server-sent events',
          response: {
            200: { description: 'Server-sent events', content: { 'text/event-stream': z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const id = request.params.id;
      await streamChat(reply, { chatId: id, load: () => chats.get(user, id), live, log: request.log });
    },
  );
};
