import { schema, type Db } from '@greenhouse/db';
import type { BloomDraft } from '@greenhouse/mtp';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { givePromptBack } from '../users/prompt-allowance.js';
import { completeMessages } from './chat-store.js';
import type { AnswerJob } from './chat-turns.js';
import { DesignerUnavailable, designerOf, type Designers } from './designer.js';
import type { LiveAnswers } from './live-answers.js';

/** How often a partial answer is written to the database (for other processes and reloads). */
const PERSIST_EVERY_MS = 1000;

const failureText = (language: string, reason: string) =>
  language === 'pl'
    ? `**Nie udało się teraz odpowiedzieć.** ${reason} Ta wiadomość nie zużyła promptu; spróbuj ponownie.`
    : `**I could not answer just now.** ${reason} This message did not use a prompt; please try again.`;

/**
 * Writes answers in the background of this process: the designer's call, shown live as it grows, then
 * the answer and its draft stored, or on failure a failed answer stored and its prompt given back.
 */
export class AnswerRunner {
  private readonly running = new Set<Promise<void>>();
  /** Aborts the answers being written when the process stops (they are stored as failed, prompts given back). */
  private readonly stopping = new AbortController();

  constructor(
    private readonly db: Db,
    private readonly designers: Designers,
    private readonly live: LiveAnswers,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Runs an answer in the background of this process; its outcome is stored whatever happens. */
  start(job: AnswerJob): void {
    const run = this.answer(job).catch((error: unknown) =>
      this.log.error({ err: error, chatId: job.chatId }, 'storing a chat answer failed'),
    );
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }

  /** Stops the answers being written and waits until they are stored (shutdown). */
  async close(): Promise<void> {
    this.stopping.abort();
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  private async answer(job: AnswerJob): Promise<void> {
    const [chat] = await this.db.select().from(schema.chats).where(eq(schema.chats.id, job.chatId));
    if (!chat) return;
    const history = await completeMessages(this.db, job.chatId);
    this.live.begin(job.chatId, job.messageId);
    let persisted = 0;
    const persist = (content: string) => {
      if (Date.now() - persisted < PERSIST_EVERY_MS) return;
      persisted = Date.now();
      void this.db
        .update(schema.chatMessages)
        .set({ content })
        .where(and(eq(schema.chatMessages.id, job.messageId), eq(schema.chatMessages.status, 'answering')))
        .catch((error: unknown) => this.log.warn({ err: error }, 'saving a partial answer failed'));
    };
    const designer = designerOf(this.designers, job.mode);
    try {
      const answer = await designer
        .answer({
          language: job.language,
          draft: chat.draft as BloomDraft,
          state: chat.designerState,
          // Without the new message, which is the last user message stored.
          history: history.slice(0, -1).map((m) => ({ role: m.role, content: m.content })),
          message: job.message,
          signal: AbortSignal.any([AbortSignal.timeout(designer.maxAnswerMs), this.stopping.signal]),
          onText: (content) => {
            this.live.update(job.chatId, { content });
            persist(content);
          },
          onDraft: (draft) => this.live.update(job.chatId, { draft }),
        })
        .catch((error: unknown) => {
          if (error instanceof DesignerUnavailable) return error;
          this.log.error({ err: error, chatId: job.chatId }, 'the chat designer failed');
          return new DesignerUnavailable('Something went wrong on our side.', 'failed');
        });
      await this.db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(schema.chats)
          .where(eq(schema.chats.id, job.chatId))
          .for('update');
        // Fenced by the lease: if this answer ran out of time and the chat moved on, store nothing.
        if (!current || current.answeringUntil?.getTime() !== job.lease.getTime()) return;
        const failed = answer instanceof DesignerUnavailable;
        await tx
          .update(schema.chatMessages)
          .set({
            content: failed ? failureText(job.language, answer.message) : answer.content,
            status: failed ? 'failed' : 'complete',
          })
          .where(eq(schema.chatMessages.id, job.messageId));
        await tx
          .update(schema.chats)
          .set({
            answeringUntil: null,
            updatedAt: new Date(),
            ...(failed ? {} : { draft: answer.draft, designerState: answer.state }),
          })
          .where(eq(schema.chats.id, job.chatId));
        if (failed && job.promptPeriodStart) await givePromptBack(tx, job.userId, job.promptPeriodStart);
      });
    } finally {
      this.live.end(job.chatId);
    }
  }
}
