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
import { ApiTokensSection } from '../../features/account/components/api-tokens-section';
import { DeleteAccountSection } from '../../features/account/components/delete-account-section';
import { ExportSection } from '../../features/account/components/export-section';
import { SessionsSection } from '../../features/account/components/sessions-section';
import { SettingsForm } from '../../features/account/components/settings-form';
import { useCurrentUser } from '../../lib/session';
import { paths } from '../../lib/paths';
import { useRuntimeConfigState } from '../../lib/runtime-config';
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

/**
 * /settings, for every signed-in user: language, sessions, personal API tokens, the data export and deleting
 * the account, each a section with its heading.
 */
export function SettingsScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const config = useRuntimeConfigState();
  const googleSignIn = config.status === 'ready' && config.config.googleSignIn;
  return (
    <PageFrame heading={t('settings.heading')} text={t('settings.text')} title={t('titles.settings')}>
      <div className="profile__panel profile-sections">
        <SettingsForm user={user} />
        <SessionsSection />
        <ApiTokensSection />
        <ExportSection />
        <DeleteAccountSection user={user} googleSignIn={googleSignIn} />
      </div>
    </PageFrame>
  );
}
