import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '../../components/page-frame/page-frame';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { paths } from '../paths';

export function SignInScreen() {
  const { t } = useTranslation();
  return (
    <PageFrame heading={t('signIn.heading')} text={t('signIn.text')} title={t('titles.signIn')}>
      <SignInForm />
    </PageFrame>
  );
}

type AuthScreen = 'signUp' | 'forgotPassword' | 'resetPassword' | 'emailConfirmation' | 'googleSso';

/** The auth screens whose forms arrive in later issues: their titled frame and a way back. */
export function AuthInfoScreen({ screen }: { screen: AuthScreen }) {
  const { t } = useTranslation();
  return (
    <PageFrame
      heading={t(`authScreens.${screen}.heading`)}
      text={t(`authScreens.${screen}.text`)}
      title={t(`titles.${screen}`)}
    >
      <Link to={paths.signIn} className="btn btn--outline btn--block">
        {t('common.backToSignIn')}
      </Link>
    </PageFrame>
  );
}
