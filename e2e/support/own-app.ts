// An app of a test's own (its own DATA_DIR, port and environment), for settings the shared app does not
// have, e.g. ACCOUNT_APPROVAL. Its accounts are made with the admin CLI before it starts: the embedded
// database has one owner at a time.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/lib/free-port.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface OwnApp {
  url: string;
  dataDir: string;
  stop: () => Promise<void>;
}

/** An admin made with the CLI's `create` (confirmed and active). */
export interface CliAdmin {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Starts the built app with `env` on top of the browser tests' defaults; resolves once /api/health answers. */
export async function startOwnApp(env: Record<string, string>, admins: CliAdmin[] = []): Promise<OwnApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gh-e2e-own-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const fullEnv = {
    PATH: process.env.PATH,
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_URL: url,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    TRAINING_PRESET: 'tiny',
    TRAINING_THREADS: '1',
    DEVICE_FIT: 'false',
    ...env,
  };
  for (const account of admins) {
    execFileSync(
      process.execPath,
      [
        path.join(root, 'apps/server/dist/cli/admin.js'),
        'create',
        '--email',
        account.email,
        '--first-name',
        account.firstName,
        '--last-name',
        account.lastName,
        '--password-stdin',
      ],
      { env: fullEnv, input: `${account.password}\n`, stdio: ['pipe', 'ignore', 'inherit'] },
    );
  }
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: fullEnv,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode} before it started`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the app did not start within 60 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, dataDir, stop };
}
