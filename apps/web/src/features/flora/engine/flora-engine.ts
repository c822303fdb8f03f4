import type { FromWorker, LoadedAgent, RunRequest, RunResult, ToWorker } from './messages';

/** A failure of the engine (Flora's error code, e.g. a bad agent file or input), or of the worker itself. */
export class FloraEngineError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'FloraEngineError';
  }
}

interface PendingRun {
  onToken: (text: string) => void;
  resolve: (result: RunResult) => void;
  reject: (error: FloraEngineError) => void;
}

/**
 * One agent running in its own Web Worker: `ready` settles once the agent file is loaded; `run` sends one
 * request and streams its text to `onToken`. Runs go one after another (the worker does one at a time).
 */
export class FloraEngine {
  readonly ready: Promise<LoadedAgent>;
  private readonly worker: Worker | null = null;
  private readonly runs = new Map<number, PendingRun>();
  private nextId = 1;
  private failure: FloraEngineError | null = null;

  constructor(bytes: ArrayBuffer) {
    if (typeof Worker === 'undefined') {
      this.failure = new FloraEngineError('unsupported', 'This browser cannot run Web Workers.');
      this.ready = Promise.reject(this.failure);
      return;
    }
    const worker = new Worker(new URL('./flora-worker.ts', import.meta.url), { type: 'module' });
    this.worker = worker;
    this.ready = new Promise<LoadedAgent>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<FromWorker>) => {
        const message = event.data;
        if (message.type === 'loaded') resolve(message.agent);
        else if (message.type === 'error' && message.id === null)
          reject(new FloraEngineError(message.code, message.message));
        else this.receive(message);
      };
      worker.onerror = (event) => {
        event.preventDefault?.();
        this.fail(new FloraEngineError('worker_failed', event.message || 'The engine stopped.'));
        reject(this.failure);
      };
    });
    // A copy goes to the worker: the caller keeps its bytes (e.g. cached for the next visit).
    worker.postMessage({ type: 'load', bytes } satisfies ToWorker);
  }

  run(request: RunRequest, onToken: (text: string) => void = () => {}): Promise<RunResult> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<RunResult>((resolve, reject) => {
      this.runs.set(id, { onToken, resolve, reject });
      this.worker?.postMessage({ type: 'run', id, request } satisfies ToWorker);
    });
  }

  dispose(): void {
    this.worker?.terminate();
    this.fail(new FloraEngineError('disposed', 'The engine was stopped.'));
  }

  private receive(message: FromWorker) {
    if (message.type === 'loaded') return;
    const run = message.id === null ? undefined : this.runs.get(message.id);
    if (!run) return;
    if (message.type === 'token') {
      run.onToken(message.text);
      return;
    }
    this.runs.delete(message.id!);
    if (message.type === 'done') run.resolve(message.result);
    else run.reject(new FloraEngineError(message.code, message.message));
  }

  private fail(error: FloraEngineError) {
    this.failure ??= error;
    for (const run of this.runs.values()) run.reject(error);
    this.runs.clear();
  }
}
