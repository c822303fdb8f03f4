import { EventEmitter } from 'node:events';
import type { BloomDraft } from '@greenhouse/mtp';

export interface LiveAnswer {
  messageId: string;
  content: string;
  /** The draft as this answer changed it so far (null: unchanged). */
  draft: BloomDraft | null;
}

/**
 * The answers this process is writing right now, for the stream and GET of a chat. The database has
 * the same text (written about once a second, and in full at the end), which is what other processes
 * serving the API read.
 */
export class LiveAnswers {
  private readonly answers = new Map<string, LiveAnswer>();
  private readonly events = new EventEmitter();

  constructor() {
    // One listener per open stream of a chat.
    this.events.setMaxListeners(0);
  }

  get(chatId: string): LiveAnswer | undefined {
    return this.answers.get(chatId);
  }

  begin(chatId: string, messageId: string): void {
    this.answers.set(chatId, { messageId, content: '', draft: null });
    this.events.emit(chatId);
  }

  update(chatId: string, change: Partial<Pick<LiveAnswer, 'content' | 'draft'>>): void {
    const answer = this.answers.get(chatId);
    if (!answer) return;
    Object.assign(answer, change);
    this.events.emit(chatId);
  }

  /** After the answer is stored. */
  end(chatId: string): void {
    this.answers.delete(chatId);
    this.events.emit(chatId);
  }

  /** Resolves at the chat's next change here, or after `ms` (a change in another process is polled). */
  next(chatId: string, ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.events.off(chatId, done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.events.on(chatId, done);
      signal.addEventListener('abort', done);
    });
  }
}
