// A running stage's progress (step, percent, ETA) and metrics so far, written to its row about once a second.
import type { StageProgress } from '@greenhouse/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { StageRow } from './stages.js';

const PROGRESS_INTERVAL_MS = 1000;

/**
 * Stores progress at most once a second, in order (`write` puts the values in the stage row, fenced); `flush`
 * waits for the last write. A write that fails is logged and the run goes on.
 */
export function progressWriter(write: (values: Partial<StageRow>) => Promise<void>, log: FastifyBaseLogger) {
  let last = 0;
  let latest: StageProgress | null = null;
  let pending: Partial<StageRow> | null = null;
  let chain = Promise.resolve();
  const store = () => {
    if (!pending) return;
    const values = pending;
    pending = null;
    last = Date.now();
    chain = chain
      .then(() => write(values))
      .catch((error: unknown) => log.warn({ err: error }, 'could not store stage progress'));
  };
  return {
    write: (progress: StageProgress, metrics?: Record<string, unknown>) => {
      latest = progress;
      pending = { progress, ...(metrics ? { metrics } : {}) };
      if (Date.now() - last >= PROGRESS_INTERVAL_MS) store();
    },
    flush: async () => {
      store();
      await chain;
    },
    /** The last step reported, or null when the stage reports none. */
    step: () => latest?.step ?? null,
  };
}
