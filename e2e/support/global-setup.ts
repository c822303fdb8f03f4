// Browser tests: checks for Debian's chromium, then starts the real built app on the embedded
// defaults (a fresh DATA_DIR, a free port) for the whole run.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../scripts/lib/free-port.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    chromiumPath: string | null;
    /** The app's DATA_DIR: e-mails land in its outbox. */
    dataDir: string;
    admin: { email: string; password: string };
  }
}

/** The admin of the test installation, made with the admin CLI as a person would. */
const admin = { email: 'admin@greenhouse.test', password: 'Admin#Greenhouse1' };

function banner(lines: string[]): string {
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const bar = '!'.repeat(width);
  return ['', bar, ...lines.map((l) => `! ${l.padEnd(width - 4)} !`), bar, ''].join('\n');
}

let server: ChildProcess | null = null;
let dataDir: string | null = null;

export async function setup(project: TestProject) {
  if (!existsSync(chromiumPath)) {
    const message = banner([
      `BROWSER TESTS NOT RUN: no chromium at ${chromiumPath}.`,
      "Install Debian's chromium:  sudo apt-get install -y chromium",
      '(or set CHROMIUM_PATH to a Chromium binary)',
    ]);
    if (process.env.CI === 'true') throw new Error(message);
    process.stderr.write(message + '\n');
    project.provide('chromiumPath', null);
    project.provide('baseURL', '');
    project.provide('dataDir', '');
    project.provide('admin', admin);
    return;
  }
  const entry = path.join(root, 'apps/server/dist/main.js');
  if (!existsSync(entry) || !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('Browser tests need the built app: run `npm run build` (npm test does it for you).');
  }

  dataDir = mkdtempSync(path.join(tmpdir(), 'gh-e2e-'));
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const env = {
    PATH: process.env.PATH,
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_URL: baseURL,
    LOG_LEVEL: 'warn',
    // As behind a reverse proxy: each browser context sends its own X-Forwarded-For address.
    TRUST_PROXY: 'true',
    // The whole training pipeline on a model that trains in seconds.
    TRAINING_PRESET: 'tiny',
    // One thread: the second only adds a thread to start per run at this size (training.test.ts trains on two).
    TRAINING_THREADS: '1',
    DEVICE_FIT: 'false',
  };
  // Before the server starts: the embedded database has one owner at a time.
  const cli = path.join(root, 'apps/server/dist/cli/admin.js');
  execFileSync(
    process.execPath,
    [
      cli,
      'create',
      '--email',
      admin.email,
      '--first-name',
      'Ada',
      '--last-name',
      'Admin',
      '--password-stdin',
    ],
    { env, input: `${admin.password}\n`, stdio: ['pipe', 'ignore', 'inherit'] },
  );
  const child = spawn(process.execPath, [entry], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  server = child;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode} before it started`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the app did not start within 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  project.provide('chromiumPath', chromiumPath);
  project.provide('baseURL', baseURL);
  project.provide('dataDir', dataDir);
  project.provide('admin', admin);
}

export async function teardown() {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
