// What `npm run backup` writes and `npm run restore` reads: one folder holding
//   backup.json        what it is (written last: a folder without it is not a complete backup)
//   database.tar.gz    the embedded database: a PGlite image (its data directory, gzipped tar), or
//   database.dump      PostgreSQL: pg_dump's custom format
//   artifacts/         a copy of ARTIFACTS_DIR, without writers' temporary files
import { spawn } from 'node:child_process';
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseDriver } from '@greenhouse/db';

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

const isGone = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Copies a folder tree while its files may change. Writers write a temporary `.tmp-*` file and
 * rename it over the old one (artifact-files.ts), so each file is copied whole, old or new; the
 * temporary files are skipped, and a file or folder removed meanwhile (a deleted agent) is too.
 */
export async function copyTree(from: string, to: string): Promise<number> {
  let copied = 0;
  let entries;
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (error) {
    if (isGone(error)) return 0;
    throw error;
  }
  await mkdir(to, { recursive: true });
  for (const entry of entries) {
    if (entry.name.startsWith('.tmp-')) continue;
    const source = path.join(from, entry.name);
    if (entry.isDirectory()) copied += await copyTree(source, path.join(to, entry.name));
    else if (entry.isFile())
      copied += await copyFile(source, path.join(to, entry.name)).then(
        () => 1,
        (error: unknown) => {
          if (isGone(error)) return 0;
          throw error;
        },
      );
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
