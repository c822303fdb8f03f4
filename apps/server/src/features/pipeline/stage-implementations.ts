// What each stage does, from its stored inputs to its outputs. The data stages are quick pure
// functions; the training stages run the trainer in a worker thread (runStageInThread), so the
// event loop of the process — which may be serving the API — stays free while a model trains.
import {
  hasBase,
  MAX_CONTEXT_TOKENS,
  runStageInThread,
  type StageProgress as TrainerProgress,
  type TokenizerJson,
  type TrainingPlan,
} from '@greenhouse/trainer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { scenarioList } from '../scenarios/check-scenarios.js';
import { runOnVersion } from '../scenarios/version-scenarios.js';
import { measureDeviceFit } from './device-fit.js';
import { prepareStage1, prepareStage2, validateData } from './data-stages.js';
import {
  AGENT_FILE,
  SCENARIO_RESULTS,
  DATASET,
  FINETUNED_WEIGHTS,
  NORMALIZED_PROTOCOL,
  PRETRAINED_WEIGHTS,
  REACTION_MODEL,
  TOKENIZER,
  TRAINING_PLAN,
} from './stage-outputs.js';
import type { StageContext, StageImplementations, StageInputs } from './stage-contract.js';
import { StageFailure } from './stages.js';

/** The plan of the `tiny` preset: a model that trains in seconds (tests, demos), same pipeline. */
export function tinyPlan(plan: TrainingPlan): TrainingPlan {
  return {
    ...plan,
    model: { ...plan.model, dModel: 32, nLayers: 2, nHeads: 2, dFF: 128 },
    pretraining: { steps: 40, batchTokens: 1024, lr: 5e-3 },
    finetuning: { steps: 80, batchTokens: 1024, lr: 5e-3 },
    // No noisy copies: at this size and these steps they keep the model from learning the reactions.
    augment: { copies: 0, dropWord: 0 },
    // A reaction model in a second or two: fewer passes and two folds.
    ...(plan.reactions ? { reactions: { ...plan.reactions, epochs: 60, maxFolds: 2 } } : {}),
  };
}

/** The longest example the model may learn (its context): longer ones make the stage fail. */
export { MAX_CONTEXT_TOKENS };

const bytesOf = (view: Float32Array | Uint8Array) =>
  new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
const floatsOf = (data: Buffer) =>
  new Float32Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength));

/** The thread's progress, as the runner stores it. */
function forward(context: StageContext) {
  return ({ metrics, ...progress }: TrainerProgress) => context.onProgress(progress, metrics);
}

/** What every stage after the tokenizer reads: the protocol, the plan and the tokenizer. */
async function modelInputs(inputs: StageInputs) {
  const [protocol, plan, tokenizer] = await Promise.all([
    inputs.artifact(NORMALIZED_PROTOCOL),
    inputs.artifact(TRAINING_PLAN),
    inputs.file(TOKENIZER),
  ]);
  return { protocol, plan, tokenizer: JSON.parse(tokenizer.toString('utf8')) as TokenizerJson };
}

/** The training stages read the examples too. */
async function trainingInputs(inputs: StageInputs) {
  const [model, dataset] = await Promise.all([modelInputs(inputs), inputs.artifact(DATASET)]);
  return { ...model, examples: dataset.examples };
}

async function trainPhase(
  phase: 'pretraining' | 'finetuning',
  inputs: StageInputs,
  context: StageContext,
  threads: 1 | 2,
) {
  const data = await trainingInputs(inputs);
  const resume = await inputs.checkpoint();
  const initialWeights = phase === 'finetuning' ? floatsOf(await inputs.file(PRETRAINED_WEIGHTS)) : undefined;
  const result = await runStageInThread(
    {
      kind: 'training',
      phase,
      ...data,
      threads,
      ...(initialWeights ? { initialWeights } : {}),
      ...(resume ? { resume: new Uint8Array(resume) } : {}),
    },
    {
      signal: context.signal,
      sliceSeconds: context.sliceSeconds,
      onProgress: forward(context),
    },
  );
  if (result.status === 'paused')
    return { paused: { checkpoint: result.checkpoint, metrics: result.metrics } };
  const weights = phase === 'pretraining' ? PRETRAINED_WEIGHTS : FINETUNED_WEIGHTS;
  const files = {
    [weights.kind]: bytesOf(result.weights),
    ...(result.reactions ? { [REACTION_MODEL.kind]: result.reactions } : {}),
  };
  return { artifacts: {}, files, metrics: result.metrics };
}

/** `log`: where the export says what it could not measure (its device fit). */
export function stageImplementations(
  config: Pick<Config, 'training' | 'floraDownloadsDir'>,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): StageImplementations {
  const { preset, threads } = config.training;
  // The tiny preset always trains from scratch (tests and demos).
  const fromBase = config.training.base === 'committed' && preset !== 'tiny' && hasBase();
  return {
    data_preparation_stage_1: async (inputs) => prepareStage1(await inputs.protocolContent()),
    data_preparation_stage_2: async (inputs) => prepareStage2(await inputs.artifact(NORMALIZED_PROTOCOL)),
    data_validation: async (inputs) =>
      validateData(await inputs.protocolContent(), await inputs.artifact(DATASET)),

    training_tokenizer: async (inputs, context) => {
      const [protocol, dataset] = await Promise.all([
        inputs.artifact(NORMALIZED_PROTOCOL),
        inputs.artifact(DATASET),
      ]);
      const base = fromBase ? ({ base: 'committed' } as const) : {};
      const result = await runStageInThread(
        { kind: 'tokenizer', protocol, examples: dataset.examples, ...base },
        { signal: context.signal, onProgress: forward(context) },
      );
      const longest = result.metrics.longestPrompt ?? 0;
      if (longest > result.plan.limits.promptTokens) {
        throw new StageFailure(
          'bloom.invalid_file',
          `The longest example is ${longest} tokens; the model can learn examples of ` +
            `at most ${MAX_CONTEXT_TOKENS}. Shorten the longest samples or context lines and upload again.`,
        );
      }
      const plan = preset === 'tiny' ? tinyPlan(result.plan) : result.plan;
      return {
        artifacts: { [TRAINING_PLAN.kind]: plan },
        files: { [TOKENIZER.kind]: new TextEncoder().encode(JSON.stringify(result.tokenizer)) },
        metrics: result.metrics,
      };
    },
    training_pretraining: (inputs, context) => trainPhase('pretraining', inputs, context, threads),
    training_finetuning: (inputs, context) => trainPhase('finetuning', inputs, context, threads),
    training_exporting: async (inputs, context) => {
      const [data, weights, bloom, tokenizerMetrics, pretraining, finetuning] = await Promise.all([
        modelInputs(inputs),
        inputs.file(FINETUNED_WEIGHTS),
        inputs.bloom(),
        inputs.metrics('training_tokenizer'),
        inputs.metrics('training_pretraining'),
        inputs.metrics('training_finetuning'),
      ]);
      const result = await runStageInThread(
        {
          kind: 'export',
          protocol: data.protocol,
          bloom: { id: bloom.id, name: bloom.name },
          tokenizer: data.tokenizer,
          plan: data.plan,
          weights: floatsOf(weights),
          // Version 2 (a plan with a reaction model): the finetuning stage's reactions.bin.
          ...(data.plan.reactions ? { reactions: new Uint8Array(await inputs.file(REACTION_MODEL)) } : {}),
          metrics: {
            ...(tokenizerMetrics ? { tokenizer: tokenizerMetrics } : {}),
            ...(pretraining ? { pretraining } : {}),
            ...(finetuning ? { finetuning } : {}),
          },
          createdAt: new Date().toISOString(),
        },
        { signal: context.signal, onProgress: forward(context) },
      );
      // The file as users will run it, measured in child processes (null when it could not be: logged).
      const deviceFit = config.training.deviceFit
        ? await measureDeviceFit(result.agent, config.floraDownloadsDir, log)
        : null;
      // The owner's scenario tests on the new file (stored per version; the download may wait on them).
      const scenarios = await runOnVersion(result.agent, data.protocol, scenarioList(bloom.scenarios));
      return {
        artifacts: { [SCENARIO_RESULTS.kind]: scenarios },
        files: { [AGENT_FILE.kind]: new TextEncoder().encode(result.agent) },
        metrics: { ...result.metrics, deviceFit },
      };
    },
  };
}
