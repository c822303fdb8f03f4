// The outputs as files in a folder (ARTIFACTS_DIR, the default): ARTIFACTS_DIR/<bloom id>/<file>. Workers on
// several machines may share it as a volume, but object storage is the tested way (s3-artifact-store.ts).
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { ArtifactStore, checkedName, TEMPORARY_PREFIX, type DirectDownload } from './artifact-store.js';

export class LocalArtifactStore extends ArtifactStore {
  constructor(readonly root: string) {
    super();
  }

  get location(): string {
    return this.root;
  }

  private dir(bloomId: string): string {
    return path.join(this.root, checkedName('id', bloomId));
  }

  private path(bloomId: string, file: string): string {
    return path.join(this.dir(bloomId), checkedName('file', file));
  }

  /**
   * Writes atomically (temporary file, fsync, rename): readers see the old file or the new one, and a
   * write that fails leaves neither a new file nor a temporary one.
   */
  async put(bloomId: string, file: string, data: Uint8Array): Promise<void> {
    const target = this.path(bloomId, file);
    const dir = path.dirname(target);
    await mkdir(dir, { recursive: true });
    const temporary = path.join(dir, `${TEMPORARY_PREFIX}${randomBytes(6).toString('hex')}`);
    try {
      const handle = await open(temporary, 'w');
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, target);
    } catch (error) {
      // A full disk or a failed rename leaves no partial file behind (best effort: the folder may be gone).
      await rm(temporary, { force: true }).catch(() => undefined);
      throw error;
    }
  }

  get(bloomId: string, file: string): Promise<Buffer> {
    return readFile(this.path(bloomId, file));
  }

  async remove(bloomId: string, file: string): Promise<void> {
    await rm(this.path(bloomId, file), { force: true });
  }

  async list(bloomId: string): Promise<string[]> {
    return (await readdir(this.dir(bloomId)).catch(() => [] as string[])).sort();
  }

  async removeAll(bloomId: string): Promise<void> {
    await rm(this.dir(bloomId), { recursive: true, force: true });
  }

  async bloomIds(): Promise<string[]> {
    const entries = await readdir(this.root, { withFileTypes: true }).catch(() => []);
    return entries
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  }

  /** A folder has no address of its own: the API sends its files. */
  directDownload(): Promise<DirectDownload | null> {
    return Promise.resolve(null);
  }
}
