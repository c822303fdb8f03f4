import { formatDateTime, type Bloom } from '@greenhouse/contracts';
import type * as Flora from '@greenhouse/flora';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  apiCalls,
  apiErrorResponse,
  renderApp,
  setApi,
  setUpAppHarness,
  signedInAs,
} from '../../test/app-harness';
import { jsonResponse, testBloom, testStages, testUser, trainedBloom } from '../../test/fixtures';
import { BLOOM_POLL_MS } from './api/blooms';

setUpAppHarness();

// The Unreal tile's export is Flora's own (tested in packages/flora); here only what the page does with it.
vi.mock('@greenhouse/flora', async (importOriginal) => ({
  ...(await importOriginal<typeof Flora>()),
  exportUnreal: vi.fn((bytes: Uint8Array) =>
    Promise.resolve({ name: `Helper-${bytes.length}`, files: new Map([['a', new Uint8Array([1])]]) }),
  ),
}));

const isBloom = (url: URL, init: RequestInit, id = 'b1') =>
  url.pathname.endsWith(`/blooms/${id}`) && (init.method ?? 'GET') === 'GET';

/** Serves GET /blooms/b1 with `answer` (called per request), and the agent in the sidebar's list. */
function serveBloom(answer: () => Bloom | Response, user = testUser()) {
  setApi(
    signedInAs(user, (url, init) => {
      if (isBloom(url, init)) {
        const next = answer();
        return next instanceof Response ? next : jsonResponse(next);
      }
      if (url.pathname.endsWith('/blooms')) {
        const listed = answer();
        return jsonResponse({ blooms: listed instanceof Response ? [] : [listed], total: 1 });
      }
      return undefined;
    }),
  );
}

const stageItems = () =>
  within(screen.getByRole('list', { name: 'Training stages' })).getAllByRole('listitem');

/** A stage card's label and pill, as text. */
const stageTexts = () =>
  stageItems().map((item) =>
    Array.from(item.querySelectorAll('.bloom-card__label, .bloom-pill'))
      .map((element) => element.textContent)
      .join(' | '),
  );

const fact = (term: string) => {
  const dt = screen.getAllByText(term).find((element) => element.tagName === 'DT');
  return dt?.nextElementSibling as HTMLElement;
};

const bloomGets = () => apiCalls('GET', '/blooms/b1').length;

describe('agent page', () => {
  it('shows a waiting agent’s place in the training line, and nothing once it trains', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let line: Bloom['trainingLine'] = { ahead: 2, etaSeconds: 150 };
    serveBloom(() =>
      testBloom({ payment: { status: 'paid', amountCents: 0, currency: 'usd' }, trainingLine: line }),
    );
    renderApp('/agent/b1');
    const card = await screen.findByRole('region', { name: 'Training line' });
    expect(card.textContent).toBe('2 agents ahead of yoursIts turn in about 3 min.');
    line = null;
    act(() => vi.advanceTimersByTime(BLOOM_POLL_MS));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Training line' })).toBeNull());
  });

  it('shows each stage with its status, a running stage’s progress and a failed stage’s reason', async () => {
    serveBloom(() =>
      testBloom({
        payment: { status: 'paid', amountCents: 1250, currency: 'usd' },
        stages: testStages('completed', {
          data_validation: {
            status: 'failed',
            error: {
              code: 'data.too_few_samples',
              message: 'Result "Continue_" has 2 samples; 3 are needed.',
            },
          },
          training_tokenizer: {
            status: 'processing',
            progress: { percent: 42.4, step: 42, totalSteps: 100, etaSeconds: 150 },
          },
          training_pretraining: { status: 'processing', progress: null },
          training_finetuning: { status: 'pending' },
          training_exporting: { status: 'pending' },
        }),
      }),
    );
    renderApp('/agent/b1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Helper' })).toBeTruthy();
    expect(document.title).toBe('Helper · Greenhouse');

    expect(stageTexts()).toEqual([
      'Preparing Stage 1 Data | Completed',
      'Preparing Stage 2 Data | Completed',
      'Assuring Data Quality | Failed',
      'Training Tokenizer | In progress 42%',
      'Pretraining Agent | In progress',
      'Finetuning Agent | Pending',
      'Exporting Agent | Pending',
    ]);
    const failed = stageItems()[2]!;
    expect(failed.textContent).toContain('Result "Continue_" has 2 samples; 3 are needed.');
    expect(failed.textContent).toContain('Code: data.too_few_samples');

    const [tokenizer, pretraining] = screen.getAllByRole('progressbar');
    expect(tokenizer!.getAttribute('aria-valuenow')).toBe('42');
    expect(tokenizer!.getAttribute('aria-valuetext')).toBe('42%, Step 42 of 100, about 3 min left');
    expect(tokenizer!.getAttribute('aria-labelledby')).toBe(
      stageItems()[3]!.querySelector('.bloom-card__label')!.id,
    );
    // Running without a known percent: an indeterminate bar.
    expect(pretraining!.hasAttribute('aria-valuenow')).toBe(false);

    expect(screen.getByText('Total Cost: $12.50')).toBeTruthy();
    expect(screen.getByText('Paid')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Inference Engine' }).getAttribute('href')).toBe('/flora');
  });

  it('shows the details: status label, dates (— until completed) and the summary', async () => {
    serveBloom(() =>
      testBloom({
        summary: {
          context: ['Alice was tired.', 'A white rabbit ran past.', 'She followed it.'],
          instructions: [
            { name: 'Talk', inputs: 2, samples: 12, reactions: ['Continue_', 'Stop_'], guardrails: [] },
            { name: 'Ask', inputs: 1, samples: 3, reactions: ['Answer_'], guardrails: [] },
          ],
          reactions: ['Continue_', 'Stop_', 'Answer_'],
          guardrails: 2,
        },
      }),
    );
    renderApp('/agent/b1');
    await screen.findByRole('heading', { level: 1, name: 'Helper' });
    expect(screen.getByText('Agent', { selector: 'p' })).toBeTruthy();
    expect(fact('Status').textContent).toBe('Ready');
    expect(fact('Created').textContent).toBe(formatDateTime('2025-09-12T06:57:00.000Z'));
    expect(fact('Completed').textContent).toBe('—Not yet');

    const summary = fact('Summary');
    expect(within(summary).getByText('Alice was tired.')).toBeTruthy();
    expect(within(summary).queryByText('She followed it.')).toBeNull();
    const more = within(summary).getByRole('button', { name: 'Show more' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await userEvent.setup().click(more);
    expect(within(summary).getByText('She followed it.')).toBeTruthy();
    expect(more.getAttribute('aria-expanded')).toBe('true');

    const chips = within(summary).getByRole('list', { name: 'Reactions of Talk' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Continue_', 'Stop_']);
    expect(summary.textContent).toContain('Inputs: 2 · Samples: 12');
    expect(summary.textContent).toContain('Instruction sets: 2 · Samples: 15 · Guardrails: 2');
  });

  it('shows the completion date and the sidebar’s status label of a trained agent, in the row that links here', async () => {
    serveBloom(() => trainedBloom());
    renderApp('/agent/b1');
    await screen.findByRole('heading', { level: 1, name: 'Helper' });
    expect(fact('Status').textContent).toBe('Trained');
    expect(fact('Completed').textContent).toBe(formatDateTime('2025-09-13T07:04:00.000Z'));
    // The sidebar starts closed (hidden), but its list is there.
    const row = await screen.findByRole('link', { name: /Helper/, hidden: true });
    expect(row.getAttribute('href')).toBe('/agent/b1');
    expect(row.getAttribute('aria-current')).toBe('page');
    expect(within(row).getByText('Trained')).toBeTruthy();
  });

  it('polls every 2 s while the pipeline runs and stops once every stage is completed', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let bloom = testBloom({
      payment: { status: 'paid', amountCents: 0, currency: 'usd' },
      stages: testStages('completed', {
        training_exporting: {
          status: 'processing',
          progress: { percent: 90, step: 9, totalSteps: 10, etaSeconds: 5 },
        },
      }),
    });
    serveBloom(() => bloom);
    renderApp('/agent/b1');
    expect(await screen.findByText('In progress 90%')).toBeTruthy();
    const first = bloomGets();

    bloom = {
      ...bloom,
      stages: testStages('completed', {
        training_exporting: {
          status: 'processing',
          progress: { percent: 95, step: 9, totalSteps: 10, etaSeconds: 2 },
        },
      }),
    };
    act(() => vi.advanceTimersByTime(BLOOM_POLL_MS));
    expect(await screen.findByText('In progress 95%')).toBeTruthy();
    expect(bloomGets()).toBe(first + 1);

    bloom = trainedBloom();
    act(() => vi.advanceTimersByTime(BLOOM_POLL_MS));
    await waitFor(() => expect(stageTexts().every((text) => text.endsWith('| Completed'))).toBe(true));
    expect(fact('Status').textContent).toBe('Trained');
    const settled = bloomGets();

    act(() => vi.advanceTimersByTime(BLOOM_POLL_MS * 5));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bloomGets()).toBe(settled);
  });

  it('shows each training stage’s metrics and a loss curve that grows with the polling', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const points = (count: number, from: number) =>
      Array.from({ length: count }, (_, index) => ({ step: index + 1, loss: from - index * 0.01 }));
    const running = (count: number) =>
      testBloom({
        payment: { status: 'paid', amountCents: 0, currency: 'usd' },
        stages: testStages('completed', {
          training_pretraining: {
            status: 'completed',
            metrics: { parameters: 189_234, steps: 60, trainLoss: 5.6, lossCurve: points(60, 6.2) },
          },
          training_finetuning: {
            status: 'processing',
            progress: { percent: count / 1.5, step: count, totalSteps: 150, etaSeconds: 90 },
            // Garbage from a future server: ignored, not thrown on.
            metrics: { lossCurve: points(count, 2.3), newThing: { nested: true }, steps: 'soon' },
          },
          training_exporting: { status: 'pending' },
        }),
      });
    let bloom = running(10);
    serveBloom(() => bloom);
    renderApp('/agent/b1');
    await screen.findByRole('heading', { level: 1, name: 'Helper' });

    const pretraining = stageItems()[4]!;
    expect(within(pretraining).getByText('Parameters').nextElementSibling!.textContent).toBe('189K');
    expect(within(pretraining).getByText('Training loss').nextElementSibling!.textContent).toBe('5.600');
    expect(within(stageItems()[5]!).queryByRole('term')).toBeNull();
    expect(within(stageItems()[5]!).getByRole('progressbar').getAttribute('aria-valuetext')).toBe(
      '7%, Step 10 of 150, about 2 min left',
    );

    const summary = () => {
      const chart = screen.getByRole('img', { name: 'Loss curve' });
      return document.getElementById(chart.getAttribute('aria-describedby')!)!.textContent;
    };
    expect(summary()).toContain('Finetuning, steps 1–10: training loss fell from 2.300 to 2.210.');

    bloom = running(40);
    act(() => vi.advanceTimersByTime(BLOOM_POLL_MS));
    await waitFor(() =>
      expect(summary()).toContain('Finetuning, steps 1–40: training loss fell from 2.300 to 1.910.'),
    );
  });

  it('says, once finetuning is done, how well the agent understands new phrasings, with the agent', async () => {
    const finished = (quality: unknown) =>
      testBloom({
        payment: { status: 'paid', amountCents: 0, currency: 'usd' },
        stages: testStages('completed', {
          training_finetuning: {
            status: 'completed',
            metrics: { steps: 150, trainLoss: 0.02, reactionAccuracy: 0.75, heldOut: 4, quality },
          },
        }),
      });
    serveBloom(() =>
      finished({
        method: 'k-fold',
        runs: 4,
        measured: 4,
        right: 3,
        noReaction: 0,
        reactions: [
          { reaction: 'Yes_', name: 'Yes', refusal: false, measured: 2, right: 2 },
          { reaction: 'No_', name: 'No', refusal: false, measured: 2, right: 1 },
        ],
        misses: [
          {
            inputs: ['not today'],
            expected: 'No_',
            expectedName: 'No',
            got: 'Yes_',
            gotName: 'Yes',
            gotRefusal: false,
          },
        ],
      }),
    );
    renderApp('/agent/b1');
    const section = await screen.findByRole('region', { name: 'How well it understands new phrasings' });
    // Beside the agent's details (first on a phone), not down among the stage cards.
    expect(screen.getByRole('region', { name: 'Helper' }).contains(section)).toBe(true);
    expect(section.textContent).toContain('answered 3 of 4 of them with the right reaction.');
    expect(within(section).getByRole('listitem').textContent).toBe('“not today” expected No, answered Yes');
    expect(within(section).getByText('Add a few more examples of how people say “No”.')).toBeTruthy();
    const finetuning = stageItems()[5]!;
    expect(within(finetuning).getByText('Understands new phrasings').nextElementSibling!.textContent).toBe(
      '75%',
    );
  });

  it('stops polling when a stage fails', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    serveBloom(() =>
      testBloom({ stages: testStages('pending', { data_preparation_stage_1: { status: 'failed' } }) }),
    );
    renderApp('/agent/b1');
    expect(await screen.findByText('This stage failed without giving a reason.')).toBeTruthy();
    const before = bloomGets();
    act(() => vi.advanceTimersByTime(BLOOM_POLL_MS * 3));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bloomGets()).toBe(before);
  });

  it('says a missing agent is not found, with a way to create one', async () => {
    setApi(
      signedInAs(testUser(), (url, init) =>
        isBloom(url, init, 'nope') ? apiErrorResponse('bloom.not_found', 404) : undefined,
      ),
    );
    renderApp('/agent/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Agent not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a new agent' }).getAttribute('href')).toBe('/agent/new');
  });

  it.each([
    ['not started', testBloom(), 'Available when training completes'],
    [
      'training',
      testBloom({
        payment: { status: 'paid', amountCents: 0, currency: 'usd' },
        stages: testStages('completed', { training_pretraining: { status: 'processing', progress: null } }),
      }),
      'Available when training completes',
    ],
    [
      'failed',
      testBloom({
        dataset: { name: 'helper_data.json', status: 'failed', stage: null, model: { status: 'failed' } },
      }),
      'Not available: the training failed',
    ],
  ])(
    'disables the download tile until the agent has a download URL, and says why (%s)',
    async (_, bloom, note) => {
      serveBloom(() => bloom);
      renderApp('/agent/b1');
      await screen.findByRole('heading', { level: 1, name: 'Helper' });
      const tile = within(fact('Download')).getByRole('button', { name: /CPU Model/ }) as HTMLButtonElement;
      expect(tile.disabled).toBe(true);
      expect(tile.textContent).toContain(note);
      expect(tile.textContent).not.toContain('Download not available for this platform.');
    },
  );

  it('shows only the platforms an agent is built for: no NPU tile', async () => {
    serveBloom(() => trainedBloom());
    renderApp('/agent/b1');
    await screen.findByRole('heading', { level: 1, name: 'Helper' });
    const tiles = within(fact('Download')).getAllByRole('button');
    expect(tiles.map((tile) => tile.textContent)).toEqual([
      'floraCPU ModelDownload Helper.json',
      'Unreal EngineFlora pluginDownload the model folder (.zip)',
    ]);
    expect(within(fact('Download')).queryByText(/NPU|intel/)).toBeNull();
  });

  /** A trained agent's page, its 17-byte agent file served; `clicked` collects the names of saved files. */
  async function trainedAgentPage() {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const fetchBlob = vi.fn(() => new Response('{"name":"helper"}', { status: 200 }));
    setApi(
      signedInAs(testUser(), (url, init) => {
        if (url.pathname.endsWith('/blooms/b1/download')) return fetchBlob();
        if (isBloom(url, init)) return jsonResponse(trainedBloom());
        return undefined;
      }),
    );
    renderApp('/agent/b1');
    await screen.findByRole('heading', { level: 1, name: 'Helper' });
    return { clicked, fetchBlob };
  }

  it('downloads the agent JSON as {name}.json from its download URL', async () => {
    const { clicked, fetchBlob } = await trainedAgentPage();
    const tile = within(fact('Download')).getByRole('button', { name: /CPU Model/ }) as HTMLButtonElement;
    expect(tile.disabled).toBe(false);
    expect(tile.textContent).toContain('Download Helper.json');
    await userEvent.setup().click(tile);
    await waitFor(() => expect(clicked).toEqual(['Helper.json']));
    expect(fetchBlob).toHaveBeenCalledTimes(1);
  });

  it('saves the Unreal model folder as a .zip made from the agent file', async () => {
    const { clicked, fetchBlob } = await trainedAgentPage();
    await userEvent.setup().click(within(fact('Download')).getByRole('button', { name: /Flora plugin/ }));
    // The agent file's 17 bytes went to the export.
    await waitFor(() => expect(clicked).toEqual(['Helper-17.zip']));
    expect(fetchBlob).toHaveBeenCalledTimes(1);
  });

  it('says so when the download fails', async () => {
    setApi(
      signedInAs(testUser(), (url, init) => {
        if (url.pathname.endsWith('/blooms/b1/download'))
          return apiErrorResponse('bloom.file_not_found', 404);
        if (isBloom(url, init)) return jsonResponse(trainedBloom());
        return undefined;
      }),
    );
    renderApp('/agent/b1');
    await screen.findByRole('heading', { level: 1, name: 'Helper' });
    await userEvent.setup().click(within(fact('Download')).getByRole('button', { name: /CPU Model/ }));
    expect(await screen.findByText('Failed to download file. Please try again.')).toBeTruthy();
  });

  it('renames the agent with the edit dialog', async () => {
    let name = 'Helper';
    setApi(
      signedInAs(testUser(), (url, init) => {
        if (isBloom(url, init)) return jsonResponse(testBloom({ name }));
        if (url.pathname.endsWith('/blooms/b1') && init.method === 'PUT') {
          name = (JSON.parse(String(init.body)) as { name: string }).name;
          return jsonResponse(testBloom({ name }));
        }
        return undefined;
      }),
    );
    renderApp('/agent/b1');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Helper' });
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit agent' });
    const input = within(dialog).getByLabelText('Name');
    await user.clear(input);
    await user.type(input, 'Rabbit');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Rabbit' })).toBeTruthy();
    expect(apiCalls('PUT', '/blooms/b1')[0]?.body).toEqual({ name: 'Rabbit' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('deletes the agent and goes to the new agent form', async () => {
    setApi(
      signedInAs(testUser(), (url, init) => {
        if (url.pathname.endsWith('/blooms/b1') && init.method === 'DELETE')
          return new Response(null, { status: 204 });
        if (isBloom(url, init)) return jsonResponse(testBloom());
        return undefined;
      }),
    );
    const router = renderApp('/agent/b1');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Helper' });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete agent' });
    expect(dialog.textContent).toContain('Delete the agent “Helper”?');
    const gets = bloomGets();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agent/new'));
    expect(screen.getByText('Agent deleted.')).toBeTruthy();
    expect(apiCalls('DELETE', '/blooms/b1')).toHaveLength(1);
    // The deleted agent is not fetched again (which would only find it gone).
    expect(bloomGets()).toBe(gets);
    expect(screen.queryByText('Agent not found')).toBeNull();
  });
});
