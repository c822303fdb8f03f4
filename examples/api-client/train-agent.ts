/**
 * Uploads a protocol, waits until its agent is trained, downloads the agent file and asks it one line — the
 * README's "Use the API" as a Node script. The client is typed from the API's OpenAPI description:
 * `greenhouse-api.d.ts` is generated from GET /api/openapi.json by `npm run openapi:types`.
 *
 *   GREENHOUSE_URL=http://localhost:3000 GREENHOUSE_TOKEN=gh_… npx tsx examples/api-client/train-agent.ts bloom.json
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadAgent } from '@greenhouse/flora';
import createClient from 'openapi-fetch';
import type { paths } from './greenhouse-api.js';

const [protocolFile, agentFile = 'agent.json'] = process.argv.slice(2);
const token = process.env.GREENHOUSE_TOKEN;
if (!protocolFile || !token) {
  console.error('usage: GREENHOUSE_TOKEN=gh_… train-agent.ts PROTOCOL.json [AGENT.json]');
  process.exit(2);
}
const api = createClient<paths>({
  baseUrl: process.env.GREENHOUSE_URL ?? 'http://localhost:3000',
  headers: { authorization: `Bearer ${token}` },
});

/** Stops with the API's error (the one error shape: code, message, params). */
function fail(step: string, error: unknown): never {
  console.error(`${step} failed:`, error);
  process.exit(1);
}

// 1. Upload the protocol file (multipart, as the upload page does): 201 with the new agent.
const upload = await api.POST('/api/bloom/upload', {
  body: { file: await readFile(protocolFile, 'utf8') },
  bodySerializer({ file }) {
    const form = new FormData();
    form.set('file', new Blob([file], { type: 'application/json' }), path.basename(protocolFile));
    return form;
  },
});
if (!upload.data) fail('upload', upload.error);
const id = upload.data.id;
console.log(`uploaded: agent ${id}`);

// 2. Wait for its stages; an agent with a price first waits for its payment (GET /api/payment/bloom/{id}).
for (;;) {
  const { data: bloom, error } = await api.GET('/api/blooms/{id}', { params: { path: { id } } });
  if (!bloom) fail('reading the agent', error);
  const failed = bloom.stages.find((stage) => stage.status === 'failed');
  if (failed) fail(`training (${failed.name})`, failed);
  if (bloom.downloadURL) break;
  if (bloom.payment.status !== 'paid')
    fail('training', `the agent waits for its payment (${bloom.payment.status})`);
  await new Promise((resolve) => setTimeout(resolve, 1000));
}
console.log('trained');

// 3. Download the agent file.
const download = await api.GET('/api/blooms/{id}/download', {
  params: { path: { id } },
  parseAs: 'arrayBuffer',
});
if (!download.data) fail('download', download.error);
const bytes = new Uint8Array(download.data as ArrayBuffer);
await writeFile(agentFile, bytes);
console.log(`saved ${agentFile} (${bytes.length} bytes)`);

// 4. Run it with Flora (the package from /flora): its first instruction, one line per input.
const agent = await loadAgent(bytes);
const instruction = agent.instructions[0]!;
const result = agent.run({
  instruction: instruction.name,
  inputs: instruction.inputs.map((input) => ({
    text: 'Hello there',
    numbers: input.numberSlots.flatMap((slot) => Array.from({ length: slot.length ?? 1 }, () => slot.min)),
  })),
});
console.log(`${instruction.name}: ${result.output}${result.reaction ? ` (${result.reaction})` : ''}`);
