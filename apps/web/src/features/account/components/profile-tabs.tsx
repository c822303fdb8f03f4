import { useTranslation } from 'react-i18next';
import { LinkTabs } from '../../../components/tabs/link-tabs';
import { paths } from '../../../lib/paths';

/** The profile's tabs, in order; each is a route (/profile/{tab}) and /profile shows the first. */
export const profileTabs = ['account', 'password', 'prompts'] as const;
export type ProfileTab = (typeof profileTabs)[number];

export const isProfileTab = (value: unknown): value is ProfileTab =>
  typeof value === 'string' && (profileTabs as readonly string[]).includes(value);

export const profileTabId = (tab: ProfileTab) => `profile-tab-${tab}`;
export const PROFILE_PANEL_ID = 'profile-panel';

export function ProfileTabs({ active }: { active: ProfileTab }) {
  const { t } = useTranslation();
  return (
    <LinkTabs
      tabs={profileTabs}
      active={active}
      label={t('profile.tabsLabel')}
      text={(tab) => t(`profile.tabs.${tab}`)}
      href={paths.profileTab}
      tabId={profileTabId}
      panelId={PROFILE_PANEL_ID}
    />
  );
}
