import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { describeWithReference, referenceJson } from '../test/support/testing.js';
import {
  agentDraftSchema,
  draftGaps,
  draftToProtocolFile,
  emptyDraft,
  protocolNameOf,
  type AgentDraft,
} from './draft.js';
import { parseProtocol } from './parse.js';
import { renderSample } from './render.js';

const exchange = (reaction: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    input: `${reaction} line ${'abc'[i % 3]}`,
    output: `answer ${i}`,
    reaction,
  }));

function completeDraft(): AgentDraft {
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

describe('agentDraftSchema', () => {
  it('refuses a reaction name that cannot become a token', () => {
    const draft = completeDraft();
    draft.reactions[0]!.name = 'Sell it!';
    expect(agentDraftSchema.safeParse(draft).success).toBe(false);
    expect(agentDraftSchema.safeParse(completeDraft()).success).toBe(true);
  });
});

describe('protocolNameOf', () => {
  it('keeps letters, digits, dots and underscores', () => {
    expect(protocolNameOf('Żółta Łódź v1.2')).toBe('Zolta_Lodz_v1.2');
    expect(protocolNameOf('!!!')).toBe('agent');
  });
});
