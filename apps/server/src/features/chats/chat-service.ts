import type {
  Bloom,
  ChatDetail,
  ChatMode,
  ChatSummary,
  CreateChatRequest,
  ListQuery,
} from '@greenhouse/contracts';
import { schema, type Db } from '@greenhouse/db';
import { draftGaps, draftToProtocolFile, emptyDraft, parseProtocol, type BloomDraft } from '@greenhouse/mtp';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import { usePrompt } from '../users/prompt-allowance.js';
import type { UserRow } from '../../lib/auth-context.js';
import type { BloomService } from '../blooms/bloom-service.js';
import { AnswerRunner } from './answer-runner.js';
import {
  chatList,
  chatMessages,
  deleteChat,
  insertChat,
  ownChat,
  renameChat,
  titleOf,
  type ChatRow,
} from './chat-store.js';
import { addTurn, assertChangeable, releaseStoppedAnswers, takeNextTurn } from './chat-turns.js';
import { demoPrompt } from './demo-prompts.js';
import { editChatTexts } from './edit-chat-texts.js';
import { designerOf, newChatDesigner, usesPrompt, type Designer, type Designers } from './designer.js';
import type { LiveAnswers } from './live-answers.js';
import { presentChatDetail, presentChatSummary } from './present-chat.js';

/** The chat designer's calls: each checks the chat is the user's, then stores, answers or presents. */
export class ChatService {
  private readonly answers: AnswerRunner;

  constructor(
    private readonly db: Db,
    private readonly designers: Designers,
    private readonly blooms: BloomService,
    private readonly live: LiveAnswers,
    private readonly config: Pick<Config, 'prompts'>,
    log: FastifyBaseLogger,
  ) {
    this.answers = new AnswerRunner(db, designers, live, log);
  }

  /**
   * Frees the chats whose answer nobody is writing: those past their lease, or with `all` every one being
   * answered (right after the start of the embedded database's only process). Their prompts are given back.
   */
  async releaseStoppedAnswers(all: boolean): Promise<number> {
    return releaseStoppedAnswers(this.db, { all });
  }

  /** The designer of new chats. */
  private get designer(): Designer {
    return newChatDesigner(this.designers);
  }

  /** The designer new chats get, which the new-chat screen names. */
  get mode(): ChatMode {
    return this.designer.mode;
  }

  async list(user: UserRow, query: ListQuery): Promise<{ chats: ChatSummary[]; total: number }> {
    const { rows, total } = await chatList.page(this.db, user.id, query);
    return { chats: rows.map(presentChatSummary), total };
  }

  async get(user: UserRow, id: string): Promise<ChatDetail> {
    return this.present(await ownChat(this.db, user, id));
  }

  async rename(user: UserRow, id: string, title: string): Promise<ChatDetail> {
    await ownChat(this.db, user, id);
    await renameChat(this.db, id, title);
    return this.get(user, id);
  }

  /** Deletes the chat with its messages; an answer still being written then stores nothing. */
  async delete(user: UserRow, id: string): Promise<void> {
    await ownChat(this.db, user, id);
    await deleteChat(this.db, id);
  }

  /**
   * A new chat from the user's first message (one prompt; its answer starts) or from a demo prompt (free:
   * the demo's complete draft and our own answer, at once, without the designer).
   */
  async create(user: UserRow, request: CreateChatRequest): Promise<ChatDetail> {
    if (request.demoPromptId !== undefined) return this.createDemo(user, request.demoPromptId);
    if (request.bloomId !== undefined) return this.createForVersion(user, request.bloomId);
    const message = request.message!;
    const designer = this.designer;
    const job = await this.db.transaction(async (tx) => {
      const promptPeriodStart = usesPrompt(designer)
        ? await usePrompt(tx, user.id, this.config.prompts)
        : null;
      const chat = await insertChat(tx, {
        userId: user.id,
        title: titleOf(message),
        mode: designer.mode,
        draft: emptyDraft(),
      });
      return addTurn(tx, {
        user,
        chat,
        message,
        promptPeriodStart,
        position: 0,
        maxAnswerMs: designer.maxAnswerMs,
      });
    });
    this.answers.start(job);
    return this.get(user, job.chatId);
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
      const chat = await insertChat(tx, {
        userId: user.id,
        title: demo.title,
        mode: designer.mode,
        draft: demo.draft,
        designerState: designer.demoState,
      });
      await tx.insert(schema.chatMessages).values([
        { chatId: chat.id, position: 0, role: 'user', content: demo.text, promptPeriodStart: null },
        { chatId: chat.id, position: 1, role: 'assistant', content: demo.answer, status: 'complete' },
      ]);
      return chat.id;
    });
    return this.get(user, chatId);
  }

  /**
   * "Edit and retrain": a chat whose draft is the agent's newest version (free, like a demo: no prompt, no model
   * call), open and tied to the agent, so that generating trains the agent's next version.
   */
  private async createForVersion(user: UserRow, bloomId: string): Promise<ChatDetail> {
    const designer = this.designer;
    const { name, nextVersion, draft } = await this.blooms.draftOf(user, bloomId);
    const texts = editChatTexts(user.language, name, nextVersion);
    const chatId = await this.db.transaction(async (tx) => {
      const chat = await insertChat(tx, {
        userId: user.id,
        title: texts.title,
        mode: designer.mode,
        draft,
        designerState: designer.demoState,
        bloomId,
      });
      await tx.insert(schema.chatMessages).values([
        { chatId: chat.id, position: 0, role: 'user', content: texts.request, promptPeriodStart: null },
        { chatId: chat.id, position: 1, role: 'assistant', content: texts.answer, status: 'complete' },
      ]);
      return chat.id;
    });
    return this.get(user, chatId);
  }

  /** The user's next message: one prompt (for a model's answer), checked and used atomically; its answer starts. */
  async send(user: UserRow, id: string, message: string): Promise<ChatDetail> {
    const job = await this.db.transaction(async (tx) => {
      // Locked: two messages sent at once to one chat are taken one after the other (the second is `answering`).
      const chat = await ownChat(tx, user, id, true);
      const designer = designerOf(this.designers, chat.mode);
      return takeNextTurn(tx, {
        user,
        chat,
        message,
        prompts: usesPrompt(designer) ? this.config.prompts : null,
        maxAnswerMs: designer.maxAnswerMs,
      });
    });
    this.answers.start(job);
    return this.get(user, id);
  }

  /** Edits the draft directly (free). */
  async updateDraft(user: UserRow, id: string, draft: BloomDraft): Promise<ChatDetail> {
    await this.db.transaction(async (tx) => {
      const chat = await ownChat(tx, user, id, true);
      assertChangeable(chat);
      await tx.update(schema.chats).set({ draft, updatedAt: new Date() }).where(eq(schema.chats.id, id));
    });
    return this.get(user, id);
  }

  /**
   * Creates the agent from a complete draft and closes the chat, in one transaction (free). A chat tied to an
   * agent ("Edit and retrain") trains the agent's next version instead, priced as a new agent is.
   */
  async generate(user: UserRow, id: string): Promise<{ chat: ChatDetail; bloom: Bloom }> {
    const bloomId = await this.db.transaction(async (tx) => {
      const chat = await ownChat(tx, user, id, true);
      assertChangeable(chat);
      const draft = chat.draft as BloomDraft;
      const gaps = draftGaps(draft);
      if (gaps.length > 0) throw new AppError('chat.not_ready_to_generate', { gaps });
      const content = draftToProtocolFile(draft);
      const parsed = parseProtocol(content);
      // draftGaps ran the same check; a failure here is a bug, not the user's.
      if (!parsed.ok)
        throw new Error(`draft without gaps failed the protocol check: ${parsed.problems[0]?.message}`);
      const file = { fileName: `${parsed.protocol.name}.json`, content, protocol: parsed.protocol };
      const bloomId = chat.bloomId ?? (await this.blooms.insert(tx, user, file, draft.name));
      if (chat.bloomId) await this.blooms.insertVersion(tx, user, chat.bloomId, file);
      const now = new Date();
      await tx
        .update(schema.chats)
        .set({ bloomId, closedAt: now, updatedAt: now })
        .where(eq(schema.chats.id, id));
      return bloomId;
    });
    return { chat: await this.get(user, id), bloom: await this.blooms.get(user, bloomId) };
  }

  /** Stops the answers being written and waits until they are stored (shutdown). */
  async close(): Promise<void> {
    await this.answers.close();
  }

  private async present(row: ChatRow): Promise<ChatDetail> {
    const messages = await chatMessages(this.db, row.id);
    return presentChatDetail(row, messages, this.live.get(row.id));
  }
}
