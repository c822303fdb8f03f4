// Test support of every package's Vitest tests (`@greenhouse/mtp/testing`): our fixtures, the official
// reference files, and `describeWithReference` for conformance tests. Without Vitest: ./files.ts.
import { describe, it } from 'vitest';
import { referenceMissing } from './files.js';

export * from './files.js';

/**
 * `describe` for conformance tests on the official reference files. Without the reference folder: skipped,
 * announced once with a loud line (`referenceMissing`); under CI=true the test file fails instead. The body is
 * not run then: it may read reference files while it collects its tests.
 */
export function describeWithReference(name: string, body: () => void): void {
  if (!referenceMissing(`"${name}"`)) describe(name, body);
  else describe.skip(name, () => it('needs the official MTP reference (MTP_REFERENCE_DIR)', () => undefined));
}
