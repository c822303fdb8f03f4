import type { KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import './link-tabs.css';

interface LinkTabsProps<Tab extends string> {
  /** The tabs, in order. */
  tabs: readonly Tab[];
  active: Tab;
  /** The tab list's accessible name. */
  label: string;
  /** Each tab's text. */
  text: (tab: Tab) => string;
  /** Each tab's address (a route, or a query such as `?tab=`). */
  href: (tab: Tab) => string;
  /** Each tab's element id (the panel's aria-labelledby). */
  tabId: (tab: Tab) => string;
  /** The id of the panel the selected tab controls. */
  panelId: string;
}

/**
 * The WAI-ARIA tabs pattern with links: one tab stop (the selected tab); arrow keys, Home and End move
 * between tabs and open them (automatic activation; the address follows, replacing the history entry),
 * while a click adds an entry, so Back returns to the tab before.
 */
export function LinkTabs<Tab extends string>({
  tabs,
  active,
  label,
  text,
  href,
  tabId,
  panelId,
}: LinkTabsProps<Tab>) {
  const navigate = useNavigate();

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.indexOf(active);
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = tabs[to]!;
    event.currentTarget.querySelector<HTMLElement>(`#${tabId(next)}`)?.focus();
    void navigate(href(next), { replace: true });
  };

  return (
    <div role="tablist" aria-label={label} className="tabs" onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const selected = tab === active;
        return (
          <Link
            key={tab}
            id={tabId(tab)}
            role="tab"
            to={href(tab)}
            className="tabs__tab"
            aria-selected={selected}
            aria-controls={selected ? panelId : undefined}
            tabIndex={selected ? 0 : -1}
          >
            {text(tab)}
          </Link>
        );
      })}
    </div>
  );
}
