import { useEffect, useState } from 'react';
import { FloraEngine, FloraEngineError } from './flora-engine';
import type { LoadedAgent } from './messages';

export type EngineState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; engine: FloraEngine; agent: LoadedAgent }
  | { status: 'failed'; error: FloraEngineError };

const asEngineError = (error: unknown) =>
  error instanceof FloraEngineError ? error : new FloraEngineError('unknown_error', String(error));

interface Settled {
  bytes: ArrayBuffer;
  attempt: number;
  state: EngineState;
}

/**
 * Starts Flora in a worker on these agent-file bytes (none yet: idle), again when `attempt` changes; stops it
 * when they change or on unmount. Loading until the engine says it is ready or failed.
 */
export function useFloraEngine(bytes: ArrayBuffer | undefined, attempt = 0): EngineState {
  const [settled, setSettled] = useState<Settled | null>(null);
  useEffect(() => {
    if (!bytes) return;
    let live = true;
    const engine = new FloraEngine(bytes);
    const settle = (state: EngineState) => live && setSettled({ bytes, attempt, state });
    engine.ready.then(
      (agent) => settle({ status: 'ready', engine, agent }),
      (error: unknown) => settle({ status: 'failed', error: asEngineError(error) }),
    );
    return () => {
      live = false;
      engine.dispose();
    };
  }, [bytes, attempt]);
  if (!bytes) return { status: 'idle' };
  return settled && settled.bytes === bytes && settled.attempt === attempt
    ? settled.state
    : { status: 'loading' };
}
