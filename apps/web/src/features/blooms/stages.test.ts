import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api-client';
import { testBloom, testStage, testStages } from '../../test/fixtures';
import { BLOOM_POLL_MS, bloomPollInterval } from './api/blooms';
import {
  formatCompact,
  formatEta,
  formatFileSize,
  formatInteger,
  formatLoss,
  formatMoney,
  formatPercent,
} from '../../lib/format';
import { i18n } from '../../lib/i18n';
import { currentStage, isPipelineSettled, orderedStages, stagePercent } from './stages';

describe('pipeline', () => {
  it('lists the seven stages in order, a missing one as pending', () => {
    const stages = orderedStages([testStage('training_exporting', { status: 'completed' })]);
    expect(stages.map((stage) => stage.name)).toEqual([
      'data_preparation_stage_1',
      'data_preparation_stage_2',
      'data_validation',
      'training_tokenizer',
      'training_pretraining',
      'training_finetuning',
      'training_exporting',
    ]);
    expect(stages.map((stage) => stage.status)).toEqual([
      'pending',
      'pending',
      'pending',
      'pending',
      'pending',
      'pending',
      'completed',
    ]);
  });

  it('is settled when every stage completed or one failed', () => {
    expect(isPipelineSettled(testBloom({ stages: testStages('completed') }))).toBe(true);
    expect(
      isPipelineSettled(
        testBloom({ stages: testStages('pending', { data_validation: { status: 'failed' } }) }),
      ),
    ).toBe(true);
    expect(
      isPipelineSettled(
        testBloom({ stages: testStages('completed', { training_exporting: { status: 'processing' } }) }),
      ),
    ).toBe(false);
    expect(isPipelineSettled(testBloom({ stages: [] }))).toBe(false);
    expect(
      isPipelineSettled(
        testBloom({ dataset: { name: 'd', status: 'failed', stage: null, model: { status: 'pending' } } }),
      ),
    ).toBe(true);
  });

  it('polls every 2 s until settled, and not at all for a missing agent', () => {
    expect(bloomPollInterval(testBloom(), null)).toBe(BLOOM_POLL_MS);
    expect(BLOOM_POLL_MS).toBe(2000);
    expect(bloomPollInterval(testBloom({ stages: testStages('completed') }), null)).toBe(false);
    expect(bloomPollInterval(undefined, null)).toBe(false);
    const gone = new ApiRequestError({
      code: 'bloom.not_found',
      status: 404,
      message: '',
      type: 'error',
      params: {},
    });
    expect(bloomPollInterval(testBloom(), gone)).toBe(false);
    const outage = new ApiRequestError({
      code: 'SERVICE_UNAVAILABLE',
      status: 503,
      message: '',
      type: 'error',
      params: {},
    });
    expect(bloomPollInterval(testBloom(), outage)).toBe(BLOOM_POLL_MS);
  });

  it('announces the failed stage, else the running one, else the next', () => {
    expect(currentStage(testStages('pending', { data_validation: { status: 'failed' } }))?.name).toBe(
      'data_validation',
    );
    expect(
      currentStage(testStages('completed', { training_tokenizer: { status: 'processing' } }))?.name,
    ).toBe('training_tokenizer');
    expect(currentStage(testStages('pending'))?.name).toBe('data_preparation_stage_1');
    expect(currentStage(testStages('completed'))).toBeUndefined();
  });

  it('reads a percent as a whole number within 0..100', () => {
    const at = (percent: number) =>
      stagePercent(
        testStage('training_tokenizer', { progress: { percent, step: 1, totalSteps: 2, etaSeconds: null } }),
      );
    expect(at(42.6)).toBe(43);
    expect(at(140)).toBe(100);
    expect(at(-3)).toBe(0);
    expect(at(Number.NaN)).toBeNull();
    expect(stagePercent(testStage('training_tokenizer'))).toBeNull();
  });
});

describe('formats', () => {
  it('formats the cost in the UI’s language, whole amounts without decimals', () => {
    expect(formatMoney(0, 'usd', 'en')).toBe('$0');
    expect(formatMoney(1250, 'usd', 'en')).toBe('$12.50');
    expect(formatMoney(1250, 'usd', 'pl').replace(/\s/g, ' ')).toBe('12,50 USD');
    expect(formatMoney(500, 'not a currency', 'en')).toBe('5 NOT A CURRENCY');
  });

  it('formats sizes, percents and the time left', () => {
    expect(formatFileSize(2 * 1024 * 1024, 'en')).toBe('2 MB');
    expect(formatFileSize(1536, 'en')).toBe('1.5 kB');
    expect(formatPercent(42, 'en')).toBe('42%');
    const t = i18n.getFixedT('en');
    expect(formatEta(t, 45, 'en')).toBe('about 45 sec left');
    expect(formatEta(t, 150, 'en')).toBe('about 3 min left');
    // Rounded up from a minute on: never shorter than measured.
    expect(formatEta(t, 61, 'en')).toBe('about 2 min left');
    expect(formatEta(t, 120, 'en')).toBe('about 2 min left');
    expect(formatEta(t, 7200, 'en')).toBe('about 2 hr left');
    expect(formatEta(t, 3 * 3600 + 20 * 60, 'en')).toBe('about 3 hr 20 min left');
    expect(formatEta(t, null, 'en')).toBeNull();
    expect(formatEta(t, -5, 'en')).toBeNull();
    expect(formatEta(t, Number.NaN, 'en')).toBeNull();
    const pl = i18n.getFixedT('pl');
    expect(formatEta(pl, 150, 'pl')).toBe('pozostało ok. 3 min');
    expect(formatEta(pl, 3 * 3600 + 20 * 60, 'pl')).toBe('pozostało ok. 3 godz. 20 min');
  });

  it('formats training metrics: compact counts, three-decimal losses', () => {
    expect(formatCompact(189_234, 'en')).toBe('189K');
    expect(formatCompact(1_234_567, 'en')).toBe('1.23M');
    expect(formatCompact(189_234, 'pl').replace(/\s/g, ' ')).toBe('189 tys.');
    expect(formatInteger(12_345.6, 'en')).toBe('12,346');
    expect(formatLoss(0.01234, 'en')).toBe('0.012');
    expect(formatLoss(6.2, 'pl')).toBe('6,200');
  });
});
