import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useNavigate, type NavigateFunction } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { RouteErrorBoundary } from './route-error-boundary';

function Broken(): never {
  throw new Error('The screen broke.');
}

describe('RouteErrorBoundary', () => {
  it('shows the error page for a screen that throws, and the next address’s screen once the user goes there', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the caught error
    let navigate: NavigateFunction = () => undefined;
    function Probe() {
      const go = useNavigate();
      useEffect(() => {
        navigate = go;
      });
      return null;
    }
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/broken']}>
          <Probe />
          <RouteErrorBoundary>
            <Routes>
              <Route path="/broken" element={<Broken />} />
              <Route path="/fine" element={<p>A fine screen</p>} />
            </Routes>
          </RouteErrorBoundary>
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('The screen broke.');

    await act(() => navigate('/fine'));
    expect(screen.getByText('A fine screen')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
