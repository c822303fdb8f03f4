import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runtimeConfigSchema } from '@greenhouse/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import {
  freePort,
  startServerProcess,
  stopServerProcesses,
  waitUntilRunning,
} from './support/server-process.js';

const dirs: string[] = [];
afterEach(async () => {
  await stopServerProcesses();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const start = (env: NodeJS.ProcessEnv) => startServerProcess(env);

function tempDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'gh-start-'));
  dirs.push(dir);
  return dir;
}

describe('starting the server on the embedded database', () => {
  it('serves /config.json, refuses a second owner of DATA_DIR, and restarts at once after SIGKILL', async () => {
    const dataDir = tempDataDir();
    const port = await freePort();
    const first = start({ PORT: String(port), DATA_DIR: dataDir });
    await waitUntilRunning(first);

    const res = await fetch(`http://127.0.0.1:${port}/config.json`);
    expect(res.status).toBe(200);
    expect(runtimeConfigSchema.parse(await res.json()).databiomesAPI).toBe('/api');

    const second = start({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('already in use by another Greenhouse process');
    expect(second.output()).toContain(`pid ${first.child.pid}`);

    first.child.kill('SIGKILL');
    await first.exited;
    const third = start({ PORT: String(port), DATA_DIR: dataDir });
    await waitUntilRunning(third);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });

    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 90_000);
});

describe('a bad configuration', () => {
  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
  ])('stops the start with a message naming the variable (%o)', async (env, name) => {
    const server = start({ DATA_DIR: tempDataDir(), ...env });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid configuration');
    expect(server.output()).toContain(name);
    expect(server.output()).not.toMatch(/\n\s+at /); // no stack trace
  });
});
