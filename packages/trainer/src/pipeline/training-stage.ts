// Stages 2 and 3: pretraining (the protocol's texts) and finetuning (the training split's examples, loss
// on the output only), each resumable from a checkpoint and deterministic for the plan's seed: the
// same inputs give the same weights whether or not the run was paused and resumed.
import type { Protocol } from '@greenhouse/mtp';
import { countParams } from '../model/config.js';
import { Gpt } from '../model/gpt.js';
import { Tokenizer, type TokenizerJson } from '../tokenizer/bpe.js';
import { decodeCheckpoint, encodeCheckpoint } from '../train/checkpoint.js';
import { finetuneSequence, pretrainSequences, type Sequence } from '../train/data.js';
import { trainParallel } from '../train/parallel.js';
import { augmentExamples, splitPretrainTexts } from '../train/protocol-data.js';
import { evaluate, train, type StepInfo, type TrainOptions } from '../train/trainer.js';
import { evenlySpread, lossCurve, meanOfLast } from './curves.js';
import type { TrainingPlan } from './plan.js';
import { reactionAccuracy } from './reaction-accuracy.js';
import type { LossPoint, Split, StageMetrics, StageProgress, TrainingExample } from './types.js';

export type TrainingPhase = 'pretraining' | 'finetuning';

export interface TrainingStageInput {
  phase: TrainingPhase;
  protocol: Protocol;
  examples: readonly TrainingExample[];
  split: Split;
  tokenizer: TokenizerJson;
  plan: TrainingPlan;
  /** Weights to start from (finetuning starts from pretraining's); default: initialised from plan.seed. */
  initialWeights?: Float32Array;
  /** A paused run's checkpoint bytes: continue it. */
  resume?: Uint8Array;
  /** 2 (default): data-parallel on two threads; 1: this thread only. Same weights either way. */
  threads?: 1 | 2;
}

export interface StageHooks {
  /** At most about once a second, and once at the end. */
  onProgress?(progress: StageProgress): void;
  /** Asked after every step; true pauses the run (the result carries a checkpoint). */
  shouldStop?(): boolean;
}

export type TrainingStageResult =
  /** `weights`: the flat parameter buffer in paramLayout order, alignment padding included. */
  | { status: 'completed'; weights: Float32Array; metrics: StageMetrics }
  | { status: 'paused'; checkpoint: Uint8Array; metrics: StageMetrics };

/** Decoded training inputs checked for trainReactionAccuracy at most (a fixed, evenly spread choice). */
export const MAX_TRAIN_ACCURACY_INPUTS = 64;
/** Validation loss measured this many times over the run (finetuning with a held-out split). */
const VALIDATION_POINTS = 10;
const TRAIN_LOSS_STEPS = 10;
const PROGRESS_INTERVAL_MS = 1000;

/** Stage state kept in the checkpoint beside the training state. */
interface StageMeta {
  phase: TrainingPhase;
  validationCurve: LossPoint[];
}

export async function trainingStage(
  input: TrainingStageInput,
  hooks: StageHooks = {},
): Promise<TrainingStageResult> {
  const { phase, plan, split } = input;
  const phasePlan = plan[phase];
  const config = plan.model;
  const tokenizer = Tokenizer.fromJSON(input.tokenizer);
  if (tokenizer.size !== config.vocabSize)
    throw new Error(`the tokenizer has ${tokenizer.size} ids, the plan's model ${config.vocabSize}`);
  const pick = (indices: readonly number[]) => indices.map((i) => input.examples[i]!);
  const trainExamples = pick(split.train);
  const heldOut = phase === 'finetuning' ? pick(split.validation) : [];
  const toSequence = (e: TrainingExample) => finetuneSequence(tokenizer, e.input, e.output);
  // Finetuning: the training split and its noisy copies (plan.augment); copies that grew past the
  // context are left out.
  const sequences: Sequence[] =
    phase === 'pretraining'
      ? splitPretrainTexts(input.protocol, input.examples, split).flatMap((t) =>
          pretrainSequences(tokenizer, t, config.contextLength),
        )
      : [
          ...trainExamples.map(toSequence),
          ...augmentExamples(input.protocol, trainExamples, { ...plan.augment, seed: plan.seed })
            .map(toSequence)
            .filter((s) => s.ids.length <= config.contextLength),
        ];
  const validation = heldOut.map(toSequence);

  const model = new Gpt(config, { maxTokens: Math.max(phasePlan.batchTokens, config.contextLength) });
  if (input.initialWeights) {
    if (input.initialWeights.length !== model.params.length)
      throw new Error(
        `initialWeights has ${input.initialWeights.length} floats, the model ${model.params.length}`,
      );
    model.params.set(input.initialWeights);
  } else model.initialize(plan.seed);

  const resume = input.resume ? decodeCheckpoint(input.resume) : undefined;
  const meta = resume?.meta as StageMeta | undefined;
  if (resume && meta?.phase !== phase) throw new Error(`the checkpoint is not of a ${phase} run`);
  const validationCurve: LossPoint[] = meta ? [...meta.validationCurve] : [];
  const steps = phasePlan.steps;
  // Steps done after which the validation loss is measured: every 10 % of the run.
  const validationAt = new Set(
    validation.length
      ? Array.from({ length: VALIDATION_POINTS }, (_, i) => Math.round(((i + 1) * steps) / VALIDATION_POINTS))
      : [],
  );
  const measureValidation = (step: number) =>
    validationCurve.push({ step, loss: evaluate(model, validation, phasePlan.batchTokens) });
  if (validation.length && !resume) measureValidation(0);

  const parameters = countParams(config);
  const losses: number[] = [...(resume?.losses ?? [])];
  const partial = (): StageMetrics => ({
    parameters,
    steps,
    trainLoss: meanOfLast(losses, TRAIN_LOSS_STEPS),
    lossCurve: lossCurve(losses),
    ...(validation.length ? { validationCurve: [...validationCurve] } : {}),
  });

  // Progress: this segment's speed (a resumed run may be on another machine, or less loaded).
  const segment = { started: performance.now(), steps: 0, tokens: 0, lastReport: -Infinity };
  const report = (step: number) => {
    const seconds = (performance.now() - segment.started) / 1000;
    const tokensPerSecond = seconds > 0 ? segment.tokens / seconds : 0;
    const remainingTokens = ((steps - step) * segment.tokens) / Math.max(1, segment.steps);
    hooks.onProgress?.({
      step,
      totalSteps: steps,
      percent: (100 * step) / steps,
      etaSeconds: segment.steps && tokensPerSecond > 0 ? remainingTokens / tokensPerSecond : null,
      metrics: partial(),
    });
    segment.lastReport = performance.now();
  };
  const onStep = (info: StepInfo) => {
    const done = info.step + 1;
    losses.push(info.loss);
    segment.steps++;
    segment.tokens += info.tokens;
    if (validationAt.has(done)) measureValidation(done);
    if (performance.now() - segment.lastReport >= PROGRESS_INTERVAL_MS) report(done);
  };

  const options: TrainOptions = {
    ...phasePlan,
    // The batch order's seed: a different stream for each phase.
    seed: plan.seed + (phase === 'pretraining' ? 0 : 1),
    onStep,
    ...(resume ? { resume } : {}),
    ...(hooks.shouldStop ? { shouldStop: hooks.shouldStop } : {}),
  };
  const result =
    (input.threads ?? 2) === 2
      ? await trainParallel(model, sequences, options)
      : train(model, sequences, options);
  const tokensPerSecond = result.seconds > 0 ? result.tokens / result.seconds : 0;
  report(result.losses.length);

  if (result.stopped) {
    const stageMeta: StageMeta = { phase, validationCurve };
    const checkpoint = { ...result.checkpoint!, meta: { ...stageMeta } };
    return {
      status: 'paused',
      checkpoint: encodeCheckpoint(checkpoint),
      metrics: { ...partial(), tokensPerSecond },
    };
  }
  const metrics: StageMetrics = { ...partial(), tokensPerSecond };
  if (phase === 'finetuning') {
    const sampled = evenlySpread(trainExamples.length, MAX_TRAIN_ACCURACY_INPUTS).map(
      (i) => trainExamples[i]!,
    );
    Object.assign(metrics, {
      heldOut: heldOut.length,
      validationLoss: validation.length ? evaluate(model, validation, phasePlan.batchTokens) : null,
      reactionAccuracy: reactionAccuracy(model, tokenizer, heldOut),
      trainReactionAccuracy: reactionAccuracy(model, tokenizer, sampled) ?? 0,
    });
  }
  return { status: 'completed', weights: Float32Array.from(model.params), metrics };
}
