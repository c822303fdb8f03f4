import type { Bloom } from '@greenhouse/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiCalls, renderApp, setApi, setUpAppHarness, signedInAs } from '../../test/app-harness';
import { jsonResponse, testBloom, testUser, trainedBloom } from '../../test/fixtures';
import type { FromWorker, LoadedAgent, RunRequest, ToWorker } from './engine/messages';

setUpAppHarness();

// The Worker boundary is the only thing replaced: a fake worker that speaks the page's protocol
// (engine/messages.ts) the way flora-worker.ts does, with a scripted agent.
const agent: LoadedAgent = {
  name: 'Helper',
  parameters: 189_248,
  reactions: ['Continue_', 'Madness_'],
  promptLimit: 1200,
  instructions: [
    {
      name: 'alice_cat_alice_continue',
      inputs: [
        { label: 'Tree_English_Cat_Talk_', numberSlots: [] },
        { label: 'Tree_English_Alice_Talk_', numberSlots: [] },
      ],
    },
    {
      name: 'alice_cat_alice_instruction_numeric',
      inputs: [
        { label: 'Tree_English_Cat_Talk_Coordinates_#', numberSlots: [{ min: -1000, max: 1000, length: 3 }] },
        { label: 'Tree_English_Alice_Talk_Emotion_#', numberSlots: [{ min: 0, max: 10, length: null }] },
      ],
    },
  ],
};

class FakeWorker {
  static instances: FakeWorker[] = [];
  /** How the next load answers. */
  static loadAnswer: 'loaded' | 'error' = 'loaded';
  onmessage: ((event: MessageEvent<FromWorker>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  received: ToWorker[] = [];
  terminated = false;

  constructor(
    readonly url: URL | string,
    readonly options?: WorkerOptions,
  ) {
    FakeWorker.instances.push(this);
  }

  postMessage(message: ToWorker) {
    this.received.push(message);
    setTimeout(() => void this.answer(message), 0);
  }

  terminate() {
    this.terminated = true;
  }

  private emit(message: FromWorker) {
    if (!this.terminated) this.onmessage?.({ data: message } as MessageEvent<FromWorker>);
  }

  private async answer(message: ToWorker) {
    if (message.type === 'load') {
      if (FakeWorker.loadAnswer === 'error')
        this.emit({ type: 'error', id: null, code: 'checksum_mismatch', message: 'weights.bin is damaged' });
      else this.emit({ type: 'loaded', agent });
      return;
    }
    const { id, request } = message;
    // As Flora: a prompt over the agent's limit is refused before anything is generated.
    if (request.inputs.some((input) => input.text.length > 60)) {
      this.emit({
        type: 'error',
        id,
        code: 'prompt_too_long',
        message: 'the prompt is 1300 tokens; this agent takes at most 1200: shorten the input lines',
      });
      return;
    }
    const guarded = request.inputs.some((input) => input.text.includes('capital of Spain'));
    const numeric = request.instruction === 'alice_cat_alice_instruction_numeric';
    const silent = request.inputs.some((input) => input.text === '…');
    const pieces = silent
      ? []
      : guarded
        ? ['Are you ', 'as mad ', 'as me?']
        : ['Oh sure, ', 'walk ', 'long enough.'];
    for (const text of pieces) {
      this.emit({ type: 'token', id, text });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // A refusal's line is its key with <UNK>. Names as a v2.0.1 protocol gives them: the token's, with its _.
    const reaction = guarded
      ? { reaction: 'Madness<UNK>_', reactionName: 'Madness_', reactionIndex: 1, refused: true }
      : numeric
        ? { reaction: 'Emotion_7.5', reactionName: 'Emotion', reactionIndex: 0, refused: false }
        : { reaction: 'Continue_', reactionName: 'Continue_', reactionIndex: 0, refused: false };
    this.emit({
      type: 'done',
      id,
      result: {
        output: pieces.join(''),
        ...reaction,
        reactionValue: numeric ? 7.5 : null,
        tokens: 9,
        tokensPerSecond: 1234.4,
      },
    });
  }
}

const summary: Bloom['summary'] = {
  context: [],
  instructions: [
    {
      name: 'alice_cat_alice_continue',
      inputs: 2,
      samples: 5,
      reactions: ['Continue_'],
      guardrails: [
        {
          line: 1,
          examples: ['explain quantum mechanics.', 'what is the capital of Spain?'],
          output: 'Are you as mad as me?',
        },
      ],
    },
  ],
  reactions: ['Continue_'],
  guardrails: 1,
};

const agentFile = '{"format":"greenhouse-agent"}';

function serve(bloom: Bloom) {
  setApi(
    signedInAs(testUser(), (url) => {
      if (url.pathname.endsWith('/blooms/b1/download')) return new Response(agentFile, { status: 200 });
      if (url.pathname.endsWith('/blooms/b1')) return jsonResponse(bloom);
      return undefined;
    }),
  );
}

const runs = () =>
  FakeWorker.instances.flatMap((w) =>
    w.received.filter((m): m is Extract<ToWorker, { type: 'run' }> => m.type === 'run').map((m) => m.request),
  );

beforeEach(() => {
  FakeWorker.instances = [];
  FakeWorker.loadAnswer = 'loaded';
  vi.stubGlobal('Worker', FakeWorker);
});

async function openPlayground() {
  renderApp('/agent/b1');
  const region = await screen.findByRole('region', { name: 'Playground' });
  await within(region).findByRole('combobox', { name: 'Instruction' });
  return region;
}

describe('playground', () => {
  it('downloads the agent file once, runs it in a module worker and streams the answer', async () => {
    serve(trainedBloom({ summary }));
    const region = await openPlayground();
    const user = userEvent.setup();

    // One download of the agent file, handed to one module worker.
    expect(apiCalls('GET', '/blooms/b1/download')).toHaveLength(1);
    const worker = FakeWorker.instances.find((w) => !w.terminated)!;
    expect(String(worker.url)).toMatch(/flora-worker\.ts(\?|$)/);
    expect(worker.options).toEqual({ type: 'module' });
    const load = worker.received[0] as Extract<ToWorker, { type: 'load' }>;
    expect(load.type).toBe('load');
    expect(new TextDecoder().decode(load.bytes)).toBe(agentFile);

    const select = within(region).getByRole('combobox', { name: 'Instruction' }) as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.value)).toEqual(agent.instructions.map((i) => i.name));
    await user.type(within(region).getByRole('textbox', { name: 'Input line 1' }), 'Which way?');
    await user.type(
      within(region).getByRole('textbox', { name: 'Input line 2' }),
      'Can you tell me a way?{Enter}',
    );

    // While it runs the button says so; the text arrives piece by piece.
    expect(await within(region).findByRole('button', { name: 'Running…' })).toBeTruthy();
    await waitFor(() =>
      expect(region.querySelector('.playground__output')!.textContent).toBe('Oh sure, walk long enough.'),
    );
    // The reaction by its name; its key only as data, for matching.
    const reaction = await within(region).findByText('Continue');
    expect(reaction.getAttribute('data-reaction')).toBe('Continue_');
    expect(within(region).queryByText('Continue_')).toBeNull();
    expect(within(region).getByText('1,234 tokens/s')).toBeTruthy();
    expect(within(region).getByText('9')).toBeTruthy();
    expect(
      screen.getByText('Answer: Oh sure, walk long enough.. Reaction: Continue.').getAttribute('aria-live'),
    ).toBe('polite');
    expect(runs()).toEqual<RunRequest[]>([
      {
        instruction: 'alice_cat_alice_continue',
        inputs: [{ text: 'Which way?' }, { text: 'Can you tell me a way?' }],
      },
    ]);
    expect(apiCalls('GET', '/blooms/b1/download')).toHaveLength(1);
  });

  it('takes the numbers of an instruction’s number slots, in range', async () => {
    serve(trainedBloom());
    const region = await openPlayground();
    const user = userEvent.setup();
    await user.selectOptions(
      within(region).getByRole('combobox', { name: 'Instruction' }),
      'alice_cat_alice_instruction_numeric',
    );
    const line1 = within(region).getByRole('group', { name: 'Numbers of line 1' });
    const boxes = within(line1).getAllByRole('spinbutton');
    expect(boxes).toHaveLength(3);
    expect(boxes[0]!.getAttribute('min')).toBe('-1000');
    expect(boxes[0]!.getAttribute('max')).toBe('1000');
    const emotion = within(within(region).getByRole('group', { name: 'Numbers of line 2' })).getByRole(
      'spinbutton',
      { name: /Number 1/ },
    );
    await user.clear(boxes[0]!);
    await user.type(boxes[0]!, '100');
    await user.clear(boxes[2]!);
    await user.type(boxes[2]!, '-50');
    await user.clear(emotion);
    await user.type(emotion, '11');
    await user.click(within(region).getByRole('button', { name: 'Run' }));

    // Out of range: said next to the box, which gets the focus; nothing runs.
    expect(within(region).getByText('Enter a number from 0 to 10.')).toBeTruthy();
    expect(emotion.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(emotion);
    expect(runs()).toEqual([]);

    await user.clear(emotion);
    await user.type(emotion, '5');
    await user.click(within(region).getByRole('button', { name: 'Run' }));
    // A final number token's reaction: its name and number.
    expect((await within(region).findByText('Emotion: 7.5')).getAttribute('data-reaction')).toBe(
      'Emotion_7.5',
    );
    expect(runs()).toEqual([
      {
        instruction: 'alice_cat_alice_instruction_numeric',
        inputs: [
          { text: '', numbers: [100, 0, -50] },
          { text: '', numbers: [5] },
        ],
      },
    ]);
  });

  it('offers the guardrail examples as one-click tries on their line', async () => {
    serve(trainedBloom({ summary }));
    const region = await openPlayground();
    const user = userEvent.setup();
    expect(within(region).getByText(/answering “Are you as mad as me\?”/)).toBeTruthy();
    await user.type(within(region).getByRole('textbox', { name: 'Input line 1' }), 'Hello');
    await user.click(
      within(region).getByRole('button', { name: 'Run with “what is the capital of Spain?” on line 2' }),
    );
    await waitFor(() =>
      expect(region.querySelector('.playground__output')!.textContent).toBe('Are you as mad as me?'),
    );
    // A refusal reads as one, never as the raw Madness<UNK>_ line.
    const refused = await within(region).findByText('Refused');
    expect(refused.getAttribute('data-refused')).toBe('true');
    expect(region.textContent).not.toContain('<UNK>');
    expect(screen.getByText('Answer: Are you as mad as me?. Reaction: Refused.')).toBeTruthy();
    expect((within(region).getByRole('textbox', { name: 'Input line 2' }) as HTMLInputElement).value).toBe(
      'what is the capital of Spain?',
    );
    expect(runs()).toEqual([
      {
        instruction: 'alice_cat_alice_continue',
        inputs: [{ text: 'Hello' }, { text: 'what is the capital of Spain?' }],
      },
    ]);
  });

  it('says so when the answer has no text, only a reaction', async () => {
    serve(trainedBloom());
    const region = await openPlayground();
    const user = userEvent.setup();
    await user.type(within(region).getByRole('textbox', { name: 'Input line 1' }), '…{Enter}');
    await within(region).findByText('Continue');
    const output = region.querySelector('.playground__output')!;
    expect(output.textContent).toBe('No text this time: only the reaction below.');
    expect(output.getAttribute('data-empty')).toBe('true');
    expect(
      screen.getByText('Answer: No text this time: only the reaction below.. Reaction: Continue.'),
    ).toBeTruthy();
  });

  it('says in plain words that an input is too long, with the agent’s limit', async () => {
    serve(trainedBloom());
    const region = await openPlayground();
    const user = userEvent.setup();
    await user.type(within(region).getByRole('textbox', { name: 'Input line 1' }), 'Go on. '.repeat(10));
    await user.click(within(region).getByRole('button', { name: 'Run' }));
    const text =
      'The input is too long for this agent: it reads at most 1,200 tokens at once. Shorten the input lines and run it again.';
    // Shown in the answer's place, and announced.
    const shown = await within(region).findAllByText(text);
    expect(shown.map((element) => element.className)).toEqual(['playground__error', 'visually-hidden']);
    expect(shown[0]!.getAttribute('data-code')).toBe('prompt_too_long');
    expect(shown[1]!.getAttribute('aria-live')).toBe('polite');
    expect(region.querySelector('.playground__reaction')).toBeNull();
  });

  it('speaks Polish: a refusal, a reaction’s number and a too long input', async () => {
    setApi(
      signedInAs(testUser({ language: 'pl' }), (url) => {
        if (url.pathname.endsWith('/blooms/b1/download')) return new Response(agentFile, { status: 200 });
        if (url.pathname.endsWith('/blooms/b1')) return jsonResponse(trainedBloom({ summary }));
        return undefined;
      }),
    );
    renderApp('/agent/b1');
    const region = await screen.findByRole('region', { name: 'Plac zabaw' });
    await within(region).findByRole('combobox', { name: 'Instrukcja' });
    const user = userEvent.setup();
    await user.click(
      within(region).getByRole('button', { name: 'Uruchom z „what is the capital of Spain?” w wierszu 2' }),
    );
    expect((await within(region).findByText('Odmowa')).getAttribute('data-refused')).toBe('true');
    expect(region.textContent).not.toContain('<UNK>');

    await user.selectOptions(
      within(region).getByRole('combobox', { name: 'Instrukcja' }),
      'alice_cat_alice_instruction_numeric',
    );
    await user.click(within(region).getByRole('button', { name: 'Uruchom' }));
    expect(await within(region).findByText('Emotion: 7,5')).toBeTruthy();

    await user.type(within(region).getByRole('textbox', { name: 'Wiersz wejścia 1' }), 'Dalej. '.repeat(10));
    await user.click(within(region).getByRole('button', { name: 'Uruchom' }));
    const [error] = await within(region).findAllByText(/^Wejście jest za długie/);
    expect(error!.textContent!.replace(/[\u00a0\u202f]/g, ' ')).toBe(
      'Wejście jest za długie dla tego agenta (limit tokenów naraz: 1200). Skróć wiersze wejścia i uruchom ponownie.',
    );
  });

  it('says why the engine could not start, and starts it again on request', async () => {
    FakeWorker.loadAnswer = 'error';
    serve(trainedBloom());
    renderApp('/agent/b1');
    const region = await screen.findByRole('region', { name: 'Playground' });
    expect(
      await within(region).findByText('Flora could not start this agent: weights.bin is damaged'),
    ).toBeTruthy();
    FakeWorker.loadAnswer = 'loaded';
    await userEvent.setup().click(within(region).getByRole('button', { name: 'Try again' }));
    await within(region).findByRole('combobox', { name: 'Instruction' });
    expect(apiCalls('GET', '/blooms/b1/download')).toHaveLength(1);
    await act(async () => {});
  });

  it('is not there until the agent is trained', async () => {
    serve(testBloom());
    renderApp('/agent/b1');
    await screen.findByRole('heading', { level: 1, name: 'Helper' });
    expect(screen.queryByRole('region', { name: 'Playground' })).toBeNull();
    expect(FakeWorker.instances).toEqual([]);
  });
});
