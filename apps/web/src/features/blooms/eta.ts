import type { Bloom, BloomStageName } from '@greenhouse/contracts';

/**
 * The time left of a running stage, as the agent page shows it: estimated from the progress this page has
 * seen (the measured rate), and smoothed, so it counts down steadily instead of jumping with each report.
 *
 * The server's own estimate (`etaSeconds`) comes from the speed of the current training slice and jumps
 * when slices, check models or machines change; it is used only until the page has measured a rate itself.
 */

/** What one poll of the agent said about a running stage, and when it arrived. */
export interface EtaSample {
  /** When the sample arrived (ms, e.g. Date.now()). */
  at: number;
  /** 0..100 */
  percent: number;
  /** The server's estimate, or null when it cannot tell. */
  etaSeconds: number | null;
}

export interface EtaEstimate {
  /** The first sample of this run: the rate is measured from here. */
  from: { at: number; percent: number };
  /** The latest sample's time and percent. */
  at: number;
  percent: number;
  /** The smoothed time left at `at`, or null while unknown. */
  seconds: number | null;
}

/** A rate is trusted once it is measured over this long… */
export const MIN_MEASURED_MS = 4_000;
/** …and the shown estimate moves towards a new figure with this time constant. */
export const SMOOTHING_MS = 6_000;

/**
 * The next estimate after `sample`. A percent lower than before (the stage started over) starts afresh.
 * Between samples the previous estimate counts down with the clock; the new figure — the time the rest
 * takes at the rate measured since the first sample, or the server's until that is known — pulls it only
 * part of the way (exponentially, by the time passed), so no single report makes it jump.
 */
export function nextEta(previous: EtaEstimate | null, sample: EtaSample): EtaEstimate {
  const { at } = sample;
  const percent = Math.min(100, Math.max(0, sample.percent));
  const server = sample.etaSeconds !== null && Number.isFinite(sample.etaSeconds) ? sample.etaSeconds : null;
  if (!previous || percent < previous.percent) return { from: { at, percent }, at, percent, seconds: server };
  if (at <= previous.at) return previous;

  const elapsed = at - previous.from.at;
  const progressed = percent - previous.from.percent;
  const measured =
    elapsed >= MIN_MEASURED_MS && progressed > 0 ? ((100 - percent) * elapsed) / progressed / 1000 : null;
  const figure = measured ?? server;
  const dt = at - previous.at;
  const counted = previous.seconds === null ? null : Math.max(0, previous.seconds - dt / 1000);
  let seconds: number | null;
  if (figure === null) seconds = counted;
  else if (counted === null) seconds = figure;
  else seconds = counted + (figure - counted) * (1 - Math.exp(-dt / SMOOTHING_MS));
  return { from: previous.from, at, percent, seconds };
}

/** The estimates of an agent's running stages, carried from one poll to the next. */
export type StageEtas = Partial<Record<BloomStageName, EtaEstimate>>;

/**
 * One poll of an agent, arrived at `at`: the agent with each running stage's `etaSeconds` replaced by its
 * smoothed estimate, and the estimates to carry to the next poll (a stage that no longer runs is dropped).
 */
export function smoothStageEtas(
  bloom: Bloom,
  at: number,
  previous: StageEtas,
): { bloom: Bloom; etas: StageEtas } {
  const etas: StageEtas = {};
  const stages = bloom.stages.map((stage) => {
    if (stage.status !== 'processing' || !stage.progress) return stage;
    const estimate = nextEta(previous[stage.name] ?? null, {
      at,
      percent: stage.progress.percent,
      etaSeconds: stage.progress.etaSeconds,
    });
    etas[stage.name] = estimate;
    return { ...stage, progress: { ...stage.progress, etaSeconds: estimate.seconds } };
  });
  return { bloom: { ...bloom, stages }, etas };
}
