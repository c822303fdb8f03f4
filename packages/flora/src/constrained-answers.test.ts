// Agents always answer within their reactions: over random weights (flat and peaky logits) and random inputs,
// every answer names one of the instruction's reactions and its output line does not end in a reaction key; the
// reactions' names resolve through the agent file for encrypted and emoji keys; a guardrail answer is a
// refusal; prompts within the agent's limit answer, longer ones fail with the limit.
import { describe, expect, it } from 'vitest';
import { exampleProtocol, randomAgent, trainedAgent, withKeys } from '../test/fixture.js';
import { exampleRequests } from '../test/requests.js';
import { loadAgent, type Agent } from './agent.js';
import { FloraError } from './errors.js';
import { mulberry32 } from './sampling.js';

const WORDS = [
  'the',
  'door',
  'is',
  'open',
  'hello',
  'run',
  'away',
  '!',
  'what',
  'why',
  'stone',
  '42',
  'é',
  '🐱',
];

function randomText(random: () => number, words: number): string {
  return Array.from({ length: words }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
}

/** Every answer of `agent` to random inputs of each instruction: reaction in the set, no key in the output. */
function checkAnswers(agent: Agent, random: () => number, perInstruction: number) {
  const keys = [...new Set(agent.instructions.flatMap((i) => i.reactions))].filter((k) => k.length > 0);
  for (const instruction of agent.instructions) {
    for (let n = 0; n < perInstruction; n++) {
      const inputs = instruction.inputs.map((line) => ({
        text: randomText(random, 1 + Math.floor(random() * 8)),
        numbers: line.numberSlots.flatMap((s) =>
          Array.from({ length: s.length ?? 1 }, () => Math.round(s.min + random() * (s.max - s.min))),
        ),
      }));
      const r = agent.run({ instruction: instruction.name, inputs });
      expect(r.reaction).not.toBeNull();
      const detail = instruction.reactionDetails[r.reactionIndex]!;
      expect(detail).toBeDefined();
      if (detail.number) {
        expect(r.reaction.startsWith(detail.line)).toBe(true);
        expect(Number.isFinite(r.reactionValue)).toBe(true);
      } else expect(r.reaction).toBe(detail.line);
      expect(r.reactionName).toBe(detail.name);
      expect(r.refused).toBe(detail.refused);
      expect(r.output).not.toMatch(/[\r\n]/);
      // A key may stand inside text (key `Fare` in "Farewell"), never where the output line ends: there it
      // would have been the reaction, written too early.
      for (const key of keys) expect(r.output.endsWith(key), `${r.output} ends with ${key}`).toBe(false);
    }
  }
}

describe('constrained answers', () => {
  it('answer within the instruction’s reactions over random weights and random inputs', async () => {
    const random = mulberry32(7);
    // Flat logits (scale 1: any token is likely) to peaky ones (scale 40: one token dominates, whatever it is).
    for (const [seed, scale] of [
      [1, 1],
      [2, 8],
      [3, 40],
      [4, 200],
    ] as const) {
      const { agent: text } = randomAgent({ dModel: 32, nLayers: 1, nHeads: 2, dFF: 64 }, seed, scale);
      checkAnswers(await loadAgent(text), random, 6);
    }
  });

  it('names reactions by their tokens for encrypted and emoji keys, and reads guardrail answers as refusals', async () => {
    const emoji = ['🐱', '🌳', '🔥', '💧', '⭐', '🍎', '🎲', '🗝️', '🛡️', '⚔️', '🌙', '☀️', '🐉', '🦊', '🪙'];
    const protocols = {
      encrypted: withKeys(exampleProtocol(), (i) => (0x9621ef + i * 7919).toString(16).slice(-6)),
      emoji: withKeys(
        exampleProtocol(),
        (i) => emoji[i % emoji.length]! + (i >= emoji.length ? String(i) : ''),
      ),
    };
    for (const [label, protocol] of Object.entries(protocols)) {
      const { agent: text } = randomAgent({ dModel: 32, nLayers: 1, nHeads: 2, dFF: 64 }, 5, 8, protocol);
      const agent = await loadAgent(text);
      const finals = Object.values(protocol.tokens);
      for (const instruction of agent.instructions)
        for (const r of instruction.reactionDetails) {
          const token = finals.find((t) => t.value === r.name);
          expect(token, `${label}: ${r.name} names a token`).toBeDefined();
          expect(r.line.startsWith(token!.key) || r.line === '<NON>_<UNK>_', label).toBe(true);
          expect(r.name).not.toContain('<UNK>');
          expect(r.refused).toBe(r.line.endsWith('<UNK>_'));
        }
      expect(agent.instructions.some((i) => i.reactionDetails.some((r) => r.refused))).toBe(true);
      checkAnswers(agent, mulberry32(3), 3);
    }
  });
});

describe('room to talk', () => {
  it('answers inputs up to twice the longest training line in full; longer prompts fail with the limit', async () => {
    const { agent: text, protocol } = await trainedAgent();
    const agent = await loadAgent(text);
    const requests = exampleRequests(protocol);
    // Each input line twice the longest training line (that line written twice).
    const lines = requests.flatMap((r) => r.inputs.map((i) => i.text));
    const longest = lines.reduce((a, b) => (b.length > a.length ? b : a));
    const base = requests[0]!;
    const doubled = { ...base, inputs: base.inputs.map((i) => ({ ...i, text: `${longest} ${longest}` })) };
    const r = agent.run(doubled);
    expect(r.promptTokens).toBeLessThanOrEqual(agent.info.promptLimit);
    expect(r.stopReason).not.toBe('context');
    expect(agent.info.promptLimit).toBeGreaterThanOrEqual(128);
    const tooLong = { ...base, inputs: base.inputs.map((i) => ({ ...i, text: `${longest} `.repeat(40) })) };
    let error: unknown;
    try {
      agent.run(tooLong);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FloraError);
    expect((error as FloraError).code).toBe('prompt_too_long');
    expect((error as FloraError).message).toContain(`at most ${agent.info.promptLimit}`);
  }, 60_000);
});
