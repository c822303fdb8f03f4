// The reaction model: deterministic, it answers its own samples, it refuses off-topic lines and not on-topic
// ones (the noodles fixture's held-out lines, written blind), and its cross-validation keeps near copies
// together. Features and scoring are agent-format's (reaction-features.test.ts there).
import { readFileSync } from 'node:fs';
import { chooseReaction, decodeReactionModel } from '@greenhouse/agent-format';
import { parseProtocolText, type Protocol } from '@greenhouse/mtp';
import { describe, expect, it } from 'vitest';
import { reactionOwnAccuracy } from './reaction-accuracy.js';
import { instructionShapes, reactionDescriptions } from './reaction-examples.js';
import { nearCopies, planReactions, refusalBias, trainReactionModel } from './reaction-training.js';

const fixture = (name: string): Protocol => {
  const parsed = parseProtocolText(
    readFileSync(new URL(`../../fixtures/${name}.json`, import.meta.url), 'utf8'),
  );
  if (!parsed.ok) throw new Error(`${name} does not parse`);
  return parsed.protocol;
};
const heldOut = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../fixtures/${name}-held-out.json`, import.meta.url), 'utf8')) as {
    set: string;
    cases: { inputs: string[]; reaction: string }[];
    guardrails: { inputs: string[] }[];
  };

describe('the reaction model', () => {
  const noodles = fixture('noodles');
  const plan = planReactions(noodles);
  const trained = trainReactionModel(noodles, plan);

  it('plans by language: English with word vectors and the English pool, Polish without vectors', () => {
    expect(plan).toMatchObject({ language: 'en', offTopic: true });
    expect(plan.wordVectors?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(planReactions(fixture('herbalist'))).toMatchObject({
      language: 'pl',
      wordVectors: null,
      offTopic: true,
    });
  });

  it('gives the same bytes for the same protocol and plan', () => {
    expect(Buffer.from(trainReactionModel(noodles, plan).bytes).equals(Buffer.from(trained.bytes))).toBe(
      true,
    );
    expect(decodeReactionModel(trained.bytes)).toEqual(trained.model);
  });

  it("answers its own samples with their reactions, and carries each reaction's lines", () => {
    expect(reactionOwnAccuracy(trained.model, noodles)).toBe(1);
    const [instruction] = trained.model.instructions;
    const set = noodles.sets[0]!;
    for (const lines of instruction!.lines) expect(lines.length).toBeGreaterThan(0);
    expect(instruction!.lines.flat().sort()).toEqual(
      [...new Set(set.samples.map((s) => s.strings[1]!))].sort(),
    );
    expect(instruction!.refusal!.lines).toEqual([set.guardrails[0]!.badOutput]);
  });

  it('refuses most off-topic lines it never saw and almost no on-topic ones', () => {
    const h = heldOut('noodles');
    const shape = instructionShapes(noodles)[0]!;
    const instruction = trained.model.instructions[0]!;
    const ask = (inputs: string[]) =>
      chooseReaction(
        trained.model,
        instruction,
        inputs.map((text) => ({ text })),
        shape.slots,
      );
    const refused = h.guardrails.filter((c) => ask(c.inputs).refused).length;
    const falselyRefused = h.cases.filter((c) => ask(c.inputs).refused).length;
    expect(refused).toBeGreaterThanOrEqual(Math.ceil(0.75 * h.guardrails.length));
    expect(falselyRefused).toBeLessThanOrEqual(Math.floor(0.05 * h.cases.length));
    // Calibration only makes the detector less eager than its own even odds.
    expect(instruction.refusal!.bias).toBeLessThanOrEqual(0);
  });

  it('reports its cross-validation as the quality check; without it, none and a bias of 0', () => {
    const q = trained.quality!;
    expect(q.method).toBe('k-fold');
    expect(q.measured).toBe(16);
    expect(q.reactions.map((r) => r.measured)).toEqual([4, 4, 4, 4]);
    const plain = trainReactionModel(noodles, plan, { crossValidate: false });
    expect(plain.quality).toBeNull();
    expect(plain.model.instructions[0]!.refusal!.bias).toBe(0);
  });
});

describe("reactions' descriptions", () => {
  const noodles = fixture('noodles');
  const shape = instructionShapes(noodles)[0]!;

  it('reads a FinalToken\'s desc, else a draft\'s "Reaction: description" context line', () => {
    const described = reactionDescriptions(noodles, shape.name, shape.options);
    expect(described).toEqual(shape.options.map((o) => noodles.tokens[o.name]?.description ?? ''));
    expect(new Set(described.filter((d, o) => d !== '' && !shape.options[o]!.refused)).size).toBe(4);
    // A chat designer's protocol: no desc, the description in the instruction's context (mtp's draft).
    const order = shape.options.find((o) => o.line === 'Order')!;
    const drafted: Protocol = {
      ...noodles,
      tokens: { ...noodles.tokens, [order.name]: { ...noodles.tokens[order.name]!, description: null } },
      sets: [{ ...noodles.sets[0]!, context: ['Order: asks for a bowl of soup'] }],
    };
    expect(reactionDescriptions(drafted, shape.name, shape.options)[shape.options.indexOf(order)]).toBe(
      'asks for a bowl of soup',
    );
    const bare: Protocol = { ...drafted, sets: [{ ...noodles.sets[0]!, context: [] }] };
    expect(reactionDescriptions(bare, shape.name, shape.options)[shape.options.indexOf(order)]).toBe('');
  });

  it('learns a description as an example of its reaction', () => {
    // A word only Complain's description uses: described, it points to Complain; without descriptions it cannot.
    const word = 'grievancezz';
    const complain = shape.options.find((o) => o.line === 'Complain')!;
    const withWord = (text: string | null): Protocol => ({
      ...noodles,
      tokens: Object.fromEntries(
        Object.entries(noodles.tokens).map(([k, t]) => [
          k,
          {
            ...t,
            description: k === complain.name ? text : t.kind.startsWith('Final') ? null : t.description,
          },
        ]),
      ),
    });
    const ask = (protocol: Protocol) => {
      const { model } = trainReactionModel(protocol, planReactions(protocol), { crossValidate: false });
      const scores = chooseReaction(model, model.instructions[0]!, [{ text: word }], shape.slots).scores;
      const k = model.instructions[0]!.reactions.indexOf(shape.options.indexOf(complain));
      return scores[k]! - Math.max(...scores.filter((_, i) => i !== k));
    };
    expect(ask(withWord(`The customer has a ${word}.`))).toBeGreaterThan(0);
    expect(ask(withWord(null))).toBeLessThan(ask(withWord(`The customer has a ${word}.`)));
  });
});

describe('nearCopies', () => {
  const words = (text: string) => new Set(text.toLowerCase().split(' '));
  it('groups samples of one reaction whose words mostly agree, transitively, and no others', () => {
    expect(
      nearCopies([
        { option: 0, words: words('i would like to buy a helmet') },
        { option: 0, words: words('i would like to buy a mace') },
        { option: 0, words: words('i would love to buy a mace') },
        { option: 1, words: words('i would like to buy a helmet') },
        { option: 0, words: words('how much is the crossing') },
      ]),
    ).toEqual([0, 0, 0, 3, 4]);
  });
});

describe('refusalBias', () => {
  it('puts the threshold where a false refusal costs three missed off-topic lines, never above even odds', () => {
    // Left-out samples' scores (on topic) and left-out pool lines' (off topic), separable at 0.5.
    expect(refusalBias([-3, -2, -1, 0, 0.5], [1, 2, 3], 3)).toBeCloseTo(-0.5);
    // One sample looks off topic: missing it is cheaper than refusing all three samples below it.
    expect(refusalBias([-2, -1, 4], [1, 2, 3], 3)).toBeCloseTo(-4);
    expect(refusalBias([], [1], 3)).toBe(0);
  });
});
