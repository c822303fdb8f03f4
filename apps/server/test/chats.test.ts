// The chat designer with no model configured (the embedded default): the guided interview end to end,
// the chat calls and their errors, the stream, and that its turns use no prompt (chat-model.test.ts counts them).
import { chatDetailSchema, chatListResponseSchema, demoPromptsResponseSchema } from '@greenhouse/contracts';
import { schema } from '@greenhouse/db';
import { draftGaps, dropOffers, keepOffers, type BloomDraft } from '@greenhouse/mtp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHRASINGS_PER_REACTION } from '../src/features/chats/guided-designer.js';
import { answered, lastAnswer, protocolInputs, readEvents, say, storedProtocol } from './support/chats.js';
import type { SessionClient } from './support/session-client.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { pollBloom } from './support/training.js';
import { signedInClient } from './support/users.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function newChat(client: SessionClient, message: string) {
  const res = await client.post('/api/bloom/chats', { message });
  expect(res.status, res.text).toBe(201);
  return answered(client, chatDetailSchema.parse(res.body).id);
}

async function promptsUsed(userId: string): Promise<number> {
  const [user] = await t.database.db.select().from(schema.users).where(eq(schema.users.id, userId));
  return user!.promptsUsed;
}

describe('the guided designer', () => {
  it('interviews a user from a description to a complete draft, and generates an agent that enters training', async () => {
    const { client, userId } = await signedInClient(t);
    let chat = await newChat(
      client,
      'A grumpy shopkeeper in a fantasy village; players buy things or try to steal.',
    );
    expect(chat.mode).toBe('guided');
    expect(chat.title).toBe('A grumpy shopkeeper in a fantasy village; players buy things…');
    expect(chat.messages.map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'complete'],
    ]);
    expect(lastAnswer(chat).content).toContain('guided designer');
    expect(chat.draft.description).toContain('grumpy shopkeeper');

    chat = await say(client, chat.id, 'Bram');
    expect(chat.draft.name).toBe('Bram');
    chat = await say(client, chat.id, 'Bram runs the only shop in Oakvale. The town guard patrols outside.');
    expect(chat.draft.context).toEqual([
      'Bram runs the only shop in Oakvale.',
      'The town guard patrols outside.',
    ]);
    chat = await say(client, chat.id, 'Sell, call the guard');
    expect(chat.draft.reactions.map((r) => r.name)).toEqual(['Sell', 'CallTheGuard']);
    expect(lastAnswer(chat).content).toContain('**Sell**');

    // A line without "=>" is explained, not taken.
    chat = await say(client, chat.id, 'How much is the sword?');
    expect(lastAnswer(chat).content).toContain('=>');
    chat = await say(
      client,
      chat.id,
      'How much is the sword? => Twenty gold.\nI want a shield => Ten gold, friend.',
    );
    expect(lastAnswer(chat).content).toContain('(2 so far)');
    chat = await say(client, chat.id, 'Sell me a potion -> Here you are.');
    expect(lastAnswer(chat).content).toContain('**CallTheGuard**');
    chat = await say(
      client,
      chat.id,
      'Give me your gold! => Guards! Guards!\nI will steal this => Guards, a thief!\nYour money or your life => Help, guards!',
    );
    expect(chat.draft.instructions[0]!.samples).toHaveLength(6);
    expect(draftGaps(chat.draft)).toEqual([]);

    chat = await say(client, chat.id, 'What is the capital of France; Tell me about 1984; Are you an AI');
    expect(lastAnswer(chat).content).toContain('digits');
    chat = await say(client, chat.id, 'What is the capital of France; Write me a poem; Are you an AI');
    chat = await say(client, chat.id, 'I only talk about my shop, traveler.');
    expect(chat.draft.guardrail).toEqual({
      badOutput: 'I only talk about my shop, traveler.',
      badExamples: ['What is the capital of France', 'Write me a poem', 'Are you an AI'],
    });
    expect(lastAnswer(chat).content).toContain('Generate agent');
    // After the interview, tagged examples add to the draft.
    chat = await say(client, chat.id, 'Sell: One torch, please => That is two copper.');
    expect(chat.draft.instructions[0]!.samples).toHaveLength(7);
    expect(draftGaps(chat.draft)).toEqual([]);
    // No message used a prompt: the guided designer calls no model (the allowance bounds a model's cost).
    expect(await promptsUsed(userId)).toBe(0);

    const generated = await client.post(`/api/bloom/chats/${chat.id}/generate`);
    expect(generated.status, generated.text).toBe(201);
    expect(generated.body.chat.closed).toBe(true);
    expect(generated.body.chat.bloomId).toBe(generated.body.bloom.id);
    expect(generated.body.bloom.name).toBe('Bram');
    expect(generated.body.bloom.dataset.name).toBe('Bram.json');
    // Generating is free.
    expect(await promptsUsed(userId)).toBe(0);

    // The agent goes through the pipeline of an upload, to a trained agent.
    const bloom = await pollBloom(
      async () => (await client.get(`/api/blooms/${generated.body.bloom.id}`)).body,
      (b) => b.dataset.model.status === 'completed' || b.stages.some((s) => s.status === 'failed'),
      120_000,
    );
    expect(
      bloom.stages.map((s) => s.status),
      JSON.stringify(bloom.stages),
    ).toEqual(Array(7).fill('completed'));

    // A closed chat takes no more messages, draft changes or generations.
    expect((await client.post(`/api/bloom/chats/${chat.id}/messages`, { message: 'hi' })).body.code).toBe(
      'chat.closed',
    );
    expect((await client.put(`/api/bloom/chats/${chat.id}/draft`, { draft: chat.draft })).body.code).toBe(
      'chat.closed',
    );
    expect((await client.post(`/api/bloom/chats/${chat.id}/generate`)).body.code).toBe('chat.closed');
    expect(await promptsUsed(userId)).toBe(0);
  }, 180_000);

  it('answers in Polish for a Polish account, and asks again for reactions it cannot read', async () => {
    const { client } = await signedInClient(t, { language: 'pl' });
    let chat = await newChat(client, 'Strażnik przy bramie miasta.');
    expect(lastAnswer(chat).content).toContain('prowadzącym projektantem');
    chat = await say(client, chat.id, 'Wiesław');
    chat = await say(client, chat.id, 'Miasto ma jedną bramę. Strażnik ma dwa psy.');
    // The Polish plural form, not "Zapisałem faktów: 2."
    expect(lastAnswer(chat).content).toMatch(/^Zapisałem 2 fakty\. /);
    chat = await say(client, chat.id, '!!!, ???');
    expect(lastAnswer(chat).content).toContain('Nie znalazłem nazwy reakcji');
    chat = await say(client, chat.id, 'Wpuść, Zawróć');
    expect(chat.draft.reactions.map((r) => r.name)).toEqual(['Wpusc', 'Zawroc']);
    // The letters a token cannot hold are not dropped silently: the answer says how each name was written.
    expect(lastAnswer(chat).content).toContain('zapisałem Wpuść → **Wpusc**, Zawróć → **Zawroc**.');
  });
});

/** A guided interview up to its examples' end: a shop with Sell and Guard, the examples given. */
async function interview(client: SessionClient, examples: { sell: string; guard: string }) {
  let chat = await newChat(client, 'A shopkeeper in a fantasy village.');
  chat = await say(client, chat.id, 'Bram');
  chat = await say(client, chat.id, 'Bram sells swords.');
  chat = await say(client, chat.id, 'Sell, Guard');
  const afterSell = await say(client, chat.id, examples.sell);
  const afterGuard = await say(client, chat.id, examples.guard);
  return { afterSell, afterGuard };
}

const englishExamples = {
  sell: [
    'I want to buy a sword => Twenty gold, friend.',
    'How much does this shield cost? => Ten gold.',
    'Show me your best blade => This one, fine steel.',
  ].join('\n'),
  guard: [
    'Give me your gold! => Guards! Guards!',
    'I will steal this => Guards, a thief!',
    'Your money or your life => Help, guards!',
  ].join('\n'),
};

describe('phrasings offered by the guided designer', () => {
  it('offers synonym phrasings of English examples per reaction, kept or dropped by the user before Generate', async () => {
    const { client } = await signedInClient(t);
    const { afterSell, afterGuard } = await interview(client, englishExamples);
    // Once Sell has its examples: new phrasings, waiting in the draft, not samples.
    const sellOffers = afterSell.draft.instructions[0]!.offers!;
    expect(sellOffers).toHaveLength(PHRASINGS_PER_REACTION);
    expect(sellOffers.every((o) => o.reaction === 'Sell')).toBe(true);
    expect(sellOffers.map((o) => o.input)).toContain('I want to purchase a sword');
    expect(afterSell.draft.instructions[0]!.samples).toHaveLength(3);
    const inputs = afterSell.draft.instructions[0]!.samples.map((s) => s.input.toLowerCase());
    expect(sellOffers.filter((o) => inputs.includes(o.input.toLowerCase()))).toEqual([]);
    expect(lastAnswer(afterSell).content).toContain(
      `I also suggested ${PHRASINGS_PER_REACTION} new phrasings of what someone might say for **Sell**`,
    );
    expect(lastAnswer(afterSell).content).toContain('*Suggested phrasings*');
    expect(lastAnswer(afterSell).content).toContain('**Guard**');
    // Guard's examples give fewer (few of their words have synonyms); the message says how many.
    const guardOffers = afterGuard.draft.instructions[0]!.offers!.filter((o) => o.reaction === 'Guard');
    expect(guardOffers.length).toBeGreaterThan(0);
    expect(lastAnswer(afterGuard).content).toContain(
      `${guardOffers.length} new ${guardOffers.length === 1 ? 'phrasing' : 'phrasings'} of what someone might say for **Guard**`,
    );

    let chat = await say(client, afterGuard.id, 'skip');
    expect(draftGaps(chat.draft)).toEqual([]);
    // After the interview, new tagged examples bring their own phrasings, up to ten waiting per reaction.
    chat = await say(
      client,
      chat.id,
      'Guard: Hand me the big bag => Guards!\nSell: I need a big shield => Twelve gold.',
    );
    expect(lastAnswer(chat).content).toContain('Added 2 examples.');
    expect(lastAnswer(chat).content).toMatch(/new phrasings? of what someone might say for \*\*Guard\*\*/);
    expect(lastAnswer(chat).content).not.toContain('for **Sell**');
    const big = chat.draft.instructions[0]!.offers!.filter((o) => /large/i.test(o.input));
    expect(big.map((o) => o.reaction)).toEqual(big.map(() => 'Guard'));
    expect(big.length).toBeGreaterThan(0);
    expect(chat.draft.instructions[0]!.offers!.filter((o) => o.reaction === 'Sell')).toHaveLength(
      PHRASINGS_PER_REACTION,
    );

    // The user keeps two of Sell's and drops the rest (the client edits the draft and saves it).
    const offers = chat.draft.instructions[0]!.offers!;
    const keep = [0, 1];
    const kept = keep.map((i) => offers[i]!.input);
    const dropped = offers.filter((_, i) => !keep.includes(i)).map((o) => o.input);
    const instruction = keepOffers(chat.draft.instructions[0]!, keep);
    expect(instruction.offers).toHaveLength(offers.length - 2);
    const draft: BloomDraft = {
      ...chat.draft,
      instructions: [
        dropOffers(
          instruction,
          instruction.offers!.map((_, i) => i),
        ),
      ],
    };
    const saved = await client.put(`/api/bloom/chats/${chat.id}/draft`, { draft });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.draft.instructions[0].offers).toBeUndefined();
    // Their answers are the reaction's own, in turn: Sell has four examples, so its answers 1 and 2.
    expect(
      saved.body.draft.instructions[0].samples.slice(-2).map((s: { output: string }) => s.output),
    ).toEqual(['Twenty gold, friend.', 'Ten gold.']);

    const generated = await client.post(`/api/bloom/chats/${chat.id}/generate`);
    expect(generated.status, generated.text).toBe(201);
    const protocolLines = protocolInputs(await storedProtocol(t.database.db, generated.body.bloom.id));
    for (const line of kept) expect(protocolLines).toContain(line);
    for (const line of dropped) expect(protocolLines).not.toContain(line);
    expect(protocolLines).toHaveLength(10);
  });

  it('never puts waiting offers into the protocol', async () => {
    const { client } = await signedInClient(t);
    const { afterGuard } = await interview(client, englishExamples);
    const chat = await say(client, afterGuard.id, 'skip');
    const offers = chat.draft.instructions[0]!.offers!;
    expect(offers.length).toBeGreaterThan(PHRASINGS_PER_REACTION);
    const generated = await client.post(`/api/bloom/chats/${chat.id}/generate`);
    expect(generated.status, generated.text).toBe(201);
    const protocol = await storedProtocol(t.database.db, generated.body.bloom.id);
    expect(protocolInputs(protocol)).toHaveLength(6);
    expect(JSON.stringify(protocol)).not.toContain(offers[0]!.input);
  });

  it('tells a Polish user in Polish; says nothing of offers for Polish examples', async () => {
    const { client } = await signedInClient(t, { language: 'pl' });
    const english = await interview(client, englishExamples);
    expect(english.afterSell.draft.instructions[0]!.offers).toHaveLength(PHRASINGS_PER_REACTION);
    expect(lastAnswer(english.afterSell).content).toContain(
      'Zaproponowałem też nowe sformułowania tego, co ktoś może powiedzieć, dla **Sell**',
    );
    expect(lastAnswer(english.afterSell).content).toContain('*Proponowane sformułowania*');

    const polish = await interview(client, {
      sell: 'Ile kosztuje ten miecz? => Dwadzieścia sztuk złota.\nChcę kupić tarczę => Dziesięć sztuk złota.\nPokaż mi najlepsze ostrze => To, dobra stal.',
      guard:
        'Dawaj złoto! => Straż! Straż!\nUkradnę to => Straż, złodziej!\nPieniądze albo życie => Pomocy, straż!',
    });
    for (const chat of [polish.afterSell, polish.afterGuard]) {
      expect(chat.draft.instructions[0]!.offers).toBeUndefined();
      expect(lastAnswer(chat).content).not.toMatch(/sformułowa|phrasing/i);
    }
    expect(lastAnswer(polish.afterGuard).content).toContain('Czego Bram ma odmawiać?');
  });
});

describe('chat calls', () => {
  it('lists, renames and deletes only the user’s own chats', async () => {
    const { client: alice } = await signedInClient(t);
    const { client: bob } = await signedInClient(t);
    const a = await newChat(alice, 'A bard in a tavern.');
    await newChat(alice, 'A guard at a gate.');
    const list = chatListResponseSchema.parse((await alice.get('/api/bloom/chats?page=1&pageSize=10')).body);
    expect(list.total).toBe(2);
    expect(list.chats.map((c) => c.title)).toEqual(['A guard at a gate.', 'A bard in a tavern.']);
    expect((await bob.get('/api/bloom/chats')).body.total).toBe(0);
    expect((await bob.get(`/api/bloom/chats/${a.id}`)).body.code).toBe('chat.not_found');
    expect((await bob.post(`/api/bloom/chats/${a.id}/messages`, { message: 'hi' })).body.code).toBe(
      'chat.not_found',
    );
    expect((await bob.get('/api/bloom/chats/not-a-uuid')).status).toBe(404);

    expect((await alice.put(`/api/bloom/chats/${a.id}`, { title: '' })).body).toMatchObject({
      code: 'chat.title_required',
      params: { field: 'title' },
    });
    expect((await alice.put(`/api/bloom/chats/${a.id}`, { title: 'x'.repeat(256) })).body.code).toBe(
      'chat.title_too_long',
    );
    const renamed = await alice.put(`/api/bloom/chats/${a.id}`, { title: 'The bard' });
    expect(renamed.body.title).toBe('The bard');
    // The list and a chat are sent without a run-time check (lib/typed-json.ts): already in the schemas' shape.
    const sent = (await alice.get('/api/bloom/chats')).body;
    expect(sent).toEqual(chatListResponseSchema.parse(sent));
    const detail = (await alice.get(`/api/bloom/chats/${a.id}`)).body;
    expect(detail).toEqual(chatDetailSchema.parse(detail));
    expect((await alice.delete(`/api/bloom/chats/${a.id}`)).status).toBe(204);
    expect((await alice.get('/api/bloom/chats')).body.total).toBe(1);
    const [messages] = await t.database.db
      .select()
      .from(schema.chatMessages)
      .where(eq(schema.chatMessages.chatId, a.id));
    expect(messages).toBeUndefined();
  });

  it('refuses empty and too long messages with the field, using no prompt', async () => {
    const { client, userId } = await signedInClient(t);
    expect((await client.post('/api/bloom/chats', { message: '   ' })).body).toMatchObject({
      code: 'chat.message_empty',
      status: 400,
      params: { field: 'message' },
    });
    const chat = await newChat(client, 'A bard.');
    expect(
      (await client.post(`/api/bloom/chats/${chat.id}/messages`, { message: 'x'.repeat(257) })).body,
    ).toMatchObject({
      code: 'chat.message_too_long',
      params: { field: 'message', max: 256 },
    });
    expect(
      (await client.post(`/api/bloom/chats/${chat.id}/messages`, { message: 'x'.repeat(256) })).status,
    ).toBe(202);
    await answered(client, chat.id);
    expect(await promptsUsed(userId)).toBe(0);
  });

  it('says what is missing when the draft cannot be generated yet', async () => {
    const { client } = await signedInClient(t);
    const chat = await newChat(client, 'A bard.');
    const res = await client.post(`/api/bloom/chats/${chat.id}/generate`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('chat.not_ready_to_generate');
    expect(res.body.params.gaps.map((g: { key: string }) => g.key)).toEqual([
      'name',
      'reactions',
      'instructionSamples',
    ]);
  });

  it('takes a direct edit of the draft (free), checked against the draft schema', async () => {
    const { client, userId } = await signedInClient(t);
    const chat = await newChat(client, 'A bard.');
    const draft: BloomDraft = {
      ...chat.draft,
      name: 'Lute',
      reactions: [{ name: 'Sing', description: 'asked for a song' }],
      instructions: [
        {
          name: 'talk',
          samples: ['Sing for me', 'A song please', 'Play something'].map((input) => ({
            input,
            output: 'La la la!',
            reaction: 'Sing',
          })),
        },
      ],
    };
    const bad = await client.put(`/api/bloom/chats/${chat.id}/draft`, {
      draft: { ...draft, reactions: [{ name: 'Sing a song!', description: '' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.params.field).toBe('draft.reactions.0.name');
    const saved = await client.put(`/api/bloom/chats/${chat.id}/draft`, { draft });
    expect(saved.status).toBe(200);
    expect(draftGaps(saved.body.draft)).toEqual([]);
    expect((await client.get(`/api/bloom/chats/${chat.id}`)).body.draft.name).toBe('Lute');
    expect(await promptsUsed(userId)).toBe(0);
  });
});

describe('the prompt allowance', () => {
  it('starts a chat from a demo prompt for free, in the user’s language', async () => {
    const { client, userId } = await signedInClient(t, { language: 'pl' });
    const prompts = demoPromptsResponseSchema.parse(
      (await client.get('/api/bloom/chats/demo/prompts')).body,
    ).prompts;
    expect(prompts.length).toBeGreaterThanOrEqual(3);
    expect(prompts[0]!.title).toBe('Wiejski sklepikarz');
    const res = await client.post('/api/bloom/chats', { demoPromptId: prompts[0]!.id });
    expect(res.status).toBe(201);
    const chat = await answered(client, res.body.id);
    expect(chat.title).toBe('Wiejski sklepikarz');
    expect(chat.messages[0]!.content).toBe(prompts[0]!.text);
    expect(await promptsUsed(userId)).toBe(0);
    expect((await client.post('/api/bloom/chats', { demoPromptId: 'nope' })).status).toBe(404);
  });

  it('uses none for the guided designer: a user with no prompts left goes on, understood or not', async () => {
    const { client, userId } = await signedInClient(t, { promptsLimit: 3, promptsUsed: 3 });
    const chat = await newChat(client, 'A bard in a tavern.');
    await say(client, chat.id, 'Lute');
    // A line the guided designer does not understand costs nothing either.
    const explained = await say(client, chat.id, 'To add an example, write…');
    expect(lastAnswer(explained).status).toBe('complete');
    expect(await promptsUsed(userId)).toBe(3);
    const me = (await client.get('/api/account/data')).body;
    expect(me.prompts).toMatchObject({ limit: 3, used: 3 });
  });
});

describe('the answer stream', () => {
  it('sends the answer and ends with the stored chat', async () => {
    const { client } = await signedInClient(t);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const chat = await newChat(client, 'A bard.');
    await client.post(`/api/bloom/chats/${chat.id}/messages`, { message: 'Lute' });
    const response = await fetch(`${address}/api/bloom/chats/${chat.id}/stream`, {
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = await readEvents(response);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    const stored = chatDetailSchema.parse((done.data as { chat: unknown }).chat);
    expect(stored.answering).toBe(false);
    expect(stored.draft.name).toBe('Lute');
    // Any text event carries the answer's whole text so far.
    for (const e of events.filter((x) => x.event === 'text'))
      expect(lastAnswer(stored).content.startsWith((e.data as { content: string }).content)).toBe(true);

    const anonymous = await fetch(`${address}/api/bloom/chats/${chat.id}/stream`);
    expect(anonymous.status).toBe(401);
  });
});
