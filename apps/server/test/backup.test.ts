// Backup and restore (issue 19; README, "Backup and restore"), with real OS processes: a server
// trains an agent; while it runs, `npm run backup` takes the database (from the running server on
// the embedded database, pg_dump on PostgreSQL) and the artifacts; `npm run restore` puts them into a
// new DATA_DIR and ARTIFACTS_DIR (and a new PostgreSQL database when TEST_DATABASE_URL is set); a
// server on the restored data lists the same agents and serves the same agent file. Once with the artifacts in
// a folder, once in an S3 bucket (issue 35; the test peer, support/s3-peer.ts): the backup copies the objects
// beside the dump, the restore puts them into another prefix.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testDatabaseDriver } from '@greenhouse/db/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { signedInHttpClient, type HttpClient } from './support/http-client.js';
import { emptyInstallation, withConfirmedUser, type Cleanup } from './support/installation.js';
import {
  freePort,
  nodeCommand,
  startServerProcess,
  stopServerProcesses,
  waitUntilRunning,
  type ServerProcess,
} from './support/server-process.js';
import { startS3Peer, type S3Peer } from './support/s3-peer.js';
import { exampleProtocol, pollBloom, settled, TRAINED_FILES } from './support/training.js';

const cleanups: Cleanup[] = [];
let peer: S3Peer | undefined;
afterAll(async () => {
  await peer?.close();
  await stopServerProcesses();
  for (const cleanup of cleanups) await cleanup();
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

type StoreKind = 'folder' | 'S3';

/** An empty installation whose artifacts are in its DATA_DIR, or under a prefix of its own in the S3 peer's bucket. */
async function installation(prefix: string, store: StoreKind) {
  const made = await emptyInstallation(prefix, cleanups);
  if (store === 'S3') {
    peer ??= await startS3Peer();
    made.env = { ...made.env, ...peer.env(`${prefix}${Date.now()}`) };
  }
  return made;
}

function cli(name: 'backup' | 'restore', env: NodeJS.ProcessEnv, folder: string) {
  const entry = fileURLToPath(new URL(`../src/cli/${name}.ts`, import.meta.url));
  return new Promise<{ code: number; out: string }>((resolve) => {
    const [node, ...args] = nodeCommand(entry);
    execFile(
      node!,
      [...args, folder],
      { env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, out: stdout + stderr }),
    );
  });
}

async function startServer(env: NodeJS.ProcessEnv, email: string) {
  const port = await freePort();
  const server = startServerProcess({
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    TRAINING_PRESET: 'tiny',
    TRAINING_THREADS: '1',
  });
  await waitUntilRunning(server);
  const client = await signedInHttpClient(port, email);
  return { server, client };
}

async function stop(server: ServerProcess) {
  server.child.kill('SIGTERM');
  await server.exited;
}

/** What a user sees of their agents: the list, and each trained agent's file. */
async function agentsSeenBy(client: HttpClient) {
  const list = await client.get('/api/blooms');
  expect(list.status).toBe(200);
  const blooms = (list.json as { blooms: { id: string; name: string; status: string }[] }).blooms;
  const files: Record<string, string> = {};
  for (const bloom of blooms) {
    const download = await client.get(`/api/blooms/${bloom.id}/download`);
    expect(download.status, download.text).toBe(200);
    files[bloom.id] = download.text;
  }
  return { list: list.json, files };
}

// The folder on the embedded database, the S3 bucket on PostgreSQL (the multi-host set-up): each store is backed up
// and restored once per CI run, and each lane trains one agent here rather than two.
const stores: StoreKind[] = testDatabaseDriver() === 'postgres' ? ['S3'] : ['folder'];

describe.each<StoreKind>(stores)(`backup and restore (${testDatabaseDriver()}, artifacts in %s)`, (store) => {
  it(
    'restores a backup taken while the server runs, with the same agents and agent files',
    { timeout: 600_000 },
    async () => {
      const original = await installation('gh-backup-', store);
      const email = await withConfirmedUser(original.options, 'backup');

      const { server, client } = await startServer(original.env, email);
      const uploaded = await client.upload('/api/bloom/upload', 'bloom.json', exampleProtocol());
      expect(uploaded.status).toBe(201);
      const id = (uploaded.json as { id: string }).id;
      const trained = await pollBloom(
        async () => (await client.get(`/api/blooms/${id}`)).json,
        settled,
        180_000,
      );
      expect(trained.dataset.model.status).toBe('completed');
      const before = await agentsSeenBy(client);
      expect(Object.keys(before.files)).toEqual([id]);

      // While the server runs (and owns the embedded database).
      const folder = path.join(tempDir('gh-backup-folder-'), 'backup');
      const backedUp = await cli('backup', original.env, folder);
      expect(backedUp.out).toContain('Backed up');
      expect(backedUp.code).toBe(0);
      expect(server.child.exitCode).toBeNull();
      expect(readdirSync(path.join(folder, 'artifacts', id)).sort()).toEqual(TRAINED_FILES);
      await stop(server);

      const restored = await installation('gh-restored-', store);
      const restoredRun = await cli('restore', restored.env, folder);
      expect(restoredRun.out).toContain(`${TRAINED_FILES.length} file outputs match their records`);
      expect(restoredRun.out).not.toContain('MISSING');
      expect(restoredRun.code).toBe(0);
      // It never overwrites: the same restore again is refused, and changes nothing.
      const again = await cli('restore', restored.env, folder);
      expect(again.code).toBe(1);
      expect(again.out).toContain('not empty');

      const { client: restoredClient } = await startServer(restored.env, email);
      const after = await agentsSeenBy(restoredClient);
      expect(after.list).toEqual(before.list);
      expect(after.files).toEqual(before.files);
    },
  );
});
