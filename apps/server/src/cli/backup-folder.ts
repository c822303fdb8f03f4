// What `npm run backup` writes and `npm run restore` reads: one folder holding
//   backup.json        what it is (written last: a folder without it is not a complete backup)
//   database.tar.gz    the embedded database: a PGlite image (its data directory, gzipped tar), or
//   database.dump      PostgreSQL: pg_dump's custom format
//   artifacts/         a copy of the artifact store (ARTIFACTS_DIR or ARTIFACTS_URL's bucket), without writers'
//                      temporary files: <bloom id>/<file>
import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseDriver } from '@greenhouse/db';
import { TEMPORARY_PREFIX, type ArtifactStore } from '../features/pipeline/artifact-store.js';

export const MANIFEST = 'backup.json';
export const ARTIFACTS = 'artifacts';
export const databaseFile = (driver: DatabaseDriver) =>
  driver === 'pglite' ? 'database.tar.gz' : 'database.dump';

export interface Manifest {
  format: 'greenhouse-backup-1';
  database: DatabaseDriver;
  createdAt: string;
  appVersion: string;
}

/** A problem the operator can fix: printed without a stack trace. */
export class BackupError extends Error {}

/** Runs a command that takes one folder: its usage on bad arguments, a BackupError as one line. */
export async function runFolderCommand(
  usage: string,
  name: string,
  command: (folder: string) => Promise<string>,
): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    process.stderr.write(`${usage}\n`);
    process.exit(2);
  }
  try {
    process.stdout.write(`${await command(path.resolve(args[0]!))}\n`);
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    process.stderr.write(`${name} failed: ${error.message}\n`);
    process.exit(1);
  }
}

export async function writeManifest(folder: string, manifest: Manifest): Promise<void> {
  await writeFile(path.join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
}

export async function readManifest(folder: string): Promise<Manifest> {
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(await readFile(path.join(folder, MANIFEST), 'utf8')) as Partial<Manifest>;
  } catch (error) {
    throw new BackupError(`${folder} is not a complete backup (${MANIFEST}: ${(error as Error).message})`);
  }
  if (manifest.format !== 'greenhouse-backup-1' || !['pglite', 'postgres'].includes(manifest.database!))
    throw new BackupError(`${path.join(folder, MANIFEST)} is not a Greenhouse backup this version reads`);
  return manifest as Manifest;
}

/** Entries of a folder; none when it does not exist. */
export async function entriesOf(folder: string): Promise<string[]> {
  return readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
}

/** A file or object that went away while it was copied (an agent deleted meanwhile). */
const isGone = (error: unknown) =>
  (error as NodeJS.ErrnoException).code === 'ENOENT' || (error as Error).name === 'NoSuchKey';

/**
 * Copies every finished file of the artifact store into a folder (`<bloom id>/<file>`), while the files may change.
 * A store writes each file whole (a folder's writer renames a finished temporary file into place, an S3 object is
 * put whole), so each is copied whole, old or new; unfinished temporary files are skipped, and a file removed
 * meanwhile (a deleted agent) is too.
 */
export async function copyStoreToFolder(store: ArtifactStore, to: string): Promise<number> {
  let copied = 0;
  for (const bloomId of await store.bloomIds()) {
    for (const file of await store.list(bloomId)) {
      if (file.startsWith(TEMPORARY_PREFIX)) continue;
      const data = await store.get(bloomId, file).catch((error: unknown) => {
        if (isGone(error)) return null;
        throw error;
      });
      if (!data) continue;
      await mkdir(path.join(to, bloomId), { recursive: true });
      await writeFile(path.join(to, bloomId, file), data);
      copied += 1;
    }
  }
  return copied;
}

/** Puts a backup's files (`<bloom id>/<file>`) into the artifact store. */
export async function copyFolderToStore(from: string, store: ArtifactStore): Promise<number> {
  let copied = 0;
  for (const bloomId of await entriesOf(from)) {
    for (const file of await entriesOf(path.join(from, bloomId))) {
      await store.put(bloomId, file, await readFile(path.join(from, bloomId, file)));
      copied += 1;
    }
  }
  return copied;
}

/**
 * Runs pg_dump or pg_restore on a postgres:// URL. The password goes in PGPASSWORD, not on the
 * command line, where other users of the machine could read it (ps).
 */
export function runPostgresTool(tool: 'pg_dump' | 'pg_restore', url: string, args: string[]): Promise<void> {
  const withoutPassword = new URL(url);
  const password = decodeURIComponent(withoutPassword.password);
  withoutPassword.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${withoutPassword.toString()}`], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} was not found: install PostgreSQL's client tools (Debian: postgresql-client), ` +
                'of the server major version or newer',
            )
          : error,
      ),
    );
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} failed (${signal ?? `exit ${code}`}):\n${stderr.trim()}`));
    });
  });
}
