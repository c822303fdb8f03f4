// The unit tests' global set-up: a folder for the run where trainedAgent (fixture.ts) keeps the agents it trains, so
// that each is trained once per run rather than once per test file that asks for it; removed when the run ends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The variable that names the folder (read by fixture.ts). */
export const TRAINED_AGENTS_ENV = 'GREENHOUSE_TRAINED_AGENTS';

let folder: string | undefined;

export function setup() {
  folder = mkdtempSync(path.join(tmpdir(), 'gh-trained-agents-'));
  // The test workers start after this and inherit the environment.
  process.env[TRAINED_AGENTS_ENV] = folder;
}

export function teardown() {
  if (folder) rmSync(folder, { recursive: true, force: true });
}
