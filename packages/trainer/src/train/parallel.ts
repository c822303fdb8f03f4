// Data-parallel training on two threads: this thread computes shard 0 of every batch, a worker thread
// (with its own copy of the model and its own WebAssembly memory) computes shard 1. The worker reads
// the weights from, and writes its gradient to, SharedArrayBuffers; this thread adds the two gradients
// (g0 + g1, as `train` does) and runs AdamW. Bit-identical to `train` for the same inputs.
import type { Dropout, Gpt } from '../model/gpt.js';
import type { Sequence } from './data.js';
import { startWorker } from './start-worker.js';
import { addInto, shardGradients, TrainingRun, type TrainOptions, type TrainResult } from './trainer.js';

export interface ShardWorkerInit {
  config: Gpt['config'];
  maxTokens: number;
  kernels: Gpt['kernelKind'];
  params: SharedArrayBuffer;
  grads: SharedArrayBuffer;
}

export interface ShardRequest {
  sequences: { ids: Int32Array; lossFrom: number; offset?: number }[];
  scale: number;
  dropout?: Dropout;
  labelSmoothing?: number;
}

export type ShardReply = { loss: number } | { error: string };

/** Trains with shard 1 of every batch on a worker thread. Same result as `train`, bit for bit. */
export async function trainParallel(
  model: Gpt,
  sequences: readonly Sequence[],
  options: TrainOptions,
): Promise<TrainResult> {
  const run = new TrainingRun(model, sequences, options);
  const P = model.params.length;
  const sharedParams = new SharedArrayBuffer(P * 4);
  const sharedGrads = new SharedArrayBuffer(P * 4);
  const params = new Float32Array(sharedParams);
  const grads = new Float32Array(sharedGrads);
  const init: ShardWorkerInit = {
    config: model.config,
    maxTokens: model.maxTokens,
    kernels: model.kernelKind,
    params: sharedParams,
    grads: sharedGrads,
  };
  const worker = startWorker(import.meta.url, 'shard-worker', init);
  let pending: { resolve: (r: ShardReply) => void; reject: (e: Error) => void } | null = null;
  worker.on('message', (reply: ShardReply) => pending?.resolve(reply));
  worker.on('error', (e: Error) => pending?.reject(e));
  worker.on('exit', (code: number) => pending?.reject(new Error(`shard worker exited with code ${code}`)));
  const ask = (request: ShardRequest) =>
    new Promise<ShardReply>((resolve, reject) => {
      pending = { resolve, reject };
      worker.postMessage(request);
    });
  try {
    while (run.running) {
      const { shards, scale, weight, rows } = run.nextBatch();
      params.set(model.params);
      const dropout = run.dropoutFor(1);
      const reply = ask({
        sequences: shards[1]!.map((s) => ({ ids: s.ids, lossFrom: s.lossFrom, offset: s.offset ?? 0 })),
        scale,
        ...(dropout ? { dropout } : {}),
        ...(options.labelSmoothing ? { labelSmoothing: options.labelSmoothing } : {}),
      });
      const loss0 = shardGradients(model, shards[0]!, scale, run.dropoutFor(0), options.labelSmoothing);
      const r = await reply;
      pending = null;
      if ('error' in r) throw new Error(`shard worker: ${r.error}`);
      addInto(model.grads, grads, false);
      run.finishStep(loss0 + r.loss, weight, rows);
    }
  } finally {
    pending = null;
    await worker.terminate();
  }
  return run.result();
}
