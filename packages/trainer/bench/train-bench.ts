// Training benchmark: a FIXED configuration (below), trained on the examples rendered from the
// official example protocol bloom_2_0_1.json, at two model sizes. Prints per stage: parameters,
// training tokens/s, param·tokens/s and wall time; then a quality check (greedy decoding of every
// training input, right reaction lines counted). The protocol is read from MTP_REFERENCE_DIR (default
// ../shared/mtp), so the figures stay comparable with those recorded; without it the bench says SKIPPED
// loudly and does nothing (under CI=true it fails).
//
//   cd /work/main && node --conditions=source --import tsx packages/trainer/bench/train-bench.ts [small|large]
import { loadavg } from 'node:os';
import { parseOutput, parseProtocolText } from '@greenhouse/mtp';
import { referenceMissing, referenceText } from '@greenhouse/mtp/testing/files';
import { countParams, type GptConfig } from '../src/model/config.js';
import { Gpt } from '../src/model/gpt.js';
import { trainBpe } from '../src/tokenizer/bpe.js';
import { protocolAddedTokens } from '../src/tokenizer/protocol-tokens.js';
import { finetuneSequence, pretrainSequences } from '../src/train/data.js';
import { generateGreedy } from '../src/train/generate.js';
import { pretrainTexts, protocolExamples, tokenizerCorpus } from '../src/train/protocol-data.js';
import { trainParallel } from '../src/train/parallel.js';
import { evaluate, train, type TrainOptions, type TrainResult } from '../src/train/trainer.js';

const PROTOCOL = 'examples/bloom_2_0_1.json';

/** The fixed configuration. */
const BENCH = {
  seed: 1,
  /** 2: data-parallel on both cores (trainParallel); 1: train. Same weights either way. */
  threads: Number(process.env.BENCH_THREADS ?? 2),
  vocabSize: 512,
  batchTokens: 2048,
  pretrain: { steps: 60, lr: 3e-3 },
  finetune: { steps: 150, lr: 3e-3 },
  sizes: {
    small: { dModel: 64, nLayers: 3, nHeads: 4 }, // ~0.2M parameters
    large: { dModel: 128, nLayers: 5, nHeads: 4 }, // ~1.1M parameters
  },
} as const;

type Size = keyof typeof BENCH.sizes;

const fmt = (n: number, digits = 1) => n.toFixed(digits);

function report(stage: string, params: number, r: TrainResult) {
  const tps = r.tokens / r.seconds;
  console.log(
    `  ${stage.padEnd(10)} ${fmt(r.seconds).padStart(6)} s  ${String(r.tokens).padStart(8)} tokens  ` +
      `${fmt(tps, 0).padStart(6)} tokens/s  ${fmt((params * tps) / 1e9, 2)} ×10⁹ param·tokens/s  ` +
      `loss ${fmt(r.losses[0]!, 3)} → ${fmt(r.losses.at(-1)!, 4)}`,
  );
}

async function run(size: Size) {
  const started = performance.now();
  const parsed = parseProtocolText(referenceText(PROTOCOL));
  if (!parsed.ok) throw new Error('bloom_2_0_1.json does not parse');
  const protocol = parsed.protocol;

  let t0 = performance.now();
  const tokenizer = trainBpe(tokenizerCorpus(protocol), {
    vocabSize: BENCH.vocabSize,
    addedTokens: protocolAddedTokens(protocol),
  });
  const examples = protocolExamples(protocol);
  const finetune = examples.map((e) => finetuneSequence(tokenizer, e.input, e.output));
  const contextLength = Math.max(...finetune.map((s) => s.ids.length));
  const pretrain = pretrainTexts(protocol).flatMap((t) => pretrainSequences(tokenizer, t, contextLength));
  const tokenizerSeconds = (performance.now() - t0) / 1000;

  const shape = BENCH.sizes[size];
  const config: GptConfig = {
    vocabSize: tokenizer.size,
    contextLength,
    ...shape,
    dFF: 4 * shape.dModel,
    tieEmbeddings: true,
  };
  const params = countParams(config);
  const model = new Gpt(config, { maxTokens: BENCH.batchTokens + contextLength });
  model.initialize(BENCH.seed);
  console.log(
    `\n${size}: ${params} parameters (d=${config.dModel}, layers=${config.nLayers}, heads=${config.nHeads}, ` +
      `context=${contextLength}, vocab=${tokenizer.size}), kernels ${model.kernelKind}, threads ${BENCH.threads}; ` +
      `${finetune.length} examples, ${pretrain.length} pretraining sequences`,
  );
  console.log(`  tokenizer  ${fmt(tokenizerSeconds, 2).padStart(6)} s`);

  const fit = (seqs: Parameters<typeof train>[1], o: TrainOptions) =>
    BENCH.threads === 2 ? trainParallel(model, seqs, o) : Promise.resolve(train(model, seqs, o));
  const pre = await fit(pretrain, {
    steps: BENCH.pretrain.steps,
    batchTokens: BENCH.batchTokens,
    lr: BENCH.pretrain.lr,
    seed: BENCH.seed,
  });
  report('pretrain', params, pre);
  const fine = await fit(finetune, {
    steps: BENCH.finetune.steps,
    batchTokens: BENCH.batchTokens,
    lr: BENCH.finetune.lr,
    seed: BENCH.seed + 1,
  });
  report('finetune', params, fine);

  t0 = performance.now();
  const eos = tokenizer.id('<EOS>');
  let right = 0;
  let guardrailsRight = 0;
  let guardrails = 0;
  for (const e of examples) {
    const ids = generateGreedy(model, tokenizer.encode(e.input), {
      maxNewTokens: contextLength,
      stopId: eos,
    });
    const out = parseOutput(tokenizer.decode(ids));
    if (out.reaction === e.reaction) right++;
    if (e.kind === 'guardrail') {
      guardrails++;
      if (tokenizer.decode(ids) === e.output) guardrailsRight++;
    }
  }
  const loss = evaluate(model, finetune, BENCH.batchTokens);
  console.log(
    `  evaluate   ${fmt((performance.now() - t0) / 1000).padStart(6)} s  right reactions ${right}/${examples.length} ` +
      `(${fmt((100 * right) / examples.length)} %), guardrail answers exact ${guardrailsRight}/${guardrails}, ` +
      `final training loss ${fmt(loss, 4)}`,
  );
  console.log(
    `  total      ${fmt((performance.now() - started) / 1000).padStart(6)} s  ` +
      `(load average ${loadavg()
        .map((x) => fmt(x, 2))
        .join(' ')}: above ~${BENCH.threads} means other processes shared the cores)`,
  );
}

const which = process.argv[2];
if (!referenceMissing('the training bench (bloom_2_0_1.json)'))
  for (const size of Object.keys(BENCH.sizes) as Size[]) if (!which || which === size) await run(size);
