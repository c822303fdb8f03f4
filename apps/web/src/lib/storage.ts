/**
 * Every key the web app keeps in the browser's storage, in one place so nothing collides.
 * `language` is the key docs/product-rules.md §9 names; the others are ours.
 */
export const storageKeys = {
  /** localStorage: 'en' | 'pl'. */
  language: 'language',
  /** localStorage: 'true' | 'false', the sidebar's open state on wide screens. */
  sidebarOpen: 'greenhouse.sidebar.open',
  /** localStorage: the last runtime config (JSON of /config.json). */
  config: 'greenhouse.config',
  /** sessionStorage: the app version the page last reloaded for (guards against reload loops). */
  reloadedForVersion: 'greenhouse.config.reloaded-for',
  /** sessionStorage: where to go back to after signing in again (JSON, see return-after-sign-in.ts). */
  returnAfterSignIn: 'greenhouse.return-after-sign-in',
} as const;

/** The part of the Storage interface the app uses; tests pass a Map-backed fake. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

// Storage can be missing or throw (privacy modes, full quota): the app then simply forgets.

export function readItem(storage: KeyValueStorage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(storage: KeyValueStorage | undefined, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Not persisted; the in-memory state still applies.
  }
}

export function removeItem(storage: KeyValueStorage | undefined, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing stored that could be removed.
  }
}

function browserStorage(kind: 'localStorage' | 'sessionStorage'): KeyValueStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window[kind];
  } catch {
    return undefined;
  }
}

export const localStore = (): KeyValueStorage | undefined => browserStorage('localStorage');
export const sessionStore = (): KeyValueStorage | undefined => browserStorage('sessionStorage');
