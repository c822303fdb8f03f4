import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryStates } from './query-states';

type Page = { rows: string[] };
const query = (data: Page | undefined, isError = false) => ({
  data,
  isError,
  error: new Error('offline'),
  refetch: vi.fn(),
});
const view = (q: ReturnType<typeof query>) =>
  render(
    <QueryStates
      query={q}
      loadFailed="Could not load the rows."
      emptyText={(page) => (page.rows.length === 0 ? 'No rows yet.' : null)}
    >
      {(page) => (
        <ul>
          {page.rows.map((row) => (
            <li key={row}>{row}</li>
          ))}
        </ul>
      )}
    </QueryStates>,
  );

afterEach(cleanup);

describe('QueryStates', () => {
  it('offers a retry when the first load failed', async () => {
    const q = query(undefined, true);
    view(q);
    expect(screen.getByText(/Could not load the rows\./)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(q.refetch).toHaveBeenCalledOnce();
  });

  it('shows a spinner until a page is in, then the empty line or the page', () => {
    const { rerender } = view(query(undefined));
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    rerender(
      <QueryStates query={query({ rows: [] })} loadFailed="x" emptyText={() => 'No rows yet.'}>
        {() => null}
      </QueryStates>,
    );
    expect(screen.getByText('No rows yet.')).toBeTruthy();
  });

  it('keeps the page it has when a later load fails', () => {
    view(query({ rows: ['a', 'b'] }, true));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['a', 'b']);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
