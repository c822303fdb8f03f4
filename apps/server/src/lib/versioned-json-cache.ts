import { LRUCache } from 'lru-cache';

/**
 * Answers kept as JSON text with the version of the data they were made from: one is served again, without
 * reading or writing it anew, for as long as the caller finds its data still at that version. The version
 * must be read before the answer's data (both from the database), so that an answer is never older than the
 * version it is kept under. Per process; bounded by the answers' total size, the least recently used
 * going first.
 */
export class VersionedJsonCache {
  private readonly entries: LRUCache<string, { version: number; json: string }>;

  constructor(maxBytes: number) {
    this.entries = new LRUCache({ maxSize: maxBytes, sizeCalculation: (entry) => entry.json.length || 1 });
  }

  /** The answer kept for `key` at `version`, else `make`'s, written as JSON and kept. */
  async get(key: string, version: number, make: () => Promise<unknown>): Promise<string> {
    const kept = this.entries.get(key);
    if (kept && kept.version === version) return kept.json;
    const json = JSON.stringify(await make());
    // An answer made at an older version, finishing after a newer one, does not replace it.
    const newest = this.entries.peek(key);
    if (!newest || newest.version <= version) this.entries.set(key, { version, json });
    return json;
  }
}
