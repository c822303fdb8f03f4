import type { DeviceFit } from '@greenhouse/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { DeviceFitCard } from './components/device-fit-card';

afterEach(cleanup);

const figures = { memoryBytes: 2_936_012, tokensPerSecond: 11_696.8, firstTokenMs: 1.347 };
const fit: DeviceFit = {
  fileBytes: 1_418_588,
  parameters: 47_200,
  js: { memoryBytes: 31_457_280, tokensPerSecond: 6999.1, firstTokenMs: 2.146 },
  native: figures,
};

/** The table's rows as the cells' texts, headings included. */
const rows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('DeviceFitCard', () => {
  it('shows the file, parameters and both engines under headings (English)', async () => {
    await i18n.changeLanguage('en');
    render(<DeviceFitCard fit={fit} />);
    const card = screen.getByRole('region', { name: 'Device fit' });
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('Device fit');
    expect(within(card).getByText('Agent file').nextSibling?.textContent).toBe('1.4 MB');
    expect(within(card).getByText('Parameters').nextSibling?.textContent).toBe('47.2K');
    expect(rows()).toEqual([
      ['Engine', 'Memory', 'Tokens/s', 'First token'],
      ['Flora-JS (browser, Node)', '30 MB', '6,999', '2.1 ms'],
      ['Flora native (C)', '2.8 MB', '11,697', '1.3 ms'],
    ]);
    // Found by role: each figure is read with its row's engine and its column's heading.
    screen.getByRole('rowheader', { name: 'Flora native (C)' });
    screen.getByRole('columnheader', { name: 'First token' });
  });

  it('says when Flora native was not measured, and when nothing was (Polish)', async () => {
    await i18n.changeLanguage('pl');
    const { unmount } = render(
      <DeviceFitCard fit={{ ...fit, native: null, nativeMissingReason: 'no build' }} />,
    );
    screen.getByRole('region', { name: 'Wymagania sprzętowe' });
    expect(rows()).toEqual([
      ['Silnik', 'Pamięć', 'Tokeny/s', 'Pierwszy token'],
      ['Flora-JS (przeglądarka, Node)', '30 MB', '6999', '2,1 ms'],
      ['Flora native (C)', 'Nie zmierzono: serwer nie ma kompilacji Flora native.'],
    ]);
    unmount();
    render(<DeviceFitCard fit={null} />);
    screen.getByText('Nie udało się zmierzyć tych wartości podczas eksportu agenta.');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
