import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { describeWithReference, referenceJson } from '../test/support/testing.js';
import {
  addOffers,
  bloomDraftSchema,
  canKeepOffer,
  draftGaps,
  draftToProtocolFile,
  dropOffers,
  DRAFT_LIMITS,
  emptyDraft,
  keepOffers,
  pendingOfferCount,
  phrasingKey,
  protocolNameOf,
  type BloomDraft,
  type DraftInstruction,
} from './draft.js';
import { parseProtocol } from './parse.js';
import { renderSample } from './render.js';

const exchange = (reaction: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    input: `${reaction} line ${'abc'[i % 3]}`,
    output: `answer ${i}`,
    reaction,
  }));

function completeDraft(): BloomDraft {
  return {
    name: 'Grumpy Bram',
    description: 'A village shopkeeper in a fantasy game; players talk to him.',
    context: ['Bram sells swords and potions.', 'The town guard patrols outside.'],
    reactions: [
      { name: 'Sell', description: 'the player wants to buy something' },
      { name: 'Guard', description: 'the player threatens him' },
    ],
    instructions: [{ name: 'talk', samples: [...exchange('Sell', 3), ...exchange('guard', 3)] }],
    guardrail: {
      badOutput: 'I only talk about my shop.',
      badExamples: ['What is the capital of France?', 'Write me a poem.', 'Are you an AI?'],
    },
  };
}

describe('draftGaps', () => {
  it('lists everything an empty draft lacks', () => {
    expect(draftGaps(emptyDraft()).map((g) => g.key)).toEqual([
      'name',
      'description',
      'reactions',
      'instructionSamples',
    ]);
  });

  it('finds nothing missing in a complete draft, whose protocol passes our checks', () => {
    const draft = completeDraft();
    expect(draftGaps(draft)).toEqual([]);
    const file = draftToProtocolFile(draft);
    const parsed = parseProtocol(file);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    expect(parsed.protocol.name).toBe('Grumpy_Bram');
    const set = parsed.protocol.sets[0]!;
    expect(set.name).toBe('talk');
    // A sample's reaction is matched case-insensitively and written as declared.
    expect(set.finalTokens).toEqual(['Sell_', 'Guard_']);
    expect(renderSample(parsed.protocol, 0, set.samples[3]!).reaction).toBe('Guard_');
    expect(set.guardrails).toHaveLength(1);
  });

  it('asks for three examples of every reaction', () => {
    const draft = completeDraft();
    draft.instructions[0]!.samples.pop();
    expect(draftGaps(draft)).toEqual([{ key: 'reactionExamples', reaction: 'Guard', count: 2, minimum: 3 }]);
  });

  it('reports samples of undeclared reactions, duplicate and reserved reaction names', () => {
    const draft = completeDraft();
    draft.reactions.push({ name: 'SELL', description: '' }, { name: 'Reply', description: '' });
    draft.instructions[0]!.samples.push({ input: 'hi', output: 'hello', reaction: 'Wave' });
    const keys = draftGaps(draft).map((g) => g.key);
    expect(keys).toContain('duplicateReaction');
    expect(keys).toContain('reservedReaction');
    expect(keys).toContain('unknownReaction');
  });

  it('reports the samples of a removed reaction once, with how many and which', () => {
    const draft = completeDraft();
    const removed = draft.reactions.shift()!;
    const inputs = draft.instructions[0]!.samples.filter((s) => s.reaction === removed.name).map(
      (s) => s.input,
    );
    expect(inputs.length).toBeGreaterThanOrEqual(3);
    const gaps = draftGaps(draft).filter((g) => g.key === 'unknownReaction');
    expect(gaps).toEqual([
      {
        key: 'unknownReaction',
        reaction: removed.name,
        instruction: draft.instructions[0]!.name,
        count: inputs.length,
        examples: [...inputs.slice(0, 3), ...(inputs.length > 3 ? ['…'] : [])].join(' / '),
      },
    ]);
  });

  it('checks a guardrail once one is started: answer, three examples, no digits', () => {
    const draft = completeDraft();
    draft.guardrail = { badOutput: '', badExamples: ['Tell me about 1984'] };
    expect(draftGaps(draft)).toEqual([
      { key: 'guardrailOutput' },
      { key: 'guardrailExamples', count: 1, minimum: 3 },
      { key: 'guardrailDigits', example: 'Tell me about 1984' },
    ]);
    draft.guardrail = null;
    expect(draftGaps(draft)).toEqual([]);
  });

  it('hands problems only the protocol check finds back as protocol gaps', () => {
    const draft = completeDraft();
    draft.instructions[0]!.samples[0]!.output = 'I say <EOS> now';
    const gaps = draftGaps(draft);
    expect(gaps).toHaveLength(1);
    expect(gaps[0]).toMatchObject({ key: 'protocol' });
    expect((gaps[0] as { message: string }).message).toContain('<EOS>');
  });
});

describeWithReference('a draft and the official schema', () => {
  it('makes a protocol the official 2.0.1 schema accepts', () => {
    const validate = new Ajv2020({ strict: false }).compile(referenceJson('schemas/v2/bloom_2_0_1.json'));
    const file = draftToProtocolFile(completeDraft());
    expect(validate(file), JSON.stringify(validate.errors)).toBe(true);
  });
});

describe('bloomDraftSchema', () => {
  it('refuses a reaction name that cannot become a token', () => {
    const draft = completeDraft();
    draft.reactions[0]!.name = 'Sell it!';
    expect(bloomDraftSchema.safeParse(draft).success).toBe(false);
    expect(bloomDraftSchema.safeParse(completeDraft()).success).toBe(true);
  });
});

describe('offered phrasings', () => {
  const offers = (reaction: string, inputs: string[]) => inputs.map((input) => ({ reaction, input }));
  /** The draft's instruction with offers waiting for both reactions. */
  function offered(): DraftInstruction {
    const [instruction] = completeDraft().instructions;
    return addOffers(instruction!, [
      ...offers('Sell', ['Sell offer one', 'Sell offer two', 'Sell offer three', 'Sell offer four']),
      ...offers('Guard', ['Guard offer one']),
    ]).instruction;
  }

  it('lets existing drafts without offers stay valid, and checks offers like samples', () => {
    const draft = completeDraft();
    expect(bloomDraftSchema.safeParse(draft).success).toBe(true);
    draft.instructions[0] = offered();
    expect(bloomDraftSchema.parse(draft).instructions[0]!.offers).toHaveLength(5);
    for (const bad of [
      { reaction: 'Sell it!', input: 'hello' },
      { reaction: 'Sell', input: '   ' },
      { reaction: 'Sell', input: 'x'.repeat(DRAFT_LIMITS.line + 1) },
    ]) {
      const withBad = completeDraft();
      withBad.instructions[0]!.offers = [bad];
      expect(bloomDraftSchema.safeParse(withBad).success, JSON.stringify(bad)).toBe(false);
    }
    const tooMany = completeDraft();
    tooMany.instructions[0]!.offers = Array.from(
      { length: DRAFT_LIMITS.offersPerInstruction + 1 },
      (_, i) => ({
        reaction: 'Sell',
        input: `line ${i}`,
      }),
    );
    expect(bloomDraftSchema.safeParse(tooMany).success).toBe(false);
  });

  it('adds offers once each, never repeating a sample or another offer, within the bound', () => {
    const [instruction] = completeDraft().instructions;
    const { instruction: next, added } = addOffers(instruction!, [
      { reaction: 'Sell', input: '  How much   is it? ' },
      { reaction: 'Sell', input: 'how much is it' }, // the same phrasing
      { reaction: 'Sell', input: 'SELL LINE A!' }, // a sample's input
      { reaction: 'Sell', input: '...' }, // nothing to say
    ]);
    expect(added).toEqual([{ reaction: 'Sell', input: 'How much is it?' }]);
    expect(next.offers).toEqual(added);
    expect(next.samples).toEqual(instruction!.samples);
    expect(phrasingKey('  Hello,   THERE! ')).toBe('hello there');
    // No offers: no key, as in drafts made before offers.
    expect('offers' in addOffers(instruction!, []).instruction).toBe(false);
    const full = addOffers(
      instruction!,
      Array.from({ length: DRAFT_LIMITS.offersPerInstruction + 5 }, (_, i) => ({
        reaction: 'Sell',
        input: `x ${i}`,
      })),
    );
    expect(full.instruction.offers).toHaveLength(DRAFT_LIMITS.offersPerInstruction);
  });

  it('never puts waiting offers into the protocol', () => {
    const draft = completeDraft();
    draft.instructions[0] = offered();
    expect(pendingOfferCount(draft)).toBe(5);
    expect(draftGaps(draft)).toEqual([]);
    const text = JSON.stringify(draftToProtocolFile(draft));
    expect(text).not.toContain('offer');
    expect(draftToProtocolFile(draft)).toEqual(draftToProtocolFile(completeDraft()));
  });

  it('keeps an offer as a sample of its reaction, its answers taken in turn from the reaction’s own', () => {
    const draft = completeDraft();
    // Sell's answers are 0, 1, 2; it has three samples, so the kept ones answer 0, 1, 2, 0.
    const kept = keepOffers(offered(), [0, 1, 2, 3, 4]);
    expect(kept.offers).toBeUndefined();
    expect(kept.samples.slice(6)).toEqual([
      { input: 'Sell offer one', output: 'answer 0', reaction: 'Sell' },
      { input: 'Sell offer two', output: 'answer 1', reaction: 'Sell' },
      { input: 'Sell offer three', output: 'answer 2', reaction: 'Sell' },
      { input: 'Sell offer four', output: 'answer 0', reaction: 'Sell' },
      // The sample's own spelling of the reaction (the draft's samples write it "guard").
      { input: 'Guard offer one', output: 'answer 0', reaction: 'guard' },
    ]);
    draft.instructions[0] = kept;
    const file = JSON.stringify(draftToProtocolFile(draft));
    expect(file).toContain('Sell offer four');
    expect(draftGaps(draft)).toEqual([]);
  });

  it('keeps and drops only the chosen offers', () => {
    const some = keepOffers(offered(), [1]);
    expect(some.samples.at(-1)!.input).toBe('Sell offer two');
    expect(some.offers!.map((o) => o.input)).toEqual([
      'Sell offer one',
      'Sell offer three',
      'Sell offer four',
      'Guard offer one',
    ]);
    const dropped = dropOffers(some, [0, 3]);
    expect(dropped.samples).toEqual(some.samples);
    expect(dropped.offers!.map((o) => o.input)).toEqual(['Sell offer three', 'Sell offer four']);
    expect('offers' in dropOffers(dropped, [0, 1])).toBe(false);
  });

  it('leaves an offer waiting when its reaction has no answer yet or the examples are full', () => {
    const [instruction] = completeDraft().instructions;
    const waiting = addOffers(instruction!, [{ reaction: 'Wave', input: 'Hi there' }]).instruction;
    expect(canKeepOffer(waiting, waiting.offers![0]!)).toBe(false);
    expect(keepOffers(waiting, [0])).toEqual(waiting);

    const full: DraftInstruction = {
      ...offered(),
      samples: Array.from({ length: DRAFT_LIMITS.samplesPerInstruction }, (_, i) => ({
        input: `line ${i}`,
        output: 'answer',
        reaction: 'Sell',
      })),
    };
    expect(canKeepOffer(full, full.offers![0]!)).toBe(false);
    expect(keepOffers(full, [0])).toEqual(full);
  });
});

describe('protocolNameOf', () => {
  it('keeps letters, digits, dots and underscores', () => {
    expect(protocolNameOf('Żółta Łódź v1.2')).toBe('Zolta_Lodz_v1.2');
    expect(protocolNameOf('!!!')).toBe('agent');
  });
});
