import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../lib/storage';
import { memoryStorage } from '../../test/memory-storage';
import { readSidebarOpen, writeSidebarOpen } from './sidebar-state';

describe('sidebar open state', () => {
  it('is closed by default', () => {
    expect(readSidebarOpen(memoryStorage())).toBe(false);
    expect(readSidebarOpen(undefined)).toBe(false);
  });

  it('is remembered under a fixed key', () => {
    const storage = memoryStorage();
    writeSidebarOpen(storage, true);
    expect(storage.dump()).toEqual({ 'greenhouse.sidebar.open': 'true' });
    expect(readSidebarOpen(storage)).toBe(true);
    writeSidebarOpen(storage, false);
    expect(readSidebarOpen(storage)).toBe(false);
  });

  it('treats anything but "true" as closed', () => {
    expect(readSidebarOpen(memoryStorage({ [storageKeys.sidebarOpen]: 'yes' }))).toBe(false);
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    expect(() => writeSidebarOpen(broken, true)).not.toThrow();
    expect(readSidebarOpen(broken)).toBe(false);
  });
});
