// Stages 2 and 3: pretraining (the protocol's texts) and finetuning (every example, loss on the output only),
// each resumable from a checkpoint and deterministic for the plan's seed: the same inputs give the same weights
// whether or not the run was paused and resumed.
//
// The shipped agent learns EVERY example. An agent of a plan with `reactions` (format version 2) answers
// reaction first: its reaction model (../reactions/) chooses the reaction, and the language model learns to
// write the line after it (`input ‖ reaction \n response \n <EOS>`); the finetuning stage trains the language
// model, then the reaction model, whose cross-validation is the quality check. An older plan (no `reactions`)
// trains as before: the language model chooses the reaction after its line, and how well it understands
// phrasings it was not shown is measured on check models (split.ts) — each pretrained and finetuned exactly as
// the agent without its fold's examples, then asked them — run before the agent, in one resumable sequence.
import type { Protocol } from '@greenhouse/mtp';
import { countParams } from '../model/config.js';
import { Gpt } from '../model/gpt.js';
import { Tokenizer, type TokenizerJson } from '../tokenizer/bpe.js';
import { resolveBase, type BaseModel } from '../base/base-model.js';
import { weightsFromBase } from '../base/from-base.js';
import { Rng } from '../rng.js';
import { decodeCheckpoint, encodeCheckpoint } from '../train/checkpoint.js';
import { finetuneSequence, pretrainSequences, reactionFirstSequence, type Sequence } from '../train/data.js';
import { trainParallel } from '../train/parallel.js';
import { augmentExamples, pretrainTexts, splitPretrainTexts } from '../train/protocol-data.js';
import { evaluate, train, type StepInfo, type TrainOptions } from '../train/trainer.js';
import { Answerer } from './answers.js';
import { evenlySpread, lossCurve, meanOfLast } from './curves.js';
import type { TrainingPlan } from './plan.js';
import { qualityReport } from './quality.js';
import { reactionAccuracy } from './reaction-accuracy.js';
import { qualityFolds } from './split.js';
import { trainReactionModel } from '../reactions/reaction-training.js';
import { reactionOwnAccuracy } from '../reactions/reaction-accuracy.js';
import type { LossPoint, Split, StageMetrics, StageProgress, TrainingExample } from './types.js';

export type TrainingPhase = 'pretraining' | 'finetuning';

export interface TrainingStageInput {
  phase: TrainingPhase;
  protocol: Protocol;
  examples: readonly TrainingExample[];
  tokenizer: TokenizerJson;
  plan: TrainingPlan;
  /** Weights to start from (finetuning starts from pretraining's); default: initialised from plan.seed. */
  initialWeights?: Float32Array;
  /** A paused run's checkpoint bytes: continue it. */
  resume?: Uint8Array;
  /** The base model of `plan.base` (default: the committed one); see TokenizerStageInput.base. */
  base?: 'committed' | BaseModel;
  /** false: finetune the agent only, without the quality check's models (`quality` is then null). */
  qualityCheck?: boolean;
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
  /**
   * `weights`: the flat parameter buffer in paramLayout order, alignment padding included; `reactions`: the
   * reaction model's file (reactions.bin), from the finetuning stage of a plan with `reactions`.
   */
  | { status: 'completed'; weights: Float32Array; metrics: StageMetrics; reactions?: Uint8Array }
  | { status: 'paused'; checkpoint: Uint8Array; metrics: StageMetrics };

/** Decoded training inputs checked for trainReactionAccuracy at most (a fixed, evenly spread choice). */
export const MAX_TRAIN_ACCURACY_INPUTS = 64;
/** Validation loss measured this many times over fold 0's check-model finetuning. */
const VALIDATION_POINTS = 10;
const TRAIN_LOSS_STEPS = 10;
const PROGRESS_INTERVAL_MS = 1000;

/** One training run of a stage: the agent's own, or a check model's (fold ≥ 0). */
interface RunSpec {
  kind: TrainingPhase;
  /** The check model's fold, or -1 for the agent. */
  fold: number;
}

/** Stage state kept in the checkpoint beside the training state. */
interface StageMeta {
  phase: TrainingPhase;
  /** The run the checkpoint belongs to (runs before it are done). */
  run: number;
  validationCurve: LossPoint[];
  /** The check models' answers so far: [example index, reaction line written]. */
  answers: [number, string][];
  /** Fold 0's final validation loss. */
  validationLoss: number | null;
}

export async function trainingStage(
  input: TrainingStageInput,
  hooks: StageHooks = {},
): Promise<TrainingStageResult> {
  const { phase, plan, protocol, examples } = input;
  const config = plan.model;
  const tokenizer = Tokenizer.fromJSON(input.tokenizer);
  if (tokenizer.size !== config.vocabSize)
    throw new Error(`the tokenizer has ${tokenizer.size} ids, the plan's model ${config.vocabSize}`);
  const reactionFirst = plan.reactions !== undefined;
  const quality =
    phase === 'finetuning' && !reactionFirst && input.qualityCheck !== false ? qualityFolds(examples) : null;
  const folds: Split[] = quality?.folds ?? [];
  const runs: RunSpec[] = [
    ...folds.flatMap((_, fold): RunSpec[] => [
      { kind: 'pretraining', fold },
      { kind: 'finetuning', fold },
    ]),
    { kind: phase, fold: -1 },
  ];
  const stepsOf = (r: RunSpec) => plan[r.kind].steps;
  const totalSteps = runs.reduce((n, r) => n + stepsOf(r), 0);
  const all = examples.map((_, i) => i);
  const answerer = new Answerer(tokenizer, protocol);
  /** Reaction first: the part of the reaction line the model is given (a FinalNumToken's without its number). */
  const given = (e: TrainingExample) => {
    const options = answerer.options(e.set);
    const line = e.reaction.trim();
    return options.find((o) => o.line === line) ?? options.find((o) => o.number && line.startsWith(o.line));
  };
  const toSequence = (e: TrainingExample) =>
    reactionFirst
      ? reactionFirstSequence(
          tokenizer,
          e.input,
          reactionFirstOutput(e.output),
          given(e)?.line ?? e.reaction.trim(),
        )
      : finetuneSequence(tokenizer, e.input, e.output);
  const sequencesOf = (r: RunSpec): Sequence[] => {
    const fold = r.fold >= 0 ? folds[r.fold]! : undefined;
    if (r.kind === 'pretraining') {
      const texts = fold ? splitPretrainTexts(protocol, examples, fold) : pretrainTexts(protocol);
      return texts.flatMap((t) => pretrainSequences(tokenizer, t, config.contextLength));
    }
    // Finetuning: the run's examples and their noisy copies (plan.augment); copies that grew past the
    // context are left out.
    const trained = (fold ? fold.train : all).map((i) => examples[i]!);
    const rng = new Rng(plan.seed + 0x5eed);
    const copies = augmentExamples(protocol, trained, { ...plan.augment, seed: plan.seed })
      .map(toSequence)
      .filter((q) => q.ids.length <= config.contextLength);
    // Every other copy at a random position, so the position embeddings a long prompt reaches are trained.
    copies.forEach((q, k) => {
      const room = config.contextLength - (q.ids.length - 1);
      if (k % 2 === 1 && room > 0) q.offset = rng.int(room + 1);
    });
    return [...trained.map(toSequence), ...copies];
  };

  const model = new Gpt(config, {
    maxTokens: Math.max(plan.pretraining.batchTokens, plan.finetuning.batchTokens, config.contextLength),
  });
  const base = plan.base ? resolveBase(input.base ?? 'committed') : null;
  if (base && base.sha256 !== plan.base!.sha256)
    throw new Error('the plan was made with another base model than this one');
  /** A run's starting weights: the base's (extended to the agent's shape), or a seeded initialisation. */
  const initialize = () => {
    if (base) model.params.set(weightsFromBase(base, config, plan.seed));
    else model.initialize(plan.seed);
  };
  const resume = input.resume ? decodeCheckpoint(input.resume) : undefined;
  const meta = resume?.meta as StageMeta | undefined;
  if (resume && meta?.phase !== phase) throw new Error(`the checkpoint is not of a ${phase} run`);
  const state: StageMeta = meta
    ? { ...meta, validationCurve: [...meta.validationCurve], answers: [...meta.answers] }
    : { phase, run: 0, validationCurve: [], answers: [], validationLoss: null };
  const parameters = countParams(config);
  const segment = { started: performance.now(), steps: 0, tokens: 0, lastReport: -Infinity };

  for (let r = state.run; r < runs.length; r++) {
    const spec = runs[r]!;
    const resumeThis = resume && r === state.run ? resume : undefined;
    const runPlan = plan[spec.kind];
    const steps = runPlan.steps;
    const offset = runs.slice(0, r).reduce((n, q) => n + stepsOf(q), 0);
    const agentRun = spec.fold < 0;
    // Starting weights: a pretraining run from the seed; a check model's finetuning from its own
    // pretraining (the model as it is, or the checkpoint); the agent's finetuning from the pretraining stage.
    if (!resumeThis) {
      if (spec.kind === 'pretraining') initialize();
      else if (agentRun) {
        if (input.initialWeights) {
          if (input.initialWeights.length !== model.params.length)
            throw new Error(
              `initialWeights has ${input.initialWeights.length} floats, the model ${model.params.length}`,
            );
          model.params.set(input.initialWeights);
        } else initialize();
      }
    }
    const sequences = sequencesOf(spec);
    // Fold 0's check model draws the validation curve (loss on the examples it was not trained on).
    const curveRun = spec.kind === 'finetuning' && spec.fold === 0;
    const validation = curveRun ? folds[0]!.validation.map((i) => toSequence(examples[i]!)) : [];
    const validationAt = new Set(
      validation.length
        ? Array.from({ length: VALIDATION_POINTS }, (_, i) =>
            Math.round(((i + 1) * steps) / VALIDATION_POINTS),
          )
        : [],
    );
    const measureValidation = (step: number) =>
      state.validationCurve.push({
        step,
        loss: evaluate(model, validation, runPlan.batchTokens),
      });
    if (validation.length && !resumeThis) measureValidation(0);

    const losses: number[] = [...(resumeThis?.losses ?? [])];
    const partial = (): StageMetrics => ({
      parameters,
      steps: stepsOf(runs.at(-1)!),
      trainLoss: meanOfLast(losses, TRAIN_LOSS_STEPS),
      lossCurve: lossCurve(losses),
      ...(state.validationCurve.length ? { validationCurve: [...state.validationCurve] } : {}),
    });
    // Progress: over all runs; the speed is this segment's (a resumed run may be on another machine).
    const report = (step: number) => {
      const seconds = (performance.now() - segment.started) / 1000;
      const tokensPerSecond = seconds > 0 ? segment.tokens / seconds : 0;
      const done = offset + step;
      const remainingTokens = ((totalSteps - done) * segment.tokens) / Math.max(1, segment.steps);
      hooks.onProgress?.({
        step: done,
        totalSteps,
        percent: (100 * done) / totalSteps,
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
      ...runPlan,
      // The batch order's seed: a stream per phase (the agent's as before the check models existed), and
      // other streams for the check models.
      seed: plan.seed + (spec.kind === 'pretraining' ? 0 : 1) + (spec.fold + 1) * 2,
      onStep,
      ...(resumeThis ? { resume: resumeThis } : {}),
      ...(hooks.shouldStop ? { shouldStop: hooks.shouldStop } : {}),
    };
    const result =
      (input.threads ?? 2) === 2
        ? await trainParallel(model, sequences, options)
        : train(model, sequences, options);
    const tokensPerSecond = result.seconds > 0 ? result.tokens / result.seconds : 0;
    report(result.losses.length);

    if (result.stopped) {
      const checkpoint = { ...result.checkpoint!, meta: { ...state, run: r } };
      return {
        status: 'paused',
        checkpoint: encodeCheckpoint(checkpoint),
        metrics: { ...partial(), tokensPerSecond },
      };
    }
    if (!agentRun && spec.kind === 'finetuning') {
      // The check model answers the examples it was not trained on.
      const fold = folds[spec.fold]!;
      if (curveRun) state.validationLoss = evaluate(model, validation, runPlan.batchTokens);
      for (const i of fold.validation) {
        const e = examples[i]!;
        state.answers.push([i, answerer.answer(model, e.set, e.input)?.reaction ?? '']);
      }
      continue;
    }
    if (!agentRun) continue;

    const metrics: StageMetrics = { ...partial(), tokensPerSecond };
    if (phase === 'finetuning' && plan.reactions) {
      // The reaction model (seconds): its cross-validation is the quality check.
      const trained = trainReactionModel(protocol, plan.reactions, {
        crossValidate: input.qualityCheck !== false,
      });
      const q = trained.quality;
      Object.assign(metrics, {
        heldOut: q?.measured ?? 0,
        validationLoss: null,
        reactionAccuracy: q && q.measured > 0 ? q.right / q.measured : null,
        trainReactionAccuracy: reactionOwnAccuracy(trained.model, protocol),
        quality: q,
      });
      return {
        status: 'completed',
        weights: Float32Array.from(model.params),
        metrics,
        reactions: trained.bytes,
      };
    }
    if (phase === 'finetuning') {
      const sampled = evenlySpread(examples.length, MAX_TRAIN_ACCURACY_INPUTS).map((i) => examples[i]!);
      const report = quality ? qualityReport(quality, examples, state.answers, answerer) : null;
      Object.assign(metrics, {
        heldOut: report?.measured ?? 0,
        validationLoss: state.validationLoss,
        reactionAccuracy: report && report.measured > 0 ? report.right / report.measured : null,
        trainReactionAccuracy: reactionAccuracy(model, answerer, sampled) ?? 0,
        quality: report,
      });
    }
    return { status: 'completed', weights: Float32Array.from(model.params), metrics };
  }
  throw new Error('the stage has no run left');
}

/** A rendered output (`response \n reaction \n <EOS>`) in the order a reaction-first agent writes it. */
export function reactionFirstOutput(output: string): string {
  const lines = output.split('\n');
  const eos = lines.pop();
  const reaction = lines.pop();
  return [reaction, lines.join(' '), eos].join('\n');
}
