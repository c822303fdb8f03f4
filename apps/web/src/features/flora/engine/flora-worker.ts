/// <reference lib="webworker" />
// The Flora worker: loads one agent file and runs it off the page's thread, streaming each piece of text
// as it is generated. Messages: messages.ts.
import { loadAgent, type Agent, type RunResult as FloraResult } from '@greenhouse/flora';
import { lineLabel } from './line-label';
import type { FromWorker, LoadedAgent, RunResult, ToWorker } from './messages';

declare const self: DedicatedWorkerGlobalScope;

let agent: Agent | null = null;

const post = (message: FromWorker) => self.postMessage(message);

function errorOf(error: unknown): { code: string; message: string } {
  const code =
    error && typeof error === 'object' && 'code' in error && typeof error.code === 'string'
      ? error.code
      : 'unknown_error';
  return { code, message: error instanceof Error ? error.message : String(error) };
}

/** What the page needs of the loaded agent, as plain data. */
function describe(loaded: Agent): LoadedAgent {
  return {
    name: loaded.info.name,
    parameters: loaded.info.parameters,
    reactions: [...loaded.info.reactions],
    promptLimit: loaded.info.promptLimit,
    instructions: loaded.instructions.map((instruction) => ({
      name: instruction.name,
      inputs: instruction.inputs.map((input) => ({
        label: lineLabel(input.key),
        numberSlots: input.numberSlots.map((slot) => ({
          min: slot.min,
          max: slot.max,
          length: slot.length ?? null,
        })),
      })),
    })),
  };
}

/** What the page shows of a run's result, as plain data. */
function resultOf(result: FloraResult): RunResult {
  return {
    output: result.output,
    reaction: result.reaction,
    reactionName: result.reactionName,
    reactionIndex: result.reactionIndex,
    refused: result.refused,
    reactionValue: result.reactionValue,
    tokens: result.tokens,
    tokensPerSecond: result.tokensPerSecond,
  };
}

self.onmessage = async (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === 'load') {
    try {
      agent = await loadAgent(message.bytes);
      post({ type: 'loaded', agent: describe(agent) });
    } catch (error) {
      post({ type: 'error', id: null, ...errorOf(error) });
    }
    return;
  }
  const { id, request } = message;
  try {
    if (!agent) throw Object.assign(new Error('No agent is loaded.'), { code: 'not_loaded' });
    const stream = agent.stream(request);
    for (;;) {
      const step = stream.next();
      if (step.done) {
        post({ type: 'done', id, result: resultOf(step.value) });
        break;
      }
      post({ type: 'token', id, text: step.value });
    }
  } catch (error) {
    post({ type: 'error', id, ...errorOf(error) });
  }
};
