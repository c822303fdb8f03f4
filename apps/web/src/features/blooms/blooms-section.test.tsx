import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localStore, storageKeys } from '../../lib/storage';
import { apiCalls, renderApp, setApi, setUpAppHarness, signedInAs } from '../../test/app-harness';
import { jsonResponse, testBloom, testStages, testUser, trainedBloom } from '../../test/fixtures';

setUpAppHarness();

afterEach(() => {
  localStore()?.removeItem(storageKeys.sidebarOpen);
});

const inProgress = testBloom({
  id: 'b2',
  name: 'Rabbit',
  payment: { status: 'paid', amountCents: 0, currency: 'usd' },
  stages: testStages('completed', { training_finetuning: { status: 'processing' } }),
});

async function openSidebar(routes: Parameters<typeof signedInAs>[1]) {
  localStore()?.setItem(storageKeys.sidebarOpen, 'true');
  setApi(
    signedInAs(testUser(), (url, init) => {
      const answer = routes?.(url, init);
      if (answer) return answer;
      if (url.pathname.endsWith('/blooms'))
        return jsonResponse({ blooms: [trainedBloom(), inProgress], total: 2 });
      return undefined;
    }),
  );
  const router = renderApp('/chat/new');
  const agents = await screen.findByRole('list', { name: 'AGENTS' });
  await within(agents).findByText('Helper');
  return { router, agents };
}

describe('the sidebar’s agents', () => {
  it('link each row to its agent page, with the status label', async () => {
    const { agents } = await openSidebar(() => undefined);
    const links = within(agents).getAllByRole('link');
    expect(links.map((link) => [link.getAttribute('href'), link.textContent])).toEqual([
      ['/agent/b1', 'HelperTrained'],
      ['/agent/b2', 'RabbitIn Progress'],
    ]);
  });

  it('offer Download JSON only for an agent with a download URL', async () => {
    const { agents } = await openSidebar(() => undefined);
    const user = userEvent.setup();
    await user.click(within(agents).getByRole('button', { name: 'Actions for agent Rabbit' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Edit', 'Delete']);
    await user.keyboard('{Escape}');
    await user.click(within(agents).getByRole('button', { name: 'Actions for agent Helper' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Edit',
      'Delete',
      'Download JSON',
    ]);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await user.click(screen.getByRole('menuitem', { name: 'Download JSON' }));
    await waitFor(() => expect(saved).toEqual(['Helper.json']));
    expect(apiCalls('GET', '/blooms/b1/download')).toHaveLength(1);
  });

  it('rename an agent with PUT /blooms/{id}', async () => {
    const { agents } = await openSidebar((url, init) =>
      url.pathname.endsWith('/blooms/b2') && init.method === 'PUT'
        ? jsonResponse({ ...inProgress, name: 'White Rabbit' })
        : undefined,
    );
    const user = userEvent.setup();
    await user.click(within(agents).getByRole('button', { name: 'Actions for agent Rabbit' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit agent' });
    expect(dialog.textContent).toContain('helper_data.json');
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'White Rabbit');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(apiCalls('PUT', '/blooms/b2')[0]?.body).toEqual({ name: 'White Rabbit' }));
    expect(await screen.findByText('Agent renamed.')).toBeTruthy();
  });

  it('delete the open agent and go to the new agent form', async () => {
    localStore()?.setItem(storageKeys.sidebarOpen, 'true');
    setApi(
      signedInAs(testUser(), (url, init) => {
        if (url.pathname.endsWith('/blooms/b2') && init.method === 'DELETE')
          return new Response(null, { status: 204 });
        if (url.pathname.endsWith('/blooms/b2')) return jsonResponse(inProgress);
        if (url.pathname.endsWith('/blooms')) return jsonResponse({ blooms: [inProgress], total: 1 });
        return undefined;
      }),
    );
    const router = renderApp('/agent/b2');
    await screen.findByRole('heading', { level: 1, name: 'Rabbit' });
    const user = userEvent.setup();
    const agents = screen.getByRole('list', { name: 'AGENTS' });
    await user.click(await within(agents).findByRole('button', { name: 'Actions for agent Rabbit' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete agent' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agent/new'));
    expect(apiCalls('DELETE', '/blooms/b2')).toHaveLength(1);
  });
});
