import { formatDateTime, type Share } from '@greenhouse/contracts';
import { screen, waitFor, within } from '@testing-library/react';
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
import { jsonResponse, testBloom, testUser, trainedBloom } from '../../test/fixtures';

setUpAppHarness();

const share = (overrides: Partial<Share> = {}): Share => ({
  id: 's1',
  createdAt: '2026-11-20T08:00:00.000Z',
  opens: 12,
  lastOpenedAt: '2026-11-26T09:15:00.000Z',
  ...overrides,
});

const NEW_URL = 'http://app.test/try/AbCdEfGhIjKlMnOpQrStUvWxYz012345';

/**
 * A signed-in owner on /agent/b1 with the agent trained (or as given) and the links the API holds, changed by
 * the calls that change them; `refuse` answers a call instead when it returns a response.
 */
function serveShares(
  state: { shares?: Share[]; bloom?: ReturnType<typeof trainedBloom>; language?: 'en' | 'pl' } = {},
  refuse: (method: string, path: string) => Response | undefined = () => undefined,
) {
  let shares = state.shares ?? [];
  const bloom = state.bloom ?? trainedBloom();
  setApi(
    signedInAs(testUser({ language: state.language ?? 'en' }), (url, init) => {
      const method = init.method ?? 'GET';
      const path = url.pathname.replace(/^\/api/, '');
      const refused = refuse(method, path);
      if (refused) return refused;
      if (path === '/blooms/b1' && method === 'GET') return jsonResponse(bloom);
      if (path === '/blooms') return jsonResponse({ blooms: [bloom], total: 1 });
      if (path === '/blooms/b1/shares' && method === 'GET') return jsonResponse({ shares });
      if (path === '/blooms/b1/shares' && method === 'POST') {
        shares = [
          share({ id: 's-new', createdAt: '2026-11-27T10:00:00.000Z', opens: 0, lastOpenedAt: null }),
          ...shares,
        ];
        return jsonResponse({ id: 's-new', url: NEW_URL }, 201);
      }
      const revoked = /^\/blooms\/b1\/shares\/(.+)$/.exec(path)?.[1];
      if (revoked && method === 'DELETE') {
        shares = shares.filter((s) => s.id !== revoked);
        return new Response(null, { status: 204 });
      }
      return undefined;
    }),
  );
}

async function openDialog(
  user: ReturnType<typeof userEvent.setup>,
  texts = { share: 'Share', title: 'Share “Helper”' },
) {
  renderApp('/agent/b1');
  await screen.findByRole('heading', { level: 1, name: 'Helper' });
  await user.click(screen.getByRole('button', { name: texts.share }));
  return screen.findByRole('dialog', { name: texts.title });
}

describe('the share dialog', () => {
  it('is offered only once the agent has a version to download', async () => {
    serveShares({ bloom: testBloom() });
    renderApp('/agent/b1');
    await screen.findByRole('heading', { level: 1, name: 'Helper' });
    const actions = screen.getByRole('group', { name: 'Agent actions' });
    expect(within(actions).queryByRole('button', { name: 'Share' })).toBeNull();
    expect(within(actions).getByRole('button', { name: 'Rename' })).toBeTruthy();
  });

  it('lists the links with their opens, makes one, shows it once and copies it', async () => {
    const user = userEvent.setup();
    serveShares({ shares: [share(), share({ id: 's2', opens: 0, lastOpenedAt: null })] });
    const dialog = await openDialog(user);
    expect(dialog.textContent).toContain('Anyone with a link can try this agent in their own browser');

    const list = await within(dialog).findByRole('list', { name: 'Links' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const made = formatDateTime('2026-11-20T08:00:00.000Z');
    expect(cards[0]!.textContent).toContain(`Link made ${made}`);
    expect(cards[0]!.textContent).toContain('Opens12');
    expect(cards[0]!.textContent).toContain(`Last opened${formatDateTime('2026-11-26T09:15:00.000Z')}`);
    expect(cards[1]!.textContent).toContain('Opens0');
    expect(cards[1]!.textContent).toContain('Last openedNever');

    await user.click(within(dialog).getByRole('button', { name: 'Create a link' }));
    const field = (await within(dialog).findByLabelText('Link')) as HTMLInputElement;
    expect(field.value).toBe(NEW_URL);
    expect(field.readOnly).toBe(true);
    expect(document.activeElement).toBe(field);
    expect(within(dialog).getByText('Copy it now: it is shown only this once.')).toBeTruthy();
    expect(apiCalls('POST', '/blooms/b1/shares')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(NEW_URL);
    expect(await within(dialog).findByText('Copied to the clipboard.')).toBeTruthy();

    // The list is read again: the new link first, never opened.
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain('Last openedNever');

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so when there are no links yet, and shows why a link could not be made', async () => {
    const user = userEvent.setup();
    serveShares({}, (method, path) =>
      method === 'POST' && path === '/blooms/b1/shares'
        ? apiErrorResponse('bloom.file_not_found', 404)
        : undefined,
    );
    const dialog = await openDialog(user);
    expect(await within(dialog).findByText('No links yet.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Create a link' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      i18n.t('apiErrors.bloom.file_not_found'),
    );
    expect(within(dialog).queryByLabelText('Link')).toBeNull();
  });

  it('revokes a link after a confirmation in its card, and keeps it when asked to', async () => {
    const user = userEvent.setup();
    serveShares({ shares: [share(), share({ id: 's2', createdAt: '2026-11-21T08:00:00.000Z' })] });
    const dialog = await openDialog(user);
    const made = formatDateTime('2026-11-20T08:00:00.000Z');
    const revoke = await within(dialog).findByRole('button', { name: `Revoke the link made ${made}` });

    await user.click(revoke);
    let confirm = within(dialog).getByRole('group', { name: `Revoke the link made ${made}` });
    expect(confirm.textContent).toContain('Anyone using this link loses access at once.');
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Keep' }));
    await user.click(within(confirm).getByRole('button', { name: 'Keep' }));
    expect(apiCalls('DELETE', '/blooms/b1/shares/s1')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: `Revoke the link made ${made}` }));
    confirm = within(dialog).getByRole('group', { name: `Revoke the link made ${made}` });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke link' }));
    expect(await within(dialog).findByText('Link revoked.')).toBeTruthy();
    expect(apiCalls('DELETE', '/blooms/b1/shares/s1')).toHaveLength(1);
    const cards = within(within(dialog).getByRole('list', { name: 'Links' })).getAllByRole('listitem');
    expect(cards).toHaveLength(1);
    expect(cards[0]!.textContent).toContain(formatDateTime('2026-11-21T08:00:00.000Z'));
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Create a link' }));
  });

  it('speaks Polish', async () => {
    const user = userEvent.setup();
    // The UI follows the signed-in account's language.
    serveShares({ shares: [share({ opens: 1234 })], language: 'pl' });
    const dialog = await openDialog(user, { share: 'Udostępnij', title: 'Udostępnij „Helper”' });
    const card = (await within(dialog).findAllByRole('listitem'))[0]!;
    expect(card.textContent).toContain('Otwarcia1234');
    expect(within(dialog).getByRole('button', { name: 'Utwórz link' })).toBeTruthy();
    expect(
      within(dialog).getByRole('button', {
        name: `Unieważnij link z ${formatDateTime('2026-11-20T08:00:00.000Z')}`,
      }),
    ).toBeTruthy();
  });
});
