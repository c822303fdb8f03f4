import { protocolDiff, type ProtocolDiff } from '@greenhouse/mtp';
import { fixtureProtocol } from '@greenhouse/mtp/testing';
import type { z } from 'zod/mini';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { protocolDiffSchema, versionCompareResponseSchema, type VersionSummary } from './version-compare.js';

const version = (number: number, overrides: Partial<VersionSummary> = {}): VersionSummary => ({
  number,
  createdAt: '2025-01-02T03:04:05.000Z',
  status: 'completed',
  samples: 15,
  quality: { right: 12, measured: 15 },
  sizeBytes: 1_234_567,
  scenarios: { passed: 4, total: 5 },
  ...overrides,
});

describe('the version comparison', () => {
  it('carries exactly what protocolDiff returns', () => {
    expectTypeOf<z.infer<typeof protocolDiffSchema>>().toEqualTypeOf<ProtocolDiff>();
    const older = fixtureProtocol('lighthouse_2_0_1.json');
    const newer = structuredClone(older);
    newer.sets[2]!.samples[0]!.value = 3;
    newer.sets.pop();
    const diff = protocolDiff(older, newer);
    expect(protocolDiffSchema.parse(diff)).toEqual(diff);
  });

  it('reads two versions and their diff; an unmeasured version has nulls', () => {
    const bees = fixtureProtocol('beekeeper_1_2_1.json');
    const response = {
      a: version(1),
      b: version(2, { status: 'processing', quality: null, sizeBytes: null, scenarios: null }),
      diff: protocolDiff(bees, bees),
    };
    expect(versionCompareResponseSchema.parse(response)).toEqual(response);
  });

  it('refuses an unknown status and negative counts', () => {
    const diff = protocolDiff(fixtureProtocol('rich_2_0_1.json'), fixtureProtocol('rich_2_0_1.json'));
    const parse = (a: unknown) => versionCompareResponseSchema.safeParse({ a, b: version(2), diff }).success;
    expect(parse(version(1))).toBe(true);
    expect(parse({ ...version(1), status: 'trained' })).toBe(false);
    expect(parse({ ...version(1), samples: -1 })).toBe(false);
    expect(parse({ ...version(1), scenarios: { passed: 1.5, total: 2 } })).toBe(false);
  });
});
