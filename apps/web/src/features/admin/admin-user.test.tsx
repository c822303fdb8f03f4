import type { AdminAccount } from '@greenhouse/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  apiCalls,
  apiErrorResponse,
  renderApp,
  setApi,
  setUpAppHarness,
  signedInAs,
} from '../../test/app-harness';
import { jsonResponse, testUser } from '../../test/fixtures';
import { adminAccount, adminBloom, adminChat } from './test-fixtures';

setUpAppHarness();

const admin = testUser({ role: { name: 'admin' } });

/**
 * The API of one account: GET answers it as it is now; PUT applies the body as the server would (or answers
 * `putAnswer` when set); its agents are one agent.
 */
function accountApi(
  start: AdminAccount,
  options: { putAnswer?: () => Response; deleteAnswer?: () => Response } = {},
) {
  let account = start;
  setApi(
    signedInAs(admin, (url, init) => {
      const method = init.method ?? 'GET';
      if (url.pathname.endsWith(`/accounts/${start.id}`)) {
        if (method === 'GET') return jsonResponse(account);
        if (method === 'DELETE') return options.deleteAnswer?.() ?? new Response(null, { status: 204 });
        if (method === 'PUT') {
          if (options.putAnswer) return options.putAnswer();
          const body = JSON.parse(String(init.body)) as Record<string, unknown> & {
            prompts?: { limit?: number; renewalDays?: number };
          };
          const { prompts, ...rest } = body;
          account = {
            ...account,
            ...rest,
            ...(rest.active ? { pending: false, approvedAt: '2026-11-06T10:00:00.000Z' } : {}),
            promptSettings: { ...account.promptSettings, ...prompts },
          };
          return jsonResponse(account);
        }
      }
      if (url.pathname.endsWith('/accounts') && method === 'GET')
        return jsonResponse({ accounts: [], total: 0 });
      if (url.pathname.endsWith('/admin/blooms') && method === 'GET') {
        expect(url.searchParams.get('filter.userId')).toBe(start.id);
        return jsonResponse({
          blooms: [adminBloom({ owner: { id: start.id, email: start.email } })],
          total: 1,
        });
      }
      if (url.pathname.endsWith('/admin/chats') && method === 'GET') {
        expect(url.searchParams.get('filter.userId')).toBe(start.id);
        return jsonResponse({
          chats: [
            adminChat(),
            adminChat({
              id: 'c2',
              title: 'A baker at dawn',
              mode: 'model',
              state: 'closed',
              bloomId: 'b1',
              createdAt: '2026-11-01T07:05:00',
              updatedAt: '2026-11-02T12:45:00',
            }),
          ],
          total: 2,
        });
      }
      return undefined;
    }),
  );
}

const waiting = adminAccount({ active: false, pending: true, createdAt: '2026-11-02T09:15:00' });

describe('an account’s page', () => {
  it('shows the facts, the agents and the chats', async () => {
    accountApi(adminAccount({ createdAt: '2026-11-02T09:15:00', lastSeenAt: null }));
    renderApp('/admin/users/a1');
    expect(await screen.findByRole('heading', { name: 'Grace Hopper', level: 1 })).toBeTruthy();
    const facts = screen.getByRole('region', { name: 'Account' });
    expect(within(facts).getByText('Created').nextElementSibling?.textContent).toBe('02.11.2026 09:15');
    expect(within(facts).getByText('Last seen').nextElementSibling?.textContent).toBe('Never');
    expect(screen.getByRole('heading', { name: 'Agents (2)' })).toBeTruthy();
    const agents = await screen.findByRole('table', { name: 'Agents, failed ones first' });
    expect(within(agents).getByText('Lighthouse')).toBeTruthy();
    // One account's agents: no owner column.
    expect(within(agents).queryByRole('columnheader', { name: 'Owner' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();

    // The chats: a table under their own heading, with title, designer, state and both dates.
    const chatsSection = screen.getByRole('region', { name: 'Chats (5)' });
    const chats = await within(chatsSection).findByRole('table', {
      name: 'Chats, most recently active first',
    });
    expect(
      within(chats)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Chat', 'Designer', 'State', 'Created', 'Last activity']);
    const rows = within(chats)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['A lighthouse keeper', 'Guided interview', 'Open', expect.any(String), expect.any(String)],
      ['A baker at dawn', 'Model', 'Closed (agent generated)', '01.11.2026 07:05', '02.11.2026 12:45'],
    ]);
  });

  it('approves a waiting account', async () => {
    accountApi(waiting);
    renderApp('/admin/users/a1');
    const approval = await screen.findByRole('region', { name: 'Waiting for approval' });
    await userEvent.setup().click(within(approval).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('grace@example.com has been approved.')).toBeTruthy();
    expect(apiCalls('PUT', '/accounts/a1').map((call) => call.body)).toEqual([{ active: true }]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Waiting for approval' })).toBeNull());
    // The form follows: Active is now checked, so a save does not send it back.
    expect((screen.getByRole('checkbox', { name: 'Active' }) as HTMLInputElement).checked).toBe(true);
  });

  it('takes only whole numbers from 0 in the allowance fields and sends only what changed', async () => {
    accountApi(waiting);
    renderApp('/admin/users/a1');
    const user = userEvent.setup();
    const limit = (await screen.findByRole('textbox', {
      name: 'Prompts limit per month (0 means the default limit)',
    })) as HTMLInputElement;
    expect(limit.value).toBe('0');
    expect((screen.getByRole('combobox', { name: 'Role' }) as HTMLSelectElement).value).toBe('user');
    expect(limit.getAttribute('inputmode')).toBe('numeric');
    await user.clear(limit);
    await user.type(limit, '-1a2.5');
    // '-' (min is 0), 'a' and '.' (no decimals) are not taken.
    expect(limit.value).toBe('125');
    await user.clear(limit);
    await user.type(limit, '2000000');
    expect(limit.value).toBe('200000');
    await user.clear(limit);
    await user.type(limit, '120');

    const renewal = screen.getByRole('textbox', { name: 'Renewal frequency in days (0 means the default)' });
    await user.clear(renewal);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(renewal.getAttribute('aria-invalid')).toBe('true');
    expect(
      document.getElementById(renewal.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent,
    ).toBe('This field is required.');
    expect(apiCalls('PUT', '/accounts/a1')).toEqual([]);

    await user.type(renewal, '.');
    expect((renewal as HTMLInputElement).value).toBe('0');
    await user.click(screen.getByRole('checkbox', { name: 'Active' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The account has been saved.')).toBeTruthy();
    expect(apiCalls('PUT', '/accounts/a1').map((call) => call.body)).toEqual([
      { active: true, prompts: { limit: 120 } },
    ]);
    expect(limit.value).toBe('120');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Nothing has changed, so nothing was saved.')).toBeTruthy();
    expect(apiCalls('PUT', '/accounts/a1')).toHaveLength(1);
  });

  it('puts the server’s field error on its field, and any other in the form’s alert', async () => {
    let answer = () =>
      apiErrorResponse('validation.numberMax', 400, { field: 'prompts.limit', max: 1_000_000 });
    accountApi(adminAccount({ role: { name: 'admin' } }), { putAnswer: () => answer() });
    renderApp('/admin/users/a1');
    const user = userEvent.setup();
    const limit = await screen.findByRole('textbox', { name: /Prompts limit per month/ });
    await user.type(limit, '5');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(limit.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(limit);

    answer = () => apiErrorResponse('account.last_admin', 409);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'User');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('This is the last active admin. Make another account an admin first.'),
    ).toBeTruthy();
  });

  it('says so when the account does not exist', async () => {
    setApi(
      signedInAs(admin, (url) =>
        url.pathname.endsWith('/accounts/gone') ? apiErrorResponse('account.not_found', 404) : undefined,
      ),
    );
    renderApp('/admin/users/gone');
    expect(await screen.findByRole('heading', { name: 'User not found', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Admin panel/ }).getAttribute('href')).toBe('/admin');
  });
});

describe('deleting an account', () => {
  const openDialog = async () => {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    expect(dialog.textContent).toContain('grace@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    return dialog;
  };

  it('goes back to the admin panel with a toast', async () => {
    accountApi(adminAccount());
    const router = renderApp('/admin/users/a1');
    await openDialog();
    expect(await screen.findByText('The account grace@example.com has been deleted.')).toBeTruthy();
    // The panel's screen is shown in a transition: the address changes once it has rendered.
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(apiCalls('DELETE', '/accounts/a1')).toHaveLength(1);
  });

  it.each([
    ['userDeleteFailed', 'Failed to delete user. Please try again.'],
    [
      'account.cannot_delete_self',
      'You cannot delete your own account here. Use Settings → Delete my account.',
    ],
    ['something.unknown', 'An unknown error occurred. Please try again.'],
  ])('shows %s in the dialog as “%s”', async (code, text) => {
    accountApi(adminAccount(), { deleteAnswer: () => apiErrorResponse(code, 409) });
    renderApp('/admin/users/a1');
    const dialog = await openDialog();
    expect(await within(dialog).findByText(text)).toBeTruthy();
  });
});
