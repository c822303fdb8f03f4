import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageFrame } from '../../components/page-frame/page-frame';
import { useCurrentUser } from '../../features/auth/api/session';
import './profile-screens.css';

export function ProfileScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <PageFrame
      heading={t('screens.profile.heading')}
      text={t('screens.profile.text')}
      title={t('titles.profile')}
    >
      <dl className="profile-details">
        <dt>{t('screens.profile.name')}</dt>
        <dd>{`${user.firstName} ${user.lastName}`.trim()}</dd>
        <dt>{t('screens.profile.email')}</dt>
        <dd>{user.email}</dd>
        <dt>{t('screens.profile.role')}</dt>
        <dd>{t(`screens.profile.roles.${user.role.name}`)}</dd>
      </dl>
    </PageFrame>
  );
}

export function ProfileTabScreen() {
  const { t } = useTranslation();
  const { tab = '' } = useParams();
  return (
    <PageFrame
      heading={t('screens.profileTab.heading')}
      text={t('screens.profileTab.text', { tab })}
      title={t('titles.profile')}
    />
  );
}
