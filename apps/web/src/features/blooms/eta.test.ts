import { describe, expect, it } from 'vitest';
import { testBloom, testStages } from '../../test/fixtures';
import { MIN_MEASURED_MS, nextEta, smoothStageEtas, type EtaEstimate, type EtaSample } from './eta';

/** Feeds the samples in order; answers the shown seconds after each. */
function run(samples: EtaSample[]): (number | null)[] {
  let estimate: EtaEstimate | null = null;
  return samples.map((sample) => {
    estimate = nextEta(estimate, sample);
    return estimate.seconds;
  });
}

/**
 * A stage that goes at one percent a second (100 s in all), watched from 10 % on, polled every 2 s; the
 * server's estimate is wrong by turns, low and high, as a slice's speed is (28 s at 61 % …).
 */
function steadyStage(serverError: (i: number) => number): { samples: EtaSample[]; truth: number[] } {
  const samples: EtaSample[] = [];
  const truth: number[] = [];
  for (let i = 0, t = 0; t <= 80_000; i++, t += 2_000) {
    const percent = 10 + t / 1000;
    truth.push(100 - percent);
    samples.push({ at: t, percent, etaSeconds: (100 - percent) * serverError(i) });
  }
  return { samples, truth };
}

describe('the time left of a running stage', () => {
  it('shows the server’s estimate until it has measured a rate of its own', () => {
    const shown = run([
      { at: 0, percent: 61, etaSeconds: 28 },
      { at: MIN_MEASURED_MS - 1, percent: 62, etaSeconds: 40 },
    ]);
    expect(shown[0]).toBe(28);
    // Pulled towards the server's new figure only part of the way, while the first counts down.
    expect(shown[1]).toBeGreaterThan(24);
    expect(shown[1]).toBeLessThan(40);
  });

  it('counts down steadily from the measured rate however the server’s estimate jumps', () => {
    const { samples, truth } = steadyStage((i) => (i % 3 === 0 ? 0.45 : i % 3 === 1 ? 1.6 : 1));
    const shown = run(samples) as number[];
    // The server says 40 s, 141 s, 86 s, 37 s, …: from 12 s on, each 2 s poll takes 0 to 3 s off, never adds.
    for (let i = 6; i < shown.length; i++) {
      const change = shown[i]! - shown[i - 1]!;
      expect(change, `poll ${i}`).toBeLessThanOrEqual(0);
      expect(change, `poll ${i}`).toBeGreaterThanOrEqual(-3);
    }
    // And it is right: within 10 % of the truth from 20 s on, and to the second from 40 s on.
    for (let i = 10; i < shown.length; i++) {
      expect(Math.abs(shown[i]! - truth[i]!), `poll ${i}`).toBeLessThanOrEqual(truth[i]! * 0.1);
    }
    for (let i = 20; i < shown.length; i++) expect(shown[i]!).toBeCloseTo(truth[i]!, 0);
  });

  it('follows the measured rate through the issue’s reports (28 s at 61 %, then 26 s at 85 % 40 s later)', () => {
    // The stage really goes at 0.6 % a second: at 85 % the rest takes 25 s, not 26, and at 61 % it took 65.
    const samples: EtaSample[] = [];
    for (let t = 0; t <= 40_000; t += 2_000) {
      samples.push({ at: t, percent: 61 + (0.6 * t) / 1000, etaSeconds: t === 40_000 ? 26 : 28 });
    }
    const shown = run(samples) as number[];
    // The server's first figure is corrected upwards within seconds, no more than 9 s a poll…
    for (let i = 1; i < shown.length; i++) expect(shown[i]! - shown[i - 1]!).toBeLessThan(9);
    // …then it only counts down, and ends right.
    for (let i = 8; i < shown.length; i++) expect(shown[i]!).toBeLessThanOrEqual(shown[i - 1]!);
    expect(shown.at(-1)!).toBeCloseTo(25, 0);
  });

  it('starts afresh when the stage starts over, and counts down when nothing is known', () => {
    let estimate = nextEta(null, { at: 0, percent: 50, etaSeconds: 60 });
    estimate = nextEta(estimate, { at: 2_000, percent: 5, etaSeconds: 90 });
    expect(estimate.seconds).toBe(90);
    expect(estimate.from).toEqual({ at: 2_000, percent: 5 });
    // No rate yet and no server figure: the last estimate goes on counting down.
    estimate = nextEta(estimate, { at: 3_000, percent: 5, etaSeconds: null });
    expect(estimate.seconds).toBe(89);
    expect(nextEta(null, { at: 0, percent: 5, etaSeconds: null }).seconds).toBeNull();
  });

  it('replaces a running stage’s server figure in each poll of an agent, and forgets stages that stopped', () => {
    const poll = (percent: number, etaSeconds: number) =>
      testBloom({
        stages: testStages('completed', {
          training_pretraining: {
            status: 'processing',
            progress: { percent, step: 1, totalSteps: 2, etaSeconds },
          },
          training_finetuning: { status: 'pending' },
          training_exporting: { status: 'pending' },
        }),
      });
    const first = smoothStageEtas(poll(10, 90), 0, {});
    expect(first.bloom.stages.find((s) => s.name === 'training_pretraining')?.progress?.etaSeconds).toBe(90);
    expect(Object.keys(first.etas)).toEqual(['training_pretraining']);
    // Ten seconds later at 20 %: the server now says 20 s; the measured rate (1 %/s) says 80.
    const second = smoothStageEtas(poll(20, 20), 10_000, first.etas);
    const shown = second.bloom.stages.find((s) => s.name === 'training_pretraining')?.progress?.etaSeconds;
    expect(shown).toBeGreaterThan(78);
    expect(shown).toBeLessThan(82);
    // Everything else is as the server sent it.
    expect(second.bloom.stages.filter((s) => s.name !== 'training_pretraining')).toEqual(
      poll(20, 20).stages.filter((s) => s.name !== 'training_pretraining'),
    );
    const done = smoothStageEtas(testBloom({ stages: testStages('completed') }), 12_000, second.etas);
    expect(done.etas).toEqual({});
  });
});
