// The stages' large outputs (tokenizer, weights, checkpoints, the agent file) as files:
// ARTIFACTS_DIR/<bloom id>/<stage>.<kind> for an agent's version 1 (where every agent made before versions keeps
// them), ARTIFACTS_DIR/<bloom id>/v<N>.<stage>.<kind> for version N > 1 (issue 33). The database row of each output names its file, size and
// sha256; the file is written whole before that row is committed, under a fixed name, so a stage run
// twice (after a crash) replaces it — one file per output, never two. Several workers on several
// machines share the directory (a shared volume), as they share the database.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { CHECKPOINT_KIND } from './stage-outputs.js';

/** What the database stores about a file output (the artifact row's content). */
export interface FileRef {
  file: string;
  bytes: number;
  sha256: string;
}

const TEMPORARY_PREFIX = '.tmp-';

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

export class ArtifactFiles {
  constructor(readonly root: string) {}

  private dir(bloomId: string): string {
    // Ids come from our database, but a path is never built from an unchecked string.
    if (!ID_PATTERN.test(bloomId)) throw new Error(`bad bloom id ${bloomId}`);
    return path.join(this.root, bloomId);
  }

  /**
   * Writes atomically (temporary file, fsync, rename): readers see the old file or the new one, and a
   * write that fails leaves neither a new file nor a temporary one.
   */
  async write(
    bloomId: string,
    version: number,
    stage: string,
    kind: string,
    data: Uint8Array,
  ): Promise<FileRef> {
    const dir = this.dir(bloomId);
    await mkdir(dir, { recursive: true });
    const file = `${versionFilePrefix(version)}${stage}.${kind}`;
    const temporary = path.join(dir, `${TEMPORARY_PREFIX}${randomBytes(6).toString('hex')}`);
    try {
      const handle = await open(temporary, 'w');
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, path.join(dir, file));
    } catch (error) {
      // A full disk or a failed rename leaves no partial file behind (best effort: the folder may be gone).
      await rm(temporary, { force: true }).catch(() => undefined);
      throw error;
    }
    return { file, bytes: data.byteLength, sha256: createHash('sha256').update(data).digest('hex') };
  }

  /** Reads a file output and checks it is the one the database row describes. */
  async read(bloomId: string, ref: FileRef): Promise<Buffer> {
    const data = await readFile(path.join(this.dir(bloomId), ref.file));
    const sha256 = createHash('sha256').update(data).digest('hex');
    if (sha256 !== ref.sha256) throw new Error(`${ref.file} does not match its checksum`);
    return data;
  }

  async size(bloomId: string, ref: FileRef): Promise<number> {
    return (await stat(path.join(this.dir(bloomId), ref.file))).size;
  }

  async remove(bloomId: string, file: string): Promise<void> {
    await rm(path.join(this.dir(bloomId), file), { force: true });
  }

  /** A stage's checkpoint files (`<stage>.checkpoint-<run>`) of one version, but for the one to `keep`. */
  async removeCheckpoints(bloomId: string, version: number, stage: string, keep?: string): Promise<void> {
    const entries = await readdir(this.dir(bloomId)).catch(() => [] as string[]);
    const prefix = `${versionFilePrefix(version)}${stage}.${CHECKPOINT_KIND}`;
    await Promise.all(
      entries.filter((e) => e.startsWith(prefix) && e !== keep).map((e) => this.remove(bloomId, e)),
    );
  }

  /** Every file of one version of an agent (the version was deleted). */
  async removeVersion(bloomId: string, version: number): Promise<void> {
    const entries = await readdir(this.dir(bloomId)).catch(() => [] as string[]);
    await Promise.all(entries.filter((e) => isVersionFile(e, version)).map((e) => this.remove(bloomId, e)));
  }

  /** Temporary files a killed writer left behind (stages of one agent never run at once). */
  async removeTemporary(bloomId: string): Promise<void> {
    const entries = await readdir(this.dir(bloomId)).catch(() => [] as string[]);
    await Promise.all(
      entries.filter((e) => e.startsWith(TEMPORARY_PREFIX)).map((e) => this.remove(bloomId, e)),
    );
  }

  /** Everything of one agent (after the agent was deleted). */
  async removeAll(bloomId: string): Promise<void> {
    await rm(this.dir(bloomId), { recursive: true, force: true });
  }

  /** The files of one agent, for tests and checks. */
  async list(bloomId: string): Promise<string[]> {
    return (await readdir(this.dir(bloomId)).catch(() => [] as string[])).sort();
  }
}
