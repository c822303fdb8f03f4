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
    const guarded = request.inputs.some((input) => input.text.includes('capital of Spain'));
    const pieces = guarded ? ['Are you ', 'as mad ', 'as me?'] : ['Oh sure, ', 'walk ', 'long enough.'];
    for (const text of pieces) {
      this.emit({ type: 'token', id, text });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    this.emit({
      type: 'done',
      id,
      result: {
        output: pieces.join(''),
        reaction: guarded ? null : 'Continue_',
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
    expect(await within(region).findByText('Continue_')).toBeTruthy();
    expect(within(region).getByText('1,234 tokens/s')).toBeTruthy();
    expect(within(region).getByText('9')).toBeTruthy();
    expect(
      screen.getByText('Answer: Oh sure, walk long enough.. Reaction: Continue_.').getAttribute('aria-live'),
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
    await within(region).findByText('Continue_');
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
    expect(await within(region).findByText('none')).toBeTruthy();
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
