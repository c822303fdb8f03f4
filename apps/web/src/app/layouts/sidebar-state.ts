import { readItem, storageKeys, writeItem, type KeyValueStorage } from '../../lib/storage';

/**
 * The remembered open state of the sidebar on wide screens; closed unless stored as open
 * (docs/product-rules.md §2).
 */
export function readSidebarOpen(storage: KeyValueStorage | undefined): boolean {
  return readItem(storage, storageKeys.sidebarOpen) === 'true';
}

export function writeSidebarOpen(storage: KeyValueStorage | undefined, open: boolean): void {
  writeItem(storage, storageKeys.sidebarOpen, String(open));
}
