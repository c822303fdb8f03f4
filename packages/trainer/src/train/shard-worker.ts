// The worker thread of trainParallel: holds a copy of the model; for every request, loads the current
// weights from shared memory, computes its shard's gradient and writes it to shared memory.
import { parentPort, workerData } from 'node:worker_threads';
import { Gpt } from '../model/gpt.js';
import type { ShardReply, ShardRequest, ShardWorkerInit } from './parallel.js';
import { shardGradients } from './trainer.js';

const init = workerData as ShardWorkerInit;
const model = new Gpt(init.config, { maxTokens: init.maxTokens, kernels: init.kernels });
const params = new Float32Array(init.params);
const grads = new Float32Array(init.grads);
const port = parentPort!;

port.on('message', (request: ShardRequest) => {
  let reply: ShardReply;
  try {
    model.params.set(params);
    const loss = shardGradients(
      model,
      request.sequences,
      request.scale,
      request.dropout,
      request.labelSmoothing,
    );
    grads.set(model.grads);
    reply = { loss };
  } catch (e) {
    reply = { error: e instanceof Error ? e.message : String(e) };
  }
  port.postMessage(reply);
});
