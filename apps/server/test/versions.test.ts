// Issue 33: an agent's versions through the real API, queue and database (tiny preset): a new version trains
// while the one before stays downloadable, one version per concurrent call, the same checks as an upload,
// nothing of another user's, and deletions that leave no rows or files behind.
import type { Bloom, BloomVersionResponse, ChatDetail } from '@greenhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionClient } from './support/session-client.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { exampleProtocol, filesOnDisk, outputRows, pollBloom, settled } from './support/training.js';
import { signedInClient } from './support/users.js';

let t: TestApp;
let owner: SessionClient;

beforeAll(async () => {
  t = await createTestApp();
  ({ client: owner } = await signedInClient(t));
});
afterAll(async () => {
  await t?.close();
});

/** The example protocol with its first sample's answer rewritten: a version that learns something else. */
function editedProtocol(answer: string): Record<string, unknown> {
  const protocol = JSON.parse(exampleProtocol()) as {
    instruction: { sets: { samples: { strings: string[] }[] }[] };
  };
  const strings = protocol.instruction.sets[0]!.samples[0]!.strings;
  strings[strings.length - 1] = answer;
  return protocol as unknown as Record<string, unknown>;
}

const agent = async (id: string) => (await owner.get(`/api/blooms/${id}`)).body as Bloom;
const untilSettled = (id: string) => pollBloom(() => agent(id), settled, 150_000);
const download = async (url: string) => {
  const res = await owner.get(url);
  expect(res.status).toBe(200);
  return res.text;
};

describe("an agent's versions", () => {
  let id: string;
  let first: string;

  beforeAll(async () => {
    const res = await owner.upload('/api/bloom/upload', {
      file: { name: 'keeper.json', content: exampleProtocol() },
    });
    expect(res.status).toBe(201);
    id = (res.body as Bloom).id;
    await untilSettled(id);
    first = await download(`/api/blooms/${id}/download`);
  }, 160_000);

  it('trains version 2 while version 1 stays downloadable, then serves version 2', async () => {
    const res = await owner.post(`/api/blooms/${id}/versions`, {
      protocol: editedProtocol('The lamp is lit, traveller; version two.'),
    });
    expect(res.status).toBe(201);
    expect((res.body as BloomVersionResponse).version).toMatchObject({ number: 2, downloadURL: null });

    const during = await agent(id);
    expect(during.protocolVersion).toBe(2);
    expect(during.currentVersion).toBe(1);
    expect(during.versions.map((v) => [v.number, v.downloadURL !== null])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(await download(during.downloadURL!.replace(/^.*\/api/, '/api'))).toBe(first);
    expect(await download(`/api/blooms/${id}/versions/1/download`)).toBe(first);

    const after = await untilSettled(id);
    expect(after.dataset.model.status).toBe('completed');
    expect(after.currentVersion).toBe(2);
    const second = await download(`/api/blooms/${id}/versions/2/download`);
    expect(second).not.toBe(first);
    expect(await download(`/api/blooms/${id}/download`)).toBe(second);
    expect(await download(`/api/blooms/${id}/versions/1/download`)).toBe(first);
    expect(after.versions.map((v) => [v.number, v.status, v.sizeBytes])).toEqual([
      [1, 'completed', Buffer.byteLength(first)],
      [2, 'completed', Buffer.byteLength(second)],
    ]);
    expect(filesOnDisk(t.config.artifactsDir, id)).toContain('v2.training_exporting.agent');
  }, 160_000);

  it("says why a protocol has no draft form, and reads another user's agent as not found", async () => {
    // Our lighthouse example: two input lines (and numbers).
    const refused = await owner.post('/api/bloom/chats', { bloomId: id });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'bloom.not_editable', params: { reason: 'inputs' } });
    const { client: stranger } = await signedInClient(t);
    const hidden = await stranger.post('/api/bloom/chats', { bloomId: id });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatchObject({ code: 'bloom.not_found' });
    expect((await stranger.post('/api/bloom/chats', { bloomId: 'not-an-id' })).status).toBe(404);
  });

  it('makes one version of two calls at once; the other is told a version is under way', async () => {
    const calls = await Promise.all(
      ['three', 'four'].map((n) =>
        owner.post(`/api/blooms/${id}/versions`, { protocol: editedProtocol(`Version ${n}.`) }),
      ),
    );
    expect(calls.map((c) => c.status).sort()).toEqual([201, 409]);
    expect(calls.find((c) => c.status === 409)!.body).toMatchObject({ code: 'bloom.version_in_progress' });
    expect((await agent(id)).versions.map((v) => v.number)).toEqual([1, 2, 3]);
  });

  it('checks a new protocol as an upload is checked', async () => {
    const notJson = await owner.upload(`/api/blooms/${id}/versions`, {
      file: { name: 'x.json', content: '{' },
    });
    expect(notJson.body).toMatchObject({ code: 'bloom.invalid_json' });
    const noFile = await owner.post(`/api/blooms/${id}/versions`, { protocol: 'nope' });
    expect(noFile.status).toBe(400);
    expect(noFile.body).toMatchObject({ code: 'bloom.missing_file', params: { field: 'protocol' } });
    const notProtocol = await owner.post(`/api/blooms/${id}/versions`, { protocol: { hello: 'world' } });
    expect(notProtocol.status).toBe(400);
    expect((await agent(id)).versions).toHaveLength(3);
  });

  it("reads another user's agent, versions and their files as not found", async () => {
    const { client: stranger } = await signedInClient(t);
    for (const res of [
      await stranger.post(`/api/blooms/${id}/versions`, { protocol: editedProtocol('Mine now.') }),
      await stranger.get(`/api/blooms/${id}/versions/1/download`),
      await stranger.delete(`/api/blooms/${id}/versions/1`),
    ])
      expect(res.body).toMatchObject({ code: 'bloom.not_found' });
    expect((await agent(id)).versions).toHaveLength(3);
  });

  it('deletes an old version with its rows and files, never the only version', async () => {
    await untilSettled(id);
    expect((await owner.delete(`/api/blooms/${id}/versions/1`)).status).toBe(204);
    const after = await agent(id);
    expect(after.versions.map((v) => v.number)).toEqual([2, 3]);
    expect(filesOnDisk(t.config.artifactsDir, id).every((f) => /^v[23]\./.test(f))).toBe(true);
    expect((await owner.get(`/api/blooms/${id}/versions/1/download`)).body).toMatchObject({
      code: 'bloom.version_not_found',
    });
    expect(await download(`/api/blooms/${id}/versions/2/download`)).not.toBe(first);

    const single = await owner.upload('/api/bloom/upload', {
      file: { name: 'keeper.json', content: exampleProtocol() },
    });
    const only = await owner.delete(`/api/blooms/${(single.body as Bloom).id}/versions/1`);
    expect([only.status, (only.body as { code: string }).code]).toEqual([409, 'bloom.only_version']);
    // Gone again, so that its training does not hold up the owner's next agents (one training at a time).
    expect((await owner.delete(`/api/blooms/${(single.body as Bloom).id}`)).status).toBe(204);
  }, 160_000);

  it('deletes the agent with every version: no rows, no files', async () => {
    expect((await owner.delete(`/api/blooms/${id}`)).status).toBe(204);
    expect(filesOnDisk(t.config.artifactsDir, id)).toEqual([]);
    expect(await outputRows(t.database.db, id)).toEqual([]);
  });
});

describe('scenario tests that gate the download, and compare', () => {
  let id: string;
  let first: string;
  const fog = ['The fog is thick as wool tonight.', 'We cannot see our own bow, where are the rocks?'];
  const horn = { instruction: 'fog_on_the_bay', inputs: fog.map((text) => ({ text })), expect: 'Horn_' };

  /** The example protocol with the first fog sample moved from Horn_ to Lamp_. */
  function movedToLamp(): Record<string, unknown> {
    const protocol = JSON.parse(exampleProtocol()) as {
      instruction: { sets: { name: string; samples: { result: string }[] }[] };
    };
    protocol.instruction.sets.find((s) => s.name === 'fog_on_the_bay')!.samples[0]!.result = 'Lamp_';
    return protocol as unknown as Record<string, unknown>;
  }

  beforeAll(async () => {
    const res = await owner.upload('/api/bloom/upload', {
      file: { name: 'keeper.json', content: exampleProtocol() },
    });
    id = (res.body as Bloom).id;
    await untilSettled(id);
    first = await download(`/api/blooms/${id}/download`);
  }, 160_000);

  it('refuses a case that does not fit the protocol, naming the case and its field', async () => {
    const res = await owner.put(`/api/blooms/${id}/scenarios`, {
      gateDownload: false,
      scenarios: [horn, { ...horn, expect: 'Sail_' }],
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ params: { index: 1, field: 'scenarios.1.expect' } });
    expect((await owner.get(`/api/blooms/${id}/scenarios`)).body).toMatchObject({ scenarios: [] });
  });

  it('runs the cases on every trained version and shows each result', async () => {
    const res = await owner.put(`/api/blooms/${id}/scenarios`, {
      gateDownload: false,
      scenarios: [horn, { ...horn, expect: 'Lamp_' }],
    });
    expect(res.status).toBe(200);
    const { results } = res.body as { results: { version: number; passed: number; total: number }[] };
    expect(results.map((r) => [r.version, r.passed, r.total])).toEqual([[1, 1, 2]]);
    expect((await agent(id)).versions[0]!.scenarios).toEqual({ passed: 1, total: 2 });
  });

  it('keeps the newest passing version current when a newer one fails a gating case', async () => {
    expect(
      (await owner.put(`/api/blooms/${id}/scenarios`, { gateDownload: true, scenarios: [horn] })).status,
    ).toBe(200);
    expect((await owner.post(`/api/blooms/${id}/versions`, { protocol: movedToLamp() })).status).toBe(201);
    const after = await untilSettled(id);
    expect(after.versions.map((v) => [v.number, v.status, v.scenarios])).toEqual([
      [1, 'completed', { passed: 1, total: 1 }],
      [2, 'completed', { passed: 0, total: 1 }],
    ]);
    expect(after.currentVersion).toBe(1);
    expect(await download(`/api/blooms/${id}/download`)).toBe(first);

    // Without the gate, the newest trained version is current again.
    await owner.put(`/api/blooms/${id}/scenarios`, { gateDownload: false, scenarios: [horn] });
    expect((await agent(id)).currentVersion).toBe(2);
  }, 160_000);

  it('compares two versions: figures side by side and the sample that moved', async () => {
    const res = await owner.get(`/api/blooms/${id}/compare?a=1&b=2`);
    expect(res.status).toBe(200);
    const body = res.body as {
      a: { number: number };
      b: { number: number; scenarios: unknown };
      diff: { summary: { samplesChanged: number; samplesAdded: number; samplesRemoved: number } };
    };
    expect([body.a.number, body.b.number, body.b.scenarios]).toEqual([1, 2, { passed: 0, total: 1 }]);
    expect(body.diff.summary).toMatchObject({ samplesChanged: 1, samplesAdded: 0, samplesRemoved: 0 });
    expect((await owner.get(`/api/blooms/${id}/compare?a=1&b=9`)).body).toMatchObject({
      code: 'bloom.version_not_found',
    });
    const { client: stranger } = await signedInClient(t);
    expect((await stranger.get(`/api/blooms/${id}/scenarios`)).body).toMatchObject({
      code: 'bloom.not_found',
    });
    expect((await stranger.get(`/api/blooms/${id}/compare?a=1&b=2`)).body).toMatchObject({
      code: 'bloom.not_found',
    });
  });
});

describe('"Edit and retrain" in a chat', () => {
  it('opens the newest version as a draft in a new chat (free) whose Generate trains the next version', async () => {
    const { client: editor } = await signedInClient(t);
    const demo = (await editor.post('/api/bloom/chats', { demoPromptId: 'shopkeeper' })).body as ChatDetail;
    const generated = await editor.post(`/api/bloom/chats/${demo.id}/generate`);
    expect(generated.status).toBe(201);
    const id = (generated.body as { bloom: Bloom }).bloom.id;
    const agentOf = async () => (await editor.get(`/api/blooms/${id}`)).body as Bloom;
    await pollBloom(agentOf, settled, 150_000);

    const opened = await editor.post('/api/bloom/chats', { bloomId: id });
    expect(opened.status).toBe(201);
    const chat = opened.body as ChatDetail;
    expect(chat).toMatchObject({ bloomId: id, closed: false, answering: false });
    expect(chat.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    // The draft the agent was made from, without the phrasings that waited for a decision (never trained).
    const trained = {
      ...demo.draft,
      instructions: demo.draft.instructions.map(({ offers: _offers, ...i }) => i),
    };
    expect(chat.draft).toEqual(trained);

    // Edited in the draft editor, then trained as version 2 of the same agent.
    const draft = structuredClone(chat.draft);
    draft.instructions[0]!.samples[0]!.output = 'Version two says this instead.';
    expect((await editor.put(`/api/bloom/chats/${chat.id}/draft`, { draft })).status).toBe(200);
    const retrained = await editor.post(`/api/bloom/chats/${chat.id}/generate`);
    expect(retrained.status).toBe(201);
    expect(retrained.body).toMatchObject({ chat: { closed: true, bloomId: id }, bloom: { id } });
    const after = await pollBloom(agentOf, settled, 150_000);
    expect(after.versions.map((v) => [v.number, v.status])).toEqual([
      [1, 'completed'],
      [2, 'completed'],
    ]);
    expect(after.currentVersion).toBe(2);
    const v2 = await editor.get(`/api/blooms/${id}/versions/2/download`);
    expect(v2.text).toContain('Version two says this instead.');
    // One agent in the list, no prompt used.
    expect(((await editor.get('/api/blooms')).body as { total: number }).total).toBe(1);
    expect(((await editor.get('/api/account/data')).body as { prompts: { used: number } }).prompts.used).toBe(
      0,
    );
  }, 320_000);
});
