import type { z } from 'zod/mini';
import { describe, it, expect } from 'vitest';
import {
  bloomListResponseSchema,
  bloomSchema,
  bloomStageNames,
  bloomStatusLabel,
  chatListResponseSchema,
  datasetStageLabels,
  deviceFitSchema,
  paymentStatuses,
  type Bloom,
  type BloomStatusInput,
} from './entities.js';
import { runtimeConfigSchema, userSchema } from './account-entities.js';

// As a client may send it: the fields with defaults (progress, metrics, summary…) left out.
const bloom: z.input<typeof bloomSchema> = {
  id: 'b1',
  name: 'My bloom',
  createdAt: '2024-03-05T07:08:00.000Z',
  updatedAt: '2024-03-05T08:00:00.000Z',
  downloadURL: null,
  dataset: { name: 'data.json', status: 'processing', stage: 'parsing', model: { status: 'pending' } },
  stages: [
    { name: 'data_preparation_stage_1', status: 'completed' },
    { name: 'data_preparation_stage_2', status: 'failed', error: { code: 'x', message: 'boom' } },
  ],
  payment: { status: 'not_initialized' },
};

describe('enums', () => {
  it('match spec §3', () => {
    expect(paymentStatuses).toEqual([
      'not_initialized',
      'pending',
      'paid',
      'expired',
      'failed',
      'processing',
    ]);
    expect(bloomStageNames).toEqual([
      'data_preparation_stage_1',
      'data_preparation_stage_2',
      'data_validation',
      'training_tokenizer',
      'training_pretraining',
      'training_finetuning',
      'training_exporting',
    ]);
    expect(datasetStageLabels).toEqual([
      'parsing',
      'tokenization',
      'vectorization',
      'analysis',
      'preprocessing',
      'extraction',
      'training',
    ]);
  });
});

describe('response schemas', () => {
  it('read a bloom list, filling in the optional details', () => {
    const parsed = bloomListResponseSchema.parse({ blooms: [bloom], total: 1 });
    expect(parsed).toMatchObject({ blooms: [bloom], total: 1 });
    const first: Bloom = parsed.blooms[0]!;
    expect(first.stages[0]).toMatchObject({ progress: null, metrics: null, startedAt: null });
    expect(first.payment).toEqual({ status: 'not_initialized', amountCents: 0, currency: 'usd' });
    expect(first.summary).toBeNull();
  });

  it('reject unknown enum values', () => {
    expect(bloomSchema.safeParse({ ...bloom, payment: { status: 'refunded' } }).success).toBe(false);
    expect(
      bloomSchema.safeParse({ ...bloom, stages: [{ name: 'training', status: 'pending' }] }).success,
    ).toBe(false);
    expect(bloomSchema.safeParse({ ...bloom, dataset: { ...bloom.dataset, stage: 'cooking' } }).success).toBe(
      false,
    );
    expect(bloomSchema.safeParse({ ...bloom, dataset: { ...bloom.dataset, stage: null } }).success).toBe(
      true,
    );
  });

  it('read a chat list', () => {
    const chats = [{ id: 'c1', title: 'T', answering: true, updatedAt: '2024-01-01T00:00:00.000Z' }];
    expect(chatListResponseSchema.parse({ chats, total: 1 })).toEqual({ chats, total: 1 });
    expect(
      chatListResponseSchema.safeParse({ chats: [{ ...chats[0], answering: 'yes' }], total: 1 }).success,
    ).toBe(false);
  });

  it('read the user, stripping unknown fields', () => {
    const user = {
      id: 'u1',
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'a@b.co',
      role: { name: 'user' },
      language: 'pl',
      active: true,
      emailConfirmed: true,
      hasPassword: true,
      prompts: { limit: 20, used: 3, renewalDays: 30, nextRenewalAt: null },
    };
    expect(userSchema.parse({ ...user, passwordHash: 'x' })).toEqual(user);
    expect(userSchema.safeParse({ ...user, role: { name: 'root' } }).success).toBe(false);
    expect(userSchema.safeParse({ ...user, language: 'de' }).success).toBe(false);
  });

  it('read the runtime config', () => {
    const config = { version: '1.0.0', databiomesAPI: 'http://localhost:3000/api', authTokenName: 'gh_auth' };
    // googleSignIn is ours (not in the spec's file): absent means off.
    expect(runtimeConfigSchema.parse(config)).toEqual({ ...config, googleSignIn: false });
    expect(runtimeConfigSchema.parse({ ...config, googleSignIn: true }).googleSignIn).toBe(true);
    expect(runtimeConfigSchema.safeParse({ version: '1' }).success).toBe(false);
  });
});

describe('bloomStatusLabel', () => {
  const base: BloomStatusInput = {
    dataset: { status: 'ready', model: { status: 'pending' } },
    stages: [{ status: 'completed' }],
    payment: { status: 'not_initialized' },
  };
  const withModel = (status: BloomStatusInput['dataset']['model']['status']): BloomStatusInput => ({
    ...base,
    dataset: { ...base.dataset, model: { status } },
  });

  it('1. failed when the dataset failed', () => {
    expect(bloomStatusLabel({ ...base, dataset: { status: 'failed', model: { status: 'pending' } } })).toBe(
      'failed',
    );
  });

  it('1. failed when the model failed', () => {
    expect(bloomStatusLabel(withModel('failed'))).toBe('failed');
  });

  it('1 before 2: a failed dataset wins over a completed model', () => {
    expect(bloomStatusLabel({ ...base, dataset: { status: 'failed', model: { status: 'completed' } } })).toBe(
      'failed',
    );
  });

  it('2. trained when the model is completed', () => {
    expect(bloomStatusLabel(withModel('completed'))).toBe('trained');
  });

  it('2 before 3: trained even while a stage is processing and the bloom is paid', () => {
    expect(
      bloomStatusLabel({
        ...withModel('completed'),
        stages: [{ status: 'processing' }],
        payment: { status: 'paid' },
      }),
    ).toBe('trained');
  });

  it('3. in progress when any stage is processing, paid or not', () => {
    expect(bloomStatusLabel({ ...base, stages: [{ status: 'completed' }, { status: 'processing' }] })).toBe(
      'in_progress',
    );
  });

  it('3. in progress when paid and a stage is pending', () => {
    expect(bloomStatusLabel({ ...base, stages: [{ status: 'pending' }], payment: { status: 'paid' } })).toBe(
      'in_progress',
    );
  });

  it('3. in progress when paid and the model is not completed', () => {
    expect(bloomStatusLabel({ ...withModel('processing'), stages: [], payment: { status: 'paid' } })).toBe(
      'in_progress',
    );
  });

  it('3 before 4: processing stage wins over unpaid', () => {
    expect(
      bloomStatusLabel({ ...base, stages: [{ status: 'processing' }], payment: { status: 'pending' } }),
    ).toBe('in_progress');
  });

  it('4. ready when not paid and nothing is processing', () => {
    for (const status of paymentStatuses.filter((s) => s !== 'paid')) {
      expect([
        status,
        bloomStatusLabel({ ...base, stages: [{ status: 'pending' }], payment: { status } }),
      ]).toEqual([status, 'ready']);
    }
  });

  it('5. not started is unreachable as the rule is written: every combination lands on rules 1-4', () => {
    const seen = new Set<string>();
    for (const dataset of ['pending', 'processing', 'ready', 'failed'] as const) {
      for (const model of ['pending', 'processing', 'completed', 'failed'] as const) {
        for (const stage of ['pending', 'processing', 'completed', 'failed'] as const) {
          for (const payment of paymentStatuses) {
            const input = {
              dataset: { status: dataset, model: { status: model } },
              stages: [{ status: stage }],
              payment: { status: payment },
            };
            seen.add(bloomStatusLabel(input));
          }
        }
      }
    }
    expect([...seen].sort()).toEqual(['failed', 'in_progress', 'ready', 'trained']);
  });

  it('takes a full Bloom', () => {
    expect(bloomStatusLabel(bloom)).toBe('ready');
  });
});

describe('deviceFitSchema', () => {
  const figures = { memoryBytes: 2_801_664, tokensPerSecond: 11_696.8, firstTokenMs: 1.347 };
  const fit = { fileBytes: 1_418_588, parameters: 47_200, js: figures, native: figures };

  it('takes both engines, or Flora-JS alone with the reason native is missing', () => {
    expect(deviceFitSchema.parse(fit)).toEqual(fit);
    const jsOnly = { ...fit, native: null, nativeMissingReason: 'no Flora native build' };
    expect(deviceFitSchema.parse(jsOnly)).toEqual(jsOnly);
  });

  it('refuses figures no measurement gives', () => {
    expect(deviceFitSchema.safeParse({ ...fit, js: { ...figures, tokensPerSecond: 0 } }).success).toBe(false);
    expect(deviceFitSchema.safeParse({ ...fit, js: { ...figures, memoryBytes: -1 } }).success).toBe(false);
    expect(deviceFitSchema.safeParse({ ...fit, parameters: 1.5 }).success).toBe(false);
    expect(deviceFitSchema.safeParse({ ...fit, native: undefined }).success).toBe(false);
  });

  it('is an optional field of an agent', () => {
    expect(bloomSchema.parse(bloom).deviceFit).toBeUndefined();
    expect(bloomSchema.parse({ ...bloom, deviceFit: fit }).deviceFit).toEqual(fit);
    expect(bloomSchema.parse({ ...bloom, deviceFit: null }).deviceFit).toBeNull();
  });
});
