// An agent's starting weights from the base model: the agent has the base's shape (width, layers, heads)
// and a vocabulary that extends the base's (its protocol's tokens appended: Tokenizer.extend) and a context
// that may differ. Every base tensor is copied; the rows the base does not have — the embeddings of the
// protocol's tokens, positions past the base's context — start as the mean of the base's rows plus the
// agent's own seeded initialisation (so a new key starts as an average word, not as noise).
import { paramLayout, type GptConfig } from '../model/config.js';
import { Gpt } from '../model/gpt.js';
import type { BaseModel } from './base-model.js';

export function weightsFromBase(base: BaseModel, config: GptConfig, seed: number): Float32Array {
  const b = base.config;
  for (const k of ['dModel', 'nLayers', 'nHeads', 'dFF', 'tieEmbeddings'] as const)
    if (config[k] !== b[k]) throw new Error(`the agent's ${k} (${config[k]}) is not the base's (${b[k]})`);
  if (config.vocabSize < b.vocabSize) throw new Error('the agent has fewer tokens than the base');
  const model = new Gpt(config, { maxTokens: 1 });
  model.initialize(seed);
  const params = Float32Array.from(model.params);
  const from = paramLayout(b);
  const d = config.dModel;
  for (const spec of paramLayout(config).specs) {
    const source = from.byName.get(spec.name);
    if (!source) throw new Error(`the base has no ${spec.name}`);
    const rows = spec.name === 'wte' || spec.name === 'wpe' ? spec.shape[0]! : 0;
    if (!rows) {
      params.set(base.params.subarray(source.offset, source.offset + source.size), spec.offset);
      continue;
    }
    const baseRows = source.shape[0]!;
    const kept = Math.min(rows, baseRows);
    params.set(base.params.subarray(source.offset, source.offset + kept * d), spec.offset);
    if (rows > kept) {
      const mean = new Float32Array(d);
      for (let r = 0; r < baseRows; r++)
        for (let j = 0; j < d; j++) mean[j]! += base.params[source.offset + r * d + j]! / baseRows;
      for (let r = kept; r < rows; r++)
        for (let j = 0; j < d; j++) params[spec.offset + r * d + j]! += mean[j]!;
    }
  }
  return params;
}
