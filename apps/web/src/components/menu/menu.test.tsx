import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { Menu } from './menu';

afterEach(cleanup);

function renderMenu({ inNav = false } = {}) {
  const onEdit = vi.fn();
  const menu = (
    <Menu
      label="Actions for chat One"
      trigger="…"
      items={[
        { key: 'edit', label: 'Edit', onSelect: onEdit },
        { key: 'profile', label: 'Profile', to: '/profile' },
      ]}
    />
  );
  render(<MemoryRouter>{inNav ? <nav aria-label="Dashboard">{menu}</nav> : menu}</MemoryRouter>);
  return { onEdit, trigger: screen.getByRole('button', { name: 'Actions for chat One' }) };
}

describe('Menu', () => {
  it('opens on the first item and moves with the arrow keys', async () => {
    const user = userEvent.setup();
    const { trigger } = renderMenu();
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    await user.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const [edit, profile] = screen.getAllByRole('menuitem');
    expect(document.activeElement).toBe(edit);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(profile);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(edit);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(profile);
  });

  it('closes on Escape and gives focus back to its button', async () => {
    const user = userEvent.setup();
    const { trigger } = renderMenu();
    await user.click(trigger);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('runs an item and closes', async () => {
    const user = userEvent.setup();
    const { trigger, onEdit } = renderMenu();
    await user.click(trigger);
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes on a click outside', async () => {
    const user = userEvent.setup();
    const { trigger } = renderMenu();
    await user.click(trigger);
    await user.click(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('renders its list in the landmark around its button, else in the body (issue 37)', async () => {
    const user = userEvent.setup();
    const { trigger } = renderMenu({ inNav: true });
    await user.click(trigger);
    expect(screen.getByRole('menu').parentElement).toBe(
      screen.getByRole('navigation', { name: 'Dashboard' }),
    );
    cleanup();

    const outside = renderMenu();
    await user.click(outside.trigger);
    expect(screen.getByRole('menu').parentElement).toBe(document.body);
  });
});
