import type { BloomStage, LossPoint } from '@greenhouse/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { testStage, testStages } from '../../test/fixtures';
import { LossChart } from './components/loss-chart';
import { StageCard } from './components/stage-list';
import { StageMetrics } from './components/stage-metrics';
import { lossCurves } from './loss-curve';
import { parseTrainingMetrics } from './training-metrics';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

/** A falling curve of `count` points, steps 1..count, from `from` down to `to`. */
function curve(count: number, from: number, to: number): LossPoint[] {
  return Array.from({ length: count }, (_, index) => ({
    step: index + 1,
    loss: from + ((to - from) * index) / Math.max(1, count - 1),
  }));
}

/** The text of each term and its value, as "term: value". */
const facts = (list: HTMLElement) =>
  within(list)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);

/** Intl puts narrow no-break spaces in Polish numbers; compare with plain spaces. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('a running stage’s progress bar', () => {
  const running = testStage('training_finetuning', {
    status: 'processing',
    progress: { percent: 26.7, step: 40, totalSteps: 150, etaSeconds: 75 },
  });

  it('gives the percent, the step and the time left', () => {
    render(<StageCard stage={running} />);
    const bar = screen.getByRole('progressbar', { name: 'Finetuning Agent' });
    expect(bar.getAttribute('aria-valuenow')).toBe('27');
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    expect(bar.getAttribute('aria-valuetext')).toBe('27%, Step 40 of 150, about 2 min left');
    expect(screen.getByText('27% · Step 40 of 150 · about 2 min left')).toBeTruthy();
  });

  it('speaks Polish in Polish', async () => {
    await i18n.changeLanguage('pl');
    render(<StageCard stage={running} />);
    const bar = screen.getByRole('progressbar', { name: 'Dostrajanie agenta' });
    expect(plain(bar.getAttribute('aria-valuetext'))).toBe('27%, Krok 40 z 150, pozostało ok. 2 min');
  });

  it('leaves out the time left when the stage cannot tell it', () => {
    render(
      <StageCard
        stage={{ ...running, progress: { percent: 10, step: 15, totalSteps: 150, etaSeconds: null } }}
      />,
    );
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('10%, Step 15 of 150');
  });

  it('shows no metrics while the stage runs', () => {
    render(
      <StageCard stage={{ ...running, metrics: { steps: 40, trainLoss: 1.5 } }}>
        <StageMetrics stage={{ ...running, metrics: { steps: 40, trainLoss: 1.5 } }} />
      </StageCard>,
    );
    expect(screen.queryByRole('definition')).toBeNull();
  });
});

describe('a completed stage’s metrics', () => {
  it('lists the key metrics of finetuning, formatted', () => {
    render(
      <StageMetrics
        stage={testStage('training_finetuning', {
          status: 'completed',
          metrics: {
            parameters: 189_234,
            steps: 150,
            tokensPerSecond: 12_345.6,
            trainLoss: 0.01234,
            validationLoss: 0.0456,
            reactionAccuracy: 0.8333,
            trainReactionAccuracy: 1,
            heldOut: 12,
            lossCurve: curve(150, 2.3, 0.012),
          },
        })}
      />,
    );
    const list = screen.getByLabelText('Metrics of Finetuning Agent');
    expect(list.tagName).toBe('DL');
    expect(facts(list)).toEqual([
      'Parameters: 189K',
      'Steps: 150',
      'Tokens/s: 12,346',
      'Training loss: 0.012',
      'Validation loss: 0.046',
      'Understands new phrasings: 83%',
      'Training accuracy: 100%',
    ]);
  });

  it('lists the tokenizer’s vocabulary and the exported file’s size', () => {
    render(
      <>
        <StageMetrics
          stage={testStage('training_tokenizer', {
            status: 'completed',
            metrics: { vocabularySize: 1024, corpusTokens: 52_400 },
          })}
        />
        <StageMetrics
          stage={testStage('training_exporting', {
            status: 'completed',
            metrics: { bytes: 1_258_291, sha256: 'ab'.repeat(32), weightsFormat: 'f32' },
          })}
        />
      </>,
    );
    expect(facts(screen.getByLabelText('Metrics of Training Tokenizer'))).toEqual([
      'Vocabulary: 1,024',
      'Corpus tokens: 52.4K',
    ]);
    expect(facts(screen.getByLabelText('Metrics of Exporting Agent'))).toEqual([
      'Agent file: 1.2 MB',
      'Weights: f32',
    ]);
  });

  it('uses the UI’s language', async () => {
    await i18n.changeLanguage('pl');
    render(
      <StageMetrics
        stage={testStage('training_pretraining', {
          status: 'completed',
          metrics: { parameters: 189_234, trainLoss: 2.13456, reactionAccuracy: 0.5 },
        })}
      />,
    );
    const list = screen.getByLabelText('Metryki: Wstępne trenowanie agenta');
    expect(facts(list).map(plain)).toEqual([
      'Parametry: 189 tys.',
      'Strata treningowa: 2,135',
      'Rozumie nowe sformułowania: 50%',
    ]);
  });

  it.each([
    ['null', null],
    ['an empty record', {}],
    ['only unknown keys', { foo: 1, bar: 'baz' }],
    ['only ill-typed values', { parameters: 'many', steps: 1.5, trainLoss: null, lossCurve: 'up' }],
  ])('shows nothing for %s', (_, metrics) => {
    render(<StageMetrics stage={testStage('training_pretraining', { status: 'completed', metrics })} />);
    expect(screen.queryByRole('term')).toBeNull();
  });

  it('keeps the sound fields of garbage metrics and drops the rest', () => {
    render(
      <StageMetrics
        stage={testStage('training_finetuning', {
          status: 'completed',
          metrics: {
            parameters: '189K',
            steps: 150,
            trainLoss: { value: 1 },
            validationLoss: null,
            reactionAccuracy: null,
            bytes: -1,
            weightsFormat: '  ',
            lossCurve: [null, 5, { step: 'x', loss: 1 }],
          },
        })}
      />,
    );
    expect(facts(screen.getByLabelText(/^Metrics of/))).toEqual(['Steps: 150']);
  });
});

describe('parseTrainingMetrics', () => {
  it('never throws, whatever the server sends', () => {
    for (const metrics of [undefined, null, 42, 'metrics', [], [1, 2], { lossCurve: {} }, { steps: NaN }]) {
      expect(() => parseTrainingMetrics(metrics)).not.toThrow();
    }
    expect(parseTrainingMetrics([1, 2])).toEqual({});
    expect(parseTrainingMetrics('metrics')).toEqual({});
  });

  it('keeps a curve’s well-formed points, in step order', () => {
    expect(
      parseTrainingMetrics({
        trainLoss: 'oops',
        lossCurve: [{ step: 3, loss: 1 }, { step: 1, loss: 3 }, { step: 2 }, 'x', { step: 2.5, loss: 2 }],
      }),
    ).toEqual({
      lossCurve: [
        { step: 1, loss: 3 },
        { step: 3, loss: 1 },
      ],
    });
  });
});

/** Stages with pretraining done (60 steps) and finetuning running or done. */
function trainingStages(finetuning: Partial<BloomStage>): BloomStage[] {
  return testStages('completed', {
    training_pretraining: {
      status: 'completed',
      metrics: { steps: 60, trainLoss: 2.1, lossCurve: curve(60, 6.2, 2.1) },
    },
    training_finetuning: finetuning,
    training_exporting: { status: finetuning.status === 'completed' ? 'completed' : 'pending' },
  });
}

describe('the loss curve', () => {
  it('has a name and a summary of each line for screen readers', () => {
    render(
      <LossChart
        stages={trainingStages({
          status: 'completed',
          metrics: {
            steps: 150,
            trainLoss: 0.012,
            lossCurve: curve(150, 2.3, 0.012),
            validationCurve: curve(15, 2.4, 0.05).map((point) => ({ ...point, step: point.step * 10 })),
          },
        })}
      />,
    );
    const chart = screen.getByRole('img', { name: 'Loss curve' });
    const summary = document.getElementById(chart.getAttribute('aria-describedby')!)!;
    expect(summary.textContent).toBe(
      'Pretraining, steps 1–60: training loss fell from 6.200 to 2.100. ' +
        'Finetuning, steps 1–150: training loss fell from 2.300 to 0.012. ' +
        'Finetuning, steps 10–150: validation loss fell from 2.400 to 0.050.',
    );
    expect(screen.getByRole('region', { name: 'Loss curve' })).toBeTruthy();
    // Three lines drawn: pretraining, finetuning and its validation.
    expect(chart.querySelectorAll('polyline')).toHaveLength(3);
  });

  it('puts finetuning after pretraining’s steps and grows into the planned steps while training', () => {
    const stages = trainingStages({
      status: 'processing',
      progress: { percent: 20, step: 30, totalSteps: 150, etaSeconds: 60 },
      metrics: { lossCurve: curve(30, 2.3, 1.1) },
    });
    expect(lossCurves(stages)).toMatchObject({ maxStep: 210, boundary: 60, live: true });
    render(<LossChart stages={stages} />);
    const chart = screen.getByRole('img', { name: 'Loss curve' });
    const summary = document.getElementById(chart.getAttribute('aria-describedby')!)!;
    expect(summary.textContent).toBe(
      'Pretraining, steps 1–60: training loss fell from 6.200 to 2.100. ' +
        'Finetuning, steps 1–30: training loss fell from 2.300 to 1.100. ' +
        'Training is still running; the chart updates as it goes.',
    );
  });

  it('summarises in Polish', async () => {
    await i18n.changeLanguage('pl');
    render(<LossChart stages={trainingStages({ status: 'pending' })} />);
    const chart = screen.getByRole('img', { name: 'Krzywa straty' });
    const summary = document.getElementById(chart.getAttribute('aria-describedby')!)!;
    expect(summary.textContent).toBe(
      'Wstępne trenowanie, kroki 1–60: strata treningowa spadła z 6,200 do 2,100.',
    );
  });

  it('is not shown before the first point, nor for garbage curves', () => {
    render(
      <LossChart
        stages={testStages('completed', {
          training_pretraining: { status: 'processing', metrics: { lossCurve: [] } },
          training_finetuning: { status: 'completed', metrics: { lossCurve: 'not a curve' } },
        })}
      />,
    );
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('region')).toBeNull();
  });
});
