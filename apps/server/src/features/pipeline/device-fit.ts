// Device fit at export (issue 33): the exported agent file measured on this machine as `flora info --json` measures
// it on a user's (packages/flora/src/device-fit.ts) — the built CLI run as a child process, which runs its own
// children, so the event loop here only waits. With Flora native when this server has its linux-x64 build (and the
// device-fit measurer built beside it). Any failure gives null, logged: the export goes on without the figures.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { deviceFitSchema, type DeviceFit } from '@greenhouse/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { defaultFloraDownloadsDir, listFloraDownloads } from '../flora/flora-downloads.js';

// This file is at apps/server/{src,dist}/features/pipeline/; the CLI is built by scripts/build.mjs.
const floraCli = fileURLToPath(new URL('../../../../../packages/flora/dist/flora-cli.js', import.meta.url));
/** Seconds for the whole measuring (a few for the small agents; a large one stops here rather than hold the job). */
const TIMEOUT_MS = 120_000;

/** The figures of `agent` (the agent file's text), or null when they could not be measured (logged). */
export async function measureDeviceFit(
  agent: string,
  downloadsDir: string | null,
  log: Pick<FastifyBaseLogger, 'warn'> | undefined,
): Promise<DeviceFit | null> {
  const dir = await mkdtemp(path.join(tmpdir(), 'greenhouse-device-fit-'));
  try {
    const file = path.join(dir, 'agent.json');
    await writeFile(file, agent);
    const downloads = downloadsDir ?? defaultFloraDownloadsDir;
    const native = (await listFloraDownloads(downloads)).find((d) => d.kind === 'native-linux-x64');
    const args = [floraCli, 'info', file, '--json'];
    if (native) args.push('--native', path.join(downloads, native.file));
    const { stdout } = await promisify(execFile)(process.execPath, args, {
      timeout: TIMEOUT_MS,
      maxBuffer: 16 * 2 ** 20,
    });
    const fit = deviceFitSchema.parse((JSON.parse(stdout) as { deviceFit?: unknown }).deviceFit);
    return native ? fit : { ...fit, nativeMissingReason: 'this server has no Flora native linux-x64 build' };
  } catch (error) {
    log?.warn({ err: error }, 'could not measure the exported agent’s device fit');
    return null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
