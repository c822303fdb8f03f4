import { describe, expect, it } from 'vitest';
import { draftGaps, draftToProtocolFile, type BloomDraft } from './draft.js';
import { parseProtocol } from './parse.js';
import { protocolToDraft } from './protocol-draft.js';
import type { Protocol } from './protocol.js';
import { fixtureText } from '../test/support/files.js';

const samples = (reaction: string, n: number, instruction = '') =>
  Array.from({ length: n }, (_, i) => ({
    input: `${instruction}${reaction} line ${i}`,
    output: `answer ${i}`,
    reaction,
  }));

const draft: BloomDraft = {
  name: 'Grumpy Bram',
  description: 'A village shopkeeper in a fantasy game; players talk to him.',
  context: ['Bram sells swords and potions.'],
  reactions: [
    { name: 'Sell', description: 'the player wants to buy something' },
    { name: 'Guard', description: '' },
  ],
  instructions: [
    { name: 'talk', samples: [...samples('Sell', 3), ...samples('Guard', 3)] },
    { name: 'haggle', samples: samples('Sell', 3, 'haggle ') },
  ],
  guardrail: {
    badOutput: 'I only talk shop.',
    badExamples: ['What is the weather?', 'Tell me a joke', 'Who won the match?'],
  },
};

function parsed(file: unknown): Protocol {
  const result = parseProtocol(file);
  if (!result.ok) throw new Error(result.problems[0]!.message);
  return result.protocol;
}

describe('protocolToDraft', () => {
  it('gives back the draft a protocol was made from, with nothing simplified', () => {
    expect(draftGaps(draft)).toEqual([]);
    const back = protocolToDraft(parsed(draftToProtocolFile(draft)), draft.name);
    expect(back).toEqual({ ok: true, draft, simplified: [] });
  });

  it('takes a one-line protocol of other markers, saying what it simplified', () => {
    const file = draftToProtocolFile(draft) as {
      instruction: { sets: { set: string[][]; context: string[] }[] };
    };
    file.instruction.sets[0]!.set = [['Heard_', 'Reply_'], ['Reply_']];
    file.instruction.sets[1]!.context.push('Haggling takes time.');
    const back = protocolToDraft(parsed(file), 'Bram');
    if (!back.ok) throw new Error(back.reason);
    expect(back.simplified.sort()).toEqual(['instructionContext', 'markers']);
    expect(back.draft.context).toEqual(['Bram sells swords and potions.', 'Haggling takes time.']);
    expect(back.draft.instructions.map((i) => i.samples.length)).toEqual([6, 3]);
    // And it makes a protocol again.
    expect(draftGaps(back.draft)).toEqual([]);
  });

  it('says why a protocol does not fit a draft', () => {
    // Two input lines and numbers (our lighthouse example).
    expect(protocolToDraft(parsed(JSON.parse(fixtureText('lighthouse_2_0_1.json'))), 'x')).toEqual({
      ok: false,
      reason: 'inputs',
    });
    // A row token with numbers (the innkeeper's nights).
    expect(protocolToDraft(parsed(JSON.parse(fixtureText('innkeeper_2_0_0.json'))), 'x')).toEqual({
      ok: false,
      reason: 'numbers',
    });
    // Instructions with guardrails of their own.
    // (a copy: the file's instructions share one guardrail object)
    const file = JSON.parse(JSON.stringify(draftToProtocolFile(draft))) as {
      instruction: { sets: { guardrails: { bad_output: string }[] }[] };
    };
    file.instruction.sets[1]!.guardrails[0]!.bad_output = 'Not now.';
    expect(protocolToDraft(parsed(file), 'x')).toEqual({ ok: false, reason: 'guardrails' });
  });
});
