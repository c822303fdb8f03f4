// The chat designer with a model configured: the server talks to a local OpenAI-compatible server
// (scripted answers, streamed as the API streams them) through the real `openai` SDK.
import { draftGaps, dropOffers, keepOffers, type BloomDraft, type DraftOffer } from '@greenhouse/mtp';
import { schema } from '@greenhouse/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_REPAIRS, PHRASINGS_PER_REACTION } from '../src/features/chats/model-designer.js';
import { answered, lastAnswer, protocolInputs, readEvents, say, storedProtocol } from './support/chats.js';
import type { OpenAiPeer } from './support/openai-peer.js';
import { withModelDesignerApp } from './support/model-designer-app.js';
import type { SessionClient } from './support/session-client.js';
import type { TestApp } from './support/test-app.js';
import { signedInClient } from './support/users.js';

let t: TestApp;
let peer: OpenAiPeer;

withModelDesignerApp((app, modelPeer) => {
  t = app;
  peer = modelPeer;
});

const samples = (reaction: string, inputs: string[]) =>
  inputs.map((input) => ({ input, output: `${reaction} answer to ${input}`, reaction }));

const completeDraft: BloomDraft = {
  name: 'Bram',
  description: 'A grumpy shopkeeper in a fantasy village.',
  context: ['Bram sells swords.'],
  reactions: [
    { name: 'Sell', description: 'the player buys' },
    { name: 'Guard', description: 'the player threatens' },
  ],
  instructions: [
    {
      name: 'talk',
      samples: [
        ...samples('Sell', ['How much is the sword?', 'I want a shield.', 'Sell me a potion.']),
        ...samples('Guard', ['Give me your gold!', 'I will rob you.', 'Your money or your life.']),
      ],
    },
  ],
  guardrail: null,
};
const updateDraft = (draft: unknown, offers?: unknown) => ({
  name: 'update_draft',
  arguments: JSON.stringify(offers === undefined ? { draft } : { draft, offers }),
});

async function promptsUsed(userId: string): Promise<number> {
  const [user] = await t.database.db.select().from(schema.users).where(eq(schema.users.id, userId));
  return user!.promptsUsed;
}

async function start(client: SessionClient, message: string) {
  const res = await client.post('/api/bloom/chats', { message });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

describe('the model designer', () => {
  it('streams the answer and takes the draft from a tool call, from one paragraph to a generated agent', async () => {
    const { client, userId } = await signedInClient(t);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    peer.script({
      text: ['Here is a first ', 'draft of **Bram**.'],
      toolCalls: [updateDraft(completeDraft)],
      delayMs: 150,
    });
    const id = await start(
      client,
      'A grumpy shopkeeper NPC: players buy gear or threaten him, and he calls the guard.',
    );
    const stream = await fetch(`${address}/api/bloom/chats/${id}/stream`, {
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    const events = await readEvents(stream);
    const texts = events
      .filter((e) => e.event === 'text')
      .map((e) => (e.data as { content: string }).content);
    // The text arrives as it is written: a part first, the whole later.
    expect(texts).toContain('Here is a first ');
    expect(texts.at(-1)).toBe('Here is a first draft of **Bram**.');
    expect(events.some((e) => e.event === 'draft')).toBe(true);
    expect(events.at(-1)!.event).toBe('done');

    const chat = await answered(client, id);
    expect(chat.mode).toBe('model');
    expect(lastAnswer(chat)).toMatchObject({
      status: 'complete',
      content: 'Here is a first draft of **Bram**.',
    });
    expect(chat.draft).toEqual(completeDraft);
    expect(await promptsUsed(userId)).toBe(1);

    // What the model was sent: the system prompt with the draft and what is missing, then the user's text.
    const [request] = peer.requests;
    expect(request!.model).toBe('test-model');
    expect(request!.stream).toBe(true);
    expect(request!.messages[0]!.role).toBe('system');
    expect(request!.messages[0]!.content).toContain('Still missing');
    expect(request!.messages.at(-1)).toMatchObject({
      role: 'user',
      content: expect.stringContaining('grumpy shopkeeper'),
    });

    const generated = await client.post(`/api/bloom/chats/${id}/generate`);
    expect(generated.status, generated.text).toBe(201);
    expect(generated.body.bloom.name).toBe('Bram');
  });

  it('sends an invalid draft back with its problems, and takes the repaired one', async () => {
    const { client } = await signedInClient(t);
    const invalid = { ...completeDraft, reactions: [{ name: 'Sell it!', description: '' }] };
    peer.script(
      { toolCalls: [updateDraft(invalid)] },
      { text: ['Fixed the reaction names.'], toolCalls: [updateDraft(completeDraft)] },
    );
    const chat = await answered(client, await start(client, 'A shopkeeper.'));
    expect(chat.draft).toEqual(completeDraft);
    expect(lastAnswer(chat).content).toBe('Fixed the reaction names.');
    expect(peer.requests).toHaveLength(2);
    const repair = peer.requests[1]!.messages.at(-1)!;
    expect(repair.role).toBe('tool');
    expect(repair.content).toContain('Not saved');
    expect(repair.content).toContain('draft.reactions.0.name');
  });

  it('gives up after a bounded number of repairs and keeps the draft unchanged', async () => {
    const { client } = await signedInClient(t);
    const invalid = { name: 42 };
    peer.script(...Array.from({ length: MAX_REPAIRS + 1 }, () => ({ toolCalls: [updateDraft(invalid)] })));
    const chat = await answered(client, await start(client, 'A shopkeeper.'));
    expect(peer.requests).toHaveLength(MAX_REPAIRS + 1);
    expect(chat.draft.name).toBe('');
    expect(lastAnswer(chat)).toMatchObject({ status: 'complete' });
    expect(lastAnswer(chat).content).toContain('could not produce a valid draft');
  });

  it('treats tool arguments that are not JSON as a draft to repair', async () => {
    const { client } = await signedInClient(t);
    peer.script(
      { toolCalls: [{ name: 'update_draft', arguments: '{"draft": {"name": "Bram",' }] },
      { text: ['Done.'], toolCalls: [updateDraft(completeDraft)] },
    );
    const chat = await answered(client, await start(client, 'A shopkeeper.'));
    expect(peer.requests[1]!.messages.at(-1)!.content).toContain('not valid JSON');
    expect(draftGaps(chat.draft)).toEqual([]);
  });

  it('leaves the chat usable after a malformed answer, an error and a timeout, without using prompts', async () => {
    const { client, userId } = await signedInClient(t);
    peer.script({ text: ['Hello! What is the agent called?'] });
    const id = await start(client, 'A shopkeeper.');
    await answered(client, id);
    expect(await promptsUsed(userId)).toBe(1);

    for (const answer of [
      { malformed: 'this is not a server-sent event stream {' },
      { status: 500, body: { error: { message: 'the model is overloaded' } } },
      { hang: true as const },
    ]) {
      peer.script(answer);
      const sent = await client.post(`/api/bloom/chats/${id}/messages`, { message: 'Bram' });
      expect(sent.status).toBe(202);
      const chat = await answered(client, id);
      expect(lastAnswer(chat).status).toBe('failed');
      expect(lastAnswer(chat).content).toContain('did not use a prompt');
      expect(chat.draft.name).toBe('');
      expect(await promptsUsed(userId)).toBe(1);
    }
    // A timeout says so.
    const chat = await answered(client, id);
    expect(lastAnswer(chat).content).toContain('did not answer in time');

    peer.script({ text: ['Nice name.'], toolCalls: [updateDraft({ ...completeDraft, name: 'Bram' })] });
    const after = await client.post(`/api/bloom/chats/${id}/messages`, { message: 'Bram' });
    expect(after.status).toBe(202);
    expect((await answered(client, id)).draft.name).toBe('Bram');
    expect(await promptsUsed(userId)).toBe(2);
    // The failed turns are not sent to the model again.
    const history = peer.requests.at(-1)!.messages.filter((m) => m.role !== 'system');
    expect(history.map((m) => m.content)).toEqual([
      'A shopkeeper.',
      'Hello! What is the agent called?',
      'Bram',
      'Bram',
      'Bram',
      'Bram',
    ]);
  });

  it('refuses a second message while the first is being answered', async () => {
    const { client, userId } = await signedInClient(t);
    peer.script({ text: ['Thinking', ' slowly', '…'], delayMs: 200 });
    const id = await start(client, 'A shopkeeper.');
    const second = await client.post(`/api/bloom/chats/${id}/messages`, { message: 'Hello?' });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('chat.answering');
    expect((await client.put(`/api/bloom/chats/${id}/draft`, { draft: completeDraft })).body.code).toBe(
      'chat.answering',
    );
    const list = (await client.get('/api/bloom/chats')).body;
    expect(list.chats.find((c: { id: string }) => c.id === id).answering).toBe(true);
    await answered(client, id);
    expect(await promptsUsed(userId)).toBe(1);
  });
});

const phrasings = (reaction: string, inputs: string[]): DraftOffer[] =>
  inputs.map((input) => ({ reaction, input }));
const sellPhrasings = phrasings('Sell', [
  'What does the sword cost?',
  'I would like to buy a shield.',
  'Got any potions?',
  'Can I see your blades?',
  'I need a new helmet.',
  'How much for the axe?',
  'What are you selling today?',
  'Take my gold for that dagger.',
  'I am looking for armour.',
  'Show me your wares.',
]);
const guardPhrasings = phrasings('Guard', [
  'Hand over your coins!',
  'I am robbing this shop.',
  'Empty the till or else.',
  'This shop is mine now.',
  'Give me everything you have!',
  'Nobody will hear you scream.',
  'I will burn this place down.',
  'Your purse, now!',
  'Do what I say or get hurt.',
  'I am taking this, old man.',
]);

describe('phrasings offered by the model', () => {
  it('asks for phrasings and takes them into the draft as offers, not samples; only kept ones reach the protocol', async () => {
    const { client } = await signedInClient(t);
    peer.script({
      text: ['Here is **Bram**. I suggested more phrasings in the draft: keep or drop them.'],
      toolCalls: [updateDraft(completeDraft, [...sellPhrasings, ...guardPhrasings])],
    });
    let chat = await answered(client, await start(client, 'A grumpy shopkeeper NPC.'));
    const [instruction] = chat.draft.instructions;
    expect(instruction!.samples).toEqual(completeDraft.instructions[0]!.samples);
    expect(instruction!.offers).toEqual([...sellPhrasings, ...guardPhrasings]);
    expect(draftGaps(chat.draft)).toEqual([]);

    // The model was asked for them: in the system prompt and in the tool's schema, as offers.
    const [request] = peer.requests;
    expect(request!.messages[0]!.content).toContain(
      `offer at least ${PHRASINGS_PER_REACTION}\nnew phrasings of what players might say`,
    );
    expect(request!.messages[0]!.content).toContain('Offers are not\nsamples');
    const tool = request!.tools!.find((x) => x.function.name === 'update_draft')!;
    const parameters = tool.function.parameters as {
      properties: { offers: { description: string }; draft: { properties: { instructions: unknown } } };
    };
    expect(parameters.properties.offers.description).toContain(
      `at least ${PHRASINGS_PER_REACTION} per reaction`,
    );
    // The model's draft has no offers of its own: those are ours.
    expect(JSON.stringify(parameters.properties.draft.properties.instructions)).not.toContain('offers');

    // The user keeps two of Sell's and one of Guard's, drops three, and leaves the rest waiting.
    let next = keepOffers(instruction!, [0, 1, 10]);
    next = dropOffers(next, [0, 1, 7]);
    const kept = [sellPhrasings[0]!, sellPhrasings[1]!, guardPhrasings[0]!].map((o) => o.input);
    const dropped = [sellPhrasings[2]!, sellPhrasings[3]!, guardPhrasings[1]!].map((o) => o.input);
    const waiting = next.offers!.map((o) => o.input);
    expect(waiting).toHaveLength(14);
    const saved = await client.put(`/api/bloom/chats/${chat.id}/draft`, {
      draft: { ...chat.draft, instructions: [next] },
    });
    expect(saved.status, saved.text).toBe(200);
    chat = saved.body;

    const generated = await client.post(`/api/bloom/chats/${chat.id}/generate`);
    expect(generated.status, generated.text).toBe(201);
    const lines = protocolInputs(await storedProtocol(t.database.db, generated.body.bloom.id));
    expect(lines).toHaveLength(9);
    for (const line of kept) expect(lines).toContain(line);
    for (const line of [...dropped, ...waiting]) expect(lines).not.toContain(line);
  });

  it('keeps the waiting offers when the model sends its draft again, shows them to it, and leaves out repeats', async () => {
    const { client } = await signedInClient(t);
    peer.script({ text: ['Draft ready.'], toolCalls: [updateDraft(completeDraft, sellPhrasings)] });
    const id = await start(client, 'A grumpy shopkeeper NPC.');
    await answered(client, id);

    peer.script(
      {
        toolCalls: [
          updateDraft({ ...completeDraft, name: 'Bram the Grumpy' }, [
            ...guardPhrasings.slice(0, 3),
            sellPhrasings[0]!, // already waiting
            { reaction: 'Guard', input: 'give me your GOLD' }, // an example already
          ]),
        ],
      },
      { text: ['More for Guard.'] },
    );
    const chat = await say(client, id, 'Add phrasings for Guard too.');
    expect(chat.draft.name).toBe('Bram the Grumpy');
    expect(chat.draft.instructions[0]!.offers).toEqual([...sellPhrasings, ...guardPhrasings.slice(0, 3)]);
    expect(chat.draft.instructions[0]!.samples).toEqual(completeDraft.instructions[0]!.samples);

    // The turn's first call: the waiting offers listed apart from the draft, which is the model's own shape.
    const system = peer.requests.at(-2)!.messages[0]!.content!;
    expect(system).toContain('wait for the user to keep or drop');
    expect(system).toContain(sellPhrasings[9]!.input);
    const draftJson = /^The current draft: (.*)$/m.exec(system)![1]!;
    expect(JSON.parse(draftJson).instructions[0]).not.toHaveProperty('offers');
    // The tool's answer says what became of the offers.
    const toolAnswer = peer.requests.at(-1)!.messages.at(-1)!;
    expect(toolAnswer.role).toBe('tool');
    expect(toolAnswer.content).toContain('Offered 3 new phrasings to the user (2 left out');
  });

  it('sends offers for reactions the draft does not have back with the problem, and takes the repair', async () => {
    const { client } = await signedInClient(t);
    peer.script(
      { toolCalls: [updateDraft(completeDraft, phrasings('Dance', ['Dance for me!']))] },
      {
        text: ['Fixed.'],
        toolCalls: [updateDraft(completeDraft, phrasings('Sell', ['Dance for me and sell!']))],
      },
    );
    const chat = await answered(client, await start(client, 'A shopkeeper.'));
    const repair = peer.requests[1]!.messages.at(-1)!;
    expect(repair.role).toBe('tool');
    expect(repair.content).toContain('Not saved');
    expect(repair.content).toContain('offers.0.reaction: "Dance" is not a declared reaction');
    expect(chat.draft.instructions[0]!.offers).toEqual(phrasings('Sell', ['Dance for me and sell!']));

    // Offers that are not lines (empty, too long) are problems too.
    peer.script(
      { toolCalls: [updateDraft(completeDraft, [{ reaction: 'Sell', input: 'x'.repeat(257) }])] },
      { text: ['Fixed again.'], toolCalls: [updateDraft(completeDraft)] },
    );
    const after = await say(client, chat.id, 'More please.');
    expect(peer.requests.at(-1)!.messages.at(-1)!.content).toContain('offers.0.input');
    expect(after.draft.instructions[0]!.offers).toEqual(phrasings('Sell', ['Dance for me and sell!']));
  });

  it('asks a Polish user’s model for Polish phrasings, and takes them', async () => {
    const { client } = await signedInClient(t, { language: 'pl' });
    const polish = phrasings('Sell', [
      'Ile za ten miecz?',
      'Chciałbym kupić tarczę.',
      'Masz jakieś mikstury?',
    ]);
    peer.script({
      text: ['Oto **Bram**. Zaproponowałem sformułowania w szkicu.'],
      toolCalls: [updateDraft(completeDraft, polish)],
    });
    const chat = await answered(client, await start(client, 'Zrzędliwy sklepikarz.'));
    expect(chat.draft.instructions[0]!.offers).toEqual(polish);
    const system = peer.requests[0]!.messages[0]!.content!;
    expect(system).toContain('Answer in Polish');
    expect(system).toContain("written in the language of the reaction's examples (normally Polish)");
  });
});

describe('the prompt allowance (each answer of a model uses one)', () => {
  it('counts fifty messages sent at once to fifty chats exactly against an allowance of ten', async () => {
    const { client, userId } = await signedInClient(t, { promptsLimit: 10 });
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await client.post('/api/bloom/chats', { demoPromptId: 'shopkeeper' });
      ids.push(res.body.id);
    }
    await Promise.all(ids.map((id) => answered(client, id)));
    expect(await promptsUsed(userId)).toBe(0);
    peer.script(...Array.from({ length: 10 }, () => ({ text: ['Noted.'] })));
    const results = await Promise.all(
      ids.map((id) => client.post(`/api/bloom/chats/${id}/messages`, { message: 'Bram' })),
    );
    const statuses = results.map((r) => (r.status === 202 ? 'sent' : r.body.code));
    expect(statuses.filter((s) => s === 'sent')).toHaveLength(10);
    expect(statuses.filter((s) => s === 'account.prompts_insufficient')).toHaveLength(40);
    await Promise.all(ids.map((id) => answered(client, id)));
    expect(await promptsUsed(userId)).toBe(10);
    // The user message is stored only for the ten that were accepted.
    const userMessages = await t.database.db
      .select()
      .from(schema.chatMessages)
      .where(eq(schema.chatMessages.role, 'user'));
    expect(userMessages.filter((m) => m.content === 'Bram' && ids.includes(m.chatId))).toHaveLength(10);

    const me = (await client.get('/api/account/data')).body;
    expect(me.prompts).toMatchObject({ limit: 10, used: 10 });
    const refused = await client.post('/api/bloom/chats', { message: 'one more' });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('account.prompts_insufficient');
    expect(refused.body.params.nextRenewalAt).toBe(me.prompts.nextRenewalAt);
  }, 60_000);

  it('never limits an admin', async () => {
    const { client, userId } = await signedInClient(t, { role: 'admin', promptsLimit: 1 });
    peer.script({ text: ['Hello.'] }, { text: ['Lute it is.'] }, { text: ['Loud, yes.'] });
    const id = await start(client, 'A bard.');
    await answered(client, id);
    await say(client, id, 'Lute');
    await say(client, id, 'The tavern is loud.');
    expect(await promptsUsed(userId)).toBe(0);
  });

  it('renews a used-up allowance once its period has passed', async () => {
    const { client, userId } = await signedInClient(t, {
      promptsLimit: 1,
      promptsUsed: 1,
      promptsPeriodStart: new Date(Date.now() - 31 * 86_400_000),
    });
    peer.script({ text: ['Hello.'] });
    await answered(client, await start(client, 'A bard.'));
    const [user] = await t.database.db.select().from(schema.users).where(eq(schema.users.id, userId));
    expect(user!.promptsUsed).toBe(1);
    expect(user!.promptsPeriodStart.getTime()).toBeGreaterThan(Date.now() - 2 * 86_400_000);
  });
});
