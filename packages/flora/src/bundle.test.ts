// The engine as the package ships it — dist/flora.js, bundled by scripts/bundle-flora.mjs from tsc's output
// (`npm test` builds it first) — answers every example request exactly as the sources do, and stays free of
// Node's modules (it is also the browser module).
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { trainedAgent } from '../test/fixture.js';
import { exampleRequests } from '../test/requests.js';
import { loadAgent } from './agent.js';
import type * as Flora from './index.js';

const BUNDLE = new URL('../dist/flora.js', import.meta.url);
let agentText: string;
let requests: Flora.RunRequest[];

beforeAll(async () => {
  const { agent, protocol } = await trainedAgent();
  agentText = agent;
  requests = exampleRequests(protocol);
}, 60_000);

describe('dist/flora.js (the bundle users import)', () => {
  it('exists after the build and imports nothing', () => {
    expect(existsSync(BUNDLE), 'packages/flora/dist/flora.js is missing: run `npm run build`').toBe(true);
    const text = readFileSync(BUNDLE, 'utf8');
    expect(text).not.toMatch(/\bfrom\s*["']|\bimport\s*\(|\brequire\s*\(/);
  });

  it('answers every example request as the sources do', async () => {
    const bundle = (await import(BUNDLE.href)) as typeof Flora;
    const shipped = await bundle.loadAgent(agentText);
    const source = await loadAgent(agentText);
    expect(shipped.info).toEqual(source.info);
    expect(requests.length).toBeGreaterThan(3);
    for (const request of requests) {
      const { output, reaction, tokens } = shipped.run(request);
      const expected = source.run(request);
      expect({ output, reaction, tokens }).toEqual({
        output: expected.output,
        reaction: expected.reaction,
        tokens: expected.tokens,
      });
    }
    await expect(bundle.loadAgent('{}')).rejects.toBeInstanceOf(bundle.FloraError);
  });
});
