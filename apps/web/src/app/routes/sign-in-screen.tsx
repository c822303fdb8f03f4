import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame/page-frame';
import { SignInForm } from '../../features/auth/components/sign-in-form';

export function SignInScreen() {
  const { t } = useTranslation();
  return (
    <PageFrame heading={t('signIn.heading')} text={t('signIn.text')} title={t('titles.signIn')}>
      <SignInForm />
    </PageFrame>
  );
}
