import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiCalls,
  apiErrorResponse,
  notSignedIn,
  renderApp,
  setApi,
  setUpAppHarness,
  signedInAs,
  type Handler,
} from '../../test/app-harness';
import { jsonResponse, testUser } from '../../test/fixtures';

setUpAppHarness();

beforeAll(async () => {
  // Its chunk, loaded once here (like the harness's screens), so the waits below are for the page.
  await import('../../app/routes/try-screen');
}, 60_000);

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const keeper = { name: 'Keeper', reactions: ['Chat_', 'Horn_', '<NON>'] };

/** The link's API: GET /shared/{token} (and its file, bytes the engine here cannot run); nobody signed in. */
function serveLink(answer: () => Response, handler: Handler = notSignedIn) {
  setApi((url, init) => {
    if (url.pathname === `/api/shared/${TOKEN}`) return answer();
    if (url.pathname === `/api/shared/${TOKEN}/agent`) return new Response('{}');
    return handler(url, init);
  });
}

describe('a shared agent’s page', () => {
  it('shows the agent’s name and reactions and its playground to a visitor who is not signed in', async () => {
    serveLink(() => jsonResponse(keeper));
    renderApp(`/try/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Keeper' })).toBeTruthy();
    expect(document.title).toBe('Try Keeper · Greenhouse');
    const reactions = screen.getByRole('list', { name: 'Its reactions' });
    expect(
      within(reactions)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Chat', 'Horn', '<NON>']);
    expect(screen.getByRole('region', { name: 'Playground' })).toBeTruthy();
    // The playground downloads the file through the link.
    await waitFor(() => expect(apiCalls('GET', `/shared/${TOKEN}/agent`)).toHaveLength(1));
    // Nothing of the signed-in app: no sidebar, no user menu; the page stays where it is.
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(apiCalls('GET', `/shared/${TOKEN}`)).toHaveLength(1);
  });

  it('shows it to a signed-in visitor too, in their language', async () => {
    serveLink(() => jsonResponse(keeper), signedInAs(testUser({ language: 'pl' })));
    renderApp(`/try/${TOKEN}`);
    expect(await screen.findByText('Udostępniony agent')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Keeper' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Jego reakcje' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Plac zabaw' })).toBeTruthy();
  });

  it('says the link does not work when it names no agent (revoked, deleted or never made)', async () => {
    serveLink(() => apiErrorResponse('share.not_found', 404));
    renderApp(`/try/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work' })).toBeTruthy();
    expect(screen.getByText(/It was revoked, or its agent was deleted/)).toBeTruthy();
    expect(document.title).toBe('Link not found · Greenhouse');
    expect(screen.queryByRole('region', { name: 'Playground' })).toBeNull();
    expect(apiCalls('GET', `/shared/${TOKEN}/agent`)).toHaveLength(0);
  });

  it('says when the agent has nothing ready to run', async () => {
    serveLink(() => apiErrorResponse('bloom.file_not_found', 404));
    renderApp(`/try/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This agent cannot be tried right now' }),
    ).toBeTruthy();
  });

  it('offers to try again when the server could not be reached, and switches language for a visitor', async () => {
    const user = userEvent.setup();
    let up = false;
    serveLink(() => (up ? jsonResponse(keeper) : apiErrorResponse('INTERNAL', 500)));
    renderApp(`/try/${TOKEN}`);
    const banner = await screen.findByText(/Could not open this link\./);
    up = true;
    await user.click(within(banner.closest('.banner')!).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Keeper' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Polski' }));
    expect(await screen.findByText('Udostępniony agent')).toBeTruthy();
  });
});
