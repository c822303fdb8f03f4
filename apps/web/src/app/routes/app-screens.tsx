import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageFrame } from '../../components/page-frame/page-frame';

type Screen = 'admin';

/** A signed-in screen whose content arrives in a later issue: its titled frame. */
export function AppInfoScreen({ screen }: { screen: Screen }) {
  const { t } = useTranslation();
  return (
    <PageFrame
      heading={t(`screens.${screen}.heading`)}
      text={t(`screens.${screen}.text`)}
      title={t(`titles.${screen}`)}
    />
  );
}

export function AdminUserScreen() {
  const { t } = useTranslation();
  const { userId = '' } = useParams();
  return (
    <PageFrame
      heading={t('screens.adminUser.heading')}
      text={t('screens.adminUser.text', { userId })}
      title={t('titles.adminUser')}
    />
  );
}
