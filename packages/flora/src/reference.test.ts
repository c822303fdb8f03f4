// Flora against the trainer's reference implementation, on a really trained agent: over every finetuning
// example, the same prompt text, the same token ids, the same logits (within 1e-3) at every generated
// position, the same greedy tokens, and the same answer (output and reaction) as the trainer's evaluation
// decides it (a version-1 agent: the model chooses the reaction). The reference side is the trainer's
// loadAgent (its own reader, dequantized float16 weights in its Gpt), generateGreedy and its Answerer (the
// shared AnswerConstraint, no KV cache): it never runs Flora. A version-2 agent (reaction first) answers with
// the reaction its reaction model chooses and, at every step of the line, the reference's best allowed token.
import { renderPrompt } from '@greenhouse/mtp';
import { chooseReaction, type SlotRange } from '@greenhouse/agent-format';
import {
  Answerer,
  generateGreedy,
  loadAgent as loadReference,
  protocolExamples,
  type Gpt,
} from '@greenhouse/trainer';
import { beforeAll, describe, expect, it } from 'vitest';
import { exampleProtocol, randomAgent, trainedAgent } from '../test/fixture.js';
import { exampleRequests } from '../test/requests.js';
import { readAgentFile } from './agent-file.js';
import { loadAgent, type Agent } from './agent.js';
import { Model } from './model.js';
import { argmax } from './sampling.js';
import { Tokenizer } from './tokenizer.js';

/** Largest |Flora − reference| over all logits we allow (float32, different summation order). */
const TOLERANCE = 1e-3;

/** The reference's logits at every position of `ids` (one forward over the whole sequence). */
function referenceLogits(model: Gpt, ids: readonly number[]): Float32Array[] {
  const n = ids.length;
  const { logits } = model.forward({
    tokens: Int32Array.from(ids),
    targets: new Int32Array(n),
    weights: new Float32Array(n).fill(1),
    lengths: [n],
  });
  const V = model.config.vocabSize;
  return Array.from({ length: n }, (_, i) => logits.slice(i * V, (i + 1) * V));
}

function maxAbsDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  expect(a.length).toBe(b.length);
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]! - b[i]!));
  return m;
}

/** Flora's greedy continuation of `prompt`, keeping each step's logits (a copy). */
function floraGreedy(model: Model, prompt: number[], eos: number) {
  const T = model.arch.contextLength;
  model.reset();
  let logits = model.forward(prompt);
  const out: number[] = [];
  const steps: Float32Array[] = [];
  for (;;) {
    steps.push(logits.slice());
    const id = argmax(logits);
    out.push(id);
    if (id === eos || model.position >= T) break;
    logits = model.forward([id]);
  }
  return { out, steps };
}

describe.each([
  { kernel: 'wasm-simd' as const, label: 'WebAssembly SIMD' },
  { kernel: 'js' as const, label: 'JS kernel' },
])('Flora vs the trainer on a trained agent ($label)', ({ kernel }) => {
  let text: string;
  let protocol: Awaited<ReturnType<typeof trainedAgent>>['protocol'];
  let reference: ReturnType<typeof loadReference>;
  let agent: Agent;
  let model: Model;
  let tokenizer: Tokenizer;

  beforeAll(async () => {
    ({ agent: text, protocol } = await trainedAgent(80, { formatVersion: 1 }));
    reference = loadReference(text);
    agent = await loadAgent(text, { kernel });
    const file = await readAgentFile(text);
    model = await Model.create(file.architecture, file.tensors, file.weights, kernel);
    tokenizer = Tokenizer.fromJSON(file.tokenizerText);
  }, 60_000);

  it('renders every example exactly as mtp does, and tokenizes it as the trainer does', () => {
    const examples = protocolExamples(protocol);
    const requests = exampleRequests(protocol);
    expect(requests).toHaveLength(examples.length);
    requests.forEach((request, i) => {
      const prompt = agent.prompt(request);
      expect(prompt).toBe(examples[i]!.input);
      expect(prompt).toBe(renderPrompt(protocol, request.instruction, request.inputs, request));
      expect(tokenizer.encode(prompt)).toEqual(reference.tokenizer.encode(prompt));
      const output = examples[i]!.output;
      expect(tokenizer.encode(output)).toEqual(reference.tokenizer.encode(output));
      expect(tokenizer.decode(reference.tokenizer.encode(output))).toBe(output);
    });
  });

  it('gives the reference logits at every generated position, the same greedy tokens and the same answers', () => {
    const examples = protocolExamples(protocol);
    const requests = exampleRequests(protocol);
    const eos = reference.tokenizer.id('<EOS>');
    const T = reference.model.config.contextLength;
    const answerer = new Answerer(reference.tokenizer, protocol);
    let worst = 0;
    let right = 0;
    examples.forEach((example, i) => {
      const prompt = reference.tokenizer.encode(example.input);
      const expected = generateGreedy(reference.model, prompt, { maxNewTokens: T, stopId: eos });
      const { out, steps } = floraGreedy(model, prompt, eos);
      expect(out).toEqual(expected);
      const all = referenceLogits(reference.model, [...prompt, ...expected].slice(0, T));
      steps.forEach((logits, k) => {
        worst = Math.max(worst, maxAbsDiff(logits, all[prompt.length - 1 + k]!));
      });
      const result = agent.run(requests[i]!);
      const answer = answerer.answer(reference.model, example.set, example.input)!;
      expect(result.output).toBe(answer.output);
      expect(result.reaction).toBe(answer.reaction);
      expect(result.reactionName).toBe(answer.option.name);
      expect(result.refused).toBe(answer.option.refused);
      if (result.reaction === example.reaction) right++;
    });
    expect(worst).toBeLessThan(TOLERANCE);
    // The fixture is trained well enough that most reactions are right (the comparison above is the test;
    // this only guards against comparing two broken models).
    expect(right).toBeGreaterThan(examples.length / 2);
  });
});

describe('Flora vs the trainer on a version-2 agent (reaction first)', () => {
  it("answers with the reaction model's choice and, at every step of the line, the best allowed token", async () => {
    const { agent: text, protocol } = await trainedAgent();
    const reference = loadReference(text);
    expect(reference.reactions).not.toBeNull();
    const agent = await loadAgent(text);
    expect(agent.info.formatVersion).toBe(2);
    const examples = protocolExamples(protocol);
    const requests = exampleRequests(protocol);
    const lineBreak = reference.tokenizer.encode('\n')[0]!;
    let right = 0;
    requests.forEach((request, i) => {
      const instruction = agent.instructions.find((x) => x.name === request.instruction)!;
      const own = reference.reactions!.instructions.find((x) => x.name === request.instruction)!;
      const slots: SlotRange[][] = instruction.inputs.map((l) =>
        l.numberSlots.flatMap((s) =>
          Array.from({ length: s.length ?? 1 }, () => ({ min: s.min, max: s.max })),
        ),
      );
      const lines = request.inputs.map((l) => ({ text: l.text, numbers: l.numbers ?? [] }));
      const choice = chooseReaction(reference.reactions!, own, lines, slots);
      const result = agent.run(request);
      expect(result.reactionIndex).toBe(choice.reaction);
      expect(result.refused).toBe(choice.refused);
      // The line is one of the reaction's own lines.
      const k = Array.from(own.reactions).indexOf(choice.reaction);
      const allowed = choice.refused ? own.refusal!.lines : own.lines[k]!;
      expect(allowed).toContain(result.output);
      // Each of its tokens is the reference's largest logit among the tokens that keep it one of them.
      const candidates = allowed.map((l) => reference.tokenizer.encode(l));
      const prompt = reference.tokenizer.encode(examples[i]!.input);
      const prefix = [...reference.tokenizer.encode(result.reaction), lineBreak];
      const written = reference.tokenizer.encode(result.output);
      if (!instruction.reactionDetails[result.reactionIndex]!.number) {
        const logits = referenceLogits(reference.model, [...prompt, ...prefix, ...written]);
        for (let t = 0; t <= written.length; t++) {
          const step = logits[prompt.length + prefix.length - 1 + t]!;
          const next = new Set(
            candidates
              .filter((c) => written.slice(0, t).every((id, j) => c[j] === id) && c.length > t)
              .map((c) => c[t]!),
          );
          const best = Math.max(...[...next].map((id) => step[id]!));
          if (t < written.length) expect(step[written[t]!]! + TOLERANCE).toBeGreaterThanOrEqual(best);
          else expect(step[lineBreak]! + TOLERANCE).toBeGreaterThanOrEqual(next.size ? best : -Infinity);
        }
      }
      if (result.reaction === examples[i]!.reaction) right++;
    });
    // The reaction model learned its own samples (the comparison above is the test; this guards against
    // comparing two broken models).
    expect(right).toBeGreaterThan((examples.length * 3) / 4);
  }, 60_000);
});

describe('Flora vs the trainer on an untied head (random weights)', () => {
  it('gives the reference logits for a whole prompt and its greedy continuation', async () => {
    const { agent: text } = randomAgent(
      { dModel: 24, nLayers: 2, nHeads: 3, dFF: 40, tieEmbeddings: false },
      7,
      8,
    );
    const reference = loadReference(text);
    const file = await readAgentFile(text);
    for (const kernel of ['wasm-simd', 'js'] as const) {
      const model = await Model.create(file.architecture, file.tensors, file.weights, kernel);
      const prompt = reference.tokenizer.encode(protocolExamples(exampleProtocol())[0]!.input);
      const eos = reference.tokenizer.id('<EOS>');
      const T = reference.model.config.contextLength;
      const expected = generateGreedy(reference.model, prompt, { maxNewTokens: 20, stopId: eos });
      const { out, steps } = floraGreedy(model, prompt, eos);
      expect(out.slice(0, expected.length)).toEqual(expected);
      const all = referenceLogits(reference.model, [...prompt, ...expected].slice(0, T));
      let worst = 0;
      steps.slice(0, expected.length).forEach((logits, k) => {
        worst = Math.max(worst, maxAbsDiff(logits, all[prompt.length - 1 + k]!));
      });
      expect(worst).toBeLessThan(TOLERANCE);
    }
  });
});

describe('Flora vs the trainer with activations beyond the kernel’s scaled range', () => {
  it('takes the exact path for inputs ≥ 2^15 and still gives the reference logits (relative 1e-5)', async () => {
    // Every weight ×3000: LayerNorm gains of 3000 make the matrix inputs exceed 2^15, where x·2^112 could
    // overflow float32 — without the exact path the logits would be Infinity or NaN.
    const { agent: text } = randomAgent({ dModel: 32, nLayers: 1, nHeads: 2, dFF: 64 }, 3, 3000);
    const reference = loadReference(text);
    const file = await readAgentFile(text);
    const prompt = reference.tokenizer.encode(protocolExamples(exampleProtocol())[0]!.input);
    const expected = referenceLogits(reference.model, prompt).at(-1)!;
    const scale = Math.max(...expected.map(Math.abs));
    expect(scale).toBeGreaterThan(2 ** 15);
    for (const kernel of ['wasm-simd', 'js'] as const) {
      const model = await Model.create(file.architecture, file.tensors, file.weights, kernel);
      const logits = model.forward(prompt);
      expect(logits.every(Number.isFinite)).toBe(true);
      expect(maxAbsDiff(logits, expected) / scale).toBeLessThan(1e-5);
    }
  });
});
