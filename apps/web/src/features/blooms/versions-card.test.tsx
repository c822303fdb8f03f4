// The agent page's versions card (issue 33): which version is current and why a newer one is held back, each
// version's download and deletion, and the next version from a protocol file — in English and Polish.
import type { Bloom, BloomVersion } from '@greenhouse/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import {
  apiCalls,
  apiErrorResponse,
  renderApp,
  setApi,
  setUpAppHarness,
  signedInAs,
} from '../../test/app-harness';
import { jsonResponse, testUser, trainedBloom } from '../../test/fixtures';

setUpAppHarness();

const version = (number: number, overrides: Partial<BloomVersion> = {}): BloomVersion => ({
  number,
  createdAt: '2026-11-28T07:36:00.000Z',
  status: 'completed',
  samples: 15,
  quality: { right: 8, measured: 15 },
  sizeBytes: 1_400_000,
  scenarios: { passed: 1, total: 1 },
  downloadURL: `/api/blooms/b1/versions/${number}/download`,
  deviceFit: null,
  ...overrides,
});

/** Version 2 trained but failing the gating scenario: version 1 stays current. */
const heldBack = (): Bloom =>
  trainedBloom({
    protocolVersion: 2,
    currentVersion: 1,
    versions: [version(1), version(2, { scenarios: { passed: 0, total: 1 } })],
  });

function serve(
  bloom: Bloom,
  onVersion: () => Response = () => apiErrorResponse('bloom.version_in_progress', 409),
  user = testUser(),
  onEdit: () => Response = () => apiErrorResponse('bloom.not_editable', 409, { reason: 'inputs' }),
) {
  setApi(
    signedInAs(user, (url, init) => {
      const method = init.method ?? 'GET';
      if (url.pathname.endsWith('/blooms/b1/versions') && method === 'POST') return onVersion();
      if (url.pathname.endsWith('/bloom/chats') && method === 'POST') return onEdit();
      if (url.pathname.endsWith('/blooms/b1/scenarios'))
        return jsonResponse({ gateDownload: true, scenarios: [], instructions: [], results: [] });
      if (url.pathname.endsWith('/blooms/b1') && method === 'GET') return jsonResponse(bloom);
      if (url.pathname.endsWith('/blooms')) return jsonResponse({ blooms: [bloom], total: 1 });
      return undefined;
    }),
  );
}

const card = async (name: string) => screen.findByRole('region', { name });

describe('the versions card', () => {
  it('names the current version and says why a newer trained one is held back (en)', async () => {
    serve(heldBack());
    renderApp('/agent/b1');
    const versions = await card('Versions');
    expect(within(versions).getByRole('heading', { level: 3, name: 'Version 1 (current)' })).toBeTruthy();
    expect(within(versions).getByRole('heading', { level: 3, name: 'Version 2' })).toBeTruthy();
    expect(within(versions).getByRole('status').textContent).toBe(
      'Version 2 is trained but not current: it fails a scenario, and downloads wait for versions that pass every one. Version 1 is downloaded instead.',
    );
    expect(within(versions).getByText('0 of 1 passed')).toBeTruthy();
    expect(within(versions).getByRole('button', { name: 'Download version 2' })).toBeTruthy();
    expect(within(versions).getByRole('button', { name: 'Delete version 1' })).toBeTruthy();
  });

  it('holds nothing back when the newest version is current, and offers no deletion of an only version (pl)', async () => {
    await act(() => i18n.changeLanguage('pl'));
    serve(trainedBloom({ versions: [version(1)] }), undefined, testUser({ language: 'pl' }));
    renderApp('/agent/b1');
    const versions = await card('Wersje');
    expect(within(versions).getByRole('heading', { level: 3, name: 'Wersja 1 (bieżąca)' })).toBeTruthy();
    expect(within(versions).queryByRole('status')).toBeNull();
    expect(within(versions).queryByRole('button', { name: 'Usuń wersję 1' })).toBeNull();
    expect(within(versions).getByRole('button', { name: 'Trenuj wersję 2' })).toBeTruthy();
  });

  it('asks for a file, sends it as the next version, and shows the server’s refusal', async () => {
    serve(heldBack());
    renderApp('/agent/b1');
    const versions = await card('Versions');
    await userEvent.click(within(versions).getByRole('button', { name: 'Train version 3' }));
    expect(within(versions).getByRole('alert').textContent).toBe('Choose a protocol file first.');
    expect(apiCalls('POST', '/api/blooms/b1/versions')).toHaveLength(0);

    const file = new File(['{"name":"x"}'], 'keeper_v3.json', { type: 'application/json' });
    await userEvent.upload(within(versions).getByLabelText(/^Or version 3 from a protocol file/), file);
    await userEvent.click(within(versions).getByRole('button', { name: 'Train version 3' }));
    await waitFor(() => expect(apiCalls('POST', '/api/blooms/b1/versions')).toHaveLength(1));
    expect(await within(versions).findByRole('alert')).toBeTruthy();
    expect(within(versions).getByRole('alert').textContent).toBe(
      'A version of this agent is still in the works; wait until it finishes.',
    );
  });

  it('says why the draft editor cannot hold the newest version (en)', async () => {
    serve(heldBack());
    renderApp('/agent/b1');
    const versions = await card('Versions');
    await userEvent.click(within(versions).getByRole('button', { name: 'Edit and retrain as version 3' }));
    expect(await within(versions).findByRole('alert')).toBeTruthy();
    expect(within(versions).getByRole('alert').textContent).toBe(
      'The draft editor cannot hold this protocol: its examples have more than one input line. Edit the file and upload it below instead.',
    );
    expect(apiCalls('POST', '/bloom/chats').map((c) => c.body)).toEqual([{ bloomId: 'b1' }]);
  });

  it('edits the newest version in a new chat, which opens (pl)', async () => {
    await act(() => i18n.changeLanguage('pl'));
    serve(heldBack(), undefined, testUser({ language: 'pl' }), () =>
      jsonResponse(
        {
          id: 'c9',
          title: 'x · v3',
          answering: false,
          updatedAt: '2026-11-28T07:36:00.000Z',
          mode: 'guided',
          closed: false,
          bloomId: 'b1',
          draft: {
            name: 'x',
            description: '',
            context: [],
            reactions: [],
            instructions: [{ name: 'talk', samples: [] }],
            guardrail: null,
          },
          messages: [],
        },
        201,
      ),
    );
    renderApp('/agent/b1');
    const versions = await card('Wersje');
    await userEvent.click(within(versions).getByRole('button', { name: 'Edytuj i wytrenuj jako wersję 3' }));
    // The new chat opens.
    await waitFor(() => expect(apiCalls('GET', '/bloom/chats/c9').length).toBeGreaterThan(0));
  });
});
