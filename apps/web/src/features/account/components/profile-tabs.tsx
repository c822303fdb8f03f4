import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';

/** The profile's tabs, in order; each is a route (/profile/{tab}) and /profile shows the first. */
export const profileTabs = ['account', 'password', 'prompts'] as const;
export type ProfileTab = (typeof profileTabs)[number];

export const isProfileTab = (value: unknown): value is ProfileTab =>
  typeof value === 'string' && (profileTabs as readonly string[]).includes(value);

export const profileTabId = (tab: ProfileTab) => `profile-tab-${tab}`;
export const PROFILE_PANEL_ID = 'profile-panel';

const keyMoves: Record<string, (index: number) => number> = {
  ArrowRight: (index) => (index + 1) % profileTabs.length,
  ArrowLeft: (index) => (index - 1 + profileTabs.length) % profileTabs.length,
  Home: () => 0,
  End: () => profileTabs.length - 1,
};

/**
 * The WAI-ARIA tabs pattern with links: one tab stop (the selected tab), arrow keys, Home and End move
 * between tabs and open them (automatic activation; the address follows without adding history entries).
 */
export function ProfileTabs({ active }: { active: ProfileTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = keyMoves[event.key];
    if (!move) return;
    event.preventDefault();
    const next = profileTabs[move(profileTabs.indexOf(active))]!;
    event.currentTarget.querySelector<HTMLElement>(`#${profileTabId(next)}`)?.focus();
    void navigate(paths.profileTab(next), { replace: true });
  };

  return (
    <div role="tablist" aria-label={t('profile.tabsLabel')} className="tabs" onKeyDown={onKeyDown}>
      {profileTabs.map((tab) => {
        const selected = tab === active;
        return (
          <Link
            key={tab}
            id={profileTabId(tab)}
            role="tab"
            to={paths.profileTab(tab)}
            className="tabs__tab"
            aria-selected={selected}
            aria-controls={selected ? PROFILE_PANEL_ID : undefined}
            tabIndex={selected ? 0 : -1}
          >
            {t(`profile.tabs.${tab}`)}
          </Link>
        );
      })}
    </div>
  );
}
