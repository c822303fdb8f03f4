import { schema, type Db } from '@greenhouse/db';
import { and, desc, eq, isNotNull, lt } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import { givePromptBack, usePrompt } from '../users/prompt-allowance.js';
import type { UserRow } from '../../lib/auth-context.js';
import type { ChatRow } from './chat-store.js';

/** Added to the designer's longest answer for the answering lease. */
const LEASE_MARGIN_MS = 15_000;

/** Whether the chat's answering lease still holds: an answer is being written. */
export const isAnswering = (row: Pick<ChatRow, 'answeringUntil'>, now = Date.now()) =>
  row.answeringUntil !== null && row.answeringUntil.getTime() > now;

/** Refuses changes to a chat that is closed or whose answer is being written. */
export function assertChangeable(chat: ChatRow): void {
  if (chat.closedAt) throw new AppError('chat.closed');
  if (isAnswering(chat)) throw new AppError('chat.answering');
}

/** An answer to write: its turn, and the lease that fences what it stores. */
export interface AnswerJob {
  chatId: string;
  mode: string;
  messageId: string;
  lease: Date;
  language: UserRow['language'];
  userId: string;
  message: string;
  promptPeriodStart: Date | null;
}

interface Turn {
  user: UserRow;
  chat: ChatRow;
  message: string;
  promptPeriodStart: Date | null;
  position: number;
  /** The chat's designer's longest answer, from which the lease is derived. */
  maxAnswerMs: number;
}

/** Stores the user's message and the (empty) answer being written, and takes the answering lease. */
export async function addTurn(tx: Db, turn: Turn): Promise<AnswerJob> {
  const { user, chat, message, promptPeriodStart, position } = turn;
  const lease = new Date(Date.now() + turn.maxAnswerMs + LEASE_MARGIN_MS);
  await tx.insert(schema.chatMessages).values({
    chatId: chat.id,
    position,
    role: 'user',
    content: message,
    promptPeriodStart,
  });
  const [answer] = await tx
    .insert(schema.chatMessages)
    .values({
      chatId: chat.id,
      position: position + 1,
      role: 'assistant',
      content: '',
      status: 'answering',
    })
    .returning({ id: schema.chatMessages.id });
  await tx
    .update(schema.chats)
    .set({ answeringUntil: lease, updatedAt: new Date() })
    .where(eq(schema.chats.id, chat.id));
  return {
    chatId: chat.id,
    mode: chat.mode,
    messageId: answer!.id,
    lease,
    language: user.language,
    userId: user.id,
    message,
    promptPeriodStart,
  };
}

/**
 * The user's next message to a chat the caller's transaction has locked: one prompt, used atomically (none
 * when `prompts` is null: a designer that calls no model).
 */
export async function takeNextTurn(
  tx: Db,
  turn: Pick<Turn, 'user' | 'chat' | 'message' | 'maxAnswerMs'> & { prompts: Config['prompts'] | null },
): Promise<AnswerJob> {
  const { user, chat } = turn;
  assertChangeable(chat);
  // An answer whose writer stopped (its lease ran out) is closed first, its prompt given back.
  await interruptAnswers(tx, chat.id, chat.userId);
  const promptPeriodStart = turn.prompts ? await usePrompt(tx, user.id, turn.prompts) : null;
  const [last] = await tx
    .select({ position: schema.chatMessages.position })
    .from(schema.chatMessages)
    .where(eq(schema.chatMessages.chatId, chat.id))
    .orderBy(desc(schema.chatMessages.position))
    .limit(1);
  return addTurn(tx, { ...turn, promptPeriodStart, position: (last?.position ?? -1) + 1 });
}

/**
 * Closes the answers of a chat whose writer stopped without storing them: each stays as far as it was
 * written, marked interrupted, and the prompt its message used is given back — once, as the status
 * changes in the same transaction.
 */
async function interruptAnswers(tx: Db, chatId: string, userId: string): Promise<number> {
  const answers = await tx
    .update(schema.chatMessages)
    .set({ status: 'interrupted' })
    .where(and(eq(schema.chatMessages.chatId, chatId), eq(schema.chatMessages.status, 'answering')))
    .returning({ position: schema.chatMessages.position });
  for (const { position } of answers) {
    const [asked] = await tx
      .select({ promptPeriodStart: schema.chatMessages.promptPeriodStart })
      .from(schema.chatMessages)
      .where(and(eq(schema.chatMessages.chatId, chatId), eq(schema.chatMessages.position, position - 1)));
    if (asked?.promptPeriodStart) await givePromptBack(tx, userId, asked.promptPeriodStart);
  }
  return answers.length;
}

/**
 * Frees the chats whose answer nobody is writing any more: those whose lease ran out or, with `all`,
 * every chat being answered (the embedded database's one owner restarted, so no writer is left).
 * Their answers are closed as interrupted and their prompts given back. Returns how many chats.
 */
export async function releaseStoppedAnswers(db: Db, options: { all: boolean }): Promise<number> {
  const held = await db
    .select({ id: schema.chats.id })
    .from(schema.chats)
    .where(
      options.all ? isNotNull(schema.chats.answeringUntil) : lt(schema.chats.answeringUntil, new Date()),
    );
  let released = 0;
  for (const { id } of held) {
    released += await db.transaction(async (tx) => {
      const [chat] = await tx.select().from(schema.chats).where(eq(schema.chats.id, id)).for('update');
      // Answered meanwhile, or (without `all`) taken again by a new message.
      if (!chat?.answeringUntil || (!options.all && isAnswering(chat))) return 0;
      await interruptAnswers(tx, chat.id, chat.userId);
      await tx.update(schema.chats).set({ answeringUntil: null }).where(eq(schema.chats.id, chat.id));
      return 1;
    });
  }
  return released;
}
