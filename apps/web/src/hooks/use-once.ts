import { useEffect, useEffectEvent, useState } from 'react';

/** Tasks started by useOnce, by key: each key's task runs once per page load. */
const runs = new Map<string, Promise<unknown>>();

/** Starts the task for `key` unless it has already been started; either way returns its promise. */
export function runOnce<T>(key: string, task: () => Promise<T>): Promise<T> {
  let run = runs.get(key) as Promise<T> | undefined;
  if (!run) {
    run = task();
    runs.set(key, run);
  }
  return run;
}

export type OnceState<T> =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'success'; data: T }
  | { status: 'error'; error: unknown };

type Settled<T> = { key: string } & ({ status: 'success'; data: T } | { status: 'error'; error: unknown });

/**
 * Runs `task` once for `key` (null: nothing to run) when the component mounts, and follows its outcome.
 * For requests that must not be repeated, such as posting a single-use token: React's StrictMode double
 * effects, a remount, or a second component with the same key all share the first run. Side effects that
 * must happen exactly once belong inside the task.
 */
export function useOnce<T>(key: string | null, task: () => Promise<T>): OnceState<T> {
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const start = useEffectEvent((runKey: string) => runOnce(runKey, task));

  useEffect(() => {
    if (key === null) return;
    let active = true;
    start(key).then(
      (data) => active && setSettled({ key, status: 'success', data }),
      (error: unknown) => active && setSettled({ key, status: 'error', error }),
    );
    return () => {
      active = false;
    };
  }, [key]);

  if (key === null) return { status: 'idle' };
  if (!settled || settled.key !== key) return { status: 'pending' };
  return settled.status === 'success'
    ? { status: 'success', data: settled.data }
    : { status: 'error', error: settled.error };
}
