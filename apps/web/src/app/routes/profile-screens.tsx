import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { SettingsIcon } from '../../components/icons';
import { PageFrame } from '../../components/page-frame/page-frame';
import { AccountTab } from '../../features/account/components/account-tab';
import { PasswordTab } from '../../features/account/components/password-tab';
import {
  isProfileTab,
  PROFILE_PANEL_ID,
  profileTabId,
  profileTabs,
  ProfileTabs,
  type ProfileTab,
} from '../../features/account/components/profile-tabs';
import { PromptsTab } from '../../features/account/components/prompts-tab';
import { SettingsForm } from '../../features/account/components/settings-form';
import { useCurrentUser } from '../../lib/session';
import { paths } from '../../lib/paths';
import './profile-screens.css';

/**
 * /profile and /profile/{tab}: the tabs account, password and prompts. /profile shows the first tab; an
 * unknown tab is replaced by the first one's address.
 */
export function ProfileScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { tab } = useParams();
  const defaultTab: ProfileTab = profileTabs[0];

  if (tab !== undefined && !isProfileTab(tab)) return <Navigate to={paths.profileTab(defaultTab)} replace />;
  const active = tab ?? defaultTab;

  return (
    <PageFrame
      heading={t('profile.heading')}
      text={t('profile.text')}
      title={`${t(`profile.tabs.${active}`)} · ${t('titles.profile')}`}
      className="profile"
    >
      <Link to={paths.settings} className="profile__settings-link text-link">
        <SettingsIcon width={18} height={18} />
        {t('profile.settingsLink')}
      </Link>
      <ProfileTabs active={active} />
      <div
        id={PROFILE_PANEL_ID}
        role="tabpanel"
        tabIndex={0}
        aria-labelledby={profileTabId(active)}
        className="profile__panel"
      >
        {active === 'account' && <AccountTab user={user} />}
        {active === 'password' && <PasswordTab user={user} />}
        {active === 'prompts' && <PromptsTab user={user} />}
      </div>
    </PageFrame>
  );
}

export function SettingsScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <PageFrame heading={t('settings.heading')} text={t('settings.text')} title={t('titles.settings')}>
      <div className="profile__panel">
        <SettingsForm user={user} />
      </div>
    </PageFrame>
  );
}
