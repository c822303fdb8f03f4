import { act, screen, waitFor, within } from '@testing-library/react';
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
import { SEARCH_DEBOUNCE_MS } from './components/users-tab';
import { adminAccount, adminBloom, auditEvent } from './test-fixtures';

setUpAppHarness();

const admin = testUser({ role: { name: 'admin' } });
const isGet = (url: URL, init: RequestInit, path: string) =>
  url.pathname.endsWith(path) && (init.method ?? 'GET') === 'GET';

/** The query of each GET /accounts so far, without the fixed page size and sort. */
const accountQueries = () =>
  apiCalls('GET', '/api/accounts').map(({ url }) => {
    const params = new URLSearchParams(url.search);
    expect(params.get('pageSize')).toBe('10');
    expect(params.get('sort')).toBe('createdAt');
    expect(params.get('sortOrder')).toBe('desc');
    for (const key of ['pageSize', 'sort', 'sortOrder']) params.delete(key);
    return params.toString();
  });

const waiting = adminAccount({
  id: 'a2',
  firstName: 'Wendy',
  lastName: 'Waits',
  email: 'wendy@example.com',
  active: false,
  pending: true,
  createdAt: '2026-11-04T08:00:00.000Z',
});

describe('the users tab', () => {
  it('lists the accounts in a table, newest first, with the total and pages', async () => {
    setApi(
      signedInAs(admin, (url, init) => {
        if (!isGet(url, init, '/accounts')) return undefined;
        const page = Number(url.searchParams.get('page'));
        return jsonResponse({
          accounts: page === 1 ? [waiting, adminAccount({ lastSeenAt: '2026-11-05T12:30:00.000Z' })] : [],
          total: 23,
        });
      }),
    );
    const router = renderApp('/admin');
    const table = await screen.findByRole('table', { name: 'Users, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Email', 'Role', 'Status', 'Agents', 'Chats', 'Created', 'Last seen']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[3]!.textContent)).toEqual([
      'Waiting for approval',
      'Active',
    ]);
    expect(rows[0]!.textContent).toContain('Never');
    expect(rows[1]!.textContent).not.toContain('Never');
    expect(within(rows[0]!).getByRole('link', { name: 'Wendy Waits' }).getAttribute('href')).toBe(
      '/admin/users/a2',
    );
    expect(screen.getByText('Users found: 23')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Users' }).getAttribute('aria-selected')).toBe('true');

    const pages = screen.getByRole('navigation', { name: 'Pages of users' });
    expect(within(pages).getByText('Page 1 of 3')).toBeTruthy();
    expect((within(pages).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await userEvent.setup().click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(pages).findByText('Page 2 of 3')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');
    // (StrictMode's second mount may ask for a page twice.)
    await waitFor(() => expect([...new Set(accountQueries())]).toEqual(['page=1', 'page=2']));
    expect(await screen.findByText('There are no users yet.')).toBeTruthy();
  });

  it('filters by status and role, and searches by e-mail once typing pauses', async () => {
    setApi(
      signedInAs(admin, (url, init) =>
        isGet(url, init, '/accounts') ? jsonResponse({ accounts: [waiting], total: 1 }) : undefined,
      ),
    );
    const router = renderApp('/admin?tab=users');
    const user = userEvent.setup();
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Status'), 'Waiting for approval');
    await waitFor(() => expect(accountQueries().at(-1)).toBe('page=1&filter.pending=true'));
    await user.selectOptions(screen.getByLabelText('Role'), 'User');
    await waitFor(() => expect(accountQueries().at(-1)).toBe('page=1&filter.role=user&filter.pending=true'));
    expect(router.state.location.search).toBe('?tab=users&status=pending&role=user');

    const before = accountQueries().length;
    await user.type(screen.getByRole('searchbox', { name: 'Search by email' }), 'wen');
    await waitFor(() =>
      expect(accountQueries().at(-1)).toBe('page=1&filter.email=wen&filter.role=user&filter.pending=true'),
    );
    // One request for the whole word, not one per keystroke.
    expect(accountQueries().length).toBe(before + 1);
    expect(router.state.location.search).toBe('?tab=users&status=pending&role=user&email=wen');

    // Another address (Back, a link) brings its own search into the box.
    await act(() => router.navigate('/admin?tab=users&email=ada'));
    const box = screen.getByRole('searchbox', { name: 'Search by email' }) as HTMLInputElement;
    await waitFor(() => expect(box.value).toBe('ada'));
    await waitFor(() => expect(accountQueries().at(-1)).toBe('page=1&filter.email=ada'));
    // …and what was typed before does not come back once the debounce time has passed.
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 100));
    expect(router.state.location.search).toBe('?tab=users&email=ada');
  });

  it('shows a failed load with the reason and a way to try again', async () => {
    let fail = true;
    setApi(
      signedInAs(admin, (url, init) =>
        isGet(url, init, '/accounts')
          ? fail
            ? apiErrorResponse('INTERNAL', 500)
            : jsonResponse({ accounts: [], total: 0 })
          : undefined,
      ),
    );
    renderApp('/admin');
    const alert = (await screen.findByText(/Could not load the users\./)).closest<HTMLElement>('.banner')!;
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('Something went wrong on our side. Please try again.');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('There are no users yet.')).toBeTruthy();
  });
});

describe('the tabs', () => {
  it('move with the arrow keys and keep the tab in the address', async () => {
    setApi(
      signedInAs(admin, (url, init) => {
        if (isGet(url, init, '/accounts')) return jsonResponse({ accounts: [], total: 0 });
        if (isGet(url, init, '/admin/audit')) return jsonResponse({ events: [auditEvent()], total: 1 });
        return undefined;
      }),
    );
    const router = renderApp('/admin');
    const user = userEvent.setup();
    (await screen.findByRole('tab', { name: 'Users' })).focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=agents'));
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Agents' }));
    expect(await screen.findByText('There are no agents yet.')).toBeTruthy();
    await user.keyboard('{End}');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=audit'));
    const panel = screen.getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(screen.getByRole('tab', { name: 'Audit log' }).id);
    const table = await within(panel).findByRole('table', { name: 'What admins did, newest first' });
    const cells = within(table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(1)).toEqual([
      'ada@example.com',
      'Changed an account',
      'grace@example.com',
      'Active: No → Yes',
    ]);
  });

  it('opens the tab the address names, and the users tab for an unknown one', async () => {
    setApi(
      signedInAs(admin, (url, init) =>
        isGet(url, init, '/accounts') ? jsonResponse({ accounts: [], total: 0 }) : undefined,
      ),
    );
    renderApp('/admin?tab=nope');
    expect((await screen.findByRole('tab', { name: 'Users' })).getAttribute('aria-selected')).toBe('true');
  });
});

describe('the agents tab', () => {
  it('retries a failed agent and reads the list again; a refused retry says why', async () => {
    let retryAnswer = () => new Response(null, { status: 204 });
    const failed = adminBloom({
      id: 'b9',
      name: 'Broken',
      status: 'failed',
      stage: { name: 'training_finetuning', status: 'failed' },
      failure: { code: 'stage.interrupted', message: 'The stage was interrupted too often.' },
    });
    setApi(
      signedInAs(admin, (url, init) => {
        if (isGet(url, init, '/admin/blooms'))
          return jsonResponse({
            blooms: [failed, adminBloom({ stage: null, status: 'completed' })],
            total: 2,
          });
        if (url.pathname.endsWith('/admin/blooms/b9/retry') && init.method === 'POST') return retryAnswer();
        return undefined;
      }),
    );
    renderApp('/admin?tab=agents');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Agents, failed ones first' });
    const [failedRow, trainedRow] = within(table).getAllByRole('row').slice(1);
    expect(failedRow!.textContent).toContain('Finetuning AgentFailed');
    expect(failedRow!.textContent).toContain('The stage was interrupted too often.');
    expect(within(failedRow!).getByRole('link', { name: 'grace@example.com' }).getAttribute('href')).toBe(
      '/admin/users/a1',
    );
    expect(within(trainedRow!).queryByRole('button')).toBeNull();
    expect(trainedRow!.textContent).toContain('Trained');

    const loads = apiCalls('GET', '/admin/blooms').length;
    await user.click(within(failedRow!).getByRole('button', { name: 'Retry “Broken”' }));
    expect(
      await screen.findByText('The agent “Broken” is training again from its last checkpoint.'),
    ).toBeTruthy();
    expect(apiCalls('POST', '/admin/blooms/b9/retry')).toHaveLength(1);
    await waitFor(() => expect(apiCalls('GET', '/admin/blooms').length).toBeGreaterThan(loads));

    retryAnswer = () => apiErrorResponse('bloom.not_failed', 409);
    await user.click(screen.getByRole('button', { name: 'Retry “Broken”' }));
    const alert = (await screen.findByText(/^Could not retry/)).closest<HTMLElement>('.banner')!;
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toBe('Could not retry “Broken”: Only a failed agent can be retried.');
  });
});
