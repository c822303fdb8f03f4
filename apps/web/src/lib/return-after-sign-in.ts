import { readItem, removeItem, storageKeys, writeItem, type KeyValueStorage } from './storage';

/** How long a remembered return stays good: a sign-in with Google takes a minute, not an hour. */
const MAX_AGE_MS = 10 * 60_000;

export interface ReturnAfterSignIn {
  /** A path of this app ("/settings"), never another site's address. */
  path: string;
  /** What the user was about to do there, e.g. "delete-account". */
  intent: string;
}

const sessionStore = (): KeyValueStorage | undefined =>
  typeof sessionStorage === 'undefined' ? undefined : sessionStorage;

const isAppPath = (path: unknown): path is string =>
  typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');

/**
 * Remembers (in this tab) where a user who leaves to sign in again should come back to, e.g. /settings
 * after the fresh Google sign-in that deleting a Google-only account asks for.
 */
export function rememberReturnAfterSignIn(
  target: ReturnAfterSignIn,
  storage = sessionStore(),
  now = Date.now(),
): void {
  writeItem(storage, storageKeys.returnAfterSignIn, JSON.stringify({ ...target, at: now }));
}

/** The remembered return, if any and still fresh. Reads only (safe during render). */
export function returnAfterSignIn(storage = sessionStore(), now = Date.now()): ReturnAfterSignIn | null {
  const raw = readItem(storage, storageKeys.returnAfterSignIn);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { path?: unknown; intent?: unknown; at?: unknown };
    const fresh = typeof value.at === 'number' && now - value.at >= 0 && now - value.at <= MAX_AGE_MS;
    return fresh && isAppPath(value.path) && typeof value.intent === 'string'
      ? { path: value.path, intent: value.intent }
      : null;
  } catch {
    return null;
  }
}

export function forgetReturnAfterSignIn(storage = sessionStore()): void {
  removeItem(storage, storageKeys.returnAfterSignIn);
}
