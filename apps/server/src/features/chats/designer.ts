import type { ChatMode, Language } from '@greenhouse/contracts';
import type { BloomDraft } from '@greenhouse/mtp';

/** One turn of a designer: the chat so far, the user's new message, the draft as it stands. */
export interface DesignerTurn {
  language: Language;
  draft: BloomDraft;
  /** The designer's own state from its previous turn (null on the first). */
  state: unknown;
  /** Earlier messages, oldest first (without the new one). */
  history: { role: 'user' | 'assistant'; content: string }[];
  message: string;
  signal: AbortSignal;
  /** Called as the answer is written: its whole text so far, and the draft when it changes. */
  onText(content: string): void;
  onDraft(draft: BloomDraft): void;
}

export interface DesignerAnswer {
  content: string;
  draft: BloomDraft;
  state: unknown;
}

/** The designer could not answer (the model failed, timed out or answered nonsense); the text says why. */
export class DesignerUnavailable extends Error {
  constructor(
    message: string,
    readonly reason: 'timeout' | 'failed',
  ) {
    super(message);
    this.name = 'DesignerUnavailable';
  }
}

/** What answers a chat: the guided interview, or a model. */
export interface Designer {
  readonly mode: ChatMode;
  /** Longest time one answer may take; the chat's answering lease is derived from it. */
  readonly maxAnswerMs: number;
  /** Its state for a chat that starts from a demo's complete draft (the user may go on from there). */
  readonly demoState: unknown;
  answer(turn: DesignerTurn): Promise<DesignerAnswer>;
}

/** The guided interview always; a model when one is configured (new chats then use it). */
export interface Designers {
  guided: Designer;
  model: Designer | null;
}

/**
 * Whether a turn this designer answers uses a prompt of the user's allowance. The allowance bounds what a chat
 * model costs: the guided interview calls no model, so its turns are free.
 */
export const usesPrompt = (designer: Designer): boolean => designer.mode === 'model';

/** The designer of new chats. */
export const newChatDesigner = (designers: Designers): Designer => designers.model ?? designers.guided;

/** A chat keeps the designer it started with (a guided interview stays guided if a model is added later). */
export const designerOf = (designers: Designers, mode: string): Designer =>
  mode === 'model' && designers.model ? designers.model : designers.guided;
