import { runtimeConfigSchema, type RuntimeConfig } from '@greenhouse/contracts';
import { useSyncExternalStore } from 'react';
import {
  localStore,
  readItem,
  removeItem,
  sessionStore,
  storageKeys,
  writeItem,
  type KeyValueStorage,
} from './storage';

/** The static runtime config file, served by the API server next to the SPA. */
export const CONFIG_URL = '/config.json';

export type RuntimeConfigState =
  { status: 'loading' } | { status: 'ready'; config: RuntimeConfig } | { status: 'failed'; error: Error };

export async function fetchRuntimeConfig(fetchFn: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchFn(CONFIG_URL, { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`Could not load ${CONFIG_URL} (HTTP ${response.status}).`);
  return runtimeConfigSchema.parse(await response.json());
}

export function parseStoredConfig(raw: string | null): RuntimeConfig | null {
  if (!raw) return null;
  try {
    const parsed = runtimeConfigSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Whether the page must reload because the server reports another app version than the config it runs
 * with (docs/product-rules.md §4). At most once per reported version: if the page already reloaded for this
 * version and the mismatch is still there (say a stale /config.json), reloading again would loop forever.
 */
export function shouldReloadForVersion(input: {
  currentVersion: string | undefined;
  reportedVersion: string | null | undefined;
  reloadedForVersion: string | null;
}): boolean {
  const { currentVersion, reportedVersion, reloadedForVersion } = input;
  if (!reportedVersion || currentVersion === undefined) return false;
  return reportedVersion !== currentVersion && reportedVersion !== reloadedForVersion;
}

export interface RuntimeConfigStoreDeps {
  fetchConfig: () => Promise<RuntimeConfig>;
  local: () => KeyValueStorage | undefined;
  session: () => KeyValueStorage | undefined;
  reload: () => void;
}

export function createRuntimeConfigStore(deps: RuntimeConfigStoreDeps) {
  let state: RuntimeConfigState = { status: 'loading' };
  let reloading = false;
  const listeners = new Set<() => void>();

  const setState = (next: RuntimeConfigState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const adopt = (config: RuntimeConfig) => {
    writeItem(deps.local(), storageKeys.config, JSON.stringify(config));
    setState({ status: 'ready', config });
  };
  const currentVersion = () => (state.status === 'ready' ? state.config.version : undefined);
  const mustReload = (reportedVersion: string) =>
    !reloading &&
    shouldReloadForVersion({
      currentVersion: currentVersion(),
      reportedVersion,
      reloadedForVersion: readItem(deps.session(), storageKeys.reloadedForVersion),
    });

  /** Replaces the stored config with the current one (fetched unless given) and reloads the page. */
  const reloadFor = async (version: string, fresh?: RuntimeConfig) => {
    reloading = true;
    writeItem(deps.session(), storageKeys.reloadedForVersion, version);
    try {
      const config = fresh ?? (await deps.fetchConfig());
      writeItem(deps.local(), storageKeys.config, JSON.stringify(config));
    } catch {
      // Without a fresh copy, drop the stale one: the next start fetches the config before anything else.
      removeItem(deps.local(), storageKeys.config);
    }
    deps.reload();
  };

  return {
    getState: (): RuntimeConfigState => state,
    getConfig: (): RuntimeConfig | null => (state.status === 'ready' ? state.config : null),
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Starts with the cached copy when there is one, and always re-fetches the file. */
    async start(): Promise<void> {
      const cached = parseStoredConfig(readItem(deps.local(), storageKeys.config));
      if (cached) setState({ status: 'ready', config: cached });
      let fresh: RuntimeConfig;
      try {
        fresh = await deps.fetchConfig();
      } catch (error) {
        // With a cached copy the app keeps running on it; without one it cannot reach the API at all.
        if (!cached)
          setState({ status: 'failed', error: error instanceof Error ? error : new Error(String(error)) });
        return;
      }
      if (mustReload(fresh.version)) await reloadFor(fresh.version, fresh);
      else adopt(fresh);
    },

    /** Called with the X-App-Version header of every API response. */
    reportVersion(version: string): void {
      if (mustReload(version)) void reloadFor(version);
    },
  };
}

export const runtimeConfig = createRuntimeConfigStore({
  fetchConfig: () => fetchRuntimeConfig(),
  local: localStore,
  session: sessionStore,
  reload: () => window.location.reload(),
});

export function useRuntimeConfigState(): RuntimeConfigState {
  return useSyncExternalStore(runtimeConfig.subscribe, runtimeConfig.getState);
}
