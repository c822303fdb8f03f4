import clsx from 'clsx';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import './menu.css';

export type MenuItem =
  | { key: string; label: string; onSelect: () => void; tone?: 'danger' }
  | { key: string; label: string; to: string }
  | { key: string; label: string; href: string; newTab: true; srHint: string };

interface MenuProps {
  /** Accessible name of the trigger button. */
  label: string;
  /** Visible content of the trigger button. */
  trigger: ReactNode;
  triggerClassName?: string;
  items: MenuItem[];
  /** Non-interactive content above the items (e.g. the signed-in user's name). */
  header?: ReactNode;
  onOpenChange?: (open: boolean) => void;
}

interface Position {
  top: number;
  right: number;
}

const MENU_GAP = 6;

/** The landmarks (explicit or by their element) the open list may be rendered in. */
const LANDMARKS = [
  'header',
  'nav',
  'main',
  'aside',
  'footer',
  'section[aria-label]',
  'section[aria-labelledby]',
  '[role="banner"]',
  '[role="navigation"]',
  '[role="main"]',
  '[role="complementary"]',
  '[role="contentinfo"]',
  '[role="region"]',
].join(', ');

/**
 * Where the open list is rendered: in the landmark around its button (the top bar's header, the sidebar's nav), so
 * that it is not content outside every landmark (axe's `region`, issue 37); the body when there is none.
 */
const listContainer = (trigger: HTMLElement | null): Element => trigger?.closest(LANDMARKS) ?? document.body;

/**
 * A menu button (WAI-ARIA menu pattern): Enter, Space or ArrowDown opens it on the first item; arrows,
 * Home and End move between items; Escape closes it and returns focus to the button; Tab or a click
 * outside closes it. The list renders in a portal at a fixed position so scroll containers cannot clip it: into the
 * landmark the button is in (listContainer).
 */
export function Menu({ label, trigger, triggerClassName, items, header, onOpenChange }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<Position | null>(null);
  const [container, setContainer] = useState<Element | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const triggerId = useId();

  const setOpenState = useCallback(
    (next: boolean) => {
      setOpen(next);
      if (next) setContainer(listContainer(triggerRef.current));
      else setPosition(null);
      onOpenChange?.(next);
    },
    [onOpenChange],
  );

  const close = useCallback(
    (returnFocus: boolean) => {
      setOpenState(false);
      if (returnFocus) triggerRef.current?.focus();
    },
    [setOpenState],
  );

  const itemElements = () =>
    Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  const focusItem = (index: number) => {
    const elements = itemElements();
    if (elements.length === 0) return;
    elements[(index + elements.length) % elements.length]?.focus();
  };

  // Place the list under the button, right-aligned; above it when there is no room below.
  const place = useCallback(() => {
    const rect = triggerRef.current?.getBoundingClientRect();
    if (!rect) return;
    const menuHeight = menuRef.current?.offsetHeight ?? 0;
    const below = rect.bottom + MENU_GAP;
    const top =
      below + menuHeight > window.innerHeight && rect.top - MENU_GAP - menuHeight > 0
        ? rect.top - MENU_GAP - menuHeight
        : below;
    setPosition({ top, right: Math.max(8, window.innerWidth - rect.right) });
  }, []);

  useLayoutEffect(() => {
    if (open) place();
  }, [open, place]);

  // Once placed, focus goes to the first item.
  const placed = open && position !== null;
  useEffect(() => {
    if (placed) menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [placed]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (menuRef.current?.contains(target) || triggerRef.current?.contains(target)) return;
      close(false);
    };
    // The list stays fixed to the viewport: follow the button when anything scrolls or resizes.
    document.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
    };
  }, [open, close, place]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // The menu handles its own keys; nothing around it (e.g. the sidebar overlay) should act on them too.
    event.stopPropagation();
    const elements = itemElements();
    const index = elements.indexOf(document.activeElement as HTMLElement);
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusItem(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusItem(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusItem(0);
        break;
      case 'End':
        event.preventDefault();
        focusItem(elements.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        event.preventDefault();
        close(true);
        break;
    }
  };

  const renderItem = (item: MenuItem) => {
    if ('onSelect' in item) {
      return (
        <button
          key={item.key}
          type="button"
          role="menuitem"
          tabIndex={-1}
          className={clsx('menu__item', item.tone === 'danger' && 'menu__item--danger')}
          onClick={() => {
            // Focus goes back to the button first, so a dialog opened by onSelect returns focus there.
            close(true);
            item.onSelect();
          }}
        >
          {item.label}
        </button>
      );
    }
    if ('to' in item) {
      return (
        <Link
          key={item.key}
          to={item.to}
          role="menuitem"
          tabIndex={-1}
          className="menu__item"
          onClick={() => close(false)}
        >
          {item.label}
        </Link>
      );
    }
    return (
      <a
        key={item.key}
        href={item.href}
        target="_blank"
        rel="noopener noreferrer"
        role="menuitem"
        tabIndex={-1}
        className="menu__item"
        onClick={() => close(false)}
      >
        {item.label}
        <span className="visually-hidden"> {item.srHint}</span>
      </a>
    );
  };

  return (
    <>
      <button
        ref={triggerRef}
        id={triggerId}
        type="button"
        className={triggerClassName}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpenState(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpenState(true);
          }
        }}
      >
        {trigger}
      </button>
      {open &&
        container &&
        createPortal(
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-labelledby={triggerId}
            className="menu surface-light"
            style={position ? { top: position.top, right: position.right } : { visibility: 'hidden' }}
            onKeyDown={onMenuKeyDown}
          >
            {header && (
              <div role="none" className="menu__header">
                {header}
              </div>
            )}
            {items.map(renderItem)}
          </div>,
          container,
        )}
    </>
  );
}
