import { LRUCache } from 'lru-cache';

/**
 * Answers kept with the version of the data they were made from: one is served again, without reading it
 * anew, for as long as the caller finds its data still at that version. The version must be read before the
 * answer's data (both from the database), so that an answer is never older than the version it is kept
 * under. Per process; bounded by the answers' total size (`sizeOf`, in bytes), the least recently used going
 * first. Kept values are shared by every request that gets them: never change one.
 */
export class VersionedCache<Value extends NonNullable<unknown>> {
  private readonly entries: LRUCache<string, { version: number; value: Value }>;

  constructor(maxBytes: number, sizeOf: (value: Value) => number) {
    this.entries = new LRUCache({
      maxSize: maxBytes,
      sizeCalculation: (entry) => Math.max(1, sizeOf(entry.value)),
    });
  }

  /** The answer kept for `key` at `version`, else `make`'s, kept. */
  async get(key: string, version: number, make: () => Promise<Value>): Promise<Value> {
    const kept = this.entries.get(key);
    if (kept && kept.version === version) return kept.value;
    const value = await make();
    // An answer made at an older version, finishing after a newer one, does not replace it.
    const newest = this.entries.peek(key);
    if (!newest || newest.version <= version) this.entries.set(key, { version, value });
    return value;
  }
}
