import type { DraftInstruction } from '@greenhouse/mtp';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { SuggestedPhrasings } from './suggested-phrasings';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

/** An instruction with two Order examples (two answers) and one Greet example, and offers for both. */
function offered(): DraftInstruction {
  return {
    name: 'talk',
    samples: [
      { input: 'A latte please', output: 'One latte coming up!', reaction: 'Order' },
      { input: 'Can I get an espresso?', output: 'Sure, one espresso.', reaction: 'Order' },
      { input: 'Hello', output: 'Welcome!', reaction: 'Greet' },
    ],
    offers: [
      { reaction: 'Order', input: 'Can I acquire an espresso?' },
      { reaction: 'Greet', input: 'Howdy' },
      { reaction: 'Order', input: 'A java please' },
      { reaction: 'Order', input: 'Two lattes to travel' },
    ],
  };
}

/** The component as the draft uses it: each change is saved (here: kept in state) and shown anew. */
function Saved({ initial, busy = false }: { initial: DraftInstruction; busy?: boolean }) {
  const [instruction, setInstruction] = useState(initial);
  const [said, setSaid] = useState('');
  return (
    <>
      <SuggestedPhrasings
        instruction={instruction}
        busy={busy}
        onChange={(next, announcement) => {
          setInstruction(next);
          setSaid(announcement);
        }}
      />
      <p data-testid="said">{said}</p>
      <pre data-testid="samples">{JSON.stringify(instruction.samples)}</pre>
    </>
  );
}

const samplesShown = () =>
  JSON.parse(screen.getByTestId('samples').textContent!) as DraftInstruction['samples'];

describe('suggested phrasings', () => {
  it('shows nothing when no phrasing is offered', () => {
    const { container } = render(
      <SuggestedPhrasings instruction={{ name: 'talk', samples: [] }} onChange={() => {}} />,
    );
    expect(container.innerHTML).toBe('');
  });

  it('lists the offers per reaction, apart from the examples, with their count and what they are', () => {
    render(<Saved initial={offered()} />);
    const section = screen.getByRole('region', { name: 'Suggested phrasings' });
    expect(within(section).getByText('Waiting: 4')).toBeTruthy();
    expect(within(section).getByText(/They are not used unless you keep them/)).toBeTruthy();
    const order = within(section).getByRole('region', { name: 'Reaction: Order Waiting: 3' });
    expect(
      within(order)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.offers__text')!.textContent),
    ).toEqual(['Can I acquire an espresso?', 'A java please', 'Two lattes to travel']);
    const greet = within(section).getByRole('region', { name: 'Reaction: Greet Waiting: 1' });
    expect(within(greet).getByText('Howdy')).toBeTruthy();
    // Every button names the phrasing (or the reaction) it acts on.
    expect(within(order).getByRole('button', { name: 'Keep “A java please”' })).toBeTruthy();
    expect(within(order).getByRole('button', { name: 'Drop “A java please”' })).toBeTruthy();
    expect(
      within(order).getByRole('button', { name: 'Keep all 3 suggested phrasings for Order' }),
    ).toBeTruthy();
    expect(
      within(greet).getByRole('button', { name: 'Drop all 1 suggested phrasings for Greet' }),
    ).toBeTruthy();
  });

  it('keeps a phrasing as an example answered like its reaction, and drops another', async () => {
    render(<Saved initial={offered()} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Keep “A java please”' }));
    expect(screen.getByTestId('said').textContent).toBe('Kept “A java please” as an example of Order.');
    // Order has two examples: the kept one answers with its first answer (the third Order example).
    expect(samplesShown().at(-1)).toEqual({
      input: 'A java please',
      output: 'One latte coming up!',
      reaction: 'Order',
    });
    expect(screen.queryByText('A java please')).toBeNull();
    expect(screen.getByText('Waiting: 3')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Keep “Two lattes to travel”' }));
    expect(samplesShown().at(-1)!.output).toBe('Sure, one espresso.');

    await user.click(screen.getByRole('button', { name: 'Drop “Howdy”' }));
    expect(screen.getByTestId('said').textContent).toBe('Dropped “Howdy”.');
    expect(screen.queryByText('Howdy')).toBeNull();
    expect(samplesShown()).toHaveLength(5);
    expect(screen.queryByRole('region', { name: /Greet/ })).toBeNull();
  });

  it('keeps or drops all of a reaction’s phrasings at once', async () => {
    render(<Saved initial={offered()} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Keep all 3 suggested phrasings for Order' }));
    expect(screen.getByTestId('said').textContent).toBe('Kept as examples of Order: 3.');
    expect(
      samplesShown()
        .slice(3)
        .map((s) => [s.input, s.output]),
    ).toEqual([
      ['Can I acquire an espresso?', 'One latte coming up!'],
      ['A java please', 'Sure, one espresso.'],
      ['Two lattes to travel', 'One latte coming up!'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Drop all 1 suggested phrasings for Greet' }));
    expect(screen.getByTestId('said').textContent).toBe('Dropped suggestions for Greet: 1.');
    expect(samplesShown()).toHaveLength(6);
    expect(screen.getByText('No suggested phrasings are waiting.')).toBeTruthy();
  });

  it('works from the keyboard, the focus going on to the next phrasing', async () => {
    render(<Saved initial={offered()} />);
    const user = userEvent.setup();
    const keepFirst = screen.getByRole('button', { name: 'Keep “Can I acquire an espresso?”' });
    keepFirst.focus();
    await user.keyboard('{Enter}');
    // The next Order phrasing took its place, and the focus.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep “A java please”' })),
    );
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Drop “A java please”' }));
    await user.keyboard(' ');
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Keep “Two lattes to travel”' }),
      ),
    );
    await user.keyboard('{Enter}');
    // Order's last one handled: the heading takes the focus.
    expect(samplesShown().map((s) => s.input)).toContain('Two lattes to travel');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Suggested phrasings' })),
    );
    await user.click(screen.getByRole('button', { name: 'Drop “Howdy”' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Suggested phrasings' })),
    );
    expect(screen.getByText('No suggested phrasings are waiting.')).toBeTruthy();
  });

  it('can only drop the phrasings of a reaction without an answer yet', async () => {
    const instruction = offered();
    instruction.offers!.push({ reaction: 'Farewell', input: 'Goodbye now' });
    render(<Saved initial={instruction} />);
    const farewell = screen.getByRole('region', { name: 'Reaction: Farewell Waiting: 1' });
    expect(
      within(farewell).getByText('Farewell has no example answer yet, so these can only be dropped for now.'),
    ).toBeTruthy();
    const keep = within(farewell).getByRole<HTMLButtonElement>('button', { name: 'Keep “Goodbye now”' });
    expect(keep.disabled).toBe(true);
    expect(
      within(farewell).getByRole<HTMLButtonElement>('button', {
        name: 'Keep all 1 suggested phrasings for Farewell',
      }).disabled,
    ).toBe(true);
    await userEvent.setup().click(within(farewell).getByRole('button', { name: 'Drop “Goodbye now”' }));
    expect(screen.queryByText('Goodbye now')).toBeNull();
  });

  it('does nothing while a change is being saved, keeping the focus where it is', async () => {
    const onChange = vi.fn();
    render(<SuggestedPhrasings instruction={offered()} busy onChange={onChange} />);
    const keep = screen.getByRole('button', { name: 'Keep “Howdy”' });
    expect(keep.getAttribute('aria-disabled')).toBe('true');
    const user = userEvent.setup();
    await user.click(keep);
    await user.click(screen.getByRole('button', { name: 'Drop all 3 suggested phrasings for Order' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Drop all 3 suggested phrasings for Order' }),
    );
  });

  it('speaks Polish in Polish', async () => {
    await i18n.changeLanguage('pl');
    render(<Saved initial={offered()} />);
    const section = screen.getByRole('region', { name: 'Proponowane sformułowania' });
    expect(within(section).getByText('Czekają: 4')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Zachowaj „Howdy”' }));
    expect(screen.getByTestId('said').textContent).toBe('Zachowano „Howdy” jako przykład Greet.');
    expect(
      within(section).getByRole('button', {
        name: 'Odrzuć wszystkie proponowane sformułowania dla Order (3)',
      }),
    ).toBeTruthy();
  });
});
