import {
  chatDetailSchema,
  chatListResponseSchema,
  chatTitleRequestSchema,
  createChatRequestSchema,
  demoPromptsResponseSchema,
  generateAgentResponseSchema,
  parseListQuery,
  sendMessageRequestSchema,
  updateDraftRequestSchema,
  type ChatStreamEventName,
  type ListQuery,
} from '@greenhouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { requireUser } from '../../plugins/auth-context.js';
import { chatFilterable, chatSortable, type ChatService } from './chat-service.js';
import { demoPrompts } from './demo-prompts.js';
import type { LiveAnswers } from './live-answers.js';

const idParams = z.object({ id: z.string().max(100) });
/** How often a stream looks at the database when the answer is written by another process. */
const POLL_MS = 1000;
/** A comment line now and then keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;
/** Sends and new chats per client and minute (each also uses a prompt). */
const SEND_RATE = { max: 60, timeWindow: '1 minute' };

function listQuery(request: FastifyRequest): ListQuery {
  const parsed = parseListQuery(request.query as Record<string, string | string[] | undefined>, {
    sortable: chatSortable,
    filterable: chatFilterable,
  });
  if (!parsed.ok) throw new AppError('query.invalid_param', { field: parsed.field, problem: parsed.problem });
  return parsed.value;
}

export const chatRoutes: FastifyPluginAsyncZod<{ chats: ChatService; live: LiveAnswers }> = async (
  app,
  { chats, live },
) => {
  app.get(
    '/bloom/chats/demo/prompts',
    { schema: { response: { 200: demoPromptsResponseSchema } } },
    async (request) => ({
      mode: chats.mode,
      prompts: demoPrompts(requireUser(request).language),
    }),
  );

  app.get('/bloom/chats', { schema: { response: { 200: chatListResponseSchema } } }, async (request) =>
    chats.list(requireUser(request), listQuery(request)),
  );

  app.post(
    '/bloom/chats',
    {
      schema: { body: createChatRequestSchema, response: { 201: chatDetailSchema } },
      config: { rateLimit: SEND_RATE },
    },
    async (request, reply) => reply.status(201).send(await chats.create(requireUser(request), request.body)),
  );

  app.get(
    '/bloom/chats/:id',
    { schema: { params: idParams, response: { 200: chatDetailSchema } } },
    async (request) => chats.get(requireUser(request), request.params.id),
  );

  app.put(
    '/bloom/chats/:id',
    { schema: { params: idParams, body: chatTitleRequestSchema, response: { 200: chatDetailSchema } } },
    async (request) => chats.rename(requireUser(request), request.params.id, request.body.title),
  );

  app.delete('/bloom/chats/:id', { schema: { params: idParams } }, async (request, reply) => {
    await chats.delete(requireUser(request), request.params.id);
    return reply.status(204).send();
  });

  app.post(
    '/bloom/chats/:id/messages',
    {
      schema: { params: idParams, body: sendMessageRequestSchema, response: { 202: chatDetailSchema } },
      config: { rateLimit: SEND_RATE },
    },
    async (request, reply) =>
      reply.status(202).send(await chats.send(requireUser(request), request.params.id, request.body.message)),
  );

  app.put(
    '/bloom/chats/:id/draft',
    { schema: { params: idParams, body: updateDraftRequestSchema, response: { 200: chatDetailSchema } } },
    async (request) => chats.updateDraft(requireUser(request), request.params.id, request.body.draft),
  );

  app.post(
    '/bloom/chats/:id/generate',
    { schema: { params: idParams, response: { 201: generateAgentResponseSchema } } },
    async (request, reply) =>
      reply.status(201).send(await chats.generate(requireUser(request), request.params.id)),
  );

  // Server-sent events of the answer being written. The framing is three lines of text; a library would
  // add nothing but a dependency. Errors before the first byte (not found, signed out) are ordinary JSON.
  app.get('/bloom/chats/:id/stream', { schema: { params: idParams } }, async (request, reply) => {
    const user = requireUser(request);
    const id = request.params.id;
    let chat = await chats.get(user, id);
    const closed = new AbortController();
    reply.raw.on('close', () => closed.abort());
    reply.hijack();
    reply.raw.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
      'X-Content-Type-Options': 'nosniff',
    });
    const send = (event: ChatStreamEventName, data: unknown) =>
      reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    let sentText: string | null = null;
    let sentDraft: unknown = null;
    let lastWrite = Date.now();
    try {
      while (!closed.signal.aborted) {
        const answer = live.get(id);
        if (!answer) chat = await chats.get(user, id);
        if (!answer && !chat.answering) {
          send('done', { chat });
          break;
        }
        // The answer being written: here in memory, or as another process last saved it.
        const current = answer ? { id: answer.messageId, content: answer.content } : chat.messages.at(-1);
        if (current && current.content !== sentText) {
          send('text', { messageId: current.id, content: current.content });
          sentText = current.content;
          lastWrite = Date.now();
        }
        const draft = answer ? answer.draft : null;
        if (draft && draft !== sentDraft) {
          send('draft', { draft });
          sentDraft = draft;
          lastWrite = Date.now();
        }
        if (Date.now() - lastWrite > KEEP_ALIVE_MS) {
          reply.raw.write(': keep-alive\n\n');
          lastWrite = Date.now();
        }
        await live.next(id, POLL_MS, closed.signal);
      }
    } catch (error) {
      // The chat was deleted meanwhile, or the database failed: the stream just ends.
      request.log.warn({ err: error, chatId: id }, 'chat stream ended early');
    } finally {
      reply.raw.end();
    }
  });
};
