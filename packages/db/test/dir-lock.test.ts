import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DirectoryLockedError, lockDirectory } from '../src/dir-lock.js';

const holder = fileURLToPath(new URL('./fixtures/hold-lock.ts', import.meta.url));
const children: ChildProcess[] = [];
const dirs: string[] = [];

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'gh-lock-'));
  dirs.push(dir);
  return dir;
}

/** Starts a separate OS process that holds the lock, resolved once it reports holding it. */
function holdInChild(dir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', holder, dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`lock holder exited with ${code}`)));
  });
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.on('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('lockDirectory', () => {
  it('refuses a second owner in the same process and names the directory', async () => {
    const dir = tempDir();
    const lock = await lockDirectory(dir);
    await expect(lockDirectory(dir)).rejects.toBeInstanceOf(DirectoryLockedError);
    await expect(lockDirectory(dir)).rejects.toThrow(lock.directory);
    await lock.release();
    const again = await lockDirectory(dir);
    await again.release();
  });

  it('refuses while another process owns the directory, naming its pid', async () => {
    const dir = tempDir();
    const child = await holdInChild(dir);
    const error = await lockDirectory(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DirectoryLockedError);
    expect((error as DirectoryLockedError).ownerPid).toBe(child.pid);
  });

  it('is free again at once after the owner is killed with SIGKILL', async () => {
    const dir = tempDir();
    const child = await holdInChild(dir);
    await killed(child);
    const lock = await lockDirectory(dir);
    expect(lock.directory).toBeTruthy();
    await lock.release();
  });

  it('locks different directories independently', async () => {
    const a = await lockDirectory(tempDir());
    const b = await lockDirectory(tempDir());
    expect(a.directory).not.toBe(b.directory);
    await a.release();
    await b.release();
  });
});
