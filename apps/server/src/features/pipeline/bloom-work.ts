// How much training an agent has left, in seconds, for the training line's estimate (training-line.ts): its
// remaining steps of pretraining and finetuning at the speed measured — its own running stage's, else its own
// finished stage's, else that of the stages finished lately — plus a slice for each short stage still to run.
import { schema, type Db } from '@greenhouse/db';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { TRAINING_PLAN } from './stage-outputs.js';
import { latestVersionOf, type BloomStageName } from './stages.js';

const PHASES = {
  training_pretraining: 'pretraining',
  training_finetuning: 'finetuning',
} as const satisfies Partial<Record<BloomStageName, string>>;
type PhaseStage = keyof typeof PHASES;
const SHORT_STAGES: BloomStageName[] = ['training_tokenizer', 'training_exporting'];

/** Finished stages whose speed stands for a stage not measured yet. */
const RECENT = sql`now() - interval '1 hour'`;

interface PhasePlan {
  steps: number;
  batchTokens: number;
}

type Plan = Record<(typeof PHASES)[PhaseStage], PhasePlan>;

const mean = (xs: number[]): number | null => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

interface StageState {
  status: string;
  progress: { step?: number; totalSteps?: number; etaSeconds?: number | null } | null;
  tokensPerSecond: number | null;
}

/**
 * Seconds of training each agent has left (null for one that cannot be told: nothing measured yet, or no plan
 * while no other agent's stands for it). `shortStageSeconds`: what a short stage (tokenizer, export) counts.
 */
export async function remainingTraining(
  db: Db,
  bloomIds: readonly string[],
  shortStageSeconds: number,
): Promise<Map<string, number | null>> {
  const out = new Map<string, number | null>();
  if (bloomIds.length === 0) return out;
  const ids = [...bloomIds];
  const stageRows = await db
    .select({
      bloomId: schema.bloomStages.bloomId,
      name: schema.bloomStages.name,
      status: schema.bloomStages.status,
      progress: schema.bloomStages.progress,
      tokensPerSecond: sql<number | null>`(${schema.bloomStages.metrics}->>'tokensPerSecond')::float8`,
    })
    .from(schema.bloomStages)
    .where(
      and(
        inArray(schema.bloomStages.bloomId, ids),
        eq(schema.bloomStages.version, latestVersionOf(schema.bloomStages.bloomId)),
      ),
    );
  const planRows = await db
    .select({
      bloomId: schema.bloomArtifacts.bloomId,
      pretraining: sql<PhasePlan>`${schema.bloomArtifacts.content}->'pretraining'`,
      finetuning: sql<PhasePlan>`${schema.bloomArtifacts.content}->'finetuning'`,
    })
    .from(schema.bloomArtifacts)
    .where(
      and(
        inArray(schema.bloomArtifacts.bloomId, ids),
        eq(schema.bloomArtifacts.version, latestVersionOf(schema.bloomArtifacts.bloomId)),
        eq(schema.bloomArtifacts.stage, TRAINING_PLAN.stage),
        eq(schema.bloomArtifacts.kind, TRAINING_PLAN.kind),
      ),
    );
  const recentRows = await db
    .select({
      name: schema.bloomStages.name,
      tokensPerSecond: sql<number | null>`avg((${schema.bloomStages.metrics}->>'tokensPerSecond')::float8)`,
    })
    .from(schema.bloomStages)
    .where(and(eq(schema.bloomStages.status, 'completed'), gt(schema.bloomStages.completedAt, RECENT)))
    .groupBy(schema.bloomStages.name);
  const recent = new Map(
    recentRows.map((r) => [r.name, r.tokensPerSecond === null ? null : Number(r.tokensPerSecond)]),
  );

  const stages = new Map<string, Map<string, StageState>>();
  for (const row of stageRows) {
    const of = stages.get(row.bloomId) ?? new Map<string, StageState>();
    stages.set(row.bloomId, of);
    of.set(row.name, {
      status: row.status,
      progress: row.progress as StageState['progress'],
      tokensPerSecond: row.tokensPerSecond === null ? null : Number(row.tokensPerSecond),
    });
  }
  const plans = new Map(
    planRows.map((r) => [r.bloomId, { pretraining: r.pretraining, finetuning: r.finetuning }]),
  );

  /** Seconds per token of an agent's running stage, from its progress (null when none runs or says). */
  const running = (bloomId: string): number | null => {
    const plan = plans.get(bloomId);
    for (const name of Object.keys(PHASES) as PhaseStage[]) {
      const state = stages.get(bloomId)?.get(name);
      const phase = plan?.[PHASES[name]];
      const left = (state?.progress?.totalSteps ?? 0) - (state?.progress?.step ?? 0);
      const eta = state?.progress?.etaSeconds;
      if (state?.status === 'processing' && phase && eta && left > 0) return eta / (left * phase.batchTokens);
    }
    return null;
  };
  const anyRunning = ids.map(running).find((x) => x !== null) ?? null;
  const other = (stage: PhaseStage): PhaseStage =>
    stage === 'training_pretraining' ? 'training_finetuning' : 'training_pretraining';
  /**
   * Seconds per token an agent trains at, the nearest measure first: its running stage; its own finished
   * stage of this phase, then of the other; the stages finished lately, likewise; another agent running now.
   */
  const secondsPerToken = (bloomId: string, stage: PhaseStage): number | null => {
    const own = running(bloomId);
    if (own !== null) return own;
    const measured = [
      stages.get(bloomId)?.get(stage)?.tokensPerSecond,
      stages.get(bloomId)?.get(other(stage))?.tokensPerSecond,
      recent.get(stage),
      recent.get(other(stage)),
    ].find((x) => x && x > 0);
    return measured ? 1 / measured : anyRunning;
  };

  const phaseSeconds = (bloomId: string, stage: PhaseStage, plan: PhasePlan, stepsLeft: number) => {
    const perToken = secondsPerToken(bloomId, stage);
    return perToken === null ? null : stepsLeft * plan.batchTokens * perToken;
  };
  /** An agent's whole planned training, or null when a phase's speed is unknown. */
  const whole = (bloomId: string, plan: Plan): number | null => {
    let sum = 0;
    for (const stage of Object.keys(PHASES) as PhaseStage[]) {
      const seconds = phaseSeconds(bloomId, stage, plan[PHASES[stage]], plan[PHASES[stage]].steps);
      if (seconds === null) return null;
      sum += seconds;
    }
    return sum;
  };
  // Agents without a plan yet (the tokenizer not run): as much as the planned agents have in all, on average
  // (worked out only when there is such an agent).
  const unplanned = ids.some((id) => !plans.has(id))
    ? mean([...plans].map(([id, plan]) => whole(id, plan)).filter((x): x is number => x !== null))
    : null;

  for (const bloomId of ids) {
    const own = stages.get(bloomId);
    const plan = plans.get(bloomId);
    let left: number | null = 0;
    for (const name of SHORT_STAGES) if (own?.get(name)?.status !== 'completed') left += shortStageSeconds;
    if (!plan) {
      out.set(bloomId, unplanned === null ? null : left + unplanned);
      continue;
    }
    for (const stage of Object.keys(PHASES) as PhaseStage[]) {
      const state = own?.get(stage);
      if (state?.status === 'completed' || left === null) continue;
      const phase = plan[PHASES[stage]];
      const eta = state?.progress?.etaSeconds;
      if (state?.status === 'processing' && typeof eta === 'number') {
        left += eta;
        continue;
      }
      const done = state?.progress?.step ?? 0;
      const seconds = phaseSeconds(bloomId, stage, phase, Math.max(0, phase.steps - done));
      left = seconds === null ? null : left + seconds;
    }
    out.set(bloomId, left);
  }
  return out;
}
