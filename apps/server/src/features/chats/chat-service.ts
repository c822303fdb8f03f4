import type {
  Bloom,
  ChatDetail,
  ChatMode,
  ChatSummary,
  CreateChatRequest,
  ListQuery,
} from '@greenhouse/contracts';
import { schema, type Db } from '@greenhouse/db';
import { draftGaps, draftToProtocolFile, emptyDraft, parseProtocol, type AgentDraft } from '@greenhouse/mtp';
import { and, asc, count, desc, eq, ilike } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import { givePromptBack, usePrompt } from '../account/prompt-allowance.js';
import type { UserRow } from '../auth/sessions.js';
import type { BloomService } from '../blooms/bloom-service.js';
import { demoPrompt } from './demo-prompts.js';
import { DesignerUnavailable, type Designer } from './designer.js';
import type { LiveAnswers } from './live-answers.js';

type ChatRow = typeof schema.chats.$inferSelect;
type MessageRow = typeof schema.chatMessages.$inferSelect;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TITLE_LENGTH = 60;
/** How often a partial answer is written to the database (for other processes and reloads). */
const PERSIST_EVERY_MS = 1000;
/** Added to the designer's longest answer for the answering lease. */
const LEASE_MARGIN_MS = 15_000;

const sortColumns = {
  updatedAt: schema.chats.updatedAt,
  createdAt: schema.chats.createdAt,
  title: schema.chats.title,
} as const;
export const chatSortable = Object.keys(sortColumns);
export const chatFilterable = ['title'];

const isAnswering = (row: Pick<ChatRow, 'answeringUntil'>, now = Date.now()) =>
  row.answeringUntil !== null && row.answeringUntil.getTime() > now;

/** A chat's title from its first message: the first words, up to TITLE_LENGTH characters. */
function titleOf(message: string): string {
  const text = message.replace(/\s+/g, ' ').trim();
  if (text.length <= TITLE_LENGTH) return text;
  // One character more, so a word that ends exactly at the limit is kept.
  const cut = text.slice(0, TITLE_LENGTH + 1);
  const space = cut.lastIndexOf(' ');
  return `${cut.slice(0, space > 20 ? space : TITLE_LENGTH).trimEnd()}…`;
}

const failureText = (language: string, reason: string) =>
  language === 'pl'
    ? `**Nie udało się teraz odpowiedzieć.** ${reason} Ta wiadomość nie zużyła promptu; spróbuj ponownie.`
    : `**I could not answer just now.** ${reason} This message did not use a prompt; please try again.`;

interface AnswerJob {
  chatId: string;
  mode: string;
  messageId: string;
  lease: Date;
  language: UserRow['language'];
  userId: string;
  message: string;
  promptPeriodStart: Date | null;
}

export class ChatService {
  private readonly running = new Set<Promise<void>>();
  /** Aborts the answers being written when the process stops (they are stored as failed, prompts given back). */
  private readonly stopping = new AbortController();

  constructor(
    private readonly db: Db,
    /** The guided interview always; a model when one is configured (new chats then use it). */
    private readonly designers: { guided: Designer; model: Designer | null },
    private readonly blooms: BloomService,
    private readonly live: LiveAnswers,
    private readonly config: Pick<Config, 'prompts'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The designer of new chats. */
  private get designer(): Designer {
    return this.designers.model ?? this.designers.guided;
  }

  /** A chat keeps the designer it started with (a guided interview stays guided if a model is added later). */
  private designerOf(mode: string): Designer {
    return mode === 'model' && this.designers.model ? this.designers.model : this.designers.guided;
  }

  /** The user's own chat; anyone else's is "not found". */
  private async own(user: UserRow, id: string, tx: Db = this.db, lock = false): Promise<ChatRow> {
    if (!uuid.test(id)) throw new AppError('chat.not_found');
    const query = tx
      .select()
      .from(schema.chats)
      .where(and(eq(schema.chats.id, id), eq(schema.chats.userId, user.id)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new AppError('chat.not_found');
    return row;
  }

  async list(user: UserRow, query: ListQuery): Promise<{ chats: ChatSummary[]; total: number }> {
    const titleFilter = query.filter.title;
    const where = and(
      eq(schema.chats.userId, user.id),
      typeof titleFilter === 'string'
        ? ilike(schema.chats.title, `%${titleFilter.replace(/[\\%_]/g, '\\$&')}%`)
        : undefined,
    );
    const column = sortColumns[query.sort as keyof typeof sortColumns] ?? schema.chats.updatedAt;
    const rows = await this.db
      .select()
      .from(schema.chats)
      .where(where)
      .orderBy(query.sortOrder === 'asc' ? asc(column) : desc(column), desc(schema.chats.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    const [total] = await this.db.select({ n: count() }).from(schema.chats).where(where);
    return { chats: rows.map((row) => this.summary(row)), total: total?.n ?? 0 };
  }

  async get(user: UserRow, id: string): Promise<ChatDetail> {
    return this.detail(await this.own(user, id));
  }

  async rename(user: UserRow, id: string, title: string): Promise<ChatDetail> {
    await this.own(user, id);
    await this.db.update(schema.chats).set({ title, updatedAt: new Date() }).where(eq(schema.chats.id, id));
    return this.get(user, id);
  }

  /** Deletes the chat with its messages; an answer still being written then stores nothing. */
  async delete(user: UserRow, id: string): Promise<void> {
    await this.own(user, id);
    await this.db.delete(schema.chats).where(eq(schema.chats.id, id));
  }

  /** The designer new chats get, which the new-chat screen names. */
  get mode(): ChatMode {
    return this.designer.mode;
  }

  /**
   * A new chat from the user's first message (one prompt; its answer starts) or from a demo prompt (free:
   * the demo's complete draft and our own answer, at once, without the designer).
   */
  async create(user: UserRow, request: CreateChatRequest): Promise<ChatDetail> {
    if (request.demoPromptId !== undefined) return this.createDemo(user, request.demoPromptId);
    const message = request.message!;
    const { chatId, job } = await this.db.transaction(async (tx) => {
      const promptPeriodStart = await usePrompt(tx, user.id, this.config.prompts);
      const [chat] = await tx
        .insert(schema.chats)
        .values({ userId: user.id, title: titleOf(message), mode: this.designer.mode, draft: emptyDraft() })
        .returning();
      const job = await this.addTurn(tx, user, chat!, message, promptPeriodStart, 0);
      return { chatId: chat!.id, job };
    });
    this.startAnswer(job);
    return this.get(user, chatId);
  }

  /**
   * A demo's chat: its text as the user's message, its complete draft (ready to generate) and the answer
   * that presents it, all stored at once. It uses no prompt and never calls a model; the designer takes
   * over from its demo state when the user writes.
   */
  private async createDemo(user: UserRow, demoPromptId: string): Promise<ChatDetail> {
    const designer = this.designer;
    const demo = demoPrompt(user.language, demoPromptId, designer.mode);
    if (!demo) throw AppError.field('NOT_FOUND', 'demoPromptId');
    const chatId = await this.db.transaction(async (tx) => {
      const [chat] = await tx
        .insert(schema.chats)
        .values({
          userId: user.id,
          title: demo.title,
          mode: designer.mode,
          draft: demo.draft,
          designerState: designer.demoState,
        })
        .returning({ id: schema.chats.id });
      await tx.insert(schema.chatMessages).values([
        { chatId: chat!.id, position: 0, role: 'user', content: demo.text, promptPeriodStart: null },
        { chatId: chat!.id, position: 1, role: 'assistant', content: demo.answer, status: 'complete' },
      ]);
      return chat!.id;
    });
    return this.get(user, chatId);
  }

  /** The user's next message: one prompt, checked and used atomically; its answer starts. */
  async send(user: UserRow, id: string, message: string): Promise<ChatDetail> {
    const job = await this.db.transaction(async (tx) => {
      // Locked: two messages sent at once to one chat are taken one after the other (the second is `answering`).
      const chat = await this.own(user, id, tx, true);
      if (chat.closedAt) throw new AppError('chat.closed');
      if (isAnswering(chat)) throw new AppError('chat.answering');
      const promptPeriodStart = await usePrompt(tx, user.id, this.config.prompts);
      // An answer whose writer stopped (its lease ran out) stays as written, marked interrupted.
      await tx
        .update(schema.chatMessages)
        .set({ status: 'interrupted' })
        .where(and(eq(schema.chatMessages.chatId, id), eq(schema.chatMessages.status, 'answering')));
      const [last] = await tx
        .select({ position: schema.chatMessages.position })
        .from(schema.chatMessages)
        .where(eq(schema.chatMessages.chatId, id))
        .orderBy(desc(schema.chatMessages.position))
        .limit(1);
      return this.addTurn(tx, user, chat, message, promptPeriodStart, (last?.position ?? -1) + 1);
    });
    this.startAnswer(job);
    return this.get(user, id);
  }

  /** Stores the user's message and the (empty) answer being written, and takes the answering lease. */
  private async addTurn(
    tx: Db,
    user: UserRow,
    chat: ChatRow,
    message: string,
    promptPeriodStart: Date | null,
    position: number,
  ): Promise<AnswerJob> {
    const lease = new Date(Date.now() + this.designerOf(chat.mode).maxAnswerMs + LEASE_MARGIN_MS);
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

  /** Edits the draft directly (free). */
  async updateDraft(user: UserRow, id: string, draft: AgentDraft): Promise<ChatDetail> {
    await this.db.transaction(async (tx) => {
      const chat = await this.own(user, id, tx, true);
      if (chat.closedAt) throw new AppError('chat.closed');
      if (isAnswering(chat)) throw new AppError('chat.answering');
      await tx.update(schema.chats).set({ draft, updatedAt: new Date() }).where(eq(schema.chats.id, id));
    });
    return this.get(user, id);
  }

  /** Creates the agent from a complete draft and closes the chat, in one transaction (free). */
  async generate(user: UserRow, id: string): Promise<{ chat: ChatDetail; bloom: Bloom }> {
    const bloomId = await this.db.transaction(async (tx) => {
      const chat = await this.own(user, id, tx, true);
      if (chat.closedAt) throw new AppError('chat.closed');
      if (isAnswering(chat)) throw new AppError('chat.answering');
      const draft = chat.draft as AgentDraft;
      const gaps = draftGaps(draft);
      if (gaps.length > 0) throw new AppError('chat.not_ready_to_generate', { gaps });
      const content = draftToProtocolFile(draft);
      const parsed = parseProtocol(content);
      // draftGaps ran the same check; a failure here is a bug, not the user's.
      if (!parsed.ok)
        throw new Error(`draft without gaps failed the protocol check: ${parsed.problems[0]?.message}`);
      const fileName = `${parsed.protocol.name}.json`;
      const bloomId = await this.blooms.insert(
        tx,
        user,
        { fileName, content, protocol: parsed.protocol },
        draft.name,
      );
      const now = new Date();
      await tx
        .update(schema.chats)
        .set({ bloomId, closedAt: now, updatedAt: now })
        .where(eq(schema.chats.id, id));
      return bloomId;
    });
    return { chat: await this.get(user, id), bloom: await this.blooms.get(user, bloomId) };
  }

  /** Runs an answer in the background of this process; its outcome is stored whatever happens. */
  private startAnswer(job: AnswerJob): void {
    const run = this.answer(job).catch((error: unknown) =>
      this.log.error({ err: error, chatId: job.chatId }, 'storing a chat answer failed'),
    );
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }

  private async answer(job: AnswerJob): Promise<void> {
    const [chat] = await this.db.select().from(schema.chats).where(eq(schema.chats.id, job.chatId));
    if (!chat) return;
    const history = await this.db
      .select()
      .from(schema.chatMessages)
      .where(and(eq(schema.chatMessages.chatId, job.chatId), eq(schema.chatMessages.status, 'complete')))
      .orderBy(asc(schema.chatMessages.position));
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
    const designer = this.designerOf(job.mode);
    try {
      const answer = await designer
        .answer({
          language: job.language,
          draft: chat.draft as AgentDraft,
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

  /** Stops the answers being written and waits until they are stored (shutdown). */
  async close(): Promise<void> {
    this.stopping.abort();
    await this.settle();
  }

  /** Waits for the answers this process is writing (tests). */
  async settle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  private summary(row: ChatRow): ChatSummary {
    return {
      id: row.id,
      title: row.title,
      answering: isAnswering(row),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  private async detail(row: ChatRow): Promise<ChatDetail> {
    const messages = await this.db
      .select()
      .from(schema.chatMessages)
      .where(eq(schema.chatMessages.chatId, row.id))
      .orderBy(asc(schema.chatMessages.position));
    const answering = isAnswering(row);
    const live = this.live.get(row.id);
    return {
      ...this.summary(row),
      mode: row.mode === 'model' ? 'model' : 'guided',
      closed: row.closedAt !== null,
      bloomId: row.bloomId,
      draft: (live?.draft ?? row.draft) as AgentDraft,
      messages: messages.map((m: MessageRow) => ({
        id: m.id,
        role: m.role,
        content: live?.messageId === m.id ? live.content : m.content,
        // A writer that stopped without storing its answer leaves it "answering" past its lease.
        status: m.status === 'answering' && !answering ? 'interrupted' : m.status,
        createdAt: m.createdAt.toISOString(),
      })),
    };
  }
}
