// A loaded agent: its info, its instructions, and run/stream — render the prompt from the input lines,
// tokenize, run the prompt through the model once (prefill), then one forward per generated token (KV cache)
// until <EOS>, maxTokens or the end of the context.
import {
  AnswerConstraint,
  answerVocabulary,
  lineTrie,
  ReactionFirstAnswer,
  type AnswerVocabulary,
  type LineTrie,
  type ReactionChoice,
} from './answer-constraint.js';
import {
  chooseReaction,
  decodeReactionModel,
  type Architecture,
  type InstructionReactions,
  type ReactionModel,
  type SlotRange,
} from '@greenhouse/agent-format';
import { readAgentFile, type VerifiedAgentFile } from './agent-file.js';
import { FloraError } from './errors.js';
import type { KernelKind } from './kernels/kernels.js';
import { Model } from './model.js';
import { lineToken, mulberry32, sampleToken } from './sampling.js';
import { readInstructions, renderPrompt, type InstructionInfo } from './template.js';
import { Tokenizer } from './tokenizer.js';

export interface AgentInfo {
  /** The manifest's id (a UUID), or null. */
  id: string | null;
  name: string;
  /** Real parameters (values in weights.bin). */
  parameters: number;
  /** The agent file's size, bytes. */
  bytes: number;
  /** weights.bin's size, bytes (float16: 2 per parameter). */
  weightsBytes: number;
  /** 1: the model writes the line, then chooses the reaction; 2: the reaction model chooses first. */
  formatVersion: number;
  architecture: Architecture;
  instructions: InstructionInfo[];
  /** Every reaction line the template lists, over all instructions, first appearance first. */
  reactions: string[];
  /**
   * Most tokens a rendered prompt may have: room for the agent's longest answer is kept beside it. A longer
   * prompt is refused (FloraError `prompt_too_long`), never answered cut short.
   */
  promptLimit: number;
  /** The manifest's training metrics ({ tokenizer?, pretraining?, finetuning? }). */
  metrics: Record<string, unknown>;
  createdTime: string | null;
  /** Which kernel runs the matrix products. */
  kernel: KernelKind;
}

export interface RunRequest {
  instruction: string;
  /** One entry per input line of the instruction: its text and its number slots' numbers, in order. */
  inputs: { text: string; numbers?: number[] }[];
  /** Numbers of the response line's slots, when it has any (rare). */
  responseNumbers?: number[];
}

export interface RunOptions {
  /** 0 (the default) = greedy; otherwise sampling at this temperature. */
  temperature?: number;
  /** Sample among the topK most likely tokens only (default: all). */
  topK?: number;
  /** Seed of the sampling generator (default 0: the same request gives the same text). */
  seed?: number;
  /** Most tokens of the output line (default: until the model ends it, or the context does); the reaction follows. */
  maxTokens?: number;
}

export interface RunResult {
  /** The response (the line before the reaction). */
  output: string;
  /**
   * The reaction line: always one of the instruction's reactions (final token key, `…<UNK>_` for a guardrail
   * answer, a FinalNumToken's key followed by its number).
   */
  reaction: string;
  /** The reaction's name: the final token's value in the protocol (encrypted and emoji keys resolved). */
  reactionName: string;
  /** Its index in the instruction's `reactions`. */
  reactionIndex: number;
  /** A guardrail answer: the agent refuses. */
  refused: boolean;
  /** A FinalNumToken's number, else null. */
  reactionValue: number | null;
  /** Tokens of the answer: the output line, its line break and the reaction (no <EOS>: the reaction ends it). */
  tokens: number;
  /** tokens / (prompt processing + generation time). */
  tokensPerSecond: number;
  /** Tokens of the rendered prompt. */
  promptTokens: number;
  /** Milliseconds from the start of the run to the first generated token. */
  timeToFirstTokenMs: number;
  /** Why the output line ended: the model ended it, or maxTokens, or the context (the reaction follows either way). */
  stopReason: 'eos' | 'max_tokens' | 'context';
}

export interface Agent {
  readonly info: AgentInfo;
  readonly instructions: InstructionInfo[];
  /** The exact prompt text the model reads for a request (throws FloraError on a bad request). */
  prompt(request: RunRequest): string;
  run(request: RunRequest, options?: RunOptions): RunResult;
  /**
   * Yields the model's text as it is generated — the response, then '\n' and the reaction line (not <EOS>) —
   * and returns the result. A request or option error throws at the call, not at the first `next()`.
   * Runs share the agent's KV cache: starting another run interrupts this stream (FloraError `interrupted`).
   */
  stream(request: RunRequest, options?: RunOptions): Generator<string, RunResult>;
}

export interface LoadOptions {
  /** Force the JS kernel ('js') or WebAssembly SIMD ('wasm-simd'); default: WASM SIMD when available. */
  kernel?: KernelKind;
}

/** Loads and verifies an agent file (text or bytes). Rejects with a FloraError when it is damaged or unknown. */
export async function loadAgent(
  source: string | Uint8Array | ArrayBuffer,
  options: LoadOptions = {},
): Promise<Agent> {
  const { file, tokenizer, vocab, choices, info, reactions } = await checkAgentFile(source);
  const model = await Model.create(file.architecture, file.tensors, file.weights, options.kernel);
  return new FloraAgent({ ...info, kernel: model.kernels.kind }, tokenizer, model, vocab, choices, reactions);
}

/** An agent file read and verified, with what running it needs but the model (Flora native's export uses it too). */
export interface CheckedAgentFile {
  file: VerifiedAgentFile;
  tokenizer: Tokenizer;
  vocab: AnswerVocabulary;
  choices: ReadonlyMap<string, ReactionChoice[]>;
  info: Omit<AgentInfo, 'kernel'>;
  /** Version 2: the reaction model, checked against the instructions. */
  reactions: Reactions | null;
}

/**
 * A version-2 agent's reaction model, and each instruction's part of it: its number slots' ranges and, per
 * reaction (by index), the trie of its lines.
 */
export interface Reactions {
  model: ReactionModel;
  byInstruction: ReadonlyMap<
    string,
    { reactions: InstructionReactions; slots: SlotRange[][]; lines: ReadonlyMap<number, LineTrie> }
  >;
}

/** Decodes reactions.bin and checks it against the instructions (FloraError `damaged` when it does not fit). */
function readReactions(
  bytes: Uint8Array,
  instructions: readonly InstructionInfo[],
  tokenizer: Tokenizer,
): Reactions {
  let model: ReactionModel;
  try {
    model = decodeReactionModel(bytes);
  } catch (e) {
    throw new FloraError('damaged', `agent file: ${(e as Error).message}`);
  }
  const byInstruction = new Map<
    string,
    { reactions: InstructionReactions; slots: SlotRange[][]; lines: Map<number, LineTrie> }
  >();
  for (const instruction of instructions) {
    const r = model.instructions.find((i) => i.name === instruction.name);
    const bad = (why: string) =>
      new FloraError(
        'damaged',
        `agent file: reactions.bin: instruction ${JSON.stringify(instruction.name)} ${why}`,
      );
    if (!r) throw bad('is missing');
    const count = instruction.reactions.length;
    if (r.reactions.some((i) => i >= count)) throw bad('names a reaction it does not have');
    if (
      r.refusal &&
      !(r.refusal.reaction < count && instruction.reactionDetails[r.refusal.reaction]!.refused)
    )
      throw bad('refuses with a reaction that is not a refusal');
    for (const head of [r.classes, ...(r.refusal ? [r.refusal.detector] : [])])
      if (head.wordScores.some((w) => w.line >= instruction.inputs.length))
        throw bad('scores a line it does not take');
    const slots = instruction.inputs.map((line) =>
      line.numberSlots.flatMap((slot) =>
        Array.from({ length: slot.length ?? 1 }, () => ({ min: slot.min, max: slot.max })),
      ),
    );
    const lines = new Map<number, LineTrie>();
    const trie = (texts: readonly string[]) => lineTrie(texts.map((t) => tokenizer.encode(t)));
    r.reactions.forEach((reaction, k) => lines.set(reaction, trie(r.lines[k]!)));
    if (r.refusal) lines.set(r.refusal.reaction, trie(r.refusal.lines));
    byInstruction.set(instruction.name, { reactions: r, slots, lines });
  }
  return { model, byInstruction };
}

/** Reads and verifies an agent file without building its model; FloraError when it is damaged or unknown. */
export async function checkAgentFile(source: string | Uint8Array | ArrayBuffer): Promise<CheckedAgentFile> {
  const file = await readAgentFile(source);
  const m = file.manifest;
  const tokenizer = Tokenizer.fromJSON(file.tokenizerText);
  const numberKeys = new Set(Object.keys(isRecord(m.reactionNumbers) ? m.reactionNumbers : {}));
  const instructions = readInstructions(file.templateText, numberKeys);
  if (tokenizer.size !== file.architecture.vocabSize)
    throw new FloraError(
      'damaged',
      `agent file: the tokenizer has ${tokenizer.size} ids, the model ${file.architecture.vocabSize}`,
    );
  const eos = tokenizer.addedId('<EOS>');
  if (eos === undefined) throw new FloraError('damaged', 'agent file: the tokenizer has no <EOS>');
  const lineBreak = tokenizer.encode('\n');
  if (lineBreak.length !== 1) throw new FloraError('damaged', 'agent file: the tokenizer has no line break');
  const vocab = answerVocabulary(
    tokenizer.size,
    (id) => tokenizer.decode([id]),
    (id) => tokenizer.isAddedId(id),
    lineBreak[0]!,
  );
  const choices = new Map(
    instructions.map((i) => [
      i.name,
      i.reactionDetails.map((r, index): ReactionChoice => ({
        index,
        ids: tokenizer.encode(r.line),
        number: r.number,
      })),
    ]),
  );
  const T = file.architecture.contextLength;
  const longestReaction = Math.max(...[...choices.values()].flat().map((c) => c.ids.length));
  const limits: Record<string, unknown> = isRecord(m.limits) ? m.limits : {};
  // Older agent files do not say: the context less the longest reaction and its line break.
  const promptLimit = Math.min(
    T - 2,
    typeof limits.promptTokens === 'number' ? limits.promptTokens : T - longestReaction - 1,
  );
  const info: Omit<AgentInfo, 'kernel'> = {
    id: typeof m.id === 'string' ? m.id : null,
    name: typeof m.name === 'string' ? m.name : '',
    parameters: file.parameters,
    bytes: file.bytes,
    weightsBytes: file.weights.byteLength,
    formatVersion: file.formatVersion,
    architecture: file.architecture,
    instructions,
    reactions: [...new Set(instructions.flatMap((i) => i.reactions))],
    promptLimit,
    metrics: (m.metrics ?? {}) as Record<string, unknown>,
    createdTime: typeof m.created_time === 'string' ? m.created_time : null,
  };
  const reactions = file.reactions ? readReactions(file.reactions, instructions, tokenizer) : null;
  return { file, tokenizer, vocab, choices, info, reactions };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

interface Settings {
  temperature: number;
  topK: number;
  seed: number;
  maxTokens: number;
}

function settings(options: RunOptions = {}): Settings {
  const bad = (why: string) => new FloraError('bad_option', why);
  const { temperature = 0, topK = Infinity, seed = 0, maxTokens = Infinity } = options;
  if (typeof temperature !== 'number' || !(temperature >= 0) || !Number.isFinite(temperature))
    throw bad(`temperature must be a finite number ≥ 0, got ${String(temperature)}`);
  if (topK !== Infinity && !(Number.isInteger(topK) && topK >= 1))
    throw bad(`topK must be a positive integer, got ${String(topK)}`);
  if (!Number.isInteger(seed)) throw bad(`seed must be an integer, got ${String(seed)}`);
  if (maxTokens !== Infinity && !(Number.isInteger(maxTokens) && maxTokens >= 1))
    throw bad(`maxTokens must be a positive integer, got ${String(maxTokens)}`);
  return { temperature, topK, seed, maxTokens };
}

class FloraAgent implements Agent {
  readonly info: AgentInfo;
  private readonly tokenizer: Tokenizer;
  private readonly model: Model;
  private readonly vocab: AnswerVocabulary;
  /** Each instruction's reactions as token ids (for the answer constraint). */
  private readonly choices: ReadonlyMap<string, ReactionChoice[]>;
  private readonly reactions: Reactions | null;
  /** The run that owns the KV cache. */
  private current = 0;

  constructor(
    info: AgentInfo,
    tokenizer: Tokenizer,
    model: Model,
    vocab: AnswerVocabulary,
    choices: ReadonlyMap<string, ReactionChoice[]>,
    reactions: Reactions | null,
  ) {
    this.info = info;
    this.tokenizer = tokenizer;
    this.model = model;
    this.vocab = vocab;
    this.choices = choices;
    this.reactions = reactions;
  }

  get instructions(): InstructionInfo[] {
    return this.info.instructions;
  }

  prompt(request: RunRequest): string {
    if (typeof request !== 'object' || request === null)
      throw new FloraError('bad_input', 'a request is { instruction, inputs: [{ text, numbers? }] }');
    return renderPrompt(
      this.info.instructions,
      request.instruction,
      request.inputs,
      request.responseNumbers ?? [],
    );
  }

  run(request: RunRequest, options?: RunOptions): RunResult {
    const stream = this.stream(request, options);
    for (;;) {
      const next = stream.next();
      if (next.done) return next.value;
    }
  }

  stream(request: RunRequest, options?: RunOptions): Generator<string, RunResult> {
    const prompt = this.prompt(request);
    const s = settings(options);
    const ids = this.tokenizer.encode(prompt);
    const limit = this.info.promptLimit;
    if (ids.length > limit)
      throw new FloraError(
        'prompt_too_long',
        `the prompt is ${ids.length} tokens; this agent takes at most ${limit}: shorten the input lines`,
      );
    const instruction = this.info.instructions.find((i) => i.name === request.instruction)!;
    const own = this.reactions?.byInstruction.get(instruction.name);
    if (own) {
      const lines = request.inputs.map((line) => ({ text: line.text, numbers: line.numbers ?? [] }));
      const choice = chooseReaction(this.reactions!.model, own.reactions, lines, own.slots);
      return this.generateAfter(
        ids,
        instruction,
        choice.reaction,
        own.lines.get(choice.reaction)!,
        s,
        ++this.current,
      );
    }
    return this.generate(ids, instruction, s, ++this.current);
  }

  /** Version 2: the reaction is chosen; the model writes its number (if it takes one), then the line. */
  private *generateAfter(
    ids: number[],
    instruction: InstructionInfo,
    reactionIndex: number,
    lines: LineTrie,
    s: Settings,
    run: number,
  ): Generator<string, RunResult> {
    const T = this.info.architecture.contextLength;
    const random = mulberry32(s.seed);
    const decoder = this.tokenizer.decoder();
    const started = performance.now();
    const reaction = this.choices.get(instruction.name)![reactionIndex]!;
    const answer = new ReactionFirstAnswer(this.vocab, reaction, lines, {
      maxOutputTokens: s.maxTokens === Infinity ? T : s.maxTokens,
      contextLeft: T - ids.length,
    });
    this.model.reset();
    this.model.forward(ids);
    let logits = this.model.forward(answer.prefix);
    const logit = (id: number) => logits[id]!;
    let firstTokenMs = 0;
    let output = '';
    let tokens = answer.prefix.length;
    for (;;) {
      const outputPhase = answer.phase === 'output';
      const choice = outputPhase
        ? lineToken(logits, answer.options(), this.vocab.lineBreak, s.temperature, s.topK, random)
        : -1;
      const step = answer.next(choice, logit);
      if (step.done) break;
      if (firstTokenMs === 0) firstTokenMs = performance.now() - started;
      tokens++;
      if (outputPhase) {
        const piece = decoder.push(step.id);
        output += piece;
        if (piece) {
          if (this.current !== run)
            throw new FloraError(
              'interrupted',
              'another run started on this agent; this stream cannot continue',
            );
          yield piece;
        }
      }
      logits = this.model.forward([step.id]);
    }
    const rest = decoder.end();
    output += rest;
    const detail = instruction.reactionDetails[reactionIndex]!;
    const reactionLine = detail.line + answer.numberText;
    const tail = `${rest}\n${reactionLine}`;
    if (this.current !== run)
      throw new FloraError('interrupted', 'another run started on this agent; this stream cannot continue');
    yield tail;
    const seconds = (performance.now() - started) / 1000;
    return {
      output,
      reaction: reactionLine,
      reactionName: detail.name,
      reactionIndex,
      refused: detail.refused,
      reactionValue: detail.number ? Number(answer.numberText) : null,
      tokens,
      tokensPerSecond: seconds > 0 ? tokens / seconds : 0,
      promptTokens: ids.length,
      timeToFirstTokenMs: firstTokenMs || performance.now() - started,
      stopReason:
        answer.outputEnd === 'max_tokens' ? 'max_tokens' : answer.outputEnd === 'context' ? 'context' : 'eos',
    };
  }

  private *generate(
    ids: number[],
    instruction: InstructionInfo,
    s: Settings,
    run: number,
  ): Generator<string, RunResult> {
    const T = this.info.architecture.contextLength;
    const random = mulberry32(s.seed);
    const decoder = this.tokenizer.decoder();
    const started = performance.now();
    const constraint = new AnswerConstraint(this.vocab, this.choices.get(instruction.name)!, {
      maxOutputTokens: s.maxTokens === Infinity ? T : s.maxTokens,
      contextLeft: T - ids.length,
    });
    this.model.reset();
    let logits = this.model.forward(ids);
    const logit = (id: number) => logits[id]!;
    let firstTokenMs = 0;
    let output = '';
    let reaction = '';
    let tokens = 0;
    /** A protocol key fed in the output line whose text waits for the next step (see AnswerConstraint). */
    let held: number | null = null;
    const emit = (piece: string) => {
      if (!piece) return false;
      if (this.current !== run)
        throw new FloraError('interrupted', 'another run started on this agent; this stream cannot continue');
      return true;
    };
    for (;;) {
      const outputPhase = constraint.phase === 'output';
      // Greedy in the kernel (sampleToken's argmax, without reading the logits from JS); the reaction is
      // always the constraint's greedy choice among the instruction's reactions.
      const choice = !outputPhase
        ? -1
        : s.temperature === 0 || s.topK === 1
          ? this.model.argmax()
          : sampleToken(logits, s.temperature, s.topK, random);
      const step = constraint.next(choice, logit);
      if (tokens === 0) firstTokenMs = performance.now() - started;
      if (step.rewind) {
        this.model.rewind(1);
        tokens--;
        held = null;
      } else if (held !== null) {
        const piece = decoder.push(held);
        output += piece;
        held = null;
        if (emit(piece)) yield piece;
      }
      if (step.id >= 0) {
        tokens++;
        if (step.hold) held = step.id;
        else {
          let piece = decoder.push(step.id);
          if (outputPhase) {
            if (constraint.phase !== 'output') {
              // The line break that ends the output (the model's, or fed in its place).
              piece += decoder.end();
              const at = piece.search(/[\r\n]/);
              output += at >= 0 ? piece.slice(0, at) : piece;
              piece = '\n';
            } else output += piece;
          } else reaction += piece;
          if (emit(piece)) yield piece;
        }
      }
      if (step.done) break;
      logits = this.model.forward([step.id]);
    }
    const rest = decoder.end();
    if (rest) {
      reaction += rest;
      yield rest;
    }
    const chosen = constraint.reaction!;
    const detail = instruction.reactionDetails[chosen.index]!;
    const seconds = (performance.now() - started) / 1000;
    return {
      output,
      reaction,
      reactionName: detail.name,
      reactionIndex: chosen.index,
      refused: detail.refused,
      reactionValue: detail.number ? Number(reaction.slice(detail.line.length)) : null,
      tokens,
      tokensPerSecond: seconds > 0 ? tokens / seconds : 0,
      promptTokens: ids.length,
      timeToFirstTokenMs: firstTokenMs,
      stopReason:
        constraint.outputEnd === 'max_tokens'
          ? 'max_tokens'
          : constraint.outputEnd === 'context'
            ? 'context'
            : 'eos',
    };
  }
}
