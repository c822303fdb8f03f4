import type { RuntimeConfig } from '@greenhouse/contracts';
import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../test/memory-storage';
import { createRuntimeConfigStore, parseStoredConfig, shouldReloadForVersion } from './runtime-config';
import { storageKeys } from './storage';

const v1: RuntimeConfig = {
  version: '1',
  databiomesAPI: 'http://localhost:3000/api',
  authTokenName: 'gh',
  googleSignIn: false,
};
const v2: RuntimeConfig = { ...v1, version: '2' };

describe('shouldReloadForVersion', () => {
  it('reloads when the server reports another version than the running config', () => {
    expect(
      shouldReloadForVersion({ currentVersion: '1', reportedVersion: '2', reloadedForVersion: null }),
    ).toBe(true);
  });

  it('does not reload when the versions match', () => {
    expect(
      shouldReloadForVersion({ currentVersion: '2', reportedVersion: '2', reloadedForVersion: null }),
    ).toBe(false);
  });

  it('reloads at most once per reported version (no reload loop)', () => {
    expect(
      shouldReloadForVersion({ currentVersion: '1', reportedVersion: '2', reloadedForVersion: '2' }),
    ).toBe(false);
    expect(
      shouldReloadForVersion({ currentVersion: '1', reportedVersion: '3', reloadedForVersion: '2' }),
    ).toBe(true);
  });

  it('does nothing without a reported version or before a config is loaded', () => {
    expect(
      shouldReloadForVersion({ currentVersion: '1', reportedVersion: null, reloadedForVersion: null }),
    ).toBe(false);
    expect(
      shouldReloadForVersion({ currentVersion: '1', reportedVersion: '', reloadedForVersion: null }),
    ).toBe(false);
    expect(
      shouldReloadForVersion({ currentVersion: undefined, reportedVersion: '2', reloadedForVersion: null }),
    ).toBe(false);
  });
});

describe('parseStoredConfig', () => {
  it('reads a stored config and ignores anything else', () => {
    expect(parseStoredConfig(JSON.stringify(v1))).toEqual(v1);
    expect(parseStoredConfig(null)).toBeNull();
    expect(parseStoredConfig('{oops')).toBeNull();
    expect(parseStoredConfig(JSON.stringify({ version: 1 }))).toBeNull();
  });
});

function setup(opts: {
  cached?: RuntimeConfig;
  fetched?: RuntimeConfig | Error;
  session?: Record<string, string>;
}) {
  const local = memoryStorage(opts.cached ? { [storageKeys.config]: JSON.stringify(opts.cached) } : {});
  const session = memoryStorage(opts.session);
  const reload = vi.fn();
  let resolveFetch: () => void = () => undefined;
  const fetchConfig = vi.fn(
    () =>
      new Promise<RuntimeConfig>((resolve, reject) => {
        resolveFetch = () =>
          opts.fetched instanceof Error ? reject(opts.fetched) : resolve(opts.fetched ?? v1);
      }),
  );
  const store = createRuntimeConfigStore({ fetchConfig, local: () => local, session: () => session, reload });
  const start = () => {
    const started = store.start();
    return { started, finishFetch: () => (resolveFetch(), started) };
  };
  const stored = () => parseStoredConfig(local.getItem(storageKeys.config));
  return { store, start, reload, fetchConfig, session, stored };
}

describe('runtime config store', () => {
  it('without a cached copy, waits for /config.json and stores it', async () => {
    const { store, start, stored, reload } = setup({ fetched: v1 });
    const { finishFetch } = start();
    expect(store.getState().status).toBe('loading');
    await finishFetch();
    expect(store.getConfig()).toEqual(v1);
    expect(stored()).toEqual(v1);
    expect(reload).not.toHaveBeenCalled();
  });

  it('starts on the cached copy at once and re-fetches it', async () => {
    const { store, start, fetchConfig, reload } = setup({ cached: v1, fetched: v1 });
    const { finishFetch } = start();
    expect(store.getConfig()).toEqual(v1);
    expect(fetchConfig).toHaveBeenCalledTimes(1);
    await finishFetch();
    expect(reload).not.toHaveBeenCalled();
  });

  it('replaces a cached copy of another version and reloads', async () => {
    const { start, stored, reload, session } = setup({ cached: v1, fetched: v2 });
    await start().finishFetch();
    expect(stored()).toEqual(v2);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(session.getItem(storageKeys.reloadedForVersion)).toBe('2');
  });

  it('does not reload again for a version it already reloaded for', async () => {
    const { store, start, reload } = setup({
      cached: v1,
      fetched: v2,
      session: { [storageKeys.reloadedForVersion]: '2' },
    });
    await start().finishFetch();
    expect(reload).not.toHaveBeenCalled();
    expect(store.getConfig()).toEqual(v2);
  });

  it('keeps running on the cached copy when the file cannot be fetched', async () => {
    const { store, start } = setup({ cached: v1, fetched: new Error('offline') });
    await start().finishFetch();
    expect(store.getConfig()).toEqual(v1);
  });

  it('fails when there is neither a cached copy nor the file', async () => {
    const { store, start } = setup({ fetched: new Error('offline') });
    await start().finishFetch();
    expect(store.getState()).toMatchObject({ status: 'failed' });
  });

  it('on a response of another app version, stores the current config and reloads once', async () => {
    const { store, start, stored, reload, fetchConfig } = setup({ fetched: v1 });
    await start().finishFetch();
    fetchConfig.mockResolvedValueOnce(v2);

    store.reportVersion('2');
    store.reportVersion('2');
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(stored()).toEqual(v2);
  });

  it('ignores a response of the running version', async () => {
    const { store, start, reload } = setup({ fetched: v1 });
    await start().finishFetch();
    store.reportVersion('1');
    expect(reload).not.toHaveBeenCalled();
  });
});
