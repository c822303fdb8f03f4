import type { ChatDetail } from '@greenhouse/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  apiCalls,
  apiErrorResponse,
  renderApp,
  setApi,
  setUpAppHarness,
  signedInAs,
} from '../../test/app-harness';
import { completeDraft, testChat, testMessage } from '../../test/chat-fixtures';
import { jsonResponse, testBloom, testUser, userWithPrompts } from '../../test/fixtures';

setUpAppHarness();

/** The browser's EventSource, scripted: the test sends the server's events. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readyState = 1;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.closed = true;
    this.readyState = 2;
  }

  emit(type: string, data: unknown) {
    act(() => {
      for (const listener of this.listeners.get(type) ?? [])
        listener({ data: JSON.stringify(data) } as MessageEvent<string>);
    });
  }
}

/** The stream the page has open now. */
const openStream = () => FakeEventSource.instances.filter((s) => !s.closed).at(-1);

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

const demoPrompts = {
  mode: 'guided',
  prompts: [
    { id: 'guard', title: 'A city guard', text: 'A guard at the gate of a medieval city.' },
    { id: 'barista', title: 'A barista', text: 'A friendly barista who takes coffee orders.' },
  ],
};

/**
 * The API with a chat store: GET answers `chat`, the calls the page makes are answered as the server would;
 * the designer new chats get is the chat's.
 */
function serve(chat: ChatDetail, user = testUser()) {
  let current = chat;
  setApi(
    signedInAs(user, (url, init) => {
      const method = init.method ?? 'GET';
      const path = url.pathname.replace('/api', '');
      if (path === '/bloom/chats/demo/prompts') return jsonResponse({ ...demoPrompts, mode: chat.mode });
      if (path === '/bloom/chats' && method === 'POST') return jsonResponse(current, 201);
      if (path === `/bloom/chats/${chat.id}` && method === 'GET') return jsonResponse(current);
      if (path === `/bloom/chats/${chat.id}/draft` && method === 'PUT') {
        current = { ...current, draft: JSON.parse(String(init.body)).draft };
        return jsonResponse(current);
      }
      return undefined;
    }),
  );
  return { update: (next: ChatDetail) => (current = next) };
}

describe('/chat/new', () => {
  it('explains the designer, shows the prompts left and the demos, and starts a demo for free', async () => {
    serve(testChat({ id: 'c7', answering: true }));
    const router = renderApp('/chat/new');
    expect(await screen.findByRole('heading', { name: 'New chat', level: 1 })).toBeTruthy();
    expect(document.title).toBe('New chat · Greenhouse');
    // The server says which designer runs; the page says that one, not both.
    expect(
      await screen.findByText(
        'No AI model is set up on this Greenhouse, so a guided interview asks its questions one at a time.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/An AI model answers you/)).toBeNull();
    expect(screen.getByText('Enter sends, Shift+Enter starts a new line.')).toBeTruthy();
    // The guided interview calls no model: its messages use no prompt.
    expect(screen.getByText('The guided interview uses no prompts')).toBeTruthy();
    expect(screen.queryByText(/Each message uses one prompt/)).toBeNull();

    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /A barista/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/c7'));
    expect(apiCalls('POST', '/bloom/chats').map((call) => call.body)).toEqual([{ demoPromptId: 'barista' }]);
  });

  it('says when an AI model designs the agent', async () => {
    serve(testChat());
    setApi(
      signedInAs(testUser(), (url) =>
        url.pathname.endsWith('/demo/prompts') ? jsonResponse({ ...demoPrompts, mode: 'model' }) : undefined,
      ),
    );
    renderApp('/chat/new');
    expect(
      await screen.findByText('An AI model answers you and fills in the draft as you talk.'),
    ).toBeTruthy();
    expect(screen.queryByText(/guided interview/)).toBeNull();
  });

  it.each([
    ['a phone’s width', '(max-width: 600px)'],
    ['a touch screen', '(pointer: coarse)'],
  ])('leaves out the keyboard hint at %s', async (_what, query) => {
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (q: string) =>
        ({
          matches: q.split(',').some((part) => part.trim() === query),
          media: q,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
    serve(testChat({ id: 'c9', answering: true }));
    const router = renderApp('/chat/new');
    const box = await screen.findByLabelText('What should your agent be, and who talks to it?');
    expect(screen.queryByText(/Enter sends/)).toBeNull();
    expect(box.getAttribute('aria-describedby')).not.toMatch(/hint/);
    if (query === '(pointer: coarse)') {
      // No hardware keyboard assumed: Enter is a new line, the button sends.
      const user = userEvent.setup();
      await user.type(box, 'A barista{Enter}who takes orders');
      expect(apiCalls('POST', '/bloom/chats')).toEqual([]);
      await user.click(screen.getByRole('button', { name: 'Send' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/chat/c9'));
      expect(apiCalls('POST', '/bloom/chats').map((call) => call.body)).toEqual([
        { message: 'A barista\nwho takes orders' },
      ]);
    }
  });

  it('sends the first message with Enter (Shift+Enter is a new line) and opens the chat', async () => {
    serve(testChat({ id: 'c8', answering: true }));
    const router = renderApp('/chat/new');
    const box = await screen.findByLabelText('What should your agent be, and who talks to it?');
    const user = userEvent.setup();
    await user.type(box, '  A barista{Shift>}{Enter}{/Shift}who takes orders  ');
    expect(screen.getByText('26/256')).toBeTruthy();
    expect(apiCalls('POST', '/bloom/chats')).toEqual([]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/c8'));
    expect(apiCalls('POST', '/bloom/chats').map((call) => call.body)).toEqual([
      { message: 'A barista\nwho takes orders' },
    ]);
  });

  it('says an empty or too long message cannot be sent', async () => {
    serve(testChat());
    renderApp('/chat/new');
    const box = await screen.findByLabelText('What should your agent be, and who talks to it?');
    const user = userEvent.setup();
    await user.click(box);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Message cannot be empty.')).toBeTruthy();

    await user.click(box);
    await user.paste('x'.repeat(257));
    expect(await screen.findByText('Message cannot be more than 256 characters long.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
    expect(apiCalls('POST', '/bloom/chats')).toEqual([]);
  });

  it('shows the server’s refusal when no prompts are left', async () => {
    serve(testChat());
    setApi(
      signedInAs(testUser(), (url, init) => {
        if (url.pathname.endsWith('/demo/prompts')) return jsonResponse(demoPrompts);
        if (url.pathname.endsWith('/bloom/chats') && init.method === 'POST')
          return apiErrorResponse('account.prompts_insufficient', 403);
        return undefined;
      }),
    );
    renderApp('/chat/new');
    const user = userEvent.setup();
    await user.type(
      await screen.findByLabelText('What should your agent be, and who talks to it?'),
      'A barista{Enter}',
    );
    expect(
      await screen.findByText('You have no prompts left. Please wait for your allowance to renew.'),
    ).toBeTruthy();
  });

  it('offers only the demos once the allowance is used up, when a model answers', async () => {
    serve(testChat({ mode: 'model' }), userWithPrompts({ limit: 5, used: 5, nextRenewalAt: null }));
    renderApp('/chat/new');
    expect(
      await screen.findByText(/You have no prompts left, so you cannot write your own message/),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Each message uses one prompt · 0/5 left')).toBeTruthy();
    expect(await screen.findByRole('button', { name: /A city guard/ })).toBeTruthy();
  });

  it('lets a user with no prompts left talk to the guided interview, which uses none', async () => {
    serve(testChat(), userWithPrompts({ limit: 5, used: 5, nextRenewalAt: null }));
    renderApp('/chat/new');
    expect(await screen.findByText('The guided interview uses no prompts')).toBeTruthy();
    expect(screen.queryByText(/You have no prompts left/)).toBeNull();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('What should your agent be, and who talks to it?'), 'A bard');
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(false);
  });

  it.each(['model', 'guided'] as const)(
    'in a chat, blocks messages without prompts only when a model answers (%s)',
    async (mode) => {
      serve(testChat({ id: 'c7', mode }), userWithPrompts({ limit: 5, used: 5, nextRenewalAt: null }));
      renderApp('/chat/c7');
      expect(await screen.findByRole('heading', { name: 'Coffee helper', level: 1 })).toBeTruthy();
      if (mode === 'model') {
        expect(screen.getByText(/You have no prompts left, so you cannot send a message now/)).toBeTruthy();
      } else {
        expect(screen.getByText('The guided interview uses no prompts')).toBeTruthy();
        expect(screen.queryByText(/You have no prompts left/)).toBeNull();
      }
    },
  );
});

describe('/chat/{id}', () => {
  it('has the app shell widen its content area while the chat is shown, and only then', async () => {
    serve(testChat({ id: 'c7' }));
    const router = renderApp('/chat/c7');
    expect(await screen.findByRole('heading', { name: 'Coffee helper', level: 1 })).toBeTruthy();
    const content = () => document.querySelector('.app-shell__content');
    expect(content()?.classList.contains('app-shell__content--wide')).toBe(true);

    await act(() => router.navigate('/chat/new'));
    expect(await screen.findByRole('heading', { name: 'New chat', level: 1 })).toBeTruthy();
    expect(content()?.classList.contains('app-shell__content--wide')).toBe(false);
  });

  it('shows the conversation with safe markdown, the draft and what is still missing', async () => {
    serve(
      testChat({
        messages: [
          testMessage(),
          testMessage({
            id: 'm2',
            role: 'assistant',
            content: 'What is its **name**? <img src=x onerror="alert(1)"> [docs](javascript:alert(1))',
          }),
        ],
      }),
    );
    renderApp('/chat/c1');
    expect(await screen.findByRole('heading', { name: 'Coffee helper', level: 1 })).toBeTruthy();
    expect(document.title).toBe('Coffee helper · Greenhouse');
    const messages = screen.getByRole('region', { name: 'Messages' });
    expect(within(messages).getByText('name').tagName).toBe('STRONG');
    // Raw HTML stays text; a javascript: link loses its address.
    expect(messages.querySelector('img')).toBeNull();
    expect(within(messages).getByText(/<img src=x/)).toBeTruthy();
    expect(within(messages).getByText('docs').closest('a')?.getAttribute('href') ?? '').not.toContain(
      'javascript',
    );

    const designer = screen.getByRole('region', { name: 'The draft so far' });
    expect(within(designer).getByText('A barista who takes coffee orders')).toBeTruthy();
    expect(within(designer).getByText('Give the agent a name.')).toBeTruthy();
    const generate = screen.getByRole('button', { name: 'Generate agent' });
    expect(generate.hasAttribute('disabled')).toBe(true);
    expect(generate.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Complete the draft first: see what is still missing.')).toBeTruthy();
    expect(FakeEventSource.instances).toEqual([]);
  });

  it('follows an answer live through the stream, then lets the user write again', async () => {
    const answering = testChat({
      answering: true,
      messages: [
        testMessage(),
        testMessage({ id: 'm2', role: 'assistant', content: '', status: 'answering' }),
      ],
    });
    serve(answering);
    renderApp('/chat/c1');
    await screen.findByRole('heading', { name: 'Coffee helper', level: 1 });
    await waitFor(() => expect(openStream()).toBeTruthy());
    const stream = openStream()!;
    expect(stream.url).toBe('http://api.test/api/bloom/chats/c1/stream');
    expect(stream.init).toEqual({ withCredentials: true });
    expect(screen.getAllByText('Writing…').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Edit' }).hasAttribute('disabled')).toBe(true);

    stream.emit('text', { messageId: 'm2', content: 'Nice. What is its' });
    expect(await screen.findByText('Nice. What is its')).toBeTruthy();
    stream.emit('text', { messageId: 'm2', content: 'Nice. What is its **name**?' });
    expect(await screen.findByText('name')).toBeTruthy();
    stream.emit('draft', { draft: { ...answering.draft, name: 'Barista' } });
    expect(await screen.findByText('Barista')).toBeTruthy();

    const done = testChat({
      messages: [
        testMessage(),
        testMessage({ id: 'm2', role: 'assistant', content: 'Nice. What is its **name**?' }),
      ],
      draft: { ...answering.draft, name: 'Barista' },
    });
    stream.emit('done', { chat: done });
    expect(stream.closed).toBe(true);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(false),
    );
    expect(screen.queryByText('Writing…')).toBeNull();
    expect(screen.getByText('The designer answered: Nice. What is its name?')).toBeTruthy();
    expect(openStream()).toBeUndefined();
  });

  it('shows a failed answer and says the prompt was given back', async () => {
    serve(
      testChat({
        messages: [
          testMessage(),
          testMessage({
            id: 'm2',
            role: 'assistant',
            content: 'The model did not answer.',
            status: 'failed',
          }),
        ],
      }),
    );
    renderApp('/chat/c1');
    expect(await screen.findByText(/This answer failed, and your prompt was given back/)).toBeTruthy();
  });

  it('edits the draft directly and saves it', async () => {
    serve(testChat());
    renderApp('/chat/c1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const name = screen.getByLabelText('Name');
    await waitFor(() => expect(document.activeElement).toBe(name));
    // The chat waits while the draft is being edited.
    expect(screen.getByText('Save or cancel your changes to the draft to go on with the chat.')).toBeTruthy();
    await user.type(name, 'Barista');
    await user.click(screen.getByRole('button', { name: 'Add a reaction' }));
    const reactionName = within(screen.getByRole('group', { name: 'Reaction 1' })).getByLabelText(
      'Reaction name',
    );
    await user.type(reactionName, 'Take order');
    await user.click(screen.getByRole('button', { name: 'Save the draft' }));
    expect(
      await screen.findByText('Use letters and digits only, starting with a letter (no spaces).'),
    ).toBeTruthy();
    expect(apiCalls('PUT', '/bloom/chats/c1/draft')).toEqual([]);

    await user.clear(reactionName);
    await user.type(reactionName, 'Order');
    await user.click(screen.getByRole('button', { name: 'Save the draft' }));
    await screen.findByText('Draft saved.');
    const [put] = apiCalls('PUT', '/bloom/chats/c1/draft');
    expect(put!.body).toEqual({
      draft: {
        name: 'Barista',
        description: 'A barista who takes coffee orders',
        context: [],
        reactions: [{ name: 'Order', description: '' }],
        instructions: [{ name: 'talk', samples: [] }],
        guardrail: null,
      },
    });
    const designer = screen.getByRole('region', { name: 'The draft so far' });
    expect(within(designer).getByText('Barista')).toBeTruthy();
    expect(within(designer).getByText('Order_')).toBeTruthy();
    expect(
      within(designer).getByText('The reaction “Order” needs at least 3 example exchanges (it has 0).'),
    ).toBeTruthy();
  });

  it('generates the agent from a complete draft and links to it', async () => {
    serve(testChat({ draft: completeDraft() }));
    setApi(
      signedInAs(testUser(), (url, init) => {
        if (url.pathname.endsWith('/bloom/chats/c1/generate') && init.method === 'POST')
          return jsonResponse(
            { chat: testChat({ draft: completeDraft(), closed: true, bloomId: 'b1' }), bloom: testBloom() },
            201,
          );
        if (url.pathname.endsWith('/bloom/chats/c1'))
          return jsonResponse(testChat({ draft: completeDraft() }));
        return undefined;
      }),
    );
    const router = renderApp('/chat/c1');
    expect(await screen.findByText('Nothing is missing: the agent can be generated.')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Generate agent' }));
    expect(await screen.findByText('Agent “Helper” created. Its training has started.')).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'Open the agent' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/agent/b1', '/agent/b1']);
    // Closed: no message box, no editing.
    expect(screen.queryByLabelText('Your message')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    await user.click(links[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/agent/b1'));
  });

  it('in a chat editing an agent, makes an example a scenario test, trains the next version, then offers to edit the one after', async () => {
    const editing = testChat({ draft: completeDraft(), bloomId: 'b1' });
    const kept = { instruction: 'talk', inputs: [{ text: 'A latte please' }], expect: 'Order_' };
    setApi(
      signedInAs(testUser(), (url, init) => {
        if (url.pathname.endsWith('/bloom/chats/c1/generate') && init.method === 'POST')
          return jsonResponse({ chat: { ...editing, closed: true }, bloom: testBloom() }, 201);
        if (url.pathname.endsWith('/bloom/chats') && init.method === 'POST')
          return jsonResponse({ ...editing, id: 'c2' }, 201);
        if (url.pathname.endsWith('/bloom/chats/c1')) return jsonResponse(editing);
        if (url.pathname.endsWith('/bloom/chats/c2')) return jsonResponse({ ...editing, id: 'c2' });
        if (url.pathname.endsWith('/blooms/b1/scenarios')) {
          const body =
            init.method === 'PUT' ? JSON.parse(String(init.body)) : { gateDownload: true, scenarios: [kept] };
          return jsonResponse({ ...body, instructions: [], results: [] });
        }
        return undefined;
      }),
    );
    const router = renderApp('/chat/c1');
    const user = userEvent.setup();
    // An example becomes a scenario test of the agent, after the cases it has.
    await user.click(
      await screen.findByRole('button', { name: 'Make example 2 of talk a scenario test of the agent' }),
    );
    expect(
      await screen.findByText(
        '“Can I get an espresso?” is now a scenario test of the agent; it runs on every trained version.',
      ),
    ).toBeTruthy();
    expect(apiCalls('PUT', '/blooms/b1/scenarios').map((c) => c.body)).toEqual([
      {
        gateDownload: true,
        scenarios: [
          kept,
          { instruction: 'talk', inputs: [{ text: 'Can I get an espresso?' }], expect: 'Order_' },
        ],
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Train new version' }));
    expect(await screen.findByText('A new version of “Helper” is training.')).toBeTruthy();
    expect(screen.getAllByRole('heading', { name: 'New version created' }).length).toBeGreaterThan(0);
    await user.click(screen.getAllByRole('button', { name: 'Edit again as a new version' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/c2'));
    expect(apiCalls('POST', '/bloom/chats').map((c) => c.body)).toEqual([{ bloomId: 'b1' }]);
  });

  it('lists the gaps the server names when it refuses to generate', async () => {
    setApi(
      signedInAs(testUser(), (url, init) => {
        if (url.pathname.endsWith('/generate') && init.method === 'POST')
          return apiErrorResponse('chat.not_ready_to_generate', 409, { gaps: [{ key: 'guardrailOutput' }] });
        if (url.pathname.endsWith('/bloom/chats/c1'))
          return jsonResponse(testChat({ draft: completeDraft() }));
        return undefined;
      }),
    );
    renderApp('/chat/c1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Generate agent' }));
    expect(
      await screen.findByText(
        'This chat is not ready to create an agent yet. Say what the agent answers to anything off topic.',
      ),
    ).toBeTruthy();
  });

  it('keeps and drops the phrasings a designer suggested, saving each change, apart from the examples', async () => {
    const draft = completeDraft();
    draft.instructions[0]!.offers = [
      { reaction: 'Order', input: 'Can I acquire an espresso?' },
      { reaction: 'Order', input: 'Two cappuccinos to travel' },
    ];
    serve(testChat({ draft }));
    renderApp('/chat/c1');
    const designer = await screen.findByRole('region', { name: 'The draft so far' });
    expect(
      within(designer).getByText(
        'Suggested phrasings wait for you to keep or drop, under Instructions: 2. They are not used unless you keep them.',
      ),
    ).toBeTruthy();
    // The examples are the three samples; the suggestions are a list of their own.
    expect(designer.querySelectorAll('.draft__sample')).toHaveLength(3);
    const suggestions = within(designer).getByRole('region', { name: 'Suggested phrasings' });
    expect(within(suggestions).queryByText('A latte please')).toBeNull();

    const user = userEvent.setup();
    await user.click(within(suggestions).getByRole('button', { name: 'Keep “Two cappuccinos to travel”' }));
    await waitFor(() => expect(designer.querySelectorAll('.draft__sample')).toHaveLength(4));
    const [kept] = apiCalls('PUT', '/bloom/chats/c1/draft');
    expect((kept!.body as { draft: typeof draft }).draft.instructions[0]).toEqual({
      name: 'talk',
      samples: [
        ...completeDraft().instructions[0]!.samples,
        { input: 'Two cappuccinos to travel', output: 'One latte coming up!', reaction: 'Order' },
      ],
      offers: [{ reaction: 'Order', input: 'Can I acquire an espresso?' }],
    });
    expect(await screen.findByText('Kept “Two cappuccinos to travel” as an example of Order.')).toBeTruthy();
    expect(within(designer).getByText(/under Instructions: 1\./)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Drop “Can I acquire an espresso?”' }));
    expect(await screen.findByText('No suggested phrasings are waiting.')).toBeTruthy();
    const dropped = apiCalls('PUT', '/bloom/chats/c1/draft')[1]!.body as { draft: typeof draft };
    expect(dropped.draft.instructions[0]!.offers).toBeUndefined();
    expect(dropped.draft.instructions[0]!.samples).toHaveLength(4);
    expect(within(designer).queryByText(/under Instructions/)).toBeNull();
  });

  it('shows no suggestions to keep once the chat made its agent', async () => {
    const draft = completeDraft();
    draft.instructions[0]!.offers = [{ reaction: 'Order', input: 'Can I acquire an espresso?' }];
    serve(testChat({ draft, closed: true, bloomId: 'b1' }));
    renderApp('/chat/c1');
    const designer = await screen.findByRole('region', { name: 'The draft so far' });
    expect(within(designer).getByText('A latte please')).toBeTruthy();
    expect(within(designer).queryByText('Can I acquire an espresso?')).toBeNull();
    expect(screen.queryByRole('button', { name: /Keep/ })).toBeNull();
  });

  it('keeps suggested phrasings through the draft editor, where they can be kept or dropped too', async () => {
    const draft = completeDraft();
    draft.instructions[0]!.offers = [
      { reaction: 'Order', input: 'Can I acquire an espresso?' },
      { reaction: 'Order', input: 'Two cappuccinos to travel' },
      { reaction: 'Order', input: 'A java please' },
    ];
    serve(testChat({ draft }));
    renderApp('/chat/c1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const editor = screen.getByRole('form', { name: 'Edit the agent draft' });
    await user.click(within(editor).getByRole('button', { name: 'Keep “A java please”' }));
    // A new example in the form, answered like the reaction's others.
    expect(within(editor).getByRole('group', { name: 'Example 4' })).toBeTruthy();
    expect(
      within(editor)
        .getAllByLabelText('Someone says')
        .map((f) => (f as HTMLInputElement).value),
    ).toEqual(['A latte please', 'Can I get an espresso?', 'Two cappuccinos', 'A java please']);
    await user.click(within(editor).getByRole('button', { name: 'Drop “Can I acquire an espresso?”' }));
    await user.click(within(editor).getByRole('button', { name: 'Save the draft' }));
    await screen.findByText('Draft saved.');
    const [put] = apiCalls('PUT', '/bloom/chats/c1/draft');
    const saved = (put!.body as { draft: typeof draft }).draft.instructions[0]!;
    expect(saved.samples.at(-1)).toEqual({
      input: 'A java please',
      output: 'One latte coming up!',
      reaction: 'Order',
    });
    // The one left waiting stays an offer, not an example.
    expect(saved.offers).toEqual([{ reaction: 'Order', input: 'Two cappuccinos to travel' }]);
  });

  it('says when the chat does not exist', async () => {
    setApi(
      signedInAs(testUser(), (url) =>
        url.pathname.endsWith('/bloom/chats/nope') ? apiErrorResponse('chat.not_found', 404) : undefined,
      ),
    );
    renderApp('/chat/nope');
    expect(await screen.findByRole('heading', { name: 'Chat not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start a new chat' }).getAttribute('href')).toBe('/chat/new');
  });
});
