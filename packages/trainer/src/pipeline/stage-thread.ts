// Runs a stage (tokenizer, training or export) on a worker thread, so the caller's event loop stays
// free; trainParallel's shard worker nests inside it. Aborting the signal pauses a training stage
// after its current step (it resolves {status: 'paused', checkpoint}); the other stages are short and
// ignore it. Results come back by transfer (no copy); inputs are copied by postMessage, so the
// caller's arrays stay usable (transferring them would detach buffers the caller may share, e.g. a
// pooled Node Buffer's).
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../train/start-worker.js';
import type { ExportStageInput, ExportStageResult } from './export-stage.js';
import type { TokenizerStageInput, TokenizerStageResult } from './tokenizer-stage.js';
import type { TrainingStageInput, TrainingStageResult } from './training-stage.js';
import type { StageProgress } from './types.js';

export type StageRequest =
  | ({ kind: 'tokenizer' } & TokenizerStageInput)
  | ({ kind: 'training' } & TrainingStageInput)
  | ({ kind: 'export' } & ExportStageInput);

export interface StageResults {
  tokenizer: TokenizerStageResult;
  training: TrainingStageResult;
  export: ExportStageResult;
}

export interface StageWorkerData {
  request: StageRequest;
  /**
   * Int32Array[1] over shared memory: 1 = stop. Shared memory, not a message: a one-thread training
   * loop never yields to the worker's event loop, so it would never see a message.
   */
  stop: SharedArrayBuffer;
  /** A training stage pauses after this many seconds of training (the thread's start not counted). */
  sliceSeconds?: number;
}

export type StageMessage =
  | { type: 'progress'; progress: StageProgress }
  | { type: 'result'; result: StageResults[StageRequest['kind']] }
  | { type: 'error'; message: string };

export interface StageThreadOptions {
  onProgress?: (progress: StageProgress) => void;
  signal?: AbortSignal;
  /** Pause a training stage after this long (see StageWorkerData). */
  sliceSeconds?: number;
}

export function runStageInThread<R extends StageRequest>(
  request: R,
  { onProgress, signal, sliceSeconds }: StageThreadOptions = {},
): Promise<StageResults[R['kind']]> {
  const stop = new SharedArrayBuffer(4);
  const flag = new Int32Array(stop);
  const abort = () => Atomics.store(flag, 0, 1);
  if (signal?.aborted) abort();
  signal?.addEventListener('abort', abort, { once: true });
  const data: StageWorkerData = { request, stop, ...(sliceSeconds ? { sliceSeconds } : {}) };
  return new Promise((resolve, reject) => {
    let settled = false;
    let worker: Worker;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', abort);
      void worker.terminate();
      finish();
    };
    try {
      worker = startWorker(import.meta.url, 'stage-worker', data);
    } catch (e) {
      signal?.removeEventListener('abort', abort);
      reject(e instanceof Error ? e : new Error(String(e)));
      return;
    }
    worker.on('message', (m: StageMessage) => {
      if (m.type === 'progress') onProgress?.(m.progress);
      else if (m.type === 'result') settle(() => resolve(m.result as StageResults[R['kind']]));
      else settle(() => reject(new Error(m.message)));
    });
    worker.on('error', (e: Error) => settle(() => reject(new Error(`stage thread crashed: ${e.message}`))));
    worker.on('exit', (code: number) =>
      settle(() => reject(new Error(`stage thread exited with code ${code} before its result`))),
    );
  });
}
