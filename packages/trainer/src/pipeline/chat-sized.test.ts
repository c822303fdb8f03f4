// A chat-sized agent (4 examples per reaction, as a user types them in the designer) trained with the default
// plan — from the committed base model — learns every one of its examples: run in Flora, each answers with
// its own reaction. (Before the agent learned every example, one was withheld for validation and came back
// with no reaction.)
import { readFileSync } from 'node:fs';
import { loadAgent } from '@greenhouse/flora';
import { parseProtocolText } from '@greenhouse/mtp';
import { describe, expect, it } from 'vitest';
import { protocolExamples } from '../train/protocol-data.js';
import { exportStage } from './export-stage.js';
import { inputTexts } from './quality.js';
import { tokenizerStage } from './tokenizer-stage.js';
import { trainingStage } from './training-stage.js';

describe('a chat-sized agent', () => {
  it('answers every one of its own examples with its reaction', { timeout: 180_000 }, async () => {
    const parsed = parseProtocolText(
      readFileSync(new URL('../../fixtures/ferryman.json', import.meta.url), 'utf8'),
    );
    if (!parsed.ok) throw new Error('ferryman.json does not parse');
    const protocol = parsed.protocol;
    const examples = protocolExamples(protocol);
    const { tokenizer, plan } = tokenizerStage({ protocol, examples, base: 'committed' });
    expect(plan.base).toBeDefined();
    const common = { protocol, examples, tokenizer, plan, qualityCheck: false } as const;
    const pre = await trainingStage({ ...common, phase: 'pretraining' });
    if (pre.status !== 'completed') throw new Error('pretraining paused');
    const fine = await trainingStage({ ...common, phase: 'finetuning', initialWeights: pre.weights });
    if (fine.status !== 'completed') throw new Error('finetuning paused');
    const { agent: text } = exportStage({
      protocol,
      bloom: { id: 'ferryman', name: 'Ferryman' },
      tokenizer,
      plan,
      weights: fine.weights,
      metrics: {},
      createdAt: '2026-01-01T00:00:00.000Z',
      ...(fine.reactions ? { reactions: fine.reactions } : {}),
    });
    const agent = await loadAgent(text);
    const wrong: string[] = [];
    for (const e of examples) {
      const r = agent.run({ instruction: e.set, inputs: inputTexts(e.input).map((t) => ({ text: t })) });
      if (r.reaction !== e.reaction) wrong.push(`${inputTexts(e.input).join(' / ')} → ${r.reaction}`);
    }
    expect(examples.filter((e) => e.kind === 'sample')).toHaveLength(16);
    expect(wrong).toEqual([]);
  });
});
