import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openapiTypes, TYPES_FILE } from '../../../scripts/openapi-types.mjs';
import { bearerClient, newToken } from './support/api-tokens.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { exampleProtocol } from './support/training.js';
import { signedInClient } from './support/users.js';

const run = promisify(execFile);
const SCRIPT = path.resolve(import.meta.dirname, '../../../examples/api-client/train-agent.ts');

let t: TestApp;
let base: string;
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  dir = mkdtempSync(path.join(tmpdir(), 'gh-api-client-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the README's API client (examples/api-client)", () => {
  it('is typed from the description the server serves now (else: npm run openapi:types)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(readFileSync(TYPES_FILE, 'utf8')).toBe(await openapiTypes(res.json()));
  });

  it('uploads a protocol with a personal token, waits for the agent, downloads it and runs it with Flora', async () => {
    const { client } = await signedInClient(t);
    const { token } = await newToken(client);
    const protocol = path.join(dir, 'lighthouse.json');
    writeFileSync(protocol, exampleProtocol());
    const agentFile = path.join(dir, 'agent.json');
    const { stdout } = await run(process.execPath, ['--import', 'tsx', SCRIPT, protocol, agentFile], {
      env: { ...process.env, GREENHOUSE_URL: base, GREENHOUSE_TOKEN: token },
      timeout: 240_000,
    });
    const lines = stdout.trim().split('\n');
    const id = /^uploaded: agent (\S+)$/.exec(lines[0]!)?.[1];
    expect(id).toBeDefined();
    expect(lines.slice(1, 3)).toEqual([
      'trained',
      expect.stringMatching(/^saved .*agent\.json \(\d+ bytes\)$/),
    ]);
    // The agent's answer: its instruction, a line, and (version 2 agents) the reaction.
    expect(lines[3]).toMatch(/^\w+: .+/);
    // What the script saved is the agent the API serves.
    const served = await bearerClient(t.app, token).get(`/api/blooms/${id}/download`);
    expect(served.status).toBe(200);
    expect(readFileSync(agentFile, 'utf8')).toBe(served.text);
  }, 300_000);
});
