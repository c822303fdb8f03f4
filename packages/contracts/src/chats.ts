// The chat designer's calls (docs/product-rules.md §7 leaves them out; they follow its paths):
//   POST   /bloom/chats                 body {message} or {demoPromptId}   → 201 ChatDetail (answer starts)
//   GET    /bloom/chats/{id}                                                → ChatDetail
//   POST   /bloom/chats/{id}/messages   body {message}                     → 202 ChatDetail (answer starts)
//   GET    /bloom/chats/{id}/stream     server-sent events of the answer being written (chatStreamEvents)
//   PUT    /bloom/chats/{id}/draft      body {draft}                       → ChatDetail (free)
//   POST   /bloom/chats/{id}/generate                                      → 201 {chat, bloom} (free)
//   GET    /bloom/chats/demo/prompts                                       → {prompts}
import { bloomDraftSchema } from '@greenhouse/mtp';
import * as z from 'zod/mini';
import { bloomSchema, chatSummarySchema } from './entities.js';
import type { ErrorCode } from './errors.js';
import { CHAT_MESSAGE_MAX } from './validation.js';

const code = (c: ErrorCode): ErrorCode => c;

export const chatModes = ['guided', 'model'] as const;
export type ChatMode = (typeof chatModes)[number];

/** Who wrote a chat message; also the database enum `chat_message_role` (a change needs a migration). */
export const chatMessageRoles = ['user', 'assistant'] as const;
export type ChatMessageRole = (typeof chatMessageRoles)[number];

/** Also the database enum `chat_message_status` (a change needs a migration). */
export const chatMessageStatuses = [
  /** Written in full. */
  'complete',
  /** Being written now. */
  'answering',
  /** The model failed or timed out: the text says so, and the prompt was given back. */
  'failed',
  /** The process writing it stopped (e.g. a restart): what was written so far. */
  'interrupted',
] as const;
export type ChatMessageStatus = (typeof chatMessageStatuses)[number];

export const chatMessageSchema = z.object({
  id: z.string(),
  role: z.enum(chatMessageRoles),
  /** Markdown (assistant) or plain text (user). */
  content: z.string(),
  status: z.enum(chatMessageStatuses),
  /** ISO date-time. */
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatDetailSchema = z.extend(chatSummarySchema, {
  /** 'model' when an OpenAI-compatible model answers, 'guided' for the built-in interview. */
  mode: z.enum(chatModes),
  /** Whether the agent was generated: a closed chat takes no more messages or draft changes. */
  closed: z.boolean(),
  /**
   * The agent this chat generated (null while open, or once that agent was deleted); in an open chat, the agent
   * whose next version it edits ("Edit and retrain"): generating then trains that version.
   */
  bloomId: z.nullable(z.string()),
  draft: bloomDraftSchema,
  messages: z.array(chatMessageSchema),
});
export type ChatDetail = z.infer<typeof chatDetailSchema>;

const messageText = z
  .string({ error: code('chat.message_empty') })
  .check(
    z.trim(),
    z.minLength(1, { error: code('chat.message_empty'), abort: true }),
    z.maxLength(CHAT_MESSAGE_MAX, { error: code('chat.message_too_long') }),
  );

export const sendMessageRequestSchema = z.object({ message: messageText });
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;

/**
 * A new chat starts from the user's own first message (one prompt), from a demo prompt (free), or from one of
 * the user's agents (`bloomId`, free: "Edit and retrain", its newest version as the draft; generating then trains
 * the agent's next version).
 */
export const createChatRequestSchema = z
  .object({
    demoPromptId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
    bloomId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
    message: z.optional(messageText),
  })
  .check(
    z.refine((v) => v.demoPromptId !== undefined || v.bloomId !== undefined || v.message !== undefined, {
      error: code('chat.message_empty'),
      path: ['message'],
    }),
  );
export type CreateChatRequest = z.infer<typeof createChatRequestSchema>;

export const updateDraftRequestSchema = z.object({ draft: bloomDraftSchema });
export type UpdateDraftRequest = z.infer<typeof updateDraftRequestSchema>;

export const generateBloomResponseSchema = z.object({ chat: chatDetailSchema, bloom: bloomSchema });
export type GenerateBloomResponse = z.infer<typeof generateBloomResponseSchema>;

export const demoPromptSchema = z.object({ id: z.string(), title: z.string(), text: z.string() });
export type DemoPrompt = z.infer<typeof demoPromptSchema>;
/** The demos, and which designer a new chat gets ('guided' or 'model'), so /chat/new can say which one runs. */
export const demoPromptsResponseSchema = z.object({
  mode: z.enum(chatModes),
  prompts: z.array(demoPromptSchema),
});
export type DemoPromptsResponse = z.infer<typeof demoPromptsResponseSchema>;

/**
 * The events of GET /bloom/chats/{id}/stream, each the `data` of an SSE event named by its key:
 * `text` is the whole text of the answer so far (a reconnecting client needs no earlier event);
 * `draft` the draft as the answer changed it; `done` the chat once the answer is stored (the stream ends).
 */
export const chatStreamEvents = {
  text: z.object({ messageId: z.string(), content: z.string() }),
  draft: z.object({ draft: bloomDraftSchema }),
  done: z.object({ chat: chatDetailSchema }),
} as const;
export type ChatStreamEventName = keyof typeof chatStreamEvents;
