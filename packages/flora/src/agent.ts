// A loaded agent: its info, its instructions, and run/stream — render the prompt from the input lines,
// tokenize, run the prompt through the model once (prefill), then one forward per generated token (KV cache)
// until <EOS>, maxTokens or the end of the context.
import { readAgentFile, type Architecture } from './agent-file.js';
import { FloraError } from './errors.js';
import type { KernelKind } from './kernels/kernels.js';
import { Model } from './model.js';
import { mulberry32, sampleToken } from './sampling.js';
import { parseOutput, readInstructions, renderPrompt, type InstructionInfo } from './template.js';
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
  formatVersion: number;
  architecture: Architecture;
  instructions: InstructionInfo[];
  /** Every reaction line the template lists, over all instructions, first appearance first. */
  reactions: string[];
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
  /** Most tokens to generate, <EOS> included (default: until <EOS> or the end of the context). */
  maxTokens?: number;
}

export interface RunResult {
  /** The response (the lines before the reaction). */
  output: string;
  /** The reaction line (final token key, `…<UNK>_` for a guardrail answer); null when the model wrote none. */
  reaction: string | null;
  /** Tokens generated, <EOS> included. */
  tokens: number;
  /** tokens / (prompt processing + generation time). */
  tokensPerSecond: number;
  /** Tokens of the rendered prompt. */
  promptTokens: number;
  /** Milliseconds from the start of the run to the first generated token. */
  timeToFirstTokenMs: number;
  /** Why generation stopped: <EOS>, maxTokens, or the context length. */
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
  const file = await readAgentFile(source);
  const tokenizer = Tokenizer.fromJSON(file.tokenizerText);
  const instructions = readInstructions(file.templateText);
  if (tokenizer.size !== file.architecture.vocabSize)
    throw new FloraError(
      'damaged',
      `agent file: the tokenizer has ${tokenizer.size} ids, the model ${file.architecture.vocabSize}`,
    );
  const eos = tokenizer.addedId('<EOS>');
  if (eos === undefined) throw new FloraError('damaged', 'agent file: the tokenizer has no <EOS>');
  const model = await Model.create(file.architecture, file.tensors, file.weights, options.kernel);
  const m = file.manifest;
  const info: AgentInfo = {
    id: typeof m.id === 'string' ? m.id : null,
    name: typeof m.name === 'string' ? m.name : '',
    parameters: file.parameters,
    bytes: file.bytes,
    weightsBytes: file.weights.byteLength,
    formatVersion: 1,
    architecture: file.architecture,
    instructions,
    reactions: [...new Set(instructions.flatMap((i) => i.reactions))],
    metrics: (m.metrics ?? {}) as Record<string, unknown>,
    createdTime: typeof m.created_time === 'string' ? m.created_time : null,
    kernel: model.kernels.kind,
  };
  return new FloraAgent(info, tokenizer, model, eos);
}

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
  private readonly eos: number;
  /** The run that owns the KV cache. */
  private current = 0;

  constructor(info: AgentInfo, tokenizer: Tokenizer, model: Model, eos: number) {
    this.info = info;
    this.tokenizer = tokenizer;
    this.model = model;
    this.eos = eos;
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
    const T = this.info.architecture.contextLength;
    if (ids.length > T)
      throw new FloraError(
        'prompt_too_long',
        `the prompt is ${ids.length} tokens, the model's context ${T}: shorten the input lines`,
      );
    return this.generate(ids, s, ++this.current);
  }

  private *generate(ids: number[], s: Settings, run: number): Generator<string, RunResult> {
    const T = this.info.architecture.contextLength;
    const random = mulberry32(s.seed);
    const decoder = this.tokenizer.decoder();
    const started = performance.now();
    this.model.reset();
    let logits = this.model.forward(ids);
    let firstTokenMs = 0;
    let text = '';
    let tokens = 0;
    let stopReason: RunResult['stopReason'];
    for (;;) {
      // Greedy in the kernel (sampleToken's argmax, without reading the logits from JS).
      const id =
        s.temperature === 0 || s.topK === 1
          ? this.model.argmax()
          : sampleToken(logits, s.temperature, s.topK, random);
      tokens++;
      if (tokens === 1) firstTokenMs = performance.now() - started;
      if (id === this.eos) {
        stopReason = 'eos';
        break;
      }
      const piece = decoder.push(id);
      text += piece;
      if (piece) {
        yield piece;
        if (this.current !== run)
          throw new FloraError(
            'interrupted',
            'another run started on this agent; this stream cannot continue',
          );
      }
      if (tokens >= s.maxTokens) {
        stopReason = 'max_tokens';
        break;
      }
      // Like the trainer's generateGreedy: a token is fed only while the sequence fits the context.
      if (this.model.position >= T) {
        stopReason = 'context';
        break;
      }
      logits = this.model.forward([id]);
    }
    const rest = decoder.end();
    if (rest) {
      text += rest;
      yield rest;
    }
    const seconds = (performance.now() - started) / 1000;
    return {
      ...parseOutput(text),
      tokens,
      tokensPerSecond: seconds > 0 ? tokens / seconds : 0,
      promptTokens: ids.length,
      timeToFirstTokenMs: firstTokenMs,
      stopReason,
    };
  }
}
