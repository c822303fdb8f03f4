// The stages' large outputs (tokenizer, weights, checkpoints, the agent file) behind one interface, with two
// places to keep them (issue 35): a folder (local-artifact-store.ts, the default) and an S3 bucket
// (s3-artifact-store.ts), for workers on several machines. Each output is `<bloom id>/<stage>.<kind>` for an
// agent's version 1 (where every agent made before versions keeps them) and `<bloom id>/v<N>.<stage>.<kind>` for
// version N > 1 (issue 33). The database row of each output names its file, size and sha256; the file is written
// whole before that row is committed, under a fixed name, so a stage run twice (after a crash) replaces it — one
// file per output, never two — and a reader never sees a partial one.
import { createHash } from 'node:crypto';
import type { S3StoreConfig } from './s3-artifact-store.js';
import { CHECKPOINT_KIND } from './stage-outputs.js';

/** What the database stores about a file output (the artifact row's content). */
export interface FileRef {
  file: string;
  bytes: number;
  sha256: string;
}

/** The start of the names a writer uses while a file is unfinished (the folder's; S3 writes have none). */
export const TEMPORARY_PREFIX = '.tmp-';

/** The start of a version's file names: none for version 1 (the names before versions), `v<N>.` after. */
export function versionFilePrefix(version: number): string {
  if (!Number.isSafeInteger(version) || version < 1) throw new Error(`bad version ${version}`);
  return version === 1 ? '' : `v${version}.`;
}

/** Whether a file of an agent's folder belongs to this version. */
function isVersionFile(file: string, version: number): boolean {
  return version === 1
    ? !/^v\d+\./.test(file) && !file.startsWith(TEMPORARY_PREFIX)
    : file.startsWith(versionFilePrefix(version));
}

const ID_PATTERN = /^[A-Za-z0-9_-]+$/;
const FILE_PATTERN = /^[A-Za-z0-9_.-]+$/;

/** Ids come from our database, but a path or key is never built from an unchecked string. */
export function checkedName(kind: 'id' | 'file', name: string): string {
  const pattern = kind === 'id' ? ID_PATTERN : FILE_PATTERN;
  if (!pattern.test(name) || name === '.' || name === '..') throw new Error(`bad ${kind} ${name}`);
  return name;
}

const sha256Of = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** A file the API need not pass through: an address the client fetches it from itself, for a short while. */
export interface DirectDownload {
  url: string;
}

/**
 * Where the outputs are kept. An implementation stores bytes under (bloom id, file name) atomically — a reader sees
 * the old bytes or the new ones, never part of them — and lists and deletes them; the names, checksums and which
 * files belong to a version or a stage are decided here, once for both.
 */
export abstract class ArtifactStore {
  /** Where the files are, for logs and operators' messages (a folder, or s3://bucket/prefix). */
  abstract readonly location: string;

  /** Stores a file whole, replacing any file of that name. */
  abstract put(bloomId: string, file: string, data: Uint8Array): Promise<void>;
  /** A file's bytes as stored (no check: read() checks them against their row). */
  abstract get(bloomId: string, file: string): Promise<Buffer>;
  /** Deletes a file; a missing one is no error. */
  abstract remove(bloomId: string, file: string): Promise<void>;
  /** The names of one agent's files, sorted (none when the agent has none). */
  abstract list(bloomId: string): Promise<string[]>;
  /** Deletes every file of one agent. */
  abstract removeAll(bloomId: string): Promise<void>;
  /** The agents that have files (for backups and checks). */
  abstract bloomIds(): Promise<string[]>;
  /**
   * An address a client may fetch the file from directly for a short while, answered with this Content-Disposition
   * (the name it is saved under); null when this store cannot give one (the API then sends the file itself).
   */
  abstract directDownload(
    bloomId: string,
    ref: FileRef,
    contentDisposition: string,
  ): Promise<DirectDownload | null>;

  /** Writes a stage's output; what the database row is to record of it. */
  async write(
    bloomId: string,
    version: number,
    stage: string,
    kind: string,
    data: Uint8Array,
  ): Promise<FileRef> {
    const file = `${versionFilePrefix(version)}${stage}.${kind}`;
    await this.put(bloomId, file, data);
    return { file, bytes: data.byteLength, sha256: sha256Of(data) };
  }

  /** Reads a file output and checks it is the one the database row describes. */
  async read(bloomId: string, ref: FileRef): Promise<Buffer> {
    const data = await this.get(bloomId, ref.file);
    if (sha256Of(data) !== ref.sha256) throw new Error(`${ref.file} does not match its checksum`);
    return data;
  }

  /** A stage's checkpoint files (`<stage>.checkpoint-<run>`) of one version, but for the one to `keep`. */
  async removeCheckpoints(bloomId: string, version: number, stage: string, keep?: string): Promise<void> {
    const prefix = `${versionFilePrefix(version)}${stage}.${CHECKPOINT_KIND}`;
    await this.removeWhere(bloomId, (file) => file.startsWith(prefix) && file !== keep);
  }

  /** Every file of one version of an agent (the version was deleted). */
  async removeVersion(bloomId: string, version: number): Promise<void> {
    await this.removeWhere(bloomId, (file) => isVersionFile(file, version));
  }

  /** Unfinished files a killed writer left behind (stages of one agent never run at once). */
  async removeTemporary(bloomId: string): Promise<void> {
    await this.removeWhere(bloomId, (file) => file.startsWith(TEMPORARY_PREFIX));
  }

  private async removeWhere(bloomId: string, test: (file: string) => boolean): Promise<void> {
    const files = (await this.list(bloomId)).filter(test);
    await Promise.all(files.map((file) => this.remove(bloomId, file)));
  }
}

/** The store the configuration names: the S3 bucket of ARTIFACTS_URL, else the folder ARTIFACTS_DIR. */
export async function createArtifactStore(config: {
  artifactsDir: string;
  s3: S3StoreConfig | null;
}): Promise<ArtifactStore> {
  // The S3 client is loaded only when a bucket is configured: the folder needs none of it.
  if (config.s3) return new (await import('./s3-artifact-store.js')).S3ArtifactStore(config.s3);
  return new (await import('./local-artifact-store.js')).LocalArtifactStore(config.artifactsDir);
}
