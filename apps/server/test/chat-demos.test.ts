// The demo prompts (issue 17): a demo chat starts with a complete draft written by us, in the user's
// language, at once — no prompt used, no model called — so "Generate agent" works right away, with the
// guided designer and with the model designer (a local OpenAI-compatible server), and with no prompts
// left. The demos' answer also says which designer runs. Demo calls go over a real socket.
import {
  chatDetailSchema,
  demoPromptsResponseSchema,
  type ChatDetail,
  type Language,
} from '@greenhouse/contracts';
import { schema } from '@greenhouse/db';
import { draftGaps } from '@greenhouse/mtp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answered, lastAnswer, say } from './support/chats.js';
import type { OpenAiPeer } from './support/openai-peer.js';
import { withModelDesignerApp } from './support/model-designer-app.js';
import type { SessionClient } from './support/session-client.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { signedInClient } from './support/users.js';

const addresses = new WeakMap<TestApp, Promise<string>>();

/** The signed-in client's session over real HTTP (fetch to the listening app, its cookies and CSRF header). */
function overHttp(t: TestApp, client: SessionClient) {
  const request = async (method: string, path: string, body?: unknown) => {
    let address = addresses.get(t);
    if (!address) {
      address = t.app.listen({ port: 0, host: '127.0.0.1' });
      addresses.set(t, address);
    }
    const headers: Record<string, string> = {
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    if (method !== 'GET') headers['x-xsrf-token'] = client.cookies.get('XSRF-TOKEN')!;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${await address}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, text, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
  return {
    demos: async () => {
      const res = await request('GET', '/api/bloom/chats/demo/prompts');
      expect(res.status, res.text).toBe(200);
      return demoPromptsResponseSchema.parse(res.body);
    },
    /** POST /bloom/chats with a demo: the 201 answer itself is the finished chat. */
    startDemo: async (demoPromptId: string): Promise<ChatDetail> => {
      const res = await request('POST', '/api/bloom/chats', { demoPromptId });
      expect(res.status, res.text).toBe(201);
      return chatDetailSchema.parse(res.body);
    },
    post: (path: string, body?: unknown) => request('POST', path, body ?? {}),
  };
}

async function promptsUsed(t: TestApp, userId: string): Promise<number> {
  const [user] = await t.database.db.select().from(schema.users).where(eq(schema.users.id, userId));
  return user!.promptsUsed;
}

/** What a complete demo chat looks like the moment it is created. */
function expectReadyDemo(chat: ChatDetail, demo: { title: string; text: string }) {
  expect(chat.answering).toBe(false);
  expect(chat.title).toBe(demo.title);
  expect(chat.messages.map((m) => [m.role, m.status])).toEqual([
    ['user', 'complete'],
    ['assistant', 'complete'],
  ]);
  expect(chat.messages[0]!.content).toBe(demo.text);
  expect(draftGaps(chat.draft)).toEqual([]);
  expect(chat.draft.description).toBe(demo.text);
  expect(chat.draft.guardrail?.badExamples.length).toBeGreaterThanOrEqual(3);
}

const generateText: Record<Language, string> = { en: 'Generate agent', pl: 'Wygeneruj agenta' };

describe('demos with the guided designer (no model configured)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(['en', 'pl'] as const)(
    'says the guided designer runs and starts every demo with a complete draft at once, free (%s)',
    async (language) => {
      const { client, userId } = await signedInClient(t, { language });
      const http = overHttp(t, client);
      const { mode, prompts } = await http.demos();
      expect(mode).toBe('guided');
      expect(prompts.map((p) => p.id)).toEqual([
        'shopkeeper',
        'tavern-bard',
        'space-station-ai',
        'guard-at-gate',
      ]);
      const names = new Set<string>();
      for (const demo of prompts) {
        const chat = await http.startDemo(demo.id);
        expectReadyDemo(chat, demo);
        expect(chat.mode).toBe('guided');
        names.add(chat.draft.name);
        // Our own answer, in the user's language, presents the draft and says what comes next.
        const answer = lastAnswer(chat).content;
        expect(answer).toContain(`**${chat.draft.name}**`);
        expect(answer).toContain(generateText[language]);
        expect(answer).toContain(language === 'pl' ? 'Reakcja: co ktoś mówi => odpowiedź' : 'Reaction: what');
        expect(answer).not.toMatch(/beside|obok/i);
        // Nothing is being written: the chat reads the same a moment later.
        expect((await client.get(`/api/bloom/chats/${chat.id}`)).body).toEqual(chat);
      }
      expect(names.size).toBe(prompts.length);
      expect(await promptsUsed(t, userId)).toBe(0);
    },
  );

  it('writes the Polish drafts in Polish and the English ones in English', async () => {
    const en = overHttp(t, (await signedInClient(t, { language: 'en' })).client);
    const pl = overHttp(t, (await signedInClient(t, { language: 'pl' })).client);
    const [enChat, plChat] = [await en.startDemo('shopkeeper'), await pl.startDemo('shopkeeper')];
    const all = (chat: ChatDetail) =>
      [
        chat.draft.description,
        ...chat.draft.context,
        ...chat.draft.instructions[0]!.samples.flatMap((s) => [s.input, s.output]),
        chat.draft.guardrail!.badOutput,
      ].join(' ');
    expect(all(plChat)).toMatch(/[ąćęłńóśźż]/);
    expect(all(plChat)).toContain('złota');
    expect(all(enChat)).not.toMatch(/[ąćęłńóśźż]/);
    expect(all(enChat)).toContain('gold');
  });

  it('generates a demo’s agent at once, also with no prompts left (en and pl)', async () => {
    for (const language of ['en', 'pl'] as const) {
      const { client, userId } = await signedInClient(t, { language, promptsLimit: 1, promptsUsed: 1 });
      const http = overHttp(t, client);
      // The guided designer calls no model: the user's own message uses no prompt either (issue 32)…
      const own = await http.post('/api/bloom/chats', { message: 'A barista.' });
      expect(own.status).toBe(201);
      // …the demo is free, and its draft is ready.
      const chat = await http.startDemo('guard-at-gate');
      expect(draftGaps(chat.draft)).toEqual([]);
      const generated = await http.post(`/api/bloom/chats/${chat.id}/generate`);
      expect(generated.status, generated.text).toBe(201);
      const body = generated.body as { chat: ChatDetail; bloom: { name: string } };
      expect(body.chat.closed).toBe(true);
      expect(body.bloom.name).toBe(chat.draft.name);
      expect(await promptsUsed(t, userId)).toBe(1);
    }
  });

  it('goes on from the demo’s draft when the user writes (no prompt: the guided designer calls no model)', async () => {
    const { client, userId } = await signedInClient(t);
    const chat = await overHttp(t, client).startDemo('shopkeeper');
    const before = chat.draft.instructions[0]!.samples.length;
    const next = await say(
      client,
      chat.id,
      'Trade: Do you sell torches? => Two copper each, take it or leave it.',
    );
    expect(next.draft.instructions[0]!.samples).toHaveLength(before + 1);
    expect(next.draft.instructions[0]!.samples.at(-1)).toEqual({
      input: 'Do you sell torches?',
      output: 'Two copper each, take it or leave it.',
      reaction: 'Trade',
    });
    expect(draftGaps(next.draft)).toEqual([]);
    expect(await promptsUsed(t, userId)).toBe(0);
  });

  it.each([
    [
      'en',
      [
        'Bruno',
        'The café is small.',
        'Order',
        'A latte => Coming up!\nAn espresso => Right away.\nA tea => Here you are.',
        'skip',
        'Hello => Hi',
      ],
    ],
    [
      'pl',
      [
        'Bruno',
        'Kawiarnia jest mała.',
        'Zamowienie',
        'Latte => Już podaję!\nEspresso => Zaraz będzie.\nHerbata => Proszę bardzo.',
        'pomiń',
        'Cześć => Hej',
      ],
    ],
  ] as const)(
    'the guided interview never says where the draft is on the screen (%s)',
    async (language, answers) => {
      const { client } = await signedInClient(t, { language });
      const res = await client.post('/api/bloom/chats', { message: 'A friendly barista.' });
      let chat = await answered(client, res.body.id);
      const texts = [lastAnswer(chat).content];
      for (const message of answers) {
        chat = await say(client, chat.id, message);
        texts.push(lastAnswer(chat).content);
      }
      expect(draftGaps(chat.draft)).toEqual([]);
      expect(texts.at(-2)).toContain(generateText[language]);
      for (const text of texts) expect(text).not.toMatch(/beside|next to the chat|obok/i);
    },
  );
});

describe('demos with the model designer', () => {
  let t: TestApp;
  let peer: OpenAiPeer;
  withModelDesignerApp((app, modelPeer) => {
    t = app;
    peer = modelPeer;
  });

  it.each(['en', 'pl'] as const)(
    'says the model runs, and starts a demo with its complete draft without calling the model (%s)',
    async (language) => {
      const { client, userId } = await signedInClient(t, { language, promptsLimit: 1, promptsUsed: 1 });
      const http = overHttp(t, client);
      const { mode, prompts } = await http.demos();
      expect(mode).toBe('model');
      const demo = prompts.find((p) => p.id === 'space-station-ai')!;
      const chat = await http.startDemo(demo.id);
      expectReadyDemo(chat, demo);
      expect(chat.mode).toBe('model');
      const answer = lastAnswer(chat).content;
      expect(answer).toContain(generateText[language]);
      expect(answer).toContain(language === 'pl' ? 'napisać mi, co w nim zmienić' : 'tell me what to change');
      expect(answer).not.toContain('=>');
      // Still nothing asked of the model a moment later.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(peer.requests).toEqual([]);
      expect((await client.get(`/api/bloom/chats/${chat.id}`)).body).toEqual(chat);

      const generated = await http.post(`/api/bloom/chats/${chat.id}/generate`);
      expect(generated.status, generated.text).toBe(201);
      expect(await promptsUsed(t, userId)).toBe(1);
      expect(peer.requests).toEqual([]);
    },
  );

  it('goes on from the demo’s draft when the user writes, and tells the model not to place the draft', async () => {
    const { client, userId } = await signedInClient(t);
    const chat = await overHttp(t, client).startDemo('tavern-bard');
    const draft = structuredClone(chat.draft);
    draft.context.push('Lark has a pet raven.');
    peer.script({
      text: ['Added the raven.'],
      toolCalls: [{ name: 'update_draft', arguments: JSON.stringify({ draft }) }],
    });
    const next = await say(client, chat.id, 'Give Lark a pet raven.');
    expect(next.draft.context.at(-1)).toBe('Lark has a pet raven.');
    expect(await promptsUsed(t, userId)).toBe(1);

    const [request] = peer.requests;
    const system = request!.messages[0]!.content!;
    expect(system).toContain('"name":"Lark"');
    expect(system).toContain('The draft is complete');
    expect(system).toMatch(/Never\s+say where it is on the screen/);
    // The demo's text and our answer are the conversation so far.
    expect(request!.messages.slice(1).map((m) => [m.role, m.content])).toEqual([
      ['user', chat.messages[0]!.content],
      ['assistant', chat.messages[1]!.content],
      ['user', 'Give Lark a pet raven.'],
    ]);
  });
});
