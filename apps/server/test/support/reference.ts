// The official MTP reference files (JSON Schemas, example protocols), read from MTP_REFERENCE_DIR (default
// ../shared/mtp beside the checkout, which CI has). They are not copied into the project: tests that need them
// use `describeWithReference`, which skips them with one loud line when the folder is missing — and fails
// instead under CI=true, where it must be there.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe } from 'vitest';

const checkout = fileURLToPath(new URL('../../../../', import.meta.url));
export const MTP_REFERENCE_DIR = path.resolve(
  checkout,
  process.env.MTP_REFERENCE_DIR || path.join('..', 'shared', 'mtp'),
);
export const hasReference = existsSync(path.join(MTP_REFERENCE_DIR, 'examples'));

/** An official example file's text (e.g. bloom_2_0_1.json). */
export const referenceExample = (name: string) =>
  readFileSync(path.join(MTP_REFERENCE_DIR, 'examples', name), 'utf8');

let warned = false;
/** `describe`, or — without the reference folder — a skipped one announced once, loudly (a failure under CI). */
export function describeWithReference(name: string, body: () => void): void {
  if (hasReference) {
    describe(name, body);
    return;
  }
  if (process.env.CI === 'true')
    throw new Error(
      `MTP_REFERENCE_DIR ${MTP_REFERENCE_DIR} is missing (CI must have the official reference)`,
    );
  if (!warned) {
    warned = true;
    console.warn(
      `\n!!! SKIPPED: tests on the official MTP reference files — ${MTP_REFERENCE_DIR} is missing ` +
        '(set MTP_REFERENCE_DIR to the reference folder)\n',
    );
  }
  // The body is not run: it may read reference files while it collects its tests.
  describe.skip(name, () => undefined);
}
