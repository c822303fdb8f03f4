// The thread of runStageInThread: runs one stage, posts its progress and its result (transferring the
// large arrays), or its error message.
import { parentPort, workerData } from 'node:worker_threads';
import { exportStage } from './export-stage.js';
import type { StageMessage, StageRequest, StageWorkerData } from './stage-thread.js';
import { tokenizerStage } from './tokenizer-stage.js';
import { trainingStage } from './training-stage.js';

const { request, stop, sliceSeconds } = workerData as StageWorkerData;
const flag = new Int32Array(stop);
const port = parentPort!;
const post = (m: StageMessage, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);

/** The protocol's tokens are a null-prototype object (a token may be called "constructor"); cloning lost that. */
function withProtocolTokens<R extends StageRequest>(r: R): R {
  const tokens = Object.assign(Object.create(null) as R['protocol']['tokens'], r.protocol.tokens);
  return { ...r, protocol: { ...r.protocol, tokens } };
}

async function run(r: StageRequest): Promise<void> {
  if (r.kind === 'tokenizer') return post({ type: 'result', result: tokenizerStage(r) });
  if (r.kind === 'export') return post({ type: 'result', result: exportStage(r) });
  const sliceEnd = sliceSeconds ? performance.now() + sliceSeconds * 1000 : Infinity;
  const result = await trainingStage(r, {
    onProgress: (progress) => post({ type: 'progress', progress }),
    shouldStop: () => Atomics.load(flag, 0) === 1 || performance.now() > sliceEnd,
  });
  const big =
    result.status === 'completed'
      ? [result.weights.buffer, ...(result.reactions ? [result.reactions.buffer] : [])]
      : [result.checkpoint.buffer];
  post({ type: 'result', result }, big as ArrayBuffer[]);
}

run(withProtocolTokens(request)).catch((e: unknown) =>
  post({ type: 'error', message: e instanceof Error ? e.message : String(e) }),
);
