import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import './admin-tabs.css';

/** The admin panel's tabs, in order; the selected one is `?tab=` of /admin (none: the first). */
export const adminTabs = ['users', 'agents', 'audit'] as const;
export type AdminTab = (typeof adminTabs)[number];

export const isAdminTab = (value: unknown): value is AdminTab =>
  typeof value === 'string' && (adminTabs as readonly string[]).includes(value);

export const adminTabId = (tab: AdminTab) => `admin-tab-${tab}`;
export const ADMIN_PANEL_ID = 'admin-tabpanel';
export const adminTabHref = (tab: AdminTab) => `?tab=${tab}`;

const keyMoves: Record<string, (index: number) => number> = {
  ArrowRight: (index) => (index + 1) % adminTabs.length,
  ArrowLeft: (index) => (index - 1 + adminTabs.length) % adminTabs.length,
  Home: () => 0,
  End: () => adminTabs.length - 1,
};

/**
 * The WAI-ARIA tabs pattern with links (as the profile's): one tab stop, arrow keys, Home and End move and
 * open (the address follows, replacing the history entry); a click adds one, so Back returns to the tab.
 */
export function AdminTabs({ active }: { active: AdminTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = keyMoves[event.key];
    if (!move) return;
    event.preventDefault();
    const next = adminTabs[move(adminTabs.indexOf(active))]!;
    event.currentTarget.querySelector<HTMLElement>(`#${adminTabId(next)}`)?.focus();
    void navigate(adminTabHref(next), { replace: true });
  };

  return (
    <div role="tablist" aria-label={t('admin.tabsLabel')} className="admin-tabs" onKeyDown={onKeyDown}>
      {adminTabs.map((tab) => {
        const selected = tab === active;
        return (
          <Link
            key={tab}
            id={adminTabId(tab)}
            role="tab"
            to={adminTabHref(tab)}
            className="admin-tabs__tab"
            aria-selected={selected}
            aria-controls={selected ? ADMIN_PANEL_ID : undefined}
            tabIndex={selected ? 0 : -1}
          >
            {t(`admin.tabs.${tab}`)}
          </Link>
        );
      })}
    </div>
  );
}
