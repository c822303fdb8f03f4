// Issue 35: with an S3 artifact store (ARTIFACTS_URL) the owner's downloads answer a redirect to a short-lived
// presigned address of the object, after the owner check, so the file never passes through the API; the address
// serves the same bytes the store holds, named after the agent. A share link's file still comes through the API
// (it is rate-limited per address there), and a deleted agent's objects are gone. The S3 service is the test peer
// (support/s3-peer.ts); no training: the versions' outputs are written as the export writes them.
import { createHash } from 'node:crypto';
import type { Bloom } from '@greenhouse/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createArtifactStore, type ArtifactStore } from '../src/features/pipeline/artifact-store.js';
import { S3ArtifactStore } from '../src/features/pipeline/s3-artifact-store.js';
import { startS3Peer, type S3Peer } from './support/s3-peer.js';
import type { SessionClient } from './support/session-client.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { exampleProtocol, exportedVersion } from './support/training.js';
import { signedInClient } from './support/users.js';

let peer: S3Peer;
let t: TestApp;
let owner: SessionClient;
let store: ArtifactStore;

beforeAll(async () => {
  peer = await startS3Peer();
  const env = peer.env('downloads');
  // The SDK reads its credentials from the environment, as in production.
  vi.stubEnv('AWS_ACCESS_KEY_ID', env.AWS_ACCESS_KEY_ID);
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', env.AWS_SECRET_ACCESS_KEY);
  t = await createTestApp({ workers: false, env });
  ({ client: owner } = await signedInClient(t));
  store = await createArtifactStore(t.config);
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
  vi.unstubAllEnvs();
});

const sha256 = (value: string | Buffer) => createHash('sha256').update(value).digest('hex');

async function exportedAgent(content: string): Promise<string> {
  const res = await owner.upload('/api/bloom/upload', {
    name: 'Keeper',
    file: { name: 'lighthouse.json', content: exampleProtocol() },
  });
  expect(res.status).toBe(201);
  const id = (res.body as Bloom).id;
  await exportedVersion(t, id, 1, content);
  return id;
}

/** Follows a download's redirect as a client does: to the store, with nothing of the session. */
async function followed(res: { status: number; headers: Record<string, unknown> }) {
  expect(res.status).toBe(302);
  expect(res.headers['cache-control']).toBe('no-store');
  const location = String(res.headers.location);
  expect(location.startsWith(`${peer.endpoint}/greenhouse-test/downloads/`), location).toBe(true);
  const url = new URL(location);
  expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
  expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
  const answer = await fetch(location);
  expect(answer.status).toBe(200);
  return {
    bytes: Buffer.from(await answer.arrayBuffer()),
    disposition: answer.headers.get('content-disposition'),
  };
}

describe('downloads with an S3 artifact store', () => {
  it('is the S3 store the configuration names', () => {
    expect(store).toBeInstanceOf(S3ArtifactStore);
  });

  it("redirects the owner's download to the store, which serves the bytes it holds, named after the agent", async () => {
    const content = '{"agent":"keeper"}';
    const id = await exportedAgent(content);
    const { bytes, disposition } = await followed(await owner.get(`/api/blooms/${id}/download`));
    expect(bytes.toString()).toBe(content);
    expect(sha256(bytes)).toBe(sha256(await store.get(id, 'training_exporting.agent')));
    expect(disposition).toContain('filename="Keeper.json"');

    // A version's download too.
    const first = await followed(await owner.get(`/api/blooms/${id}/versions/1/download`));
    expect(first.bytes.toString()).toBe(content);
    expect(first.disposition).toContain('filename="Keeper.json"');
  });

  it("gives nobody else an address: another user's download is not found", async () => {
    const id = await exportedAgent('{"agent":"mine"}');
    const { client: other } = await signedInClient(t);
    const res = await other.get(`/api/blooms/${id}/download`);
    expect(res.status).toBe(404);
    expect(res.headers.location).toBeUndefined();
  });

  it('serves a share link’s file through the API, as before', async () => {
    const id = await exportedAgent('{"agent":"shared"}');
    const created = await owner.post(`/api/blooms/${id}/shares`);
    expect(created.status).toBe(201);
    const token = (created.body as { url: string }).url.split('/try/')[1]!;
    const res = await owner.get(`/api/shared/${token}/agent`);
    expect(res.status).toBe(200);
    expect(res.text).toBe('{"agent":"shared"}');
  });

  it("lets the web app follow the redirect (its connect-src names the store's origin)", async () => {
    const res = await owner.get('/api/blooms');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`connect-src 'self' ${peer.endpoint.replace(/\./g, '\\.')}(;|$)`));
  });

  it("deletes a deleted agent's objects", async () => {
    const id = await exportedAgent('{"agent":"gone"}');
    expect(await store.list(id)).toEqual(['training_exporting.agent']);
    expect((await owner.delete(`/api/blooms/${id}`)).status).toBe(204);
    expect(await store.list(id)).toEqual([]);
    expect((await owner.get(`/api/blooms/${id}/download`)).status).toBe(404);
  });
});
