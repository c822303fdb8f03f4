// The integration suite's global set-up: on the embedded database (no TEST_DATABASE_URL), one migrated PGlite
// image for the whole run, which every test file's fresh database loads (packages/db/src/testing.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGLITE_IMAGE_ENV, testDatabaseDriver, writeMigratedPgliteImage } from '../src/testing.js';

export default async function setup(): Promise<(() => void) | undefined> {
  if (testDatabaseDriver() !== 'pglite') return undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'gh-pglite-image-'));
  const file = path.join(dir, 'migrated.tar.gz');
  await writeMigratedPgliteImage(file);
  // Test processes start after the global set-up and inherit this process's environment.
  process.env[PGLITE_IMAGE_ENV] = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
