// What a protocol gives the trainer: the finetuning examples (every sample and every guardrail bad
// example, rendered exactly as the engine will see them), the pretraining texts (context lines and
// sample strings) and the tokenizer's corpus.
import { renderGuardrail, renderSample, toLine, type Protocol, type RenderedText } from '@greenhouse/mtp';

export interface ProtocolExample extends RenderedText {
  kind: 'sample' | 'guardrail';
  set: number;
}

export function protocolExamples(protocol: Protocol): ProtocolExample[] {
  const out: ProtocolExample[] = [];
  protocol.sets.forEach((set, s) => {
    for (const sample of set.samples)
      out.push({ ...renderSample(protocol, s, sample), kind: 'sample', set: s });
    set.guardrails.forEach((g, gi) =>
      g.badExamples.forEach((bad, i) => {
        // Surround each bad example with a different sample's other lines, for variety.
        const r = renderGuardrail(protocol, s, bad, { guardrail: gi, sample: i % set.samples.length });
        out.push({ ...r, kind: 'guardrail', set: s });
      }),
    );
  });
  return out;
}

/** Context lines (protocol and sets) and every sample string, one line each, deduplicated in order. */
export function pretrainTexts(protocol: Protocol): string[] {
  const texts = [...protocol.context];
  for (const set of protocol.sets) {
    texts.push(...set.context);
    for (const sample of set.samples) texts.push(...sample.strings);
    for (const g of set.guardrails) texts.push(g.badOutput, ...g.badExamples);
  }
  return [...new Set(texts.map(toLine))];
}

/** The tokenizer's training text: the pretraining texts and every rendered example. */
export function tokenizerCorpus(protocol: Protocol): string[] {
  return [...pretrainTexts(protocol), ...protocolExamples(protocol).flatMap((e) => [e.input, e.output])];
}
