import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { rootPackageJson, webDistDir } from './paths.js';

/**
 * The version clients compare with their cached /config.json (docs/product-rules.md §4): the release number
 * plus a fingerprint of the built web app, whose index.html names its content-hashed bundles,
 * so every new build of the front end makes open pages reload once.
 */
export function appVersion(): string {
  const { version } = JSON.parse(readFileSync(rootPackageJson, 'utf8')) as { version?: string };
  const release = version ?? '0.0.0';
  const index = path.join(webDistDir, 'index.html');
  if (!existsSync(index)) return release;
  const fingerprint = createHash('sha256').update(readFileSync(index)).digest('hex').slice(0, 10);
  return `${release}+${fingerprint}`;
}
